"""The end of the game: every collected card shown, the final score, ties broken.

Moves: `identify` {card}: say which card a face-down collected card is;
`tiebreak_roll` {values}: a tied player's roll of their ready dice.
When each step of the end is over is the table in flow.py; the steps themselves are here.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Str
from . import log, reveal, scoring, turns
from . import setup as box
from .rule import CryptRule
from .setup import ROLLS
from .state import CryptState
from .words import refuse


# -- checks and effects of the end of the game, side by side ----------------------------------
def check_identify(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    payload = move["card"]
    if payload not in game.treasures:
        return (refuse("unknown_card", [str(payload)], payload=payload),)
    kind = box.ttype(game, payload)
    if not any(c.payload is None and c.type == kind for c in state.collections[move.player]):
        t = log.type_name(game, kind)
        return (refuse("nothing_to_identify", [payload], player=state.names[move.player], kind=t),)
    return reveal.identity_problems(game, state, payload, dealt=False)


def do_identify(game, state: CryptState, move: Move) -> CryptState:
    payload = move["card"]
    kind = box.ttype(game, payload)
    coll = list(state.collections[move.player])
    index = next(i for i, c in enumerate(coll) if c.payload is None and c.type == kind)
    coll[index] = replace(coll[index], payload=payload)
    collections = list(state.collections)
    collections[move.player] = tuple(coll)
    return replace(state, collections=tuple(collections), seen=state.seen | {payload})


IDENTIFY = CryptRule(
    name="identify",
    player="seat",
    turn=None,
    fields={"card": Str()},
    required=("card",),
    check=check_identify,
    effect=do_identify,
    describe=log.words_identify,
)


def unknown_cards(game, state: CryptState) -> int:
    return sum(
        1 for seat in range(state.players) for c in state.collections[seat] if c.payload is None
    )


def final_score(game, state: CryptState) -> CryptState:
    """Every card known: the game is over, unless the best total is tied between players
    who have ready dice to roll."""
    if state.players == 1:
        return replace(state, phase="over")
    totals = {s.members[0]: s.total for s in scoring.score(game, state)}
    best = max(totals.values())
    tied = tuple(s for s, t in totals.items() if t == best)
    if len(tied) == 1 or all(state.ready[s] == 0 for s in tied):
        return replace(state, phase="over", tied=tied if len(tied) > 1 else ())
    return without_dice_rolls_nothing(game, replace(state, phase="tiebreak", tied=tied))


def check_tiebreak_roll(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = turns.wrong_phase(game, state, "tiebreak", "wrong_phase.tiebreak_roll")
    if problems:
        return problems
    if move.player not in state.tied or move.player in dict(state.tiebreak_rolls):
        return (refuse("not_tied", player=state.names[move.player]),)
    values, need = move["values"], state.ready[move.player]
    if len(values) != need:  # each value a die's face: validated
        return (refuse("bad_roll.tiebreak_roll", need=need),)
    return ()


def do_tiebreak_roll(game, state: CryptState, move: Move) -> CryptState:
    rolls = dict(state.tiebreak_rolls)
    rolls[move.player] = sum(move["values"])
    return replace(state, tiebreak_rolls=tuple(sorted(rolls.items())))


TIEBREAK_ROLL = CryptRule(
    name="tiebreak_roll",
    player="seat",
    turn=None,
    fields={"values": ROLLS},
    required=("values",),
    check=check_tiebreak_roll,
    effect=do_tiebreak_roll,
    describe=log.words_tiebreak_roll,
)


def without_dice_rolls_nothing(game, state: CryptState) -> CryptState:
    """A tied player without ready dice rolls nothing: their total is 0."""
    rolls = dict(state.tiebreak_rolls)
    for seat in state.tied:
        if state.ready[seat] == 0 and seat not in rolls:
            rolls[seat] = 0
    return replace(state, tiebreak_rolls=tuple(sorted(rolls.items())))


def every_tied_player_rolled(game, state: CryptState) -> bool:
    return set(dict(state.tiebreak_rolls)) == set(state.tied)


def break_tie(game, state: CryptState) -> CryptState:
    """The highest roll wins; tied again, those players roll again (up to a limit, data)."""
    rolls = dict(state.tiebreak_rolls)
    history = state.tiebreak_history + (state.tiebreak_rolls,)
    best = max(rolls.values())
    top = tuple(s for s in state.tied if rolls[s] == best)
    state = replace(state, tiebreak_history=history, tiebreak_rolls=())
    if len(top) == 1 or len(history) >= game.data.tiebreak_max_rolls or best == 0:
        return replace(state, phase="over", tiebreak_winners=top)
    return without_dice_rolls_nothing(game, replace(state, tied=top))


# this group's move kinds, each declared right after its check and effect
RULES = (IDENTIFY, TIEBREAK_ROLL)
