"""The vocabulary of the declarations: field specs (`Int`, `Str`, `ListOf`...), the `Context`
their ranges may depend on, `check_fields`, and the caps on untrusted text."""

from __future__ import annotations

import json
import math
import numbers
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, Union

from ..errors import MalformedRecordError

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Setup

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


def check_text(value: Any, where: str, max_length: int = MAX_TEXT_LENGTH) -> None:
    problem = text_problem(value, max_length)
    if problem is not None:
        raise InvalidFieldError(where, f"must be {problem}, got {shown(value)}")
