"""One table as the café view knows it: a tile (built by cafe.hub.CafeView from clean
payloads, cafe.payloads)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

from . import topics as T

RECENT_EVENTS = 5
# Two running tables with one name share an MQTT client id and take turns on the broker: the
# view sees instance A, then B, then A again. A restart never looks like that (a new process is
# a new instance). The tile says so until no such turn was seen for this long.
CLASH_FORGOTTEN_AFTER_S = 60.0


@dataclass
class Tile:
    venue: str
    table: str
    status: dict | None = None
    state: dict | None = None
    alerts: list = field(default_factory=list)
    recent: deque = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    last_seq: dict = field(default_factory=dict)  # game id -> last seq shown
    events: int = 0
    duplicates: int = 0
    gaps: int = 0
    updated: float = 0.0
    heartbeat_s: float | None = None  # what the table announced; None: an older table
    heard_at: float = field(default_factory=time.monotonic)  # last live message (monotonic)
    last_heard: float | None = None  # the same, wall clock, for people
    silent: bool = False
    # the instances heard live, in turn (a new entry only when the instance changes)
    turns: deque = field(default_factory=lambda: deque(maxlen=8))
    name_clash_at: float | None = None  # monotonic: when two instances last took turns
    offline_since: float | None = None  # wall clock, when known (see take_status)
    created: float = field(default_factory=time.monotonic)
    warnings: list = field(default_factory=list)  # the floor's warnings, as last shown
    version: int = 0  # the view's version when this tile last changed (what a page has seen)

    def take_status(self, body: dict, live_at: float | None) -> None:
        """A status; `live_at` when it arrived live (a last will the broker just published).
        A retained offline copy tells when only for a clean stop (its `ts`): the last will
        was written when the table connected."""
        self.status = body
        if body["heartbeat_s"]:
            self.heartbeat_s = body["heartbeat_s"]
        if body["status"] == "online":
            self.offline_since = None
        elif live_at is not None or self.offline_since is None:
            clean_stop = body["ts"] if body["reason"] == "table stopped" else None
            self.offline_since = live_at or self.last_heard or clean_stop

    def forgotten(self, now: float, now_monotonic: float, after_s: float) -> bool:
        """Offline (or never online) for longer than `after_s`: off the page."""
        if self.status and self.status.get("status") == "online":
            return False
        if self.offline_since is not None:
            return now - self.offline_since > after_s
        return now_monotonic - max(self.created, self.heard_at) > after_s

    def heard_instance(self, instance: str) -> None:
        now = time.monotonic()
        if self.turns and self.turns[-1][0] == instance:
            self.turns[-1] = (instance, now)
            return
        if any(seen == instance and now - at < CLASH_FORGOTTEN_AFTER_S for seen, at in self.turns):
            self.name_clash_at = now  # back again after another one: both are running
        self.turns.append((instance, now))

    @property
    def name_clash(self) -> bool:
        return self.name_clash_at is not None

    def heard(self, received: float) -> None:
        self.heard_at = time.monotonic()
        self.last_heard = received

    def gone_silent(self, now: float) -> bool:
        """An online table that has sent nothing for 2.5 of its own heartbeat intervals."""
        if not self.heartbeat_s or not self.status or self.status.get("status") != "online":
            return False
        return now - self.heard_at > T.SILENT_AFTER_BEATS * self.heartbeat_s

    @property
    def key(self) -> str:
        return f"{self.venue}/{self.table}"

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "venue": self.venue,
            "table": self.table,
            "online": bool(
                self.status and self.status.get("status") == "online" and not self.silent
            ),
            "silent": self.silent,
            "last_heard": self.last_heard,
            "offline_since": self.offline_since,
            "name_clash": self.name_clash,
            "status": self.status,
            "state": self.state,
            "alerts": list(self.alerts),
            "recent": list(self.recent),
            "events": self.events,
            "duplicates": self.duplicates,
            "gaps": self.gaps,
            "updated": self.updated,
            "warnings": list(self.warnings),
        }
