"""The Cardcassonne game: one class composed of the rulebook's parts (each in its own module).

Rules: ../shared/rules/cardcassonne.md. Which module holds what:
state (where the game stands, the questions the rules ask of it, its JSON view), setup (the
box, data file, first state, the dealer's `reveal`), turns (turn order, phases, the end of a
round), play (`play_card`, `place_follower`) and claims (`reveal_face_down`, `choose`): each
move kind's fields, check and effect side by side; scoring (round and final scoring, the
outcome), teach (legal moves and hints), words (every sentence, keyed, in both languages),
log (names and moves put into words), camera (table events to moves).
"""

from __future__ import annotations

from typing import Mapping

from ...model import Text
from ..base import Game, GameInfo
from ..moves import MoveBook
from . import claims, play, setup
from .camera import CameraReading
from .claims import ClaimedCards
from .log import Words
from .play import PlaceFollower, PlayCard, RowPlaces
from .scoring import Scoring
from .setup import Reveal, TheBox, _load_data
from .state import StateQueries, StateView
from .teach import Teaching
from .turns import Turns
from .words import say


class Cardcassonne(Turns, Reveal, RowPlaces, PlayCard, PlaceFollower, ClaimedCards, Scoring,
                   Teaching, Words, CameraReading, StateQueries, StateView, TheBox, Game):
    info = GameInfo(
        slug="cardcassonne",
        name=say("game.name"),
        aliases=("cardcassonne", "carcassonne card game", "卡卡頌", "卡卡頌卡牌版"),
        player_counts=(2, 3, 4, 5),
        payload_prefix="CC",
        summary=say("game.summary"),
    )

    # Every move kind, declared with its fields, check, effect and words in its module. The
    # shared turn check only refuses moves after the game (see `Turns.check_turn`).
    moves = MoveBook(*setup.RULES, *play.RULES, *claims.RULES)

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self.row_colours = tuple(r.colour for r in self.data.rows)
        self._row_names = {r.colour: Text(r.en, r.zh) for r in self.data.rows}
        self._player_colours = {c.colour: Text(c.en, c.zh) for c in self.data.player_colours}
        self._faces: dict[str, Mapping] = {p.payload: p.face for p in self.catalogue.cards}
        self._all_cards = tuple(p.payload for p in self.catalogue.cards)
        self._follower_of_colour = {t.face["player_colour"]: t.payload
                                    for t in self.catalogue.tokens if t.face.get("size") == "large"}
