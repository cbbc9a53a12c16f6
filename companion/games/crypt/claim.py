"""A claim turn: put dice on crypt cards (push rivals off with more effort) or recover.

Moves:
- `claim` {placements: [{card, dice, effort}]}: a whole claim turn at once.
- `recover` {}: all your exhausted dice become ready (also "pass" when none are).
- `place_die` {die, card, effort}: the camera saw one die set on a card; dice of a turn
  gather as "pending" until `end_turn` or until the next player acts.
- `remove_die` {die}: a pending die was taken back.   `end_turn` {}: close the claim.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Fields, Int, ListOf, Optional, Str
from ..moves import MoveRule
from .setup import CRYPT_PLACE, FACE
from .state import FACES, CryptState
from .log import GameLog
from .words import refuse

_DICE = Int(1, lambda c: c.game.data.dice_per_player)


class Claiming:
    """Checks and effects of a claim turn, side by side."""

    def _check_claim(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._turn_problem(state, move.player)
        if problems:
            return problems
        placements = move.get("placements")
        if not isinstance(placements, (list, tuple)) or not placements:
            return [refuse("empty_claim")]
        parsed = []
        for p in placements:
            card, dice, effort = p["card"], p["dice"], p["effort"]
            parsed.append((card, dice, effort))
        return self._claim_problems(state, move.player, parsed)

    def _do_claim(self, state: CryptState, move: Move) -> CryptState:
        placements = [(p["card"], p["dice"], p["effort"]) for p in move["placements"]]
        return self._next_turn(self._place(state, move.player, placements))

    def _claim_problems(self, state: CryptState, seat: int,
                        placements: list[tuple[int, int, int]]) -> list[Violation]:
        name = state.names[seat]
        seen_cards: dict[int, int] = {}
        total_dice = 0
        for card, dice, effort in placements:
            problem = self._card_problem(state, card)
            if problem:
                return [problem]
            if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
                return [refuse("bad_move.no_dice")]
            if not isinstance(effort, int) or isinstance(effort, bool) or effort not in FACES:
                return [refuse("bad_effort", region="crypt", effort=effort)]
            if card in seen_cards:
                here = self.slot_name(state, card)
                return [refuse("mixed_effort.claim", region="crypt", here=here)]
            seen_cards[card] = effort
            total_dice += dice
        if total_dice > state.ready[seat]:
            return [refuse("not_enough_dice.claim", player=name, ready=state.ready[seat],
                           dice=total_dice)]
        if self.last_turn(state) and len(seen_cards) > 1:
            return [self._lights_out_violation(state, seat)]
        for card, dice, effort in placements:
            problem = self._push_problem(state, seat, card, dice * effort)
            if problem:
                return [problem]
        return []

    def _card_problem(self, state: CryptState, card) -> Violation | None:
        if (not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(state.row)
                or state.row[card] is None):
            return refuse("no_such_card", region="crypt", card=card)
        return None

    def _lights_out_violation(self, state: CryptState, seat: int) -> Violation:
        return refuse("lights_out_one_card", ["CRLIGHTS"], "crypt", player=state.names[seat])

    def _push_problem(self, state: CryptState, seat: int, card: int, total: int) -> Violation | None:
        slot = state.row[card]
        here = self.slot_name(state, card)
        if slot.owner == seat:
            return refuse("own_card", [slot.payload], "crypt", player=state.names[seat], here=here)
        if slot.owner is not None and total <= slot.total:
            other = state.names[slot.owner]
            return refuse("push_not_higher", [slot.payload], "crypt", here=here, total=total,
                          other=other, beat=slot.total)
        return None

    def _place(self, state: CryptState, seat: int,
               placements: list[tuple[int, int, int]]) -> CryptState:
        row, ready = list(state.row), list(state.ready)
        pushed_ghost = 0
        pushes = list(state.pushes)
        for card, dice, effort in placements:
            slot = row[card]
            if slot.owner is not None:
                ready[slot.owner] += slot.dice  # pushed off: back to the owner, ready
                pushes.append((card, seat, slot.owner, slot.dice, slot.total, dice * effort))
                if self.is_ghost(state, slot.owner):
                    pushed_ghost += slot.dice
            row[card] = replace(slot, owner=seat, dice=dice, effort=effort)
            ready[seat] -= dice
        return replace(state, row=tuple(row), ready=tuple(ready), pushes=tuple(pushes),
                       ghost_pushed=state.ghost_pushed + pushed_ghost)

    def _check_recover(self, state: CryptState, move: Move) -> list[Violation]:
        return self._turn_problem(state, move.player)

    def _do_recover(self, state: CryptState, move: Move) -> CryptState:
        seat = move.player
        ready, exhausted = list(state.ready), list(state.exhausted)
        ready[seat] += exhausted[seat]
        exhausted[seat] = 0
        return self._next_turn(replace(state, ready=tuple(ready), exhausted=tuple(exhausted)))

    def _check_place_die(self, state: CryptState, move: Move) -> list[Violation]:
        seat = move.player
        problems = self._turn_problem(state, seat)
        if problems:
            return problems
        die, card, effort = move["die"], move["card"], move.get("effort")
        problem = self._card_problem(state, card)
        if problem:
            return [problem]
        if effort is None:
            return [refuse("die_unread.place_die", region="crypt")]
        if not isinstance(effort, int) or effort not in FACES:
            return [refuse("bad_effort", region="crypt", effort=effort)]
        others = [p for p in state.pending if p[0] != die]
        if len(others) + 1 > state.ready[seat]:
            return [refuse("not_enough_dice.place_die", player=state.names[seat],
                           ready=state.ready[seat])]
        same_card = [p for p in others if p[1] == card]
        if any(p[2] != effort for p in same_card):
            here = self.slot_name(state, card)
            return [refuse("mixed_effort.place_die", region="crypt", here=here,
                           others=same_card[0][2])]
        if self.last_turn(state) and len({p[1] for p in others} | {card}) > 1:
            return [self._lights_out_violation(state, seat)]
        # Reject at once only what no further die could fix.
        possible = (state.ready[seat] - len(others) + len(same_card)) * effort
        problem = self._push_problem(state, seat, card, possible)
        return [problem] if problem else []

    def _do_place_die(self, state: CryptState, move: Move) -> CryptState:
        pending = tuple(p for p in state.pending if p[0] != move["die"])
        pending += ((move["die"], move["card"], move["effort"]),)
        return replace(state, pending=pending, pending_player=move.player, claims_started=True)

    def _check_remove_die(self, state: CryptState, move: Move) -> list[Violation]:
        if not any(p[0] == move["die"] for p in state.pending):
            return [refuse("no_such_die")]
        return []

    def _do_remove_die(self, state: CryptState, move: Move) -> CryptState:
        pending = tuple(p for p in state.pending if p[0] != move["die"])
        return replace(state, pending=pending, pending_player=state.pending_player if pending else None)

    def _pending_placements(self, state: CryptState) -> list[tuple[int, int, int]]:
        by_card: dict[int, list[int]] = {}
        for _, card, effort in state.pending:
            by_card.setdefault(card, []).append(effort)
        return [(card, len(e), e[0]) for card, e in sorted(by_card.items())]

    def _check_end_turn(self, state: CryptState, move: Move | None = None) -> tuple[Violation, ...]:
        if not state.pending:
            return (refuse("nothing_placed"),)
        return tuple(self._claim_problems(state, state.pending_player,
                                          self._pending_placements(state)))

    def _do_end_turn(self, state: CryptState, move: Move) -> CryptState:
        return state  # already closed in _apply

    def _end_turn(self, state: CryptState) -> CryptState:
        placements = self._pending_placements(state)
        seat = state.pending_player
        state = replace(state, pending=(), pending_player=None)
        return self._next_turn(self._place(state, seat, placements))


# -- the move kinds: fields, who acts, check, effect and log words together ------------
RULES = (
    MoveRule(name="claim", player="seat", fields={"placements": ListOf(
        Fields({"card": CRYPT_PLACE, "dice": _DICE, "effort": FACE},
               required=("card", "dice", "effort")),
        1, lambda c: c.game.data.dice_per_player)}, required=("placements",), turn=None,
        check=Claiming._check_claim, effect=Claiming._do_claim, describe=GameLog._words_claim),
    MoveRule(name="recover", player="seat", turn=None, check=Claiming._check_recover,
             effect=Claiming._do_recover, describe=GameLog._words_recover),
    MoveRule(name="place_die", player="seat", fields={
        "die": Str(), "card": CRYPT_PLACE, "effort": Optional(FACE)}, required=("die", "card"),
        turn=None, check=Claiming._check_place_die, effect=Claiming._do_place_die,
        describe=GameLog._words_place_die),
    MoveRule(name="remove_die", player="seat", fields={"die": Str()}, required=("die",),
             turn=None, check=Claiming._check_remove_die, effect=Claiming._do_remove_die,
             describe=GameLog._words_remove_die),
    MoveRule(name="end_turn", player="any", turn=None, check=Claiming._check_end_turn,
             effect=Claiming._do_end_turn, describe=GameLog._words_end_turn),
)
