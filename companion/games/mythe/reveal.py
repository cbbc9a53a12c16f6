"""The start and the end of an adventure: revealing a legendary card (`reveal` {card}: at the
very start of the turn, a sword, shield or fairy shown to face the dragon; its number does
not count) and stopping (`stop` {}: no more cards; the engine then says where the hero must
stop).

Also here: what makes a card that appears on the table impossible (not a Mythe card, left in
the box at this player count, already face up), which drawing shares.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Text, Violation
from ...validation import Str
from ..moves import MoveRule
from .state import ADVENTURE, MOVE, SHARE, START, MytheState, card_name, on_table, plan, seat_name
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def card_problem(game: "Mythe", state: MytheState, payload) -> Violation | None:
    card = game.cards.get(payload)
    if card is None:
        return WORDS.refusal("unknown_card", payload=payload, cards=(payload,))
    if payload not in game.deck(state.players):
        return WORDS.refusal(
            "card_not_in_game", card=card.name, players=state.players, cards=(payload,)
        )
    if payload in on_table(game, state):
        return WORDS.refusal("card_already_on_table", card=card.name, cards=(payload,))
    return None


# -- reveal {card} ---------------------------------------------------------------------------------
def check_reveal(game: "Mythe", state: MytheState, move: Move) -> tuple[Violation, ...]:
    payload = move.get("card")
    if state.phase != START:
        return (WORDS.refusal("reveal_not_now", cards=(str(payload),), region="reveal"),)
    if state.revealed is not None:
        return (WORDS.refusal("already_revealed", cards=(str(payload),), region="reveal"),)
    problem = card_problem(game, state, payload)
    if problem:
        return (problem,)
    card = game.cards[payload]
    if card.type != "legendary":
        return (
            WORDS.refusal(
                "reveal_not_legendary", card=card.name, cards=(payload,), region="reveal"
            ),
        )
    if state.hands[state.turn] == 0:
        return (WORDS.refusal("reveal_empty_hand", cards=(payload,), region="reveal"),)
    return ()


def show_legendary(game: "Mythe", state: MytheState, move: Move) -> MytheState:
    return replace(state, revealed=move["card"])


def say_reveal(game: "Mythe", state: MytheState, move: Move) -> Text | None:
    name = seat_name(state, move.player)
    card = card_name(game, move["card"])
    if card is None:
        return None
    return WORDS("log_reveal", name=name, card=card)


# -- stop {} ---------------------------------------------------------------------------------------
def check_stop(game: "Mythe", state: MytheState, move: Move) -> tuple[Violation, ...]:
    if state.phase == START:
        return (WORDS.refusal("stop_before_drawing", region="adventure"),)
    if state.phase != ADVENTURE:
        return (WORDS.refusal("stop_not_now"),)
    return ()


def stop_drawing(game: "Mythe", state: MytheState) -> MytheState:
    """The adventure ends: the hero must now move where the points take it, or, when they
    take it nowhere, the turn goes straight on to sharing."""
    route = plan(game, state)
    if route.stop == route.start:
        return replace(state, phase=SHARE, destination=route.stop, stayed=True)
    return replace(state, phase=MOVE, destination=route.stop)


def stop(game: "Mythe", state: MytheState, move: Move) -> MytheState:
    return stop_drawing(game, state)


def say_stop(game: "Mythe", state: MytheState, move: Move) -> Text | None:
    return WORDS("log_stop", name=seat_name(state, move.player))


REVEAL = MoveRule(
    name="reveal",
    player="seat",
    turn="turn",
    fields={"card": Str()},
    required=("card",),
    check=check_reveal,
    effect=show_legendary,
    describe=say_reveal,
)

STOP = MoveRule(
    name="stop",
    player="seat",
    turn="turn",
    fields={},
    check=check_stop,
    effect=stop,
    describe=say_stop,
)

RULES = (REVEAL, STOP)
