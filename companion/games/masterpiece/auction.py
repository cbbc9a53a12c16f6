"""An auction opens and closes: the bank's painting on the easel, the painting picked for a
private auction, the hammer (sold to the standing bid, paid or restarted) and no sale.

Moves: `easel` {painting}; `pick` {painting} (the left neighbour picks which painting the
active player auctions); `hammer`; `no_sale`. Bidding is in bids.py.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ..moves import MoveRule
from . import log
from .setup import PAINTING
from .state import MasterpieceState
from .state import Auction, Holding
from .words import _one, money


class Auctions:
    """Checks and effects of opening and closing an auction, side by side."""

    def _check_easel(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active, allow_none=True)
                or self._check_bank_painting(state, move.get("painting")))

    def _apply_easel(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting = move["painting"]
        # After "may buy from the bank" is declined, only the other players bid.
        excluded = (state.active,) if self.spaces[state.space].kind == "buy_bank" else ()
        auction = Auction(painting, (), None, state.active, excluded)
        return replace(state, phase="auction", auction=auction,
                       bank=tuple(p for p in state.bank if p != painting))

    def _check_pick(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        picker = self.left_of(state, state.active)
        if move.player != picker:
            return _one("picker_only",
                        f"When {state.names[state.active]} owns several paintings, the player on "
                        f"their left, {state.names[picker]}, picks which one is auctioned.",
                        f"{state.names[state.active]} 有好幾幅畫時，由左手邊的 {state.names[picker]} "
                        f"挑選要拍賣哪一幅。")
        return self._check_own_painting(state, state.active, move.get("painting"))

    def _apply_pick(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        return self._open_private_auction(state, move["painting"])

    def _open_private_auction(self, state: MasterpieceState, painting: str) -> MasterpieceState:
        seat = state.active
        state, holding = self._take(state, seat, painting)
        auction = Auction(painting, holding.values, seat, seat, (seat,))
        return replace(state, phase="auction", auction=auction)

    def _check_hammer(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.auction.auctioneer, allow_none=True)
        if problems:
            return problems
        if state.auction.standing_k is None:
            return _one("no_standing_bid", "Nobody has bid yet: the hammer needs a standing bid "
                        "(or end the auction with no sale).",
                        "還沒有人出價：要有最高出價才能落槌（或宣布流標）。", region="easel")
        return ()

    def _apply_hammer(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        winner, price = auction.bidder, auction.standing_k
        name, title = state.names[winner], self.painting_name(auction.painting)
        if state.cash[winner] < price:
            why = Text(f"{name} won {title.en} at {money(price).en} but cannot pay it",
                       f"{name} 以 {money(price).zh} 得標 {title.zh}，但付不起")
            state = self._fine(state, winner, self.data.bid_rules.unpaid_fine_k, why, False)
            state = replace(state, auction=replace(auction, standing_k=None, bidder=None,
                                                   cancelled_k=(), bids=()))
            return self._note(state, "auction_restarts",
                              f"{why.en}: the auction starts again.", f"{why.zh}：重新拍賣。")
        if auction.bank:
            text = Text(f"{name} pays the bank {money(price).en} for {title.en} (bank auction).",
                        f"{name} 付給銀行 {money(price).zh}，買下 {title.zh}（銀行拍賣）。")
        else:
            seller = state.names[auction.seller]
            text = Text(f"{name} pays {seller} {money(price).en} for {title.en} (private auction).",
                        f"{name} 付給 {seller} {money(price).zh}，買下 {title.zh}（私人拍賣）。")
        state = self._transfer(state, winner, auction.seller, price, "payment", text, auction.painting)
        state = self._give(replace(state, auction=None), winner, Holding(auction.painting, auction.values))
        if auction.bank:
            return self._owe_draw(state, winner, auction.painting, "end_turn")
        return self._end_turn(state)

    def _check_no_sale(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.auction.auctioneer, allow_none=True)
        if problems:
            return problems
        if state.auction.standing_k is not None:
            return _one("standing_bid",
                        f"{state.names[state.auction.bidder]} bid {money(state.auction.standing_k).en}: "
                        f"the painting is sold when the hammer comes down.",
                        f"{state.names[state.auction.bidder]} 出價 {money(state.auction.standing_k).zh}："
                        f"落槌即成交。", region="easel")
        return ()

    def _apply_no_sale(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        title = self.painting_name(auction.painting)
        state = replace(state, auction=None)
        if auction.bank:
            state = replace(state, bank=tuple(sorted(state.bank + (auction.painting,))))
            state = self._note(state, "no_sale", f"Nobody bid: {title.en} goes back to the bank.",
                               f"沒有人出價：{title.zh} 回到銀行。")
        else:
            state = self._give(state, auction.seller, Holding(auction.painting, auction.values))
            state = self._note(state, "no_sale",
                               f"Nobody bid: {title.en} goes back to {state.names[auction.seller]}.",
                               f"沒有人出價：{title.zh} 回到 {state.names[auction.seller]} 手上。")
        return self._end_turn(state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(name="easel", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=Auctions._check_easel, effect=Auctions._apply_easel, describe=log.easel),
    MoveRule(name="pick", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=Auctions._check_pick, effect=Auctions._apply_pick, describe=log.pick),
    MoveRule(name="hammer", player="seat",
             check=Auctions._check_hammer, effect=Auctions._apply_hammer, describe=log.hammer),
    MoveRule(name="no_sale", player="seat",
             check=Auctions._check_no_sale, effect=Auctions._apply_no_sale, describe=log.no_sale),
)
