"""Masterpiece's set-up as a newcomer met it (outside walk-through): a second "Place" on the
same space was logged three times with no refusal (now refused; a pawn put down elsewhere
before the start still moves), and while the set-up goes on the game says what it waits for,
never "Amy to play"."""

from companion.games import find_game
from companion.model import Move, Setup
from companion.session import Session

GAME = find_game("masterpiece")
NAMES = ("Amy", "Ben", "Cai")


def test_a_pawn_placed_again_on_its_space_is_refused_and_moved_before_the_start_is_not():
    session = Session("masterpiece", Setup(3, NAMES))
    first = session.play(Move("place_pawn", 0, {"space": 0}))
    assert first.accepted
    for _ in range(2):  # the walk-through's repeated "Place"
        again = session.play(Move("place_pawn", 0, {"space": 0}))
        assert not again.accepted, "the same placement was taken twice"
        [problem] = again.violations
        assert problem.code == "pawn_placed"
        assert "Amy" in problem.message.en and "Amy" in problem.message.zh
        assert "space 0" in problem.message.en and "第 0 格" in problem.message.zh
    assert [
        m for m in GAME.legal_moves(session.state) if m.kind == "place_pawn" and m.player == 0
    ] == [], "the page offers no second placement of a placed pawn"
    # a pawn set down elsewhere before the start (a camera sees it put down again) moves there
    moved = session.play(Move("place_pawn", 0, {"space": 5}))
    assert moved.accepted, moved.violations
    assert session.state.positions[0] == 5


def test_the_set_up_says_what_it_waits_for_while_a_value_card_is_dealt():
    session = Session("masterpiece", Setup(3, NAMES))
    described = GAME.describe(session.state)
    assert described["setup_waiting"]["en"].startswith("Set-up: ")
    assert described["setup_waiting"]["zh-TW"].startswith("準備：")
    assert session.play(Move("deal", 0, {"painting": session.state.bank[0]})).accepted
    assert session.state.phase == "draw", "a value card goes under the painting just dealt"
    waiting = GAME.describe(session.state)["setup_waiting"]
    assert waiting == {"en": "Set-up: Amy takes a value card.", "zh-TW": "準備：Amy 拿一張價值卡。"}


def test_once_the_game_runs_nothing_is_set_up():
    from test_masterpiece import started

    assert GAME.describe(started())["setup_waiting"] is None
