"""A turn on the ring: the roll moves the pawn clockwise, and the space it lands on acts.

Moves: `roll` {value}; `take_cash` / `take_value` (collect space); `inherit` {painting};
`buy` {painting} (from the bank or from a player); `sell` {painting}; `pass` (decline an
optional space).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ...validation import Int
from ..moves import MoveRule
from . import auction, log, payments, turns
from . import state as game_state
from .setup import PAINTING
from .state import DIE_FACES, Holding, MasterpieceState, draw_pile, painting_value
from .words import _one, money


# -- Checks and effects of a roll and of each space's action, side by side. -------------------
def check_roll(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.active)
    if problems:
        return problems
    value = move.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or value not in DIE_FACES:
        return _one("bad_die_value", f"A die shows 1 to 6, not {value!r}.",
                    f"骰子只有 1 到 6 點，不會是 {value!r}。", region="roll")
    return ()


def apply_roll(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    seat, value = state.active, move["value"]
    positions = list(state.positions)
    space = (positions[seat] + value) % len(game.spaces)
    positions[seat] = space
    state = replace(state, positions=tuple(positions), space=space, last_roll=value)
    action = log.space_text(game, space)
    name = state.names[seat]
    state = turns.note(state, "landed", f"{name} rolls {value} and lands on space {space}. {action.en}",
                       f"{name} 擲出 {value} 點，停在第 {space} 格。{action.zh}")
    kind = game.spaces[space].kind
    owned = state.holdings[seat]
    if kind == "bank_auction":
        return replace(state, phase="easel", auction=None)
    if kind == "private_auction":
        if not owned:
            return nothing(game, state, "has no painting to auction", "沒有畫作可以拍賣")
        if len(owned) == 1:
            return auction.open_private_auction(game, state, owned[0].painting)
        return replace(state, phase="pick")
    if kind in ("sell_value", "must_sell") and not owned:
        return nothing(game, state, "has no painting to sell", "沒有畫作可以賣")
    if kind == "buy_player" and not any(state.holdings[s] for s in range(state.players) if s != seat):
        return nothing(game, state, "finds no other player owning a painting",
                       "發現其他玩家都沒有畫作")
    return replace(state, phase=kind)


def nothing(game, state: MasterpieceState, en: str, zh: str) -> MasterpieceState:
    name = state.names[state.active]
    state = turns.note(state, "nothing_to_do", f"{name} {en}: nothing happens.",
                       f"{name}{zh}：什麼都不會發生。")
    return turns.end_turn(game, state)


def check_take_cash(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active)


def apply_take_cash(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    amount = game.data.space_amounts.collect_cash_k
    name = state.names[state.active]
    state = payments.transfer(state, None, state.active, amount, "collect",
                              Text(f"The bank pays {name} {money(amount).en} (collect space).",
                                   f"銀行付給 {name} {money(amount).zh}（獲得資金格）。"))
    return turns.end_turn(game, state)


def check_take_value(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.active)
    if problems:
        return problems
    if not state.holdings[state.active]:
        return _one("no_painting_for_value",
                    f"{state.names[state.active]} has no painting to put a value card under, "
                    f"so can only take the cash.",
                    f"{state.names[state.active]} 沒有畫作可以放價值卡，只能拿現金。")
    if not draw_pile(state):
        return _one("no_value_cards", "Every value card lies under a painting: take the cash.",
                    "所有價值卡都在畫作下面了：請拿現金。")
    return ()


def apply_take_value(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    return payments.owe_draw(game, state, state.active, None, "end_turn")


def check_inherit(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return (turns.check_actor(game, state, move, state.active)
            or turns.check_bank_painting(game, state, move.get("painting")))


def apply_inherit(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting = move["painting"]
    state = replace(state, bank=tuple(p for p in state.bank if p != painting))
    state = payments.give(game, state, state.active, Holding(painting))
    state = turns.note(state, "inherit", f"{state.names[state.active]} inherits "
                       f"{log.painting_name(game, painting).en} from the bank.",
                       f"{state.names[state.active]} 從銀行承接 {log.painting_name(game, painting).zh}。")
    return payments.owe_draw(game, state, state.active, painting, "end_turn")


def check_buy(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.active)
    if problems:
        return problems
    painting = move.get("painting")
    if state.phase == "buy_bank":
        price = game.spaces[state.space].price_k
        return (turns.check_bank_painting(game, state, painting)
                or payments.cannot_afford(game, state, state.active, price,
                                          Text("for the bank's painting", "向銀行買畫")))
    problems = turns.check_painting_payload(game, painting, state.phase)
    if problems:
        return problems
    owner = game_state.owner(state, painting)
    if owner is None or owner == state.active:
        where = log.where_is(game, state, painting)
        return _one("not_for_sale",
                    f"This space buys a painting from another player; "
                    f"{log.painting_name(game, painting).en}: {where.en}",
                    f"這一格是向其他玩家買畫；{log.painting_name(game, painting).zh}：{where.zh}",
                    cards=(painting,))
    price = game.data.space_amounts.buy_from_player_k
    return payments.cannot_afford(game, state, state.active, price,
                                  Text(f"to {state.names[owner]}", f"給 {state.names[owner]}"))


def apply_buy(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting, seat = move["painting"], state.active
    name, title = state.names[seat], log.painting_name(game, painting)
    if state.phase == "buy_bank":
        price = game.spaces[state.space].price_k
        state = payments.transfer(state, seat, None, price, "payment",
                                  Text(f"{name} pays the bank {money(price).en} for {title.en}.",
                                       f"{name} 付給銀行 {money(price).zh}，買下 {title.zh}。"), painting)
        state = replace(state, bank=tuple(p for p in state.bank if p != painting))
        state = payments.give(game, state, seat, Holding(painting))
        return payments.owe_draw(game, state, seat, painting, "end_turn")
    owner = game_state.owner(state, painting)
    price = game.data.space_amounts.buy_from_player_k
    state = payments.transfer(state, seat, owner, price, "payment",
                              Text(f"{name} pays {state.names[owner]} {money(price).en} for "
                                   f"{title.en}, which {state.names[owner]} must sell.",
                                   f"{name} 付給 {state.names[owner]} {money(price).zh}，"
                                   f"買下 {state.names[owner]} 必須賣出的 {title.zh}。"), painting)
    state, holding = payments.take(game, state, owner, painting)
    state = payments.give(game, state, seat, holding)
    return turns.end_turn(game, state)


def check_sell(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return (turns.check_actor(game, state, move, state.active)
            or turns.check_own_painting(game, state, state.active, move.get("painting")))


def apply_sell(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting, seat = move["painting"], state.active
    name, title = state.names[seat], log.painting_name(game, painting)
    state, holding = payments.take(game, state, seat, painting)
    shown = log.values_text(game, holding.values)
    if state.phase == "sell_value":
        price = painting_value(game, holding.values)
        text = Text(f"The bank pays {name} {money(price).en} for {title.en}, its value "
                    f"({shown.en}).",
                    f"銀行以價值 {money(price).zh} 向 {name} 買下 {title.zh}（{shown.zh}）。")
    else:
        price = game.data.space_amounts.must_sell_k
        text = Text(f"{name} must sell {title.en} to the bank for {money(price).en}; its "
                    f"value cards show {shown.en}.",
                    f"{name} 必須以 {money(price).zh} 把 {title.zh} 賣給銀行；價值卡為 {shown.zh}。")
    state = payments.transfer(state, None, seat, price, "sale", text, painting)
    state = replace(state, gone=state.gone + (painting,),
                    discard=tuple(sorted(state.discard + holding.values)))
    return turns.end_turn(game, state)


def check_pass(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(game, state, move, state.active)


def apply_pass(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    name = state.names[state.active]
    if state.phase == "buy_bank":
        state = turns.note(state, "declined",
                           f"{name} does not buy: the bank auctions the painting among the "
                           f"other players.",
                           f"{name} 不購買：改由其他玩家參與銀行拍賣。")
        return replace(state, phase="easel")
    state = turns.note(state, "passed", f"{name} passes.", f"{name} 放棄。")
    return turns.end_turn(game, state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(name="roll", player="seat", fields={"value": Int(1, 6)}, required=("value",),
             check=check_roll, effect=apply_roll, describe=log.roll),
    MoveRule(name="take_cash", player="seat",
             check=check_take_cash, effect=apply_take_cash, describe=log.take_cash),
    MoveRule(name="take_value", player="seat",
             check=check_take_value, effect=apply_take_value, describe=log.take_value),
    MoveRule(name="inherit", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=check_inherit, effect=apply_inherit, describe=log.inherit),
    MoveRule(name="buy", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=check_buy, effect=apply_buy, describe=log.buy),
    MoveRule(name="sell", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=check_sell, effect=apply_sell, describe=log.sell),
    MoveRule(name="pass", player="seat",
             check=check_pass, effect=apply_pass, describe=log.pass_),
)
