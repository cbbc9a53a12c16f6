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
from . import log
from .setup import PAINTING
from .state import MasterpieceState
from .state import DIE_FACES, Holding
from .words import _one, money


class Spaces:
    """Checks and effects of a roll and of each space's action, side by side."""

    def _check_roll(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        value = move.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value not in DIE_FACES:
            return _one("bad_die_value", f"A die shows 1 to 6, not {value!r}.",
                        f"骰子只有 1 到 6 點，不會是 {value!r}。", region="roll")
        return ()

    def _apply_roll(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        seat, value = state.active, move["value"]
        positions = list(state.positions)
        space = (positions[seat] + value) % len(self.spaces)
        positions[seat] = space
        state = replace(state, positions=tuple(positions), space=space, last_roll=value)
        action = self.space_text(space)
        name = state.names[seat]
        state = self._note(state, "landed", f"{name} rolls {value} and lands on space {space}. {action.en}",
                           f"{name} 擲出 {value} 點，停在第 {space} 格。{action.zh}")
        kind = self.spaces[space].kind
        owned = state.holdings[seat]
        if kind == "bank_auction":
            return replace(state, phase="easel", auction=None)
        if kind == "private_auction":
            if not owned:
                return self._nothing(state, "has no painting to auction", "沒有畫作可以拍賣")
            if len(owned) == 1:
                return self._open_private_auction(state, owned[0].painting)
            return replace(state, phase="pick")
        if kind in ("sell_value", "must_sell") and not owned:
            return self._nothing(state, "has no painting to sell", "沒有畫作可以賣")
        if kind == "buy_player" and not any(state.holdings[s] for s in range(state.players) if s != seat):
            return self._nothing(state, "finds no other player owning a painting",
                                 "發現其他玩家都沒有畫作")
        return replace(state, phase=kind)

    def _nothing(self, state: MasterpieceState, en: str, zh: str) -> MasterpieceState:
        name = state.names[state.active]
        state = self._note(state, "nothing_to_do", f"{name} {en}: nothing happens.",
                           f"{name}{zh}：什麼都不會發生。")
        return self._end_turn(state)

    def _check_take_cash(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return self._check_actor(state, move, state.active)

    def _apply_take_cash(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        amount = self.data.space_amounts.collect_cash_k
        name = state.names[state.active]
        state = self._transfer(state, None, state.active, amount, "collect",
                               Text(f"The bank pays {name} {money(amount).en} (collect space).",
                                    f"銀行付給 {name} {money(amount).zh}（獲得資金格）。"))
        return self._end_turn(state)

    def _check_take_value(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        if not state.holdings[state.active]:
            return _one("no_painting_for_value",
                        f"{state.names[state.active]} has no painting to put a value card under, "
                        f"so can only take the cash.",
                        f"{state.names[state.active]} 沒有畫作可以放價值卡，只能拿現金。")
        if not self.draw_pile(state):
            return _one("no_value_cards", "Every value card lies under a painting: take the cash.",
                        "所有價值卡都在畫作下面了：請拿現金。")
        return ()

    def _apply_take_value(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        return self._owe_draw(state, state.active, None, "end_turn")

    def _check_inherit(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active)
                or self._check_bank_painting(state, move.get("painting")))

    def _apply_inherit(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting = move["painting"]
        state = replace(state, bank=tuple(p for p in state.bank if p != painting))
        state = self._give(state, state.active, Holding(painting))
        state = self._note(state, "inherit", f"{state.names[state.active]} inherits "
                           f"{self.painting_name(painting).en} from the bank.",
                           f"{state.names[state.active]} 從銀行承接 {self.painting_name(painting).zh}。")
        return self._owe_draw(state, state.active, painting, "end_turn")

    def _check_buy(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        painting = move.get("painting")
        if state.phase == "buy_bank":
            price = self.spaces[state.space].price_k
            return (self._check_bank_painting(state, painting)
                    or self._cannot_afford(state, state.active, price,
                                           Text("for the bank's painting", "向銀行買畫")))
        problems = self._check_painting_payload(painting, state.phase)
        if problems:
            return problems
        owner = self.owner(state, painting)
        if owner is None or owner == state.active:
            where = self._where_is(state, painting)
            return _one("not_for_sale",
                        f"This space buys a painting from another player; "
                        f"{self.painting_name(painting).en}: {where.en}",
                        f"這一格是向其他玩家買畫；{self.painting_name(painting).zh}：{where.zh}",
                        cards=(painting,))
        return self._cannot_afford(state, state.active, self.data.space_amounts.buy_from_player_k,
                                   Text(f"to {state.names[owner]}", f"給 {state.names[owner]}"))

    def _apply_buy(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting, seat = move["painting"], state.active
        name, title = state.names[seat], self.painting_name(painting)
        if state.phase == "buy_bank":
            price = self.spaces[state.space].price_k
            state = self._transfer(state, seat, None, price, "payment",
                                   Text(f"{name} pays the bank {money(price).en} for {title.en}.",
                                        f"{name} 付給銀行 {money(price).zh}，買下 {title.zh}。"), painting)
            state = replace(state, bank=tuple(p for p in state.bank if p != painting))
            state = self._give(state, seat, Holding(painting))
            return self._owe_draw(state, seat, painting, "end_turn")
        owner = self.owner(state, painting)
        price = self.data.space_amounts.buy_from_player_k
        state = self._transfer(state, seat, owner, price, "payment",
                               Text(f"{name} pays {state.names[owner]} {money(price).en} for "
                                    f"{title.en}, which {state.names[owner]} must sell.",
                                    f"{name} 付給 {state.names[owner]} {money(price).zh}，"
                                    f"買下 {state.names[owner]} 必須賣出的 {title.zh}。"), painting)
        state, holding = self._take(state, owner, painting)
        state = self._give(state, seat, holding)
        return self._end_turn(state)

    def _check_sell(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active)
                or self._check_own_painting(state, state.active, move.get("painting")))

    def _apply_sell(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting, seat = move["painting"], state.active
        name, title = state.names[seat], self.painting_name(painting)
        state, holding = self._take(state, seat, painting)
        shown = self.values_text(holding.values)
        if state.phase == "sell_value":
            price = self.painting_value(holding.values)
            text = Text(f"The bank pays {name} {money(price).en} for {title.en}, its value "
                        f"({shown.en}).",
                        f"銀行以價值 {money(price).zh} 向 {name} 買下 {title.zh}（{shown.zh}）。")
        else:
            price = self.data.space_amounts.must_sell_k
            text = Text(f"{name} must sell {title.en} to the bank for {money(price).en}; its "
                        f"value cards show {shown.en}.",
                        f"{name} 必須以 {money(price).zh} 把 {title.zh} 賣給銀行；價值卡為 {shown.zh}。")
        state = self._transfer(state, None, seat, price, "sale", text, painting)
        state = replace(state, gone=state.gone + (painting,),
                        discard=tuple(sorted(state.discard + holding.values)))
        return self._end_turn(state)

    def _check_pass(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return self._check_actor(state, move, state.active)

    def _apply_pass(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        name = state.names[state.active]
        if state.phase == "buy_bank":
            state = self._note(state, "declined",
                               f"{name} does not buy: the bank auctions the painting among the "
                               f"other players.",
                               f"{name} 不購買：改由其他玩家參與銀行拍賣。")
            return replace(state, phase="easel")
        state = self._note(state, "passed", f"{name} passes.", f"{name} 放棄。")
        return self._end_turn(state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(name="roll", player="seat", fields={"value": Int(1, 6)}, required=("value",),
             check=Spaces._check_roll, effect=Spaces._apply_roll, describe=log.roll),
    MoveRule(name="take_cash", player="seat",
             check=Spaces._check_take_cash, effect=Spaces._apply_take_cash, describe=log.take_cash),
    MoveRule(name="take_value", player="seat",
             check=Spaces._check_take_value, effect=Spaces._apply_take_value, describe=log.take_value),
    MoveRule(name="inherit", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=Spaces._check_inherit, effect=Spaces._apply_inherit, describe=log.inherit),
    MoveRule(name="buy", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=Spaces._check_buy, effect=Spaces._apply_buy, describe=log.buy),
    MoveRule(name="sell", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=Spaces._check_sell, effect=Spaces._apply_sell, describe=log.sell),
    MoveRule(name="pass", player="seat",
             check=Spaces._check_pass, effect=Spaces._apply_pass, describe=log.pass_),
)
