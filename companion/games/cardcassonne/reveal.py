"""The dealer turns up the starting cards, each at the end of its colour's row (jokers where
the dealer says); when all are up, the first round begins with the player left of the dealer.

Move: `reveal` {card, row?, position?} (the seat may be left out).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Optional, Str
from ..moves import MoveRule
from . import log, play, turns
from . import state as game_state
from .setup import POSITION, ROW
from .state import JOKERS, CardcassonneState, Slot, revealed_setup_cards
from .words import refuse


# -- `reveal` {card, row?, position?}: the dealer turns a card up at the end of its row -------
def check_reveal(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    if state.phase != "setup":
        return turns.wrong_phase(game, state)
    if move.player is not None and move.player != state.dealer:
        return (refuse("not_the_dealer", dealer=state.names[state.dealer]),)
    payload = move.get("card")
    problems = play.check_card(game, state, payload)
    if problems:
        return problems
    face = game_state.face(game, payload)
    colour = move.get("row")
    joker = face["type"] in JOKERS
    if joker and colour is None:
        return (refuse("joker_needs_row", cards=(payload,)),)
    colour = face["colour"] if colour is None else colour
    if not joker and colour != face["colour"]:
        return (play.wrong_row(game, payload, colour),)
    return play.check_end_of_row(game, state, colour, move.get("position"), "card", (payload,))


def do_reveal(game, state: CardcassonneState, move: Move) -> CardcassonneState:
    payload = move["card"]
    colour = move.get("row") or game_state.face(game, payload)["colour"]
    state = play.add_slot(game, state, colour, Slot("card", payload))
    state = replace(state, seen=state.seen | {payload})
    if revealed_setup_cards(game, state) >= game.data.setup_cards:
        state = replace(state, phase="play", round=1, turn=(state.dealer + 1) % state.players)
    return state


RULES = (
    # the dealer turns up the starting cards; the seat may be left out
    MoveRule(
        name="reveal",
        player="any",
        fields={"card": Str(), "row": ROW, "position": Optional(POSITION)},
        required=("card",),
        check=check_reveal,
        effect=do_reveal,
        describe=log.words_reveal,
    ),
)
