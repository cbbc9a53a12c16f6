"""What a Musée player may do now: the legal moves (for hints and random playouts) and the
teaching panel's hints, space by space."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ...model import Hint, Move, Text
from .setup import cards_in_use
from .state import MuseeState, allowed_range, museum_of, partner, placed_numbers
from .turns import current_players, partner_may_play
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


def legal_moves(game: "Musee", state: MuseeState) -> Iterable[Move]:
    if state.finished:
        return
    placed = placed_numbers(state)
    free = [n for n in cards_in_use(game, state.players) if n not in placed]
    for seat in current_players(game, state):
        if seat == state.turn:
            yield Move("cannot_play", seat)
        museum = museum_of(state, seat)
        for gallery, row in enumerate(state.museums[museum]):
            for space, held in enumerate(row):
                if held is not None:
                    continue
                low, high = allowed_range(row, space)
                for number in free:
                    if low <= number <= high:
                        yield Move(
                            "place",
                            seat,
                            {
                                "card": game.payload(number),
                                "museum": museum,
                                "gallery": gallery,
                                "space": space,
                            },
                        )


def hints(game: "Musee", state: MuseeState) -> tuple[Hint, ...]:
    if state.finished:
        return ()
    museum = museum_of(state, state.turn)
    name = state.names[state.turn]
    hints = _space_hints(game, state, museum)
    hints.append(Hint(WORDS("hint_cannot_play", name=name)))
    if partner_may_play(game, state):
        mate = state.names[partner(state, state.turn)]
        hints.append(Hint(WORDS("hint_partner", name=name, partner=mate)))
    return tuple(hints)


def _space_hints(game: "Musee", state: MuseeState, museum: int) -> list[Hint]:
    """For every empty space of the museum: which numbers could still go there."""
    placed = placed_numbers(state)
    used = cards_in_use(game, state.players)
    hints = []
    for gallery, row in enumerate(state.museums[museum]):
        gallery_name = game.gallery_name(gallery)
        for space, held in enumerate(row):
            if held is not None:
                continue
            low, high = allowed_range(row, space)
            low, high = max(low, used.start), min(high, used.stop - 1)
            open_numbers = [n for n in range(low, high + 1) if n not in placed]
            if len(open_numbers) == 1:
                text = WORDS(
                    "hint_space_one", gallery=gallery_name, space=space + 1, number=open_numbers[0]
                )
            elif open_numbers:
                text = WORDS(
                    "hint_space_open",
                    gallery=gallery_name,
                    space=space + 1,
                    low=low,
                    high=high,
                    count=len(open_numbers),
                )
            else:
                text = WORDS("hint_space_closed", gallery=gallery_name, space=space + 1)
            hints.append(
                Hint(
                    text,
                    f"museum{museum}",
                    {
                        "gallery": gallery,
                        "space": space,
                        "low": low,
                        "high": high,
                        "count": len(open_numbers),
                        **({"number": open_numbers[0]} if len(open_numbers) == 1 else {}),
                    },
                )
            )
    return hints


def summary(game: "Musee", state: MuseeState) -> tuple[Text, ...]:
    """The hints as a teacher says them: one sentence for the whole museum, then, for each
    gallery that already holds a painting, which runs of spaces take which numbers."""
    if state.finished:
        return ()
    museum = museum_of(state, state.turn)
    name = state.names[state.turn]
    spaces = _space_hints(game, state, museum)
    lines = [WORDS("summary_any_space" if spaces else "summary_museum_full", name=name)]
    for gallery, row in enumerate(state.museums[museum]):
        if all(held is None for held in row):
            continue  # an empty gallery takes any number: the first sentence says so
        runs = _gallery_runs([h for h in spaces if h.data["gallery"] == gallery])
        if runs:
            lines.append(
                WORDS(
                    "summary_gallery",
                    gallery=game.gallery_name(gallery),
                    runs=WORDS.listed("runs_sep", runs),
                )
            )
    lines.append(WORDS("hint_cannot_play", name=name))
    mate = partner(state, state.turn)
    if partner_may_play(game, state) and mate is not None:
        lines.append(WORDS("hint_partner", name=name, partner=state.names[mate]))
    return tuple(lines)


def _gallery_runs(spaces: list[Hint]) -> list[Text]:
    """Neighbouring empty spaces that take the same numbers, said once per run."""
    runs: list[list[Hint]] = []
    for hint in spaces:
        last = runs[-1][-1].data if runs else None
        same = last is not None and (last["low"], last["high"], last["count"] > 0) == (
            hint.data["low"],
            hint.data["high"],
            hint.data["count"] > 0,
        )
        if same and last is not None and last["space"] + 1 == hint.data["space"]:
            runs[-1].append(hint)
        else:
            runs.append([hint])
    lines = []
    for run in runs:
        first, last = run[0].data["space"] + 1, run[-1].data["space"] + 1
        where = (
            WORDS("spaces_one", space=first)
            if first == last
            else WORDS("spaces_run", first=first, last=last)
        )
        data = run[0].data
        if data["count"]:
            lines.append(
                WORDS("summary_run_open", spaces=where, low=data["low"], high=data["high"])
            )
        else:
            lines.append(WORDS("summary_run_closed", spaces=where))
    return lines
