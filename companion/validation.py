"""Strict checks at the boundary: every field that enters the rules core, once, for all games.

A move, a table event (camera or manual correction), a set-up and a record are checked here
for type and range before any game sees them. Nothing is coerced: `true` is not 1, `"2"` is
not 2, `"false"` is not a boolean, a seat of -1 is not "the last player". A field that fails
raises `InvalidFieldError`, one line naming the field ("move 'place', field 'gallery': must
be a whole number from 0 to 2, got true").

A malformed move is not an illegal one. As python-chess raises InvalidMoveError for a move it
cannot parse and IllegalMoveError for one the position forbids, a move whose fields do not fit
raises InvalidFieldError here (and from `Game.check`, which reads every move with
`check_move` before any rule sees it), while a well-formed move that breaks a rule gets
`Violation`s from `Game.check` (and IllegalMoveError from `Game.apply`).

Each game declares its move kinds, set-up options and table regions in one place (a
`Declarations` object: `DECLARATIONS` of the package `companion/games/<game>/`); the small
spec classes below are the vocabulary of those declarations. Ranges may depend on the set-up
(a seat is below the number of players, a museum space below the spaces of that player
count): a bound is a number or a function of the `Context`.

Also here: the caps on untrusted text (JSON size and depth, number length, name length,
player count) and `load_json`, the one JSON reader for untrusted input.
"""

from __future__ import annotations

import importlib
import json
import math
import numbers
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, Union

from .errors import MalformedRecordError, PlayerCountError

if TYPE_CHECKING:  # pragma: no cover
    from .events import TableEvent, Where
    from .games.base import Game
    from .model import Move, Setup

# -- caps on untrusted input -------------------------------------------------------------------
MAX_PLAYERS = 12  # more seats than any game has; a bigger count is refused before allocating
MAX_NAME_LENGTH = 40  # characters in a player's name
MAX_TEXT_LENGTH = 64  # a move kind, card code, region, track id, option key
MAX_JSON_BYTES = 8 * 1024 * 1024  # a whole record file: a long game is well under 1 MB
MAX_JSON_DEPTH = 32  # records nest a few levels; deeper is garbage, not a game
MAX_NUMBER_DIGITS = 18  # whole numbers beyond this are never a seat, a space or an amount
MAX_LIST_LENGTH = 1000  # items in any list inside a move or event


class InvalidFieldError(MalformedRecordError):
    """A field of a move, event, set-up or record fails its declared type or range."""

    def __init__(self, where: str, problem: str):
        self.field = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


def shown(value: Any) -> str:
    """A value as the input spelled it (JSON), cut short: the message stays one line."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- context: what ranges may depend on ---------------------------------------------------------
@dataclass(frozen=True)
class Context:
    """The game and set-up a move or event belongs to (ranges are functions of these)."""

    game: Any  # the game's own class (a Musee, a Mythe): its ranges read that class's data
    setup: "Setup"

    @property
    def players(self) -> int:
        return self.setup.players


Bound = Union[int, Callable[[Context], int]]


def _bound(bound: Bound, ctx: Context | None) -> int:
    if callable(bound):
        if ctx is None:
            raise TypeError("a set-up dependent range needs a context")
        return bound(ctx)
    return bound


# -- field specs --------------------------------------------------------------------------------
class Spec:
    """One field's type and range. `check` raises InvalidFieldError or returns quietly."""

    def check(self, value: Any, where: str, ctx: Context | None) -> None:  # pragma: no cover
        raise NotImplementedError

    def describe(self, ctx: Context | None) -> str:  # pragma: no cover
        raise NotImplementedError

    def fail(self, value: Any, where: str, ctx: Context | None) -> None:
        raise InvalidFieldError(where, f"must be {self.describe(ctx)}, got {shown(value)}")


def is_whole_number(value: Any) -> bool:
    """An integer, never a bool (numpy integers from the camera count; JSON gives plain ints)."""
    if type(value) is int:  # the usual case, without the slower abstract-class test
        return True
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


@dataclass(frozen=True)
class Int(Spec):
    """A whole number lo..hi inclusive (bools and numbers written as text are refused)."""

    lo: Bound
    hi: Bound

    def check(self, value, where, ctx):
        if not is_whole_number(value) or not _bound(self.lo, ctx) <= value <= _bound(self.hi, ctx):
            self.fail(value, where, ctx)

    def bounds(self, ctx: Context | None) -> tuple[int, int]:
        """(lo, hi) in this set-up: what a picker may offer."""
        return _bound(self.lo, ctx), _bound(self.hi, ctx)

    def describe(self, ctx):
        lo, hi = _bound(self.lo, ctx), _bound(self.hi, ctx)
        if hi < lo:
            return "absent (nothing fits in this set-up)"
        return f"a whole number from {lo} to {hi}"


def Seat() -> Int:
    """A seat of this game: 0 up to players - 1."""
    return Int(0, lambda ctx: ctx.players - 1)


@dataclass(frozen=True)
class Number(Spec):
    """A finite real number lo..hi (a whole number or a decimal; never a bool)."""

    lo: float
    hi: float

    def check(self, value, where, ctx):
        if (
            isinstance(value, bool)
            or not isinstance(value, numbers.Real)
            or not math.isfinite(value)
            or not self.lo <= value <= self.hi
        ):
            self.fail(value, where, ctx)

    def describe(self, ctx):
        return f"a number from {self.lo:g} to {self.hi:g}"


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value, where, ctx):
        if not isinstance(value, bool):
            self.fail(value, where, ctx)

    def describe(self, ctx):
        return "true or false"


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # ASCII control characters and DEL


def text_problem(value: Any, max_length: int) -> str | None:
    """Why a string is not acceptable text (None when it is)."""
    if not isinstance(value, str):
        return "text"
    if not value:
        return "non-empty text"
    if len(value) > max_length:
        return f"text of at most {max_length} characters"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "text without lone surrogate characters"
    if _CONTROL.search(value):
        return "text without control characters"
    return None


@dataclass(frozen=True)
class Str(Spec):
    """Non-empty text, bounded in length; `choices` (fixed or set-up dependent) if given."""

    choices: Sequence[str] | Callable[[Context], Sequence[str]] | None = None
    max_length: int = MAX_TEXT_LENGTH

    def _choices(self, ctx):
        if callable(self.choices):
            return tuple(self.choices(ctx))
        return tuple(self.choices) if self.choices is not None else None

    def check(self, value, where, ctx):
        problem = text_problem(value, self.max_length)
        if problem is not None:
            raise InvalidFieldError(where, f"must be {problem}, got {shown(value)}")
        choices = self._choices(ctx)
        if choices is not None and value not in choices:
            self.fail(value, where, ctx)

    def describe(self, ctx):
        choices = self._choices(ctx)
        if choices is None:
            return f"text of at most {self.max_length} characters"
        return "one of " + ", ".join(shown(c) for c in choices)


@dataclass(frozen=True)
class CheckedApart(Spec):
    """A known field whose value a function of its own checks (a set-up's names)."""

    def check(self, value, where, ctx):
        return None

    def describe(self, ctx):
        return "anything"


@dataclass(frozen=True)
class Const(Spec):
    value: Any

    def check(self, value, where, ctx):
        if value != self.value or type(value) is not type(self.value):
            self.fail(value, where, ctx)

    def describe(self, ctx):
        return shown(self.value)


@dataclass(frozen=True)
class Optional(Spec):
    """`null` or the inner spec."""

    inner: Spec

    def check(self, value, where, ctx):
        if value is not None:
            self.inner.check(value, where, ctx)  # its own message names the exact item

    def describe(self, ctx):
        return f"null or {self.inner.describe(ctx)}"


@dataclass(frozen=True)
class OneOf(Spec):
    options: tuple[Spec, ...]

    def check(self, value, where, ctx):
        for option in self.options:
            try:
                option.check(value, where, ctx)
                return
            except InvalidFieldError:
                continue
        self.fail(value, where, ctx)

    def describe(self, ctx):
        return " or ".join(o.describe(ctx) for o in self.options)


@dataclass(frozen=True)
class ListOf(Spec):
    """A JSON list whose length lies in min_len..max_len and whose items all fit `item`."""

    item: Spec
    min_len: Bound = 0
    max_len: Bound = MAX_LIST_LENGTH
    distinct: bool = False

    def check(self, value, where, ctx):
        lo, hi = _bound(self.min_len, ctx), _bound(self.max_len, ctx)
        if not isinstance(value, (list, tuple)) or not lo <= len(value) <= hi:
            self.fail(value, where, ctx)
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]", ctx)
        if self.distinct and len({shown(v) for v in value}) != len(value):
            raise InvalidFieldError(where, f"must not repeat an item, got {shown(value)}")

    def describe(self, ctx):
        lo, hi = _bound(self.min_len, ctx), _bound(self.max_len, ctx)
        size = f"{lo}" if lo == hi else f"{lo} to {hi}"
        return f"a list of {size} items, each {self.item.describe(ctx)}"


@dataclass(frozen=True)
class MapOf(Spec):
    """A JSON object with keys fitting `key` (a Str spec) and values fitting `value`."""

    key: Spec
    value: Spec
    max_len: Bound = 64

    def check(self, value, where, ctx):
        if not isinstance(value, Mapping) or len(value) > _bound(self.max_len, ctx):
            self.fail(value, where, ctx)
        for k, v in value.items():
            self.key.check(k, f"{where} key", ctx)
            self.value.check(v, f"{where}[{shown(k)}]", ctx)

    def describe(self, ctx):
        return f"an object mapping {self.key.describe(ctx)} to {self.value.describe(ctx)}"


@dataclass(frozen=True)
class Fields(Spec):
    """A JSON object with named fields; unknown names are refused."""

    fields: Mapping[str, Spec]
    required: tuple[str, ...] = ()

    def check(self, value, where, ctx):
        if not isinstance(value, Mapping):
            self.fail(value, where, ctx)
        check_fields(value, self.fields, self.required, where, ctx)

    def describe(self, ctx):
        return "an object with " + ", ".join(repr(k) for k in self.fields)


def check_fields(
    data: Mapping[str, Any],
    fields: Mapping[str, Spec],
    required: Sequence[str],
    where: str,
    ctx: Context | None,
) -> None:
    for name in required:
        if name not in data:
            raise InvalidFieldError(f"{where}, field {name!r}", "is missing")
    for name, value in data.items():
        spec = fields.get(name) if isinstance(name, str) else None
        if spec is None:
            known = ", ".join(repr(k) for k in fields) or "none"
            raise InvalidFieldError(where, f"has no field {shown(name)} (fields: {known})")
        spec.check(value, f"{where}, field {name!r}", ctx)


# -- declarations -------------------------------------------------------------------------------
PlayerRule = str  # "seat": a seat must act; "none": a table action; "any": either


@dataclass(frozen=True)
class MoveKind:
    """One move kind: who acts and the fields it carries (`required` must be present)."""

    player: PlayerRule = "seat"
    fields: Mapping[str, Spec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()  # at least one of these fields must be given


@dataclass(frozen=True)
class SlotShape:
    """A region of the table and the shape of its slots: one Int spec per slot coordinate
    (empty when the region has no slots: a piece there carries no slot)."""

    coordinates: tuple[Int, ...] = ()


@dataclass(frozen=True)
class Declarations:
    """What a game declares once: move kinds, set-up options, table regions, piece kinds."""

    moves: Mapping[str, MoveKind]
    options: Mapping[str, Spec] = field(default_factory=dict)
    regions: Callable[[Context], Mapping[str, SlotShape]] = lambda ctx: {}
    piece_kinds: tuple[str, ...] = ("card", "token")


@lru_cache(maxsize=None)
def declarations_of(slug: str) -> Declarations:
    """A game's declarations: `DECLARATIONS` of its package `companion/games/<slug>/`, built
    from its MoveBook (see companion/games/moves.py)."""
    return importlib.import_module(f"companion.games.{slug}").DECLARATIONS


# -- the checks the session and the record reader call -----------------------------------------
def check_text(value: Any, where: str, max_length: int = MAX_TEXT_LENGTH) -> None:
    problem = text_problem(value, max_length)
    if problem is not None:
        raise InvalidFieldError(where, f"must be {problem}, got {shown(value)}")


def check_setup_shape(players: Any, names: Any, options: Any) -> None:
    """The game-independent part of a set-up, checked before anything is allocated."""
    if not is_whole_number(players) or not 1 <= players <= MAX_PLAYERS:
        raise PlayerCountError(
            f"setup, field 'players': must be a whole number from 1 to "
            f"{MAX_PLAYERS}, got {shown(players)}"
        )
    if not isinstance(names, (list, tuple)):
        raise InvalidFieldError(
            "setup, field 'names'", f"must be a list of names, got {shown(names)}"
        )
    if names and len(names) != players:
        raise InvalidFieldError(
            "setup, field 'names'", f"lists {len(names)} names for {players} players"
        )
    for index, name in enumerate(names):
        check_text(name, f"setup, field 'names'[{index}]", MAX_NAME_LENGTH)
    if not isinstance(options, Mapping):
        raise InvalidFieldError(
            "setup, field 'options'", f"must be an object, got {shown(options)}"
        )


def validate_setup(game: "Game", setup: "Setup") -> None:
    """Type and range of every set-up field for this game (player counts, option types)."""
    check_setup_shape(setup.players, list(setup.names), setup.options)
    game.validate_setup(setup)
    ctx = Context(game, setup)
    check_fields(
        setup.options, declarations_of(game.info.slug).options, (), "setup, field 'options'", ctx
    )


def validate_move(game: "Game", setup: "Setup", move: "Move") -> None:
    """Every field of a move, against the kind the game declares."""
    declared = declarations_of(game.info.slug).moves
    check_text(move.kind, "move, field 'kind'")
    kind = declared.get(move.kind)
    if kind is None:
        raise InvalidFieldError(
            "move, field 'kind'",
            f"{game.info.name.en} has no move {shown(move.kind)}; its moves "
            f"are {', '.join(sorted(declared))}",
        )
    check_move(kind, Context(game, setup), move)


def check_move(kind: MoveKind, ctx: Context, move: "Move") -> None:
    """The player and fields of a move of a known kind (InvalidFieldError naming the field)."""
    where = f"move {move.kind!r}"
    if kind.player == "none":
        if move.player is not None:
            raise InvalidFieldError(
                f"{where}, field 'player'",
                f"must be null (a table action, not a player's), got {shown(move.player)}",
            )
    elif move.player is not None or kind.player == "seat":
        Seat().check(move.player, f"{where}, field 'player'", ctx)
    check_fields(move.params, kind.fields, kind.required, where, ctx)
    if kind.one_of and not any(move.params.get(name) is not None for name in kind.one_of):
        raise InvalidFieldError(
            where, "needs one of the fields " + " or ".join(repr(name) for name in kind.one_of)
        )


EVENT_SOURCES = ("camera", "manual", "replay", "demo")


def validate_where(game: "Game", setup: "Setup", where: "Where", label: str) -> None:
    """A region this game's layout knows, and a slot that fits the region's shape."""
    if where.region is None:
        if where.slot is not None:
            raise InvalidFieldError(
                f"{label}, field 'slot'",
                f"must be null when the region is null, got {shown(list(where.slot))}",
            )
    else:
        ctx = Context(game, setup)
        regions = declarations_of(game.info.slug).regions(ctx)
        check_text(where.region, f"{label}, field 'region'")
        shape = regions.get(where.region)
        if shape is None:
            raise InvalidFieldError(
                f"{label}, field 'region'",
                f"{shown(where.region)} is not a region of the "
                f"{game.info.name.en} layout for {setup.players} players "
                f"(regions: {', '.join(sorted(regions))})",
            )
        if where.slot is not None:
            slot = list(where.slot)
            coordinates = shape.coordinates
            if not coordinates:
                raise InvalidFieldError(
                    f"{label}, field 'slot'",
                    f"must be null: {where.region} has no slots, got {shown(slot)}",
                )
            if len(slot) != len(coordinates):
                raise InvalidFieldError(
                    f"{label}, field 'slot'",
                    f"must be a list of {len(coordinates)} whole numbers, got {shown(slot)}",
                )
            for index, (value, spec) in enumerate(zip(slot, coordinates)):
                spec.check(value, f"{label}, field 'slot'[{index}]", ctx)
    for name in ("x_mm", "y_mm"):
        value = getattr(where, name)
        if value is not None:
            Number(-100_000, 100_000).check(value, f"{label}, field {name!r}", None)


def validate_event(game: "Game", setup: "Setup", event: "TableEvent") -> None:
    """Every field of a table event (camera or manual correction) for this game's table.

    Told apart by their `type` names, so that this module needs nothing of companion.events
    (which builds its events with the specs above); the fields read below are those of the
    event's own type, so mypy is told nothing of which one it is (`fields`)."""
    fields: Any = event
    label = f"event {event.type!r}"
    Number(0, 1e12).check(event.t, f"{label}, field 't'", None)
    Str(EVENT_SOURCES).check(event.source, f"{label}, field 'source'", None)
    if event.type == "frame_end":
        if not isinstance(fields.alive, frozenset) or len(fields.alive) > MAX_LIST_LENGTH:
            raise InvalidFieldError(
                f"{label}, field 'alive'", f"must be a list of at most {MAX_LIST_LENGTH} track ids"
            )
        for track in fields.alive:
            check_text(track, f"{label}, field 'alive' item")
        return
    check_text(fields.track_id, f"{label}, field 'track_id'")
    check_text(fields.payload, f"{label}, field 'payload'")
    kinds = declarations_of(game.info.slug).piece_kinds
    Str(kinds).check(fields.kind, f"{label}, field 'kind'", None)
    if event.type in ("card_added", "card_moved"):
        Bool().check(fields.face_down, f"{label}, field 'face_down'", None)
        Optional(Int(1, 6)).check(fields.value, f"{label}, field 'value'", None)
        validate_where(game, setup, fields.where, f"{label}, field 'where'")
    if event.type == "card_moved":
        validate_where(game, setup, fields.previous, f"{label}, field 'previous'")


# -- JSON from untrusted text -------------------------------------------------------------------
def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise InvalidFieldError(
            "JSON", f"a number has {len(digits)} digits (at most {MAX_NUMBER_DIGITS} are allowed)"
        )
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidFieldError("JSON", f"the number {text[:20]} is out of range")
    return value


def _refuse_constant(name: str) -> Any:
    raise InvalidFieldError("JSON", f"{name} is not a number JSON allows")


def _depth(value: Any, limit: int) -> int:
    """The nesting depth of parsed JSON, without recursion (stops just past `limit`)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def load_json(
    text: str | bytes,
    what: str = "input",
    *,
    max_bytes: int = MAX_JSON_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """Parse untrusted JSON within bounded time and memory, or raise a one-line
    MalformedRecordError naming `what`: too large, nested too deeply, a number too long,
    NaN/Infinity, invalid UTF-8, lone surrogates, or not JSON at all."""
    size = len(text)
    if size > max_bytes:
        raise MalformedRecordError(f"{what} is too large ({size} bytes; at most {max_bytes})")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedRecordError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(
            text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_refuse_constant
        )
    except InvalidFieldError as exc:
        raise MalformedRecordError(f"{what}: {exc.problem}") from None
    except RecursionError:
        raise MalformedRecordError(
            f"{what} is nested too deeply (at most {max_depth} levels)"
        ) from None
    except json.JSONDecodeError as exc:
        raise MalformedRecordError(f"{what} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. a number the float parser refuses
        raise MalformedRecordError(f"{what} is not valid JSON: {exc}") from None
    if _depth(data, max_depth) > max_depth:
        raise MalformedRecordError(f"{what} is nested too deeply (at most {max_depth} levels)")
    _refuse_surrogates(data, what)
    return data


def _refuse_surrogates(data: Any, what: str) -> None:
    """JSON may spell a lone surrogate (\\ud800); no text of ours can hold one."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise MalformedRecordError(
                    f"{what} holds a lone surrogate character ({shown(item)})"
                ) from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
