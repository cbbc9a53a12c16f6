"""What is legal now (for hints and random playouts), what pages offer (`offered_moves`), and
the teaching panel's hints and rules notes. What is offered never depends on anyone's cash:
cash is hidden."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from . import deal, spaces, turns
from .state import (
    DIE_FACES,
    MasterpieceState,
    draw_pile,
    eligible_bidders,
    left_of,
    min_bid,
    next_deal_seat,
)
from .words import WORDS, money

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
        yield from _setup_moves(game, state)
    elif phase == "draw":
        yield from _draw_moves(game, state)
    elif phase == "roll":
        yield from _roll_moves(game, state, seat)
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
        yield from _trade_moves(game, state, seat)


def _setup_moves(game, state: MasterpieceState) -> Iterable[Move]:
    """Deal the next painting, put a pawn down, or start once everything is in place."""
    if state.dealt < state.players:
        yield Move("deal", next_deal_seat(game, state), {"painting": state.bank[0]})
    for s, position in enumerate(state.positions):
        if position is None:
            for space in sorted({(5 * s) % len(game.spaces), (7 * s + 3) % len(game.spaces)}):
                yield Move("place_pawn", s, {"space": space})
    if not deal.check_start(game, state, Move("start", 0)):
        for s in range(state.players):
            yield Move("start", s)


def _draw_moves(game, state: MasterpieceState, cards: tuple[str, ...] = ()) -> Iterable[Move]:
    draw = state.draw
    targets = (
        [draw.painting] if draw.painting else [h.painting for h in state.holdings[draw.player]][:2]
    )
    for card in value_choices(game, cards or draw_pile(state)):
        for painting in targets:
            yield Move("draw_value", draw.player, {"card": card, "painting": painting})


def _roll_moves(game, state: MasterpieceState, seat: int) -> Iterable[Move]:
    # Rolls reaching a space that takes a bank painting come first, so that always
    # taking the first legal move ends a game quickly (a short base case for tests).
    def pace(value: int) -> int:
        kind = game.spaces[(state.positions[seat] + value) % len(game.spaces)].kind
        return PACE.get(kind, len(PACE))

    for value in sorted(DIE_FACES, key=pace):
        yield Move("roll", seat, {"value": value})


def offered_moves(game, state: MasterpieceState) -> Iterable[Move]:
    """The moves a page offers (every role may read them): the legal ones, but a buy is
    offered whether or not the buyer can pay, since cash is secret until the end; playing
    one the buyer cannot pay is refused then ("no loans"). Passing comes first: a caller
    that takes the first move offered never picks a buy it may not pay for."""
    if state.phase in ("buy_bank", "buy_player"):
        moves = list(_trade_moves(game, state, state.active, offered=True))
        yield from sorted(moves, key=lambda move: move.kind != "pass")
    elif state.phase == "draw":
        # Values offered from the pile and from under every painting alike: offering the
        # pile's values alone would tell everyone which values the paintings hide. A card
        # under a painting, drawn, is refused then (`value_not_in_deck`).
        hidden = sorted({card for seat in state.holdings for h in seat for card in h.values})
        yield from _draw_moves(game, state, tuple(draw_pile(state)) + tuple(hidden))
    else:
        yield from legal_moves(game, state)


def _trade_moves(game, state: MasterpieceState, seat: int, offered: bool = False) -> Iterable[Move]:
    """Buy from the bank or another player, sell a painting back, or pass (`offered`: buys
    the buyer may lack the cash for too)."""
    phase = state.phase
    if phase == "buy_bank":
        options = [state.bank[0]]
    elif phase == "buy_player":
        options = [h.painting for s in range(state.players) if s != seat for h in state.holdings[s]]
    else:
        options = [h.painting for h in state.holdings[seat]]
    kind = "sell" if phase in ("sell_value", "must_sell") else "buy"
    for painting in options:
        move = Move(kind, seat, {"painting": painting})
        if offered and kind == "buy":
            problems = spaces.check_buy_terms(game, state, move)  # cash aside: it is secret
        else:
            problems = game.check(state, move)
        if not problems:
            yield move
    if phase != "must_sell":
        yield Move("pass", seat)


def legal_auction_moves(game, state: MasterpieceState) -> Iterable[Move]:
    auction = state.auction
    if auction.standing_k is not None:
        yield Move("hammer", auction.auctioneer)
    level = min_bid(game, auction)  # past any cancelled amount
    # What is offered never depends on anyone's cash (hidden): every bidder may bid, and
    # any standing bid may be called.
    if auction.standing_k is not None:  # anyone but the bidder may call it
        called = {"bidder": auction.bidder, "amount_k": auction.standing_k}
        for caller in range(len(state.names)):
            if caller != auction.bidder:
                yield Move("overbid", caller, called)
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
        text = (
            WORDS("hint.opening_bid", least=money(least))
            if auction.standing_k is None
            else WORDS(
                "hint.next_bid",
                standing=money(auction.standing_k),
                name=state.names[auction.bidder],
                least=money(least),
            )
        )
        hints.append(Hint(text, "easel", {"min_bid_k": least}))
        if not auction.bank:
            hints.append(Hint(WORDS("hint.auctioneer"), "easel"))
    return tuple(hints)


def rules_notes(game) -> tuple[Text, ...]:
    notes = []
    if game.data.board.unverified:
        notes.append(WORDS("rules.board_placeholder"))
    if game.data.value_deck.unverified:
        notes.append(WORDS("rules.deck_placeholder"))
    notes.append(WORDS("rules.no_bids"))
    notes.append(WORDS("rules.overbid"))
    return tuple(notes)
