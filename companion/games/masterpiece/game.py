"""The Masterpiece game: the `Game` interface, each question answered by the module named after
the part of the rulebook it belongs to.

Rules: /work/shared/rules/masterpiece.md. The companion is the banker and the auction
referee. Which module holds what: state (where the game stands, what the table may see),
setup (the box, data tables, options, first state), turns (phases, who acts, the end of a turn),
deal / spaces / auction / bids (each move kind's fields, check and effect side by side),
payments (the ledger, fines, holdings), scoring, teach (legal moves and hints), words
(money, names), log (each move in words), camera (the mat's regions, table events to moves).

The modules are functions that take this game object first (`game`): it holds the rules'
data tables, never where a game stands.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...events import PieceEvent, PieceOnTable
from ...model import Hint, Move, Outcome, Setup, SideScore, Text, Violation
from ..base import Game, GameInfo, Interpretation
from ..moves import MoveBook, MoveRule
from . import auction, bids, camera, deal, scoring, spaces, teach, turns, view
from . import setup as box
from . import state as game_state
from .state import MasterpieceState
from .words import WORDS, money


class Masterpiece(Game):
    info = GameInfo(
        slug="masterpiece",
        name=WORDS("game.name"),
        aliases=("masterpiece", "Masterpiece", "曠世鉅作"),
        player_counts=(3, 4, 5, 6),
        payload_prefix="MP",
        summary=WORDS("game.summary"),
        score_unit="money_k",  # the score is wealth, said as money
    )

    # Every move kind, declared with its fields, check, effect and words in its module. The
    # shared turn check is Masterpiece's own (`turns.check_turn`: the phase decides which
    # moves fit); each move's check then says whose move it is.
    moves = MoveBook(*deal.RULES, *spaces.RULES, *auction.RULES, *bids.RULES)

    def __init__(self) -> None:
        super().__init__()
        self.data = box.load_data()
        self.spaces = tuple(self.data.board.spaces)
        cards = self.catalogue.cards
        self.paintings = tuple(sorted(p.payload for p in cards if "painting" in p.face))
        self.values = tuple(sorted(p.payload for p in cards if "value_k" in p.face))
        self.value_k = {p: int(self.catalogue.piece(p).face["value_k"]) for p in self.values}
        self.forgery = {p: bool(self.catalogue.piece(p).face.get("forgery")) for p in self.values}
        box.check_catalogue(self)

    # -- the Game interface -------------------------------------------------------------------
    def check_turn(
        self, state: MasterpieceState, move: Move, rule: MoveRule
    ) -> tuple[Violation, ...]:
        return turns.check_turn(self, state, move, rule)

    def current_players(self, state: MasterpieceState) -> tuple[int, ...]:
        return turns.current_players(self, state)

    def describe(self, state: MasterpieceState) -> dict:
        return view.describe(self, state)

    def hints(self, state: MasterpieceState) -> tuple[Hint, ...]:
        return teach.hints(self, state)

    def interpret(
        self, state: MasterpieceState, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        return camera.interpret(self, state, event, table)

    def is_over(self, state: MasterpieceState) -> bool:
        return turns.is_over(self, state)

    def legal_moves(self, state: MasterpieceState) -> Iterable[Move]:
        return teach.legal_moves(self, state)

    def recorded_move(self, state: MasterpieceState, move: Move) -> Move:
        return bids.recorded_overbid(state, move) if move.kind == "overbid" else move

    def offered_moves(self, state: MasterpieceState) -> Iterable[Move]:
        return teach.offered_moves(self, state)

    def new_game(self, setup: Setup) -> MasterpieceState:
        return box.new_game(self, setup)

    def outcome(self, state: MasterpieceState) -> Outcome | None:
        return scoring.outcome(self, state)

    def painting_value(self, values: Iterable[str]) -> int:
        return game_state.painting_value(self, values)

    def public_move(self, state: MasterpieceState, move: Move) -> Move:
        return view.public_move(self, state, move)

    def private_view(self, state: MasterpieceState, seat: int) -> dict | None:
        return view.private_view(self, state, seat)

    def rules_notes(self) -> tuple[Text, ...]:
        return teach.rules_notes(self)

    def score(self, state: MasterpieceState) -> tuple[SideScore, ...]:
        return scoring.score(self, state)

    def total_said(self, total: float) -> Text:
        return money(total)  # wealth, in thousands: $29.5M / 2,950 萬元

    def validate_setup(self, setup: Setup) -> None:
        return box.validate_setup(self, setup)
