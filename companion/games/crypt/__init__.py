"""Crypt (皇家地窖): servants (dice) claim treasure cards; higher effort pushes rivals off.

A package laid out as the rulebook is: see game.py for which module holds what.
"""

from .camera import PIECE_KINDS, regions
from .game import Crypt
from .setup import OPTIONS
from .state import CryptState, Owned, Roll, Slot

# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
DECLARATIONS = Crypt.moves.declarations(OPTIONS, regions, PIECE_KINDS)

__all__ = ["Crypt", "CryptState", "DECLARATIONS", "Owned", "Roll", "Slot"]
