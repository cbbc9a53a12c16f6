"""Masterpiece (曠世鉅作): a ring of spaces, painting auctions and hidden values; the companion
is the banker and the auction referee.

A package laid out as the rulebook is: see game.py for which module holds what.
"""

from .camera import regions
from .game import Masterpiece
from .setup import OPTIONS, PIECE_KINDS
from .state import Auction, Draw, Holding, LedgerEntry, MasterpieceState, Notice
from .words import money

# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
DECLARATIONS = Masterpiece.moves.declarations(OPTIONS, regions, PIECE_KINDS)

__all__ = [
    "Auction",
    "DECLARATIONS",
    "Draw",
    "Holding",
    "LedgerEntry",
    "Masterpiece",
    "MasterpieceState",
    "Notice",
    "money",
]
