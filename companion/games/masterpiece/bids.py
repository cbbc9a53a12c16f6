"""Bidding: who may bid, the opening and increment rules, equal bids called at once, and
the overbid call.

Moves (amounts in thousands): `bid` {amount_k}; `tie` {players, amount_k} (equal bids called
at once: the amount is cancelled); `overbid` {bidder, amount_k} (`player` calls that `bidder`'s
bid was above their cash, checked only then: fine and lost turn, or a wrong call that costs
nothing; a bidder may not call their own bid).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import ListOf, Seat
from ..moves import MoveRule
from . import log, payments, turns
from .setup import AMOUNT
from .state import MasterpieceState
from .words import WORDS, money, refuse


# -- Checks and effects of bids and calls, side by side. --------------------------------------
def check_bidder(game, state: MasterpieceState, seat) -> tuple[Violation, ...]:
    auction = state.auction
    if seat is None:
        return (refuse("unknown_player.bidder"),)
    if seat in auction.excluded:
        name = state.names[seat]
        if seat == auction.auctioneer and not auction.bank:
            return (refuse("auctioneer_cannot_bid", region="easel", name=name),)
        return (refuse("declined_cannot_bid", region="easel", name=name),)
    return ()


def check_bid_amount(game, state: MasterpieceState, amount) -> tuple[Violation, ...]:
    """Opening, increment, step and cancelled-amount rules (not the bidder's cash)."""
    auction = state.auction
    rules = game.data.bid_rules
    step = game.data.money_step_k
    if amount <= 0 or amount % step:
        return (refuse("money_step", region="easel", step=money(step)),)
    if auction.standing_k is None and amount < rules.min_opening_k:
        return (refuse("opening_too_low", region="easel", min_opening=money(rules.min_opening_k)),)
    if auction.standing_k is not None and amount < auction.standing_k + rules.min_increment_k:
        inc, standing = money(rules.min_increment_k), money(auction.standing_k)
        least = money(auction.standing_k + rules.min_increment_k)
        return (refuse("bid_too_low", region="easel", inc=inc, standing=standing, least=least),)
    if amount in auction.cancelled_k:
        return (refuse("amount_cancelled", region="easel", amount=money(amount)),)
    return ()


def check_bid(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    # A bid above the bidder's cash is a bluff the rules let stand unless someone calls
    # it, so it is never refused here: refusing would tell the table that player's cash.
    return check_bidder(game, state, move.player) or check_bid_amount(game, state, move["amount_k"])


def apply_bid(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    amount = move["amount_k"]
    return replace(
        state,
        auction=replace(
            auction,
            standing_k=amount,
            bidder=move.player,
            bids=auction.bids + ((move.player, amount),),
        ),
    )


def check_tie(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    seats = move["players"]  # two seats or more, none twice, as declared
    for seat in seats:
        problems = check_bidder(game, state, seat)
        if problems:
            return problems
    return check_bid_amount(game, state, move["amount_k"])


def apply_tie(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    auction = state.auction
    amount = move["amount_k"]
    names = " & ".join(state.names[s] for s in sorted(set(move["players"])))
    state = replace(state, auction=replace(auction, cancelled_k=auction.cancelled_k + (amount,)))
    return turns.note(
        state, "tie_cancelled", WORDS("note.tie_cancelled", names=names, amount=money(amount))
    )


def check_overbid(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    """`player` calls that `bidder`'s bid of `amount_k` is above their cash. The bid is one of
    this auction's bids, or (called at the very moment it is made) a new bid. Anyone but the
    bidder may call (rules, "Auctions"): calling one's own bid is no call, only a confession."""
    bidder = move["bidder"]
    if move.player is None:
        return (refuse("unknown_player.caller"),)
    if move.player == bidder:
        return (refuse("own_bid_call", region="easel", name=state.names[bidder]),)
    problems = check_bidder(game, state, bidder)
    if problems:
        return problems
    amount = move["amount_k"]
    if (bidder, amount) in state.auction.bids:
        return ()
    if amount <= (state.auction.standing_k or 0):
        name = state.names[bidder]
        return (refuse("no_such_bid", region="easel", name=name, amount=money(amount)),)
    return check_bid_amount(game, state, amount)


def recorded_overbid(state: MasterpieceState, move: Move) -> Move:
    """A call saved before calls named their caller: `player` was the bidder and the caller
    was not kept. The call reads as made by the next seat clockwise: who called changes
    nothing but the log's words (the fine falls on the bidder, a wrong call costs nothing)."""
    if "bidder" in move.params or not isinstance(move.player, int):
        return move
    caller = (move.player + 1) % state.players
    return Move("overbid", caller, {**move.params, "bidder": move.player})


def apply_overbid(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    """The call is checked now, and only now; nothing said reveals anyone's cash."""
    amount = move["amount_k"]
    seat = move["bidder"]
    name = state.names[seat]
    auction = state.auction
    if (seat, amount) not in auction.bids:  # the bid and the call came together
        auction = replace(
            auction, standing_k=amount, bidder=seat, bids=auction.bids + ((seat, amount),)
        )
        state = replace(state, auction=auction)
    if amount <= state.cash[seat]:
        return turns.note(
            state,
            "overbid_call_wrong",
            WORDS("note.overbid_call_wrong", name=name, amount=money(amount)),
        )
    bids = tuple(b for b in auction.bids if b != (seat, amount))
    best = max(bids, key=lambda b: b[1]) if bids else None
    state = replace(
        state,
        auction=replace(
            auction,
            bids=bids,
            standing_k=best[1] if best else None,
            bidder=best[0] if best else None,
        ),
    )
    why = WORDS("why.overbid", name=name, amount=money(amount))
    state = payments.fine(game, state, seat, game.data.bid_rules.overbid_fine_k, why, True)
    return turns.note(state, "overbid", WORDS("note.overbid", why=why, name=name))


def describe_overbid(game, state: MasterpieceState, move: Move):
    """The call in words; its outcome only when the call is one the rules check."""
    return log.overbid(game, state, move, not check_overbid(game, state, move))


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(
        name="bid",
        player="seat",
        fields={"amount_k": AMOUNT},
        required=("amount_k",),
        check=check_bid,
        effect=apply_bid,
        describe=log.bid,
    ),
    MoveRule(
        name="tie",
        player="none",
        fields={
            "players": ListOf(Seat(), 2, lambda c: c.players, distinct=True),
            "amount_k": AMOUNT,
        },
        required=("players", "amount_k"),
        check=check_tie,
        effect=apply_tie,
        describe=log.tie,
    ),
    MoveRule(
        name="overbid",
        player="seat",
        fields={"bidder": Seat(), "amount_k": AMOUNT},
        required=("bidder", "amount_k"),
        check=check_overbid,
        effect=apply_overbid,
        describe=describe_overbid,
    ),
)
