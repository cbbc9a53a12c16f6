"""Turn order and phases in Mythe: one seat acts at a time, through the phases of its turn
(reveal, draw, stop, move, share); beating the dragon ends the game.

A turn: at the START a legendary card may be revealed; drawing cards is the ADVENTURE; after
stopping the hero must MOVE; then, or straight after an obstacle, the player may SHARE cards,
and sharing passes the turn on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Violation
from ..moves import MoveRule
from .state import OVER, START, MytheState
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def is_over(game: "Mythe", state: MytheState) -> bool:
    return state.phase == OVER


def current_players(game: "Mythe", state: MytheState) -> tuple[int, ...]:
    return () if state.phase == OVER else (state.turn,)


def check_turn(
    game: "Mythe", state: MytheState, move: Move, rule: MoveRule
) -> tuple[Violation, ...]:
    """Only the active seat acts. The refusal names whose turn it is, and a hero put down out
    of turn is asked back to its space."""
    if state.phase == OVER:
        return (WORDS.refusal("game_over", winner=state.names[state.winner]),)
    seat = move.player
    if seat == state.turn:
        return ()
    current, player = state.names[state.turn], state.names[seat]
    if move.kind == "move":
        return (
            WORDS.refusal(
                "out_of_turn",
                "out_of_turn_hero",
                current=current,
                player=player,
                cards=(game.hero_token[state.heroes[seat]].payload,),
                region="path",
            ),
        )
    return (WORDS.refusal("out_of_turn", current=current, player=player),)


def pass_turn(
    game: "Mythe", state: MytheState, hands: tuple[int, ...], dummy: int | None
) -> MytheState:
    """After sharing: the next seat round the table starts a fresh turn."""
    return replace(
        state,
        hands=hands,
        dummy=dummy,
        turn=(state.turn + 1) % state.players,
        turn_number=state.turn_number + 1,
        phase=START,
        draws=(),
        revealed=None,
        obstacle=None,
        destination=None,
        stayed=False,
    )
