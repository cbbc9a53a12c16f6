"""A claim turn: put dice on crypt cards (push rivals off with more effort) or recover.

Moves:
- `claim` {placements: [{card, dice, effort}]}: a whole claim turn at once.
- `recover` {}: all your exhausted dice become ready (also "pass" when none are).
- `place_die` {die, card, effort}: the camera saw one die set on a card; dice of a turn
  gather as "pending" until `end_turn` or until the next player acts.
- `remove_die` {die}: a pending die was taken back.   `end_turn` {}: close the claim.

Each effect makes only its own change (dice on cards); the rule's properties (rule.py) say
the rest: a whole claim turn `ends_turn`, and a move after a gathered claim `closes_claim`.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Fields, Int, ListOf, Optional, Str
from . import log, turns
from .rule import CryptRule
from .setup import CRYPT_PLACE, FACE
from .state import CryptState, is_ghost
from .words import refuse

_DICE = Int(1, lambda c: c.game.data.dice_per_player)
_PLACEMENT = Fields(
    {"card": CRYPT_PLACE, "dice": _DICE, "effort": FACE}, required=("card", "dice", "effort")
)


# -- checks and effects of a claim turn, side by side -----------------------------------------
def check_claim(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = turns.turn_problem(game, state, move.player)
    if problems:
        return problems
    placements = [(p["card"], p["dice"], p["effort"]) for p in move["placements"]]
    return claim_problems(game, state, move.player, placements)


def do_claim(game, state: CryptState, move: Move) -> CryptState:
    placements = [(p["card"], p["dice"], p["effort"]) for p in move["placements"]]
    return place(game, state, move.player, placements)


CLAIM = CryptRule(
    name="claim",
    player="seat",
    turn=None,
    fields={"placements": ListOf(_PLACEMENT, 1, lambda c: c.game.data.dice_per_player)},
    required=("placements",),
    check=check_claim,
    effect=do_claim,
    describe=log.words_claim,
    closes_claim=True,
    ends_turn=True,
)


def claim_problems(
    game, state: CryptState, seat: int, placements: list[tuple[int, int, int]]
) -> tuple[Violation, ...]:
    name = state.names[seat]
    seen_cards: dict[int, int] = {}
    total_dice = 0
    for card, dice, effort in placements:
        problem = card_problem(game, state, card)
        if problem:
            return (problem,)
        if card in seen_cards:
            here = log.slot_name(game, state, card)
            return (refuse("mixed_effort.claim", region="crypt", here=here),)
        seen_cards[card] = effort
        total_dice += dice
    if total_dice > state.ready[seat]:
        return (
            refuse("not_enough_dice.claim", player=name, ready=state.ready[seat], dice=total_dice),
        )
    if turns.last_turn(game, state) and len(seen_cards) > 1:
        return (lights_out_violation(game, state, seat),)
    for card, dice, effort in placements:
        problem = push_problem(game, state, seat, card, dice * effort)
        if problem:
            return (problem,)
    return ()


def card_problem(game, state: CryptState, card: int) -> Violation | None:
    if state.row[card] is None:  # taken with Pottery B (a place of the row: validated)
        return refuse("no_such_card", region="crypt", card=card)
    return None


def lights_out_violation(game, state: CryptState, seat: int) -> Violation:
    return refuse("lights_out_one_card", ["CRLIGHTS"], "crypt", player=state.names[seat])


def push_problem(game, state: CryptState, seat: int, card: int, total: int) -> Violation | None:
    slot = state.row[card]
    here = log.slot_name(game, state, card)
    if slot.owner == seat:
        return refuse("own_card", [slot.payload], "crypt", player=state.names[seat], here=here)
    if slot.owner is not None and total <= slot.total:
        other = state.names[slot.owner]
        return refuse(
            "push_not_higher",
            [slot.payload],
            "crypt",
            here=here,
            total=total,
            other=other,
            beat=slot.total,
        )
    return None


def place(game, state: CryptState, seat: int, placements: list[tuple[int, int, int]]) -> CryptState:
    row, ready = list(state.row), list(state.ready)
    pushed_ghost = 0
    pushes = list(state.pushes)
    for card, dice, effort in placements:
        slot = row[card]
        if slot.owner is not None:
            ready[slot.owner] += slot.dice  # pushed off: back to the owner, ready
            pushes.append((card, seat, slot.owner, slot.dice, slot.total, dice * effort))
            if is_ghost(state, slot.owner):
                pushed_ghost += slot.dice
        row[card] = replace(slot, owner=seat, dice=dice, effort=effort)
        ready[seat] -= dice
    return replace(
        state,
        row=tuple(row),
        ready=tuple(ready),
        pushes=tuple(pushes),
        ghost_pushed=state.ghost_pushed + pushed_ghost,
    )


def check_recover(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    return turns.turn_problem(game, state, move.player)


def do_recover(game, state: CryptState, move: Move) -> CryptState:
    seat = move.player
    ready, exhausted = list(state.ready), list(state.exhausted)
    ready[seat] += exhausted[seat]
    exhausted[seat] = 0
    return replace(state, ready=tuple(ready), exhausted=tuple(exhausted))


RECOVER = CryptRule(
    name="recover",
    player="seat",
    turn=None,
    check=check_recover,
    effect=do_recover,
    describe=log.words_recover,
    closes_claim=True,
    ends_turn=True,
)


def check_place_die(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    seat = move.player
    problems = turns.turn_problem(game, state, seat)
    if problems:
        return problems
    die, card, effort = move["die"], move["card"], move.get("effort")
    problem = card_problem(game, state, card)
    if problem:
        return (problem,)
    if effort is None:
        return (refuse("die_unread.place_die", region="crypt"),)
    others = [p for p in state.pending if p[0] != die]
    if len(others) + 1 > state.ready[seat]:
        return (
            refuse("not_enough_dice.place_die", player=state.names[seat], ready=state.ready[seat]),
        )
    same_card = [p for p in others if p[1] == card]
    if any(p[2] != effort for p in same_card):
        here = log.slot_name(game, state, card)
        return (
            refuse("mixed_effort.place_die", region="crypt", here=here, others=same_card[0][2]),
        )
    if turns.last_turn(game, state) and len({p[1] for p in others} | {card}) > 1:
        return (lights_out_violation(game, state, seat),)
    # Reject at once only what no further die could fix.
    possible = (state.ready[seat] - len(others) + len(same_card)) * effort
    problem = push_problem(game, state, seat, card, possible)
    return (problem,) if problem else ()


def do_place_die(game, state: CryptState, move: Move) -> CryptState:
    pending = tuple(p for p in state.pending if p[0] != move["die"])
    pending += ((move["die"], move["card"], move["effort"]),)
    return replace(state, pending=pending, pending_player=move.player, claims_started=True)


PLACE_DIE = CryptRule(
    name="place_die",
    player="seat",
    turn=None,
    fields={"die": Str(), "card": CRYPT_PLACE, "effort": Optional(FACE)},
    required=("die", "card"),
    check=check_place_die,
    effect=do_place_die,
    describe=log.words_place_die,
    closes_claim=True,  # another player's gathered claim
    gathers_claim=True,
)


def check_remove_die(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    if not any(p[0] == move["die"] for p in state.pending):
        return (refuse("no_such_die"),)
    return ()


def do_remove_die(game, state: CryptState, move: Move) -> CryptState:
    pending = tuple(p for p in state.pending if p[0] != move["die"])
    return replace(state, pending=pending, pending_player=state.pending_player if pending else None)


REMOVE_DIE = CryptRule(
    name="remove_die",
    player="seat",
    turn=None,
    fields={"die": Str()},
    required=("die",),
    check=check_remove_die,
    effect=do_remove_die,
    describe=log.words_remove_die,
)


def pending_placements(game, state: CryptState) -> list[tuple[int, int, int]]:
    by_card: dict[int, list[int]] = {}
    for _, card, effort in state.pending:
        by_card.setdefault(card, []).append(effort)
    return [(card, len(e), e[0]) for card, e in sorted(by_card.items())]


def gathered_problems(game, state: CryptState) -> tuple[Violation, ...]:
    """What is wrong with the claim gathered die by die, checked as one claim turn."""
    if not state.pending:
        return (refuse("nothing_placed"),)
    return claim_problems(game, state, state.pending_player, pending_placements(game, state))


def place_gathered(game, state: CryptState) -> CryptState:
    """The gathered dice placed as one claim (pushing rivals off), and nothing left pending."""
    placements = pending_placements(game, state)
    seat = state.pending_player
    state = replace(state, pending=(), pending_player=None)
    return place(game, state, seat, placements)


def check_end_turn(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    if state.pending and move.player not in (None, state.pending_player):
        return (refuse("not_your_turn.end_turn", player=state.names[state.pending_player]),)
    return gathered_problems(game, state)


def do_end_turn(game, state: CryptState, move: Move) -> CryptState:
    return place_gathered(game, state)


END_TURN = CryptRule(
    name="end_turn",
    player="any",
    turn=None,
    check=check_end_turn,
    effect=do_end_turn,
    describe=log.words_end_turn,
    ends_turn=True,
)


# this group's move kinds, each declared right after its check and effect
RULES = (CLAIM, RECOVER, PLACE_DIE, REMOVE_DIE, END_TURN)
