"""Round scoring, the players' part: each player turns up the face-down cards their follower
took, and decides on each non-matching animal or building (score 10 now, or keep it).

Moves:
- ``reveal_face_down`` {row, position, card}: a claimed face-down card turned up.
- ``choose`` {row, position, option: "score" | "keep"}: what to do with a claimed
  non-matching animal or building.
When nothing is left to turn up or decide, the round is scored (scoring.py).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Str
from ..moves import MoveRule
from . import log, play, scoring, turns
from .setup import POSITION, ROW
from .state import BACK, CardcassonneState, Claim, find_claim, needs_choice, pending
from .words import refuse


# -- Checks and effects of the two scoring moves, side by side. -------------------------------
def check_claim(game, state: CardcassonneState, move: Move) -> tuple[Claim | None, tuple]:
    """The claim a scoring move names, if the phase, seat and place are right."""
    if state.phase != "scoring":
        return None, turns.wrong_phase(game, state)
    claim = find_claim(game, state, move.get("row"), move.get("position"))
    if claim is None:
        return None, (refuse("not_claimed", region=f"row-{move.get('row')}"),)
    if claim.seat != move.player:
        return None, (
            refuse("not_your_card", region=f"row-{claim.row}", owner=state.names[claim.seat]),
        )
    return claim, ()


def check_reveal_face_down(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    claim, problems = check_claim(game, state, move)
    if problems:
        return problems
    if claim.card is not None:
        return (
            refuse(
                "already_face_up",
                cards=(claim.card,),
                region=f"row-{claim.row}",
                payload=claim.card,
            ),
        )
    return play.check_card(game, state, move.get("card"))


def do_reveal_face_down(game, state: CardcassonneState, move: Move) -> CardcassonneState:
    claim = find_claim(game, state, move["row"], move["position"])
    state = replace(state, seen=state.seen | {move["card"]})
    return settle(game, state, claim, replace(claim, card=move["card"]))


def check_choose(game, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
    claim, problems = check_claim(game, state, move)
    if problems:
        return problems
    region = f"row-{claim.row}"
    if claim.card is None:
        return (refuse("reveal_first", cards=(BACK,), region=region),)
    if not needs_choice(game, claim) or claim.choice is not None:
        return (
            refuse(
                "no_choice_here",
                cards=(claim.card,),
                region=region,
                card=log.card_name(game, claim.card),
            ),
        )
    return ()


def do_choose(game, state: CardcassonneState, move: Move) -> CardcassonneState:
    claim = find_claim(game, state, move["row"], move["position"])
    return settle(game, state, claim, replace(claim, choice=move["option"]))


def settle(game, state: CardcassonneState, claim: Claim, updated: Claim) -> CardcassonneState:
    """The claim updated; the round is scored once nothing is left to turn up or decide."""
    state = replace(state, claims=tuple(updated if c == claim else c for c in state.claims))
    return scoring.score_round(game, state) if not pending(game, state) else state


RULES = (
    MoveRule(
        name="reveal_face_down",
        player="seat",
        fields={"row": ROW, "position": POSITION, "card": Str()},
        required=("row", "position", "card"),
        check=check_reveal_face_down,
        effect=do_reveal_face_down,
        describe=log.words_reveal_face_down,
    ),
    MoveRule(
        name="choose",
        player="seat",
        fields={"row": ROW, "position": POSITION, "option": Str(("score", "keep"))},
        required=("row", "position", "option"),
        check=check_choose,
        effect=do_choose,
        describe=log.words_choose,
    ),
)
