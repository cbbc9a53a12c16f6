"""The dashboard's view of a Musée game (also printed by `companion replay`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import GALLERY_COUNT, MuseeState, seats_of_museum, side_id
from .turns import is_stopped, partner_may_play

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


def describe(game: "Musee", state: MuseeState) -> dict:
    """A JSON view of the state for the dashboard and `companion replay`."""
    museums = []
    for index, grid in enumerate(state.museums):
        museums.append(
            {
                "index": index,
                "region": f"museum{index}",
                "seats": list(seats_of_museum(state, index)),
                "galleries": [
                    [
                        None
                        if n is None
                        else {"card": game.payload(n), "number": n, "theme": game.theme(n)}
                        for n in row
                    ]
                    for row in grid
                ],
                "tokens": [
                    ["staircase" if c in cols else "chandelier" for c in range(len(grid[0]))]
                    for cols in state.staircases
                ],
            }
        )
    return {
        "kind": "musee",
        "turn": None if state.finished else state.turn,
        "museums": museums,
        "hands": list(state.hands),
        "deck": state.deck,
        "stopped": [s for s in range(state.players) if is_stopped(state, s)],
        "declared": sorted(state.declared),
        "bonuses": [None if b is None else side_id(state, b) for b in state.bonuses],
        "gallery_names": [game.gallery_name(g).to_dict() for g in range(GALLERY_COUNT)],
        "themes": {
            k: {"en": v["en"], "zh-TW": v["zh-TW"], "colour": v.get("colour")}
            for k, v in game.data.themes["labels"].items()
        },
        "partner_may_play": partner_may_play(game, state),
        "placed": [{"seat": s, "card": game.payload(n), "number": n} for s, n in state.placed],
    }
