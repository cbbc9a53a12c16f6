"""A table's own history log: what the café's history keeps, kept by the table as well.

The café's history (cafe.history) is written from the broker's messages. When the broker
could not keep them — it restarted without its retained state, or the café's persistent
session expired while the café was down — a finished game, a call for help or a pack-up check
would be lost to it. So the table writes, in its own database file (table `cafe_history_log`,
beside the game log), every `state` it publishes whose phase changed and every `alerts` whose
calls for help or pack-up checks changed, and answers the café's request "send me your log
since T" (an `ack` message with `"action": "log"`, cafe.catchup) with one bounded page at a
time on its `log` topic. The payloads are the ones it published, so the café checks and merges
them exactly as the live ones (TOPICS.md).
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from . import topics as T

log = logging.getLogger("cafe.table")

LOG_SCHEMA = """
CREATE TABLE IF NOT EXISTS cafe_history_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL, at REAL NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS cafe_history_log_by_time ON cafe_history_log (topic, at);
"""
PAGE_ENTRIES = 32  # entries in one page (a café accepts up to 64)
PAGE_BYTES = 96 * 1024  # a page's entries, well under the 128 KiB a café accepts
KEEP_DAYS = 30  # entries older than this are dropped when the table starts
MAX_REQUEST_ID = 64


def history_key(kind: str, payload: dict) -> tuple | None:
    """What of a payload the café's history keeps; None when nothing (a state without a
    sensed phase). Two payloads with one key add the same rows to the history."""
    if kind == "state":
        phase = payload.get("table_phase") or {}
        if phase.get("since") is None:
            return None
        return (payload.get("game_id"), phase.get("name"), phase.get("since"), payload.get("over"))
    kept = [a for a in payload.get("alerts") or [] if a.get("kind") in ("help", "packup")]
    return tuple((a.get("id"), a.get("since"), a.get("acknowledged_at")) for a in kept)


class TableLog:
    """The table's history log, written by its publishing thread, read by paho's thread."""

    def __init__(self, path: str | Path, topics: T.TableTopics, clock=time.time):
        self.topics = topics
        self.clock = clock
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=10
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(LOG_SCHEMA)
        self._db.execute(
            "DELETE FROM cafe_history_log WHERE topic = ? AND at < ?",
            (topics.base, clock() - KEEP_DAYS * 86400),
        )
        # the key last written per kind: no alerts at start is nothing to write
        self._last: dict[str, tuple | None] = {"alerts": ()}
        self.pages_sent = 0

    def note(self, kind: str, payload: dict) -> bool:
        """A `state` or `alerts` payload the table publishes: kept if the history's part of it
        changed. True if written."""
        key = history_key(kind, payload)
        if key is None or self._last.get(kind) == key:
            return False
        body = T.encode(payload).decode("utf-8")
        with self._lock:
            self._db.execute(
                "INSERT INTO cafe_history_log (topic, at, kind, body) VALUES (?, ?, ?, ?)",
                (self.topics.base, round(self.clock(), 3), kind, body),
            )
        self._last[kind] = key
        return True

    def page(self, since: float, after: int) -> tuple[list[dict], int | None]:
        """Entries logged at or after `since` with an id above `after`, in order, and the id to
        ask after for the next page (None when this one is the last)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, kind, body FROM cafe_history_log "
                "WHERE topic = ? AND at >= ? AND id > ? ORDER BY id LIMIT ?",
                (self.topics.base, since, after, PAGE_ENTRIES + 1),
            ).fetchall()
        entries: list[dict] = []
        size, last = 0, after
        for entry_id, kind, body in rows[:PAGE_ENTRIES]:
            if entries and size + len(body) > PAGE_BYTES:
                return entries, last
            entries.append({"kind": kind, "body": json.loads(body)})
            size, last = size + len(body), entry_id
        more = len(rows) > len(entries)
        return entries, (last if more else None)

    def answer(self, request: dict) -> dict | None:
        """The page a café asked for (TOPICS.md `log`), or None for a request that is not one
        (logged, ignored)."""
        request_id, after = request.get("request"), request.get("after")
        since = request.get("since")
        if (
            request.get("v") != T.PROTOCOL_VERSION
            or not isinstance(request_id, str)
            or not 0 < len(request_id) <= MAX_REQUEST_ID
            or not isinstance(since, (int, float))
            or isinstance(since, bool)
            or not math.isfinite(since)
            or type(after) is not int
            or after < 0
        ):
            log.warning("table %s ignored a malformed log request", self.topics.base)
            return None
        entries, following = self.page(float(since), after)
        self.pages_sent += 1
        return {
            "v": T.PROTOCOL_VERSION,
            "venue": self.topics.venue,
            "table": self.topics.table,
            "request": request_id,
            "since": since,
            "after": after,
            "next": following,
            "entries": entries,
            "ts": round(self.clock(), 3),
        }

    def close(self) -> None:
        with self._lock:
            self._db.close()


def answer_log_request(table_log: TableLog, client: Any, topics: T.TableTopics, body: dict) -> None:
    """On paho's thread: publish the page a café asked for on the table's `log` topic."""
    try:
        page = table_log.answer(body)
    except sqlite3.Error as exc:
        log.warning("table %s could not read its history log: %s", topics.base, exc)
        return
    if page is not None:
        client.publish(topics.log, T.encode(page), qos=1)
