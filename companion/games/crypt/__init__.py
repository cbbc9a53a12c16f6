"""Crypt (皇家地窖): servants (dice) claim treasure cards; higher effort pushes rivals off.

A package laid out as the rulebook is: see game.py for which module holds what.
"""

from ...validation import Declarations
from . import claim, collect, collectors, endgame, ghost, reveal
from .game import Crypt
from .setup import OPTIONS, PIECE_KINDS, regions
from .state import CryptState, Owned, Roll, Slot

# Every move kind's fields, gathered from the modules that check and apply them.
DECLARATIONS = Declarations(
    moves={**reveal.MOVES, **claim.MOVES, **ghost.MOVES, **collect.MOVES, **collectors.MOVES,
           **endgame.MOVES},
    options=OPTIONS,
    regions=regions,
    piece_kinds=PIECE_KINDS,
)

__all__ = ["Crypt", "CryptState", "DECLARATIONS", "Owned", "Roll", "Slot"]
