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
spec classes of `specs` are the vocabulary of those declarations. Ranges may depend on the set-up
(a seat is below the number of players, a museum space below the spaces of that player
count): a bound is a number or a function of the `Context`.

Also here: the caps on untrusted text (JSON size and depth, number length, name length,
player count) and `load_json`, the one JSON reader for untrusted input.

The parts: `specs` (the field specs, `Context`, the caps), `moves` (the declarations, the
set-up and move checks), `events` (table events and where they put a piece), `records`
(`load_json`). Everything is imported from here, `companion.validation`.
"""

from .events import EVENT_SOURCES, validate_event, validate_where
from .moves import (
    Declarations,
    MoveKind,
    PlayerRule,
    SlotShape,
    check_move,
    check_setup_shape,
    declarations_of,
    validate_move,
    validate_setup,
)
from .records import load_json
from .specs import (
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    MAX_LIST_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NUMBER_DIGITS,
    MAX_PLAYERS,
    MAX_TEXT_LENGTH,
    Bool,
    Bound,
    CheckedApart,
    Const,
    Context,
    Fields,
    Int,
    InvalidFieldError,
    ListOf,
    MapOf,
    Number,
    OneOf,
    Optional,
    Seat,
    Spec,
    Str,
    check_fields,
    check_text,
    is_whole_number,
    shown,
    text_problem,
)

__all__ = [
    "Bool",
    "Bound",
    "check_fields",
    "check_move",
    "check_setup_shape",
    "check_text",
    "CheckedApart",
    "Const",
    "Context",
    "Declarations",
    "declarations_of",
    "EVENT_SOURCES",
    "Fields",
    "Int",
    "InvalidFieldError",
    "is_whole_number",
    "ListOf",
    "load_json",
    "MapOf",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_LIST_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_NUMBER_DIGITS",
    "MAX_PLAYERS",
    "MAX_TEXT_LENGTH",
    "MoveKind",
    "Number",
    "OneOf",
    "Optional",
    "PlayerRule",
    "Seat",
    "shown",
    "SlotShape",
    "Spec",
    "Str",
    "text_problem",
    "validate_event",
    "validate_move",
    "validate_setup",
    "validate_where",
]
