"""Musée rules, one test per rule, asserting on violation codes (rules: shared/rules/musee.md)."""

import pytest

from companion.errors import CompanionError, IllegalMoveError, PlayerCountError
from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd, Where
from companion.games import find_game
from companion.match import Match
from companion.model import Move, Setup
from companion.session import Session
from companion.validation import InvalidFieldError

GAME = find_game("musee")


def place(seat, number, gallery, space, museum=None):
    museum = seat if museum is None else museum
    return Move(
        "place",
        seat,
        {"card": f"MU{number:02d}", "museum": museum, "gallery": gallery, "space": space},
    )


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


@pytest.fixture
def two():
    return GAME.new_game(Setup(2, ("Mia", "Leo")))


def test_lookup_by_slug_alias_and_chinese_name():
    assert find_game("Musée") is GAME
    assert find_game("私藏美術館") is GAME
    assert find_game("  MUSEE ") is GAME


def test_setup_by_player_count():
    three = GAME.new_game(Setup(3))
    assert len(three.museums) == 3 and len(three.museums[0][0]) == 5
    assert three.deck == 60 - 15
    four = GAME.new_game(Setup(4))
    assert len(four.museums) == 2 and len(four.museums[0][0]) == 6
    assert four.deck == 50 - 20
    with pytest.raises(PlayerCountError):
        GAME.new_game(Setup(5))


def test_staircases_must_match_the_data_counts():
    state = GAME.new_game(Setup(2, options={"staircases": {"T1": [1, 2, 3], "T2": [4, 5, 6]}}))
    assert state.staircases == (frozenset({0, 1, 2}), frozenset({3, 4, 5}))
    with pytest.raises(CompanionError, match="needs 3 different"):
        GAME.new_game(Setup(2, options={"staircases": {"T1": [1, 2], "T2": [4, 5, 6]}}))
    with pytest.raises(CompanionError, match="between 1 and 6"):
        GAME.new_game(Setup(2, options={"staircases": {"T1": [1, 2, 9], "T2": [4, 5, 6]}}))
    with pytest.raises(CompanionError, match="no set-up option"):
        GAME.new_game(Setup(2, options={"colours": "red"}))


def test_numbers_rise_from_left_to_right_with_gaps_allowed(two):
    state = play(two, place(0, 10, 0, 2), place(1, 1, 0, 0))
    assert codes(state, place(0, 5, 0, 4)) == ["numbers_must_rise"]
    assert codes(state, place(0, 11, 0, 1)) == ["numbers_must_rise"]
    assert codes(state, place(0, 6, 0, 0)) == []  # left of 10, gap allowed
    assert codes(state, place(0, 40, 0, 5)) == []  # far right, gaps fine
    message = GAME.check(state, place(0, 5, 0, 4))[0].message
    assert "5 cannot go right of 10 in the upper gallery" in message.en
    assert "數字必須由左到右遞增" in message.zh


def test_rows_are_independent(two):
    state = play(two, place(0, 30, 0, 0), place(1, 1, 0, 0))
    assert codes(state, place(0, 2, 1, 5)) == []


def test_out_of_turn_and_wrong_museum(two):
    assert codes(two, place(1, 5, 0, 0)) == ["out_of_turn"]
    assert codes(two, place(0, 5, 0, 0, museum=1)) == ["wrong_museum"]


def test_space_occupied_and_card_already_placed(two):
    state = play(two, place(0, 10, 0, 0), place(1, 11, 0, 0))
    assert codes(state, place(0, 12, 0, 0)) == ["space_occupied"]
    assert codes(state, place(0, 11, 1, 0)) == ["card_already_placed"]


def test_deck_limits_cards_in_use(two):
    assert codes(two, place(0, 51, 0, 0)) == ["card_not_in_game"]
    three = GAME.new_game(Setup(3))
    assert codes(three, place(0, 60, 0, 0)) == []
    assert codes(
        two, Move("place", 0, {"card": "CR01", "museum": 0, "gallery": 0, "space": 0})
    ) == ["unknown_card"]


def test_malformed_moves_raise_before_any_rule_and_unknown_moves_are_violations(two):
    # A move that does not fit its declared fields is malformed, not illegal (as in
    # python-chess): check and apply raise InvalidFieldError naming the field.
    for move, field in (
        (Move("place", 0, {"card": "MU05", "museum": 0, "gallery": 3, "space": 0}), "gallery"),
        (Move("place", 0, {"card": "MU05"}), "museum"),
        (Move("place", 7, {}), "player"),
        (Move("place", 0, {"card": "MU05", "museum": 0, "gallery": True, "space": 0}), "gallery"),
    ):
        with pytest.raises(InvalidFieldError, match=f"field '{field}'"):
            GAME.check(two, move)
        with pytest.raises(InvalidFieldError, match=f"field '{field}'"):
            GAME.apply(two, move)
        assert GAME.describe_move(two, move) is None
    # A well-formed move of no kind the game has is refused with a reason.
    assert codes(two, Move("teleport", 0)) == ["unknown_move"]
    with pytest.raises(IllegalMoveError):
        GAME.apply(two, Move("teleport", 0))


def test_cannot_play_stops_a_player_for_the_rest_of_the_game(two):
    state = play(two, Move("cannot_play", 0))
    assert state.turn == 1
    state = play(state, place(1, 5, 0, 0))
    assert state.turn == 1, "Mia has stopped, so Leo plays again"
    assert codes(state, place(0, 6, 0, 0)) == ["player_stopped"]
    state = play(state, Move("cannot_play", 1))
    assert GAME.is_over(state)
    assert codes(state, place(1, 7, 0, 1)) == ["game_over"]


def test_three_players_stop_drawing_when_the_deck_is_down_to_two():
    state = GAME.new_game(Setup(3))
    state = state.__class__(**{**state.__dict__, "deck": 3})
    state = play(state, place(0, 5, 0, 0))
    assert state.deck == 2 and state.hands[0] == 5  # drew the third-to-last card
    state = play(state, place(1, 6, 0, 0))
    assert state.deck == 2 and state.hands[1] == 4  # nobody draws any more


def test_four_players_partner_may_play_when_the_deck_is_down_to_two():
    state = GAME.new_game(Setup(4, ("Ann", "Ben", "Cat", "Dan")))
    assert codes(state, place(2, 5, 0, 0, museum=0)) == ["out_of_turn"]
    state = state.__class__(**{**state.__dict__, "deck": 2})
    assert GAME.current_players(state) == (0, 2)
    assert codes(state, place(2, 5, 0, 0, museum=0)) == []
    state = play(state, place(2, 5, 0, 0, museum=0))
    assert state.turn == 1, "the turn still passes on from Ann"
    assert codes(state, place(3, 6, 0, 0, museum=1)) == [], "deck at 1: Dan may play for Ben"


def test_four_players_partner_may_not_play_before_the_last_two_cards_nor_after_the_deck_ran_out():
    state = GAME.new_game(Setup(4, ("Ann", "Ben", "Cat", "Dan")))
    three_left = state.__class__(**{**state.__dict__, "deck": 3})
    assert codes(three_left, place(2, 5, 0, 0, museum=0)) == ["out_of_turn"]
    assert GAME.current_players(three_left) == (0,)
    ran_out = state.__class__(**{**state.__dict__, "deck": 0})
    assert codes(ran_out, place(2, 5, 0, 0, museum=0)) == ["out_of_turn"]
    assert GAME.current_players(ran_out) == (0,) and not GAME.describe(ran_out)["partner_may_play"]
    message = GAME.check(ran_out, place(2, 5, 0, 0, museum=0))[0].message
    assert "last 2 cards" in message.en and "最後 2 張" in message.zh
    # Playing through: the two last cards are drawn, one per team, then nobody may stand in.
    two_left = state.__class__(**{**state.__dict__, "deck": 2})
    after = play(two_left, place(2, 5, 0, 0, museum=0), place(3, 6, 0, 0, museum=1))
    assert after.deck == 0 and after.turn == 2
    assert codes(after, place(0, 7, 0, 1, museum=0)) == ["out_of_turn"]


def test_two_players_only_paintings_1_to_50_are_offered_anywhere(two):
    in_play = GAME.pieces_in_play(two)
    assert "MU50" in in_play and not {f"MU{n}" for n in range(51, 61)} & in_play
    assert "MU55" in GAME.pieces_in_play(GAME.new_game(Setup(3)))
    offered = {m["card"] for m in GAME.legal_moves(two) if m.kind == "place"}
    assert offered and max(int(p[2:]) for p in offered) <= 50
    assert all(h.data["high"] <= 50 for h in GAME.hints(two) if h.data and "high" in h.data)
    message = GAME.check(two, place(0, 55, 0, 0))[0].message
    assert "1–50" in message.en and "1–50" in message.zh


def test_gallery_bonus_goes_to_the_first_museum_to_fill_it(two):
    state = two
    for space in range(6):
        state = play(state, place(0, space + 1, 0, space), place(1, space + 11, 0, space))
    assert state.bonuses[0] == 0
    totals = {s.side: s.total for s in GAME.score(state)}
    assert totals["p0"] == 6 + 4  # six paintings, no same-theme neighbours, the bonus
    assert totals["p1"] == 6


def test_neighbours_and_staircases_score_with_named_sources(two):
    state = play(
        two,
        place(0, 2, 0, 1),
        place(1, 1, 0, 0),
        place(0, 7, 0, 2),
        place(1, 3, 0, 1),
        place(0, 12, 1, 1),
    )
    lines = {line.code: line for line in GAME.score(state)[0].lines}
    assert lines["neighbours"].points == 2
    assert (
        "2 and 7 side by side in the upper gallery, both Seascape" in lines["neighbours"].source.en
    )
    assert lines["staircase"].points == 3  # T1 column 2 links 2 (above) and 12 (below)
    assert lines["staircase"].cards == ("MU02", "MU12")
    # An empty space breaks a run.
    state = play(state, place(1, 4, 0, 2), place(0, 17, 0, 4))
    assert sum(l.code == "neighbours" for l in GAME.score(state)[0].lines) == 1


def test_hints_show_the_numbers_each_empty_space_can_take(two):
    state = play(two, place(0, 10, 0, 2), place(1, 1, 0, 0), place(0, 30, 0, 4), place(1, 2, 0, 1))
    hints = {(h.data.get("gallery"), h.data.get("space")): h for h in GAME.hints(state)}
    assert hints[(0, 3)].data["low"] == 11 and hints[(0, 3)].data["high"] == 29
    assert hints[(0, 0)].data["low"] == 1 and hints[(0, 0)].data["high"] == 9
    assert hints[(0, 5)].data["high"] == 50
    assert "any number from 11 to 29" in hints[(0, 3)].text.en


def test_camera_placement_and_a_painting_that_moves():
    session = Session(GAME, Setup(2, ("Mia", "Leo")))
    [verdict] = session.observe(CardAdded("t1", "MU10", Where("museum0", (0, 2))))
    assert verdict.accepted and session.state.museums[0][0][2] == 10
    [verdict] = session.observe(
        CardMoved("t1", "MU10", Where("museum0", (0, 3)), Where("museum0", (0, 2)))
    )
    assert not verdict.accepted and verdict.violations[0].code == "painting_moved"
    assert session.snapshot()["alerts"][0]["code"] == "painting_moved"
    [verdict] = session.observe(
        CardMoved("t1", "MU10", Where("museum0", (0, 2)), Where("museum0", (0, 3)))
    )
    assert verdict.accepted and session.snapshot()["alerts"] == []
    # A frame that no longer contains the track: the removal is a violation too.
    [verdict] = session.observe(FrameEnd(frozenset()))
    assert verdict.violations[0].code == "painting_moved"


def test_illegal_camera_placement_stays_flagged_until_the_card_is_taken_back():
    session = Session(GAME, Setup(2))
    session.observe(CardAdded("t1", "MU10", Where("museum0", (0, 2))))
    [verdict] = session.observe(CardAdded("t2", "MU05", Where("museum1", (0, 0))))
    assert verdict.accepted  # Leo's first card
    [verdict] = session.observe(CardAdded("t3", "MU05", Where("museum0", (0, 4))))
    assert verdict.violations[0].code == "duplicate_card"
    [verdict] = session.observe(CardAdded("t4", "MU06", Where("museum0", (0, 4))))
    assert verdict.violations[0].code == "numbers_must_rise"
    assert {a["code"] for a in session.snapshot()["alerts"]} == {
        "duplicate_card",
        "numbers_must_rise",
    }
    session.observe(CardRemoved("t4", "MU06"))
    assert [a["code"] for a in session.snapshot()["alerts"]] == ["duplicate_card"]


def test_staircase_tokens_must_match_the_set_up():
    session = Session(GAME, Setup(2))
    ok = session.observe(CardAdded("k1", "MUT01S", Where("museum0-tokens", (0, 1)), kind="token"))
    assert ok == []
    [verdict] = session.observe(
        CardAdded("k2", "MUT02S", Where("museum1-tokens", (0, 0)), kind="token")
    )
    assert verdict.violations[0].code == "staircases_differ"


def test_undo_and_stale_state_ids():
    session = Session(GAME, Setup(2))
    session.play(place(0, 10, 0, 0), state_id=0)
    from companion.errors import StaleStateError

    with pytest.raises(StaleStateError):
        session.play(place(1, 11, 0, 0), state_id=0)
    session.undo(state_id=1)
    assert session.state.museums[0][0][0] is None and session.state_id == 2
    assert Session.replay(session.records).state == session.state


def test_best_of_three_match():
    match = Match(("p0", "p1"))
    finished = Session.replay(
        [
            {"type": "setup", "game": "musee", "setup": {"players": 2}},
            {"type": "move", "move": place(0, 10, 0, 0).to_dict()},
            {"type": "move", "move": {"kind": "cannot_play", "player": 1}},
            {"type": "move", "move": {"kind": "cannot_play", "player": 0}},
        ]
    )
    outcome = GAME.outcome(finished.state)
    assert outcome.winners == ("p0",)
    match = match.record(outcome)
    assert not match.over
    match = match.record(outcome)
    assert match.winners == ("p0",)
    with pytest.raises(CompanionError):
        match.record(outcome)


def test_a_card_laid_too_early_counts_once_it_is_that_players_turn():
    """Mia lays her card while Leo is still to play; when Leo has played, it is hers.

    (The camera cannot see whose hand laid it: during Leo's turn it reads as Leo hanging a
    painting in Mia's museum.)"""
    session = Session(GAME, Setup(2, ("Mia", "Leo")))
    session.observe(CardAdded("t1", "MU10", Where("museum0", (0, 2))))
    [early] = session.observe(CardAdded("t2", "MU20", Where("museum0", (0, 4))))
    assert early.violations[0].code == "wrong_museum"
    verdicts = session.observe(CardAdded("t3", "MU05", Where("museum1", (0, 0))))
    assert [v.accepted for v in verdicts] == [True]
    assert session.state.museums[0][0][4] == 20, "the waiting card was taken without a touch"
    assert session.snapshot()["alerts"] == [] and session.state.turn == 1
    # An illegal card waiting on the table stays refused.
    session.observe(CardAdded("t4", "MU03", Where("museum0", (0, 5))))
    session.observe(CardAdded("t5", "MU06", Where("museum1", (0, 1))))
    assert session.state.museums[0][0][5] is None
    assert [a["code"] for a in session.snapshot()["alerts"]] == ["numbers_must_rise"]
    assert Session.replay(session.records).state == session.state


def test_the_log_says_each_move_in_words_in_both_languages():
    session = Session(GAME, Setup(2, ("Mia", "Leo")))
    session.play(place(0, 12, 0, 2))
    refused = session.play(place(1, 13, 0, 0, museum=0))
    said = [v.to_dict()["text"] for v in session.verdicts]
    assert said[0] == {
        "en": "Mia hangs 12 (Seascape) in the upper gallery, space 3",
        "zh-TW": "Mia 把 12（海景）掛在上層展覽廳第 3 格",
    }
    assert not refused.accepted and said[1]["en"].startswith("Leo hangs 13")
    session.play(Move("cannot_play", 1))
    assert session.snapshot()["log"][-1]["text"]["zh-TW"] == "Leo 無法出牌，停止出牌"
