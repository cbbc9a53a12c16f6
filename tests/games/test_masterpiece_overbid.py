"""Masterpiece's overbid call (walk-through finding): any player but the bidder may call a bid
before the hammer; the log names the caller and the outcome, which the rules make public, and
never the bidder's cash. A bid off the $500K step is refused in plain words."""

from dataclasses import replace

from test_masterpiece import GAME, bank_auction, bid, codes, play

from companion.model import Move


def call(caller, bidder, amount_k):
    return Move("overbid", caller, {"bidder": bidder, "amount_k": amount_k})


def test_a_bidder_may_not_call_their_own_bid_and_is_told_why_in_both_languages():
    state = play(bank_auction(), bid(2, 2500))
    refused = GAME.check(state, call(2, 2, 2500))
    assert [v.code for v in refused] == ["own_bid_call"]
    assert "Chen cannot call their own bid" in refused[0].message.en
    assert "Chen 不能指出自己的出價" in refused[0].message.zh
    # nor is it offered: every call offered comes from another player
    offered = [m for m in GAME.legal_moves(state) if m.kind == "overbid"]
    assert offered and {m.player for m in offered} == {0, 1}
    assert all(m["bidder"] == 2 and m["amount_k"] == 2500 for m in offered)


def test_the_log_names_the_caller_and_a_right_call_without_the_cash():
    state = replace(play(bank_auction(), bid(2, 2500)), cash=(15000, 15000, 2000))
    said = GAME.describe_move(state, call(1, 2, 2500))
    assert (
        said.en == "Ben calls Chen's $2.5M: Chen cannot pay it — $1M fine, Chen loses the next turn"
    )
    assert said.zh == "Ben 指出 Chen 出價 250 萬元：Chen 付不起——罰 100 萬元，Chen 喪失下一回合"
    assert "$2M" not in said.en and "200 萬元" not in said.zh  # the cash itself stays secret


def test_the_log_names_the_caller_and_a_wrong_call():
    state = replace(play(bank_auction(), bid(2, 2500)), cash=(15000, 15000, 4000))
    said = GAME.describe_move(state, call(0, 2, 2500))
    assert said.en == "Ana calls Chen's $2.5M: Chen can pay it, the bid stands"
    assert said.zh == "Ana 指出 Chen 出價 250 萬元：Chen 付得起，出價有效"
    assert "$4M" not in said.en and "400 萬元" not in said.zh
    state = play(state, call(0, 2, 2500))
    assert state.auction.standing_k == 2500 and state.cash[2] == 4000


def test_a_bid_off_the_step_is_refused_in_plain_words():
    refused = GAME.check(bank_auction(), bid(1, 3200))
    assert [v.code for v in refused] == ["money_step"]
    assert "amount_k" not in refused[0].message.en and "thousand" not in refused[0].message.en
    assert "$500K" in refused[0].message.en
    assert codes(bank_auction(), bid(1, 3500)) == []


def test_a_refused_call_says_no_outcome_so_it_cannot_probe_the_cash():
    """A refused move is still logged in words: a call on a bid never made must not tell
    whether the bidder could pay it."""
    state = replace(play(bank_auction(), bid(2, 2500)), cash=(15000, 15000, 1500))
    for amount in (1000, 2000):  # under and over Chen's cash; neither is Chen's bid
        assert codes(state, call(0, 2, amount)) == ["no_such_bid"]
        said = GAME.describe_move(state, call(0, 2, amount))
        assert said.en == f"Ana calls Chen's ${amount // 1000}M"
        assert "付" not in said.zh
    assert GAME.describe_move(state, call(2, 2, 2500)).en == "Chen calls Chen's $2.5M"
