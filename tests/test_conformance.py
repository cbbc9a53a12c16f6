"""One suite every registered game must pass (as OpenSpiel does for its games).

Random legal playouts driven by hypothesis: `check` and `describe_move` never raise (also on
mangled moves that pass the field checks of companion.validation),
`apply` never mutates its input, every move `legal_moves` offers passes `check`, replaying
the log rebuilds the state, scores are deterministic, and every game ends.

Hypothesis draws the seed of each playout rather than every move: whole games are
hundreds of moves long, too much data for hypothesis to draw and shrink move by move. A
failure prints the seed, which replays the same game.
"""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import (
    pick,
)  # one kind first half the time: endless overbids can't crowd out the rest

from companion.games import all_games
from companion.model import Move, Setup
from companion.session import Session
from companion.validation import InvalidFieldError

MAX_MOVES = 3000
CASES = [(game.info.slug, players) for game in all_games() for players in game.info.player_counts]


JUNK = (None, -3, 0, 7, 99, "", "ZZ", "MU01", [], [1, 2], {"x": 1}, 2.5, True)


def _mangled(move: Move, rnd: random.Random) -> Move:
    """A move with one parameter replaced by junk, to prove check() rejects rather than raises."""
    params = dict(move.params)
    if params and rnd.random() < 0.5:
        params[rnd.choice(sorted(params))] = rnd.choice(JUNK)
        return Move(move.kind, move.player, params)
    return Move(rnd.choice([move.kind, "no_such_move"]), rnd.choice([None, -1, 0, 1, 7]), params)


@pytest.mark.parametrize("slug,players", CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_playout(slug, players, seed):
    rnd = random.Random(seed)
    game = next(g for g in all_games() if g.info.slug == slug)
    session = Session(game, Setup(players))
    for _ in range(MAX_MOVES):
        state = session.state
        if game.is_over(state):
            break
        moves = list(game.legal_moves(state))
        assert moves, f"{slug}: the game is not over but no move is legal"
        move = pick(moves, rnd)
        assert game.check(state, move) == (), f"{slug}: legal_moves offered an illegal {move}"
        mangled = _mangled(move, rnd)
        try:  # a move is parsed before it is judged: check sees only well-formed moves
            session.check_move(mangled)
        except InvalidFieldError:
            pass
        else:
            game.check(state, mangled)  # must not raise
            game.describe_move(state, mangled)  # nor may wording a move the log cannot read
        words = game.describe_move(state, game.public_move(state, move))
        assert words is None or (words.en and words.zh), f"{slug}: {move} said in half"
        before = copy.deepcopy(state)
        verdict = session.play(move)
        assert verdict.accepted
        assert state == before, f"{slug}: apply mutated its input"
    assert game.is_over(session.state), f"{slug}: no end after {MAX_MOVES} moves"
    assert game.outcome(session.state) is not None

    rebuilt = Session.replay(session.records)
    assert rebuilt.state == session.state
    first = [s.to_dict() for s in game.score(session.state)]
    assert first == [s.to_dict() for s in game.score(rebuilt.state)]
    assert game.outcome(rebuilt.state) == game.outcome(session.state)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_game_declares_its_identity(game):
    info = game.info
    assert info.slug and info.name.en and info.name.zh
    assert info.player_counts and all(n >= 1 for n in info.player_counts)
    assert all(p.payload.startswith(info.payload_prefix) for p in game.catalogue.pieces)
    snapshot = Session(game, Setup(info.player_counts[0])).snapshot()
    assert snapshot["state_id"] == 0 and snapshot["over"] is False
