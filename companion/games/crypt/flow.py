"""Crypt's turn flow as one table, to read beside the rulebook's "A round"
(../shared/rules/crypt.md).

The way boardgame.io describes a game: a table of phases (`PHASES`), each saying what is
played in it, when it ends and what comes next, and one function, `settle`, run after every
effect, that moves the game on for as long as the phase it is in has ended. A move's effect
makes only its own change (dice on a card, a card flipped, a roll written down); what its
rule declares (rule.py) the flow does around it:

- `closes_claim`: the move comes after a claim the camera was gathering die by die; that
  claim is checked as a whole and placed first, and its turn passes;
- `ends_turn`: the move is a player's whole claim turn; the next seat acts after it.

    reveal ─(crypt dealt)─▶ claim ─(every turn taken)─▶ collect ─(dice rolled)─▶ reveal …
    … after the last round's collect: before_scoring ─▶ final_reveal ─▶ [tiebreak] ─▶ over
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from ...model import Move, Violation
from ..base import Game
from . import claim, collect, collectors, endgame, ghost, log, turns
from . import setup as box
from .rule import CryptRule
from .state import CryptState, is_ghost
from .words import refuse

Question = Callable[[Any, CryptState], bool]
Step = Callable[[Any, CryptState], CryptState]


@dataclass(frozen=True)
class Phase:
    rulebook: str  # what the rulebook calls this part of the game
    moves: tuple[str, ...]  # what is played in it (besides the collector flips of any time)
    ends: Question  # is the phase over?
    then: Step  # what comes next (the first state of the next phase)
    by_itself: Callable[[Any, CryptState], CryptState | None] = lambda game, state: None


# -- when each phase ends, and what comes next -------------------------------------------------
def crypt_dealt(game, state: CryptState) -> bool:
    return all(slot is not None for slot in state.row)


def start_claims(game, state: CryptState) -> CryptState:
    return replace(state, phase="claim", turn=0)


def every_turn_taken(game, state: CryptState) -> bool:
    return state.turn >= len(turns.turn_order(game, state))


def next_turn(state: CryptState) -> CryptState:
    return replace(state, turn=state.turn + 1, claims_started=True)


def ghost_passes(game, state: CryptState) -> CryptState | None:
    """A ghost with no die to roll on its Lights Out turn simply passes."""
    if is_ghost(state, turns.actor(game, state)) and ghost.ghost_dice_to_roll(game, state) == 0:
        return next_turn(replace(state, ghost_last=(), ghost_rolled=()))
    return None


def collect_treasures(game, state: CryptState) -> CryptState:
    """Cards to their claimants, dice waiting for their rolls; Idols B notes a second idol
    collected now as this round's, like one taken with Pottery B before the claims."""
    return collectors.idol_pairs(game, collect.start_collect(game, state))


def every_die_settled(game, state: CryptState) -> bool:
    """Every die rolled, and nobody could flip an idol to re-roll (else `end_collect`)."""
    return not collect.rolls_missing(game, state) and not collect.reroll_options(game, state)


def pass_torches(game, state: CryptState) -> CryptState:
    """Dice come back ready or exhausted, both torches pass to the left, the next round."""
    ready, exhausted = list(state.ready), list(state.exhausted)
    for r in state.rolls:
        if r.failed:
            exhausted[r.owner] += 1
        else:
            ready[r.owner] += 1
    # The next player clockwise leads and the old Leader takes Lights Out. With two seats
    # (solo: the human and the ghost) that is simply the other seat, so in solo the ghost
    # leads every other round.
    state = replace(
        state,
        ready=tuple(ready),
        exhausted=tuple(exhausted),
        rolls=(),
        row=(None,) * box.places(game, state),
        leader=(state.leader + 1) % state.seats,
        turn=0,
        round=state.round + 1,
        claims_started=False,
        ghost_pushed=0,
        ghost_last=(),
        ghost_rolled=(),
        pushes=(),
    )
    last = state.round >= box.setup_data(game, state.players).rounds
    return replace(state, phase="before_scoring" if last else "reveal")


def no_remains_to_flip(game, state: CryptState) -> bool:
    return not turns.remains_recoveries(game, state)


def show_collections(game, state: CryptState) -> CryptState:
    return replace(state, phase="final_reveal")


def every_card_known(game, state: CryptState) -> bool:
    return endgame.unknown_cards(game, state) == 0


def never(game, state: CryptState) -> bool:
    return False


def stays_over(game, state: CryptState) -> CryptState:
    return state


# fmt: off
PHASES = {
    "reveal": Phase(
        "1. Reveal: deal the face-up cards, then the face-down cards, into one row (the crypt)",
        ("deal",),
        ends=crypt_dealt, then=start_claims),
    "claim": Phase(
        "2. Claim: one turn each from the Leader clockwise, the Lights Out holder last (two "
        "seats: the torch holder again after the opponent). Before the first claim Pottery B "
        "may take a face-down card; the last turn (Lights Out) claims one card only",
        ("take", "claim", "recover", "place_die", "remove_die", "end_turn", "ghost_roll"),
        ends=every_turn_taken, then=collect_treasures, by_itself=ghost_passes),
    "collect": Phase(
        "3. Collect: unclaimed cards are discarded, owners take theirs and roll each die on "
        "them (Idols A may re-roll one); 4. pass the torch",
        ("roll", "reroll", "end_collect"),
        ends=every_die_settled, then=pass_torches),
    "before_scoring": Phase(
        "The end, after the last round's rolls: Remains A may still recover a die",
        ("recover_one", "score_game"),
        ends=no_remains_to_flip, then=show_collections),
    "final_reveal": Phase(
        "The end: every face-down collected card is shown",
        ("identify",),
        ends=every_card_known, then=endgame.final_score),
    "tiebreak": Phase(
        "Ties: each tied player rolls their ready dice; the highest total wins, re-roll ties",
        ("tiebreak_roll",),
        ends=endgame.every_tied_player_rolled, then=endgame.break_tie),
    "over": Phase("The game is over", (), ends=never, then=stays_over),
}
# fmt: on
ANY_TIME = ("peek", "recover_one", "identify")  # collector flips and naming a collected card


def settle(game, state: CryptState) -> CryptState:
    """Run after every effect: while the phase has ended, go on to what comes next; within
    it, play what the engine plays by itself (the ghost's empty turn)."""
    while True:
        phase = PHASES[state.phase]
        if phase.ends(game, state):
            state = phase.then(game, state)
            continue
        played = phase.by_itself(game, state)
        if played is None:
            return state
        state = played


# -- a move in the flow: a gathered claim closed first, the effect, the turn, settle ----------
def closes_claim(state: CryptState, rule: CryptRule, move: Move) -> bool:
    if not state.pending or not rule.closes_claim:
        return False
    return not (rule.gathers_claim and move.player == state.pending_player)


def close_claim(game, state: CryptState) -> CryptState:
    return settle(game, next_turn(claim.place_gathered(game, state)))


def check(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    """The move's own check, in the state it meets: a claim it closes placed first. The move
    passed the field checks of its kind (companion.validation): every field is there with
    its type and range, so a check only judges the rules."""
    rule = game.rule_for(move)
    if rule is not None and closes_claim(state, rule, move):
        problems = claim.gathered_problems(game, state)
        if problems:
            return problems
        state = close_claim(game, state)
    if rule is not None and state.phase == "over":
        return (refuse("game_over"),)
    return Game.check(game, state, move)  # the move kind's own check, from the MoveBook


def apply(game, state: CryptState, move: Move) -> CryptState:
    rule = game.moves[move.kind]
    if closes_claim(state, rule, move):
        state = close_claim(game, state)
    state = rule.effect(game, state, move)
    if rule.ends_turn:
        state = next_turn(state)
    return settle(game, state)


# -- the two moves whose whole meaning is that their phase is over (boardgame.io's endPhase) --
def end_phase(game, state: CryptState, move: Move) -> CryptState:
    return PHASES[state.phase].then(game, state)


def check_end_collect(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = turns.wrong_phase(game, state, "collect", "wrong_phase.end_collect")
    if problems:
        return problems
    if collect.rolls_missing(game, state):
        return (refuse("rolls_missing", region="roll"),)
    return ()


# nobody wants to flip an idol to re-roll (Idols A): the torches pass
END_COLLECT = CryptRule(
    name="end_collect",
    player="any",
    turn=None,
    check=check_end_collect,
    effect=end_phase,
    describe=log.words_end_collect,
)


def check_score_game(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    return turns.wrong_phase(game, state, "before_scoring", "wrong_phase.score_game")


# the table agrees the game is scored now (nobody flips Remains for a last die)
SCORE_GAME = CryptRule(
    name="score_game",
    player="any",
    turn=None,
    check=check_score_game,
    effect=end_phase,
    describe=log.words_score_game,
)
