"""Bidding: who may bid, the opening and increment rules, equal bids called at once, and
the overbid call.

Moves (amounts in thousands): `bid` {amount_k}; `tie` {players, amount_k} (equal bids called
at once: the amount is cancelled); `overbid` {amount_k} (a call that `player`'s bid was above
their cash, checked only then: fine and lost turn, or a wrong call that costs nothing).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ...validation import ListOf, Seat
from ..moves import MoveRule
from . import log, payments, turns
from .setup import AMOUNT
from .state import MasterpieceState, _amount
from .words import _one, money


# -- Checks and effects of bids and calls, side by side. --------------------------------------
def check_bidder(game, state: MasterpieceState, seat) -> tuple[Violation, ...]:
    auction = state.auction
    if seat is None:
        return _one("unknown_player", "Say who is bidding.", "請說明是誰出價。")
    if seat in auction.excluded:
        name = state.names[seat]
        if seat == auction.auctioneer and not auction.bank:
            return _one("auctioneer_cannot_bid",
                        f"{name} is auctioning their own painting, so {name} may not bid.",
                        f"{name} 正在拍賣自己的畫作，所以不能出價。", region="easel")
        return _one("declined_cannot_bid",
                    f"{name} chose not to buy this painting, so the bank auctions it among "
                    f"the other players.",
                    f"{name} 選擇不購買這幅畫，所以由其他玩家參與銀行拍賣。", region="easel")
    return ()


def check_bid_amount(game, state: MasterpieceState, amount) -> tuple[Violation, ...]:
    """Opening, increment, step and cancelled-amount rules (not the bidder's cash)."""
    auction = state.auction
    rules = game.data.bid_rules
    step = game.data.money_step_k
    amount = _amount(amount)
    if amount is None or amount <= 0 or amount % step:
        return _one("money_step",
                    f"Bids are counted in steps of {money(step).en} (amount_k is in thousands).",
                    f"出價必須以 {money(step).zh} 為單位（amount_k 以千元計）。", region="easel")
    if auction.standing_k is None and amount < rules.min_opening_k:
        return _one("opening_too_low",
                    f"The opening bid must be at least {money(rules.min_opening_k).en}.",
                    f"起標價至少要 {money(rules.min_opening_k).zh}。", region="easel")
    if auction.standing_k is not None and amount < auction.standing_k + rules.min_increment_k:
        inc, standing = money(rules.min_increment_k), money(auction.standing_k)
        least = money(auction.standing_k + rules.min_increment_k)
        return _one("bid_too_low",
                    f"Bids must rise by at least {inc.en}: the standing bid is {standing.en}, "
                    f"so bid {least.en} or more.",
                    f"每次出價至少要比目前最高價多 {inc.zh}：目前最高價是 {standing.zh}，"
                    f"所以請出 {least.zh} 以上。", region="easel")
    if amount in auction.cancelled_k:
        return _one("amount_cancelled",
                    f"{money(amount).en} was cancelled when two players called it at once; "
                    f"bid another amount.",
                    f"{money(amount).zh} 因兩人同時喊出而作廢，請出別的價錢。", region="easel")
    return ()


def check_bid(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    # A bid above the bidder's cash is a bluff the rules let stand unless someone calls
    # it, so it is never refused here: refusing would tell the table that player's cash.
    return (check_bidder(game, state, move.player)
            or check_bid_amount(game, state, move.get("amount_k")))


def apply_bid(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    amount = _amount(move["amount_k"])
    return replace(state, auction=replace(auction, standing_k=amount, bidder=move.player,
                                          bids=auction.bids + ((move.player, amount),)))


def check_tie(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    seats = move.get("players")
    if (not isinstance(seats, (list, tuple)) or len(set(seats)) < 2
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < state.players
                   for s in seats)):
        return _one("tie_needs_two",
                    "Equal bids cancel only when two or more different players call the same "
                    "amount at once: list their seats.",
                    "只有兩位以上玩家同時喊出相同價錢時才會作廢：請列出他們的座位。")
    for seat in seats:
        problems = check_bidder(game, state, seat)
        if problems:
            return problems
    return check_bid_amount(game, state, move.get("amount_k"))


def apply_tie(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    amount = _amount(move["amount_k"])
    names = " & ".join(state.names[s] for s in sorted(set(move["players"])))
    state = replace(state, auction=replace(auction, cancelled_k=auction.cancelled_k + (amount,)))
    return turns.note(state, "tie_cancelled",
                      f"{names} called {money(amount).en} at the same time: that amount is "
                      f"cancelled.",
                      f"{names} 同時喊出 {money(amount).zh}：這個價錢作廢。")


def check_overbid(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    """A call that `player`'s bid of `amount_k` is above their cash. The bid is one of this
    auction's bids, or (called at the very moment it is made) a new bid."""
    problems = check_bidder(game, state, move.player)
    if problems:
        return problems
    amount = _amount(move.get("amount_k"))
    if (move.player, amount) in state.auction.bids:
        return ()
    if amount is not None and amount <= (state.auction.standing_k or 0):
        name = state.names[move.player]
        return _one("no_such_bid",
                    f"{name} has no bid of {money(amount).en} in this auction to call: "
                    f"only a bid made since the auction (re)started can be called.",
                    f"{name} 在這次拍賣中沒有出過 {money(amount).zh}：只能指出這次拍賣"
                    f"（重新）開始後的出價。", region="easel")
    return check_bid_amount(game, state, amount)


def apply_overbid(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    """The call is checked now, and only now; nothing said reveals anyone's cash."""
    amount = _amount(move["amount_k"])
    seat, name = move.player, state.names[move.player]
    auction = state.auction
    if (seat, amount) not in auction.bids:  # the bid and the call came together
        auction = replace(auction, standing_k=amount, bidder=seat,
                          bids=auction.bids + ((seat, amount),))
        state = replace(state, auction=auction)
    if amount <= state.cash[seat]:
        return turns.note(state, "overbid_call_wrong",
                          f"The call was wrong: {name} can pay {money(amount).en}. The bid "
                          f"stands and the call costs nothing.",
                          f"喊錯了：{name} 付得起 {money(amount).zh}。出價有效，喊的人不受罰。")
    bids = tuple(b for b in auction.bids if b != (seat, amount))
    best = max(bids, key=lambda b: b[1]) if bids else None
    state = replace(state, auction=replace(
        auction, bids=bids, standing_k=best[1] if best else None,
        bidder=best[0] if best else None))
    why = Text(f"{name}'s bid of {money(amount).en} was called and {name} cannot pay it",
               f"{name} 出價 {money(amount).zh} 被指出付不起")
    state = payments.fine(game, state, seat, game.data.bid_rules.overbid_fine_k, why, True)
    return turns.note(state, "overbid", f"Overbid: {why.en}. The bid does not count and {name} "
                      f"loses the next turn.",
                      f"超額出價：{why.zh}。此出價無效，{name} 喪失下一回合。")


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(name="bid", player="seat", fields={"amount_k": AMOUNT}, required=("amount_k",),
             check=check_bid, effect=apply_bid, describe=log.bid),
    MoveRule(name="tie", player="none", fields={
        "players": ListOf(Seat(), 2, lambda c: c.players, distinct=True), "amount_k": AMOUNT},
             required=("players", "amount_k"),
             check=check_tie, effect=apply_tie, describe=log.tie),
    MoveRule(name="overbid", player="seat", fields={"amount_k": AMOUNT}, required=("amount_k",),
             check=check_overbid, effect=apply_overbid, describe=log.overbid),
)
