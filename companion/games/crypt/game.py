"""The Crypt game: the `Game` interface, each question answered by the module named after the
part of the rulebook it belongs to.

Rules: ../shared/rules/crypt.md. Which module holds what:
flow (the turn flow as one table of phases, beside the rulebook's "A round", and the one
function that settles the state after every effect), state (where the game stands), setup
(the box, data tables, first state), turns (questions: turn order, torches, who acts),
rule (a move kind and how it meets the turn flow), reveal / claim / collect / collectors /
endgame (each move kind's fields, check and effect side by side), ghost (the solo ghost),
scoring, teach (legal moves and hints), view (the dashboard's view), words (every sentence,
keyed, in both languages), log (moves and names put into words for the game log), camera
(the table's regions and what its events mean).

The modules are functions that take this game object first (`game`): it holds the rules'
data tables, never where a game stands.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...events import PieceEvent, PieceOnTable
from ...model import Hint, Move, Outcome, Setup, SideScore, Text, Violation
from ..base import Game, GameInfo, Interpretation
from ..moves import MoveBook
from . import (
    camera,
    claim,
    collect,
    collectors,
    endgame,
    flow,
    ghost,
    reveal,
    scoring,
    teach,
    turns,
    view,
)
from . import setup as box
from .state import CryptState
from .summary import summary as said_as_a_teacher
from .words import WORDS


class Crypt(Game):
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
    # (the ghost's turn, a claim still pending), and `flow.check` closes a gathered claim
    # first.
    moves = MoveBook(
        *reveal.RULES,
        *claim.RULES,
        *ghost.RULES,
        *collect.RULES,
        flow.END_COLLECT,
        *collectors.RULES,
        flow.SCORE_GAME,
        *endgame.RULES,
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = box.load_data()
        self.treasures = {
            p.payload: p for p in self.catalogue.cards if p.face.get("role") == "treasure"
        }
        self.back_type = {p.payload: p.face["type"] for p in self.catalogue.backs}
        self.type_back = {t: b for b, t in self.back_type.items()}
        self.colour_of_payload = {c.payload: c for c in self.data.colours}

    # -- the Game interface -------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        return box.validate_setup(self, setup)

    def new_game(self, setup: Setup) -> CryptState:
        return box.new_game(self, setup)

    def check(self, state: CryptState, move: Move) -> tuple[Violation, ...]:
        return flow.check(self, state, move)

    def _apply(self, state: CryptState, move: Move) -> CryptState:
        return flow.apply(self, state, move)

    def current_players(self, state: CryptState) -> tuple[int, ...]:
        return turns.current_players(self, state)

    def is_over(self, state: CryptState) -> bool:
        return turns.is_over(self, state)

    def legal_moves(self, state: CryptState) -> list[Move]:
        return teach.legal_moves(self, state)

    def hints(self, state: CryptState) -> tuple[Hint, ...]:
        return teach.hints(self, state)

    def hint_summary(self, state: CryptState) -> tuple[Text, ...]:
        return said_as_a_teacher(self, state)

    def describe(self, state: CryptState) -> dict:
        return view.describe(self, state)

    def rules_notes(self) -> tuple[Text, ...]:
        return teach.rules_notes(self)

    def score(self, state: CryptState) -> tuple[SideScore, ...]:
        return scoring.score(self, state)

    def outcome(self, state: CryptState) -> Outcome | None:
        return scoring.outcome(self, state)

    def interpret(
        self, state: CryptState, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        return camera.interpret(self, state, event, table)

    def pieces_in_play(self, state: CryptState) -> frozenset[str]:
        return box.pieces_in_play(self, state)

    # -- Crypt's own questions (the dashboard, tests and tools ask them) ------------------------
    def turn_order(self, state: CryptState) -> tuple[int, ...]:
        return turns.turn_order(self, state)

    def lights_out(self, state: CryptState) -> int:
        return turns.lights_out(self, state)

    def actor(self, state: CryptState) -> int | None:
        return turns.actor(self, state)

    def deck_payloads(self, players: int) -> tuple[str, ...]:
        return box.deck_payloads(self, players)

    def ttype(self, payload: str) -> str:
        return box.ttype(self, payload)

    def ghost_dice_to_roll(self, state: CryptState) -> int:
        return ghost.ghost_dice_to_roll(self, state)

    def ghost_ranking(self, state: CryptState) -> list[int]:
        return ghost.ghost_ranking(self, state)

    @staticmethod
    def ghost_groups(values: Iterable[int]) -> list[tuple[int, int]]:
        return ghost.ghost_groups(values)

    def ghost_plan(self, state: CryptState, values: Iterable[int]) -> list[tuple[int, int, int]]:
        return ghost.ghost_plan(self, state, values)

    def solo_rank(self, total: float) -> Text:
        return scoring.solo_rank(self, total)

    def settle(self, state: CryptState) -> CryptState:
        return flow.settle(self, state)
