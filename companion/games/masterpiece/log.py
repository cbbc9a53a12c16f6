"""Each move put into words for the game log, as the table says it ("Ann bids $3M").

Value cards stay "a hidden value card": the move arrives after `public_move`, and even the
full move must not give a value away. A move too mangled to put into words says None (its
check says what is wrong).
"""

from __future__ import annotations

from ...model import Move, Text
from . import state as game_state
from .state import MasterpieceState, painting_value
from .words import WORDS, money, painting_title


# -- names of paintings, spaces and value cards, and where a painting is --------------------------
def painting_name(game, payload: str) -> Text:
    """A painting as a sentence names it: its title, in 「」 in Chinese (words.painting_title)."""
    return painting_title(game.catalogue.piece(payload).name)


def space_text(game, index: int) -> Text:
    """What a space does, as printed on the board."""
    space = game.spaces[index]
    amounts = game.data.space_amounts
    price_k = {
        "collect": amounts.collect_cash_k,
        "buy_bank": space.price_k,
        "buy_player": amounts.buy_from_player_k,
        "must_sell": amounts.must_sell_k,
    }
    amount = money(price_k[space.kind]) if space.kind in price_k else None
    return WORDS(f"space.{space.kind}", cash=amount, price=amount)


def values_text(game, values: tuple[str, ...]) -> Text:
    if not values:
        return WORDS("values.none")
    parts = [WORDS("values.forgery") if game.forgery[v] else money(game.value_k[v]) for v in values]
    cards = WORDS.listed("list.plus", parts)
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


def _name(state: MasterpieceState, move: Move) -> str:
    return state.names[move.player]


def _title(game, move: Move) -> Text | None:
    """The painting a move names; None when it names none, or a card that is no painting."""
    payload = move.get("painting")
    if payload not in game.paintings:
        return None
    return painting_name(game, payload)


def _with_player(said):
    """A sentence about the player who acts."""

    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        return said(game, state, move, _name(state, move))

    describe.__doc__ = said.__doc__
    return describe


def _with_amount(said):
    """A sentence about a player and a positive amount of money; None for no money."""

    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        name, amount = _name(state, move), move["amount_k"]
        if amount <= 0:
            return None
        return said(game, state, move, name, money(amount))

    describe.__doc__ = said.__doc__
    return describe


def _with_painting(said):
    """A sentence about a player and a painting; None when either is not there."""

    def describe(game, state: MasterpieceState, move: Move) -> Text | None:
        name, title = _name(state, move), _title(game, move)
        if title is None:
            return None
        return said(game, state, move, name, title)

    describe.__doc__ = said.__doc__
    return describe


# -- set-up and value cards -----------------------------------------------------------------
@_with_painting
def deal(game, state, move, name, title) -> Text:
    return WORDS("log.deal", name=name, title=title)


def place_pawn(game, state: MasterpieceState, move: Move) -> Text | None:
    name, space = _name(state, move), move["space"]
    return WORDS("log.place_pawn", name=name, space=space)


@_with_player
def start(game, state, move, name) -> Text:
    return WORDS("log.start", name=name)


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
        return WORDS("log.draw_value", name=name)
    return WORDS("log.draw_value.under", name=name, title=title)


# -- a turn on the ring -----------------------------------------------------------------------
def roll(game, state: MasterpieceState, move: Move) -> Text | None:
    name, value = _name(state, move), move["value"]
    return WORDS("log.roll", name=name, value=value)


@_with_player
def take_cash(game, state, move, name) -> Text:
    cash = money(game.data.space_amounts.collect_cash_k)
    return WORDS("log.take_cash", name=name, cash=cash)


@_with_player
def take_value(game, state, move, name) -> Text:
    return WORDS("log.take_value", name=name)


@_with_painting
def inherit(game, state, move, name, title) -> Text:
    return WORDS("log.inherit", name=name, title=title)


@_with_painting
def buy(game, state, move, name, title) -> Text:
    owner = game_state.owner(state, move.get("painting"))
    if owner is None:
        return WORDS("log.buy.bank", name=name, title=title)
    return WORDS("log.buy.player", name=name, title=title, owner=state.names[owner])


@_with_painting
def sell(game, state, move, name, title) -> Text:
    return WORDS("log.sell", name=name, title=title)


@_with_player
def pass_(game, state, move, name) -> Text:
    return WORDS("log.pass", name=name)


# -- auctions -----------------------------------------------------------------------------------
@_with_painting
def easel(game, state, move, name, title) -> Text:
    return WORDS("log.easel", title=title)


@_with_painting
def pick(game, state, move, name, title) -> Text:
    active = state.names[state.active] if state.active is not None else None
    if active is None or active == name:
        return WORDS("log.pick", name=name, title=title)
    return WORDS("log.pick.for", name=name, title=title, active=active)


@_with_amount
def bid(game, state, move, name, amount) -> Text:
    return WORDS("log.bid", name=name, amount=amount)


def overbid(game, state: MasterpieceState, move: Move, checked: bool) -> Text | None:
    """The caller, the bid and, for a call the rules accept (`checked`), its outcome, which
    they make public (never the cash itself). Said before the move is applied: the bidder's
    cash is the one the call checks. A refused call says no outcome: it is never checked."""
    bidder, amount = move["bidder"], move["amount_k"]
    if amount <= 0 or move.player is None:
        return None
    words = {"caller": state.names[move.player], "name": state.names[bidder]}
    words["amount"] = money(amount)
    if not checked:
        return WORDS("log.overbid", **words)
    fine = money(game.data.bid_rules.overbid_fine_k)
    if amount <= state.cash[bidder]:
        return WORDS("log.overbid.wrong", **words)
    return WORDS("log.overbid.right", fine=fine, **words)


def tie(game, state: MasterpieceState, move: Move) -> Text | None:
    seats, amount = move["players"], move["amount_k"]
    if amount <= 0:
        return None
    names = [state.names[s] for s in sorted(seats)]
    said = money(amount)
    return WORDS("log.tie", names=WORDS.listed("list.and", names), said=said)


def hammer(game, state: MasterpieceState, move: Move) -> Text | None:
    auction = state.auction
    if auction is None:
        return None
    title = painting_name(game, auction.painting)
    if auction.bidder is None or auction.standing_k is None:
        return WORDS("log.hammer", title=title)
    said = money(auction.standing_k)
    buyer = state.names[auction.bidder]
    if state.cash[auction.bidder] < auction.standing_k:  # the auction starts again
        return WORDS("log.hammer.unpaid", buyer=buyer, said=said, title=title)
    return WORDS("log.hammer.sold", buyer=buyer, title=title, said=said)


def no_sale(game, state: MasterpieceState, move: Move) -> Text | None:
    if state.auction is None:
        return None
    title = painting_name(game, state.auction.painting)
    return WORDS("log.no_sale", title=title)
