"""A round's turns: turn order, the torches (Leader and Lights Out), whose turn it is,
and the dispatch of every move to its check and effect.

Claim turns start with the Leader, clockwise; the Lights Out holder acts last. With two
seats (solo: the player and the ghost) the torch holder takes a second turn after the
opponent. At the end of a round both torches pass to the left.

Dice the camera sees arrive one at a time wait as "pending" (see claim.py); any move that
closes the turn ends the pending claim first.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ..base import Game
from . import claim, collect, collectors, endgame, ghost
from . import setup as box
from .state import CryptState, is_ghost
from .words import WORDS, refuse

_CLOSES_PENDING = {"claim", "recover", "ghost_roll", "roll", "end_turn", "take"}


# -- turn order, torches, phases, and the dispatch of moves -----------------------------------
def turn_order(game, state: CryptState) -> tuple[int, ...]:
    lead = state.leader
    if state.seats == 2:  # the torch holder takes a second turn after the opponent
        return (lead, 1 - lead, lead)
    return tuple((lead + i) % state.seats for i in range(state.seats))


def lights_out(game, state: CryptState) -> int:
    return turn_order(game, state)[-1]


def actor(game, state: CryptState) -> int | None:
    if state.phase != "claim":
        return None
    return turn_order(game, state)[state.turn]


def last_turn(game, state: CryptState) -> bool:
    return state.turn == len(turn_order(game, state)) - 1


def current_players(game, state: CryptState) -> tuple[int, ...]:
    if state.phase == "claim":
        acting = actor(game, state)
        return (0,) if is_ghost(state, acting) else (acting,)
    if state.phase == "collect":
        owners = sorted({r.owner for r in state.rolls if r.failed is None})
        return tuple(owners) or tuple(range(state.players))
    if state.phase == "before_scoring":
        return collectors.remains_recoveries(game, state)
    if state.phase == "final_reveal":
        return tuple(
            s for s in range(state.players) if any(c.payload is None for c in state.collections[s])
        )
    if state.phase == "tiebreak":
        rolled = dict(state.tiebreak_rolls)
        return tuple(s for s in state.tied if s not in rolled)
    if state.phase == "reveal":
        return tuple(range(state.players))
    return ()


def is_over(game, state: CryptState) -> bool:
    return state.phase == "over"


def check_move(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    try:
        if move.kind == "end_turn":
            if state.pending and move.player not in (None, state.pending_player):
                return (refuse("not_your_turn.end_turn", player=state.names[state.pending_player]),)
            return claim.check_end_turn(game, state)
        if state.pending and closes_pending(game, state, move):
            problems = claim.check_end_turn(game, state)
            if problems:
                return problems
            state = claim.end_turn(game, state)
        if game.rule_for(move) is not None and state.phase == "over":
            return (refuse("game_over"),)
        return Game.check(game, state, move)  # the move kind's own check, from the MoveBook
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        lacking = f"bad_move.{move.kind}"  # what this kind of move must say
        return (refuse(lacking if lacking in WORDS else "bad_move"),)


def closes_pending(game, state: CryptState, move: Move) -> bool:
    if move.kind == "place_die" and move.player == state.pending_player:
        return False
    return move.kind in _CLOSES_PENDING or move.kind == "place_die"


def apply_move(game, state: CryptState, move: Move) -> CryptState:
    if state.pending and closes_pending(game, state, move):
        state = claim.end_turn(game, state)
        if move.kind == "end_turn":
            return state
    return Game._apply(game, state, move)  # the move kind's effect, from the MoveBook


def seat_problem(game, state: CryptState, seat) -> list[Violation]:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        return [refuse("unknown_player", seat=seat)]
    return []


def wrong_phase(game, state: CryptState, wanted: str, key: str) -> list[Violation]:
    if state.phase != wanted:
        return [refuse(key)]
    return []


def turn_problem(game, state: CryptState, seat) -> list[Violation]:
    problems = seat_problem(game, state, seat)
    if problems:
        return problems
    problems = wrong_phase(game, state, "claim", "wrong_phase.claim")
    if problems:
        return problems
    acting = actor(game, state)
    if seat != acting:
        if is_ghost(state, acting):
            return [refuse("ghost_turn")]
        return [refuse("not_your_turn", actor=state.names[acting], player=state.names[seat])]
    return []


def next_turn(game, state: CryptState) -> CryptState:
    state = replace(state, turn=state.turn + 1, claims_started=True)
    if state.turn >= len(turn_order(game, state)):
        return collect.start_collect(game, state)
    return ghost.skip_ghost_nothing(game, state)


def finish_collect(game, state: CryptState) -> CryptState:
    ready, exhausted = list(state.ready), list(state.exhausted)
    for r in state.rolls:
        if r.failed:
            exhausted[r.owner] += 1
        else:
            ready[r.owner] += 1
    # Both torch cards pass to the left: the next player clockwise leads and the old
    # Leader takes Lights Out. With two seats (solo: the human and the ghost) that is
    # simply the other seat, so in solo the ghost leads every other round.
    leader = (state.leader + 1) % state.seats
    state = replace(
        state,
        ready=tuple(ready),
        exhausted=tuple(exhausted),
        rolls=(),
        row=(None,) * box.places(game, state),
        leader=leader,
        turn=0,
        round=state.round + 1,
        claims_started=False,
        ghost_pushed=0,
        ghost_last=(),
        ghost_rolled=(),
        pushes=(),
    )
    if state.round >= box.setup_data(game, state.players).rounds:
        if collectors.remains_recoveries(game, state):
            # Remains A works "any time", which includes after the game's last roll
            return replace(state, phase="before_scoring")
        return endgame.finish_game(game, state)
    return replace(state, phase="reveal")
