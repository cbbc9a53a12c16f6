"""Questions about a round's turns: the turn order, the torches (Leader and Lights Out),
who may act now and whether it is their turn. Nothing here changes a state: how the turn
passes and the phases follow one another is the table in flow.py.

Claim turns start with the Leader, clockwise; the Lights Out holder acts last. With two
seats (solo: the player and the ghost) the torch holder takes a second turn after the
opponent.
"""

from __future__ import annotations

from ...model import Violation
from . import setup as box
from .state import CryptState, is_ghost, unflipped
from .words import refuse


# -- the turn order and the torches -----------------------------------------------------------
def turn_order(game, state: CryptState) -> tuple[int, ...]:
    lead = state.leader
    if state.seats == 2:  # the torch holder takes a second turn after the opponent
        return (lead, 1 - lead, lead)
    return tuple((lead + i) % state.seats for i in range(state.seats))


def lights_out(game, state: CryptState) -> int:
    return turn_order(game, state)[-1]


def actor(game, state: CryptState) -> int | None:
    """The seat whose claim turn it is (None outside the claim phase)."""
    if state.phase != "claim":
        return None
    return turn_order(game, state)[state.turn]


def last_turn(game, state: CryptState) -> bool:
    """The round's last claim turn: the Lights Out holder's, one card only."""
    return state.turn == len(turn_order(game, state)) - 1


# -- who may act now --------------------------------------------------------------------------
def current_players(game, state: CryptState) -> tuple[int, ...]:
    if state.phase == "claim":
        acting = actor(game, state)
        return (0,) if is_ghost(state, acting) else (acting,)
    if state.phase == "collect":
        owners = sorted({r.owner for r in state.rolls if r.failed is None})
        return tuple(owners) or tuple(range(state.players))
    if state.phase == "before_scoring":
        return remains_recoveries(game, state)
    if state.phase == "final_reveal":
        return tuple(
            s for s in range(state.players) if any(c.payload is None for c in state.collections[s])
        )
    if state.phase == "tiebreak":
        rolled = dict(state.tiebreak_rolls)
        return tuple(s for s in state.tied if s not in rolled)
    if state.phase == "reveal":
        return tuple(range(state.players))
    return ()


def remains_recoveries(game, state: CryptState) -> tuple[int, ...]:
    """Seats that could still flip Remains (side A) to recover an exhausted die."""
    if box.side(game, state, "remains") != "A":
        return ()
    need = int(game.data.collectors["remains_a_flip"])
    return tuple(
        seat
        for seat in range(state.players)
        if state.exhausted[seat] and len(unflipped(state, seat, "remains")) >= need
    )


def is_over(game, state: CryptState) -> bool:
    return state.phase == "over"


# -- may this seat act now? (each a refusal, or none; the seat is one of the game's, validated)
def wrong_phase(game, state: CryptState, wanted: str, key: str) -> tuple[Violation, ...]:
    if state.phase != wanted:
        return (refuse(key),)
    return ()


def turn_problem(game, state: CryptState, seat) -> tuple[Violation, ...]:
    problems = wrong_phase(game, state, "claim", "wrong_phase.claim")
    if problems:
        return problems
    acting = actor(game, state)
    if seat != acting:
        if is_ghost(state, acting):
            return (refuse("ghost_turn"),)
        return (refuse("not_your_turn", actor=state.names[acting], player=state.names[seat]),)
    return ()
