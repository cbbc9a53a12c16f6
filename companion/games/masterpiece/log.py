"""Each move put into words for the game log, as the table says it ("Ann bids $3M").

Value cards stay "a hidden value card": the move arrives after `public_move`, and even the
full move must not give a value away. A move too mangled to put into words says None (its
check says what is wrong).
"""

from __future__ import annotations

from ...model import Move, Text
from . import state as game_state
from .state import DIE_FACES, MasterpieceState, _amount, painting_value
from .words import WORDS, money


# -- names of paintings, spaces and value cards, and where a painting is --------------------------
def painting_name(game, payload: str) -> Text:
    return game.catalogue.piece(payload).name


def space_text(game, index: int) -> Text:
    """What a space does, as printed on the board."""
    space = game.spaces[index]
    amounts = game.data.space_amounts
    price_k = {"collect": amounts.collect_cash_k, "buy_bank": space.price_k,
               "buy_player": amounts.buy_from_player_k, "must_sell": amounts.must_sell_k}
    amount = money(price_k[space.kind]) if space.kind in price_k else None
    return WORDS(f"space.{space.kind}", cash=amount, price=amount)


def values_text(game, values: tuple[str, ...]) -> Text:
    if not values:
        return WORDS("values.none")
    parts = [WORDS("values.forgery") if game.forgery[v] else money(game.value_k[v])
             for v in values]
    cards = Text(" + ".join(p.en for p in parts), " + ".join(p.zh for p in parts))
    if any(game.forgery[v] for v in values):
        return WORDS("values.forged", cards=cards)
    if len(parts) == 1:
        return cards
    return WORDS("values.sum", cards=cards, total=money(painting_value(game, values)))


def card_kind(game, payload: str) -> Text | None:
    """What a known piece of this game is, in words (a value card's value stays hidden)."""
    if payload in game.values:
        return WORDS("piece.value_card")
    if payload in game.paintings:
        return WORDS("piece.painting")
    if payload in game.catalogue:
        return WORDS("piece.other", name=game.catalogue.piece(payload).name)
    return None


def where_is(game, state: MasterpieceState, payload: str) -> Text:
    owner = game_state.owner(state, payload)
    if owner is not None:
        return WORDS("where.owner", owner=state.names[owner])
    if state.auction is not None and state.auction.painting == payload:
        return WORDS("where.easel")
    if payload in state.gone:
        return WORDS("where.gone")
    return WORDS("where.bank")


def _is_index(value, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def _name(state: MasterpieceState, move: Move) -> str | None:
    seat = move.player
    return state.names[seat] if _is_index(seat, state.players) else None


def _title(game, move: Move) -> Text | None:
    payload = move.get("painting")
    if not isinstance(payload, str) or payload not in game.paintings:
        return None
    return painting_name(game, payload)


def _with_player(said):
    """A sentence about the player who acts; None when the seat is not there."""
    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        name = _name(state, move)
        return None if name is None else said(game, state, move, name)
    describe.__doc__ = said.__doc__
    return describe


def _with_amount(said):
    """A sentence about a player and a positive amount of money; None when either is not there."""
    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        name, amount = _name(state, move), _amount(move.get("amount_k"))
        if name is None or amount is None or amount <= 0:
            return None
        return said(game, state, move, name, money(amount))
    describe.__doc__ = said.__doc__
    return describe


def _with_painting(said):
    """A sentence about a player and a painting; None when either is not there."""
    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        name, title = _name(state, move), _title(game, move)
        if name is None or title is None:
            return None
        return said(game, state, move, name, title)
    describe.__doc__ = said.__doc__
    return describe


# -- set-up and value cards -----------------------------------------------------------------
@_with_painting
def deal(game, state, move, name, title) -> Text:
    return Text(f"{name} gets {title.en} to start", f"{name} 拿到起始名畫 {title.zh}")


def place_pawn(game, state: MasterpieceState, move: Move) -> Text | None:
    name, space = _name(state, move), move.get("space")
    if name is None or not _is_index(space, len(game.spaces)):
        return None
    return Text(f"{name} puts their pawn on space {space}", f"{name} 把棋子放在第 {space} 格")


@_with_player
def start(game, state, move, name) -> Text:
    return Text(f"{name} rolled highest and starts", f"{name} 擲出最大點數，先開始")


def draw_value(game, state: MasterpieceState, move: Move) -> Text | None:
    name = _name(state, move)
    if name is None:
        return None
    title = _title(game, move)
    if move.get("card") != "hidden" and move.get("card") not in game.values:
        return None
    if move.get("painting") is None and state.draw is not None and state.draw.painting:
        title = painting_name(game, state.draw.painting)  # the card owed goes there
    elif move.get("painting") is not None and title is None:
        return None
    if title is None:
        return Text(f"{name} draws a hidden value card", f"{name} 抽 1 張隱藏的價值卡")
    return Text(f"{name} puts a hidden value card under {title.en}",
                f"{name} 把 1 張隱藏的價值卡放在 {title.zh} 下面")


# -- a turn on the ring -----------------------------------------------------------------------
def roll(game, state: MasterpieceState, move: Move) -> Text | None:
    name, value = _name(state, move), move.get("value")
    if name is None or not _is_index(value, 7) or value not in DIE_FACES:
        return None
    return Text(f"{name} rolls a {value}", f"{name} 擲出 {value} 點")


@_with_player
def take_cash(game, state, move, name) -> Text:
    cash = money(game.data.space_amounts.collect_cash_k)
    return Text(f"{name} takes {cash.en} from the bank", f"{name} 向銀行拿 {cash.zh}")


@_with_player
def take_value(game, state, move, name) -> Text:
    return Text(f"{name} takes a value card", f"{name} 選擇拿 1 張價值卡")


@_with_painting
def inherit(game, state, move, name, title) -> Text:
    return Text(f"{name} inherits {title.en} from the bank", f"{name} 從銀行承接 {title.zh}")


@_with_painting
def buy(game, state, move, name, title) -> Text:
    owner = game_state.owner(state, move.get("painting"))
    if owner is None:
        return Text(f"{name} buys {title.en} from the bank", f"{name} 向銀行買下 {title.zh}")
    return Text(f"{name} buys {title.en} from {state.names[owner]}",
                f"{name} 向 {state.names[owner]} 買下 {title.zh}")


@_with_painting
def sell(game, state, move, name, title) -> Text:
    return Text(f"{name} sells {title.en} to the bank", f"{name} 把 {title.zh} 賣給銀行")


@_with_player
def pass_(game, state, move, name) -> Text:
    return Text(f"{name} passes", f"{name} 放棄")


# -- auctions -----------------------------------------------------------------------------------
@_with_painting
def easel(game, state, move, name, title) -> Text:
    return Text(f"{title.en} goes on the easel", f"{title.zh} 放上畫架")


@_with_painting
def pick(game, state, move, name, title) -> Text:
    active = state.names[state.active] if state.active is not None else None
    if active is None or active == name:
        return Text(f"{name} picks {title.en} for the auction", f"{name} 挑選 {title.zh} 來拍賣")
    return Text(f"{name} picks {title.en} for {active} to auction",
                f"{name} 挑選 {active} 的 {title.zh} 來拍賣")


@_with_amount
def bid(game, state, move, name, amount) -> Text:
    return Text(f"{name} bids {amount.en}", f"{name} 出價 {amount.zh}")


@_with_amount
def overbid(game, state, move, name, amount) -> Text:
    return Text(f"{name}'s bid of {amount.en} is called as an overbid",
                f"有人指出 {name} 出價 {amount.zh} 超過手上的現金")


def tie(game, state: MasterpieceState, move: Move) -> Text | None:
    seats, amount = move.get("players"), _amount(move.get("amount_k"))
    if (not isinstance(seats, (list, tuple)) or amount is None or amount <= 0
        or not all(_is_index(s, state.players) for s in seats) or len(set(seats)) < 2):
        return None
    names = [state.names[s] for s in sorted(set(seats))]
    said = money(amount)
    return Text(f"{' and '.join(names)} call {said.en} at the same time",
                f"{' 和 '.join(names)} 同時喊出 {said.zh}")


def hammer(game, state: MasterpieceState, move: Move) -> Text | None:
    auction = state.auction
    if auction is None:
        return None
    title = painting_name(game, auction.painting)
    if auction.bidder is None or auction.standing_k is None:
        return Text(f"The hammer comes down on {title.en}", f"{title.zh} 落槌")
    said = money(auction.standing_k)
    buyer = state.names[auction.bidder]
    if state.cash[auction.bidder] < auction.standing_k:  # the auction starts again
        return Text(f"The hammer comes down, but {buyer} cannot pay {said.en} for {title.en}",
                    f"落槌，但 {buyer} 付不出 {said.zh} 買 {title.zh}")
    return Text(f"Sold! {buyer} wins {title.en} for {said.en}",
                f"成交！{buyer} 以 {said.zh} 得標 {title.zh}")


def no_sale(game, state: MasterpieceState, move: Move) -> Text | None:
    if state.auction is None:
        return None
    title = painting_name(game, state.auction.painting)
    return Text(f"Nobody bids for {title.en}", f"沒有人出價買 {title.zh}")
