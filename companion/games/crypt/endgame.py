"""The end of the game: the last Remains flips, every collected card shown, ties broken.

Moves: `score_game` {}: the table agrees the game is scored now;
`identify` {card}: say which card a face-down collected card is;
`tiebreak_roll` {values}: a tied player's roll of their ready dice.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Str
from ..moves import MoveRule
from . import log, reveal, scoring, turns
from . import setup as box
from .setup import ROLLS
from .state import FACES, CryptState
from .words import refuse


# -- checks and effects of the end of the game, side by side ----------------------------------
def check_score_game(game, state: CryptState, move: Move) -> list[Violation]:
    return turns.wrong_phase(game, state, "before_scoring", "wrong_phase.score_game")


def do_score_game(game, state: CryptState, move: Move) -> CryptState:
    return finish_game(game, state)


# the table agrees the game is scored now
SCORE_GAME = MoveRule(
    name="score_game",
    player="any",
    turn=None,
    check=check_score_game,
    effect=do_score_game,
    describe=log.words_score_game,
)


def check_identify(game, state: CryptState, move: Move) -> list[Violation]:
    problems = turns.seat_problem(game, state, move.player)
    if problems:
        return problems
    payload = move["card"]
    if payload not in game.treasures:
        return [refuse("unknown_card", [str(payload)], payload=payload)]
    kind = box.ttype(game, payload)
    if not any(c.payload is None and c.type == kind for c in state.collections[move.player]):
        t = log.type_name(game, kind)
        return [refuse("nothing_to_identify", [payload], player=state.names[move.player], kind=t)]
    return reveal.identity_problems(game, state, payload, dealt=False)


def do_identify(game, state: CryptState, move: Move) -> CryptState:
    payload = move["card"]
    kind = box.ttype(game, payload)
    coll = list(state.collections[move.player])
    index = next(i for i, c in enumerate(coll) if c.payload is None and c.type == kind)
    coll[index] = replace(coll[index], payload=payload)
    collections = list(state.collections)
    collections[move.player] = tuple(coll)
    state = replace(state, collections=tuple(collections), seen=state.seen | {payload})
    if state.phase == "final_reveal":
        return finish_game(game, state)
    return state


IDENTIFY = MoveRule(
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


def finish_game(game, state: CryptState) -> CryptState:
    if unknown_cards(game, state):
        return replace(state, phase="final_reveal")
    if state.players == 1:
        return replace(state, phase="over")
    totals = {s.members[0]: s.total for s in scoring.score(game, state)}
    best = max(totals.values())
    tied = tuple(s for s, t in totals.items() if t == best)
    if len(tied) == 1 or all(state.ready[s] == 0 for s in tied):
        return replace(state, phase="over", tied=tied if len(tied) > 1 else ())
    return auto_zero_rolls(game, replace(state, phase="tiebreak", tied=tied))


def check_tiebreak_roll(game, state: CryptState, move: Move) -> list[Violation]:
    problems = turns.seat_problem(game, state, move.player) or turns.wrong_phase(
        game, state, "tiebreak", "wrong_phase.tiebreak_roll"
    )
    if problems:
        return problems
    if move.player not in state.tied or move.player in dict(state.tiebreak_rolls):
        return [refuse("not_tied", player=state.names[move.player])]
    values, need = move["values"], state.ready[move.player]
    if (
        not isinstance(values, (list, tuple))
        or len(values) != need
        or any(v not in FACES or isinstance(v, bool) for v in values)
    ):
        return [refuse("bad_roll.tiebreak_roll", need=need)]
    return []


def do_tiebreak_roll(game, state: CryptState, move: Move) -> CryptState:
    rolls = dict(state.tiebreak_rolls)
    rolls[move.player] = sum(move["values"])
    return settle_tiebreak(game, replace(state, tiebreak_rolls=tuple(sorted(rolls.items()))))


TIEBREAK_ROLL = MoveRule(
    name="tiebreak_roll",
    player="seat",
    turn=None,
    fields={"values": ROLLS},
    required=("values",),
    check=check_tiebreak_roll,
    effect=do_tiebreak_roll,
    describe=log.words_tiebreak_roll,
)


def auto_zero_rolls(game, state: CryptState) -> CryptState:
    """A tied player without ready dice rolls nothing: their total is 0."""
    rolls = dict(state.tiebreak_rolls)
    for seat in state.tied:
        if state.ready[seat] == 0 and seat not in rolls:
            rolls[seat] = 0
    state = replace(state, tiebreak_rolls=tuple(sorted(rolls.items())))
    return settle_tiebreak(game, state)


def settle_tiebreak(game, state: CryptState) -> CryptState:
    rolls = dict(state.tiebreak_rolls)
    if set(rolls) != set(state.tied):
        return state
    history = state.tiebreak_history + (state.tiebreak_rolls,)
    best = max(rolls.values())
    top = tuple(s for s in state.tied if rolls[s] == best)
    state = replace(state, tiebreak_history=history, tiebreak_rolls=())
    if len(top) == 1 or len(history) >= game.data.tiebreak_max_rolls or best == 0:
        return replace(state, phase="over", tiebreak_winners=top)
    return auto_zero_rolls(game, replace(state, tied=top))


# this group's move kinds, each declared right after its check and effect
RULES = (SCORE_GAME, IDENTIFY, TIEBREAK_ROLL)
