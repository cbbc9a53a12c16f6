"""One shape for a move, shared by every game: a move kind is declared once, as one unit.

A `MoveRule` says everything about one kind of move side by side, in the spirit of
boardgame.io's `moves` table:

- who acts (`player`: "seat", "none" or "any") and the fields the move carries, with their
  types and ranges (checked strictly by companion.validation before anything below runs: a
  move that does not fit raises InvalidFieldError; a `MoveRule` is a `MoveKind`, so
  validation reads it unchanged);
- `turn`: which seats the shared turn check lets through before the move's own check runs
  ("current": any seat in `current_players`; "turn": only the first of them, the seat whose
  turn it is; None: no shared check, the move's check decides alone);
- `check(game, state, move)`: every rule the move would break (a tuple of Violations, empty
  when legal; never raises for a rule break). It sees only well-formed moves: every declared
  field has its type and range, so it tests rules, never types;
- `effect(game, state, move)`: the new state after a legal move (never changes `state`);
- `describe(game, state, move)`: optional, the move as the table would say it for the log.

A game lists its rules in a `MoveBook` and sets it as the class attribute `moves`; the base
`Game` then reads each move against its rule (`Game.read_move`) and dispatches `check`,
`_apply` and `describe_move` through it, and the book's `declarations(...)` gives
companion.validation the move fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from ..model import Move, Text, Violation
from ..validation import Context, Declarations, MoveKind, SlotShape, Spec
from .words import COMMON

if TYPE_CHECKING:  # pragma: no cover
    from .base import Game

# The first argument is the game's own class (a Musee, a Crypt): Any, since a callable taking
# a subclass of Game is not a callable taking any Game.
Check = Callable[[Any, Any, Move], tuple[Violation, ...]]
Effect = Callable[[Any, Any, Move], Any]
Describe = Callable[[Any, Any, Move], "Text | None"]

TURN_RULES = ("current", "turn", None)


@dataclass(frozen=True, kw_only=True)
class MoveRule(MoveKind):
    """One move kind: its name, who acts, its fields, its check, its effect and its words."""

    name: str
    check: Check
    effect: Effect
    describe: Describe | None = None
    turn: str | None = "current"

    def __post_init__(self):
        if self.turn not in TURN_RULES:
            raise ValueError(
                f"move {self.name!r}: turn must be one of {TURN_RULES}, got {self.turn!r}"
            )
        unknown = set(self.required) - set(self.fields)
        if unknown:
            raise ValueError(
                f"move {self.name!r}: required field {sorted(unknown)[0]!r} is not declared"
            )


class MoveBook(Mapping[str, MoveRule]):
    """A game's move kinds by name (a plain, ordered, read-only mapping)."""

    def __init__(self, *rules: MoveRule):
        self._rules: dict[str, MoveRule] = {}
        for rule in rules:
            if rule.name in self._rules:
                raise ValueError(f"move {rule.name!r} is declared twice")
            self._rules[rule.name] = rule

    def __getitem__(self, name: str) -> MoveRule:
        return self._rules[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def declarations(
        self,
        options: Mapping[str, Spec] | None = None,
        regions: Callable[[Context], Mapping[str, SlotShape]] | None = None,
        piece_kinds: tuple[str, ...] = ("card", "token"),
    ) -> Declarations:
        """What companion.validation checks at the boundary: these moves' fields, plus the
        game's set-up options and table regions."""
        return Declarations(
            moves=dict(self._rules),
            options=dict(options or {}),
            regions=regions or (lambda ctx: {}),
            piece_kinds=piece_kinds,
        )


# -- the checks every game shares ---------------------------------------------------------------
def unknown_move(game: "Game", kind: str) -> Violation:
    return COMMON.refuse("unknown_move", game=game.info.name, kind=kind)


def default_turn_check(
    game: "Game", state: Any, move: Move, rule: MoveRule
) -> tuple[Violation, ...]:
    """Is the game still going, is the player a seat, and may that seat act now?

    A game whose refusals need more words (a partner who may stand in, a player who has
    stopped) overrides `Game.check_turn` instead of repeating this in every move.
    """
    if game.is_over(state):
        return (COMMON.refuse("game_over"),)
    seats = game.current_players(state)
    seat = move.player
    if rule.turn == "turn":
        seats = seats[:1]
    if seat in seats:
        return ()
    if seat is None:  # a move whose kind lets a seat or the table act, made by the table
        return (COMMON.refuse("unknown_player", seat=seat),)
    return (COMMON.refuse("out_of_turn"),)
