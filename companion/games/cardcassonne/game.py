"""The Cardcassonne game: the `Game` interface, each question answered by the module named
after the part of the rulebook it belongs to.

Rules: ../shared/rules/cardcassonne.md. Which module holds what:
state (where the game stands, the questions the rules ask of it), setup (the box, data file,
first state), reveal (the dealer's `reveal`), turns (turn order, phases, the end of a round),
play (`play_card`, `place_follower`) and claims (`reveal_face_down`, `choose`): each move
kind's fields, check and effect side by side; scoring (round and final scoring, the
outcome), teach (legal moves and hints), view (the dashboard's JSON), words (every sentence,
keyed, in both languages), log (names and moves put into words), camera (table events to
moves).

The modules are functions that take this game object first (`game`): it holds the rules'
data tables, never where a game stands.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...events import PieceEvent, PieceOnTable
from ...model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from ..base import Game, GameInfo, Interpretation
from ..moves import MoveBook, MoveRule
from . import camera, claims, play, reveal, scoring, teach, turns, view
from . import setup as box
from . import state as game_state
from .state import CardcassonneState, Claim, Slot
from .words import say


class Cardcassonne(Game):
    info = GameInfo(
        slug="cardcassonne",
        name=say("game.name"),
        aliases=("cardcassonne", "carcassonne card game", "卡卡頌", "卡卡頌卡牌版"),
        player_counts=(2, 3, 4, 5),
        payload_prefix="CC",
        summary=say("game.summary"),
    )

    # Every move kind, declared with its fields, check, effect and words in its module. The
    # shared turn check only refuses moves after the game (see `turns.check_turn`).
    moves = MoveBook(*reveal.RULES, *play.RULES, *claims.RULES)

    def __init__(self) -> None:
        super().__init__()
        self.data = box.load_data()
        self.row_colours = tuple(r.colour for r in self.data.rows)
        self._row_names = {r.colour: Text(r.en, r.zh) for r in self.data.rows}
        self._player_colours = {c.colour: Text(c.en, c.zh) for c in self.data.player_colours}
        self._faces: dict[str, Mapping] = {p.payload: p.face for p in self.catalogue.cards}
        self._all_cards = tuple(p.payload for p in self.catalogue.cards)
        self._follower_of_colour = {
            t.face["player_colour"]: t.payload
            for t in self.catalogue.tokens
            if t.face.get("size") == "large"
        }

    # -- the Game interface, and the questions tests and tools ask -------------------------------
    def best_building_groups(self, chest: Iterable[str]) -> dict[str, tuple[list[str], int]]:
        return scoring.best_building_groups(self, chest)

    def building_lines(self, chest: Iterable[str]) -> tuple[ScoreLine, ...]:
        return scoring.building_lines(self, chest)

    def check_turn(
        self, state: CardcassonneState, move: Move, rule: MoveRule
    ) -> tuple[Violation, ...]:
        return turns.check_turn(self, state, move, rule)

    def choice_order(self, state: CardcassonneState, claim: Claim) -> tuple[str, str]:
        return scoring.choice_order(self, state, claim)

    def claims_now(self, state: CardcassonneState) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
        return game_state.claims_now(self, state)

    def current_players(self, state: CardcassonneState) -> tuple[int, ...]:
        return turns.current_players(self, state)

    def describe(self, state: CardcassonneState) -> dict:
        return view.describe(self, state)

    def face(self, payload: str) -> Mapping:
        return game_state.face(self, payload)

    def hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        return teach.hints(self, state)

    def hint_summary(self, state: CardcassonneState) -> tuple[Text, ...]:
        return teach.summary(self, state)

    def interpret(
        self, state: CardcassonneState, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        return camera.interpret(self, state, event, table)

    def is_over(self, state: CardcassonneState) -> bool:
        return turns.is_over(self, state)

    def keep_value(self, state: CardcassonneState, claim: Claim) -> int:
        return scoring.keep_value(self, state, claim)

    def legal_moves(self, state: CardcassonneState) -> Iterable[Move]:
        return teach.legal_moves(self, state)

    def new_game(self, setup: Setup) -> CardcassonneState:
        return box.new_game(self, setup)

    def outcome(self, state: CardcassonneState) -> Outcome | None:
        return scoring.outcome(self, state)

    def pending(self, state: CardcassonneState) -> tuple[Claim, ...]:
        return game_state.pending(self, state)

    def row(self, state: CardcassonneState, colour: str) -> tuple[Slot, ...]:
        return game_state.row(self, state, colour)

    def rules_notes(self) -> tuple[Text, ...]:
        return teach.rules_notes(self)

    def score(self, state: CardcassonneState) -> tuple[SideScore, ...]:
        return scoring.score(self, state)

    def validate_setup(self, setup: Setup) -> None:
        return box.validate_setup(self, setup)
