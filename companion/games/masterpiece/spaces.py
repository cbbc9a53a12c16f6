"""A turn on the ring: the roll moves the pawn clockwise, and the space it lands on acts.

Moves: `roll` {value}; `take_cash` / `take_value` (collect space); `inherit` {painting};
`buy` {painting} (from the bank or from a player); `sell` {painting}; `pass` (decline an
optional space).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Int
from ..moves import MoveRule
from . import auction, log, payments, turns
from . import state as game_state
from .setup import PAINTING
from .state import Holding, MasterpieceState, draw_pile, painting_value
from .words import WORDS, money, refuse


# -- Checks and effects of a roll and of each space's action, side by side. -------------------
def check_roll(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active)


def apply_roll(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    seat, value = state.active, move["value"]
    positions = list(state.positions)
    space = (positions[seat] + value) % len(game.spaces)
    positions[seat] = space
    state = replace(state, positions=tuple(positions), space=space, last_roll=value)
    action = log.space_text(game, space)
    name = state.names[seat]
    state = turns.note(
        state, "landed", WORDS("note.landed", name=name, value=value, space=space, action=action)
    )
    kind = game.spaces[space].kind
    owned = state.holdings[seat]
    if kind == "bank_auction":
        return replace(state, phase="easel", auction=None)
    if kind == "private_auction":
        if not owned:
            return nothing(game, state, "note.nothing_to_do.no_painting_to_auction")
        if len(owned) == 1:
            return auction.open_private_auction(game, state, owned[0].painting)
        return replace(state, phase="pick")
    if kind in ("sell_value", "must_sell") and not owned:
        return nothing(game, state, "note.nothing_to_do.no_painting_to_sell")
    others = [s for s in range(state.players) if s != seat]
    if kind == "buy_player" and not any(state.holdings[s] for s in others):
        return nothing(game, state, "note.nothing_to_do.no_painting_to_buy")
    return replace(state, phase=kind)


def nothing(game, state: MasterpieceState, key: str) -> MasterpieceState:
    """The space asks for what the player does not have: the turn ends."""
    state = turns.note(state, "nothing_to_do", WORDS(key, name=state.names[state.active]))
    return turns.end_turn(game, state)


def check_take_cash(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active)


def apply_take_cash(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    amount = game.data.space_amounts.collect_cash_k
    name = state.names[state.active]
    state = payments.transfer(
        state,
        None,
        state.active,
        amount,
        "collect",
        WORDS("ledger.collect", name=name, amount=money(amount)),
    )
    return turns.end_turn(game, state)


def check_take_value(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.active)
    if problems:
        return problems
    if not state.holdings[state.active]:
        return (refuse("no_painting_for_value", name=state.names[state.active]),)
    if not draw_pile(state):
        return (refuse("no_value_cards"),)
    return ()


def apply_take_value(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    return payments.owe_draw(game, state, state.active, None, "end_turn")


def check_inherit(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active) or turns.check_bank_painting(
        game, state, move.get("painting")
    )


def apply_inherit(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting = move["painting"]
    state = replace(state, bank=tuple(p for p in state.bank if p != painting))
    state = payments.give(game, state, state.active, Holding(painting))
    state = turns.note(
        state,
        "inherit",
        WORDS(
            "note.inherit",
            name=state.names[state.active],
            painting=log.painting_name(game, painting),
        ),
    )
    return payments.owe_draw(game, state, state.active, painting, "end_turn")


def check_buy(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return check_buy_terms(game, state, move) or _cannot_pay_for(game, state, move)


def check_buy_terms(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    """Whether the buy may be offered, cash aside: the buyer's cash is secret, so what a
    page offers never depends on it, and an unaffordable buy is refused when played."""
    problems = turns.check_actor(game, state, move, state.active)
    if problems:
        return problems
    painting = move.get("painting")
    if state.phase == "buy_bank":
        return turns.check_bank_painting(game, state, painting)
    problems = turns.check_painting_payload(game, painting, state.phase)
    if problems:
        return problems
    owner = game_state.owner(state, painting)
    if owner is None or owner == state.active:
        where = log.where_is(game, state, painting)
        return (
            refuse(
                "not_for_sale",
                cards=(painting,),
                painting=log.painting_name(game, painting),
                where=where,
            ),
        )
    return ()


def _cannot_pay_for(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    """A buy whose terms hold, refused if the buyer cannot pay (there are no loans)."""
    if state.phase == "buy_bank":
        price, why = game.spaces[state.space].price_k, WORDS("why.bank_painting")
    else:
        owner = game_state.owner(state, move["painting"])
        price = game.data.space_amounts.buy_from_player_k
        why = WORDS("why.to_owner", name=state.names[owner])
    return payments.cannot_afford(game, state, state.active, price, why)


def apply_buy(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting, seat = move["painting"], state.active
    name, title = state.names[seat], log.painting_name(game, painting)
    if state.phase == "buy_bank":
        price = game.spaces[state.space].price_k
        state = payments.transfer(
            state,
            seat,
            None,
            price,
            "payment",
            WORDS("ledger.buy_bank", name=name, price=money(price), title=title),
            painting,
        )
        state = replace(state, bank=tuple(p for p in state.bank if p != painting))
        state = payments.give(game, state, seat, Holding(painting))
        return payments.owe_draw(game, state, seat, painting, "end_turn")
    owner = game_state.owner(state, painting)
    price = game.data.space_amounts.buy_from_player_k
    state = payments.transfer(
        state,
        seat,
        owner,
        price,
        "payment",
        WORDS(
            "ledger.buy_player",
            name=name,
            owner=state.names[owner],
            price=money(price),
            title=title,
        ),
        painting,
    )
    state, holding = payments.take(game, state, owner, painting)
    state = payments.give(game, state, seat, holding)
    return turns.end_turn(game, state)


def check_sell(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active) or turns.check_own_painting(
        game, state, state.active, move.get("painting")
    )


def apply_sell(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting, seat = move["painting"], state.active
    name, title = state.names[seat], log.painting_name(game, painting)
    state, holding = payments.take(game, state, seat, painting)
    shown = log.values_text(game, holding.values)
    if state.phase == "sell_value":
        price = painting_value(game, holding.values)
        text = WORDS("ledger.sell_value", name=name, price=money(price), title=title, shown=shown)
    else:
        price = game.data.space_amounts.must_sell_k
        text = WORDS("ledger.must_sell", name=name, title=title, price=money(price), shown=shown)
    state = payments.transfer(state, None, seat, price, "sale", text, painting)
    state = replace(
        state, gone=state.gone + (painting,), discard=tuple(sorted(state.discard + holding.values))
    )
    return turns.end_turn(game, state)


def check_pass(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active)


def apply_pass(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    name = state.names[state.active]
    if state.phase == "buy_bank":
        state = turns.note(state, "declined", WORDS("note.declined", name=name))
        return replace(state, phase="easel")
    state = turns.note(state, "passed", WORDS("note.passed", name=name))
    return turns.end_turn(game, state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(
        name="roll",
        player="seat",
        fields={"value": Int(1, 6)},
        required=("value",),
        check=check_roll,
        effect=apply_roll,
        describe=log.roll,
    ),
    MoveRule(
        name="take_cash",
        player="seat",
        check=check_take_cash,
        effect=apply_take_cash,
        describe=log.take_cash,
    ),
    MoveRule(
        name="take_value",
        player="seat",
        check=check_take_value,
        effect=apply_take_value,
        describe=log.take_value,
    ),
    MoveRule(
        name="inherit",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_inherit,
        effect=apply_inherit,
        describe=log.inherit,
    ),
    MoveRule(
        name="buy",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_buy,
        effect=apply_buy,
        describe=log.buy,
    ),
    MoveRule(
        name="sell",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_sell,
        effect=apply_sell,
        describe=log.sell,
    ),
    MoveRule(name="pass", player="seat", check=check_pass, effect=apply_pass, describe=log.pass_),
)
