"""Crypt's turn flow is one table (companion/games/crypt/flow.py): these tests hold the table
to what the game does, so that reading it beside the rulebook's "A round" stays true."""

import random

import pytest

from companion.games import find_game
from companion.games.crypt import flow
from companion.model import Move, Setup

GAME = find_game("crypt")


def test_every_move_kind_is_played_in_a_phase_of_the_table_or_at_any_time():
    listed = [kind for phase in flow.PHASES.values() for kind in phase.moves] + list(flow.ANY_TIME)
    assert set(listed) == set(GAME.moves)  # none forgotten, none the book lacks


def test_the_phases_are_those_the_state_goes_through():
    assert list(flow.PHASES) == [
        "reveal",
        "claim",
        "collect",
        "before_scoring",
        "final_reveal",
        "tiebreak",
        "over",
    ]
    assert all(phase.rulebook for phase in flow.PHASES.values())


@pytest.mark.parametrize(
    "players, sides",
    [
        (1, {}),
        (2, {"idols": "B", "manuscripts": "B", "pottery": "B"}),
        (3, {"remains": "A"}),
        (4, {"idols": "A", "remains": "B", "tapestries": "B"}),
    ],
)
def test_random_games_play_only_what_the_table_lists_and_every_state_is_settled(players, sides):
    rnd = random.Random(players)
    state = GAME.new_game(Setup(players, options={"collectors": sides}))
    phases = [state.phase]
    while not GAME.is_over(state):
        moves = GAME.legal_moves(state)
        allowed = flow.PHASES[state.phase].moves + flow.ANY_TIME
        assert {m.kind for m in moves} <= set(allowed), state.phase
        state = GAME.apply(state, rnd.choice(moves))
        assert GAME.settle(state) == state  # settle ran after the effect: nothing left to do
        if state.phase != phases[-1]:
            phases.append(state.phase)
    assert phases[:4] == ["reveal", "claim", "collect", "reveal"]
    assert phases[-1] == "over"


def claiming():
    state = GAME.new_game(Setup(2, options={"collectors": {"manuscripts": "B"}}))
    for card in ({"card": "CRIDOL4A"}, {"card": "CRJEWL3A"}, {"back": "CRBMANU"}):
        state = GAME.apply(state, Move("deal", None, card))
    state = GAME.apply(
        state, Move("claim", 0, {"placements": [{"card": 2, "dice": 1, "effort": 1}]})
    )
    state = GAME.apply(state, Move("recover", 1))
    state = GAME.apply(state, Move("recover", 0))
    for card in ({"card": "CRIDOL1A"}, {"card": "CRJEWL1A"}, {"back": "CRBTAPE"}):
        state = GAME.apply(state, Move("deal", None, card))
    # Ben leads round 2; the camera sees his first die on the Idol 1
    state = GAME.apply(state, Move("place_die", 1, {"die": "b1", "card": 0, "effort": 2}))
    assert state.pending and state.pending_player == 1
    return state


def test_a_move_whose_rule_closes_a_claim_closes_it_and_one_that_does_not_leaves_it():
    state = claiming()
    looked = GAME.apply(state, Move("peek", 0, {"card": "CRBMANU"}))  # any time: no close
    assert looked.pending == state.pending and looked.turn == state.turn
    more = GAME.apply(state, Move("place_die", 1, {"die": "b2", "card": 1, "effort": 2}))
    assert len(more.pending) == 2  # Ben's own die joins his claim
    closed = GAME.apply(state, Move("recover", 0))  # Ann's turn: Ben's claim closes first
    assert closed.pending == () and closed.row[0].owner == 1 and closed.turn == 2


def test_end_turn_places_the_gathered_claim_and_passes_the_turn():
    state = GAME.apply(claiming(), Move("end_turn", 1))
    assert state.pending == () and state.row[0].owner == 1 and state.row[0].total == 2
    assert state.turn == 1 and GAME.current_players(state) == (0,)
