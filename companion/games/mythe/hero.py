"""Moving the hero: after drawing, the points take the hero forward along the path; the
player puts the hero down on the one space the rules allow (`move` {to}, 0 = Village).
Moving while still allowed to draw also means "I stop drawing". Reaching the dragon with a
revealed legendary card wins the game.

Also here: the words that explain where the hero must stop (points, heroes jumped over,
the dragon, points lost), used by the other moves' refusals and the hints.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Text, Violation
from ...validation import Int
from ..moves import MoveRule
from .setup import path_spaces
from .state import (
    ADVENTURE,
    MOVE,
    OVER,
    SHARE,
    START,
    MytheState,
    Plan,
    occupied,
    plan,
    seat_name,
    space_label,
)
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


def move_instruction(game: "Mythe", state: MytheState) -> Text:
    return WORDS("move_to", where=space_label(game, plan(game, state).stop))


def explain(game: "Mythe", state: MytheState, route: Plan, with_points: bool = True) -> Text:
    """Why the hero stops where it does, in words a child can follow."""
    parts: list[Text] = []
    if with_points:
        parts.append(WORDS("explain.points", points=route.points, s=_s(route.points)))
    if route.passed:
        labels = [space_label(game, s) for s in route.passed]
        parts.append(
            WORDS(
                "explain.jump",
                spaces=Text(", ".join(t.en for t in labels), "、".join(t.zh for t in labels)),
            )
        )
    if route.reaches_dragon:
        parts.append(WORDS("explain.dragon_reached"))
    elif route.blocked_by_dragon:
        parts.append(WORDS("explain.dragon_blocked"))
        if route.lost:
            parts.append(WORDS("explain.lost", lost=route.lost, s_are=_s_are(route.lost)))
    elif route.lost:
        nxt = next(
            (
                s
                for s in range(route.stop + 1, game.dragon + 1)
                if not occupied(game, state, s, state.turn)
            ),
            None,
        )
        if nxt is not None:
            parts.append(
                WORDS(
                    "explain.next_cost",
                    cost=game.costs[nxt],
                    lost=route.lost,
                    s_are=_s_are(route.lost),
                    they_are="they are" if route.lost != 1 else "it is",
                )
            )
    return Text(" ".join(p.en for p in parts), "".join(p.zh for p in parts))


def stay_reason(game: "Mythe", state: MytheState, route: Plan) -> Text:
    """Why this turn's cards cannot move the hero at all (a sentence of its own)."""
    why = explain(game, state, route)
    why = Text(f"{why.en[:1].upper()}{why.en[1:]}", why.zh)
    return WORDS("cannot_move", why=why, here=space_label(game, route.start))


def _s(count: int) -> str:
    return "s" if count != 1 else ""


def _s_are(count: int) -> str:
    return "s are" if count != 1 else " is"


# -- move {to} -------------------------------------------------------------------------------------
def check_move(game: "Mythe", state: MytheState, move: Move) -> tuple[Violation, ...]:
    token = (game.hero_token[state.heroes[state.turn]].payload,)
    problem = _phase_problem(game, state, token)
    if problem:
        return (problem,)
    to = move["to"]  # a space of the path, as declared
    route = plan(game, state)
    if to == route.stop:
        if route.stop == route.start:
            return (_refuse_stay(game, state, route, token),)
        return ()
    return (_wrong_space(game, state, route, to, token),)


def _phase_problem(game: "Mythe", state: MytheState, token: tuple[str, ...]) -> Violation | None:
    """May the hero move at all in this phase of the turn?"""
    if state.phase == START:
        return WORDS.refusal("move_before_drawing", cards=token, region="path")
    if state.phase == SHARE and state.obstacle:
        return WORDS.refusal(
            "no_move_after_obstacle",
            here=space_label(game, state.positions[state.turn]),
            cards=token + (state.obstacle,),
            region="path",
        )
    if state.phase == SHARE and state.stayed:
        return _refuse_stay(game, state, plan(game, state), token)
    if state.phase != ADVENTURE and state.phase != MOVE:
        return WORDS.refusal("move_not_now", cards=token, region="path")
    return None


def _refuse_stay(
    game: "Mythe", state: MytheState, route: Plan, token: tuple[str, ...]
) -> Violation:
    return Violation("cannot_move", stay_reason(game, state, route), token, "path")


def _wrong_space(
    game: "Mythe", state: MytheState, route: Plan, to: int, token: tuple[str, ...]
) -> Violation:
    """The hero was put down somewhere other than where the points take it: say why."""
    right = space_label(game, route.stop)
    if to >= game.dragon and state.revealed is None:
        return WORDS.refusal("dragon_needs_legendary", right=right, cards=token, region="path")
    if to == game.cheese:
        return WORDS.refusal(
            "no_such_space", "no_standing_on_cheese", right=right, cards=token, region="path"
        )
    if to < route.start:
        return WORDS.refusal("move_backwards", right=right, cards=token, region="path")
    if occupied(game, state, to, state.turn):
        return WORDS.refusal(
            "space_taken", space=space_label(game, to), right=right, cards=token, region="path"
        )
    return WORDS.refusal(
        "wrong_space", why=explain(game, state, route), right=right, cards=token, region="path"
    )


def move_hero(game: "Mythe", state: MytheState, move: Move) -> MytheState:
    to = move["to"]
    positions = list(state.positions)
    positions[state.turn] = to
    state = replace(state, positions=tuple(positions), destination=to)
    if to == game.dragon:
        return replace(state, phase=OVER, winner=state.turn)
    return replace(state, phase=SHARE)


def say_move(game: "Mythe", state: MytheState, move: Move) -> Text | None:
    return WORDS(
        "log_move", name=seat_name(state, move.player), where=space_label(game, move["to"])
    )


MOVE_HERO = MoveRule(
    name="move",
    player="seat",
    turn="turn",
    fields={"to": Int(0, lambda c: path_spaces(c) - 1)},
    required=("to",),
    check=check_move,
    effect=move_hero,
    describe=say_move,
)

RULES = (MOVE_HERO,)
