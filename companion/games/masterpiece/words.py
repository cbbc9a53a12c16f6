"""The words Masterpiece speaks: money as players say it, and a keyed table (`WORDS`, English
and Traditional Chinese side by side) of the names of moves, spaces, pieces and places.

Refusals and log sentences still write their two languages together where they are made
(`_one`, log.py); they are the next to move into this table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import Text, Violation
from ..words import Words

if TYPE_CHECKING:  # pragma: no cover
    from .state import MasterpieceState


def money(amount_k: int) -> Text:
    """$3.5M / $350萬, $500K / $50萬: how players say amounts."""
    if amount_k == 0:
        return Text("$0", "$0")
    en = f"${amount_k / 1000:g}M" if amount_k >= 1000 else f"${amount_k}K"
    zh = f"${amount_k / 10:,g}萬"
    return Text(en, zh)


def _violation(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
               region: str | None = None) -> Violation:
    return Violation(code, Text(en, zh), cards, region)


def _one(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
         region: str | None = None) -> tuple[Violation, ...]:
    return (_violation(code, en, zh, cards, region),)


WORDS = Words({
    # each move in the players' words (a refusal says which action does not fit now)
    "move.deal": ("Dealing a painting", "發名畫"),
    "move.place_pawn": ("Placing a pawn", "擺放棋子"),
    "move.start": ("Starting the game", "開始遊戲"),
    "move.draw_value": ("Taking a value card", "拿價值卡"),
    "move.roll": ("Rolling the die", "擲骰子"),
    "move.easel": ("Putting a painting on the easel", "把名畫放上畫架"),
    "move.pick": ("Picking the painting to auction", "挑選要拍賣的名畫"),
    "move.bid": ("Bidding", "出價"),
    "move.tie": ("Cancelling equal bids", "作廢同時喊出的相同出價"),
    "move.overbid": ("Calling an overbid", "指出超額出價"),
    "move.hammer": ("The hammer", "落槌"),
    "move.no_sale": ("Ending the auction unsold", "宣布流標"),
    "move.take_cash": ("Taking the cash", "拿現金"),
    "move.take_value": ("Taking a value card", "拿價值卡"),
    "move.inherit": ("Inheriting", "繼承名畫"),
    "move.buy": ("Buying", "購買"),
    "move.sell": ("Selling", "出售"),
    "move.pass": ("Passing", "放棄"),
    # why a painting is wanted, by phase: said when another kind of card is given instead
    "wants_painting": ("this needs a painting", "這裡需要一幅名畫"),
    "wants_painting.setup": ("the deal gives each player the top painting", "發牌時每位玩家拿一幅名畫"),
    "wants_painting.easel": ("the easel takes the top painting of the bank", "畫架上要放銀行最上面的名畫"),
    "wants_painting.pick": ("a private auction sells one of the active player's paintings",
                            "私人拍賣賣的是輪到的玩家的一幅名畫"),
    "wants_painting.inherit": ("inheriting takes the top painting of the bank", "繼承拿的是銀行最上面的名畫"),
    "wants_painting.buy_bank": ("buying takes a painting", "購買拿的是一幅名畫"),
    "wants_painting.buy_player": ("buying takes a painting", "購買拿的是一幅名畫"),
    "wants_painting.sell_value": ("selling needs one of your paintings", "出售需要你的一幅名畫"),
    "wants_painting.must_sell": ("selling needs one of your paintings", "出售需要你的一幅名畫"),
    "wants_painting.draw": ("a value card goes under one of your paintings", "價值卡要放在你的一幅名畫下面"),
    # what each space does, as printed on the board
    "space.bank_auction": (
        "Bank auction: the top bank painting goes on the easel and everybody may bid, the "
        "auctioneer too.", "銀行拍賣：銀行最上面的名畫放上畫架，所有人（包括拍賣官）都可以出價。"),
    "space.private_auction": ("Private auction: auction one of your paintings; you may not bid.",
                              "私人拍賣：拍賣你的一幅畫作，你自己不能出價。"),
    "space.collect": ("Collect {cash} or a value card.", "獲得 {cash} 或 1 張價值卡。"),
    "space.inherit": ("Inherit a painting from the bank (free, with a value card).",
                      "承接銀行畫作：免費拿一幅名畫和一張價值卡。"),
    "space.buy_bank": ("May buy a painting from the bank for {price}.", "可以 {price} 向銀行購買畫作。"),
    "space.sell_value": ("May sell a painting to the bank at its value.", "可將任一畫作以其價值賣給銀行。"),
    "space.buy_player": ("May buy any painting from any player for {price}.",
                         "可以 {price} 向任一玩家購買任一畫作。"),
    "space.must_sell": ("Must sell a painting to the bank for {price}.", "須以 {price} 將一幅畫作賣給銀行。"),
    # value cards, said at the end
    "values.none": ("no value card, $0", "沒有價值卡，$0"),
    "values.forgery": ("forgery", "贗品"),
    "values.forged": ("{cards}: a forgery makes it worth $0", "{cards}：有贗品，價值 $0"),
    "values.sum": ("{cards} = {total}", "{cards} = {total}"),
    # what a piece is, and where a painting is
    "piece.value_card": ("a value card", "價值卡"),
    "piece.painting": ("a painting", "名畫卡"),
    "piece.other": ("the {name}", "{name}"),
    "where.owner": ("{owner} owns it.", "它屬於 {owner}。"),
    "where.easel": ("it is on the easel.", "它在畫架上。"),
    "where.gone": ("it was sold to the bank and left the game.", "它已賣給銀行，離開遊戲。"),
    "where.bank": ("it is still in the bank's pile.", "它還在銀行的名畫堆裡。"),
})
