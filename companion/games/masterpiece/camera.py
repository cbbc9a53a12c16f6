"""What the camera's events mean in Masterpiece.

The mat's regions (`regions`): the ring's spaces, the easel, the roll area and each player's
area. A die settling in the `roll` area is the active player's `roll`. A pawn set on ring space i
before the start is `place_pawn`; afterwards a pawn off its space raises an alert. A painting
put on the easel is `easel` (bank auction) or `pick` (private auction); a painting set in a
player's area is `deal`, `inherit` or `buy` when the phase expects it, else an alert. Value
cards are only read at the end, face up beside their paintings, against the ledger.
"""

from __future__ import annotations

from typing import Mapping

from ...events import CardRemoved, PieceEvent, PieceOnTable
from ...model import Move
from ...validation import Context, Int, SlotShape
from ..base import Interpretation
from . import log, turns
from .setup import ring_spaces
from .state import MasterpieceState, left_of, next_deal_seat, owner
from .words import WORDS, money, refuse


def regions(ctx: Context) -> dict[str, SlotShape]:
    """The mat's regions and their slot shapes (an event elsewhere is refused at the boundary)."""
    out = {
        "ring": SlotShape((Int(0, ring_spaces(ctx) - 1),)),
        "easel": SlotShape((Int(0, 0),)),
        "roll": SlotShape(),
    }
    out.update({f"player{seat}": SlotShape() for seat in range(ctx.players)})
    return out


# -- Table events to moves, or to alerts. -----------------------------------------------------
def interpret(
    game, state: MasterpieceState, event: PieceEvent, table: Mapping[str, PieceOnTable]
) -> Interpretation:
    if isinstance(event, CardRemoved):
        return Interpretation()
    if event.kind == "die":
        return interpret_die(game, state, event)
    piece = game.catalogue.piece(event.payload)
    if piece.kind == "token":
        return interpret_pawn(game, state, event)
    if piece.kind == "back":
        return Interpretation()
    if "painting" in piece.face:
        return interpret_painting(game, state, event)
    return interpret_value_card(game, state, event)


def interpret_die(game, state: MasterpieceState, event) -> Interpretation:
    if event.where.region != "roll" or event.value is None or state.phase != "roll":
        return Interpretation()
    return Interpretation(move=Move("roll", state.active, {"value": event.value}))


def seat_of_region(state: MasterpieceState, region: str | None) -> int | None:
    if region and region.startswith("player") and region[6:].isdigit():
        seat = int(region[6:])
        if seat < state.players:
            return seat
    return None


def interpret_pawn(game, state: MasterpieceState, event) -> Interpretation:
    if event.payload not in state.pawns or event.where.region != "ring" or not event.where.slot:
        return Interpretation()
    seat = state.pawns.index(event.payload)
    space = event.where.slot[0]  # a space of the ring, as the layout declares
    name = state.names[seat]
    if state.phase in ("setup", "draw") and state.active is None:
        if state.positions[seat] == space:
            return Interpretation()
        return Interpretation(move=Move("place_pawn", seat, {"space": space}))
    expected = state.positions[seat]
    if space == expected:
        action = log.space_text(game, space)
        return Interpretation(
            note=WORDS("seen.pawn_in_place", name=name, space=space, action=action)
        )
    if state.phase == "roll" and seat == state.active:
        key, start = "pawn_wrong_space.before_roll", None
    elif seat == state.active and state.last_roll is not None:
        key, start = "pawn_wrong_space.after_roll", (expected - state.last_roll) % len(game.spaces)
    else:
        key, start = "pawn_wrong_space", None
    return Interpretation(
        violations=(
            refuse(
                key,
                cards=(event.payload,),
                region="ring",
                name=name,
                expected=expected,
                space=space,
                start=start,
                roll=state.last_roll,
            ),
        )
    )


def interpret_painting(game, state: MasterpieceState, event) -> Interpretation:
    painting, region = event.payload, event.where.region
    title = log.painting_name(game, painting)
    seat = seat_of_region(state, region)
    if region == "easel":
        if state.phase == "easel" and painting in state.bank:
            return Interpretation(move=Move("easel", state.active, {"painting": painting}))
        if state.phase == "pick" and owner(state, painting) == state.active:
            return Interpretation(
                move=Move("pick", left_of(game, state, state.active), {"painting": painting})
            )
        if state.auction is not None and state.auction.painting == painting:
            return Interpretation()
        where = log.where_is(game, state, painting)
        return Interpretation(
            violations=(
                refuse(
                    "painting_wrong_area.easel",
                    cards=(painting,),
                    region="easel",
                    title=title,
                    where=where,
                ),
            )
        )
    if seat is None:
        return Interpretation()
    if (
        state.phase == "setup"
        and state.dealt < state.players
        and painting in state.bank
        and seat == next_deal_seat(game, state)
    ):
        return Interpretation(move=Move("deal", seat, {"painting": painting}))
    if state.phase in ("inherit", "buy_bank") and seat == state.active and painting in state.bank:
        kind = "inherit" if state.phase == "inherit" else "buy"
        return Interpretation(move=Move(kind, seat, {"painting": painting}))
    if (
        state.phase == "buy_player"
        and seat == state.active
        and owner(state, painting) not in (None, seat)
    ):
        return Interpretation(move=Move("buy", seat, {"painting": painting}))
    if owner(state, painting) == seat:
        return Interpretation()
    where = log.where_is(game, state, painting)
    name = state.names[seat]
    return Interpretation(
        violations=(
            refuse(
                "painting_wrong_area",
                cards=(painting,),
                region=region,
                title=title,
                name=name,
                where=where,
            ),
        )
    )


def interpret_value_card(game, state: MasterpieceState, event) -> Interpretation:
    """At the end, value cards are laid face up beside their paintings for the count."""
    seat = seat_of_region(state, event.where.region)
    if seat is None or event.face_down or not turns.is_over(game, state):
        return Interpretation()
    card = event.payload
    for h in state.holdings[seat]:
        if card in h.values:
            title = log.painting_name(game, h.painting)
            shown = money(game.value_k[card]) if not game.forgery[card] else WORDS("values.forgery")
            return Interpretation(note=WORDS("seen.value_card_in_place", shown=shown, title=title))
    name = state.names[seat]
    return Interpretation(
        violations=(
            refuse("value_card_wrong_area", cards=(card,), region=event.where.region, name=name),
        )
    )
