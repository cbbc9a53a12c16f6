"""What a Musée player may do now: the legal moves (for hints and random playouts) and the
teaching panel's hints, space by space."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ...model import Hint, Move
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
            if open_numbers:
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
                    },
                )
            )
    return hints
