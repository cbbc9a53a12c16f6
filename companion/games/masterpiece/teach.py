"""What is legal now (for hints and random playouts) and the teaching panel's hints and
rules notes. What is offered never depends on anyone's cash: cash is hidden."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from . import deal, spaces, turns
from .state import (DIE_FACES, MasterpieceState, draw_pile, eligible_bidders, left_of, min_bid,
                    next_deal_seat)
from .words import money

PACE = {"inherit": 0, "buy_bank": 1, "bank_auction": 2}


# -- Legal moves, hints and the rules page's notes. -------------------------------------------
def value_choices(game, pile: tuple[str, ...]) -> list[str]:
    """One card of each distinct value (a finite, varied sample of the hidden deck)."""
    seen: dict[tuple[int, bool], str] = {}
    for card in pile:
        seen.setdefault((game.value_k[card], game.forgery[card]), card)
    return list(seen.values())


def legal_moves(game, state: MasterpieceState) -> Iterable[Move]:
    phase, seat = state.phase, state.active
    if phase == "setup":
        if state.dealt < state.players:
            yield Move("deal", next_deal_seat(game, state), {"painting": state.bank[0]})
        for s, position in enumerate(state.positions):
            if position is None:
                for space in sorted({(5 * s) % len(game.spaces), (7 * s + 3) % len(game.spaces)}):
                    yield Move("place_pawn", s, {"space": space})
        if not deal.check_start(game, state, Move("start", 0)):
            for s in range(state.players):
                yield Move("start", s)
    elif phase == "draw":
        draw = state.draw
        targets = ([draw.painting] if draw.painting else
                   [h.painting for h in state.holdings[draw.player]][:2])
        for card in value_choices(game, draw_pile(state)):
            for painting in targets:
                yield Move("draw_value", draw.player, {"card": card, "painting": painting})
    elif phase == "roll":
        # Rolls reaching a space that takes a bank painting come first, so that always
        # taking the first legal move ends a game quickly (a short base case for tests).
        def pace(value: int) -> int:
            kind = game.spaces[(state.positions[seat] + value) % len(game.spaces)].kind
            return PACE.get(kind, len(PACE))
        for value in sorted(DIE_FACES, key=pace):
            yield Move("roll", seat, {"value": value})
    elif phase == "easel":
        for painting in sorted({state.bank[0], state.bank[-1]}):
            yield Move("easel", seat, {"painting": painting})
    elif phase == "pick":
        for h in state.holdings[seat]:
            yield Move("pick", left_of(game, state, seat), {"painting": h.painting})
    elif phase == "auction":
        yield from legal_auction_moves(game, state)
    elif phase == "collect":
        yield Move("take_cash", seat)
        if not spaces.check_take_value(game, state, Move("take_value", seat)):
            yield Move("take_value", seat)
    elif phase == "inherit":
        yield Move("inherit", seat, {"painting": state.bank[0]})
    elif phase in ("buy_bank", "buy_player", "sell_value", "must_sell"):
        if phase == "buy_bank":
            options = [state.bank[0]]
        elif phase == "buy_player":
            options = [h.painting for s in range(state.players) if s != seat
                       for h in state.holdings[s]]
        else:
            options = [h.painting for h in state.holdings[seat]]
        kind = "sell" if phase in ("sell_value", "must_sell") else "buy"
        for painting in options:
            move = Move(kind, seat, {"painting": painting})
            if not game.check(state, move):
                yield move
        if phase != "must_sell":
            yield Move("pass", seat)


def legal_auction_moves(game, state: MasterpieceState) -> Iterable[Move]:
    auction = state.auction
    if auction.standing_k is not None:
        yield Move("hammer", auction.auctioneer)
    step = game.data.money_step_k
    level = min_bid(game, auction)
    while level in auction.cancelled_k:
        level += step
    # What is offered never depends on anyone's cash (hidden): every bidder may bid, and
    # any standing bid may be called.
    if auction.standing_k is not None:
        yield Move("overbid", auction.bidder, {"amount_k": auction.standing_k})
    bidders = [s for s in eligible_bidders(game, state) if s != auction.bidder]
    for s in bidders:
        yield Move("bid", s, {"amount_k": level})
        if level + 1000 not in auction.cancelled_k:
            yield Move("bid", s, {"amount_k": level + 1000})
    if len(bidders) >= 2:
        yield Move("tie", None, {"players": bidders[:2], "amount_k": level})
    if auction.standing_k is None:
        yield Move("no_sale", auction.auctioneer)


def hints(game, state: MasterpieceState) -> tuple[Hint, ...]:
    if turns.is_over(game, state):
        return ()
    hints = [Hint(turns.waiting_for(game, state), None, {"phase": state.phase})]
    auction = state.auction
    if state.phase == "auction":
        least = min_bid(game, auction)
        text = (Text(f"Opening bid: at least {money(least).en}.", f"起標價至少 {money(least).zh}。")
                if auction.standing_k is None else
                Text(f"Standing bid {money(auction.standing_k).en} by "
                     f"{state.names[auction.bidder]}: the next bid is at least {money(least).en}.",
                     f"目前最高價 {money(auction.standing_k).zh}（{state.names[auction.bidder]}），"
                     f"下一次出價至少 {money(least).zh}。"))
        hints.append(Hint(text, "easel", {"min_bid_k": least}))
        if not auction.bank:
            hints.append(Hint(Text("The auctioneer may not bid on their own painting.",
                                   "拍賣官不能對自己的畫作出價。"), "easel"))
    return tuple(hints)


def rules_notes(game) -> tuple[Text, ...]:
    notes = []
    if game.data.board.unverified:
        notes.append(Text("The order of the 30 board spaces is a placeholder (not found in "
                          "public sources); check it against your board.",
                          "圖板 30 格的順序是暫定資料（公開資料中找不到），請對照你的圖板。"))
    if game.data.value_deck.unverified:
        notes.append(Text("The value-card distribution is a placeholder (not found in public "
                          "sources): 3 forgeries and values from $1M to $10M.",
                          "價值卡的分布是暫定資料（公開資料中找不到）：3 張贗品，其餘 $100萬 到 $1000萬。"))
    notes.append(Text("The rules do not say what happens when nobody bids: the painting goes "
                      "back to the bank (or to its owner) and the turn ends.",
                      "規則沒有說明無人出價時怎麼辦：畫作回到銀行（或原主人），回合結束。"))
    notes.append(Text("A bid above the bidder's cash is accepted like any bid: cash is hidden. "
                      "Any player may call it before the hammer (the overbid move): only then "
                      "is it checked, and a called overbid costs a $1M fine and the next turn; "
                      "a wrong call costs nothing, and an overbid nobody calls stands.",
                      "超過現金的出價和一般出價一樣會被接受：現金是秘密。落槌前任何玩家都可以指出"
                      "（登記超額出價）：這時才檢查；被指出的超額出價罰款 $100萬 並喪失下一回合；"
                      "喊錯不受罰；沒人指出的超額出價有效。"))
    return tuple(notes)
