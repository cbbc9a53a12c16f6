"""Crypt rules, one test per rule, with the violation codes the dashboard relies on."""

from dataclasses import replace

import pytest

from companion.catalogue import load_catalogue
from companion.errors import CompanionError
from companion.events import CardAdded, CardMoved, PieceOnTable, Where
from companion.games import find_game
from companion.games.crypt import Owned
from companion.model import Move, Setup
from companion.validation import InvalidFieldError, validate_move

GAME = find_game("crypt")


def new(players=2, **options):
    return GAME.new_game(Setup(players, options=options))


def play(state, *moves):
    for m in moves:
        problems = GAME.check(state, m)
        assert not problems, [p.code for p in problems]
        state = GAME.apply(state, m)
    return state


def deal(state, *cards):
    return play(
        state, *(Move("deal", None, {"back" if c.startswith("CRB") else "card": c}) for c in cards)
    )


def claim(player, *placements):
    return Move(
        "claim",
        player,
        {"placements": [{"card": c, "dice": d, "effort": e} for c, d, e in placements]},
    )


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def owned(*payloads):
    return tuple(Owned(GAME.ttype(p), p) for p in payloads)


def with_collections(state, *collections, ready=None):
    state = replace(
        state, collections=tuple(collections) + ((),) * (state.seats - len(collections))
    )
    return replace(state, ready=tuple(ready)) if ready else state


def side_total(state, seat):
    return {s.members[0]: s for s in GAME.score(state)}[seat]


def line_codes(state, seat):
    return {line.code: line.points for line in side_total(state, seat).lines}


# -- components and set-up -----------------------------------------------------------------
def test_catalogue_has_every_piece_with_its_own_payload():
    cat = load_catalogue("crypt")
    treasures = [p for p in cat.cards if p.face.get("role") == "treasure"]
    assert len(treasures) == 48 and len(cat.backs) == 6
    assert {(p.face["type"], p.face["value"]) for p in treasures} == {
        (t, v)
        for t in ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
        for v in range(1, 5)
    }
    assert all(cat.piece(p.back).face["type"] == p.face["type"] for p in treasures)
    assert len([p for p in cat.cards if p.face.get("role") == "collector"]) == 12
    assert {"CRLEADER", "CRLIGHTS"} <= {p.payload for p in cat.cards}


@pytest.mark.parametrize("players, deck, rounds", [(1, 24, 8), (2, 24, 8), (3, 36, 9), (4, 48, 8)])
def test_deck_and_rounds_by_player_count(players, deck, rounds):
    assert len(GAME.deck_payloads(players)) == deck
    assert GAME.describe(new(players))["rounds"] == rounds


def test_bad_setup_options_are_refused():
    with pytest.raises(CompanionError):
        new(2, collectors={"idols": "C"})
    with pytest.raises(CompanionError):
        new(2, colours=["red", "red"])
    with pytest.raises(CompanionError):
        new(2, shuffle=True)


@pytest.mark.parametrize(
    "options, en",
    [
        ({"shuffle": True}, "Crypt has no set-up option 'shuffle'"),
        ({"collectors": {"idols": "C"}}, "option 'collectors' maps treasure types to 'A' or 'B'"),
        ({"colours": ["red", "red"]}, "option 'colours' needs 2 different colours"),
        ({"leader": 5}, "option 'leader' must be a seat from 0 to 1"),
    ],
)
def test_an_impossible_setup_is_refused_in_both_languages(options, en):
    """The message stays the same English for scripts and logs; the error also carries the
    sentence in Traditional Chinese for a player's page."""
    with pytest.raises(CompanionError) as refused:
        new(2, **options)
    assert str(refused.value).startswith(en)
    assert refused.value.text.en == str(refused.value)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in refused.value.text.zh), refused.value.text


# -- reveal ----------------------------------------------------------------------------------
def test_reveal_counts_and_cards_not_in_the_deck():
    state = new(2)
    state = deal(state, "CRIDOL4A", "CRJEWL3A")
    assert codes(state, Move("deal", None, {"card": "CRTAPE1A"})) == ["too_many_face_up"]
    assert codes(new(2), Move("deal", None, {"card": "CRIDOL4B"})) == ["card_not_in_game"]
    assert codes(new(3), Move("deal", None, {"card": "CRIDOL3B"})) == []
    assert codes(new(3), Move("deal", None, {"card": "CRIDOL4B"})) == ["card_not_in_game"]
    state = deal(state, "CRBPOTT")
    assert state.phase == "claim"
    assert codes(state, Move("deal", None, {"card": "CRTAPE1A"})) == ["wrong_phase"]


def test_the_face_down_cards_come_after_every_face_up_card():
    """Rules (shared/rules/crypt.md, Reveal): "deal the face-up cards, then the face-down
    cards, into one row". A face-down card dealt first was accepted (walk-through finding);
    it is refused, saying so in both languages, until the last face-up card is down."""
    for players, face_up in ((2, 2), (3, 3), (4, 4)):
        state = new(players)
        for dealt in range(face_up):
            (problem,) = GAME.check(state, Move("deal", None, {"back": "CRBPOTT"}))
            assert problem.code == "face_up_first"
            assert f"first ({face_up - dealt} more of {face_up})" in problem.message.en
            assert f"（{face_up} 張還差 {face_up - dealt} 張）" in problem.message.zh
            assert not any(m.get("back") for m in GAME.legal_moves(state)), "offered too soon"
            state = play(state, next(m for m in GAME.legal_moves(state) if m.get("card")))
        assert codes(state, Move("deal", None, {"back": "CRBPOTT"})) == []
        assert any(m.get("back") for m in GAME.legal_moves(state))


# -- turn order and torches ------------------------------------------------------------------
def test_two_players_the_torch_holder_acts_twice_and_torches_pass():
    state = deal(new(2), "CRIDOL4A", "CRJEWL3A", "CRBPOTT")
    assert GAME.turn_order(state) == (0, 1, 0)
    assert codes(state, Move("recover", 1)) == ["not_your_turn"]
    state = play(state, Move("recover", 0), Move("recover", 1), Move("recover", 0))
    assert state.phase == "reveal" and state.leader == 1
    assert GAME.turn_order(state) == (1, 0, 1)


def test_four_players_torches_pass_left_and_the_old_leader_acts_last():
    state = new(4)
    assert GAME.turn_order(state) == (0, 1, 2, 3) and GAME.lights_out(state) == 3
    state = deal(state, "CRIDOL4A", "CRJEWL3A", "CRTAPE1A", "CRPOTT2A", "CRBPOTT", "CRBIDOL")
    state = play(state, *(Move("recover", s) for s in range(4)))
    # Both torches pass to the left: the next player clockwise leads, the old Leader
    # takes Lights Out and so acts last.
    assert state.leader == 1 and GAME.lights_out(state) == 0
    assert GAME.turn_order(state) == (1, 2, 3, 0)


def test_three_players_torches_travel_clockwise():
    state = new(3)
    rounds = [
        ("CRIDOL4A", "CRJEWL3A", "CRTAPE1A", "CRBPOTT"),
        ("CRIDOL3A", "CRJEWL4A", "CRTAPE2A", "CRBIDOL"),
    ]
    seen = []
    for cards in rounds:
        state = deal(state, *cards)
        order = GAME.turn_order(state)
        seen.append((state.leader, GAME.lights_out(state), order))
        state = play(state, *(Move("recover", s) for s in order))
    assert seen == [(0, 2, (0, 1, 2)), (1, 0, (1, 2, 0))]
    assert state.leader == 2 and GAME.lights_out(state) == 1
    assert codes(
        deal(state, "CRIDOL1A", "CRJEWL1A", "CRTAPE3A", "CRBJEWL"), Move("recover", 0)
    ) == ["not_your_turn"]


# -- claims ----------------------------------------------------------------------------------
@pytest.fixture
def claiming():
    return deal(new(2), "CRIDOL4A", "CRJEWL3A", "CRBPOTT")


def test_push_off_needs_strictly_more_effort(claiming):
    state = play(claiming, claim(0, (0, 1, 4)))
    assert codes(state, claim(1, (0, 1, 4))) == ["push_not_higher"]
    assert codes(state, claim(1, (0, 2, 2))) == ["push_not_higher"]
    message = GAME.check(state, claim(1, (0, 1, 4)))[0].message
    assert "more than 4" in message.en and "大於 4" in message.zh
    state = play(state, claim(1, (0, 2, 3)))  # 6 > 4
    assert state.row[0].owner == 1 and state.row[0].total == 6
    assert state.ready == (3, 1)  # Ann's die came back ready, not exhausted
    assert GAME.describe(state)["pushes"] == [
        {"card": 0, "by": 1, "from": 0, "dice": 1, "beaten": 4, "effort": 6}
    ]


def test_claim_rules_have_their_codes(claiming):
    # More dice than a player has, an effort off the die, a crypt place the row lacks: the
    # move is malformed (its declared fields), refused before any rule reads it.
    for placement, field in (((0, 4, 1), "dice"), ((0, 1, 7), "effort"), ((5, 1, 2), "card")):
        with pytest.raises(InvalidFieldError, match=f"field '{field}'"):
            validate_move(GAME, Setup(2), claim(0, placement))
    with pytest.raises(InvalidFieldError, match="field 'placements'"):
        validate_move(GAME, Setup(2), Move("claim", 0, {"placements": []}))
    assert codes(claiming, claim(0, (0, 1, 2), (0, 1, 3))) == ["mixed_effort"]
    taken = replace(claiming, row=claiming.row[:2] + (None,))  # taken with Pottery B
    assert codes(taken, claim(0, (2, 1, 2))) == ["no_such_card"]
    state = play(claiming, claim(0, (0, 1, 2)), Move("recover", 1))
    assert codes(state, claim(0, (0, 1, 6))) == ["own_card"]
    assert codes(state, claim(0, (1, 1, 1), (2, 1, 1))) == ["lights_out_one_card"]
    assert codes(state, claim(0, (1, 2, 1))) == []


def test_several_cards_in_one_claim_and_recover(claiming):
    state = play(claiming, claim(0, (0, 1, 1), (1, 2, 5)))
    assert state.ready[0] == 0
    state = play(state, Move("recover", 1))
    assert GAME.hints(state)[0].text.en.endswith("must recover.")
    assert codes(state, claim(0, (2, 1, 1))) == ["not_enough_dice"]


# -- collect ---------------------------------------------------------------------------------
def test_rolls_below_effort_exhaust_and_effort_one_never_rolls(claiming):
    state = play(claiming, claim(0, (0, 2, 3)), claim(1, (1, 1, 1)), claim(0, (2, 1, 1)))
    assert state.phase == "collect"
    assert [(r.card, r.effort) for r in state.rolls] == [(0, 3), (0, 3)]
    assert codes(state, Move("roll", 1, {"card": 1, "value": 1})) == ["no_roll_due"]
    state = play(state, Move("roll", 0, {"card": 0, "value": 3}))  # equal: stays ready
    # Ann now holds a face-down idol (Idols A), so a failed roll waits for her decision.
    state = play(state, Move("roll", 0, {"card": 0, "value": 2}))
    assert state.phase == "collect"
    assert codes(state, Move("end_collect")) == []
    state = play(state, Move("end_collect"))
    assert state.phase == "reveal"
    assert state.ready == (2, 3) and state.exhausted == (1, 0)
    assert [o.payload for o in state.collections[0]] == ["CRIDOL4A", None]
    assert [o.payload for o in state.collections[1]] == ["CRJEWL3A"]


def test_idols_a_reroll_flips_an_idol(claiming):
    state = play(
        claiming,
        claim(0, (0, 1, 5)),
        Move("recover", 1),
        Move("recover", 0),
        Move("roll", 0, {"card": 0, "value": 2}),
    )
    assert state.phase == "collect" and state.rolls[0].failed
    reroll = Move("reroll", 0, {"roll": 0, "card": "CRIDOL4A", "value": 5})
    state = play(state, reroll)
    assert state.phase == "reveal" and state.ready[0] == 3
    assert state.collections[0][0].flipped
    assert codes(state, reroll) == ["no_card_to_flip"]  # that idol is face up now


# -- camera steps ----------------------------------------------------------------------------
def test_dice_seen_one_by_one_form_a_claim_closed_by_the_next_player(claiming):
    state = play(claiming, claim(0, (0, 1, 4)))

    def place(die: str, card: int, value: int) -> Move:
        return Move("place_die", 1, {"die": die, "card": card, "effort": value})

    state = play(state, place("b1", 0, 3))  # 3 < 4 alone, but a second 3 will make 6
    assert codes(state, place("b2", 0, 2)) == ["mixed_effort"]
    # Closing now would be an illegal push-off: Ann's next move is refused with that reason.
    assert codes(state, Move("recover", 0)) == ["push_not_higher"]
    state = play(state, place("b2", 0, 3), Move("recover", 0))
    assert state.row[0].owner == 1 and state.row[0].total == 6 and state.pending == ()


def test_a_die_that_can_never_push_off_is_refused_at_once(claiming):
    state = play(claiming, claim(0, (0, 1, 6)))
    move = Move("place_die", 1, {"die": "b1", "card": 0, "effort": 1})
    assert codes(state, move) == ["push_not_higher"]  # even 3 dice showing 1 make only 3


def test_interpret_turns_camera_events_into_moves(claiming):
    table = {}
    event = CardAdded("d1", "DIEBLUE", Where("crypt", (1,)), kind="die", value=5)
    state = play(claiming, Move("recover", 0))
    meaning = GAME.interpret(state, event, table)
    assert meaning.move == Move("place_die", 1, {"die": "d1", "card": 1, "effort": 5})
    unread = CardAdded("d1", "DIEBLUE", Where("crypt", (1,)), kind="die", value=None)
    assert GAME.interpret(state, unread, table).move is None
    deal_event = CardAdded("c1", "CRBIDOL", Where("crypt", (2,)), face_down=True)
    meaning = GAME.interpret(new(2), deal_event, {})
    assert meaning.move == Move("deal", None, {"back": "CRBIDOL", "index": 2})
    wrong_side = CardAdded("k1", "CRCIDOLB", Where("collectors", None))
    assert [v.code for v in GAME.interpret(state, wrong_side, {}).violations] == [
        "collector_side_differs"
    ]
    torch = CardAdded("k2", "CRLIGHTS", Where("player1", None))
    assert [v.code for v in GAME.interpret(state, torch, {}).violations] == ["torch_misplaced"]


def test_interpret_reads_exhaustion_rolls_in_the_roll_area(claiming):
    state = play(claiming, claim(0, (1, 1, 4)), Move("recover", 1), Move("recover", 0))
    before = {"a1": PieceOnTable("a1", "DIERED", "die", Where("crypt", (1,)), value=4)}
    rolled = CardMoved(
        "a1", "DIERED", Where("roll", None), Where("crypt", (1,)), kind="die", value=2
    )
    assert GAME.interpret(state, rolled, before).move == Move("roll", 0, {"card": 1, "value": 2})


# -- collectors ------------------------------------------------------------------------------
def scored(players=2, **sides):
    return replace(new(players, collectors=sides), phase="over")


def test_jewelry_and_manuscripts_and_pottery_a():
    state = with_collections(
        scored(),
        owned("CRJEWL1A", "CRJEWL3A", "CRMANU1A", "CRMANU2A", "CRPOTT1A", "CRPOTT2A", "CRPOTT3A"),
        ready=(0, 0),
    )
    lines = line_codes(state, 0)
    assert lines["jewelry_a"] == 3
    assert lines["manuscripts_a"] == (4 - 1) + (4 - 2)
    assert lines["pottery_a"] == 4
    assert side_total(state, 0).total == 1 + 3 + 1 + 2 + 1 + 2 + 3 + 3 + 5 + 4


def test_jewelry_b_remains_b_and_pottery_thresholds():
    state = with_collections(
        scored(jewelry="B", remains="B"),
        owned("CRJEWL1A", "CRREMN1A", "CRREMN2A", "CRREMN3A", "CRREMN4A"),
        ready=(0, 0),
    )
    lines = line_codes(state, 0)
    assert lines["jewelry_b"] == 1 and lines["remains_b"] == 10
    few = with_collections(scored(remains="B"), owned("CRREMN1A", "CRREMN2A", "CRREMN3A"))
    assert "remains_b" not in line_codes(few, 0)


def test_tapestries_a_ties_all_score_and_b_only_or_shared():
    state = with_collections(
        scored(3), owned("CRTAPE4A"), owned("CRTAPE1A", "CRTAPE3A"), owned("CRIDOL1A")
    )
    assert line_codes(state, 0)["tapestries_a"] == 5 and line_codes(state, 1)["tapestries_a"] == 5
    assert "tapestries_a" not in line_codes(state, 2)
    three = owned("CRTAPE1A", "CRTAPE2A", "CRTAPE3A")
    only = with_collections(scored(3, tapestries="B"), three, owned("CRTAPE4A"))
    assert line_codes(only, 0)["tapestries_b_only"] == 7
    shared = with_collections(
        scored(4, tapestries="B"), three, owned("CRTAPE4A", "CRTAPE3B", "CRTAPE2B")
    )
    assert line_codes(shared, 0)["tapestries_b_shared"] == 4
    assert line_codes(shared, 1)["tapestries_b_shared"] == 4


def test_idols_b_first_pair_scores_five_later_pairs_two():
    state = deal(new(2, collectors={"idols": "B"}), "CRIDOL4A", "CRIDOL3A", "CRBIDOL")
    state = play(state, claim(0, (0, 1, 1), (2, 1, 1)), claim(1, (1, 1, 1)), Move("recover", 0))
    assert line_codes(state, 0)["idols_b_first"] == 5
    assert all(o.flipped for o in state.collections[0])
    state = deal(state, "CRIDOL2A", "CRJEWL1A", "CRBJEWL")
    state = play(state, claim(1, (0, 1, 1)), Move("recover", 0), Move("recover", 1))
    assert line_codes(state, 1)["idols_b_later"] == 2


def test_pottery_b_takes_a_face_down_card_before_claims():
    state = with_collections(
        deal(new(2, collectors={"pottery": "B"}), "CRIDOL4A", "CRJEWL3A", "CRBTAPE"),
        owned("CRPOTT1A", "CRPOTT2A"),
    )
    take = Move("take", 0, {"cards": ["CRBPOTT", "CRBPOTT"], "index": 2})
    assert codes(state, Move("take", 0, {"cards": ["CRBPOTT"], "index": 2})) == ["flip_count"]
    assert codes(state, Move("take", 0, {"cards": ["CRBPOTT", "CRBPOTT"], "index": 0})) == [
        "not_face_down"
    ]
    after = play(state, take)
    assert after.row[2] is None and after.collections[0][-1].type == "tapestries"
    assert all(o.flipped for o in after.collections[0][:2])
    assert codes(play(state, Move("recover", 0)), take) == ["wrong_phase"]


def test_remains_a_recovers_one_die_and_manuscripts_b_peeks_while_manuscripts_remain():
    state = deal(new(2, collectors={"manuscripts": "B"}), "CRIDOL4A", "CRJEWL3A", "CRBTAPE")
    state = with_collections(state, owned("CRREMN1A", "CRREMN2A", "CRMANU1A", "CRMANU2A"))
    state = replace(state, ready=(1, 3), exhausted=(2, 0))
    recover_one = Move("recover_one", 0, {"cards": ["CRBREMN", "CRREMN2A"]})
    state = play(state, recover_one)
    assert state.ready[0] == 2 and state.exhausted[0] == 1
    assert codes(state, recover_one) == ["no_card_to_flip"]
    peek = Move("peek", 0, {"card": "CRBMANU"})
    state = play(state, peek, peek)  # no limit per round (test_crypt_rulings.py)
    assert codes(state, peek) == ["no_card_to_flip"]
    assert codes(state, Move("recover_one", 0, {"cards": ["CRBMANU", "CRBMANU"]})) == ["wrong_type"]
    b_side = Move("recover_one", 0, {"cards": ["CRBREMN", "CRBREMN"]})
    b_sides = tuple((t, "B" if t == "remains" else s) for t, s in state.collectors)
    assert codes(replace(state, collectors=b_sides), b_side) == ["collector_not_in_play"]


def test_remains_a_may_recover_a_die_after_the_last_roll_before_final_scoring():
    state = replace(new(2), round=7)  # the last of 8 rounds
    state = with_collections(state, owned("CRREMN1A", "CRREMN2A"))
    state = deal(state, "CRJEWL4A", "CRTAPE3A", "CRBTAPE")
    state = play(
        state,
        claim(0, (0, 1, 6)),
        Move("recover", 1),
        Move("recover", 0),
        Move("roll", 0, {"card": 0, "value": 2}),
    )  # 2 < 6: exhausted by the last roll
    assert state.exhausted == (1, 0) and not GAME.is_over(state)
    assert state.phase == "before_scoring" and GAME.current_players(state) == (0,)
    before = side_total(state, 0).total
    recover_one = Move("recover_one", 0, {"cards": ["CRBREMN", "CRBREMN"]})
    assert recover_one in GAME.legal_moves(state)
    assert codes(state, Move("recover_one", 1, {"cards": ["CRBREMN", "CRBREMN"]})) == [
        "no_card_to_flip"
    ]
    after = play(state, recover_one)
    assert after.phase == "over" and after.exhausted == (0, 0)
    assert side_total(after, 0).total == before + 1  # one more ready die at final scoring


def test_before_final_scoring_the_remains_holder_may_also_decline():
    state = replace(new(2), round=7)
    state = with_collections(state, owned("CRREMN1A", "CRREMN2A"))
    state = deal(state, "CRJEWL4A", "CRTAPE3A", "CRBTAPE")
    state = play(
        state,
        claim(0, (0, 1, 6)),
        Move("recover", 1),
        Move("recover", 0),
        Move("roll", 0, {"card": 0, "value": 2}),
    )
    assert codes(state, Move("end_collect")) == ["wrong_phase"]
    state = play(state, Move("score_game"))
    assert state.phase == "over" and state.exhausted == (1, 0)
    assert codes(state, Move("score_game")) == ["game_over"]


# -- end of game -----------------------------------------------------------------------------
def test_ready_dice_score_and_tie_break_by_rolling_them():
    state = replace(
        new(2),
        round=7,
        phase="collect",
        rolls=(),
        collections=(owned("CRIDOL4A"), owned("CRJEWL3A")),
        ready=(2, 3),
    )
    # Ann 4 + 2 ready = 6, Ben 3 + 3 ready = 6: a tie, broken by rolling the ready dice.
    state = GAME.settle(state)
    assert state.phase == "tiebreak" and state.tied == (0, 1)
    assert codes(state, Move("tiebreak_roll", 0, {"values": [6]})) == ["bad_roll"]
    state = play(
        state,
        Move("tiebreak_roll", 0, {"values": [6, 6]}),
        Move("tiebreak_roll", 1, {"values": [4, 4, 4]}),
    )
    assert state.phase == "tiebreak"  # 12 each: roll again
    state = play(
        state,
        Move("tiebreak_roll", 0, {"values": [1, 2]}),
        Move("tiebreak_roll", 1, {"values": [2, 2, 1]}),
    )
    outcome = GAME.outcome(state)
    assert outcome.winners == ("p1",) and "rolled highest" in outcome.tie_break.en


def test_face_down_collected_cards_must_be_shown_at_the_end():
    state = replace(
        new(2),
        round=7,
        phase="collect",
        rolls=(),
        collections=((Owned("idols", None),), owned("CRJEWL3A")),
    )
    state = GAME.settle(state)
    assert state.phase == "final_reveal" and GAME.outcome(state) is None
    assert codes(state, Move("identify", 0, {"card": "CRJEWL4A"})) == ["nothing_to_identify"]
    state = play(state, Move("identify", 0, {"card": "CRIDOL1A"}))
    assert state.phase == "over"
    assert GAME.outcome(state).winners == ("p1",)


# -- solo ghost ------------------------------------------------------------------------------
def test_ghost_joins_equal_dice_and_places_a_pair_before_a_single():
    assert GAME.ghost_groups([3, 3, 6]) == [(2, 3), (1, 6)]
    assert GAME.ghost_groups([5, 2, 2]) == [(1, 5), (2, 2)]
    state = deal(new(1), "CRIDOL1A", "CRJEWL3A", "CRBPOTT")  # ranking: 3, face down 2.5, 1
    assert GAME.ghost_ranking(state) == [1, 2, 0]
    state = play(state, claim(0, (1, 1, 5)))
    plan = GAME.ghost_plan(state, [3, 3, 6])
    assert plan == [(1, 2, 3), (2, 1, 6)]  # 6 > 5 takes the best card; 6 goes to the next
    state = play(state, Move("ghost_roll", None, {"values": [3, 3, 6]}))
    assert state.ready[0] == 3 and state.ghost_pushed == 0
    hints = [h.data for h in GAME.hints(state) if h.data.get("ghost")]
    assert {(h["card"], h["dice"], h["effort"]) for h in hints} == {(1, 2, 3), (2, 1, 6)}
    assert GAME.describe(state)["ghost"]["placements"][0] == {"card": 1, "dice": 2, "effort": 3}


def test_solo_rank_thresholds():
    assert [GAME.solo_rank(t).en for t in (29, 30, 45, 50)] == [
        "The Fool",
        "The Petty King",
        "The Wealthy King",
        "The Magnificent King",
    ]


def test_every_violation_speaks_both_languages(claiming):
    state = play(claiming, claim(0, (0, 1, 4)))
    for move in (
        claim(1, (0, 1, 3)),
        claim(0, (1, 1, 1)),
        Move("fly", 0),
        Move("roll", 0, {"card": 0, "value": 3}),
    ):
        for violation in GAME.check(state, move):
            assert violation.message.en and violation.message.zh
            assert violation.message.en != violation.message.zh


# -- transcripts and the camera through a session ---------------------------------------------
def test_goldens_cover_every_player_count_and_replay_to_their_hand_checked_scores():
    from pathlib import Path

    from companion.record import load_record
    from companion.session import Session

    files = sorted((Path(__file__).parents[1] / "golden" / "crypt").glob("*.json"))
    counts = set()
    for path in files:
        record = load_record(path)
        counts.add(record.setup["players"])
        session = Session.replay(record.records())
        assert GAME.is_over(session.state), path.name
        assert {s.side: s.total for s in GAME.score(session.state)} == record.expected["scores"]
        assert list(GAME.outcome(session.state).winners) == record.expected["winners"]
        if "solo_rank" in record.expected:
            assert GAME.describe(session.state)["solo_rank"]["en"] == record.expected["solo_rank"]
        assert Session.replay(session.records).state == session.state
    assert counts == {1, 2, 3, 4}


def test_camera_rejects_an_illegal_push_off_with_its_reason():
    from companion.session import Session

    session = Session("crypt", Setup(2, ("Ann", "Ben")))
    for index, payload in enumerate(("CRIDOL4A", "CRJEWL3A", "CRBPOTT")):
        session.observe(
            CardAdded(
                f"c{index}", payload, Where("crypt", (index,)), face_down=payload.startswith("CRB")
            )
        )
    assert session.state.phase == "claim"
    session.observe(CardAdded("a1", "DIERED", Where("crypt", (0,)), kind="die", value=4))
    [verdict] = session.observe(
        CardAdded("b1", "DIEBLUE", Where("crypt", (0,)), kind="die", value=1)
    )
    assert not verdict.accepted and [v.code for v in verdict.violations] == ["push_not_higher"]
    assert "大於 4" in verdict.violations[0].message.zh
    [verdict] = session.observe(
        CardMoved("b1", "DIEBLUE", Where("crypt", (0,)), Where("crypt", (0,)), kind="die", value=5)
    )
    assert verdict.accepted
    [verdict] = session.observe(
        CardMoved("a1", "DIERED", Where("player0", None), Where("crypt", (0,)), kind="die", value=4)
    )
    assert verdict.accepted and verdict.move is None and "pushed off" in verdict.note.en
    # Ben's dice wait as a pending claim until he ends the turn (or Ann acts on her last turn).
    assert session.state.ready == (2, 3) and session.state.pending_player == 1
    assert session.play(Move("end_turn", 1)).accepted
    assert session.state.ready == (3, 2) and session.state.row[0].owner == 1


def test_solo_torches_alternate_and_the_ghost_leads_every_other_round():
    state = deal(new(1), "CRIDOL1A", "CRJEWL3A", "CRBPOTT")
    assert GAME.turn_order(state) == (0, 1, 0) and GAME.lights_out(state) == 0
    state = play(
        state,
        Move("recover", 0),
        Move("ghost_roll", None, {"values": [2, 2, 2]}),
        Move("recover", 0),
    )
    assert state.phase == "reveal" and state.leader == 1  # both torches went to the ghost
    state = deal(state, "CRIDOL4A", "CRTAPE2A", "CRBJEWL")  # ranking: 0 (4), 2 (2.5), 1 (2)
    assert GAME.turn_order(state) == (1, 0, 1) and GAME.lights_out(state) == 1
    assert GAME.actor(state) == 1 and GAME.current_players(state) == (0,)
    assert codes(state, claim(0, (0, 1, 3))) == ["ghost_turn"]
    assert GAME.ghost_dice_to_roll(state) == 3  # leading, the ghost rolls all its dice
    state = play(state, Move("ghost_roll", None, {"values": [5, 3, 1]}))
    assert [(s.owner, s.total) for s in state.row] == [(1, 5), (1, 1), (1, 3)]
    state = play(state, claim(0, (0, 2, 3), (2, 1, 4)))  # pushes 1 die off card 0, 1 off card 2
    # Lights Out for the ghost: it re-rolls only the 2 dice Mei pushed off, best group only.
    assert GAME.actor(state) == 1 and GAME.ghost_dice_to_roll(state) == 2
    assert codes(state, Move("ghost_roll", None, {"values": [6, 6, 6]})) == ["bad_roll"]
    state = play(state, Move("ghost_roll", None, {"values": [4, 4]}))  # 8 beats Mei's 6
    assert [(s.owner, s.total) for s in state.row] == [(1, 8), (1, 1), (0, 4)]
    assert state.phase == "collect"
    state = play(state, Move("roll", 0, {"card": 2, "value": 5}))
    assert state.phase == "reveal" and state.leader == 0  # and back to Mei
    assert any("alternate" in n.en for n in GAME.rules_notes())


def test_ghost_rolls_all_its_dice_on_its_one_turn_and_pushed_dice_wait():
    state = deal(new(1), "CRIDOL4A", "CRTAPE2A", "CRBJEWL")  # ranking: 0 (4), 2 (2.5), 1 (2)
    state = play(state, claim(0, (0, 1, 3)))
    assert GAME.ghost_dice_to_roll(state) == 3
    state = play(state, Move("ghost_roll", None, {"values": [5, 3, 1]}))
    assert [(s.owner, s.total) for s in state.row] == [(1, 5), (1, 1), (1, 3)]
    assert state.ready[0] == 3  # Mei's die pushed off the Idol 4 came back ready
    state = play(state, claim(0, (0, 2, 3)))  # Lights Out, one card: 6 > 5 pushes the ghost
    assert state.ghost_pushed == 1 and state.phase == "collect"  # no ghost turn follows
    assert state.row[0].owner == 0 and state.ready[1] == 3  # ghost dice never tire


def test_ghost_with_nothing_left_on_the_table_still_only_plays_once():
    state = deal(new(1, leader=0), "CRIDOL1A", "CRJEWL3A", "CRBPOTT")
    state = play(
        state,
        Move("recover", 0),
        Move("ghost_roll", None, {"values": [1, 1, 1]}),
        Move("recover", 0),
    )
    assert state.phase == "reveal" and state.round == 1


def test_final_reveal_offers_only_cards_still_unseen():
    state = deal(new(2), "CRIDOL4A", "CRJEWL3A", "CRBIDOL")
    state = play(state, claim(0, (2, 1, 1)), Move("recover", 1), Move("recover", 0))
    options = GAME.describe(state)["identify_options"]
    assert options == {"0": {"idols": ["CRIDOL1A", "CRIDOL2A", "CRIDOL3A"]}}


# -- the log in words -------------------------------------------------------------------------
def test_the_log_says_each_move_in_words_in_both_languages():
    import random

    from companion.session import Session

    session = Session(GAME, Setup(2, ("Ann", "Leo")))
    for move in (
        Move("deal", None, {"card": "CRIDOL4A"}),
        Move("deal", None, {"card": "CRJEWL3A"}),
        Move("deal", None, {"back": "CRBPOTT"}),
        claim(0, (0, 1, 4)),
    ):
        session.play(move)
    session.play(claim(1, (0, 2, 3)))  # 6 beats Ann's 4
    with pytest.raises(
        InvalidFieldError, match=r"field 'effort': must be a whole number from 1 to 6"
    ):
        session.play(claim(0, (1, 1, 7)))  # no die shows 7: refused before it is logged
    said = [v.to_dict()["text"] for v in session.verdicts]
    assert said[0] == {
        "en": "Idol 4 is dealt face up as crypt card 1",
        "zh-TW": "偶像 4 正面朝上，發到地窖第 1 張",
    }
    assert said[2] == {
        "en": "A face-down Pottery is dealt as crypt card 3",
        "zh-TW": "一張面朝下的陶器發到地窖第 3 張",
    }
    assert said[4] == {
        "en": "Leo claims the Idol 4 (crypt card 1) with 2 dice of 3, pushing Ann off",
        "zh-TW": "Leo 用 2 顆 3 點的骰子搶偶像 4（地窖第 1 張），把 Ann 擠掉",
    }
    assert len(said) == 5
    assert (
        GAME.describe_move(session.state, claim(0, (1, 1, 6))).en
        == "Ann claims the Jewelry 3 (crypt card 2) with 1 die of 6"
    )
    session.play(Move("recover", 0))
    assert session.verdicts[-1].to_dict()["text"] == {
        "en": "Ann passes (no exhausted dice)",
        "zh-TW": "Ann 沒有累倒的骰子，跳過",
    }
    state = session.state
    assert state.phase == "collect"
    words = GAME.describe_move(state, Move("roll", 1, {"card": 0, "value": 2}))
    assert words.en == (
        "Leo rolls a 2 for the die on the Idol 4 (crypt card 1): the servant is exhausted"
    )
    assert words.zh == "Leo 為偶像 4（地窖第 1 張）上的骰子擲出 2 點：僕人累倒了"
    stays = GAME.describe_move(state, Move("roll", 1, {"card": 0, "value": 3}))
    assert stays.zh.endswith("僕人沒有累倒")

    # Over random playouts every legal move has words, and a mangled move that passes the
    # field checks never raises (one that fails them never reaches the rules).
    junk = (None, -3, 0, 7, 99, "", "ZZ", [], [1, 2], {"x": 1}, 2.5, True)
    rnd = random.Random(7)
    for players, sides in (
        (1, {}),
        (2, {"manuscripts": "B", "pottery": "B"}),
        (3, {}),
        (4, {"idols": "B", "remains": "B"}),
    ):
        setup = Setup(players, options={"collectors": sides})
        state = GAME.new_game(setup)
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            for move in moves:
                assert GAME.describe_move(state, move) is not None, move
                mangled = [
                    Move(move.kind, move.player, {**move.params, key: rnd.choice(junk)})
                    for key in move.params
                ] + [Move(move.kind, rnd.choice(junk), move.params)]
                for wrong in mangled:
                    try:
                        validate_move(GAME, setup, wrong)
                    except InvalidFieldError:
                        continue
                    GAME.describe_move(state, wrong)
            state = GAME.apply(state, rnd.choice(moves))


def test_pieces_in_play_follow_the_deck_of_the_player_count():
    two, four = GAME.pieces_in_play(new(2)), GAME.pieces_in_play(new(4))
    assert "CRIDOL2A" in two and "CRIDOL2B" not in two and "CRIDOL2B" in four
    assert {"CRLEADER", "CRLIGHTS"} <= two
