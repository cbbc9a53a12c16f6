"""Collect: unclaimed cards are discarded, owners take their cards and roll each die on
them; a roll below the die's effort exhausts it (effort 1 never rolls).

Move: `roll` {card, value} or {card, exhausted}: one exhaustion roll, in the die owner's
name. When every die is rolled the phase ends (flow.py), unless a player could still flip an
idol to re-roll (Idols A, collectors.py): then `end_collect` (flow.py) ends it.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Bool, Optional
from . import log, turns
from . import setup as box
from .rule import CryptRule
from .setup import CRYPT_PLACE, FACE
from .state import CryptState, Owned, Roll, is_ghost, next_roll, unflipped
from .words import refuse


# -- checks and effects of the collect phase, side by side ------------------------------------
def start_collect(game, state: CryptState) -> CryptState:
    """Unclaimed cards go; each owner takes their cards, and their dice wait to be rolled
    (the ghost's never tire; effort 1 never rolls)."""
    collections = [list(c) for c in state.collections]
    ready = list(state.ready)
    rolls: list[Roll] = []
    discarded = state.discarded
    for index, slot in enumerate(state.row):
        if slot is None:
            continue
        if slot.owner is None or is_ghost(state, slot.owner):
            discarded += 1
            if slot.owner is not None:
                ready[slot.owner] += slot.dice  # the ghost's servants never tire
            continue
        collections[slot.owner].append(Owned(slot.type, slot.payload))
        if slot.effort == 1:
            ready[slot.owner] += slot.dice  # effort 1 never needs a roll
        else:
            rolls.extend(Roll(slot.owner, index, slot.effort) for _ in range(slot.dice))
    return replace(
        state,
        phase="collect",
        ready=tuple(ready),
        rolls=tuple(rolls),
        discarded=discarded,
        collections=tuple(tuple(c) for c in collections),
    )


def check_roll(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = turns.wrong_phase(game, state, "collect", "wrong_phase.roll")
    if problems:
        return problems
    card = move["card"]
    due = next_roll(state, card)
    if due is None:
        return (refuse("no_roll_due", region="roll", card=card),)
    owner = state.rolls[due].owner
    if move.player != owner:  # players roll their own dice: the roll is in the owner's name
        here = log.slot_name(game, state, card)
        return (refuse("not_your_die", region="roll", here=here, owner=state.names[owner]),)
    return roll_value_problems(move)


def do_roll(game, state: CryptState, move: Move) -> CryptState:
    index = next_roll(state, move["card"])
    rolls = list(state.rolls)
    rolls[index] = roll_result(game, rolls[index], move)
    return replace(state, rolls=tuple(rolls))


ROLL = CryptRule(
    name="roll",
    player="seat",
    turn=None,
    fields={"card": CRYPT_PLACE, "value": Optional(FACE), "exhausted": Optional(Bool())},
    required=("card",),
    check=check_roll,
    effect=do_roll,
    describe=log.words_roll,
    closes_claim=True,
)


def roll_value_problems(move: Move) -> tuple[Violation, ...]:
    value, exhausted = move.get("value"), move.get("exhausted")
    if value is None and exhausted is None:  # the camera could not read the die
        return (refuse("die_unread.roll", region="roll"),)
    return ()


def roll_result(game, roll: Roll, move: Move) -> Roll:
    value = move.get("value")
    failed = value < roll.effort if value is not None else bool(move["exhausted"])
    return replace(roll, value=value, failed=failed)


def rolls_missing(game, state: CryptState) -> bool:
    return any(r.failed is None for r in state.rolls)


def reroll_options(game, state: CryptState) -> bool:
    """Could a player still flip an idol to re-roll an exhausted die (Idols A)?"""
    if box.side(game, state, "idols") != "A":
        return False
    return any(r.failed and unflipped(state, r.owner, "idols") for r in state.rolls)


# this group's move kinds, each declared right after its check and effect
RULES = (ROLL,)
