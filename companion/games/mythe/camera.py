"""The Mythe table as the camera sees it: the path (one slot per space), the adventure area
where drawn cards are laid face up, and the reveal spot for a legendary card; and what a
settled piece there means (a hero put on a space is a move, a card in the adventure area a
draw, a card on the reveal spot a reveal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...events import CardRemoved, PieceEvent, PieceOnTable, PlacedEvent
from ...model import Move
from ...validation import Context, Int, SlotShape
from ..base import Interpretation
from .setup import path_spaces
from .state import SHARE, MytheState, sources, unattributed
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def regions(ctx: Context) -> dict[str, SlotShape]:
    return {
        "path": SlotShape((Int(0, path_spaces(ctx) - 1),)),
        "adventure": SlotShape(),
        "reveal": SlotShape((Int(0, 0),)),
    }


def interpret(
    game: "Mythe", state: MytheState, event: PieceEvent, table: Mapping[str, PieceOnTable]
) -> Interpretation:
    if isinstance(event, CardRemoved):
        return Interpretation()  # cards going back into a hand are not moves
    piece = game.catalogue.piece(event.payload)
    if piece.kind == "back" or event.face_down:
        return Interpretation()
    if piece.kind == "token":
        return _token(game, state, event, piece)
    return _card(game, state, event)


def _token(game: "Mythe", state: MytheState, event: PlacedEvent, piece) -> Interpretation:
    """A hero put down on a path space is that hero's move."""
    region, slot = event.where.region, event.where.slot
    if region != "path" or piece.face.get("type") != "hero":
        return Interpretation()  # the dragon token just sits on its lair
    if not slot:
        return Interpretation()  # on the path, but on no space of it
    space = slot[0]
    colour = piece.face.get("colour")
    if colour not in state.heroes:
        return Interpretation(
            violations=(
                WORDS.refusal(
                    "hero_not_in_game", hero=piece.name, cards=(event.payload,), region="path"
                ),
            )
        )
    seat = state.heroes.index(colour)
    if space == state.positions[seat]:
        return Interpretation()  # where the engine already has it
    return Interpretation(move=Move("move", seat, {"to": space}))


def _card(game: "Mythe", state: MytheState, event: PlacedEvent) -> Interpretation:
    """A card face up in the adventure area is a draw; on the reveal spot, a reveal."""
    region = event.where.region
    drawn = any(d.card == event.payload for d in state.draws)
    if (
        region in ("adventure", "reveal")
        and state.phase == SHARE
        and not (drawn or event.payload == state.revealed)
    ):
        return Interpretation(
            violations=(
                WORDS.refusal(
                    "turn_not_finished",
                    name=state.names[state.turn],
                    cards=(event.payload,),
                    region=region,
                ),
            )
        )
    if region == "adventure":
        if drawn:
            return Interpretation()  # a drawn card nudged inside the area
        params: dict[str, Any] = {"card": event.payload}
        hands = sources(game, state)
        if len(hands) == 1 and not unattributed(game, state):
            params["from"] = hands[0]
        return Interpretation(move=Move("draw", state.turn, params))
    if region == "reveal":
        if event.payload == state.revealed:
            return Interpretation()
        return Interpretation(move=Move("reveal", state.turn, {"card": event.payload}))
    return Interpretation()
