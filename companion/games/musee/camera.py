"""How the camera's table events become Musée moves.

A painting appearing in a museum space is "place that card there" (by the player whose turn
it is). A hung painting never moves: lifting or sliding it is a violation until it is back.
Staircase and chandelier tokens do not move play forward; they only prove that every museum
has the staircases chosen at set-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ...events import CardAdded, CardRemoved, PieceEvent, PieceOnTable, PlacedEvent
from ...model import Move, Text, Violation
from ...validation import Context, Int, SlotShape
from ..base import Interpretation
from .setup import museums, spaces
from .state import GALLERY_COUNT, TOKEN_ROWS, Location, MuseeState, placed_location
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


def regions(ctx: Context) -> dict[str, SlotShape]:
    """The table layout: per museum its spaces (gallery, space) and its token rows (row, column)."""
    space = Int(0, spaces(ctx) - 1)
    out = {}
    for museum in range(museums(ctx)):
        out[f"museum{museum}"] = SlotShape((Int(0, GALLERY_COUNT - 1), space))
        out[f"museum{museum}-tokens"] = SlotShape((Int(0, TOKEN_ROWS - 1), space))
    return out


def interpret(
    game: "Musee", state: MuseeState, event: PieceEvent, table: Mapping[str, PieceOnTable]
) -> Interpretation:
    piece = game.catalogue.piece(event.payload)
    if piece.kind == "token":
        return _interpret_token(state, event, piece.face)
    number = int(piece.face["number"])
    location = placed_location(state, number)
    if isinstance(event, CardRemoved):
        if location is None:
            return Interpretation()  # a card that was never accepted left the table
        return Interpretation(violations=(_moved(game, number, location),))
    target = _slot_of(event)
    twins = [p for tid, p in table.items() if p.payload == event.payload and tid != event.track_id]
    if isinstance(event, CardAdded) and twins:
        return Interpretation(
            violations=(WORDS.refusal("duplicate_card", number=number, cards=(event.payload,)),)
        )
    if location is not None:
        if target == location:
            return Interpretation(note=WORDS("painting_back", number=number))
        return Interpretation(violations=(_moved(game, number, location),))
    if target is None:
        return Interpretation()  # a painting lying outside every museum is not a move
    museum, gallery, space = target
    return Interpretation(
        move=Move(
            "place",
            state.turn,
            {"card": event.payload, "museum": museum, "gallery": gallery, "space": space},
        )
    )


def _slot_of(event: PlacedEvent) -> Location | None:
    """(museum, gallery, space) of a painting put in a museum's space (the region and slot
    fit the layout: `meaning_of` checked them)."""
    region, slot = event.where.region, event.where.slot
    if not region or not region.startswith("museum") or region.endswith("-tokens") or not slot:
        return None
    return int(region[len("museum") :]), slot[0], slot[1]


def _moved(game: "Musee", number: int, location: Location) -> Violation:
    museum, gallery, space = location
    return WORDS.refusal(
        "painting_moved",
        number=number,
        gallery=game.gallery_name(gallery),
        space=space + 1,
        cards=(game.payload(number),),
        region=f"museum{museum}",
    )


def _interpret_token(state: MuseeState, event: PieceEvent, face: Mapping) -> Interpretation:
    if isinstance(event, CardRemoved):
        return Interpretation()
    region, slot = event.where.region, event.where.slot
    if not region or not region.endswith("-tokens") or not slot:
        return Interpretation()
    row, column = slot  # a token row and a column of this museum, as the layout declares
    expected = "staircase" if column in state.staircases[row] else "chandelier"
    if face.get("side") == expected:
        return Interpretation()
    return Interpretation(
        violations=(
            WORDS.refusal(
                "staircases_differ",
                row=row + 1,
                column=column + 1,
                museum=region[: -len("-tokens")],
                side=_side(face.get("side")),
                expected=_side(expected),
                cards=(event.payload,),
                region=region,
            ),
        )
    )


def _side(side) -> Text:
    """A token side's name; a side the data does not name is called a token in Chinese."""
    key = f"side_{side}"
    return WORDS(key) if key in WORDS else WORDS("side_unknown", side=side)
