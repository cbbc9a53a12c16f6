"""Musée (私藏美術館): paintings placed in rising order in a three-gallery museum.

Rules: /work/shared/rules/musee.md. Every number the rules mark (data) comes from
companion/data/games/musee.json. The package is organised as the rulebook is:

    state.py    where a game stands (museums, staircases, hands, deck, turn)
    view.py     the dashboard's view of the state
    setup.py    what is in the box per player count; the staircases; the first state
    turns.py    turn order, who has stopped, the partner standing in; the turn check
    moves.py    each move kind: its fields, check, effect and log sentence, side by side
    scoring.py  points, every line naming its source; the winner and tie-breaks
    teach.py    the legal moves now and the teaching hints
    camera.py   how table events become moves; the table's regions
    words.py    every sentence, English and Traditional Chinese side by side

    game.py     the game: names, data tables, and each question the `Game` interface asks
                wired to the module that answers it
"""

from . import camera
from . import setup as set_up
from .game import Musee
from .moves import MOVES
from .state import GALLERY_COUNT, TOKEN_ROWS, Grid, MuseeState

# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
DECLARATIONS = MOVES.declarations(options=set_up.OPTIONS, regions=camera.regions)

__all__ = ["DECLARATIONS", "GALLERY_COUNT", "TOKEN_ROWS", "Grid", "Musee", "MuseeState"]
