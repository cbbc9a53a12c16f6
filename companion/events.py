"""The event contract between whatever watches the table and the rules core.

The camera pipeline, the dashboard's manual corrections and a replayed file all speak it,
so the engine cannot tell them apart. Modelled on TUIO: add / move / remove per piece plus a
per-frame `FrameEnd` carrying every track still alive, so a lost "remove" message can never
leave a ghost piece behind.

- `track_id` names one physical piece as long as it stays seen; it is not the printed code.
- `payload` is the printed code (a card's QR text or a token's catalogue payload).
- `region` and `slot` say where the piece lies in the game's layout (for example
  region "museum0", slot ["upper", 2]); positions are table millimetres, never pixels.
- `face_down` marks a card seen by its back code: its payload is then the back's payload.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from .validation import (
    EVENT_SOURCES,
    MAX_LIST_LENGTH,
    Bool,
    CheckedApart,
    Int,
    InvalidFieldError,
    ListOf,
    Number,
    Optional,
    Str,
    check_fields,
    shown,
)


@dataclass(frozen=True)
class Where:
    """A piece's place: layout region and slot, and table position in millimetres."""

    region: str | None
    slot: tuple | None = None
    x_mm: float | None = None
    y_mm: float | None = None

    def to_dict(self) -> dict:
        return {
            "region": self.region,
            "slot": list(self.slot) if self.slot is not None else None,
            "x_mm": self.x_mm,
            "y_mm": self.y_mm,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], label: str = "where") -> "Where":
        """Types only (the game's layout judges region and slot: validation.validate_where)."""
        if not isinstance(data, Mapping):
            raise InvalidFieldError(
                label, f"must be an object with 'region' and 'slot', got {shown(data)}"
            )
        apart = CheckedApart()
        check_fields(
            data, {"region": apart, "slot": apart, "x_mm": apart, "y_mm": apart}, (), label, None
        )
        Optional(Str()).check(data.get("region"), f"{label}, field 'region'", None)
        Optional(ListOf(Int(-(10**6), 10**6), 0, 4)).check(
            data.get("slot"), f"{label}, field 'slot'", None
        )
        for name in ("x_mm", "y_mm"):
            Optional(Number(-100_000, 100_000)).check(
                data.get(name), f"{label}, field {name!r}", None
            )
        slot = data.get("slot")
        return cls(
            data.get("region"),
            tuple(slot) if slot is not None else None,
            data.get("x_mm"),
            data.get("y_mm"),
        )


@dataclass(frozen=True)
class CardAdded:
    """A piece appeared and settled (the tracker already debounced it)."""

    track_id: str
    payload: str
    where: Where
    kind: str = "card"  # "card", "token" or "die"
    face_down: bool = False
    t: float = 0.0
    source: str = "camera"  # "camera", "manual" (dashboard correction) or "replay"
    value: int | None = None  # a die's top face; None when it could not be read
    type = "card_added"


@dataclass(frozen=True)
class CardMoved:
    """A tracked piece changed place."""

    track_id: str
    payload: str
    where: Where
    previous: Where
    kind: str = "card"
    face_down: bool = False
    t: float = 0.0
    source: str = "camera"
    value: int | None = None
    type = "card_moved"


@dataclass(frozen=True)
class CardRemoved:
    """A tracked piece left the table (after the tracker's timeout, not a passing hand)."""

    track_id: str
    payload: str
    kind: str = "card"
    t: float = 0.0
    source: str = "camera"
    type = "card_removed"


@dataclass(frozen=True)
class FrameEnd:
    """End of one observation: `alive` lists every track still on the table."""

    alive: frozenset[str] = field(default_factory=frozenset)
    t: float = 0.0
    source: str = "camera"
    type = "frame_end"


TableEvent = Union[CardAdded, CardMoved, CardRemoved, FrameEnd]
PieceEvent = Union[CardAdded, CardMoved, CardRemoved]  # what a game interprets (no FrameEnd)
PlacedEvent = Union[CardAdded, CardMoved]  # a piece put down somewhere: it has a `where`
EVENT_TYPES = {cls.type: cls for cls in (CardAdded, CardMoved, CardRemoved, FrameEnd)}


def event_to_dict(event: TableEvent) -> dict:
    data: dict[str, Any] = {"type": event.type, "t": event.t, "source": event.source}
    if isinstance(event, FrameEnd):
        data["alive"] = sorted(event.alive)
        return data
    data.update(track_id=event.track_id, payload=event.payload, kind=event.kind)
    if isinstance(event, (CardAdded, CardMoved)):
        data["face_down"] = event.face_down
        data["where"] = event.where.to_dict()
        if event.value is not None:
            data["value"] = event.value
    if isinstance(event, CardMoved):
        data["previous"] = event.previous.to_dict()
    return data


def event_from_dict(data: Mapping[str, Any]) -> TableEvent:
    """An event from JSON, every field type-checked and nothing coerced (`"false"` is not a
    boolean, `"3"` is not a die face). The game judges regions and slots when it is observed
    (`validation.validate_event`)."""
    if not isinstance(data, Mapping):
        raise InvalidFieldError("event", f"must be an object with a 'type', got {shown(data)}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidFieldError(
            "event, field 'type'",
            f"must be one of {', '.join(sorted(EVENT_TYPES))}, got {shown(data.get('type'))}",
        )
    label = f"event {cls.type!r}"
    apart = CheckedApart()
    names = {"type", "t", "source"} | {
        FrameEnd: {"alive"},
        CardRemoved: {"track_id", "payload", "kind"},
        CardAdded: {"track_id", "payload", "kind", "face_down", "where", "value"},
        CardMoved: {"track_id", "payload", "kind", "face_down", "where", "previous", "value"},
    }[cls]
    required = {
        FrameEnd: (),
        CardRemoved: ("track_id", "payload"),
        CardAdded: ("track_id", "payload", "where"),
        CardMoved: ("track_id", "payload", "where"),
    }[cls]
    check_fields(data, {name: apart for name in sorted(names)}, required, label, None)

    def field(name: str, spec, default=None):
        value = data.get(name, default)
        spec.check(value, f"{label}, field {name!r}", None)
        return value

    common = {
        "t": field("t", Number(0, 1e12), 0.0),
        "source": field("source", Str(EVENT_SOURCES), "replay"),
    }
    if cls is FrameEnd:
        alive = field("alive", ListOf(Str(), 0, MAX_LIST_LENGTH), [])
        return FrameEnd(frozenset(alive), **common)
    base = {
        "track_id": field("track_id", Str()),
        "payload": field("payload", Str()).upper(),
        "kind": field("kind", Str(("card", "token", "die")), "card"),
        **common,
    }
    if cls is CardRemoved:
        return CardRemoved(**base)
    base["value"] = field("value", Optional(Int(1, 6)))
    base["face_down"] = field("face_down", Bool(), False)
    where = Where.from_dict(data["where"], f"{label}, field 'where'")
    if cls is CardAdded:
        return CardAdded(where=where, **base)
    previous = data.get("previous")
    previous = (
        Where(None) if previous is None else Where.from_dict(previous, f"{label}, field 'previous'")
    )
    return CardMoved(where=where, previous=previous, **base)


@dataclass(frozen=True)
class PieceOnTable:
    """What the session believes lies on the table for one track."""

    track_id: str
    payload: str
    kind: str
    where: Where
    face_down: bool = False
    value: int | None = None
