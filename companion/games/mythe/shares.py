"""Sharing cards at the end of a turn (`share`): the drawn cards go into the hand, then the
player may give cards face down to the others (`give` {seat or "dummy": count}), or the
table confirms every hand's count afterwards (`hands` [count per seat], `dummy` count).
Everyone keeps at least one card; the turn then passes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...model import Move, Text, Violation
from ...validation import MapOf, Str
from ..moves import MoveRule
from .hero import move_instruction
from .setup import CARDS, HANDS
from .state import (
    ADVENTURE,
    DUMMY,
    MOVE,
    START,
    MytheState,
    hand_name,
    plan,
    seat_name,
    unattributed,
)
from .turns import pass_turn
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe

Hands = tuple[tuple[int, ...], "int | None"]


def check_share(game: "Mythe", state: MytheState, move: Move) -> tuple[Violation, ...]:
    if state.phase == START:
        return (WORDS.refusal("share_before_drawing"),)
    if state.phase in (ADVENTURE, MOVE):
        route = plan(game, state)
        if route.stop != route.start:
            return (
                WORDS.refusal(
                    "must_move_first", instruction=move_instruction(game, state), region="path"
                ),
            )
    result = final_hands(game, state, move)
    if isinstance(result, Violation):
        return (result,)
    problem = _hands_problem(state, *result)
    return (problem,) if problem else ()


def _hands_problem(
    state: MytheState, hands: tuple[int, ...], dummy: int | None
) -> Violation | None:
    """Everyone keeps a card, and the variant gives away only this turn's cards."""
    seat = state.turn
    if hands[seat] == 0:
        return WORDS.refusal("share_empty_hand", "share_keep_own")
    empty = [s for s, h in enumerate(hands) if h == 0]
    if empty:
        return WORDS.refusal("share_empty_hand", who=", ".join(state.names[s] for s in empty))
    gave = state.hands[seat] + len(state.draws) - hands[seat]
    drawn = len(state.draws)
    if state.share_only_drawn and gave > drawn:
        return WORDS.refusal(
            "share_only_drawn", drawn=drawn, s="s" if drawn != 1 else "", gave=gave
        )
    return None


def final_hands(game: "Mythe", state: MytheState, move: Move) -> "Hands | Violation":
    """Hand counts after sharing, or the violation explaining why they are impossible."""
    seat = state.turn
    merged = state.hands[seat] + len(state.draws)  # drawn cards go into the hand first
    hands = list(state.hands)
    hands[seat] = merged
    dummy = state.dummy
    if "hands" in move.params:
        return _confirmed_hands(game, state, move, hands, dummy)
    give = move.get("give") or {}
    if unattributed(game, state):  # unknown sources: only confirmed counts tell the hands
        return WORDS.refusal("share_needs_hand_counts")
    for target, count in give.items():
        problem = _gift_problem(state, target, dummy)
        if problem:
            return problem
        if target == DUMMY:
            dummy += count
        else:
            hands[int(target)] += count
        hands[seat] -= count
    if hands[seat] < 0:
        return WORDS.refusal("share_bad_count", "share_too_many", held=merged)
    return tuple(hands), dummy


def _gift_problem(state: MytheState, target: str, dummy: int | None) -> Violation | None:
    """A gift goes to another seat, or to the extra deck of a game that has one (the keys are
    a seat's number or "dummy", as declared)."""
    if target == DUMMY:
        return None if dummy is not None else WORDS.refusal("share_bad_target", target=target)
    if int(target) == state.turn:
        return WORDS.refusal("share_to_yourself")
    return None


def _confirmed_hands(
    game: "Mythe", state: MytheState, move: Move, merged_hands: list[int], dummy: int | None
) -> "Hands | Violation":
    """The counts the table confirmed after sharing: possible only if they add up and
    nobody's hand shrank below what this turn's draws could have taken."""
    seat = state.turn
    given = move["hands"]  # a count for every seat, as declared
    new_dummy = dummy if dummy is None else move.get("dummy", dummy)
    total = len(game.deck(state.players))
    counted = sum(given) + (new_dummy or 0)
    if counted != total:
        return WORDS.refusal("share_counts_dont_add_up", counted=counted, total=total)
    unknown = unattributed(game, state)
    lowest = [max(0, h - unknown) if s != seat else 0 for s, h in enumerate(merged_hands)]
    if (
        given[seat] > merged_hands[seat]
        or any(given[s] < lowest[s] for s in range(state.players))
        or (new_dummy is not None and new_dummy < max(0, dummy - unknown))
    ):
        return WORDS.refusal("share_cannot_take")
    return tuple(given), new_dummy


def share(game: "Mythe", state: MytheState, move: Move) -> MytheState:
    # an effect runs only on a move its check passed: the counts are possible
    hands, dummy = cast("Hands", final_hands(game, state, move))
    return pass_turn(game, state, hands, dummy)


# -- the log ---------------------------------------------------------------------------------------
def say_share(game: "Mythe", state: MytheState, move: Move) -> Text | None:
    name = seat_name(state, move.player)
    if "hands" in move.params:  # the counts the table confirmed after sharing
        return _say_counts(state, move, name)
    give = move.get("give") or {}
    gifts: list[Text] = []
    for target, count in give.items():
        hand = hand_name(state, target)
        if count:
            key = "log_give_dummy" if target == DUMMY else "log_give_player"
            gifts.append(WORDS(key, count=count, s="s" if count != 1 else "", hand=hand))
    if not gifts:
        return WORDS("log_keep_all", name=name)
    return WORDS(
        "log_give",
        name=name,
        gifts=Text(" and ".join(g.en for g in gifts), "、".join(g.zh for g in gifts)),
    )


def _say_counts(state: MytheState, move: Move, name: str) -> Text:
    hands, dummy = move["hands"], move.get("dummy")
    counts = [WORDS("log_count", who=state.names[s], count=n) for s, n in enumerate(hands)]
    if dummy is not None:
        counts.append(WORDS("log_count_dummy", count=dummy))
    return WORDS(
        "log_share_counts",
        name=name,
        counts=Text(", ".join(c.en for c in counts), "、".join(c.zh for c in counts)),
    )


def _share_targets(ctx) -> tuple[str, ...]:
    return tuple(str(seat) for seat in range(ctx.players)) + (DUMMY,)


SHARE = MoveRule(
    name="share",
    player="seat",
    turn="turn",
    fields={"give": MapOf(Str(_share_targets), CARDS, 16), "hands": HANDS, "dummy": CARDS},
    check=check_share,
    effect=share,
    describe=say_share,
)

RULES = (SHARE,)
