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
from .state import CryptState
from .words import WORDS, refuse

_CLOSES_PENDING = {"claim", "recover", "ghost_roll", "roll", "end_turn", "take"}


class Turns:
    """Turn order, torches, phases, and the dispatch of moves."""

    def turn_order(self, state: CryptState) -> tuple[int, ...]:
        lead = state.leader
        if state.seats == 2:  # the torch holder takes a second turn after the opponent
            return (lead, 1 - lead, lead)
        return tuple((lead + i) % state.seats for i in range(state.seats))

    def lights_out(self, state: CryptState) -> int:
        return self.turn_order(state)[-1]

    def actor(self, state: CryptState) -> int | None:
        if state.phase != "claim":
            return None
        return self.turn_order(state)[state.turn]

    def last_turn(self, state: CryptState) -> bool:
        return state.turn == len(self.turn_order(state)) - 1

    def is_ghost(self, state: CryptState, seat: int) -> bool:
        return state.players == 1 and seat == 1

    def current_players(self, state: CryptState) -> tuple[int, ...]:
        if state.phase == "claim":
            actor = self.actor(state)
            return (0,) if self.is_ghost(state, actor) else (actor,)
        if state.phase == "collect":
            owners = sorted({r.owner for r in state.rolls if r.failed is None})
            return tuple(owners) or tuple(range(state.players))
        if state.phase == "before_scoring":
            return self._remains_recoveries(state)
        if state.phase == "final_reveal":
            return tuple(s for s in range(state.players)
                         if any(c.payload is None for c in state.collections[s]))
        if state.phase == "tiebreak":
            rolled = dict(state.tiebreak_rolls)
            return tuple(s for s in state.tied if s not in rolled)
        if state.phase == "reveal":
            return tuple(range(state.players))
        return ()

    def is_over(self, state: CryptState) -> bool:
        return state.phase == "over"

    def check(self, state: CryptState, move: Move) -> tuple[Violation, ...]:
        try:
            if move.kind == "end_turn":
                if state.pending and move.player not in (None, state.pending_player):
                    return (refuse("not_your_turn.end_turn",
                                   player=state.names[state.pending_player]),)
                return self._check_end_turn(state)
            if state.pending and self._closes_pending(state, move):
                problems = self._check_end_turn(state)
                if problems:
                    return problems
                state = self._end_turn(state)
            if self.rule_for(move) is not None and state.phase == "over":
                return (refuse("game_over"),)
            return super().check(state, move)  # the move kind's own check, from the MoveBook
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            lacking = f"bad_move.{move.kind}"  # what this kind of move must say
            return (refuse(lacking if lacking in WORDS else "bad_move"),)

    def _closes_pending(self, state: CryptState, move: Move) -> bool:
        if move.kind == "place_die" and move.player == state.pending_player:
            return False
        return move.kind in _CLOSES_PENDING or move.kind == "place_die"

    def _apply(self, state: CryptState, move: Move) -> CryptState:
        if state.pending and self._closes_pending(state, move):
            state = self._end_turn(state)
            if move.kind == "end_turn":
                return state
        return super()._apply(state, move)  # the move kind's effect, from the MoveBook

    def _seat_problem(self, state: CryptState, seat) -> list[Violation]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return [refuse("unknown_player", seat=seat)]
        return []

    def _wrong_phase(self, state: CryptState, wanted: str, key: str) -> list[Violation]:
        if state.phase != wanted:
            return [refuse(key)]
        return []

    def _turn_problem(self, state: CryptState, seat) -> list[Violation]:
        problems = self._seat_problem(state, seat)
        if problems:
            return problems
        problems = self._wrong_phase(state, "claim", "wrong_phase.claim")
        if problems:
            return problems
        actor = self.actor(state)
        if seat != actor:
            if self.is_ghost(state, actor):
                return [refuse("ghost_turn")]
            return [refuse("not_your_turn", actor=state.names[actor], player=state.names[seat])]
        return []

    def _next_turn(self, state: CryptState) -> CryptState:
        state = replace(state, turn=state.turn + 1, claims_started=True)
        if state.turn >= len(self.turn_order(state)):
            return self._start_collect(state)
        return self._skip_ghost_nothing(state)

    def _finish_collect(self, state: CryptState) -> CryptState:
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
        state = replace(state, ready=tuple(ready), exhausted=tuple(exhausted), rolls=(),
                        row=(None,) * self.row_size(state), leader=leader, turn=0,
                        round=state.round + 1, claims_started=False, peeked=frozenset(),
                        ghost_pushed=0, ghost_last=(), ghost_rolled=(), pushes=())
        if state.round >= self._setup(state.players).rounds:
            if self._remains_recoveries(state):
                # Remains A works "any time", which includes after the game's last roll
                return replace(state, phase="before_scoring")
            return self._finish_game(state)
        return replace(state, phase="reveal")
