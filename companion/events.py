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

from .errors import MalformedRecordError


@dataclass(frozen=True)
class Where:
    """A piece's place: layout region and slot, and table position in millimetres."""

    region: str | None
    slot: tuple | None = None
    x_mm: float | None = None
    y_mm: float | None = None

    def to_dict(self) -> dict:
        return {"region": self.region, "slot": list(self.slot) if self.slot is not None else None,
                "x_mm": self.x_mm, "y_mm": self.y_mm}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Where":
        slot = data.get("slot")
        return cls(data.get("region"), tuple(slot) if slot is not None else None,
                   data.get("x_mm"), data.get("y_mm"))


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
    if not isinstance(data, Mapping):
        raise MalformedRecordError(f"an event must be an object, got {data!r}")
    cls = EVENT_TYPES.get(data.get("type"))
    if cls is None:
        raise MalformedRecordError(
            f"unknown event type {data.get('type')!r}; expected one of {sorted(EVENT_TYPES)}")
    try:
        common = {"t": float(data.get("t", 0.0)), "source": str(data.get("source", "replay"))}
        if cls is FrameEnd:
            return FrameEnd(frozenset(str(a) for a in data.get("alive", ())), **common)
        base = {"track_id": str(data["track_id"]), "payload": str(data["payload"]).upper(),
                "kind": str(data.get("kind", "card")), **common}
        if cls is CardRemoved:
            return CardRemoved(**base)
        where = Where.from_dict(data["where"])
        value = data.get("value")
        base["value"] = int(value) if value is not None else None
        if cls is CardAdded:
            return CardAdded(where=where, face_down=bool(data.get("face_down", False)), **base)
        return CardMoved(where=where, previous=Where.from_dict(data.get("previous") or {}),
                         face_down=bool(data.get("face_down", False)), **base)
    except (KeyError, TypeError, AttributeError) as exc:
        raise MalformedRecordError(f"malformed {data.get('type')} event: missing or bad {exc}") from exc


@dataclass(frozen=True)
class PieceOnTable:
    """What the session believes lies on the table for one track."""

    track_id: str
    payload: str
    kind: str
    where: Where
    face_down: bool = False
    value: int | None = None
