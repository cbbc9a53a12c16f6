"""A Crypt move kind: a `MoveRule` (companion/games/moves.py) that also says how the move
meets the turn flow. flow.py reads these properties; each move's module sets them where the
move is declared, so what a move does to the turn is read beside its check and effect."""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import MoveRule


@dataclass(frozen=True, kw_only=True)
class CryptRule(MoveRule):
    # The move comes after a claim turn the camera was gathering die by die: that claim is
    # checked as a whole and placed (and its turn passes) before this move is checked.
    closes_claim: bool = False
    # One die of a claim being gathered: it joins its own player's claim, and closes only
    # another player's (with `closes_claim`).
    gathers_claim: bool = False
    # The move is a player's whole claim turn: the next seat in turn order acts after it.
    ends_turn: bool = False
