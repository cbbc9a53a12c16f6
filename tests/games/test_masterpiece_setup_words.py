"""Masterpiece's set-up as a newcomer met it (outside walk-through): a pawn is placed once (a
second "Place" was logged three times with no refusal), and while the set-up goes on the game
says what it waits for, never "Amy to play"."""

from companion.games import find_game
from companion.model import Move, Setup
from companion.session import Session

GAME = find_game("masterpiece")
NAMES = ("Amy", "Ben", "Cai")


def test_a_pawn_already_placed_is_refused_a_second_placement():
    session = Session("masterpiece", Setup(3, NAMES))
    first = session.play(Move("place_pawn", 0, {"space": 0}))
    assert first.accepted
    for space in (0, 5):
        again = session.play(Move("place_pawn", 0, {"space": space}))
        assert not again.accepted, f"a second placement on space {space} was taken"
        [problem] = again.violations
        assert problem.code == "pawn_placed"
        assert "Amy" in problem.message.en and "Amy" in problem.message.zh
        assert "space 0" in problem.message.en and "第 0 格" in problem.message.zh
    assert session.state.positions[0] == 0
    assert [
        m for m in GAME.legal_moves(session.state) if m.kind == "place_pawn" and m.player == 0
    ] == []


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
