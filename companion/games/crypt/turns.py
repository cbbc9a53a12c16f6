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
from .words import MOVE_SHAPES, _v

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
                    return (_v("not_your_turn", f"Only {state.names[state.pending_player]} can "
                               f"end this turn.", f"只有 {state.names[state.pending_player]} "
                               f"可以結束這個回合。"),)
                return self._check_end_turn(state)
            if state.pending and self._closes_pending(state, move):
                problems = self._check_end_turn(state)
                if problems:
                    return problems
                state = self._end_turn(state)
            if self.rule_for(move) is not None and state.phase == "over":
                return (_v("game_over", "The game is over.", "遊戲已經結束了。"),)
            return super().check(state, move)  # the move kind's own check, from the MoveBook
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            en, zh = MOVE_SHAPES.get(move.kind, ("This move is not filled in properly.",
                                                  "這個動作的資料不完整。"))
            return (_v("bad_move", en, zh),)

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
            return [_v("unknown_player", f"There is no player {seat!r} in this game.",
                       f"這場遊戲沒有玩家 {seat!r}。")]
        return []

    def _wrong_phase(self, state: CryptState, wanted: str, en: str, zh: str) -> list[Violation]:
        if state.phase != wanted:
            return [_v("wrong_phase", en, zh)]
        return []

    def _turn_problem(self, state: CryptState, seat) -> list[Violation]:
        problems = self._seat_problem(state, seat)
        if problems:
            return problems
        problems = self._wrong_phase(state, "claim", "This can only be done while claiming "
                                     "treasure.", "這只能在宣告寶藏階段做。")
        if problems:
            return problems
        actor = self.actor(state)
        if seat != actor:
            if self.is_ghost(state, actor):
                return [_v("ghost_turn", "It is the ghost's turn: roll its dice and enter them.",
                           "現在輪到鬼魂：請擲它的骰子並輸入點數。")]
            return [_v("not_your_turn", f"It is {state.names[actor]}'s turn, not "
                       f"{state.names[seat]}'s.", f"現在輪到 {state.names[actor]}，不是 "
                       f"{state.names[seat]}。")]
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
