"""Cardcassonne rules, one test per rule, asserting on violation codes and score lines
(rules: shared/rules/cardcassonne.md)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

import companion.catalogue as catalogue_module
from companion.catalogue import load_catalogue
from companion.errors import CompanionError, DataFileError, IllegalMoveError, PlayerCountError
from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd, PieceOnTable, Where
from companion.games import cardcassonne as cc_module
from companion.games import find_game
from companion.model import Move, ScoreLine, Setup, Text
from companion.record import load_record
from companion.session import Session
from companion.validation import InvalidFieldError

GAME = find_game("cardcassonne")
SETUP_CARDS = ["Y01", "R01", "G01", "B01", "Y02", "R02", "G02", "B02", "G03", "B03"]
LETTER = {"Y": "yellow", "R": "red", "G": "green", "B": "blue"}


def cc(short):
    return {"DR": "CCDRAGON", "FA": "CCFAIRY"}.get(short, f"CC{short}")


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def malformed(state, move) -> str:
    """The field a malformed move is refused for: check raises, as the session does."""
    with pytest.raises(InvalidFieldError) as refused:
        GAME.check(state, move)
    return refused.value.field


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def fd(seat, row):
    return Move("play_card", seat, {"card": None, "row": LETTER[row], "face_down": True})


def up(seat, short, row=None):
    row = LETTER[row] if row else LETTER[short[0]]
    return Move("play_card", seat, {"card": cc(short), "row": row, "face_down": False})


def follower(seat, row, **extra):
    return Move("place_follower", seat, {"row": LETTER[row], **extra})


def turn_up(seat, row, position, short):
    return Move(
        "reveal_face_down", seat, {"row": LETTER[row], "position": position, "card": cc(short)}
    )


def choose(seat, row, position, option):
    return Move("choose", seat, {"row": LETTER[row], "position": position, "option": option})


def reveal(short, row=None, player=0):
    params = {"card": cc(short)}
    if row:
        params["row"] = LETTER[row]
    return Move("reveal", player, params)


def new(players=2, dealer=1, setup_cards=SETUP_CARDS, names=None):
    """A game past its set-up: the dealer turned up `setup_cards`."""
    names = names or ("Mia", "Leo", "Kai", "Noa", "Uma")[:players]
    state = GAME.new_game(Setup(players, names, {"dealer": dealer}))
    for short in setup_cards:
        short, _, row = short.partition(" ")
        state = GAME.apply(state, reveal(short, row or None, dealer))
    return state


def run_round(state, plans):
    """Play one round: plans[seat] lists that seat's moves in its own order; seats take turns."""
    plans = {seat: list(moves) for seat, moves in plans.items()}
    while any(plans.values()):
        seat = state.turn
        state = GAME.apply(state, plans[seat].pop(0))
    return state


def totals(state):
    return {s.side: s.total for s in GAME.score(state)}


def lines(state, seat):
    return GAME.score(state)[seat].lines


# -- identity, set-up and data ----------------------------------------------------------------
def test_lookup_by_slug_alias_and_chinese_name():
    assert find_game("Cardcassonne") is GAME
    assert find_game("卡卡頌卡牌版") is GAME
    assert find_game(" CARDCASSONNE ") is GAME


def test_catalogue_has_130_cards_with_the_published_mix():
    catalogue = load_catalogue("cardcassonne")
    cards = catalogue.cards
    assert len(cards) == 130
    assert all(c.back == "CCBACK" for c in cards)
    assert [b.payload for b in catalogue.backs] == ["CCBACK"]
    for colour in ("yellow", "red", "green", "blue"):
        mine = [c.face for c in cards if c.face.get("colour") == colour]
        persons = sorted(f["value"] for f in mine if f["type"] == "person")
        assert persons == [1] * 8 + [2] * 5 + [3] * 3
        assert sum(f["type"] == "building" for f in mine) == 5
        assert sum(f["type"] == "animal" for f in mine) == 9
    kinds = [c.face["type"] for c in cards if c.face.get("colour") is None]
    assert sorted(kinds) == sorted(
        ["dragon", "fairy"] + ["animal_joker"] * 4 + ["building_joker"] * 4
    )


def test_follower_tokens_use_markers_110_to_129():
    tokens = load_catalogue("cardcassonne").tokens
    assert len(tokens) == 10
    assert all(110 <= t.marker <= 129 for t in tokens)
    assert len({t.marker for t in tokens}) == 10
    assert {t.face["player_colour"] for t in tokens} == {"red", "yellow", "blue", "green", "black"}


@pytest.mark.parametrize("players,hand,rounds", [(2, 6, 10), (3, 5, 8), (4, 5, 6), (5, 4, 6)])
def test_hand_size_and_rounds_by_player_count(players, hand, rounds):
    state = GAME.new_game(Setup(players))
    assert (state.hand, state.rounds) == (hand, rounds)
    # Every card is used exactly once: 10 set-up cards plus every hand of every round.
    assert 10 + players * hand * rounds == 130


def test_player_count_and_options_are_validated():
    for players in (1, 6):
        with pytest.raises(PlayerCountError):
            GAME.new_game(Setup(players))
    with pytest.raises(CompanionError, match="dealer"):
        GAME.new_game(Setup(2, options={"dealer": 2}))
    with pytest.raises(CompanionError, match="colours"):
        GAME.new_game(Setup(2, options={"colours": ["red", "red"]}))
    with pytest.raises(CompanionError, match="colours"):
        GAME.new_game(Setup(2, options={"colours": ["red", "pink"]}))
    with pytest.raises(CompanionError, match="no set-up option"):
        GAME.new_game(Setup(2, options={"staircases": []}))


def test_placeholder_tables_are_flagged_in_data_and_rules_notes():
    assert GAME.data.animal_table.unverified and GAME.data.building_table.unverified
    notes = " ".join(n.en for n in GAME.rules_notes())
    assert "animal scoring table is a placeholder and unverified" in notes
    assert "building scoring table is a placeholder and unverified" in notes
    assert all(n.zh for n in GAME.rules_notes())


def test_a_short_scoring_table_is_refused(monkeypatch):
    raw = json.loads(json.dumps(catalogue_module.load_json_resource("games", "cardcassonne.json")))
    raw["building_table"]["points"] = [1, 3]
    monkeypatch.setattr(catalogue_module, "load_json_resource", lambda *parts: raw)
    with pytest.raises(DataFileError, match="building_table"):
        cc_module._load_data()


# -- set-up reveals ---------------------------------------------------------------------------
def test_setup_reveals_go_to_their_own_row_and_jokers_where_the_dealer_says():
    state = GAME.new_game(Setup(2, options={"dealer": 1}))
    assert state.phase == "setup" and GAME.current_players(state) == (1,)
    assert codes(state, reveal("Y01", "R", 1)) == ["wrong_row_colour"]
    assert codes(state, reveal("JA1", None, 1)) == ["joker_needs_row"]
    assert codes(state, reveal("Y01", None, 0)) == ["not_the_dealer"]
    assert codes(state, fd(0, "Y")) == ["not_now"]
    state = play(state, reveal("JA1", "G", 1))
    assert codes(state, reveal("JA1", "Y", 1)) == ["card_already_seen"]
    assert GAME.describe(state)["rows"][2]["slots"][0]["card"] == "CCJA1"


def test_play_starts_left_of_the_dealer_after_ten_reveals():
    state = new(players=3, dealer=1)
    assert state.phase == "play" and state.round == 1
    assert GAME.current_players(state) == (2,)
    assert [len(r) for r in state.rows] == [2, 2, 3, 3]


# -- a turn -----------------------------------------------------------------------------------
def test_first_card_of_the_round_is_face_down_in_any_row():
    state = new()  # Leo deals, Mia starts
    assert codes(state, up(0, "Y03")) == ["first_card_face_down"]
    assert codes(state, fd(0, "B")) == []
    state = play(state, fd(0, "B"))
    assert state.rows[3][-1].face_down and state.rows[3][-1].card is None


def test_second_face_down_card_and_named_face_down_card_are_refused():
    state = play(new(), fd(0, "Y"), fd(1, "R"))
    assert codes(state, fd(0, "G")) == ["second_face_down"]
    named = Move("play_card", 0, {"card": "CCY05", "row": "yellow", "face_down": True})
    state2 = new()
    assert codes(state2, named) == ["face_down_card_named"]


def test_face_up_cards_go_to_their_own_colour_jokers_anywhere():
    state = play(new(), fd(0, "Y"), fd(1, "R"))
    assert codes(state, up(0, "Y03", "R")) == ["wrong_row_colour"]
    message = GAME.check(state, up(0, "Y03", "R"))[0].message
    assert "row of its own colour" in message.en and "相同顏色" in message.zh
    assert codes(state, up(0, "Y03")) == []
    for joker in ("DR", "FA", "JA1", "JB1"):
        assert codes(state, up(0, joker, "B")) == []


def test_cards_go_at_the_end_of_a_row_never_between_two_cards():
    state = play(new(), fd(0, "Y"))
    between = Move(
        "play_card", 1, {"card": None, "row": "yellow", "face_down": True, "position": 1}
    )
    violations = GAME.check(state, between)
    assert [v.code for v in violations] == ["card_between_cards"]
    assert "not between two cards" in violations[0].message.en
    assert "between Yellow person 1 (CCY01) and Yellow person 1 (CCY02)" in violations[0].message.en
    assert "CCY01" in violations[0].message.zh and "CCY02" in violations[0].message.zh
    assert violations[0].cards == ("CCBACK", "CCY01", "CCY02")
    at_end = Move("play_card", 1, {"card": None, "row": "yellow", "face_down": True, "position": 3})
    assert codes(state, at_end) == []


def test_a_card_may_go_right_of_a_follower():
    state = play(new(), follower(0, "Y"))
    assert codes(state, fd(1, "Y")) == []


def test_followers_end_of_row_once_per_round_never_sharing_a_place():
    state = play(new(), follower(0, "Y"))
    assert codes(state, follower(1, "Y", position=2)) == ["position_occupied"]
    # Nothing lies between them: Leo's follower would share Mia's place at the row's end.
    assert codes(state, follower(1, "Y")) == ["position_occupied"]
    assert codes(state, follower(1, "Y", position=3)) == ["position_occupied"]
    assert follower(1, "Y") not in list(GAME.legal_moves(state))
    message = GAME.check(state, follower(1, "Y"))[0].message
    assert "Mia's follower" in message.en and "Mia" in message.zh
    state = play(state, fd(1, "Y"))  # a card right of Mia's follower opens a new place
    assert codes(state, follower(0, "Y")) == ["follower_placed_twice"]
    state = play(state, fd(0, "R"))
    assert codes(state, follower(1, "Y")) == []


def _five_players_followers_at_three_row_ends(cards_left_for_leo=0):
    """Five players, last actions of a round: Leo, Kai and Noa's followers end the yellow,
    red and green rows; Uma (to act) and Mia still hold their followers."""
    state = new(5)
    follower_slot = cc_module.Slot
    rows = list(state.rows)
    for index, seat in ((0, 1), (1, 2), (2, 3)):
        rows[index] = rows[index] + (follower_slot("follower", seat=seat),)
    return replace(
        state,
        rows=tuple(rows),
        turn=4,
        face_down_played=(True,) * 5,
        played=(4, 4 - cards_left_for_leo, 4, 4, 4),
        follower_row=(None, "yellow", "red", "green", None),
    )


def test_a_follower_with_no_free_place_waits_for_a_card_to_open_one():
    state = _five_players_followers_at_three_row_ends(cards_left_for_leo=1)
    state = play(state, follower(4, "B"))  # Uma takes the last free row end
    assert state.turn == 1  # Mia cannot place hers anywhere: Leo plays his card first
    state = play(state, up(1, "Y05"))
    assert state.turn == 0 and codes(state, follower(0, "R")) == ["position_occupied"]
    assert codes(state, follower(0, "Y")) == []


def test_a_follower_that_can_never_find_a_place_stays_home_this_round():
    state = play(_five_players_followers_at_three_row_ends(), follower(4, "B"))
    assert state.round == 2 and state.follower_row == (None,) * 5  # the round was scored
    assert any("stays home" in n.en for n in GAME.rules_notes())


def test_acting_out_of_turn_or_as_a_stranger():
    state = new()
    assert codes(state, fd(1, "Y")) == ["out_of_turn"]
    assert malformed(state, fd(7, "Y")) == "move 'play_card', field 'player'"
    purple = Move("play_card", 0, {"card": None, "row": "purple", "face_down": True})
    assert malformed(state, purple) == "move 'play_card', field 'row'"
    state = play(state, fd(0, "Y"), fd(1, "Y"))
    assert codes(state, up(0, "XX99", "Y")) == ["unknown_card"]
    assert codes(state, Move("dance", 0)) == ["unknown_move"]


def test_no_cards_left_means_the_follower_must_come_next():
    state = new()
    state = play(state, fd(0, "Y"), fd(1, "R"))
    for mia, leo in (
        ("Y03", "R03"),
        ("Y04", "R04"),
        ("Y05", "R05"),
        ("Y06", "R06"),
        ("Y07", "R07"),
    ):
        state = play(state, up(0, mia), up(1, leo))
    assert codes(state, up(0, "Y08")) == ["no_cards_left"]
    assert codes(state, follower(0, "Y")) == []


def test_illegal_apply_raises():
    with pytest.raises(IllegalMoveError):
        GAME.apply(new(), up(0, "Y03"))


# -- claims and round scoring ---------------------------------------------------------------
def test_a_follower_claims_back_to_the_board_or_the_previous_follower():
    state = play(
        new(), fd(0, "Y"), follower(1, "Y"), up(0, "JA1", "Y"), fd(1, "Y"), follower(0, "Y")
    )
    # yellow: Y01 Y02 back(Mia) F-Leo JA1 back(Leo) F-Mia
    claims = {(seat, row): positions for seat, row, positions in GAME.claims_now(state)}
    assert claims == {(1, "yellow"): (0, 1, 2), (0, "yellow"): (4, 5)}
    preview = GAME.describe(state)["claims_preview"]
    assert {
        "seat": 1,
        "row": "yellow",
        "positions": [0, 1, 2],
        "cards": ["CCY01", "CCY02", "CCBACK"],
    } in preview


def _round_one(mia_fd_row="Y", leo_fd_row="R"):
    """Mia plays yellow, Leo red; both followers last. Set-up: Y01 Y02 / R01 R02 / ..."""
    state = new()
    return run_round(
        state,
        {
            0: [
                fd(0, mia_fd_row),
                up(0, "Y09"),
                up(0, "Y14"),
                up(0, "Y22"),
                up(0, "Y23"),
                up(0, "Y17"),
                follower(0, "Y"),
            ],
            1: [
                fd(1, leo_fd_row),
                up(1, "R03"),
                up(1, "DR", "R"),
                up(1, "FA", "R"),
                up(1, "R22"),
                up(1, "JB1", "R"),
                follower(1, "R"),
            ],
        },
    )


def test_round_end_waits_for_face_down_cards_to_be_turned_up():
    state = _round_one()
    assert state.phase == "scoring"
    assert GAME.current_players(state) == (0, 1)
    assert codes(state, turn_up(0, "R", 2, "Y03")) == ["not_your_card"]
    assert codes(state, turn_up(1, "R", 2, "Y09")) == ["card_already_seen"]
    assert codes(state, turn_up(1, "R", 3, "Y03")) == ["already_face_up"]
    assert codes(state, turn_up(1, "G", 0, "Y03")) == ["not_claimed"]
    assert codes(state, choose(1, "R", 2, "score")) == ["reveal_first"]
    assert codes(state, fd(0, "Y")) == ["not_now"]


def test_round_scoring_persons_animals_buildings_dragon_fairy():
    state = _round_one()
    state = play(state, turn_up(0, "Y", 2, "Y10"), turn_up(1, "R", 2, "R09"))
    assert state.phase == "play" and state.round == 2
    # Mia: persons Y01 Y02 Y10 Y09 Y14 = 5 cards x (1+1+2+2+3 = 9) = 45; animals 2 -> 3.
    mia = {line.code: line.points for line in lines(state, 0)}
    assert mia == {"persons": 45, "animals": 3}
    persons = next(l for l in lines(state, 0) if l.code == "persons")
    assert "Round 1" in persons.source.en and "5 yellow person cards" in persons.source.en
    assert "第 1 回合" in persons.source.zh
    # Leo: persons R01 R02 R09 R03 = 4 x 5 = 20; dragon 10; fairy 10; red animal 1 -> 1.
    assert totals(state) == {"p0": 48, "p1": 41}
    assert state.holdings[0].chest == ("CCY17",)
    assert state.holdings[1].chest == ("CCJB1",)
    assert [len(r) for r in state.rows] == [0, 0, 3, 3]  # green and blue set-up cards stay


def test_non_matching_person_scores_ten_and_choices_for_animals_and_buildings():
    state = _round_one(mia_fd_row="Y", leo_fd_row="R")
    state = play(state, turn_up(0, "Y", 2, "G05"))  # a green person in the yellow row
    assert state.phase == "scoring"
    state = play(state, turn_up(1, "R", 2, "B22"))  # a blue animal in the red row
    assert state.phase == "scoring"
    assert malformed(state, choose(1, "R", 2, "maybe")) == "move 'choose', field 'option'"
    assert codes(state, choose(1, "R", 3, "keep")) == ["no_choice_here"]
    kept = play(state, choose(1, "R", 2, "keep"))
    scored = play(state, choose(1, "R", 2, "score"))
    mia = [l for l in lines(scored, 0) if l.code == "non_matching_person"]
    assert [l.points for l in mia] == [10] and mia[0].cards == ("CCG05",)
    assert [l.points for l in lines(scored, 1) if l.code == "non_matching_animal"] == [10]
    # Kept, the blue animal starts Leo's blue collection (1 -> 1 point) next to his red one.
    assert [(l.code, l.points) for l in lines(kept, 1) if l.code == "animals"] == [
        ("animals", 1),
        ("animals", 1),
    ]
    assert ("CCB22", "blue") in kept.holdings[1].animals


def test_keeping_is_offered_first_only_when_it_is_worth_more():
    state = _round_one()
    state = play(state, turn_up(0, "Y", 2, "Y10"), turn_up(1, "R", 2, "B17"))
    claim = GAME.pending(state)[0]
    assert GAME.keep_value(state, claim) == 1  # a first blue building: 1 point at the end
    assert GAME.choice_order(state, claim) == ("score", "keep")
    assert [h.data["option"] for h in GAME.hints(state)] == ["score", "keep"]
    # A blue animal instead: keeping it makes Leo's whole blue collection score this round.
    blue_animal = replace(claim, card="CCB30")
    state = replace(state, claims=tuple(blue_animal if c == claim else c for c in state.claims))

    def holding(n):
        animals = tuple((f"CCB{22 + k}", "blue") for k in range(n))
        return replace(
            state, holdings=(state.holdings[0], replace(state.holdings[1], animals=animals))
        )

    assert GAME.keep_value(holding(3), blue_animal) == 10  # 4 animals -> 10: a tie, so score
    assert GAME.choice_order(holding(3), blue_animal) == ("score", "keep")
    assert GAME.keep_value(holding(4), blue_animal) == 15
    assert GAME.choice_order(holding(4), blue_animal) == ("keep", "score")


def test_animal_jokers_alone_score_three_each():
    state = new()
    state = run_round(
        state,
        {
            0: [
                fd(0, "Y"),
                up(0, "JA1", "Y"),
                up(0, "JA2", "Y"),
                up(0, "Y03"),
                up(0, "Y04"),
                up(0, "Y05"),
                follower(0, "Y"),
            ],
            1: [
                fd(1, "R"),
                up(1, "R03"),
                up(1, "R04"),
                up(1, "R05"),
                up(1, "R06"),
                up(1, "R07"),
                follower(1, "R"),
            ],
        },
    )
    state = play(state, turn_up(0, "Y", 2, "JA3"), turn_up(1, "R", 2, "R08"))
    jokers = [l for l in lines(state, 0) if l.code == "animal_joker"]
    assert [l.points for l in jokers] == [3, 3, 3]
    assert not [l for l in lines(state, 0) if l.code == "animals"]


def test_animal_jokers_held_from_earlier_rounds_score_again_with_each_new_one():
    state = new()
    state = run_round(
        state,
        {
            0: [
                fd(0, "Y"),
                up(0, "JA1", "Y"),
                up(0, "Y03"),
                up(0, "Y04"),
                up(0, "Y05"),
                up(0, "Y06"),
                follower(0, "Y"),
            ],
            1: [
                fd(1, "R"),
                up(1, "R03"),
                up(1, "R04"),
                up(1, "R05"),
                up(1, "R06"),
                up(1, "R07"),
                follower(1, "R"),
            ],
        },
    )
    state = play(state, turn_up(0, "Y", 2, "Y09"), turn_up(1, "R", 2, "R08"))
    assert [l.points for l in lines(state, 0) if l.code == "animal_joker"] == [3]
    # Round 2 (Leo placed the last follower, so Mia starts): Mia takes a second joker and
    # still holds no animal card, so each joker she holds scores 3: 6 this round.
    state = run_round(
        state,
        {
            0: [
                fd(0, "G"),
                up(0, "JA2", "B"),
                up(0, "B04"),
                up(0, "B05"),
                up(0, "B06"),
                up(0, "B07"),
                follower(0, "B"),
            ],
            1: [
                fd(1, "G"),
                up(1, "R09"),
                up(1, "R10"),
                up(1, "R11"),
                up(1, "R12"),
                up(1, "R13"),
                follower(1, "R"),
            ],
        },
    )
    round2 = [l for l in lines(state, 0) if l.code == "animal_joker" and "Round 2" in l.source.en]
    assert [(l.points, l.cards) for l in round2] == [(3, ("CCJA1",)), (3, ("CCJA2",))]
    assert "held" in round2[0].source.en and round2[0].source.zh


def test_an_animal_colour_scores_only_in_rounds_it_grows():
    state = new()
    state = run_round(
        state,
        {
            0: [
                fd(0, "Y"),
                up(0, "Y22"),
                up(0, "Y23"),
                up(0, "Y03"),
                up(0, "Y04"),
                up(0, "Y05"),
                follower(0, "Y"),
            ],
            1: [
                fd(1, "R"),
                up(1, "R03"),
                up(1, "R04"),
                up(1, "R05"),
                up(1, "R06"),
                up(1, "R07"),
                follower(1, "R"),
            ],
        },
    )
    state = play(state, turn_up(0, "Y", 2, "Y24"), turn_up(1, "R", 2, "R08"))
    assert [l.points for l in lines(state, 0) if l.code == "animals"] == [6]  # 3 yellow
    # Round 2: Mia (now Leo placed the last follower, so he deals and Mia starts) takes a
    # red animal only: yellow is not scored again, red scores 1.
    state = run_round(
        state,
        {
            0: [
                fd(0, "G"),
                up(0, "R22"),
                up(0, "R09"),
                up(0, "R10"),
                up(0, "R11"),
                up(0, "R12"),
                follower(0, "R"),
            ],
            1: [
                fd(1, "G"),
                up(1, "B04"),
                up(1, "B05"),
                up(1, "B06"),
                up(1, "B07"),
                up(1, "B08"),
                follower(1, "B"),
            ],
        },
    )
    assert state.phase == "play" and state.round == 3  # both face-down cards lie unclaimed
    round2 = [l for l in lines(state, 0) if l.code == "animals" and "Round 2" in l.source.en]
    assert [(l.points, l.cards) for l in round2] == [(1, ("CCR22",))]
    # The unclaimed face-down cards stay face down, pushed back to the board.
    assert state.rows[2][3].face_down and state.rows[2][3].card is None


def test_the_last_follower_placed_deals_the_next_round():
    state = new()  # Leo deals, Mia starts
    state = run_round(
        state,
        {
            0: [
                fd(0, "Y"),
                up(0, "Y03"),
                up(0, "Y04"),
                up(0, "Y05"),
                up(0, "Y06"),
                up(0, "Y07"),
                follower(0, "Y"),
            ],
            1: [
                follower(1, "B"),
                fd(1, "B"),
                up(1, "B04"),
                up(1, "B05"),
                up(1, "B06"),
                up(1, "B07"),
                up(1, "B08"),
            ],
        },
    )
    state = play(state, turn_up(0, "Y", 2, "Y08"))
    assert state.round == 2 and state.dealer == 0 and state.turn == 1
    # Leo's follower stood first in the blue row: B01 B02 B03 were his; his later cards stay.
    blue = [s.card for s in state.rows[3]]
    assert blue == [None, "CCB04", "CCB05", "CCB06", "CCB07", "CCB08"]


def test_building_jokers_go_where_they_score_most():
    chest = ["CCY17", "CCR17", "CCR18", "CCG17", "CCG18", "CCG19", "CCJB1", "CCJB2"]
    groups = GAME.best_building_groups(chest)
    # Both jokers on green (3 -> 5 = 15) with red 2 = 3 and yellow 1 = 1 make 19; splitting
    # them (green 4 = 10, red 3 = 6, yellow 1) makes only 17.
    assert groups["green"] == (["CCG17", "CCG18", "CCG19", "CCJB1", "CCJB2"], 2)
    lines_ = GAME.building_lines(chest)
    assert sum(l.points for l in lines_) == 15 + 3 + 1
    assert any("counting 2 building jokers" in l.source.en for l in lines_)
    only_jokers = GAME.building_lines(["CCJB1", "CCJB2", "CCJB3"])
    assert [l.points for l in only_jokers] == [6]


def _finished(state, lines_by_seat, chests):
    holdings = tuple(
        replace(
            h, lines=tuple(ScoreLine(p, "test", Text("t", "t")) for p in pts), chest=tuple(chest)
        )
        for h, pts, chest in zip(state.holdings, lines_by_seat, chests)
    )
    return replace(state, phase="over", holdings=holdings)


def test_tie_goes_to_more_building_cards_else_shared():
    state = new(players=3, dealer=0)
    outcome = GAME.outcome(
        _finished(state, [[50], [50], [10]], [["CCY17"], ["CCY18", "CCJB1"], []])
    )
    assert outcome.winners == ("p1",)
    assert "more building cards" in outcome.tie_break.en and outcome.tie_break.zh
    shared = GAME.outcome(_finished(state, [[50], [50], [10]], [["CCY17"], ["CCY18"], []]))
    assert sorted(shared.winners) == ["p0", "p1"] and "shared" in shared.tie_break.en
    assert GAME.outcome(state) is None


def test_final_round_discards_rows_and_scores_chests():
    state = new()
    state = replace(state, round=state.rounds)
    state = run_round(
        state,
        {
            0: [
                fd(0, "G"),
                up(0, "Y17"),
                up(0, "Y18"),
                up(0, "JB1", "Y"),
                up(0, "Y03"),
                up(0, "Y04"),
                follower(0, "Y"),
            ],
            1: [
                fd(1, "B"),
                up(1, "R03"),
                up(1, "R04"),
                up(1, "R05"),
                up(1, "R06"),
                up(1, "R07"),
                follower(1, "R"),
            ],
        },
    )
    assert GAME.is_over(state)
    assert all(row == () for row in state.rows)
    finals = [l for l in lines(state, 0) if l.code == "buildings"]
    assert [(l.points, l.source.en) for l in finals] == [
        (6, "End of game: 3 yellow buildings in the chest, counting 1 building joker")
    ]
    assert GAME.legal_moves(state) is not None and list(GAME.legal_moves(state)) == []
    assert codes(state, fd(0, "Y")) == ["game_over"]
    assert GAME.outcome(state) is not None


# -- the camera -------------------------------------------------------------------------------
def _row(colour, position):
    return Where(f"row-{colour}", (position,))


def test_camera_card_at_end_of_row_is_a_play_and_between_is_a_violation():
    state = play(new(), fd(0, "Y"), fd(1, "R"))
    meaning = GAME.interpret(state, CardAdded("t1", "CCY03", _row("yellow", 3)), {})
    assert meaning.move == Move(
        "play_card", 0, {"card": "CCY03", "row": "yellow", "face_down": False, "position": 3}
    )
    slipped = GAME.interpret(state, CardAdded("t1", "CCY03", _row("yellow", 1)), {})
    assert GAME.check(state, slipped.move)[0].code == "card_between_cards"
    assert GAME.check(state, slipped.move)[0].cards == ("CCY03", "CCY01", "CCY02")


def test_camera_back_is_a_face_down_play():
    state = new()
    meaning = GAME.interpret(state, CardAdded("t1", "CCBACK", _row("green", 3), face_down=True), {})
    assert meaning.move == Move(
        "play_card", 0, {"card": None, "row": "green", "face_down": True, "position": 3}
    )


def test_camera_follower_token_places_the_follower_of_its_colour():
    state = play(new(), fd(0, "Y"))
    # Leo (seat 1) has the yellow follower by default: CCF2L.
    meaning = GAME.interpret(state, CardAdded("f", "CCF2L", _row("red", 2), kind="token"), {})
    assert meaning.move == Move("place_follower", 1, {"row": "red", "position": 2})
    small = GAME.interpret(state, CardAdded("s", "CCF2S", _row("red", 2), kind="token"), {})
    assert small.move is None and not small.violations
    stranger = GAME.interpret(state, CardAdded("b", "CCF5L", _row("red", 2), kind="token"), {})
    assert [v.code for v in stranger.violations] == ["not_in_game"]


def test_camera_moved_card_or_follower_is_a_violation_naming_it():
    state = play(new(), fd(0, "Y"), fd(1, "R"), up(0, "Y03"), follower(1, "Y"))
    moved = GAME.interpret(state, CardMoved("t", "CCY03", _row("yellow", 5), _row("yellow", 3)), {})
    assert [v.code for v in moved.violations] == ["piece_moved"]
    assert moved.violations[0].cards == ("CCY03",)
    assert "place 4" in moved.violations[0].message.en
    back_in_place = GAME.interpret(
        state, CardMoved("t", "CCY03", _row("yellow", 3), _row("yellow", 5)), {}
    )
    assert back_in_place.move is None and not back_in_place.violations
    token = GAME.interpret(
        state, CardMoved("f", "CCF2L", _row("blue", 3), _row("yellow", 4), kind="token"), {}
    )
    assert [v.code for v in token.violations] == ["piece_moved"]
    assert token.violations[0].cards == ("CCF2L",)
    table = {"t": PieceOnTable("t", "CCY03", "card", _row("yellow", 3))}
    lifted = GAME.interpret(state, CardRemoved("t", "CCY03"), table)
    assert [v.code for v in lifted.violations] == ["piece_moved"]
    back = GAME.interpret(
        state,
        CardRemoved("b", "CCBACK"),
        {"b": PieceOnTable("b", "CCBACK", "card", _row("yellow", 2), True)},
    )
    assert [v.code for v in back.violations] == ["piece_moved"]
    assert GAME.meaning_of(state, FrameEnd(frozenset()), {}) == type(back)()


def test_camera_unknown_payload_is_named():
    meaning = GAME.meaning_of(new(), CardAdded("t", "MU01", _row("yellow", 2)), {})
    assert [v.code for v in meaning.violations] == ["unknown_card"]


def test_camera_setup_reveals_and_scoring_turn_ups():
    state = GAME.new_game(Setup(2, options={"dealer": 1}))
    meaning = GAME.interpret(state, CardAdded("t", "CCG04", _row("green", 0)), {})
    assert meaning.move == Move("reveal", 1, {"card": "CCG04", "row": "green", "position": 0})
    state = _round_one()
    flipped = GAME.interpret(state, CardAdded("u", "CCR09", _row("red", 2)), {})
    assert flipped.move == Move(
        "reveal_face_down", 1, {"row": "red", "position": 2, "card": "CCR09"}
    )
    in_hand = GAME.interpret(state, CardAdded("v", "CCY10", Where("player0")), {})
    assert in_hand.move == Move(
        "reveal_face_down", 0, {"row": "yellow", "position": 2, "card": "CCY10"}
    )
    # Cards leaving the rows during scoring are players taking what they won.
    table = {"t": PieceOnTable("t", "CCY14", "card", _row("yellow", 4))}
    assert not GAME.interpret(state, CardRemoved("t", "CCY14"), table).violations


def test_session_plays_a_round_from_camera_events_and_snapshots_as_json():
    session = Session(GAME, Setup(2, ("Mia", "Leo"), {"dealer": 1}))
    for n, short in enumerate(SETUP_CARDS):
        colour = LETTER[short[0]]
        position = sum(1 for s in SETUP_CARDS[:n] if s[0] == short[0])
        session.observe(CardAdded(f"s{n}", cc(short), _row(colour, position)))
    assert session.state.phase == "play"
    verdicts = session.observe(CardAdded("a", "CCBACK", _row("yellow", 2), face_down=True))
    assert verdicts[0].accepted
    verdicts = session.observe(CardAdded("b", "CCY05", _row("yellow", 3)))
    assert not verdicts[0].accepted  # Leo's turn, and his first card must be face down
    assert verdicts[0].violations[0].code == "first_card_face_down"
    json.dumps(session.snapshot(), ensure_ascii=False)
    rebuilt = Session.replay(session.records)
    assert rebuilt.state == session.state


def test_hints_during_play_and_setup_are_bilingual():
    state = GAME.new_game(Setup(2))
    assert "turn up 10 more cards" in GAME.hints(state)[0].text.en
    state = new()
    hints = GAME.hints(state)
    assert "face down" in hints[0].text.en and hints[0].text.zh
    yellow = next(h for h in hints if h.region == "row-yellow")
    assert yellow.data["cards"] == ["CCY01", "CCY02"]


def test_camera_tidying_after_scoring_is_not_a_move_or_a_violation():
    # Round 1 scored: green G01 G02 G03 and blue B01 B02 B03 stayed; nothing played yet.
    state = play(_round_one(), turn_up(0, "Y", 2, "Y10"), turn_up(1, "R", 2, "R09"))
    state = replace(
        state,
        rows=(
            state.rows[0],
            state.rows[1],
            state.rows[2] + (cc_module.Slot("card", None, True, 0),),
            state.rows[3],
        ),
    )
    # An unclaimed face-down card slides from place 5 to place 4 as the row is pushed back.
    pushed = GAME.interpret(
        state, CardMoved("k", "CCBACK", _row("green", 3), _row("green", 5), face_down=True), {}
    )
    assert pushed.move is None and not pushed.violations
    shifted = GAME.interpret(state, CardMoved("g", "CCG03", _row("green", 1), _row("green", 2)), {})
    assert shifted.move is None and not shifted.violations
    token = GAME.interpret(
        state, CardMoved("f", "CCF1L", _row("red", 0), _row("red", 7), kind="token"), {}
    )
    assert token.move is None and not token.violations
    # Once the round is under way, the same slide is a violation.
    state = play(state, fd(0, "Y"))
    moved = GAME.interpret(state, CardMoved("g", "CCG03", _row("green", 1), _row("green", 2)), {})
    assert [v.code for v in moved.violations] == ["piece_moved"]


# -- golden transcripts (tests/test_golden.py replays every file; these check coverage) -------
GOLDEN = sorted((Path(__file__).resolve().parent.parent / "golden" / "cardcassonne").glob("*.json"))


def test_golden_transcripts_cover_every_player_count_and_illegal_attempts():
    records = [load_record(p) for p in GOLDEN]
    assert {r.setup["players"] for r in records} == {2, 3, 4, 5}
    assert any(r.expected.get("rejections") for r in records)
    assert all(r.expected.get("notes") for r in records)  # the hand computation


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_round_totals_add_up_to_the_score(path):
    record = load_record(path)
    session = Session.replay(record.records())
    state = session.state
    assert GAME.is_over(state) and len(state.round_points) == state.rounds
    for seat in range(state.players):
        by_round = sum(points[seat] for points in state.round_points) + state.final_points[seat]
        assert by_round == record.expected["scores"][f"p{seat}"]


# -- the game log -----------------------------------------------------------------------------
def test_the_log_says_each_move_in_words_in_both_languages():
    import random

    def said(state, move) -> dict:
        return GAME.describe_move(state, move).to_dict()

    start = GAME.new_game(Setup(2, ("Mia", "Leo"), {"dealer": 1}))
    assert said(start, reveal("DR", "G", player=1)) == {
        "en": "Leo (dealer) turns up Dragon joker in the green row",
        "zh-TW": "Leo（發牌玩家）翻開「火龍萬用卡」，放在綠色卡牌列",
    }
    state = new()
    assert said(state, fd(0, "B")) == {
        "en": "Mia plays a card face down at the end of the blue row",
        "zh-TW": "Mia 把一張牌蓋著放在藍色卡牌列最右邊",
    }
    # Refused moves are said too: the session logs them with their words.
    session = Session(GAME, Setup(2, ("Mia", "Leo"), {"dealer": 1}))
    for short in SETUP_CARDS:
        session.play(reveal(short, None, 1))
    refused = session.play(up(0, "Y09"))
    assert not refused.accepted
    assert session.verdicts[-1].to_dict()["text"] == {
        "en": "Mia plays Yellow person 2 at the end of the yellow row",
        "zh-TW": "Mia 把「黃色人民卡 2」放在黃色卡牌列最右邊",
    }
    assert said(state, follower(1, "R"))["zh-TW"] == "Leo 把大玩家指示物放在紅色卡牌列最右邊"
    state = play(_round_one(mia_fd_row="Y", leo_fd_row="R"), turn_up(0, "Y", 2, "G05"))
    assert said(state, turn_up(1, "R", 2, "B22")) == {
        "en": "Leo turns up the face-down card from the red row, place 3: Blue animal",
        "zh-TW": "Leo 翻開從紅色卡牌列第 3 格收走的蓋牌：「藍色動物卡」",
    }
    state = play(state, turn_up(1, "R", 2, "B22"))
    assert (
        said(state, choose(1, "R", 2, "keep"))["en"]
        == "Leo keeps Blue animal in the animal collection"
    )
    assert said(state, choose(1, "R", 2, "score"))["zh-TW"] == "Leo 選擇「藍色動物卡」得 10 分"
    # Never raises: every legal move of a random game has words; junk gets None or words.
    rnd, junk = random.Random(7), (None, -1, 7, "", "ZZ", [], {"x": 1}, 2.5, True)
    state = GAME.new_game(Setup(3, ("Mia", "Leo", "Kai")))
    while not GAME.is_over(state):
        moves = list(GAME.legal_moves(state))
        move = rnd.choice(moves)
        assert GAME.describe_move(state, move) is not None, move
        for key in move.params:
            GAME.describe_move(
                state, Move(move.kind, move.player, {**move.params, key: rnd.choice(junk)})
            )
        GAME.describe_move(state, Move(move.kind, rnd.choice(junk), move.params))
        GAME.describe_move(state, Move("no_such_move", 0, move.params))
        state = GAME.apply(state, move)
