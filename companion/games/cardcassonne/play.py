"""A turn, exactly one of: play a card at the right-hand end of a row, or place your large
follower there. Each move kind's fields, check and effect side by side, with the checks of
a row place that set-up's `reveal` shares.

Moves (``player`` is the seat; rows are "yellow", "red", "green", "blue"):
- ``play_card`` {card | None, row, face_down, position?}: face down, ``card`` is None (or
  the back, CCBACK). A player's first card of each round goes face down into any row; every
  later card face up into the row of its own colour (jokers into any row).
- ``place_follower`` {row, position?}: it claims every card to its left up to the scoring
  board or the nearest other follower, and stays until the round ends.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Bool, Optional, Str
from ..moves import MoveRule
from . import log, turns
from . import state as game_state
from .setup import POSITION, ROW
from .state import (
    BACK,
    JOKERS,
    CardcassonneState,
    Slot,
    face,
    free_follower_rows,
    replaced_at,
    slot_payload,
)
from .words import refuse, say


# -- The checks of a row place that set-up and a turn share. ----------------------------------
def check_card(game, state: CardcassonneState, payload) -> tuple[Violation, ...]:
    if payload not in game._faces:  # a code of another game, or none named face up
        return (refuse("unknown_card", cards=(str(payload),), payload=payload),)
    if payload in state.seen:
        return (
            refuse(
                "card_already_seen",
                cards=(payload,),
                card=log.card_name(game, payload),
                payload=payload,
            ),
        )
    return ()


def wrong_row(game, payload: str, colour: str) -> Violation:
    return refuse(
        "wrong_row_colour",
        cards=(payload,),
        region=f"row-{colour}",
        card=log.card_name(game, payload),
        own=log.colour_name(game, face(game, payload)["colour"]),
        row=log.row_name(game, colour),
    )


def check_end_of_row(
    game, state: CardcassonneState, colour: str, position, what: str, cards: tuple[str, ...]
) -> tuple[Violation, ...]:
    """A card or follower goes at the right-hand end of a row, never between two pieces."""
    if position is None:
        return ()
    row, region = game_state.row(game, state, colour), f"row-{colour}"
    if position > len(row):  # a gap is not "the end of the row"
        return (
            refuse(
                f"past_end_of_row.{what}",
                cards=cards,
                region=region,
                row=log.row_name(game, colour),
                place=position + 1,
                next_place=len(row) + 1,
            ),
        )
    if position == len(row):
        return ()
    left = row[position - 1 : position] if position > 0 else ()
    neighbours = tuple(slot_payload(game, state, s) for s in left + (row[position],))
    named = [log.piece_label(game, state, s) for s in left + (row[position],)]
    if not left:
        named.insert(0, say("scoring_board"))
    between = say("between", left=named[0], right=named[1])
    key = "position_occupied.follower" if what == "follower" else "card_between_cards"
    return (
        refuse(
            key,
            cards=cards + neighbours,
            region=region,
            between=between,
            row=log.row_name(game, colour),
        ),
    )


def add_slot(game, state: CardcassonneState, colour: str, slot: Slot) -> CardcassonneState:
    index = game.row_colours.index(colour)
    return replace(state, rows=replaced_at(state.rows, index, state.rows[index] + (slot,)))


# -- `play_card`: a card at the end of a row. -------------------------------------------------
def check_play(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_players_turn(game, state, move)
    if problems:
        return problems
    seat, colour = move.player, move.get("row")
    payload = move.get("card")
    face_down = bool(move.get("face_down")) or payload == BACK
    shown = (str(payload),) if payload not in (None, BACK) else (BACK,)
    if state.played[seat] >= state.hand:
        return (
            refuse(
                "no_cards_left",
                cards=shown,
                region=f"row-{colour}",
                player=state.names[seat],
                hand=state.hand,
            ),
        )
    problems = (
        check_face_down(game, state, seat, colour, payload)
        if face_down
        else check_face_up(game, state, seat, colour, payload, shown)
    )
    return problems or check_end_of_row(game, state, colour, move.get("position"), "card", shown)


def check_face_down(
    game, state: CardcassonneState, seat: int, colour: str, payload
) -> tuple[Violation, ...]:
    if payload not in (None, BACK):
        return (refuse("face_down_card_named", cards=(str(payload),), region=f"row-{colour}"),)
    if state.face_down_played[seat]:
        return (
            refuse(
                "second_face_down", cards=(BACK,), region=f"row-{colour}", player=state.names[seat]
            ),
        )
    return ()


def check_face_up(
    game, state: CardcassonneState, seat: int, colour: str, payload, shown: tuple[str, ...]
) -> tuple[Violation, ...]:
    if not state.face_down_played[seat]:
        return (
            refuse(
                "first_card_face_down",
                cards=shown,
                region=f"row-{colour}",
                player=state.names[seat],
            ),
        )
    problems = check_card(game, state, payload)
    if problems:
        return problems
    if face(game, payload)["type"] not in JOKERS and face(game, payload)["colour"] != colour:
        return (wrong_row(game, payload, colour),)
    return ()


def do_play(game, state: CardcassonneState, move: Move) -> CardcassonneState:
    seat, payload = move.player, move.get("card")
    face_down = bool(move.get("face_down")) or payload == BACK
    slot = Slot("card", None if face_down else payload, face_down, seat)
    state = add_slot(game, state, move["row"], slot)
    state = replace(
        state,
        played=replaced_at(state.played, seat, state.played[seat] + 1),
        face_down_played=replaced_at(
            state.face_down_played, seat, state.face_down_played[seat] or face_down
        ),
        seen=state.seen if face_down else state.seen | {payload},
    )
    return turns.next_turn(game, state)


# -- `place_follower`: the large follower at the end of a row. --------------------------------
def check_follower(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_players_turn(game, state, move)
    if problems:
        return problems
    seat, colour = move.player, move.get("row")
    token = game._follower_of_colour[state.colours[seat]]
    placed = state.follower_row[seat]
    if placed is not None:
        return (
            refuse(
                "follower_placed_twice",
                cards=(token,),
                region=f"row-{placed}",
                player=state.names[seat],
                row=log.row_name(game, placed),
            ),
        )
    problems = check_end_of_row(game, state, colour, move.get("position"), "follower", (token,))
    return problems or shared_place(game, state, colour, token)


def shared_place(game, state: CardcassonneState, colour: str, token: str) -> tuple[Violation, ...]:
    """Two followers never share a position: with no card right of the last follower,
    the end of the row is that follower's place."""
    if colour in free_follower_rows(game, state):
        return ()
    row = game_state.row(game, state, colour)
    return (
        refuse(
            "position_occupied.shared",
            cards=(token, slot_payload(game, state, row[-1])),
            region=f"row-{colour}",
            other=log.piece_label(game, state, row[-1]),
            row=log.row_name(game, colour),
        ),
    )


def do_follower(game, state: CardcassonneState, move: Move) -> CardcassonneState:
    seat = move.player
    state = add_slot(game, state, move["row"], Slot("follower", seat=seat))
    state = replace(
        state, follower_row=replaced_at(state.follower_row, seat, move["row"]), last_follower=seat
    )
    return turns.next_turn(game, state)


RULES = (
    MoveRule(
        name="play_card",
        player="seat",
        fields={
            "card": Optional(Str()),
            "row": ROW,
            "face_down": Bool(),
            "position": Optional(POSITION),
        },
        required=("row",),
        check=check_play,
        effect=do_play,
        describe=log.words_play_card,
    ),
    MoveRule(
        name="place_follower",
        player="seat",
        fields={"row": ROW, "position": Optional(POSITION)},
        required=("row",),
        check=check_follower,
        effect=do_follower,
        describe=log.words_place_follower,
    ),
)
