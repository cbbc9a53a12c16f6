"""Scoring and the end of Mythe: the hero who reaches the Red Dragon with a revealed
legendary card wins the Sacred Cheese; the others rank by how far along the path they got.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import Outcome, ScoreLine, SideScore, Text
from .state import MytheState, hero_label, legendary_name, space_label
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def score(game: "Mythe", state: MytheState) -> tuple[SideScore, ...]:
    """Progress along the path: one point per space, the dragon beaten on top."""
    sides = []
    for seat in range(state.players):
        position = state.positions[seat]
        lines = [
            ScoreLine(
                position,
                "progress",
                WORDS(
                    "score_progress",
                    hero=hero_label(game, state, seat),
                    where=space_label(game, position),
                ),
                (game.hero_token[state.heroes[seat]].payload,),
            )
        ]
        if state.winner == seat:
            lines.append(
                ScoreLine(
                    1,
                    "dragon",
                    WORDS("score_dragon", card=legendary_name(game, state.revealed)),
                    (state.revealed,),
                )
            )
        sides.append(
            SideScore(f"p{seat}", Text(state.names[seat], state.names[seat]), (seat,), tuple(lines))
        )
    return tuple(sides)


def outcome(game: "Mythe", state: MytheState) -> Outcome | None:
    if state.winner is None:
        return None
    ranking = sorted(
        range(state.players), key=lambda s: (s != state.winner, -state.positions[s], s)
    )
    return Outcome(
        (f"p{state.winner}",),
        tuple(f"p{s}" for s in ranking),
        WORDS("outcome", name=state.names[state.winner], card=legendary_name(game, state.revealed)),
    )
