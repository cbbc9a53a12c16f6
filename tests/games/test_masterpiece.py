"""Masterpiece rules, one test per rule, asserting on violation codes and the bank ledger
(rules: shared/rules/masterpiece.md). Spaces are found by kind, not by number, so the tests
survive a corrected board order in the data file."""

import copy
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import companion.catalogue as catalogue_module
from companion.errors import CompanionError, DataFileError, IllegalMoveError, PlayerCountError
from companion.events import CardAdded, CardMoved, FrameEnd, Where
from companion.games import find_game
from companion.games import masterpiece as mp_module
from companion.model import Move, Setup, Text
from companion.record import load_record
from companion.session import Session
from companion.validation import InvalidFieldError

GAME = find_game("masterpiece")
NAMES = ("Ana", "Ben", "Chen", "Dev", "Eve", "Fay")
RING = len(GAME.spaces)
GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "masterpiece"


# -- helpers ----------------------------------------------------------------------------------
def P(number):
    return f"MPP{number:02d}"


def card(value_k, nth=0):
    """The nth value card worth value_k (value 0 means a forgery)."""
    matches = [c for c in GAME.values if GAME.value_k[c] == value_k]
    return matches[nth]


def space_of(kind, price_k=None):
    return next(
        s.index for s in GAME.spaces if s.kind == kind and (price_k is None or s.price_k == price_k)
    )


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def malformed(state, move) -> str:
    """The field a malformed move is refused for: check raises, as the session does."""
    with pytest.raises(InvalidFieldError) as refused:
        GAME.check(state, move)
    return refused.value.field


def play(state, *moves):
    for move in moves:
        violations = GAME.check(state, move)
        assert not violations, [v.message.en for v in violations]
        state = GAME.apply(state, move)
    return state


def setup_moves(n=3, values=None, at=None, first=0):
    """Seat k gets painting k+1 over `values[k]`; pawns at `at` (default space 0)."""
    values = values or [card(1000, k) for k in range(n)]
    moves = []
    for seat in range(n):
        moves += [
            Move("deal", seat, {"painting": P(seat + 1)}),
            Move("draw_value", seat, {"card": values[seat]}),
        ]
    moves += [Move("place_pawn", seat, {"space": (at or {}).get(seat, 0)}) for seat in range(n)]
    return moves + [Move("start", first)]


def started(n=3, **kwargs):
    return play(GAME.new_game(Setup(n, NAMES[:n])), *setup_moves(n, **kwargs))


def session_started(n=3, **kwargs):
    session = Session(GAME, Setup(n, NAMES[:n]))
    for move in setup_moves(n, **kwargs):
        assert session.play(move).accepted
    return session


def landing(kind, n=3, roll=2, price_k=None, **kwargs):
    """Seat 0 rolls `roll` onto the first space of `kind`."""
    target = space_of(kind, price_k)
    state = started(n, at={0: (target - roll) % RING}, **kwargs)
    return play(state, Move("roll", 0, {"value": roll}))


def bank_auction(n=3, painting=10, **kwargs):
    state = landing("bank_auction", n, **kwargs)
    return play(state, Move("easel", 0, {"painting": P(painting)}))


def bid(seat, amount_k):
    return Move("bid", seat, {"amount_k": amount_k})


def values_of(state, seat, painting):
    return next(h.values for h in state.holdings[seat] if h.painting == painting)


def money_in_play(state):
    """Players' cash as the ledger explains it: what the bank paid out minus what it took in."""
    total = 0
    for entry in state.ledger:
        if entry.payer is None:
            total += entry.amount_k
        if entry.payee is None:
            total -= entry.amount_k
    return total


# -- data and catalogue -----------------------------------------------------------------------
def test_lookup_and_catalogue():
    assert find_game("曠世鉅作") is GAME and find_game(" MASTERPIECE ") is GAME
    cat = GAME.catalogue
    assert len(GAME.paintings) == 24 and len(GAME.values) == 42
    assert all(cat.piece(v).back == "MPBACK" for v in GAME.values)
    assert [p.payload for p in cat.backs] == ["MPBACK"]
    markers = sorted(t.marker for t in cat.tokens)
    assert len(markers) == 6 and all(140 <= m <= 149 for m in markers)
    assert all(cat.piece(p).name.zh and cat.piece(p).name.en for p in GAME.paintings)


def test_placeholder_deck_and_board_follow_the_rulebook_and_are_flagged():
    deck = {}
    for c in GAME.values:
        deck[GAME.value_k[c]] = deck.get(GAME.value_k[c], 0) + 1
    assert deck == {0: 3, 1000: 6, 2000: 8, 3000: 8, 4000: 6, 5000: 5, 7500: 3, 10000: 3}
    assert all(GAME.forgery[c] == (GAME.value_k[c] == 0) for c in GAME.values)
    kinds = {}
    for s in GAME.spaces:
        kinds[s.kind] = kinds.get(s.kind, 0) + 1
    assert RING == 30
    assert kinds == {
        "bank_auction": 6,
        "private_auction": 5,
        "collect": 4,
        "inherit": 3,
        "buy_bank": 4,
        "sell_value": 3,
        "buy_player": 3,
        "must_sell": 2,
    }
    assert sorted(s.price_k for s in GAME.spaces if s.kind == "buy_bank") == [
        2000,
        3000,
        4000,
        5000,
    ]
    assert GAME.data.board.unverified and GAME.data.value_deck.unverified
    notes = " ".join(n.en for n in GAME.rules_notes())
    assert "placeholder" in notes and "value-card" in notes
    assert GAME.describe(started())["board"]["unverified"] is True


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d["board"]["spaces"][3].update(kind="casino"), "unknown kind"),
        (lambda d: d.update(starting_cash_k=15200), "multiple of money_step_k"),
        (lambda d: d["board"]["spaces"][0].update(price_k=1000), "only buy_bank"),
    ],
)
def test_broken_game_data_is_refused(monkeypatch, change, message):
    raw = json.loads(json.dumps(catalogue_module.load_json_resource("games", "masterpiece.json")))
    change(raw)
    monkeypatch.setattr(catalogue_module, "load_json_resource", lambda *parts: raw)
    with pytest.raises(DataFileError, match=message):
        mp_module.Masterpiece()


def test_value_deck_must_match_the_catalogue(monkeypatch):
    raw = json.loads(json.dumps(catalogue_module.load_json_resource("games", "masterpiece.json")))
    raw["value_deck"]["cards"][1]["count"] += 1
    monkeypatch.setattr(catalogue_module, "load_json_resource", lambda *parts: raw)
    with pytest.raises(DataFileError, match="do not match value_deck"):
        mp_module.Masterpiece()


def test_money_is_said_the_way_players_say_it():
    assert mp_module.money(3500).en == "$3.5M" and mp_module.money(3500).zh == "350 萬元"
    assert mp_module.money(500).en == "$500K" and mp_module.money(500).zh == "50 萬元"
    assert mp_module.money(15000).zh == "1,500 萬元" and mp_module.money(0).en == "$0"


# -- set-up -----------------------------------------------------------------------------------
def test_player_counts_and_options():
    for n in (3, 4, 5, 6):
        assert GAME.new_game(Setup(n)).cash == (15000,) * n
    for n in (2, 7):
        with pytest.raises(PlayerCountError):
            GAME.new_game(Setup(n))
    with pytest.raises(CompanionError, match="no set-up option"):
        GAME.new_game(Setup(3, options={"colour": "red"}))
    with pytest.raises(CompanionError, match="banker"):
        GAME.new_game(Setup(3, options={"banker": 5}))
    with pytest.raises(CompanionError, match="pawns"):
        GAME.new_game(Setup(3, options={"pawns": ["MPPAWN1", "MPPAWN1", "MPPAWN2"]}))


def test_start_cash_is_in_the_ledger():
    state = GAME.new_game(Setup(4, NAMES[:4]))
    assert [(e.kind, e.payer, e.payee, e.amount_k) for e in state.ledger] == [
        ("start", None, seat, 15000) for seat in range(4)
    ]
    assert money_in_play(state) == sum(state.cash) == 60000


def test_deal_goes_in_turn_from_the_banker():
    state = GAME.new_game(Setup(3, NAMES[:3], {"banker": 1}))
    assert codes(state, Move("deal", 0, {"painting": P(1)})) == ["wrong_deal_order"]
    state = play(state, Move("deal", 1, {"painting": P(1)}))
    assert state.phase == "draw" and GAME.current_players(state) == (1,)
    assert codes(state, Move("deal", 2, {"painting": P(2)})) == ["not_now"]
    state = play(state, Move("draw_value", 1, {"card": card(3000)}))
    assert codes(state, Move("deal", 2, {"painting": P(1)})) == ["painting_not_in_bank"]
    assert codes(state, Move("deal", 2, {"painting": "MPX"})) == ["unknown_card"]
    assert state.holdings[1][0].values == (card(3000),)
    assert codes(state, Move("start", 1)) == ["setup_incomplete"]


def test_start_needs_every_pawn_and_names_who_rolled_highest():
    state = GAME.new_game(Setup(3, NAMES[:3]))
    for seat in range(3):
        state = play(
            state,
            Move("deal", seat, {"painting": P(seat + 1)}),
            Move("draw_value", seat, {"card": card(1000, seat)}),
        )
    state = play(state, Move("place_pawn", 0, {"space": 4}), Move("place_pawn", 1, {"space": 9}))
    [problem] = GAME.check(state, Move("start", 2))
    assert problem.code == "setup_incomplete" and "Chen" in problem.message.en
    assert (
        malformed(state, Move("place_pawn", 2, {"space": 30})) == "move 'place_pawn', field 'space'"
    )
    state = play(state, Move("place_pawn", 2, {"space": 29}), Move("start", 2))
    assert state.phase == "roll" and state.active == 2
    assert codes(state, Move("place_pawn", 2, {"space": 3})) == ["not_now"]


def test_values_are_hidden_until_the_end():
    state = started(values=[card(10000), card(0), card(5000)])
    view = GAME.describe(state)
    assert view["values_hidden"] is True
    painting = view["players"][0]["paintings"][0]
    assert painting["hidden"] is True and painting["value_cards"] == 1 and "values" not in painting
    assert card(10000) not in json.dumps(view)
    lines = GAME.score(state)[0].lines
    assert [(line.code, line.points) for line in lines] == [
        ("cash_hidden", 0),
        ("painting_hidden", 0),
    ]


# -- a turn -----------------------------------------------------------------------------------
def test_roll_moves_the_pawn_clockwise_round_the_ring():
    state = started(at={0: RING - 2})
    assert codes(state, Move("roll", 1, {"value": 3})) == ["out_of_turn"]
    assert malformed(state, Move("roll", 0, {"value": 7})) == "move 'roll', field 'value'"
    assert malformed(state, Move("roll", 0, {"value": "3"})) == "move 'roll', field 'value'"
    assert codes(state, Move("take_cash", 0)) == ["not_now"]
    state = play(state, Move("roll", 0, {"value": 5}))
    assert state.positions[0] == 3 and state.space == 3 and state.last_roll == 5
    assert state.journal[-1].code == "landed"


def test_the_turn_passes_clockwise():
    state = landing("collect")
    state = play(state, Move("take_cash", 0))
    assert state.active == 1 and state.phase == "roll"


def test_unknown_moves_and_players_are_refused():
    state = started()
    assert codes(state, Move("steal", 0)) == ["unknown_move"]
    assert malformed(state, Move("roll", 9, {"value": 2})) == "move 'roll', field 'player'"


# -- the eight spaces -------------------------------------------------------------------------
def test_collect_cash():
    state = play(landing("collect"), Move("take_cash", 0))
    assert state.cash[0] == 18000
    assert (state.ledger[-1].kind, state.ledger[-1].payer, state.ledger[-1].amount_k) == (
        "collect",
        None,
        3000,
    )


def test_collect_a_value_card_under_a_chosen_painting():
    state = landing("collect")
    state = play(state, Move("take_value", 0))
    assert state.phase == "draw"
    assert codes(state, Move("draw_value", 0, {"card": card(5000), "painting": P(2)})) == [
        "not_your_painting"
    ]
    assert codes(state, Move("draw_value", 0, {"card": card(1000, 0), "painting": P(1)})) == [
        "value_not_in_deck"
    ]
    state = play(state, Move("draw_value", 0, {"card": card(0), "painting": P(1)}))
    assert state.holdings[0][0].values == (card(1000, 0), card(0))
    assert GAME.painting_value(state.holdings[0][0].values) == 0  # the forgery spoils it
    assert state.active == 1


def test_collect_without_painting_can_only_take_cash():
    state = landing("collect")
    state = replace(state, holdings=((),) + state.holdings[1:])
    assert codes(state, Move("take_value", 0)) == ["no_painting_for_value"]
    assert [m.kind for m in GAME.legal_moves(state)] == ["take_cash"]


def test_inherit_is_free_and_brings_a_value_card():
    state = landing("inherit")
    assert codes(state, Move("inherit", 0, {"painting": P(2)})) == ["painting_not_in_bank"]
    state = play(
        state, Move("inherit", 0, {"painting": P(7)}), Move("draw_value", 0, {"card": card(7500)})
    )
    assert state.cash[0] == 15000 and P(7) not in state.bank
    assert [h.painting for h in state.holdings[0]] == [P(1), P(7)]


def test_buy_from_the_bank_at_the_printed_price():
    state = landing("buy_bank", price_k=4000)
    state = play(
        state, Move("buy", 0, {"painting": P(9)}), Move("draw_value", 0, {"card": card(2000)})
    )
    assert state.cash[0] == 11000 and state.ledger[-1].payee is None
    assert any(h.painting == P(9) for h in state.holdings[0])


def test_buy_from_the_bank_needs_the_cash():
    state = landing("buy_bank", price_k=5000)
    state = replace(state, cash=(4500,) + state.cash[1:])
    assert codes(state, Move("buy", 0, {"painting": P(9)})) == ["cannot_afford"]


def test_declined_purchase_becomes_a_bank_auction_among_the_others():
    state = landing("buy_bank", price_k=2000)
    state = play(state, Move("pass", 0), Move("easel", 0, {"painting": P(9)}))
    assert state.phase == "auction" and state.auction.excluded == (0,)
    assert codes(state, bid(0, 1000)) == ["declined_cannot_bid"]
    state = play(
        state, bid(1, 1000), Move("hammer", 0), Move("draw_value", 1, {"card": card(4000)})
    )
    assert state.cash[1] == 14000 and state.active == 1


def test_sell_to_the_bank_at_its_value_shows_the_cards():
    state = landing("sell_value", values=[card(7500), card(1000), card(1000, 1)])
    state = play(state, Move("sell", 0, {"painting": P(1)}))
    assert state.cash[0] == 22500 and P(1) in state.gone and card(7500) in state.discard
    assert "$7.5M" in state.ledger[-1].text.en


def test_selling_a_forgery_brings_nothing():
    state = landing("sell_value", values=[card(0), card(1000), card(1000, 1)])
    state = play(state, Move("sell", 0, {"painting": P(1)}))
    assert state.cash[0] == 15000 and state.ledger[-1].amount_k == 0
    assert "forgery" in state.ledger[-1].text.en


def test_selling_at_value_is_optional_and_needs_your_own_painting():
    state = landing("sell_value")
    assert codes(state, Move("sell", 0, {"painting": P(2)})) == ["not_your_painting"]
    state = play(state, Move("pass", 0))
    assert state.active == 1 and state.holdings[0][0].painting == P(1)


def test_buy_any_painting_from_any_player_for_3_5m():
    state = landing("buy_player", values=[card(1000), card(10000), card(2000)])
    assert codes(state, Move("buy", 0, {"painting": P(1)})) == ["not_for_sale"]
    assert codes(state, Move("buy", 0, {"painting": P(20)})) == ["not_for_sale"]
    state = play(state, Move("buy", 0, {"painting": P(2)}))
    assert state.cash[:2] == (11500, 18500)
    assert (state.ledger[-1].payer, state.ledger[-1].payee) == (0, 1)
    assert values_of(state, 0, P(2)) == (card(10000),) and state.holdings[1] == ()


def test_buy_from_a_player_needs_the_cash():
    state = landing("buy_player")
    state = replace(state, cash=(3000,) + state.cash[1:])
    assert codes(state, Move("buy", 0, {"painting": P(2)})) == ["cannot_afford"]
    assert [m.kind for m in GAME.legal_moves(state)] == ["pass"]


def test_must_sell_for_3_5m():
    state = landing("must_sell", values=[card(10000), card(1000), card(1000, 1)])
    assert codes(state, Move("pass", 0)) == ["not_now"]
    state = play(state, Move("sell", 0, {"painting": P(1)}))
    assert state.cash[0] == 18500 and P(1) in state.gone
    assert "$10M" in state.ledger[-1].text.en


def test_must_sell_without_painting_does_nothing():
    target = space_of("must_sell")
    state = started(at={0: target - 1})
    state = replace(state, holdings=((),) + state.holdings[1:])
    state = play(state, Move("roll", 0, {"value": 1}))
    assert state.active == 1 and any(n.code == "nothing_to_do" for n in state.journal)


# -- auctions ---------------------------------------------------------------------------------
def test_bank_auction_everybody_bids_the_auctioneer_too():
    state = bank_auction()
    assert state.auction.bank and state.auction.excluded == ()
    state = play(state, bid(0, 1000), bid(1, 1500), bid(0, 2500), Move("hammer", 0))
    assert state.phase == "draw" and state.draw.player == 0
    state = play(state, Move("draw_value", 0, {"card": card(3000)}))
    assert state.cash[0] == 12500 and any(h.painting == P(10) for h in state.holdings[0])
    assert state.ledger[-1].kind == "payment" and state.ledger[-1].payee is None


def test_opening_bid_at_least_1m():
    state = bank_auction()
    [problem] = GAME.check(state, bid(1, 500))
    assert problem.code == "opening_too_low" and "$1M" in problem.message.en
    assert "100 萬元" in problem.message.zh


def test_increments_of_at_least_500k_with_the_rule_named():
    state = play(bank_auction(), bid(1, 3000))
    [problem] = GAME.check(state, bid(2, 3000))
    assert problem.code == "bid_too_low"
    assert problem.message.en == (
        "Bids must rise by at least $500K: the standing bid is $3M, so bid $3.5M or more."
    )
    assert "350 萬元" in problem.message.zh
    assert codes(state, bid(2, 3200)) == ["money_step"]
    assert malformed(state, bid(2, 3.5)) == "move 'bid', field 'amount_k'"
    assert codes(state, bid(2, 3500)) == []


def test_equal_bids_called_at_once_cancel_that_amount():
    state = play(bank_auction(), bid(1, 2000))
    tied_alone = Move("tie", None, {"players": [2, 2], "amount_k": 3000})
    assert malformed(state, tied_alone) == "move 'tie', field 'players'"
    state = play(state, Move("tie", None, {"players": [0, 2], "amount_k": 3000}))
    assert state.auction.standing_k == 2000 and state.auction.bidder == 1
    assert codes(state, bid(0, 3000)) == ["amount_cancelled"]
    state = play(state, bid(0, 3500))
    assert state.auction.standing_k == 3500


def test_auctioneer_may_not_bid_in_a_private_auction():
    state = landing("private_auction", values=[card(5000), card(1000), card(1000, 1)])
    assert state.phase == "auction" and state.auction.seller == 0  # one painting: no choice
    assert codes(state, bid(0, 1000)) == ["auctioneer_cannot_bid"]
    state = play(state, bid(1, 1000), bid(2, 2000), Move("hammer", 0))
    assert state.cash == (17000, 15000, 13000)
    assert values_of(state, 2, P(1)) == (card(5000),)  # the value card goes with it
    assert state.active == 1 and state.phase == "roll"  # no value card drawn


def test_private_auction_with_several_paintings_left_neighbour_picks():
    target = space_of("private_auction")
    state = started(at={0: target - 1})
    state = replace(state, holdings=(state.holdings[0] + state.holdings[2], state.holdings[1], ()))
    state = play(state, Move("roll", 0, {"value": 1}))
    assert state.phase == "pick" and GAME.current_players(state) == (1,)
    assert codes(state, Move("pick", 0, {"painting": P(3)})) == ["picker_only"]
    assert codes(state, Move("pick", 1, {"painting": P(2)})) == ["not_your_painting"]
    state = play(state, Move("pick", 1, {"painting": P(3)}))
    assert state.auction.painting == P(3) and [h.painting for h in state.holdings[0]] == [P(1)]


def test_private_auction_without_paintings_does_nothing():
    target = space_of("private_auction")
    state = started(at={0: target - 1})
    state = replace(state, holdings=((),) + state.holdings[1:])
    state = play(state, Move("roll", 0, {"value": 1}))
    assert state.active == 1 and any(n.code == "nothing_to_do" for n in state.journal)


def _said(state, since=0):
    """Every sentence the table heard since journal entry / ledger entry `since`."""
    texts = [n.text for n in state.journal[since:]] + [e.text for e in state.ledger]
    return " ".join(t.en + " " + t.zh for t in texts)


def test_a_bid_above_cash_is_never_refused_and_reveals_no_cash():
    state = bank_auction()
    state = replace(state, cash=(15000, 4000, 15000))
    assert codes(state, bid(1, 5000)) == []
    state = play(state, bid(2, 2000), bid(1, 5000))
    assert state.auction.standing_k == 5000 and state.auction.bidder == 1
    assert "$4M" not in _said(state) and "400 萬元" not in _said(state)


def test_an_overbid_called_before_the_hammer_is_fined_and_the_bid_is_void():
    state = bank_auction()
    state = replace(state, cash=(15000, 4000, 15000))
    state = play(state, bid(2, 2000), bid(1, 5000))
    heard = len(state.journal)
    state = play(state, Move("overbid", 2, {"bidder": 1, "amount_k": 5000}))  # Chen calls it
    assert state.cash[1] == 3000 and state.skips[1] == 1
    assert state.ledger[-1].kind == "fine" and state.ledger[-1].amount_k == 1000
    assert state.auction.standing_k == 2000 and state.auction.bidder == 2  # the overbid is void
    assert "$4M" not in _said(state, heard) and "$3M" not in _said(state, heard)
    # Ben loses his next turn: after Ana's turn, play goes to Chen.
    state = play(state, Move("hammer", 0), Move("draw_value", 2, {"card": card(2000)}))
    assert state.active == 2 and state.skips[1] == 0
    assert any(n.code == "turn_lost" and "Ben" in n.text.en for n in state.journal)


def test_a_wrong_call_costs_nothing_and_the_bid_stands():
    state = bank_auction()
    state = replace(state, cash=(15000, 4000, 15000))
    state = play(state, bid(1, 3000))
    heard, ledger = len(state.journal), len(state.ledger)
    state = play(state, Move("overbid", 0, {"bidder": 1, "amount_k": 3000}))
    assert state.cash[1] == 4000 and state.skips[1] == 0 and len(state.ledger) == ledger
    assert state.auction.standing_k == 3000 and state.auction.bidder == 1
    assert state.journal[-1].code == "overbid_call_wrong"
    assert "$4M" not in _said(state, heard) and "400 萬元" not in _said(state, heard)
    assert codes(state, Move("overbid", 0, {"bidder": 2, "amount_k": 3000})) == ["no_such_bid"]


def test_an_overbid_nobody_called_stands():
    state = bank_auction()
    state = replace(state, cash=(15000, 4000, 15000))
    state = play(state, bid(1, 5000), bid(2, 6000), Move("hammer", 0))
    assert state.cash[1] == 4000 and state.skips[1] == 0  # outbid, never called: no fine
    assert state.cash[2] == 9000


def test_overbid_by_the_active_player_costs_their_next_turn():
    state = play(bank_auction(), bid(1, 1000), Move("overbid", 1, {"bidder": 0, "amount_k": 16000}))
    state = play(state, Move("hammer", 0), Move("draw_value", 1, {"card": card(2000)}))
    # Ben, Chen, then Ana's turn is skipped: Ben again.
    state = play(state, Move("roll", 1, {"value": 1}))
    while state.active == 1:
        state = play(state, next(iter(GAME.legal_moves(state))))
    assert state.active == 2
    while state.active == 2:
        state = play(state, next(iter(GAME.legal_moves(state))))
    assert state.active == 1


def test_a_fine_nobody_can_pay_costs_the_next_turn_instead():
    state = bank_auction()
    state = replace(state, cash=(15000, 500, 15000))
    before = len(state.ledger)
    state = play(state, Move("overbid", 0, {"bidder": 1, "amount_k": 1000}))
    assert state.cash[1] == 500 and state.skips[1] == 1 and len(state.ledger) == before
    assert any(n.code == "fine_unpaid" for n in state.journal)


def test_winner_who_cannot_pay_is_fined_and_the_auction_restarts():
    state = bank_auction()
    state = replace(state, cash=(15000, 4000, 15000))
    state = play(
        state,
        bid(2, 1000),
        bid(1, 4000),
        bid(2, 4500),
        bid(1, 9000),
        Move("overbid", 2, {"bidder": 1, "amount_k": 9000}),
    )
    assert state.cash[1] == 3000 and state.auction.standing_k == 4500
    state = play(state, bid(1, 5000))  # above his cash again; nobody calls it this time
    state = play(state, Move("hammer", 0))
    assert state.phase == "auction" and state.auction.standing_k is None
    assert state.auction.bids == () and state.auction.painting == P(10)
    assert state.cash[1] == 2000 and [e.kind for e in state.ledger[-2:]] == ["fine", "fine"]
    assert state.skips[1] == 1  # from the overbid only; the failed payment costs money
    assert codes(state, bid(0, 500)) == ["opening_too_low"]
    state = play(
        state, bid(0, 1000), Move("hammer", 0), Move("draw_value", 0, {"card": card(1000, 3)})
    )
    assert state.cash[0] == 14000


def test_winner_who_cannot_pay_nor_the_fine_loses_a_turn():
    state = bank_auction()
    state = play(state, bid(1, 1000))
    state = replace(state, cash=(15000, 500, 15000))  # as if fined meanwhile
    state = play(state, Move("hammer", 0))
    assert state.cash[1] == 500 and state.skips[1] == 1 and state.auction.standing_k is None


def test_hammer_needs_a_bid_and_no_sale_needs_none():
    state = bank_auction()
    assert codes(state, Move("hammer", 0)) == ["no_standing_bid"]
    assert codes(state, Move("hammer", 1)) == ["out_of_turn"]
    state_bid = play(state, bid(1, 1000))
    assert codes(state_bid, Move("no_sale", 0)) == ["standing_bid"]
    state = play(state, Move("no_sale", 0))
    assert P(10) in state.bank and state.active == 1


def test_no_sale_in_a_private_auction_returns_the_painting():
    state = landing("private_auction")
    state = play(state, Move("no_sale", 0))
    assert [h.painting for h in state.holdings[0]] == [P(1)]


# -- value deck, end and scoring --------------------------------------------------------------
def test_empty_value_deck_is_reshuffled_from_the_discards():
    state = landing("inherit")
    state = replace(state, deck=(), discard=(card(0), card(5000)))
    state = play(state, Move("inherit", 0, {"painting": P(7)}))
    assert codes(state, Move("draw_value", 0, {"card": card(2000)})) == ["value_not_in_deck"]
    state = play(state, Move("draw_value", 0, {"card": card(5000)}))
    assert state.deck == (card(0),) and state.discard == ()
    assert any(n.code == "reshuffle" for n in state.journal)


def test_no_value_card_anywhere_means_no_draw():
    state = landing("inherit")
    state = replace(state, deck=(), discard=())
    state = play(state, Move("inherit", 0, {"painting": P(7)}))
    assert state.active == 1 and values_of(state, 0, P(7)) == ()


def test_game_ends_when_the_bank_has_no_paintings_and_values_are_revealed():
    state = landing("inherit", values=[card(10000), card(0), card(5000)])
    state = replace(state, bank=(P(7),))
    state = play(
        state, Move("inherit", 0, {"painting": P(7)}), Move("draw_value", 0, {"card": card(2000)})
    )
    assert GAME.is_over(state) and GAME.current_players(state) == ()
    assert codes(state, Move("roll", 1, {"value": 2})) == ["game_over"]
    assert list(GAME.legal_moves(state)) == []
    sides = {s.side: s for s in GAME.score(state)}
    assert sides["p0"].total == 15000 + 10000 + 2000
    assert sides["p1"].total == 15000  # a forgery
    assert [line.code for line in sides["p0"].lines] == ["cash", "painting", "painting"]
    assert "forgery" in sides["p1"].lines[1].source.en
    view = GAME.describe(state)
    assert view["values_hidden"] is False
    assert view["players"][0]["wealth_k"] == 27000
    assert view["players"][1]["paintings"][0]["values"][0]["forgery"] is True
    outcome = GAME.outcome(state)
    assert outcome.winners == ("p0",) and outcome.ranking == ("p0", "p2", "p1")


def _over(cash, values):
    state = started(values=values)
    return replace(state, cash=tuple(cash), phase="over", active=None, bank=())


def test_tie_on_wealth_goes_to_more_cash():
    state = _over([12000, 15000, 1000], [card(3000), card(0), card(1000)])
    outcome = GAME.outcome(state)
    assert outcome.winners == ("p1",) and "more cash" in outcome.tie_break.en


def test_tie_on_wealth_and_cash_is_shared():
    state = _over([12000, 12000, 1000], [card(3000), card(3000, 1), card(1000)])
    outcome = GAME.outcome(state)
    assert sorted(outcome.winners) == ["p0", "p1"] and "shared" in outcome.tie_break.en


# -- the ledger -------------------------------------------------------------------------------
def test_undo_restores_cash_and_ledger():
    session = session_started(at={0: space_of("collect") - 1})
    session.play(Move("roll", 0, {"value": 1}))
    before = (session.state.cash, len(session.state.ledger))
    assert session.play(Move("take_cash", 0)).accepted
    assert session.state.cash[0] == 18000
    session.undo()
    assert (session.state.cash, len(session.state.ledger)) == before
    assert Session.replay(session.records).state == session.state


@pytest.mark.parametrize(
    "seed", [*range(6), *(pytest.param(seed, marks=pytest.mark.long) for seed in range(6, 12))]
)
def test_money_is_conserved_and_never_negative_in_random_games(seed):
    rng = random.Random(seed)
    state = GAME.new_game(Setup(3 + seed % 4))
    start = sum(state.cash)
    while not GAME.is_over(state):
        move = rng.choice(list(GAME.legal_moves(state)))
        before = copy.deepcopy(state)
        state = GAME.apply(state, move)
        assert before == copy.deepcopy(before)
        assert min(state.cash) >= 0
        assert sum(state.cash) == money_in_play(state)
    paid_out = sum(e.amount_k for e in state.ledger if e.payer is None and e.kind != "start")
    taken_in = sum(e.amount_k for e in state.ledger if e.payee is None)
    assert sum(state.cash) == start + paid_out - taken_in


def test_apply_refuses_illegal_moves():
    with pytest.raises(IllegalMoveError):
        GAME.apply(bank_auction(), bid(1, 500))


# -- camera -----------------------------------------------------------------------------------
def added(payload, region, slot=None, kind="card", value=None, face_down=False):
    return CardAdded(
        f"t-{payload}",
        payload,
        Where(region, tuple(slot) if slot else None),
        kind=kind,
        value=value,
        face_down=face_down,
    )


def test_camera_pawn_placed_at_setup_then_checked_against_the_roll():
    state = GAME.new_game(Setup(3, NAMES[:3]))
    meaning = GAME.interpret(state, added("MPPAWN2", "ring", [7], kind="token"), {})
    assert meaning.move == Move("place_pawn", 1, {"space": 7})
    state = started(at={0: 4})
    state = play(state, Move("roll", 0, {"value": 3}))
    right = GAME.interpret(state, added("MPPAWN1", "ring", [7], kind="token"), {})
    assert right.move is None and not right.violations and "space 7" in right.note.en
    wrong = GAME.interpret(state, added("MPPAWN1", "ring", [8], kind="token"), {})
    [problem] = wrong.violations
    assert problem.code == "pawn_wrong_space" and "rolled 3 from space 4" in problem.message.en


def test_camera_die_in_the_roll_area_is_the_roll():
    state = started()
    meaning = GAME.interpret(state, added("DIEWHITE", "roll", kind="die", value=4), {})
    assert meaning.move == Move("roll", 0, {"value": 4})
    unreadable = GAME.interpret(state, added("DIEWHITE", "roll", kind="die", value=None), {})
    assert unreadable.move is None


def test_camera_paintings_reconcile_ownership():
    state = landing("bank_auction")
    assert GAME.interpret(state, added(P(11), "easel"), {}).move == Move(
        "easel", 0, {"painting": P(11)}
    )
    assert not GAME.interpret(state, added(P(2), "player1"), {}).violations
    [problem] = GAME.interpret(state, added(P(2), "player0"), {}).violations
    assert problem.code == "painting_wrong_area" and problem.region == "player0"
    [problem] = GAME.interpret(state, added(P(1), "easel"), {}).violations
    assert problem.code == "painting_wrong_area"


def test_camera_deals_and_inherits_paintings():
    state = GAME.new_game(Setup(3, NAMES[:3]))
    assert GAME.interpret(state, added(P(5), "player0"), {}).move == Move(
        "deal", 0, {"painting": P(5)}
    )
    state = landing("inherit")
    assert GAME.interpret(state, added(P(9), "player0"), {}).move == Move(
        "inherit", 0, {"painting": P(9)}
    )


def test_camera_checks_value_cards_laid_face_up_at_the_end():
    state = _over([15000] * 3, [card(3000), card(0), card(1000)])
    assert GAME.interpret(state, added(card(3000), "player0"), {}).note is not None
    [problem] = GAME.interpret(state, added(card(3000), "player1"), {}).violations
    assert problem.code == "value_card_wrong_area"
    live = started()
    assert GAME.interpret(live, added(card(3000), "player0"), {}) == GAME.meaning_of(
        live, FrameEnd(), {}
    )


def test_session_observes_a_turn_from_the_camera():
    session = session_started(at={0: (space_of("bank_auction") - 2) % RING})
    [verdict] = session.observe(added("DIERED", "roll", kind="die", value=2))
    assert verdict.accepted and session.state.phase == "easel"
    [verdict] = session.observe(
        CardMoved(
            "t-p",
            "MPPAWN1",
            Where("ring", (space_of("bank_auction"),)),
            Where("ring", (0,)),
            kind="token",
        )
    )
    assert verdict.accepted and verdict.note is not None
    [verdict] = session.observe(added(P(12), "easel"))
    assert verdict.accepted and session.state.auction.painting == P(12)


# -- golden transcripts -----------------------------------------------------------------------
GOLDEN_FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_goldens_for_three_four_and_six_players_with_refusals():
    records = [load_record(p) for p in GOLDEN_FILES]
    assert {r.setup["players"] for r in records} >= {3, 4, 6}
    assert any(r.expected.get("rejections") for r in records)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.name for p in GOLDEN_FILES])
def test_golden_replays_to_its_hand_checked_ledger(path):
    record = load_record(path)
    expected = record.expected
    session = Session.replay(record.records())
    state = session.state
    assert GAME.is_over(state), f"{path.name} should end the game"
    rejections = [
        {"entry": v.seq, "codes": [x.code for x in v.violations]}
        for v in session.verdicts
        if not v.accepted
    ]
    assert rejections == expected.get("rejections", [])
    assert list(state.cash) == expected["cash_k"]
    assert {s.side: s.total for s in GAME.score(state)} == expected["scores"]
    outcome = GAME.outcome(state)
    assert sorted(outcome.winners) == sorted(expected["winners"])
    if "tie_break_mentions" in expected:
        assert expected["tie_break_mentions"] in outcome.tie_break.en
    assert sum(state.cash) == money_in_play(state)


def test_dashboard_log_hides_value_cards_until_the_end():
    """The session log shown to players must not reveal which value card went under a painting."""
    from companion.games import find_game
    from companion.model import Setup
    from companion.session import Session

    game = find_game("masterpiece")
    session = Session(game, Setup(3))
    draws = []
    while not game.is_over(session.state) and len(draws) < 2:
        move = next(iter(game.legal_moves(session.state)))
        session.play(move)
        if move.kind == "draw_value":
            draws.append(move)
    assert draws, "set-up deals value cards"
    shown = [
        entry["move"]
        for entry in session.snapshot()["log"]
        if entry["move"] and entry["move"]["kind"] == "draw_value"
    ]
    assert shown and all(m["card"] == "hidden" for m in shown)
    assert all(m.get("card") != "hidden" for m in (r["move"] for r in session.records[1:]))


def test_the_log_says_each_move_in_words_in_both_languages():
    session = Session(GAME, Setup(3, NAMES[:3]))
    session.play(Move("deal", 0, {"painting": P(1)}))
    session.play(Move("draw_value", 0, {"card": card(1000)}))
    said = [v.to_dict()["text"] for v in session.verdicts]
    assert said[0] == {"en": "Ana gets Mona Lisa to start", "zh-TW": "Ana 拿到起始名畫「蒙娜麗莎」"}
    # The value card's identity never reaches the log, only that a hidden card went down.
    assert said[1] == {
        "en": "Ana puts a hidden value card under Mona Lisa",
        "zh-TW": "Ana 把 1 張隱藏的價值卡放在「蒙娜麗莎」下面",
    }
    refused = session.play(Move("deal", 2, {"painting": P(2)}))
    assert not refused.accepted and session.verdicts[-1].to_dict()["text"]["en"].startswith(
        "Chen gets"
    )

    state = bank_auction()  # Ana rolled onto a bank auction; Water Lilies is on the easel
    assert GAME.describe_move(state, bid(1, 1500)) == Text("Ben bids $1.5M", "Ben 出價 150 萬元")
    state = play(state, bid(1, 1500))
    assert GAME.describe_move(state, Move("hammer", 0)) == Text(
        "Sold! Ben wins Water Lilies for $1.5M", "成交！Ben 以 150 萬元得標「睡蓮」"
    )
    assert GAME.describe_move(
        state, Move("tie", None, {"players": [0, 2], "amount_k": 2000})
    ) == Text("Ana and Chen call $2M at the same time", "Ana 和 Chen 同時喊出 200 萬元")
    for mangled in (
        Move("roll", 0, {"value": 9}),
        Move("bid", 7, {"amount_k": 500}),
        Move("tie", None, {"players": [[0], {}], "amount_k": "x"}),
        Move("draw_value", 0, {"card": ["MPV01"]}),
        Move("fly", 0),
    ):
        assert GAME.describe_move(state, mangled) is None


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_move_of_a_random_game_is_said_in_words(seed):
    rng = random.Random(seed)
    state = GAME.new_game(Setup(3 + seed, NAMES[: 3 + seed]))
    while not GAME.is_over(state):
        move = rng.choice(list(GAME.legal_moves(state)))
        for shown in (move, GAME.public_move(state, move)):
            text = GAME.describe_move(state, shown)
            assert text is not None and text.en and text.zh, shown
        assert "MPV" not in GAME.describe_move(state, move).en  # no value card named
        state = GAME.apply(state, move)


# -- a card of the wrong kind is an ordinary refusal ------------------------------------------
def test_a_value_card_where_a_painting_is_expected_is_refused_saying_what_it_is():
    state = landing("bank_auction")
    [problem] = GAME.check(state, Move("easel", 0, {"painting": "MPV10"}))
    assert problem.code == "not_a_painting"
    assert "MPV10 is a value card, not a painting" in problem.message.en
    assert "easel" in problem.message.en and "價值卡" in problem.message.zh
    assert "$" not in problem.message.en  # a value card's value stays hidden


def test_a_painting_where_a_value_card_is_drawn_is_refused_saying_what_it_is():
    state = play(bank_auction(), bid(1, 1000), Move("hammer", 0))
    [problem] = GAME.check(state, Move("draw_value", 1, {"card": P(5)}))
    assert problem.code == "not_a_value_card"
    assert f"{P(5)} is a painting" in problem.message.en and "價值卡" in problem.message.zh
    assert GAME.check(state, Move("draw_value", 1, {"card": "XYZ"}))[0].code == "unknown_card"


def test_a_record_with_a_wrong_kind_of_card_replays_with_that_move_refused(tmp_path):
    import json
    import subprocess
    import sys

    record = json.loads((GOLDEN / "three-players-every-space.json").read_text(encoding="utf-8"))
    easel = next(i for i, e in enumerate(record["log"]) if e.get("move", {}).get("kind") == "easel")
    wrong = json.loads(json.dumps(record["log"][easel]))
    wrong["move"]["painting"] = "MPV10"
    record["log"].insert(easel, wrong)
    path = tmp_path / "wrong-card.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "score", "--json", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    rejected = json.loads(result.stdout)["rejected"]
    assert "not_a_painting" in json.dumps(rejected)
