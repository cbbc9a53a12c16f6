"""Cardcassonne (卡卡頌卡牌版): cards laid in four colour rows, claimed by followers.

A package laid out as the rulebook is: see game.py for which module holds what.
"""

from .camera import regions
from .game import Cardcassonne
from .setup import OPTIONS
from .setup import load_data as _load_data
from .state import BACK, JOKERS, CardcassonneState, Claim, Holdings, Slot

# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
DECLARATIONS = Cardcassonne.moves.declarations(OPTIONS, regions)

__all__ = [
    "BACK",
    "Cardcassonne",
    "CardcassonneState",
    "Claim",
    "DECLARATIONS",
    "Holdings",
    "JOKERS",
    "Slot",
    "_load_data",
]
