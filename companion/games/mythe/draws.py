"""Drawing adventure cards (`draw` {card, from}): the active player draws a card from another
player's hand (`from` a seat), or from the extra deck (`"dummy"`, 2 players only); `from`
may be missing when nobody told the camera whose hand it came from. An obstacle ends the
adventure at once; when nobody has a card left the adventure ends too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Text, Violation
from ...validation import Const, OneOf, Optional, Seat, Str
from ..moves import MoveRule
from .hero import move_instruction
from .reveal import card_problem, stop_drawing
from .state import (
    ADVENTURE,
    DUMMY,
    MOVE,
    SHARE,
    START,
    Draw,
    MytheState,
    card_name,
    cards_left_to_draw,
    hand_name,
    seat_name,
)
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def check_draw(game: "Mythe", state: MytheState, move: Move) -> tuple[Violation, ...]:
    payload = move.get("card")
    if state.phase == SHARE and state.obstacle:
        return (
            WORDS.refusal(
                "draw_after_obstacle", cards=(str(payload), state.obstacle), region="adventure"
            ),
        )
    if state.phase not in (START, ADVENTURE):
        then = move_instruction(game, state) if state.phase == MOVE else WORDS("then_share")
        return (
            WORDS.refusal("draw_not_now", then=then, cards=(str(payload),), region="adventure"),
        )
    problem = card_problem(game, state, payload) or _source_problem(game, state, move)
    return (problem,) if problem else ()


def _source_problem(game: "Mythe", state: MytheState, move: Move) -> Violation | None:
    """Can the card have come from the hand the move names?"""
    payload, source = move.get("card"), move.get("from")
    if source is None:
        if cards_left_to_draw(game, state) <= 0:
            return WORDS.refusal("nothing_to_draw", cards=(payload,))
        return None
    if source == DUMMY:
        if state.dummy is None:
            return WORDS.refusal("no_dummy_deck", cards=(payload,))
        if state.dummy == 0:
            return WORDS.refusal("draw_from_empty_hand", "dummy_empty", cards=(payload,))
        return None
    if source == state.turn:
        return WORDS.refusal("draw_from_yourself", cards=(payload,))
    if state.hands[source] == 0:
        return WORDS.refusal("draw_from_empty_hand", player=state.names[source], cards=(payload,))
    return None


def draw_card(game: "Mythe", state: MytheState, move: Move) -> MytheState:
    source = move.get("from")
    hands, dummy = list(state.hands), state.dummy
    if source == DUMMY:
        dummy -= 1
    elif source is not None:
        hands[source] -= 1
    state = replace(
        state,
        hands=tuple(hands),
        dummy=dummy,
        draws=state.draws + (Draw(move["card"], source),),
        phase=ADVENTURE,
    )
    if game.cards[move["card"]].type == "obstacle":
        return replace(state, obstacle=move["card"], phase=SHARE)
    if cards_left_to_draw(game, state) <= 0:
        return stop_drawing(game, state)  # nobody has a card left: the adventure starts now
    return state


def say_draw(game: "Mythe", state: MytheState, move: Move) -> Text | None:
    name = seat_name(state, move.player)
    card = card_name(game, move["card"])
    if card is None:
        return None
    source = move.get("from")
    if source is None:
        return WORDS("log_draw", name=name, card=card)
    hand = hand_name(state, source)
    key = "log_draw_from_dummy" if source == DUMMY else "log_draw_from_player"
    return WORDS(key, name=name, card=card, hand=hand)


DRAW = MoveRule(
    name="draw",
    player="seat",
    turn="turn",
    fields={"card": Str(), "from": Optional(OneOf((Seat(), Const(DUMMY))))},
    required=("card",),
    check=check_draw,
    effect=draw_card,
    describe=say_draw,
)

RULES = (DRAW,)
