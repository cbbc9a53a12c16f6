"""Turns and rounds: who acts now, the phase each move belongs to, and the end of a round.

The player left of the dealer starts; play goes clockwise. Each round every player plays
all hand cards and places the follower exactly once; the round ends when all hands are empty
and all followers are placed, and followers take their cards (round scoring, scoring.py).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ..moves import MoveRule
from . import scoring
from . import state as game_state
from .state import CardcassonneState, Claim, claims_now, free_follower_rows, pending
from .words import refuse, say


# -- The phase and turn checks every move shares, and moving play on. -------------------------
def is_over(game, state: CardcassonneState) -> bool:
    return state.phase == "over"


def current_players(game, state: CardcassonneState) -> tuple[int, ...]:
    if state.phase == "over":
        return ()
    if state.phase == "scoring":
        return tuple(sorted({c.seat for c in pending(game, state)}))
    return (state.dealer,) if state.phase == "setup" else (state.turn,)


def check_turn(game, state: CardcassonneState, move: Move, rule: MoveRule) -> tuple[Violation, ...]:
    """Only "the game is over" is shared: who may act depends on the phase, so each
    move kind checks the seat itself (the dealer at set-up, the owner of a claimed card)."""
    if state.phase == "over":
        return (refuse("game_over"),)
    return ()


def wrong_phase(game, state: CardcassonneState) -> tuple[Violation, ...]:
    return (refuse("not_now", now=say(f"now.{state.phase}")),)


def check_players_turn(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    """A card or a follower: during play, by the seat whose turn it is."""
    if state.phase != "play":
        return wrong_phase(game, state)
    if move.player != state.turn:
        return (
            refuse("out_of_turn", actor=state.names[state.turn], player=state.names[move.player]),
        )
    return ()


def can_act(game, state: CardcassonneState, seat: int) -> bool:
    if state.played[seat] < state.hand:
        return True
    return state.follower_row[seat] is None and bool(free_follower_rows(game, state))


def next_turn(game, state: CardcassonneState) -> CardcassonneState:
    # A player whose only action left is the follower, while every row's end holds a
    # follower already, waits until a card opens a place (5 players only; see notes).
    for step in range(1, state.players + 1):
        seat = (state.turn + step) % state.players
        if can_act(game, state, seat):
            return replace(state, turn=seat)
    return end_round(game, state)


def end_round(game, state: CardcassonneState) -> CardcassonneState:
    """Every hand is empty and every follower placed: followers take their cards."""
    claims = []
    for seat, colour, positions in sorted(claims_now(game, state)):
        row = game_state.row(game, state, colour)
        for position in positions:
            slot = row[position]
            claims.append(Claim(seat, colour, position, slot.card, slot.face_down))
    state = replace(state, phase="scoring", claims=tuple(claims))
    return scoring.score_round(game, state) if not pending(game, state) else state
