"""Masterpiece: what a page may offer is what the engine accepts (walk-through by taps only:
"X starts" before the deal was done, a "Hammer" with nobody bidding, value cards already under
paintings in the value-card picker, and a standing bidder offered a raise of their own bid).

The page builds its buttons from `Game.offered_moves` (/api/legal-moves) and, for the
value-card picker, from the drawer's `private_view`: the pile and the cards hidden under the
other players' paintings, which the drawer cannot tell apart. A buy is offered whatever the
buyer's cash (cash is secret) and refused on play with `cannot_afford`; a drawn card that lies
under another's painting (impossible at a real table) is refused `value_not_in_deck`. Those are
the refusals an offered move may meet: each keeps a secret.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace

import pytest

from companion.games import find_game
from companion.games.masterpiece.state import draw_pile
from companion.model import Move, Setup

GAME = find_game("masterpiece")
NAMES = ("Ana", "Ben", "Chen", "Dev", "Eve", "Fay")


# The refusals an offered move may meet, each keeping a secret: a buy beyond the buyer's secret
# cash, a drawn value that lies hidden under a painting (offered so as not to tell which).
SECRET_REFUSAL = defaultdict(lambda: "cannot_afford", draw_value="value_not_in_deck")


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def play(state, *moves):
    for move in moves:
        assert not codes(state, move), (move, codes(state, move))
        state = GAME.apply(state, move)
    return state


def until(state, rnd, done, limit=400):
    """Random offered moves (a buy only when it is paid for) until `done(state)`."""
    for _ in range(limit):
        if done(state):
            return state
        moves = [m for m in GAME.offered_moves(state) if not GAME.check(state, m)]
        kind = rnd.choice(sorted({m.kind for m in moves}))
        state = GAME.apply(state, rnd.choice([m for m in moves if m.kind == kind]))
    raise AssertionError("the game never got there")


def test_nobody_is_offered_the_start_before_every_painting_is_dealt_and_pawn_placed():
    state = GAME.new_game(Setup(3, NAMES[:3]))
    assert codes(state, Move("start", 0)) == ["setup_incomplete"]
    for _ in range(3):
        assert not [m for m in GAME.offered_moves(state) if m.kind == "start"]
        deal = next(m for m in GAME.offered_moves(state) if m.kind == "deal")
        state = play(state, deal)
        draw = next(iter(GAME.offered_moves(state)))
        state = play(state, draw)
    for seat in range(3):
        assert not [m for m in GAME.offered_moves(state) if m.kind == "start"]
        state = play(state, Move("place_pawn", seat, {"space": seat}))
    starts = [m for m in GAME.offered_moves(state) if m.kind == "start"]
    assert [m.player for m in starts] == [0, 1, 2]
    assert all(not codes(state, m) for m in starts)


def at_auction(seed=3):
    state = GAME.new_game(Setup(3, NAMES[:3]))
    return until(state, random.Random(seed), lambda s: s.phase == "auction")


def test_the_hammer_is_offered_only_over_a_standing_bid():
    state = at_auction()
    auctioneer = state.auction.auctioneer
    assert codes(state, Move("hammer", auctioneer)) == ["no_standing_bid"]
    assert "hammer" not in {m.kind for m in GAME.offered_moves(state)}
    bidder = next(m.player for m in GAME.offered_moves(state) if m.kind == "bid")
    state = play(state, Move("bid", bidder, {"amount_k": 1000}))
    assert Move("hammer", auctioneer) in list(GAME.offered_moves(state))


def test_a_standing_bidder_may_raise_but_is_never_offered_it():
    """The rules ("Auctions": open bidding in any order, each new bid at least $500K above
    the standing bid; the seed's 拍賣競標價須較先前出價高出$50萬以上) do not forbid raising your
    own bid, so the engine accepts it; it only costs the bidder more, so no page offers it."""
    state = at_auction()
    bidder = next(m.player for m in GAME.offered_moves(state) if m.kind == "bid")
    state = play(state, Move("bid", bidder, {"amount_k": 1000}))
    assert not [m for m in GAME.offered_moves(state) if m.kind == "bid" and m.player == bidder]
    assert codes(state, Move("bid", bidder, {"amount_k": 1500})) == []


def test_the_value_card_picker_lists_the_pile_and_hides_which_cards_others_hold():
    """The drawer's picker lists no card under its own paintings, but does list the cards
    under the others' paintings: listing the pile alone would tell the drawer, by
    elimination, the values the rules keep secret (found in review: it did)."""
    state = GAME.new_game(Setup(3, NAMES[:3]))
    rnd = random.Random(11)
    state = until(state, rnd, lambda s: s.phase == "draw" and s.turns > 0)
    seat = state.draw.player
    listed = set(GAME.private_view(state, seat)["draw_cards"])
    own = {v for h in state.holdings[seat] for v in h.values}
    others = {v for o, hs in enumerate(state.holdings) if o != seat for h in hs for v in h.values}
    assert own and others
    assert not own & listed and others <= listed
    painting = state.draw.painting
    for card in GAME.values:
        move = Move("draw_value", seat, {"card": card, "painting": painting})
        accepted = not codes(state, move)
        assert accepted == (card in listed and card not in others), card
        if card in others:  # physically impossible: the refusal names no painting or player
            assert codes(state, move) == ["value_not_in_deck"]
    for other in range(3):
        if other != seat:
            assert "draw_cards" not in GAME.private_view(state, other)


def test_what_the_drawer_is_offered_does_not_depend_on_the_others_hidden_values():
    """Two games alike but for which values lie under another player's painting offer the
    drawer the same list."""
    state = GAME.new_game(Setup(3, NAMES[:3]))
    state = until(state, random.Random(11), lambda s: s.phase == "draw" and s.turns > 0)
    seat = state.draw.player
    other = next(o for o in range(3) if o != seat and state.holdings[o])
    pile = list(draw_pile(state))
    held = state.holdings[other][0]
    swapped = (pile[0],) + held.values[1:]
    new_pile = tuple(sorted(set(pile) - {pile[0]} | {held.values[0]}))
    holdings = list(state.holdings)
    holdings[other] = (replace(held, values=swapped),) + state.holdings[other][1:]
    twin = replace(state, holdings=tuple(holdings), deck=new_pile if state.deck else state.deck)
    if not state.deck:
        twin = replace(twin, discard=new_pile)
    assert (
        GAME.private_view(twin, seat)["draw_cards"] == GAME.private_view(state, seat)["draw_cards"]
    )

    def values_offered(s):  # what every role reads from /api/legal-moves
        cards = [m.params["card"] for m in GAME.offered_moves(s) if m.kind == "draw_value"]
        return sorted({(GAME.value_k[c], GAME.forgery[c]) for c in cards})

    assert values_offered(twin) == values_offered(state)


@pytest.mark.parametrize("seed", range(6))
def test_every_offered_move_is_accepted_or_refused_only_for_secret_cash(seed):
    rnd = random.Random(seed)
    state = GAME.new_game(Setup(3 + seed % 3, NAMES[: 3 + seed % 3]))
    for _ in range(600):
        if GAME.is_over(state):
            break
        offered = list(GAME.offered_moves(state))
        assert offered, state.phase
        for move in offered:
            assert codes(state, move) in ([], [SECRET_REFUSAL[move.kind]]), (state.phase, move)
        if state.auction is not None:  # the page's "Bid <least>" button, for each bidder
            least = GAME.describe(state)["auction"]["min_bid_k"]
            for bid in [m for m in offered if m.kind == "bid"]:
                assert not codes(state, Move("bid", bid.player, {"amount_k": least})), least
        moves = [m for m in offered if not GAME.check(state, m)]
        kind = rnd.choice(sorted({m.kind for m in moves}))
        state = GAME.apply(state, rnd.choice([m for m in moves if m.kind == kind]))
