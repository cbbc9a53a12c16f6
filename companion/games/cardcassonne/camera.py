"""The table: the mat's regions, and how camera events become moves. A card appearing at
the end of a row is "play that card" (or the dealer's reveal at set-up), a large follower
there is "place the follower", a card turned up at round scoring is "turn up that claimed
card". A card or follower that moves after it was placed is a violation, except while a
scored round is tidied away.
"""

from __future__ import annotations

from typing import Mapping

from ...catalogue import Piece
from ...events import CardMoved, CardRemoved, PieceEvent, PieceOnTable
from ...model import Move, Text, Violation
from ...validation import Context, Int, SlotShape
from ..base import Interpretation
from . import log
from . import state as game_state
from .setup import row_colours
from .state import BACK, CardcassonneState, pending, row_index
from .words import refuse, say

MAT_ROW_SLOTS = 14  # places per row printed on the mat


def regions(ctx: Context) -> dict[str, SlotShape]:
    """The mat's regions: a row of places per colour, the deck, each player's area."""
    out = {f"row-{colour}": SlotShape((Int(0, MAT_ROW_SLOTS - 1),)) for colour in row_colours(ctx)}
    out["deck"] = SlotShape((Int(0, 0),))
    out.update({f"player{seat}": SlotShape() for seat in range(ctx.players)})
    return out


def _row_slot(where) -> tuple[str, int] | None:
    """("yellow", 3) for region "row-yellow", slot [3]; None outside the rows or without a
    place (the region and slot fit the layout: `meaning_of` checked them)."""
    if where is None or not where.region or not where.region.startswith("row-") or not where.slot:
        return None
    return where.region[len("row-") :], where.slot[0]


# -- Table events to moves, or to the violation the event itself is. --------------------------
def interpret(
    game, state: CardcassonneState, event: PieceEvent, table: Mapping[str, PieceOnTable]
) -> Interpretation:
    piece = game.catalogue.piece(event.payload)
    if piece.kind == "token":
        return interpret_follower(game, state, event, piece, table)
    return interpret_card(game, state, event, piece, table)


def tidying(game, state: CardcassonneState) -> bool:
    """Cards and followers may leave or shift while a round is scored and tidied away."""
    return state.phase in ("scoring", "over") or (
        state.phase == "play"
        and sum(state.played) == 0
        and not any(state.follower_row)
        and state.round > 1
    )


def locate(game, state: CardcassonneState, found) -> tuple[str, int] | None:
    """Where the first row slot for which `found(slot)` holds is."""
    for colour, row in zip(game.row_colours, state.rows):
        for position, slot in enumerate(row):
            if found(slot):
                return colour, position
    return None


# -- cards --------------------------------------------------------------------------------
def interpret_card(
    game,
    state: CardcassonneState,
    event: PieceEvent,
    piece: Piece,
    table: Mapping[str, PieceOnTable],
) -> Interpretation:
    face_down = piece.kind == "back" or getattr(event, "face_down", False)
    payload = BACK if face_down else event.payload
    before = table.get(event.track_id)
    was = _row_slot(before.where) if before is not None else None
    if isinstance(event, CardMoved):
        was = _row_slot(event.previous) or was
    if isinstance(event, CardRemoved):
        if was is None or tidying(game, state) or not still_there(game, state, payload, was):
            return Interpretation()
        return Interpretation(violations=(moved(game, payload, was),))
    target = _row_slot(event.where)
    if state.phase == "scoring" and not face_down:
        return interpret_turn_up(game, state, event.payload, target, event.where.region)
    if target is None:
        if was is not None and not tidying(game, state) and still_there(game, state, payload, was):
            return Interpretation(violations=(moved(game, payload, was),))
        return Interpretation()  # a card in a player's area or the deck is not a move
    if row_index(game, target[0]) is None:
        return Interpretation()
    return card_in_row(game, state, payload, face_down, target, was)


def card_in_row(
    game,
    state: CardcassonneState,
    payload: str,
    face_down: bool,
    target: tuple[str, int],
    was: tuple[str, int] | None,
) -> Interpretation:
    colour, position = target
    row = game_state.row(game, state, colour)
    # The same card seen again where the engine already has it (a tracker hiccup, or the
    # unclaimed cards pushed back to the board after scoring) is not a move.
    if (
        position < len(row)
        and row[position].kind == "card"
        and (
            (face_down and row[position].face_down and row[position].card is None)
            or row[position].card == payload
        )
    ):
        return Interpretation(note=say("card_in_place", card=log.card_name(game, payload)))
    located = (
        None if face_down else locate(game, state, lambda s: s.kind == "card" and s.card == payload)
    )
    if tidying(game, state) and (was is not None or located is not None):
        return Interpretation()  # an unclaimed card pushed back to the board
    if located is not None:
        return Interpretation(violations=(moved(game, payload, located),))
    if was is not None and still_there(game, state, payload, was):
        return Interpretation(violations=(moved(game, payload, was),))
    if state.phase == "setup":
        if face_down:
            return Interpretation()
        return Interpretation(
            move=Move(
                "reveal", state.dealer, {"card": payload, "row": colour, "position": position}
            )
        )
    if state.phase != "play":
        return Interpretation()
    return Interpretation(
        move=Move(
            "play_card",
            state.turn,
            {
                "card": None if face_down else payload,
                "row": colour,
                "face_down": face_down,
                "position": position,
            },
        )
    )


def still_there(game, state: CardcassonneState, payload: str, where: tuple[str, int]) -> bool:
    """Whether the engine still has this card at that place (so it must not move)."""
    colour, position = where
    if row_index(game, colour) is None:
        return False
    row = game_state.row(game, state, colour)
    if position >= len(row) or row[position].kind != "card":
        return False
    slot = row[position]
    return (slot.face_down and slot.card is None) if payload == BACK else slot.card == payload


def moved(game, payload: str, where: tuple[str, int]) -> Violation:
    colour, position = where
    return refuse(
        "piece_moved.card",
        cards=(payload,),
        region=f"row-{colour}",
        card=log.card_name(game, payload),
        row=log.row_name(game, colour),
        place=position + 1,
    )


def interpret_turn_up(
    game, state: CardcassonneState, payload: str, target: tuple[str, int] | None, region: str | None
) -> Interpretation:
    """Scoring: a face-down card turned up in its row place, or in the player's own area."""
    waiting = [c for c in pending(game, state) if c.card is None]
    if target is not None:
        claim = next((c for c in waiting if (c.row, c.position) == target), None)
    elif region and region.startswith("player"):
        seat = int(region[len("player") :])  # a seat's area of the layout
        mine = [c for c in waiting if c.seat == seat]
        if len(mine) > 1:
            return Interpretation(note=say("several_face_down", player=state.names[seat]))
        claim = mine[0] if mine else None
    else:
        return Interpretation()
    if claim is None:
        return Interpretation()
    return Interpretation(
        move=Move(
            "reveal_face_down",
            claim.seat,
            {"row": claim.row, "position": claim.position, "card": payload},
        )
    )


# -- followers ----------------------------------------------------------------------------
def interpret_follower(
    game,
    state: CardcassonneState,
    event: PieceEvent,
    piece: Piece,
    table: Mapping[str, PieceOnTable],
) -> Interpretation:
    if piece.face.get("size") != "large":
        return Interpretation()  # the small follower only marks the score track
    colour_of_player = piece.face.get("player_colour")
    if colour_of_player not in state.colours:
        name = log.player_colour_name(game, colour_of_player)
        return Interpretation(
            violations=(
                refuse(
                    "not_in_game", cards=(event.payload,), colour=Text(name.en.lower(), name.zh)
                ),
            )
        )
    seat = state.colours.index(colour_of_player)
    placed = locate(game, state, lambda s: s.kind == "follower" and s.seat == seat)
    if isinstance(event, CardRemoved) or _row_slot(event.where) is None:
        if placed is not None and not tidying(game, state):
            return Interpretation(violations=(follower_moved(game, state, seat, placed),))
        return Interpretation()
    target = _row_slot(event.where)
    previous = _row_slot(event.previous) if isinstance(event, CardMoved) else None
    if placed is None and previous is not None and tidying(game, state):
        return Interpretation()  # last round's follower shifted while tidying up
    if placed is not None:
        if placed == target:
            return Interpretation(note=say("follower_in_place", player=state.names[seat]))
        return Interpretation(violations=(follower_moved(game, state, seat, placed),))
    if state.phase != "play" or row_index(game, target[0]) is None:
        return Interpretation()
    return Interpretation(
        move=Move("place_follower", seat, {"row": target[0], "position": target[1]})
    )


def follower_moved(game, state: CardcassonneState, seat: int, where: tuple[str, int]) -> Violation:
    colour, position = where
    return refuse(
        "piece_moved.follower",
        cards=(game._follower_of_colour[state.colours[seat]],),
        region=f"row-{colour}",
        player=state.names[seat],
        row=log.row_name(game, colour),
        place=position + 1,
    )
