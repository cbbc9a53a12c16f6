"""The shape of a session log's records, checked field by field before a session uses one
(a set-up record first, then moves, table events and undos)."""

from __future__ import annotations

import time
from typing import Any, Mapping

from .errors import MalformedRecordError
from .validation import (
    EVENT_SOURCES,
    CheckedApart,
    Int,
    InvalidFieldError,
    Number,
    Str,
    check_fields,
    shown,
)

# The number and time a store gives each record (checked like every other field).
RECORD_STAMPS = {"seq": Int(0, 10**9), "ts": Number(0, 1e12)}
# a record's type -> the field holding its body (an undo has none)
BODIES = {"move": "move", "event": "event", "undo": None}


def check_setup_record(first: Any) -> tuple[str, Any]:
    """(the game, the set-up) a log's first record gives, or the error saying what is wrong
    with it."""
    if not isinstance(first, Mapping) or first.get("type") != "setup":
        raise MalformedRecordError("a log must start with a 'setup' record")
    game_name = first.get("game")
    if not isinstance(game_name, str):
        raise MalformedRecordError("the setup record must name the 'game'")
    apart = CheckedApart()
    check_fields(
        first,
        {"type": apart, "game": Str(), "setup": apart, **RECORD_STAMPS},
        ("game", "setup"),
        "setup record",
        None,
    )
    return game_name, first.get("setup")


def check_log_record(record: Any) -> str:
    """A later record's type (move, event or undo), once every field is known and present;
    InvalidFieldError naming the field otherwise (its body is checked where it is read)."""
    if not isinstance(record, Mapping):
        raise InvalidFieldError("log record", f"must be an object, got {shown(record)}")
    kind = record.get("type")
    if not isinstance(kind, str) or kind not in BODIES:
        raise InvalidFieldError(
            "log record, field 'type'", f"must be one of move, event, undo, got {shown(kind)}"
        )
    apart = CheckedApart()
    known = {"type": apart, "source": Str(EVENT_SOURCES), **RECORD_STAMPS}
    field_name = BODIES[kind]
    if field_name:
        known[field_name] = apart
    check_fields(record, known, (field_name,) if field_name else (), f"{kind} record", None)
    return kind


def stamp_of(record: Any) -> float | None:
    """A record's own time ("ts"), when it has a plausible one (validated again on feeding)."""
    ts = record.get("ts") if isinstance(record, Mapping) else None
    if isinstance(ts, (int, float)) and not isinstance(ts, bool) and 0 <= ts < 1e12:
        return float(ts)
    return None


class RecordClock:
    """While a log is replayed (a resumed or imported game), each record keeps the time it
    was first written; afterwards, the wall clock. A game's start and length are read from
    these times (the dashboard, the summary, the results picture)."""

    def __init__(self, first: Any):
        self.stamp = stamp_of(first)

    def __call__(self) -> float:
        return self.stamp if self.stamp is not None else time.time()
