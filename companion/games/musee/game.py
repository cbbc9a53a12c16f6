"""The Musée game: the `Game` interface, each question answered by the module named after the
part of the rulebook it belongs to (see __init__.py for which module holds what).

This module only names the game, holds its data tables and wires each question the
`Game` interface asks to the module that answers it.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...events import PieceEvent, PieceOnTable
from ...model import Hint, Move, Outcome, Setup, SideScore, Text, Violation
from ..base import Game, GameInfo, Interpretation
from ..moves import MoveRule
from . import camera, scoring, teach, turns, view
from . import setup as set_up
from . import state as board
from .moves import MOVES
from .setup import MuseeData, SetupData
from .state import MuseeState
from .words import WORDS


class Musee(Game):
    info = GameInfo(
        slug="musee",
        name=WORDS("name"),
        aliases=("musee", "Musée", "museum", "私藏美術館"),
        player_counts=(2, 3, 4),
        payload_prefix="MU",
        summary=WORDS("summary"),
    )
    moves = MOVES

    def __init__(self) -> None:
        super().__init__()
        self.data: MuseeData = set_up.load_data()
        self._theme_of_remainder = {
            int(k): v for k, v in self.data.themes["by_remainder_of_5"].items()
        }
        self._number_of_payload = {p.payload: int(p.face["number"]) for p in self.catalogue.cards}
        self._payload_of_number = {n: p for p, n in self._number_of_payload.items()}

    # -- the printed tables -----------------------------------------------------------------
    def theme(self, number: int) -> str:
        return self._theme_of_remainder[number % 5]

    def theme_label(self, theme: str) -> Text:
        label = self.data.themes["labels"].get(theme, {})
        return Text(label.get("en", theme), label.get("zh-TW", theme))

    def gallery_name(self, gallery: int) -> Text:
        names = self.data.galleries[gallery]
        return Text(names["en"], names["zh-TW"])

    def payload(self, number: int) -> str:
        return self._payload_of_number[number]

    def number_of(self, payload: str) -> int | None:
        """The painting's number, or None for any other code."""
        return self._number_of_payload.get(payload)

    def _setup_data(self, players: int) -> SetupData:
        return self.data.setups[str(players)]

    def cards_in_use(self, state: MuseeState) -> range:
        return set_up.cards_in_use(self, state.players)

    def pieces_in_play(self, state: MuseeState) -> frozenset[str]:
        used = self.cards_in_use(state)
        return frozenset(
            p.payload
            for p in self.catalogue.pieces
            if p.kind != "card" or self._number_of_payload.get(p.payload) in used
        )

    # -- the rulebook, chapter by chapter ---------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        return set_up.validate_setup(self, setup)

    def new_game(self, setup: Setup) -> MuseeState:
        return set_up.new_game(self, setup)

    def check_turn(self, state: MuseeState, move: Move, rule: MoveRule) -> tuple[Violation, ...]:
        return turns.check_turn(self, state, move, rule)

    def current_players(self, state: MuseeState) -> tuple[int, ...]:
        return turns.current_players(self, state)

    def is_over(self, state: MuseeState) -> bool:
        return state.finished

    def legal_moves(self, state: MuseeState) -> Iterable[Move]:
        return teach.legal_moves(self, state)

    def hints(self, state: MuseeState) -> tuple[Hint, ...]:
        return teach.hints(self, state)

    def hint_summary(self, state: MuseeState) -> tuple[Text, ...]:
        return teach.summary(self, state)

    def score(self, state: MuseeState) -> tuple[SideScore, ...]:
        return scoring.score(self, state)

    def outcome(self, state: MuseeState) -> Outcome | None:
        return scoring.outcome(self, state)

    def describe(self, state: MuseeState) -> dict:
        return view.describe(self, state)

    def interpret(
        self, state: MuseeState, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        return camera.interpret(self, state, event, table)

    # -- named after the rulebook, for callers outside the package ---------------------------
    def museum_of(self, state: MuseeState, seat: int) -> int:
        return board.museum_of(state, seat)

    def seats_of_museum(self, state: MuseeState, museum: int) -> tuple[int, ...]:
        return board.seats_of_museum(state, museum)

    def partner(self, state: MuseeState, seat: int) -> int | None:
        return board.partner(state, seat)

    def is_stopped(self, state: MuseeState, seat: int) -> bool:
        return turns.is_stopped(state, seat)

    def partner_may_play(self, state: MuseeState) -> bool:
        return turns.partner_may_play(self, state)

    allowed_range = staticmethod(board.allowed_range)
