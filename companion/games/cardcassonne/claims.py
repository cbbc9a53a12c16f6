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
from .log import Words
from .setup import POSITION, ROW
from .state import BACK, CardcassonneState, Claim
from .words import refuse


class ClaimedCards:
    """Checks and effects of the two scoring moves, side by side."""

    def _check_claim(self, state: CardcassonneState, move: Move) -> tuple[Claim | None, tuple]:
        """The claim a scoring move names, if the phase, seat and place are right."""
        if state.phase != "scoring":
            return None, self._wrong_phase(state)
        problems = self._check_seat(state, move.player)
        if problems:
            return None, problems
        claim = self.find_claim(state, move.get("row"), move.get("position"))
        if claim is None:
            return None, (refuse("not_claimed", region=f"row-{move.get('row')}"),)
        if claim.seat != move.player:
            return None, (refuse("not_your_card", region=f"row-{claim.row}",
                                 owner=state.names[claim.seat]),)
        return claim, ()

    def _check_reveal_face_down(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        claim, problems = self._check_claim(state, move)
        if problems:
            return problems
        if claim.card is not None:
            return (refuse("already_face_up", cards=(claim.card,), region=f"row-{claim.row}",
                           payload=claim.card),)
        return self._check_card(state, move.get("card"))

    def _do_reveal_face_down(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        claim = self.find_claim(state, move["row"], move["position"])
        state = replace(state, seen=state.seen | {move["card"]})
        return self._settle(state, claim, replace(claim, card=move["card"]))

    def _check_choose(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        claim, problems = self._check_claim(state, move)
        if problems:
            return problems
        region = f"row-{claim.row}"
        if claim.card is None:
            return (refuse("reveal_first", cards=(BACK,), region=region),)
        if not self.needs_choice(claim) or claim.choice is not None:
            return (refuse("no_choice_here", cards=(claim.card,), region=region,
                           card=self.card_name(claim.card)),)
        if move.get("option") not in ("score", "keep"):
            return (refuse("bad_option", cards=(claim.card,), region=region),)
        return ()

    def _do_choose(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        claim = self.find_claim(state, move["row"], move["position"])
        return self._settle(state, claim, replace(claim, choice=move["option"]))

    def _settle(self, state: CardcassonneState, claim: Claim, updated: Claim) -> CardcassonneState:
        """The claim updated; the round is scored once nothing is left to turn up or decide."""
        state = replace(state, claims=tuple(updated if c == claim else c for c in state.claims))
        return self._score_round(state) if not self.pending(state) else state


RULES = (
    MoveRule(name="reveal_face_down", player="seat",
             fields={"row": ROW, "position": POSITION, "card": Str()},
             required=("row", "position", "card"), check=ClaimedCards._check_reveal_face_down,
             effect=ClaimedCards._do_reveal_face_down, describe=Words._words_reveal_face_down),
    MoveRule(name="choose", player="seat",
             fields={"row": ROW, "position": POSITION, "option": Str(("score", "keep"))},
             required=("row", "position", "option"), check=ClaimedCards._check_choose,
             effect=ClaimedCards._do_choose, describe=Words._words_choose),
)
