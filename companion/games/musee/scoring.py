"""Musée scoring: paintings, neighbours and staircases of one theme, gallery bonuses; the winner.

Every line names what earned it; the points per item come from the data file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import Outcome, ScoreLine, SideScore, Text
from .state import Grid, MuseeState, seats_of_museum, side_id
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


def score(game: "Musee", state: MuseeState) -> tuple[SideScore, ...]:
    sides = []
    for museum, grid in enumerate(state.museums):
        lines = [
            *_gallery_lines(game, grid),
            *_staircase_lines(game, state, grid),
            *_bonus_lines(game, state, museum),
        ]
        members = seats_of_museum(state, museum)
        label = " & ".join(state.names[s] for s in members)
        sides.append(SideScore(side_id(state, museum), Text(label, label), members, tuple(lines)))
    return tuple(sides)


def _gallery_lines(game: "Musee", grid: Grid) -> list[ScoreLine]:
    """Each painting, and each pair of neighbours of the same theme in a gallery."""
    points, lines = game.data.scoring, []
    for gallery, row in enumerate(grid):
        gallery_name = game.gallery_name(gallery)
        hung = [n for n in row if n is not None]
        if hung:
            lines.append(
                ScoreLine(
                    points.per_painting * len(hung),
                    "paintings",
                    WORDS(
                        "score_paintings",
                        count=len(hung),
                        plural="s" if len(hung) > 1 else "",
                        gallery=gallery_name,
                    ),
                    tuple(game.payload(n) for n in hung),
                )
            )
        for left, right in zip(row, row[1:]):
            if left is not None and right is not None and game.theme(left) == game.theme(right):
                lines.append(
                    ScoreLine(
                        points.per_neighbour_pair,
                        "neighbours",
                        WORDS(
                            "score_neighbours",
                            left=left,
                            right=right,
                            gallery=gallery_name,
                            theme=game.theme_label(game.theme(left)),
                        ),
                        (game.payload(left), game.payload(right)),
                    )
                )
    return lines


def _staircase_lines(game: "Musee", state: MuseeState, grid: Grid) -> list[ScoreLine]:
    """A staircase links the paintings above and below it; same theme scores."""
    lines = []
    for token_row, columns in enumerate(state.staircases):
        for column in sorted(columns):
            above, below = grid[token_row][column], grid[token_row + 1][column]
            if above is not None and below is not None and game.theme(above) == game.theme(below):
                lines.append(
                    ScoreLine(
                        game.data.scoring.per_staircase,
                        "staircase",
                        WORDS(
                            "score_staircase",
                            row=token_row + 1,
                            column=column + 1,
                            above=above,
                            below=below,
                            theme=game.theme_label(game.theme(above)),
                        ),
                        (game.payload(above), game.payload(below)),
                    )
                )
    return lines


def _bonus_lines(game: "Musee", state: MuseeState, museum: int) -> list[ScoreLine]:
    return [
        ScoreLine(
            game.data.scoring.gallery_bonus,
            "gallery_bonus",
            WORDS("score_gallery_bonus", gallery=game.gallery_name(gallery)),
        )
        for gallery, holder in enumerate(state.bonuses)
        if holder == museum
    ]


def outcome(game: "Musee", state: MuseeState) -> Outcome | None:
    """Most points wins; ties go to more paintings placed, then more bonus cards."""
    if not state.finished:
        return None
    scores = score(game, state)

    def key(side: SideScore):
        museum = scores.index(side)
        paintings = sum(n is not None for row in state.museums[museum] for n in row)
        bonus = sum(1 for holder in state.bonuses if holder == museum)
        return (side.total, paintings, bonus)

    ranked = sorted(scores, key=key, reverse=True)
    best = key(ranked[0])
    winners = tuple(s.side for s in ranked if key(s) == best)
    names = " & ".join(s.label.en for s in ranked if key(s) == best)
    top_score_tied = [s for s in ranked if s.total == ranked[0].total]
    values = dict(points=best[0], paintings=best[1], bonus=best[2], names=names)
    tie_break = None
    if len(top_score_tied) > 1:
        if len(winners) > 1:
            tie_break = WORDS("tie_shared", **values)
        elif key(top_score_tied[0])[1] != key(top_score_tied[1])[1]:
            tie_break = WORDS("tie_more_paintings", **values)
        else:
            tie_break = WORDS("tie_more_bonus", **values)
    if len(winners) > 1:
        explanation = WORDS("win_shared", **values)
    else:
        explanation = WORDS("win", verb="win" if " & " in names else "wins", **values)
    return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)
