"""What a game *is*, kept apart from where a game *stands*.

A `Game` instance holds a game's rules and its validated data tables; it has no mutable
state. Where a game stands is an immutable state object (a frozen dataclass per game)
that `apply` replaces, never changes. Each method is a pure function of its arguments.

The camera does not know moves, it knows pieces: `interpret` turns a table event into the
move it means (a card appearing in a museum space is "place that card there"), or into a
violation when the event itself breaks a rule (a placed card that moves).
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Iterable, Mapping

from ..catalogue import Catalogue, load_catalogue
from ..errors import IllegalMoveError, PlayerCountError
from ..events import FrameEnd, PieceEvent, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, Setup, SideScore, Text, Violation
from ..validation import Context, InvalidFieldError, check_move, check_text, validate_event
from .moves import MoveBook, MoveRule, default_turn_check, unknown_move
from .words import COMMON


@lru_cache(maxsize=None)
def _context(game: "Game", players: int) -> Context:
    return Context(game, Setup(players))


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: Text
    aliases: tuple[str, ...]
    player_counts: tuple[int, ...]
    payload_prefix: str
    summary: Text
    # what a score counts: "points", or "money_k" (thousands of dollars: Masterpiece's wealth)
    score_unit: str = "points"

    def to_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name": self.name.to_dict(),
            "aliases": list(self.aliases),
            "player_counts": list(self.player_counts),
            "payload_prefix": self.payload_prefix,
            "summary": self.summary.to_dict(),
            "score_unit": self.score_unit,
        }


@dataclass(frozen=True)
class Interpretation:
    """What a table event means to the rules: a move to check, a violation, or nothing."""

    move: Move | None = None
    violations: tuple[Violation, ...] = ()
    note: Text | None = None


class Game(abc.ABC):
    info: ClassVar[GameInfo]

    def __init__(self) -> None:
        self.catalogue: Catalogue = load_catalogue(self.info.slug)

    # -- set-up -------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        """Raise PlayerCountError or a CompanionError for an impossible set-up."""
        if setup.players not in self.info.player_counts:
            counts = ", ".join(str(n) for n in self.info.player_counts)
            raise PlayerCountError(
                text=COMMON(
                    "player_count", game=self.info.name, counts=counts, players=setup.players
                )
            )

    @abc.abstractmethod
    def new_game(self, setup: Setup) -> Any:
        """The state at the start of play. Calls validate_setup first."""

    # -- rules ----------------------------------------------------------------------------
    # Every game lists its move kinds here (see companion/games/moves.py) and inherits
    # `check`, `_apply` and `describe_move`, which dispatch through it.
    moves: ClassVar[MoveBook]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if getattr(cls, "info", None) is None:  # a shared base, not a game
            return
        if not isinstance(getattr(cls, "moves", None), MoveBook):
            raise TypeError(f"{cls.__name__} needs a MoveBook in `moves`")

    def rule_for(self, move: Move) -> MoveRule | None:
        return self.moves.get(move.kind)

    def recorded_move(self, state: Any, move: Move) -> Move:
        """A move read back from a game's log in today's shape: a game whose move changed
        shape turns the older one into the new here, so a saved game still opens."""
        return move

    def read_move(self, state: Any, move: Move) -> MoveRule | None:
        """The rule of the move's kind, once the move's player and fields fit what the rule
        declares (companion.validation, with the ranges of the state's player count); None
        for a kind this game does not have (`check` refuses it as `unknown_move`).

        A move that does not fit raises InvalidFieldError: it is malformed, not illegal, and
        no rule ever sees it. So every `check`, `effect` and `describe` of a `MoveRule` may
        take the declared types and ranges for granted.
        """
        check_text(move.kind, "move, field 'kind'")
        rule = self.rule_for(move)
        if rule is not None:
            check_move(rule, self.context_of(state), move)
        return rule

    def context_of(self, state: Any) -> Context:
        """What the ranges of move fields and the table's regions depend on: this game at the
        state's player count (every game's state records `players`, the set-up's count of
        seats). They may depend on nothing else of the set-up: its options are not here."""
        return _context(self, state.players)

    def check(self, state: Any, move: Move) -> tuple[Violation, ...]:
        """Every rule the move would break; empty when legal. Never raises for a rule break;
        raises InvalidFieldError for a malformed move (`read_move`).

        The shared turn check first (unless the move kind opts out), then the kind's own check.
        """
        rule = self.read_move(state, move)
        if rule is None:
            return (unknown_move(self, move.kind),)
        if rule.turn is not None:
            problems = self.check_turn(state, move, rule)
            if problems:
                return problems
        return tuple(rule.check(self, state, move))

    def check_turn(self, state: Any, move: Move, rule: MoveRule) -> tuple[Violation, ...]:
        """May `move.player` act now? Override to word a game's own turn refusals."""
        return default_turn_check(self, state, move, rule)

    def _apply(self, state: Any, move: Move) -> Any:
        """Apply a move already known to be legal (so well-formed), returning a new state."""
        return self.moves[move.kind].effect(self, state, move)

    def apply(self, state: Any, move: Move) -> Any:
        """The state after `move`: InvalidFieldError if it is malformed, IllegalMoveError
        with the violations if it breaks a rule."""
        violations = self.check(state, move)
        if violations:
            raise IllegalMoveError(violations)
        return self._apply(state, move)

    @abc.abstractmethod
    def legal_moves(self, state: Any) -> Iterable[Move]:
        """Moves legal now (finite; used for hints and random playouts)."""

    @abc.abstractmethod
    def current_players(self, state: Any) -> tuple[int, ...]:
        """Seats that may act now (one seat in turn-based play; empty once the game ended)."""

    @abc.abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abc.abstractmethod
    def score(self, state: Any) -> tuple[SideScore, ...]:
        """Score so far (final once the game is over), every line naming its source."""

    def total_said(self, total: float) -> Text:
        """A score's total as the game says it (points: "12"; Masterpiece's wealth as money),
        for screens that show a total without the game's script (the café's tiles)."""
        number = f"{total:,.1f}".removesuffix(".0")
        return Text(number, number)

    @abc.abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """Winners with tie-breaks, or None while the game goes on."""

    def hints(self, state: Any) -> tuple[Hint, ...]:
        """What the active player may do now, for the teaching panel."""
        return ()

    def hint_summary(self, state: Any) -> tuple[Text, ...]:
        """`hints` as a teacher would say them: a few sentences, the full list folded away.
        By default the hints' sentences with repeats said once; a game whose hints list many
        alike options (Musée's spaces) says them in one sentence instead."""
        seen: dict[Text, None] = {}
        for hint in self.hints(state):
            seen.setdefault(hint.text, None)
        return tuple(seen)

    @abc.abstractmethod
    def describe(self, state: Any) -> dict:
        """A JSON view of the state for the dashboard and `companion replay`."""

    # -- camera ---------------------------------------------------------------------------
    def interpret(
        self, state: Any, event: PieceEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        """What a settled piece event means. `table` is the table before the event.

        The session calls this only for CardAdded, CardMoved and CardRemoved (a FrameEnd
        becomes removals first), only with events whose fields fit the game's table, and only
        for payloads the catalogue knows, dice excepted (see `meaning_of`).
        """
        return Interpretation()

    def meaning_of(
        self, state: Any, event: TableEvent, table: Mapping[str, PieceOnTable]
    ) -> Interpretation:
        """`interpret`, after the checks every game shares: the event's fields fit this game's
        table (companion.validation: a region of its layout, a slot of the region's shape;
        InvalidFieldError if not, as the session refuses it), a frame's end means nothing by
        itself, and a code this game never printed is refused."""
        validate_event(self, self.context_of(state).setup, event)
        if isinstance(event, FrameEnd):
            return Interpretation()
        if event.kind != "die" and event.payload not in self.catalogue:
            return Interpretation(
                violations=(
                    COMMON.refuse(
                        "unknown_card",
                        cards=(event.payload,),
                        payload=event.payload,
                        game=self.info.name,
                    ),
                )
            )
        return self.interpret(state, event, table)

    def describe_move(self, state: Any, move: Move) -> Text | None:
        """The move in words for the game log, as the table would say it ("Ann claims the
        Idol 4 with 2 dice of 3"). `state` is the state the move was played in. None lets
        the dashboard show the action's name and details as they are: so it is for a move
        of no known kind, or a malformed one (no sentence can name what cannot be read)."""
        try:
            rule = self.read_move(state, move)
        except InvalidFieldError:
            return None
        if rule is None or rule.describe is None:
            return None
        return rule.describe(self, state, move)

    def pieces_in_play(self, state: Any) -> frozenset[str]:
        """Payloads that exist in this game at this player count: the one source every
        picker and list offering cards draws from (a printed card left out of the box for
        this player count is still in the catalogue, to be named when it turns up)."""
        return frozenset(p.payload for p in self.catalogue.pieces)

    def offered_moves(self, state: Any) -> Iterable[Move]:
        """The moves a page offers (`/api/legal-moves`, which every role may read): the legal
        ones, unless what decides them is secret (Masterpiece: cash); a move offered but not
        legal is refused when played."""
        return self.legal_moves(state)

    def public_move(self, state: Any, move: Move) -> Move:
        """The move as everybody at the table may see it (hidden card identities removed).

        The log keeps the full move for replay; views shown to players go through this.
        """
        return move

    def private_view(self, state: Any, seat: int) -> dict | None:
        """What only `seat` may see (Masterpiece: its own cash), kept out of `describe` and
        `score`, which every screen shows; None when the game hides nothing of a seat's."""
        return None

    def rules_notes(self) -> tuple[Text, ...]:
        """Caveats shown on the rules page (for example placeholder data tables)."""
        return ()
