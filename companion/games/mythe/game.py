"""The Mythe game: the `Game` interface, each question answered by the module named after the
part of the rulebook it belongs to (see __init__.py for which module holds what).

The modules are functions that take this game object first (`game`): it holds the rules'
data tables, never where a game stands.
"""

from __future__ import annotations

from typing import Mapping

from ...events import PieceEvent, PieceOnTable
from ...model import Hint, Move, Outcome, Setup, SideScore, Text, Violation
from ..base import Game, GameInfo, Interpretation
from ..moves import MoveBook, MoveRule
from . import camera, draws, hero, reveal, scoring, shares, teach, turns
from . import setup as box
from . import state as game_state
from .state import Card, MytheState, Plan, Source
from .words import WORDS


class Mythe(Game):
    info = GameInfo(
        slug="mythe",
        name=WORDS("game.name"),
        aliases=("mythe", "mythe mice", "俠鼠神抽"),
        player_counts=(2, 3, 4, 5),
        payload_prefix="MY",
        summary=WORDS("game.summary"),
    )

    # Every move kind with its fields, check, effect and log sentence. Only the active seat
    # acts (turn="turn"); `turns.check_turn` words the refusals.
    moves = MoveBook(*reveal.RULES, *draws.RULES, *hero.RULES, *shares.RULES)

    def __init__(self) -> None:
        super().__init__()
        self.data = box.load_data(self.catalogue)
        self.cards = {
            p.payload: Card(
                p.payload, p.card, str(p.face["type"]), int(p.face.get("value", 0)), p.name
            )
            for p in self.catalogue.cards
        }
        spaces = self.data.path.spaces
        self.space_names = tuple(Text(s.name.en, s.name.zh) for s in spaces)
        self.costs = tuple(s.cost or 0 for s in spaces)
        self.dragon = len(spaces) - 2
        self.cheese = len(spaces) - 1
        heroes = [t for t in self.catalogue.tokens if t.face.get("type") == "hero"]
        self.hero_colours = tuple(str(t.face["colour"]) for t in heroes)
        self.hero_token = {str(t.face["colour"]): t for t in heroes}

    # -- the Game interface -------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        return box.validate_setup(self, setup)

    def new_game(self, setup: Setup) -> MytheState:
        return box.new_game(self, setup)

    def check_turn(self, state: MytheState, move: Move, rule: MoveRule) -> tuple[Violation, ...]:
        return turns.check_turn(self, state, move, rule)

    def current_players(self, state: MytheState) -> tuple[int, ...]:
        return turns.current_players(self, state)

    def is_over(self, state: MytheState) -> bool:
        return turns.is_over(self, state)

    def legal_moves(self, state: MytheState) -> list[Move]:
        return teach.legal_moves(self, state)

    def hints(self, state: MytheState) -> tuple[Hint, ...]:
        return teach.hints(self, state)

    def rules_notes(self) -> tuple[Text, ...]:
        return teach.rules_notes(self)

    def describe(self, state: MytheState) -> dict:
        return game_state.describe(self, state)

    def score(self, state: MytheState) -> tuple[SideScore, ...]:
        return scoring.score(self, state)

    def outcome(self, state: MytheState) -> Outcome | None:
        return scoring.outcome(self, state)

    def interpret(
        self, state: MytheState, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        return camera.interpret(self, state, event, table)

    def pieces_in_play(self, state: MytheState) -> frozenset[str]:
        return box.pieces_in_play(self, state)

    # -- Mythe's own questions (tests, the dashboard and tools ask them) ---------------------
    def deck(self, players: int) -> tuple[str, ...]:
        return box.deck(self, players)

    def has_dummy(self, players: int) -> bool:
        return box.has_dummy(self, players)

    def deal(self, players: int) -> tuple[tuple[int, ...], int | None]:
        return box.deal(self, players)

    def points(self, state: MytheState) -> int:
        return game_state.points(self, state)

    def sources(self, state: MytheState) -> tuple[Source, ...]:
        return game_state.sources(self, state)

    def unattributed(self, state: MytheState) -> int:
        return game_state.unattributed(self, state)

    def cards_left_to_draw(self, state: MytheState) -> int:
        return game_state.cards_left_to_draw(self, state)

    def on_table(self, state: MytheState) -> set[str]:
        return game_state.on_table(self, state)

    def occupied(self, state: MytheState, space: int, seat: int) -> bool:
        return game_state.occupied(self, state, space, seat)

    def plan(self, state: MytheState, seat: int | None = None, points: int | None = None) -> Plan:
        return game_state.plan(self, state, seat, points)

    def legendary_name(self, payload: str) -> Text:
        return game_state.legendary_name(self, payload)

    def space_label(self, space: int) -> Text:
        return game_state.space_label(self, space)

    def hero_label(self, state: MytheState, seat: int) -> Text:
        return game_state.hero_label(self, state, seat)


# What companion.validation checks at the boundary: every move kind's fields, the set-up
# options and the table regions.
