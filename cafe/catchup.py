"""The café's history catches up from the tables' own logs (TOPICS.md `log`, cafe.table_log).

Retained messages and the café's persistent session bring back most of what happened while the
café process was away; not what the broker itself lost (it restarted without its retained
state, or the café's session expired). So on each connection the café notes, per table, the
latest time its history file holds (`HistoryStore.watermarks`), and when a table shows it is
there (its `online` status, retained or live, or any live message) asks it once: "send me your
log since T" (an `ack` message with `"action": "log"`). The table answers one page at a time on
its `log` topic; each page names the request, and the café asks for the next one. Every entry
is a payload the table published, checked as a live one (cafe.payloads.check) and written by
`HistoryStore.take` with the same keys: a replay changes nothing. A page the café did not ask
for, or a bad entry, is counted and logged once per topic; a table that pages forever is cut
off after `MAX_PAGES`.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable

from . import payloads as P
from . import topics as T
from .history import HistoryStore

log = logging.getLogger("cafe.catchup")

LOOKBACK_S = 7 * 86400.0  # a table this history has never seen: its last week
MARGIN_S = 60.0  # asked again: entries logged a little before the latest one kept
MAX_PAGES = 1000  # per table and connection (32 entries each: far beyond any evening)

Send = Callable[[str, str, dict], None]  # (venue, table, request payload)
Reject = Callable[[str, str], None]  # (topic, reason): counted and logged once per topic


class CatchUp:
    """One café view's catch-ups, on paho's thread (the lock is for readers of the counts)."""

    def __init__(self, store: HistoryStore, send: Send, reject: Reject, clock=time.time):
        self.store = store
        self.send = send
        self.reject = reject
        self.clock = clock
        self._lock = threading.Lock()
        self._marks: dict[tuple[str, str], float] = {}
        self._asked: dict[tuple[str, str], dict] = {}
        self.merged = 0  # entries taken from tables' logs
        self.finished: set[tuple[str, str]] = set()  # tables caught up in this connection

    def connected(self) -> None:
        """The view (re)connected, before it subscribes: where each table's catch-up starts."""
        try:
            marks = self.store.watermarks()
        except Exception as exc:  # noqa: BLE001 - the live floor goes on without
            log.warning("no catch-up from the tables' logs: %s", exc)
            marks = {}
        with self._lock:
            self._marks, self._asked = marks, {}
            self.finished = set()

    def heard(self, venue: str, table: str, kind: str, body: dict | None, retained: bool) -> None:
        """A clean message from a table: ask for its log if it is there and was not asked in
        this connection, or its `online` is live (it connected again: it may have more)."""
        online = kind == "status" and body is not None and body.get("status") == "online"
        if not online and retained:
            return
        key = (venue, table)
        with self._lock:
            if key in self._asked and not (online and not retained):
                return
            now = self.clock()
            since = min(self._marks.get(key, now - LOOKBACK_S), now) - MARGIN_S
            request = uuid.uuid4().hex[:16]
            self._asked[key] = {"request": request, "since": since, "after": 0, "pages": 0}
        self.send(venue, table, T.log_request_payload(request, since))

    def take(self, venue: str, table: str, page: dict, received: float) -> None:
        """One clean page (cafe.payloads.clean_log) from a table's `log` topic."""
        key, topic = (venue, table), T.TableTopics(venue, table).log
        with self._lock:
            asked = self._asked.get(key)
            if asked is None or (page["request"], page["after"]) != (
                asked["request"],
                asked["after"],
            ):
                asked = None
            else:
                asked["pages"] += 1
        if asked is None:
            self.reject(topic, "a page of a log this café did not ask for")
            return
        for entry in page["entries"]:
            try:
                clean = P.check(venue, table, entry["kind"], entry["body"])
            except P.Rejected as exc:
                self.reject(topic, f"an entry of the table's log: {exc}")
                continue
            self.store.take(venue, table, entry["kind"], clean, received)
            with self._lock:
                self.merged += 1
        self._next(venue, table, asked, page["next"])

    def _next(self, venue: str, table: str, asked: dict, following: int | None) -> None:
        with self._lock:  # a page after the last one (or a repeat) was not asked for
            asked["after"] = following if following is not None else -1
            if following is None:
                self.finished.add((venue, table))
        if following is None:
            log.info("history caught up from table %s/%s's log", venue, table)
            return
        if asked["pages"] >= MAX_PAGES:
            asked["after"] = -1
            log.warning("table %s/%s sent %d log pages: no more asked", venue, table, MAX_PAGES)
            return
        self.send(venue, table, T.log_request_payload(asked["request"], asked["since"], following))
