"""The solo ghost: an extra seat the engine plays from the dice the player rolls for it.

The ghost's dice join into groups of equal faces, best total first; each group goes on the
best card it can take (by value, a face-down card counting as data `face_down_value`, ties
in deal order). On its Lights Out turn it re-rolls only the dice that were pushed off and
places only its best group. Move `ghost_roll` {values}: the ghost's dice as rolled.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ...model import Move, Violation
from . import claim, log, turns
from . import setup as box
from .rule import CryptRule
from .setup import ROLLS
from .state import CryptState, is_ghost
from .words import refuse


# -- how the ghost plays, and the check and effect of `ghost_roll` ----------------------------
def ghost_dice_to_roll(game, state: CryptState) -> int:
    if state.phase != "claim" or not is_ghost(state, turns.actor(game, state) or 0):
        return 0
    if turns.last_turn(game, state) and state.turn > 0:
        return state.ghost_pushed  # the Lights Out turn re-rolls only pushed-off dice
    return state.ready[1]


def check_ghost_roll(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    if state.players != 1:
        return (refuse("not_solo"),)
    if state.phase != "claim" or not is_ghost(state, turns.actor(game, state)):
        return (refuse("not_ghost_turn"),)
    values = move["values"]
    need = ghost_dice_to_roll(game, state)
    if len(values) != need:  # each value a die's face: validated
        return (refuse("bad_roll.ghost_roll", need=need),)
    return ()


def do_ghost_roll(game, state: CryptState, move: Move) -> CryptState:
    values = tuple(move["values"])
    plan = ghost_plan(game, state, values)
    state = claim.place(game, state, 1, plan)
    return replace(state, ghost_last=tuple(plan), ghost_rolled=values)


GHOST_ROLL = CryptRule(
    name="ghost_roll",
    player="none",
    turn=None,
    fields={"values": ROLLS},
    required=("values",),
    check=check_ghost_roll,
    effect=do_ghost_roll,
    describe=log.words_ghost_roll,
    closes_claim=True,
    ends_turn=True,
)


def ghost_ranking(game, state: CryptState) -> list[int]:
    """Crypt cards best first: by value (face down counts 2.5), ties in deal order."""
    worth = game.data.solo.face_down_value
    cards = [i for i, s in enumerate(state.row) if s is not None]
    return sorted(
        cards,
        key=lambda i: (
            -(box.value(game, state.row[i].payload) if state.row[i].payload else worth),
            i,
        ),
    )


def ghost_groups(values: Iterable[int]) -> list[tuple[int, int]]:
    """Equal dice join: (count, face), highest total first, a pair before a single."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sorted(((c, f) for f, c in counts.items()), key=lambda g: (-g[0] * g[1], -g[0]))


def ghost_plan(game, state: CryptState, values: Iterable[int]) -> list[tuple[int, int, int]]:
    groups = ghost_groups(values)
    if turns.last_turn(game, state) and state.turn > 0:
        groups = groups[:1]  # Lights Out: only the best group
    taken: set[int] = set()
    plan = []
    for count, face in groups:
        for card in ghost_ranking(game, state):
            slot = state.row[card]
            if card in taken or slot.owner == 1:
                continue
            if slot.owner is None or count * face > slot.total:
                plan.append((card, count, face))
                taken.add(card)
                break
    return plan


# this group's move kinds, each declared right after its check and effect
RULES = (GHOST_ROLL,)
