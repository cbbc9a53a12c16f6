"""Cardcassonne's hints speak only of moves the player can make and of gains above zero
(walk-through: the summary said a follower "would take 0 from the yellow row" while a
follower already stood at the yellow row's end, where no second follower may go).

Hypothesis draws the seed of small random games; at every turn the hints and the teacher's
summary are held against the engine's own legal moves."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import pick

from companion.games import find_game
from companion.model import Setup
from companion.session import Session

GAME = find_game("cardcassonne")
ZERO_EN = re.compile(r"(?<![\d.])0 (from|cards?|points?)\b|take 0|nothing")
ZERO_ZH = re.compile(r"(?<![\d.])0 (張|分)")


def _check_turn(state) -> None:
    moves = list(GAME.legal_moves(state))
    follower_rows = {m.params["row"] for m in moves if m.kind == "place_follower"}
    face_down = any(m.kind == "play_card" and m.params["face_down"] for m in moves)
    face_up = any(m.kind == "play_card" and not m.params["face_down"] for m in moves)
    hints = GAME.hints(state)
    for hint in hints:
        if "cards" in hint.data:  # a follower hint names one row and what it takes
            assert hint.data["row"] in follower_rows, (hint.text.en, sorted(follower_rows))
            assert hint.data["cards"], hint.text.en
        if "face down" in hint.text.en:
            assert face_down, hint.text.en
        elif "face up" in hint.text.en:
            assert face_up, hint.text.en
        if "follower" in hint.text.en:
            assert follower_rows, hint.text.en
    for text in (*(h.text for h in hints), *GAME.hint_summary(state)):
        assert not ZERO_EN.search(text.en), text.en
        assert not ZERO_ZH.search(text.zh), text.zh
        if "follower" in text.en:
            assert follower_rows, text.en
            for colour in ("yellow", "red", "green", "blue"):
                if f"the {colour} row" in text.en:
                    assert colour in follower_rows, (text.en, sorted(follower_rows))
    if follower_rows:  # a follower that may still go somewhere is always mentioned
        assert any("follower" in t.en for t in GAME.hint_summary(state))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 3, 4, 5)))
def test_hints_only_speak_of_legal_moves_and_gains_above_zero(seed, players):
    rnd = random.Random(seed)
    session = Session(GAME, Setup(players))
    for _ in range(400):
        state = session.state
        if GAME.is_over(state):
            break
        if state.phase == "play":
            _check_turn(state)
        session.play(pick(list(GAME.legal_moves(state)), rnd))
