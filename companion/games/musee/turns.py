"""Musée turn order: clockwise, skipping players who have stopped, until nobody can play.

A player stops for good when they declared they cannot play, their museum is full or their
hand is empty. In the 4-player team game a partner may play in place of the player whose turn
it is, but only while the last cards (one per team) are still to be drawn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Violation
from ..moves import MoveRule
from .state import MuseeState, museum_full, museum_of, partner
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


def is_stopped(state: MuseeState, seat: int) -> bool:
    """A seat stops when it declared it cannot play, its museum is full, or its hand is empty."""
    return (
        seat in state.declared
        or museum_full(state.museums[museum_of(state, seat)])
        or state.hands[seat] == 0
    )


def partner_may_play(game: "Musee", state: MuseeState) -> bool:
    limit = game._setup_data(state.players).partner_may_play_at
    mate = partner(state, state.turn)
    # Only while the last cards (one per team) are still to be drawn: not earlier, and
    # not once the deck has run out.
    return (
        limit is not None
        and mate is not None
        and 0 < state.deck <= limit
        and not is_stopped(state, mate)
    )


def current_players(game: "Musee", state: MuseeState) -> tuple[int, ...]:
    if state.finished:
        return ()
    seats = [state.turn]
    if partner_may_play(game, state):
        seats.append(partner(state, state.turn))
    return tuple(seats)


def advance(state: MuseeState) -> MuseeState:
    """Pass the turn clockwise to the next player who can still play; the game ends when
    nobody can."""
    for step in range(1, state.players + 1):
        seat = (state.turn + step) % state.players
        if not is_stopped(state, seat):
            return replace(state, turn=seat)
    return replace(state, finished=True)


def check_turn(
    game: "Musee", state: MuseeState, move: Move, rule: MoveRule
) -> tuple[Violation, ...]:
    """May `move.player` act now? A move whose rule says turn="current" lets the partner
    stand in when the rules allow it; turn="turn" is for the player whose turn it is only."""
    seat = move.player
    if state.finished:
        return (WORDS.refusal("game_over"),)
    name = state.names[seat]
    if seat in state.declared:
        return (WORDS.refusal("player_stopped", name=name),)
    if seat == state.turn:
        return ()
    turn = state.names[state.turn]
    if seat == partner(state, state.turn):
        if rule.turn == "current" and partner_may_play(game, state):
            return ()
        limit = game._setup_data(state.players).partner_may_play_at
        return (
            WORDS.refusal(
                "out_of_turn",
                "out_of_turn_partner",
                name=name,
                turn=turn,
                limit=limit,
                deck=state.deck,
            ),
        )
    return (WORDS.refusal("out_of_turn", name=name, turn=turn),)
