"""The Crypt game: one class composed of the rulebook's parts (each in its own module).

Rules: ../shared/rules/crypt.md. Which module holds what:
state (where the game stands), setup (the box, data tables, first state), turns (turn
order, torches, dispatch), reveal / claim / collect / collectors / endgame (each move kind's
fields, check and effect side by side), ghost (the solo ghost), scoring, teach (legal moves
and hints), words (every sentence, keyed, in both languages), log (moves and names put
into words for the game log), camera (table events to moves).
"""

from __future__ import annotations

from ..base import Game, GameInfo
from ..moves import MoveBook
from . import claim, collect, collectors, endgame, ghost, reveal
from .camera import CameraReading
from .claim import Claiming
from .collect import Collecting
from .collectors import Collectors
from .endgame import Ending
from .ghost import GhostPlayer
from .reveal import Reveal
from .scoring import Scoring
from .setup import TheBox, _load_data
from .state import StateView
from .teach import Teaching
from .turns import Turns
from .words import WORDS
from .log import GameLog


class Crypt(Turns, Reveal, Claiming, Collecting, Collectors, Ending, GhostPlayer, Scoring,
            Teaching, GameLog, CameraReading, StateView, TheBox, Game):
    info = GameInfo(
        slug="crypt",
        name=WORDS("game.name"),
        aliases=("crypt", "royal crypt", "皇家地窖"),
        player_counts=(1, 2, 3, 4),
        payload_prefix="CR",
        summary=WORDS("game.summary"),
    )

    # Every move kind, declared with its fields, check, effect and words in its module. The
    # kinds opt out of the shared turn check (turn=None): Crypt words its own turn refusals
    # (the ghost's turn, a claim still pending), and `Turns.check` closes a pending claim first.
    moves = MoveBook(*reveal.RULES, *claim.RULES, *ghost.RULES, *collect.RULES,
                     *collectors.RULES, *endgame.RULES)

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self.treasures = {p.payload: p for p in self.catalogue.cards
                          if p.face.get("role") == "treasure"}
        self.back_type = {p.payload: p.face["type"] for p in self.catalogue.backs}
        self.type_back = {t: b for b, t in self.back_type.items()}
        self.colour_of_payload = {c.payload: c for c in self.data.colours}
