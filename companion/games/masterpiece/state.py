"""Where a game of Masterpiece stands: immutable state, replaced by every move.

Amounts are integer thousands of dollars ($3.5M is 3500) so no float ever touches the ledger.
The engine learns which painting and value card were drawn from moves (the camera or the
dashboard observes them); values stay hidden in `describe`, `score` and `public_move` until
the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ...model import Text
from .words import money

DIE_FACES = range(1, 7)


@dataclass(frozen=True)
class Holding:
    """A painting a player owns and the value cards under it, in the order they were added."""

    painting: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Auction:
    painting: str
    values: tuple[str, ...]  # the cards that go with it (private auctions); a bank sale draws one
    seller: int | None  # None: the bank
    auctioneer: int
    excluded: tuple[int, ...]  # seats that may not bid
    standing_k: int | None = None
    bidder: int | None = None
    cancelled_k: tuple[int, ...] = ()  # amounts cancelled by equal bids called at once
    bids: tuple[tuple[int, int], ...] = ()  # (seat, amount) accepted since the (re)start

    @property
    def bank(self) -> bool:
        return self.seller is None


@dataclass(frozen=True)
class Draw:
    """A value card owed now: to `player`, under `painting` (None: the player chooses)."""

    player: int
    painting: str | None
    resume: str  # "setup" or "end_turn"


@dataclass(frozen=True)
class LedgerEntry:
    """One movement of money. payer/payee None is the bank."""

    kind: str  # start, payment, fine, sale, collect
    payer: int | None
    payee: int | None
    amount_k: int
    text: Text
    painting: str | None = None
    turn: int = 0  # 0: set-up

    def to_dict(self) -> dict:
        return {
            "turn": self.turn,
            "kind": self.kind,
            "payer": self.payer,
            "payee": self.payee,
            "amount_k": self.amount_k,
            "amount": money(self.amount_k).to_dict(),
            "painting": self.painting,
            "text": self.text.to_dict(),
        }


@dataclass(frozen=True)
class Notice:
    """Something the table should hear that moves no money (a roll, a reshuffle, a lost turn)."""

    code: str
    text: Text
    turn: int = 0

    def to_dict(self) -> dict:
        return {"turn": self.turn, "code": self.code, "text": self.text.to_dict()}


@dataclass(frozen=True)
class MasterpieceState:
    players: int
    names: tuple[str, ...]
    pawns: tuple[str, ...]  # pawn payload of each seat
    banker: int
    phase: str  # setup, draw, roll, easel, pick, auction, collect, inherit, buy_bank,
    #             sell_value, buy_player, must_sell, over
    active: int | None  # whose turn (None during set-up)
    positions: tuple[int | None, ...]
    cash: tuple[int, ...]
    holdings: tuple[tuple[Holding, ...], ...]
    bank: tuple[str, ...]  # paintings still in the bank pile (sorted: the pile is shuffled)
    deck: tuple[str, ...]  # value cards in the draw pile (sorted)
    discard: tuple[str, ...]  # value cards of paintings sold to the bank
    gone: tuple[str, ...]  # paintings sold to the bank: out of the game
    dealt: int  # seats dealt their starting painting
    skips: tuple[int, ...]  # turns each seat will lose
    ledger: tuple[LedgerEntry, ...]
    journal: tuple[Notice, ...]
    space: int | None = None  # the space being carried out
    last_roll: int | None = None
    auction: Auction | None = None
    draw: Draw | None = None
    turns: int = 0


# -- Questions about a state: who owns what, whose turn comes next, what a bid must reach. ----
def owner(state: MasterpieceState, painting: str) -> int | None:
    for seat, holdings in enumerate(state.holdings):
        if any(h.painting == painting for h in holdings):
            return seat
    return None


def holding(state: MasterpieceState, painting: str) -> Holding | None:
    for holdings in state.holdings:
        for h in holdings:
            if h.painting == painting:
                return h
    return None


def painting_value(game, values: Iterable[str]) -> int:
    """The sum of the value cards, or $0 when a forgery is among them."""
    values = tuple(values)
    if any(game.forgery[v] for v in values):
        return 0
    return sum(game.value_k[v] for v in values)


def draw_pile(state: MasterpieceState) -> tuple[str, ...]:
    """Cards a draw may take now: the deck, or the reshuffled discards once it ran out."""
    return state.deck or state.discard


def left_of(game, state: MasterpieceState, seat: int) -> int:
    """The player on the left: the next seat clockwise (play goes clockwise)."""
    return (seat + 1) % state.players


def next_deal_seat(game, state: MasterpieceState) -> int:
    return (state.banker + state.dealt) % state.players


def eligible_bidders(game, state: MasterpieceState) -> tuple[int, ...]:
    auction = state.auction
    if auction is None:
        return ()
    return tuple(s for s in range(state.players) if s not in auction.excluded)


def min_bid(game, auction: Auction) -> int:
    """The least bid accepted now: the opening or the increment, past any amount cancelled
    by equal bids (a button offering a cancelled amount would only be refused)."""
    rules = game.data.bid_rules
    if auction.standing_k is None:
        least = rules.min_opening_k
    else:
        least = auction.standing_k + rules.min_increment_k
    while least in auction.cancelled_k:
        least += game.data.money_step_k
    return least
