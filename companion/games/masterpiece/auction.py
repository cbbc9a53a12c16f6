"""An auction opens and closes: the bank's painting on the easel, the painting picked for a
private auction, the hammer (sold to the standing bid, paid or restarted) and no sale.

Moves: `easel` {painting}; `pick` {painting} (the left neighbour picks which painting the
active player auctions); `hammer`; `no_sale`. Bidding is in bids.py.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ..moves import MoveRule
from . import log, payments, turns
from .setup import PAINTING
from .state import Auction, Holding, MasterpieceState, left_of
from .words import WORDS, money, refuse


# -- Checks and effects of opening and closing an auction, side by side. ----------------------
def check_easel(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    return turns.check_actor(
        game, state, move, state.active, allow_none=True
    ) or turns.check_bank_painting(game, state, move.get("painting"))


def apply_easel(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting = move["painting"]
    # After "may buy from the bank" is declined, only the other players bid.
    excluded = (state.active,) if game.spaces[state.space].kind == "buy_bank" else ()
    auction = Auction(painting, (), None, state.active, excluded)
    return replace(
        state, phase="auction", auction=auction, bank=tuple(p for p in state.bank if p != painting)
    )


def check_pick(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    picker = left_of(game, state, state.active)
    if move.player != picker:
        return (refuse("picker_only", name=state.names[state.active], picker=state.names[picker]),)
    return turns.check_own_painting(game, state, state.active, move.get("painting"))


def apply_pick(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    return open_private_auction(game, state, move["painting"])


def open_private_auction(game, state: MasterpieceState, painting: str) -> MasterpieceState:
    seat = state.active
    state, holding = payments.take(game, state, seat, painting)
    auction = Auction(painting, holding.values, seat, seat, (seat,))
    return replace(state, phase="auction", auction=auction)


def check_hammer(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.auction.auctioneer, allow_none=True)
    if problems:
        return problems
    if state.auction.standing_k is None:
        return (refuse("no_standing_bid", region="easel"),)
    return ()


def apply_hammer(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    winner, price = auction.bidder, auction.standing_k
    name, title = state.names[winner], log.painting_name(game, auction.painting)
    if state.cash[winner] < price:
        why = WORDS("why.unpaid_bid", name=name, title=title, price=money(price))
        state = payments.fine(game, state, winner, game.data.bid_rules.unpaid_fine_k, why, False)
        state = replace(
            state, auction=replace(auction, standing_k=None, bidder=None, cancelled_k=(), bids=())
        )
        return turns.note(state, "auction_restarts", WORDS("note.auction_restarts", why=why))
    if auction.bank:
        text = WORDS("ledger.bank_auction", name=name, price=money(price), title=title)
    else:
        seller = state.names[auction.seller]
        text = WORDS(
            "ledger.private_auction", name=name, seller=seller, price=money(price), title=title
        )
    state = payments.transfer(
        state, winner, auction.seller, price, "payment", text, auction.painting
    )
    state = payments.give(
        game, replace(state, auction=None), winner, Holding(auction.painting, auction.values)
    )
    if auction.bank:
        return payments.owe_draw(game, state, winner, auction.painting, "end_turn")
    return turns.end_turn(game, state)


def check_no_sale(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    problems = turns.check_actor(game, state, move, state.auction.auctioneer, allow_none=True)
    if problems:
        return problems
    if state.auction.standing_k is not None:
        return (
            refuse(
                "standing_bid",
                region="easel",
                name=state.names[state.auction.bidder],
                standing=money(state.auction.standing_k),
            ),
        )
    return ()


def apply_no_sale(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    title = log.painting_name(game, auction.painting)
    state = replace(state, auction=None)
    if auction.bank:
        state = replace(state, bank=tuple(sorted(state.bank + (auction.painting,))))
        state = turns.note(state, "no_sale", WORDS("note.no_sale.bank", title=title))
    else:
        state = payments.give(
            game, state, auction.seller, Holding(auction.painting, auction.values)
        )
        state = turns.note(
            state,
            "no_sale",
            WORDS("note.no_sale.owner", title=title, name=state.names[auction.seller]),
        )
    return turns.end_turn(game, state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(
        name="easel",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_easel,
        effect=apply_easel,
        describe=log.easel,
    ),
    MoveRule(
        name="pick",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_pick,
        effect=apply_pick,
        describe=log.pick,
    ),
    MoveRule(
        name="hammer", player="seat", check=check_hammer, effect=apply_hammer, describe=log.hammer
    ),
    MoveRule(
        name="no_sale",
        player="seat",
        check=check_no_sale,
        effect=apply_no_sale,
        describe=log.no_sale,
    ),
)
