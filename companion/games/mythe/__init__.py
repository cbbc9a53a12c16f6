"""Mythe (俠鼠神抽): mouse heroes race along a path and one must beat the Red Dragon.

Rules: /work/shared/rules/mythe.md. A package laid out as the rulebook is:
state (where the game stands), setup (the box, data tables, the deal, first state), turns
(turn order and phases), reveal (revealing a legendary card; stopping), draws (drawing
cards), hero (moving the hero), shares (sharing cards) — each move kind's fields, check and
effect side by side as a MoveRule — scoring, teach (legal moves, hints, notes), words
(every sentence, keyed, in both languages) and camera (the table's regions and what its
events mean).

game.py holds the game itself: its names, data tables and the `Game` interface, each
question wired to the module that answers it. The modules are functions that take this game
object first (`game`): it holds the rules' data tables, never where a game stands.
"""

from . import camera
from . import setup as box
from .game import Mythe
from .state import DUMMY, Draw, MytheState, Plan

# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
DECLARATIONS = Mythe.moves.declarations(box.OPTIONS, camera.regions)

__all__ = ["DECLARATIONS", "DUMMY", "Draw", "Mythe", "MytheState", "Plan"]
