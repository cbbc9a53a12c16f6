"""Mythe rules, one test per rule, asserting on violation codes (rules: shared/rules/mythe.md).

Placeholder path (data): Village 0; spaces 1-6 cost 1, 7-12 cost 2, 13-18 cost 3; the
Dragon's lair is 19 (cost 3); the Sacred Cheese 20.
"""

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalogue import load_catalogue
from companion.errors import CompanionError, IllegalMoveError, PlayerCountError
from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd, Where
from companion.games import find_game
from companion.model import Move, Setup
from companion.record import load_record
from companion.session import Session
from companion.validation import InvalidFieldError

GAME = find_game("mythe")
GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "mythe"
BASE_DECK = {
    "MYN1A",
    "MYN1B",
    "MYN1C",
    "MYN2A",
    "MYN2B",
    "MYN2C",
    "MYN3A",
    "MYN3B",
    "MYSWORD",
    "MYSHIELD",
    "MYFAIRY",
    "MYOBSA",
    "MYOBSB",
}


def draw(seat, card, source=None):
    params = {"card": card}
    if source is not None:
        params["from"] = source
    return Move("draw", seat, params)


def move(seat, to):
    return Move("move", seat, {"to": to})


def share(seat, **params):
    return Move("share", seat, params)


def codes(state, a_move):
    return [v.code for v in GAME.check(state, a_move)]


def malformed(state, move) -> str:
    """The field a malformed move is refused for: check raises, as the session does."""
    with pytest.raises(InvalidFieldError) as refused:
        GAME.check(state, move)
    return refused.value.field


def play(state, *moves):
    for a_move in moves:
        state = GAME.apply(state, a_move)
    return state


def at(state, *positions):
    """The same state with heroes placed on the given spaces (tests jump to late positions)."""
    return replace(state, positions=tuple(positions))


@pytest.fixture
def three():
    return GAME.new_game(Setup(3, ("Ann", "Bo", "Cy")))


# -- components and set-up ------------------------------------------------------------------
def test_lookup_by_slug_and_chinese_name():
    assert find_game("Mythe") is GAME
    assert find_game("俠鼠神抽") is GAME


def test_catalogue_has_one_payload_per_card_a_shared_back_and_tokens():
    catalogue = load_catalogue("mythe")
    cards = catalogue.cards
    assert len({c.payload for c in cards}) == len(cards) == 16
    assert all(c.back == "MYBACK" and c.face["unverified"] for c in cards)
    assert [b.payload for b in catalogue.backs] == ["MYBACK"]
    legendary = {
        c.face["legendary"]: c.face["value"] for c in cards if c.face["type"] == "legendary"
    }
    assert legendary == {"sword": 4, "shield": 4, "fairy": 4}
    marks = {c.payload: c.face["min_players"] for c in cards if c.face["min_players"] > 2}
    assert marks == {"MYN2P4": 4, "MYOBSP4": 4, "MYOBSP5": 5}
    markers = {t.payload: t.marker for t in catalogue.tokens}
    assert sorted(markers.values()) == list(range(130, 136))
    assert markers["MYDRAGON"] == 135


def test_cards_are_removed_by_player_count():
    assert set(GAME.deck(2)) == set(GAME.deck(3)) == BASE_DECK
    assert set(GAME.deck(4)) == BASE_DECK | {"MYN2P4", "MYOBSP4"}
    assert set(GAME.deck(5)) == BASE_DECK | {"MYN2P4", "MYOBSP4", "MYOBSP5"}


def test_deal_round_the_table_from_the_first_player():
    assert GAME.deal(3) == ((5, 4, 4), None)
    assert GAME.deal(4) == ((4, 4, 4, 3), None)
    assert GAME.deal(5) == ((4, 3, 3, 3, 3), None)
    # Two players are dealt as three: the third hand is the dummy deck.
    assert GAME.deal(2) == ((5, 4), 4)


def test_new_game_puts_every_hero_in_the_village(three):
    assert three.positions == (0, 0, 0)
    assert three.heroes == ("red", "blue", "green")
    assert three.turn == 0 and three.phase == "start"
    with pytest.raises(PlayerCountError):
        GAME.new_game(Setup(6))


def test_setup_options_are_checked():
    state = GAME.new_game(
        Setup(3, options={"hands": [4, 4, 5], "heroes": ["yellow", "red", "purple"]})
    )
    assert state.hands == (4, 4, 5) and state.heroes == ("yellow", "red", "purple")
    with pytest.raises(CompanionError, match="add up"):
        GAME.new_game(Setup(3, options={"hands": [4, 4, 4]}))
    with pytest.raises(CompanionError, match="hero colours"):
        GAME.new_game(Setup(2, options={"heroes": ["red", "red"]}))
    with pytest.raises(CompanionError, match="dummy"):
        GAME.new_game(Setup(3, options={"dummy": 2}))
    with pytest.raises(CompanionError, match="no set-up option"):
        GAME.new_game(Setup(3, options={"speed": 2}))


def test_rules_page_says_the_data_is_a_placeholder():
    notes = " ".join(n.en for n in GAME.rules_notes())
    assert "placeholder" in notes
    assert GAME.describe(GAME.new_game(Setup(2)))["unverified"] is True


# -- adventure: drawing ---------------------------------------------------------------------
def test_draw_takes_a_card_from_another_hand(three):
    state = play(three, draw(0, "MYN2A", 1))
    assert state.hands == (5, 3, 4)
    assert state.phase == "adventure" and GAME.points(state) == 2


def test_draw_from_your_own_hand_is_refused(three):
    assert codes(three, draw(0, "MYN2A", 0)) == ["draw_from_yourself"]


def test_draw_from_an_empty_hand_is_refused():
    state = GAME.new_game(Setup(3, options={"hands": [11, 1, 1]}))
    state = play(state, draw(0, "MYN1A", 1))
    assert codes(state, draw(0, "MYN1B", 1)) == ["draw_from_empty_hand"]


def test_out_of_turn_draw_is_refused(three):
    assert codes(three, draw(1, "MYN2A", 2)) == ["out_of_turn"]


def test_the_dummy_deck_exists_only_with_two_players(three):
    assert codes(three, draw(0, "MYN2A", "dummy")) == ["no_dummy_deck"]
    two = GAME.new_game(Setup(2))
    after = play(two, draw(0, "MYN2A", "dummy"))
    assert after.dummy == 3


def test_cards_marked_for_more_players_are_not_in_the_game(three):
    assert codes(three, draw(0, "MYOBSP5", 1)) == ["card_not_in_game"]
    assert codes(three, draw(0, "MYN2P4", 1)) == ["card_not_in_game"]
    assert codes(three, draw(0, "MUX", 1)) == ["unknown_card"]
    four = GAME.new_game(Setup(4))
    assert codes(four, draw(0, "MYN2P4", 1)) == []
    assert codes(four, draw(0, "MYOBSP5", 1)) == ["card_not_in_game"]


def test_a_card_already_face_up_cannot_be_drawn_again(three):
    state = play(three, draw(0, "MYN2A", 1))
    assert codes(state, draw(0, "MYN2A", 2)) == ["card_already_on_table"]


def test_an_obstacle_ends_the_turn_without_moving(three):
    state = play(three, draw(0, "MYN3A", 1), draw(0, "MYOBSA", 2))
    assert state.phase == "share" and state.obstacle == "MYOBSA"
    assert codes(state, draw(0, "MYN1A", 1)) == ["draw_after_obstacle"]
    assert codes(state, move(0, 3)) == ["no_move_after_obstacle"]
    assert codes(state, Move("stop", 0)) == ["stop_not_now"]
    after = play(state, share(0))
    assert after.positions == (0, 0, 0) and after.turn == 1
    assert after.hands == (7, 3, 3)  # the drawn cards went into Ann's hand


def test_no_card_left_to_draw_ends_the_adventure():
    state = GAME.new_game(Setup(3, options={"hands": [11, 1, 1]}))
    state = play(state, draw(0, "MYN1A", 1), draw(0, "MYN2A", 2))
    assert state.phase == "move" and state.destination == 3


def test_must_draw_before_stopping_or_moving(three):
    assert codes(three, Move("stop", 0)) == ["stop_before_drawing"]
    assert codes(three, move(0, 1)) == ["move_before_drawing"]
    assert codes(three, share(0)) == ["share_before_drawing"]


def test_camera_draw_without_a_source_is_counted_against_all_other_hands():
    state = GAME.new_game(Setup(3, options={"hands": [11, 1, 1]}))
    state = play(state, draw(0, "MYN1A"))
    assert GAME.cards_left_to_draw(state) == 1
    state = play(state, draw(0, "MYN1B"))
    assert state.phase == "move"  # both other hands are empty now
    assert codes(state, draw(0, "MYN1C")) == ["draw_not_now"]


# -- movement ----------------------------------------------------------------------------------
def test_points_buy_spaces_at_their_cost(three):
    state = play(three, draw(0, "MYN3A", 1), draw(0, "MYN3B", 2), Move("stop", 0))
    # 6 points: spaces 1-6 cost 1 each.
    assert state.phase == "move" and state.destination == 6
    assert codes(state, move(0, 6)) == []
    assert play(state, move(0, 6)).positions == (6, 0, 0)


def test_moving_while_drawing_means_stopping(three):
    state = play(three, draw(0, "MYN2A", 1))
    assert codes(state, move(0, 2)) == []
    after = play(state, move(0, 2))
    assert after.positions[0] == 2 and after.phase == "share"


def test_leftover_points_are_lost_and_the_right_space_is_named(three):
    state = play(at(three, 6, 0, 0), draw(0, "MYN3A", 1))
    # 3 points from space 6: space 7 costs 2, space 8 costs 2 -> stop on 7, 1 point lost.
    plan = GAME.plan(state)
    assert (plan.stop, plan.lost) == (7, 1)
    violations = GAME.check(state, move(0, 8))
    assert [v.code for v in violations] == ["wrong_space"]
    assert "space 7" in violations[0].message.en and "第 7 格" in violations[0].message.zh


def test_occupied_spaces_are_passed_for_free_and_never_stopped_on(three):
    state = play(at(three, 2, 3, 4), draw(0, "MYN2A", 1))
    # 2 points from space 2: spaces 3 and 4 hold heroes (free), then 5 and 6 cost 1 each.
    plan = GAME.plan(state)
    assert (plan.stop, plan.passed, plan.lost) == (6, (3, 4), 0)
    assert codes(state, move(0, 4)) == ["space_taken"]
    assert codes(state, move(0, 6)) == []


def test_jumping_heroes_then_falling_short_stays_behind_them(three):
    state = play(at(three, 5, 6, 0), draw(0, "MYN1A", 1))
    # 1 point from 5: hero on 6 is free, space 7 costs 2 -> the hero cannot move.
    assert GAME.plan(state).stop == 5
    assert codes(state, move(0, 7)) == ["wrong_space"]
    assert codes(state, move(0, 5)) == ["cannot_move"]
    assert codes(state, share(0)) == []  # stopping and sharing at once
    stopped = play(state, Move("stop", 0))
    assert stopped.phase == "share"
    # A hero that could not move is told why it stays, never that it "already moved".
    [problem] = GAME.check(stopped, move(0, 7))
    assert problem.code == "cannot_move" and "already" not in problem.message.en
    assert "stays on" in problem.message.en and "走過" not in problem.message.zh


def test_heroes_only_go_forward_and_stay_on_the_path(three):
    state = play(at(three, 4, 0, 0), draw(0, "MYN1A", 1))
    assert codes(state, move(0, 2)) == ["move_backwards"]
    assert malformed(state, move(0, 99)) == "move 'move', field 'to'"
    assert malformed(state, move(0, "far")) == "move 'move', field 'to'"
    moved = play(state, move(0, 5))
    assert codes(moved, move(0, 6)) == ["move_not_now"]


@settings(max_examples=300, deadline=None)
@given(
    me=st.integers(0, 18),
    others=st.lists(st.integers(0, 18), min_size=1, max_size=4),
    points=st.integers(0, 30),
    revealed=st.booleans(),
)
def test_plan_spends_points_forward_and_stops_at_the_last_free_space(me, others, points, revealed):
    taken = [o for o in others if o != 0]
    if me in taken or len(set(taken)) != len(taken):
        return  # a space holds one hero: not a position that can happen
    state = GAME.new_game(Setup(len(others) + 1))
    state = replace(state, positions=(me, *others), revealed="MYSWORD" if revealed else None)
    plan = GAME.plan(state, points=points)
    dragon = GAME.dragon
    assert me <= plan.stop <= dragon
    assert plan.stop == me or plan.stop not in taken
    assert plan.stop < dragon or revealed
    spent = sum(GAME.costs[s] for s in range(me + 1, plan.stop + 1) if s not in taken)
    if plan.stop == dragon:
        assert spent <= points and plan.reaches_dragon
        return
    assert spent + plan.lost == points
    # Maximal: the next free space is the dragon without a revealed card, or costs too much.
    following = [s for s in range(plan.stop + 1, dragon + 1) if s not in taken]
    if following:
        nxt = following[0]
        assert (nxt == dragon and not revealed) or GAME.costs[nxt] > plan.lost


def test_a_hero_moved_out_of_turn_is_a_violation(three):
    state = play(three, draw(0, "MYN1A", 1))
    assert codes(state, move(1, 1)) == ["out_of_turn"]


# -- the dragon ----------------------------------------------------------------------------
def test_without_a_legendary_card_the_hero_stops_before_the_dragon(three):
    state = play(at(three, 17, 0, 0), draw(0, "MYN3A", 1), draw(0, "MYN3B", 2))
    plan = GAME.plan(state)
    assert (plan.stop, plan.blocked_by_dragon, plan.lost) == (18, True, 3)
    violations = GAME.check(state, move(0, 19))
    assert [v.code for v in violations] == ["dragon_needs_legendary"]
    assert violations[0].message.en.startswith(
        "You must stop before the dragon: show a sword, shield or fairy card at the start of "
        "your turn to face it."
    )
    assert "紅龍" in violations[0].message.zh


def test_revealed_legendary_card_lets_the_hero_beat_the_dragon(three):
    state = at(three, 18, 0, 0)
    state = play(state, Move("reveal", 0, {"card": "MYSWORD"}), draw(0, "MYN3A", 1))
    assert GAME.points(state) == 3  # the sword's 4 does not count
    assert GAME.plan(state).reaches_dragon
    won = play(state, move(0, 19))
    assert GAME.is_over(won) and won.winner == 0
    assert GAME.outcome(won).winners == ("p0",)
    assert codes(won, draw(1, "MYN1A", 2)) == ["game_over"]


def test_revealed_card_value_does_not_count(three):
    state = play(
        at(three, 16, 0, 0),
        Move("reveal", 0, {"card": "MYFAIRY"}),
        draw(0, "MYN2A", 1),
        draw(0, "MYN1A", 2),
    )
    # 3 points from 16: space 17 costs 3 -> stop there, the dragon is out of reach.
    assert GAME.plan(state).stop == 17
    assert codes(state, move(0, 19)) == ["wrong_space"]


def test_the_cheese_is_not_a_space_to_stand_on(three):
    state = play(at(three, 18, 0, 0), Move("reveal", 0, {"card": "MYSWORD"}), draw(0, "MYN3A", 1))
    assert codes(state, move(0, 20)) == ["no_such_space"]


def test_reveal_only_at_the_start_of_the_turn_and_only_legendary(three):
    assert codes(three, Move("reveal", 0, {"card": "MYN3A"})) == ["reveal_not_legendary"]
    revealed = play(three, Move("reveal", 0, {"card": "MYSHIELD"}))
    assert codes(revealed, Move("reveal", 0, {"card": "MYSWORD"})) == ["already_revealed"]
    assert codes(revealed, draw(0, "MYSHIELD", 1)) == ["card_already_on_table"]
    drawn = play(three, draw(0, "MYN1A", 1))
    assert codes(drawn, Move("reveal", 0, {"card": "MYSWORD"})) == ["reveal_not_now"]


def test_a_failed_dragon_attempt_ends_as_a_normal_turn(three):
    state = play(at(three, 18, 0, 0), Move("reveal", 0, {"card": "MYSWORD"}), draw(0, "MYOBSA", 1))
    assert state.phase == "share"
    after = play(state, share(0))
    assert after.turn == 1 and after.revealed is None and not GAME.is_over(after)


# -- sharing -------------------------------------------------------------------------------
def test_share_gives_cards_and_passes_the_turn(three):
    state = play(three, draw(0, "MYN2A", 1), move(0, 2), share(0, give={"1": 2}))
    assert state.hands == (4, 5, 4) and state.turn == 1 and state.phase == "start"


def test_everyone_keeps_at_least_one_card():
    state = GAME.new_game(Setup(3, options={"hands": [11, 1, 1]}))
    state = play(state, draw(0, "MYN1A", 1), Move("stop", 0), move(0, 1))
    assert codes(state, share(0)) == ["share_empty_hand"]
    assert codes(state, share(0, give={"1": 1})) == []
    assert codes(state, share(0, give={"1": 7, "2": 5})) == ["share_empty_hand"]  # keeps none


def test_share_counts_must_make_sense(three):
    state = play(three, draw(0, "MYN1A", 1), move(0, 1))
    assert codes(state, share(0, give={"0": 1})) == ["share_to_yourself"]
    assert malformed(state, share(0, give={"7": 1})) == "move 'share', field 'give' key"
    assert malformed(state, share(0, give={"1": -1})) == "move 'share', field 'give'[\"1\"]"
    assert codes(state, share(0, give={"1": 7})) == ["share_bad_count"]  # holds 6
    assert codes(state, share(0, give={"dummy": 1})) == ["share_bad_target"]


def test_variant_only_this_turns_cards_may_be_given():
    state = GAME.new_game(Setup(3, options={"share_only_drawn": True}))
    state = play(state, draw(0, "MYN1A", 1), move(0, 1))
    assert codes(state, share(0, give={"1": 2})) == ["share_only_drawn"]
    assert codes(state, share(0, give={"1": 1})) == []


def test_must_move_before_sharing(three):
    state = play(three, draw(0, "MYN2A", 1))
    assert codes(state, share(0)) == ["must_move_first"]


def test_confirmed_hand_counts_after_camera_draws(three):
    state = play(three, draw(0, "MYN2A"), move(0, 2))
    # The camera could not tell whose hand the card came from: counts are confirmed instead.
    assert codes(state, share(0, give={"1": 1})) == ["share_needs_hand_counts"]
    assert codes(state, share(0)) == ["share_needs_hand_counts"]
    assert codes(state, share(0, hands=[5, 4, 5])) == ["share_counts_dont_add_up"]
    assert codes(state, share(0, hands=[5, 4, 4])) == []  # one card went back
    assert codes(state, share(0, hands=[7, 3, 3])) == ["share_cannot_take"]
    assert codes(state, share(0, hands=[6, 0, 7])) == ["share_cannot_take"]
    assert codes(state, share(0, hands=[4, 4, 5])) == []
    after = play(state, share(0, hands=[4, 4, 5]))
    assert after.hands == (4, 4, 5)


def test_two_player_dummy_deck_takes_and_gives_cards():
    state = GAME.new_game(Setup(2))
    state = play(state, draw(0, "MYN3A", "dummy"), move(0, 3), share(0, give={"dummy": 2, "1": 1}))
    assert state.hands == (3, 5) and state.dummy == 5


# -- score, hints, description -------------------------------------------------------------
def test_score_is_progress_along_the_path_and_the_dragon(three):
    state = play(
        at(three, 18, 7, 3),
        Move("reveal", 0, {"card": "MYSWORD"}),
        draw(0, "MYN3A", 1),
        move(0, 19),
    )
    totals = {s.side: s.total for s in GAME.score(state)}
    assert totals == {"p0": 20, "p1": 7, "p2": 3}
    lines = GAME.score(state)[0].lines
    assert [line.code for line in lines] == ["progress", "dragon"]
    assert "sword" in lines[1].source.en and "劍" in lines[1].source.zh
    assert GAME.outcome(state).ranking == ("p0", "p1", "p2")
    assert GAME.outcome(three) is None


def test_hint_names_the_points_and_the_space_reached(three):
    state = play(three, draw(0, "MYN3A", 1), draw(0, "MYN1A", 2))
    hint = next(h for h in GAME.hints(state) if "points" in h.data)
    assert hint.data["points"] == 4 and hint.data["space"] == 4
    assert hint.text.en.startswith("4 points: you can reach the Orchard (space 4)")
    assert "果園" in hint.text.zh
    assert GAME.describe(state)["destination"] == 4


def test_every_violation_speaks_both_languages(three):
    state = play(at(three, 17, 0, 0), draw(0, "MYN3A", 1))
    attempts = [
        move(0, 19),
        move(0, 5),
        move(1, 2),
        draw(0, "MYN3A", 2),
        Move("reveal", 0, {"card": "MYSWORD"}),
        share(0),
        Move("fly", 0),
    ]
    for attempt in attempts:
        for violation in GAME.check(state, attempt):
            assert violation.message.en and violation.message.zh
            assert violation.message.en != violation.message.zh


def test_apply_refuses_an_illegal_move(three):
    with pytest.raises(IllegalMoveError):
        GAME.apply(three, move(0, 3))


# -- camera --------------------------------------------------------------------------------
def _added(track, payload, region, slot=None, kind="card"):
    return CardAdded(track, payload, Where(region, slot), kind=kind)


def test_camera_turn_draw_move_and_wrong_space():
    session = Session(GAME, Setup(3, ("Ann", "Bo", "Cy")))
    for seat, colour in enumerate(("RED", "BLUE", "GREEN")):
        assert session.observe(_added(f"h{seat}", f"MYH{colour}", "path", (0,), "token")) == []
    [verdict] = session.observe(_added("c1", "MYN3A", "adventure"))
    assert verdict.accepted and verdict.move.kind == "draw" and "from" not in verdict.move.params
    # Bo's hero moves out of turn.
    [verdict] = session.observe(
        CardMoved("h1", "MYHBLUE", Where("path", (2,)), Where("path", (0,)), kind="token")
    )
    assert not verdict.accepted and verdict.violations[0].code == "out_of_turn"
    # Ann puts her hero one space too far, then corrects it.
    [verdict] = session.observe(
        CardMoved("h0", "MYHRED", Where("path", (4,)), Where("path", (0,)), kind="token")
    )
    assert verdict.violations[0].code == "wrong_space"
    assert "space 3" in verdict.violations[0].message.en
    [verdict] = session.observe(
        CardMoved("h0", "MYHRED", Where("path", (3,)), Where("path", (4,)), kind="token")
    )
    assert verdict.accepted and session.state.positions[0] == 3


def test_camera_reveal_and_ignored_pieces(three):
    reveal = GAME.interpret(three, _added("c1", "MYSWORD", "reveal"), {})
    assert reveal.move == Move("reveal", 0, {"card": "MYSWORD"})
    assert GAME.interpret(three, _added("d", "MYDRAGON", "path", (19,), "token"), {}).move is None
    assert GAME.interpret(three, _added("b", "MYBACK", "adventure"), {}).move is None
    assert GAME.interpret(three, CardRemoved("c1", "MYSWORD"), {}).move is None
    assert GAME.meaning_of(three, FrameEnd(), {}).move is None
    unknown = GAME.meaning_of(three, _added("x", "CC001", "adventure"), {})
    assert unknown.violations[0].code == "unknown_card"
    purple = GAME.interpret(three, _added("p", "MYHPURPLE", "path", (1,), "token"), {})
    assert purple.violations[0].code == "hero_not_in_game"


def test_camera_sees_the_next_turn_start_before_sharing_was_confirmed(three):
    state = play(three, draw(0, "MYN2A", 1), move(0, 2))
    meaning = GAME.interpret(state, _added("c", "MYN3A", "adventure"), {})
    assert meaning.move is None and meaning.violations[0].code == "turn_not_finished"
    nudged = GAME.interpret(state, _added("c", "MYN2A", "adventure"), {})
    assert nudged.move is None and not nudged.violations


def test_camera_draw_names_the_only_possible_hand():
    state = GAME.new_game(Setup(3, options={"hands": [11, 1, 1]}))
    state = play(state, draw(0, "MYN1A", 1))
    meaning = GAME.interpret(state, _added("c", "MYN1B", "adventure"), {})
    assert meaning.move.params["from"] == 2


def test_golden_transcripts_cover_every_player_count():
    counts = {load_record(p).setup["players"] for p in GOLDEN.glob("*.json")}
    assert counts >= {2, 3, 4, 5}


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_transcript_ends_with_the_hand_checked_table(path):
    """Beyond scores and verdicts (tests/test_golden.py): every hero's space and hand size."""
    record = load_record(path)
    session = Session.replay(record.records())
    expected = record.expected
    assert list(session.state.positions) == expected["positions"]
    assert list(session.state.hands) == expected["hands"]
    assert session.state.dummy == expected.get("dummy")
    assert GAME.is_over(session.state)


# -- the game log --------------------------------------------------------------------------
def test_the_log_says_each_move_in_words_in_both_languages():
    session = Session(GAME, Setup(2, ("Mia", "Leo")))
    session.play(draw(0, "MYN2A", 1))
    refused = session.play(draw(0, "MYN3A", 0))  # from her own hand: refused, still said
    session.play(draw(0, "MYN1A", "dummy"))
    session.play(move(0, 3))
    session.play(share(0, give={"1": 1, "dummy": 2}))
    said = [v.to_dict()["text"] for v in session.verdicts]
    assert said[0] == {
        "en": "Mia draws Adventure 2 from Leo",
        "zh-TW": "Mia 從 Leo 手中抽到「冒險 2」",
    }
    assert not refused.accepted and said[1]["en"] == "Mia draws Adventure 3 from Mia"
    assert said[2]["zh-TW"] == "Mia 從額外牌組抽到「冒險 1」"
    assert said[3] == {"en": "Mia moves to the Mill (space 3)", "zh-TW": "Mia 走到磨坊（第 3 格）"}
    assert said[4] == {
        "en": "Mia gives 1 card to Leo and 2 cards to the extra deck",
        "zh-TW": "Mia 給 Leo 1 張牌、給額外牌組 2 張牌",
    }
    session.play(Move("reveal", 1, {"card": "MYSWORD"}))
    session.play(draw(1, "MYOBSA"))
    assert session.snapshot()["log"][-2]["text"]["en"] == (
        "Leo shows Sword 4 (legendary) to face the dragon"
    )
    assert session.snapshot()["log"][-1]["text"]["zh-TW"] == "Leo 抽到「障礙」"
    state = session.state
    assert GAME.describe_move(state, share(1, hands=[5, 4], dummy=4)).en == (
        "Leo shares cards; cards in hand now: Mia 5, Leo 4, extra deck 4"
    )
    assert GAME.describe_move(state, Move("stop", 1)).zh == "Leo 停止抽牌"
    for mangled in (
        draw(1, "NOPE"),
        draw(1, 5, 1),
        draw(1, "MYN1A", "x"),
        draw(7, "MYN1A"),
        move(1, "3"),
        move(1, 99),
        move(True, 2),
        share(1, give=[1]),
        share(1, give={"x": 1}),
        share(1, give={"0": -1}),
        share(1, hands=[1]),
        Move("fly", 1),
        Move("reveal", 1, {"card": ["MYSWORD"]}),
    ):
        assert GAME.describe_move(state, mangled) is None, mangled


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_move_of_a_random_playout_is_said_in_words(players):
    rng = random.Random(players)
    state = GAME.new_game(Setup(players))
    for _ in range(400):
        moves = list(GAME.legal_moves(state))
        if not moves:
            break
        for a_move in moves:
            words = GAME.describe_move(state, a_move)
            assert words is not None and words.en and words.zh, a_move
            for key in a_move.params:  # the same move with one detail mangled never raises
                for junk in (None, -1, "??", [1], {"1": "x"}, True):
                    GAME.describe_move(
                        state, Move(a_move.kind, a_move.player, {**a_move.params, key: junk})
                    )
        state = GAME.apply(state, rng.choice(moves))
    assert GAME.is_over(state)


def test_cards_marked_4_plus_are_not_offered_below_four_players():
    three = GAME.pieces_in_play(GAME.new_game(Setup(3, ("Ann", "Bo", "Cy"))))
    four = GAME.pieces_in_play(GAME.new_game(Setup(4, ("Ann", "Bo", "Cy", "Dan"))))
    assert "MYN2P4" not in three and "MYN2P4" in four
