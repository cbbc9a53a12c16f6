"""Collect: unclaimed cards are discarded, owners take their cards and roll each die on
them; a roll below the die's effort exhausts it (effort 1 never rolls).

Moves: `roll` {card, value} or {card, exhausted}: one exhaustion roll;
`end_collect` {}: nobody wants to re-roll with an idol (Idols A).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Bool, Optional
from ..moves import MoveRule
from .setup import CRYPT_PLACE, FACE
from .state import FACES, CryptState, Owned, Roll
from .log import GameLog
from .words import refuse


class Collecting:
    """Checks and effects of the collect phase, side by side."""

    def _start_collect(self, state: CryptState) -> CryptState:
        moment = state.moment + 1
        collections = [list(c) for c in state.collections]
        ready = list(state.ready)
        rolls = []
        discarded = state.discarded
        for index, slot in enumerate(state.row):
            if slot is None:
                continue
            if slot.owner is None or self.is_ghost(state, slot.owner):
                discarded += 1
                if slot.owner is not None:
                    ready[slot.owner] += slot.dice  # the ghost's servants never tire
                continue
            collections[slot.owner].append(Owned(slot.type, slot.payload, False, moment))
            if slot.effort == 1:
                ready[slot.owner] += slot.dice  # effort 1 never needs a roll
            else:
                rolls.extend(Roll(slot.owner, index, slot.effort) for _ in range(slot.dice))
        state = replace(state, phase="collect", moment=moment, ready=tuple(ready),
                        rolls=tuple(rolls), discarded=discarded,
                        collections=tuple(tuple(c) for c in collections))
        return self._maybe_finish_collect(self._idol_pairs(state))

    def _check_roll(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "collect", "wrong_phase.roll")
        if problems:
            return problems
        card = move["card"]
        if self._next_roll(state, card) is None:
            return [refuse("no_roll_due", region="roll", card=card)]
        return self._roll_value_problems(move)

    def _do_roll(self, state: CryptState, move: Move) -> CryptState:
        index = self._next_roll(state, move["card"])
        rolls = list(state.rolls)
        rolls[index] = self._roll_result(rolls[index], move)
        return self._maybe_finish_collect(replace(state, rolls=tuple(rolls)))

    @staticmethod
    def _roll_value_problems(move: Move) -> list[Violation]:
        value, exhausted = move.get("value"), move.get("exhausted")
        if value is None and not isinstance(exhausted, bool):
            return [refuse("die_unread.roll", region="roll")]
        if value is not None and (isinstance(value, bool) or value not in FACES):
            return [refuse("bad_roll.roll", region="roll", value=value)]
        return []

    @staticmethod
    def _next_roll(state: CryptState, card) -> int | None:
        for i, r in enumerate(state.rolls):
            if r.card == card and r.failed is None:
                return i
        return None

    def _roll_result(self, roll: Roll, move: Move) -> Roll:
        value = move.get("value")
        failed = value < roll.effort if value is not None else bool(move["exhausted"])
        return replace(roll, value=value, failed=failed)

    def _maybe_finish_collect(self, state: CryptState) -> CryptState:
        if state.phase != "collect" or any(r.failed is None for r in state.rolls):
            return state
        if self._reroll_options(state):
            return state  # someone may still flip an idol to re-roll: wait for end_collect
        return self._finish_collect(state)

    def _reroll_options(self, state: CryptState) -> bool:
        if self.side(state, "idols") != "A":
            return False
        return any(r.failed and self._unflipped(state, r.owner, "idols") for r in state.rolls)

    def _check_end_collect(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "collect", "wrong_phase.end_collect")
        if problems:
            return problems
        if any(r.failed is None for r in state.rolls):
            return [refuse("rolls_missing", region="roll")]
        return []

    def _do_end_collect(self, state: CryptState, move: Move) -> CryptState:
        return self._finish_collect(state)


# -- the move kinds: fields, who acts, check, effect and log words together ------------
RULES = (
    MoveRule(name="roll", player="seat", fields={
        "card": CRYPT_PLACE, "value": Optional(FACE), "exhausted": Optional(Bool())},
        required=("card",), turn=None,
        check=Collecting._check_roll, effect=Collecting._do_roll, describe=GameLog._words_roll),
    MoveRule(name="end_collect", player="any", turn=None, check=Collecting._check_end_collect,
             effect=Collecting._do_end_collect, describe=GameLog._words_end_collect),
)
