"""A table's events on their way to the broker: built from the session, sent, acknowledged.

The table's SQLite log is the outbox (see `cafe.table`): records become event payloads under
the runtime's lock (`collect`), are handed to the MQTT client only while it is connected
(`catch_up`), and each PUBACK, in order, moves the persisted cursor (`drain_pubacks`). Games
published in part before a restart are replayed from the log first.
"""

from __future__ import annotations

import logging
import queue
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from companion.session import Session

from . import topics as T
from .outbox import PublishedCursor

log = logging.getLogger("cafe.table")


class EventOutbox:
    """Where publishing stands: the persisted cursor, and what is built, sent, in flight."""

    def __init__(self, runtime: Any, topics: T.TableTopics, send: Callable[[dict], int]):
        self.runtime = runtime
        self.topics = topics
        # Hands one event payload to the MQTT client; returns the message id of its PUBACK.
        self._send = send
        self.cursor = PublishedCursor(runtime.store.path, topics.base)
        self._acked: dict[int, int] = self.cursor.acknowledged()
        # game id -> last seq made into a payload (under the runtime's lock) / handed to paho
        self._built: dict[int, int] = dict(self._acked)
        self._sent: dict[int, int] = dict(self._acked)
        self._ready: deque[tuple[int, dict]] = deque()  # built, not yet handed to paho
        self._session: Session | None = None
        self._game_id: int | None = None
        self._in_flight: deque[tuple[int, int, int]] = deque()  # (mid, game id, seq), in order
        self._acked_mids: set[int] = set()
        self._puback_queue: queue.SimpleQueue[int] = queue.SimpleQueue()
        self._backlog: list[int] = self._games_with_backlog()
        self.published_events = 0

    # -- on the runtime's changing thread, under its lock -----------------------------------
    def collect(self) -> None:
        """New log records -> event payloads, in order (the caller holds the runtime's lock)."""
        session, game_id = self.runtime.session, self.runtime.game_id
        if self._session is not None and self._game_id is not None and self._session is not session:
            self._collect_from(self._game_id, self._session)  # the rest of the previous game
        self._session, self._game_id = session, game_id
        self._collect_from(game_id, session)

    def _collect_from(self, game_id: int, session: Session) -> None:
        first = self._built.get(game_id, -1) + 1
        records = session.records[first:]
        for record in records:
            self._ready.append((game_id, self._event(game_id, session, record)))
        if records:
            self._built[game_id] = records[-1]["seq"]

    def _event(self, game_id: int, session: Session, record: dict) -> dict:
        verdicts = _verdicts_of(session, record["seq"])
        return T.event_payload(self.topics, game_id, session, record, verdicts)

    # -- on the publishing thread, while connected -------------------------------------------
    def catch_up(self) -> None:
        """Hand the client every event not yet sent, an earlier game's first."""
        for old_game in self._backlog:
            self._publish_old_game(old_game)
        self._backlog = []
        with self.runtime.lock:
            self.collect()
        while self._ready:
            game_id, payload = self._ready.popleft()
            self._publish_event(game_id, payload)

    def _publish_event(self, game_id: int, payload: dict) -> None:
        payload["sent"] = round(time.time(), 4)  # with `ts`: time spent in the table itself
        mid = self._send(payload)
        self._in_flight.append((mid, game_id, payload["seq"]))
        self._sent[game_id] = payload["seq"]
        self.published_events += 1

    def _publish_old_game(self, game_id: int) -> None:
        """Records of an earlier game not yet sent: replayed from the table's SQLite log."""
        records = self.runtime.store.records(game_id)
        first = self._built.get(game_id, -1) + 1
        if first >= len(records):
            return
        session = Session.replay(records)
        for record in records[first:]:
            self._publish_event(game_id, self._event(game_id, session, record))
        self._built[game_id] = max(self._built.get(game_id, -1), records[-1]["seq"])

    # -- acknowledgements ----------------------------------------------------------------------
    def note_puback(self, mid: int) -> None:
        """On paho's network thread: note it, the publishing thread does the rest."""
        self._puback_queue.put(mid)

    def drain_pubacks(self) -> None:
        """Advance the persisted cursor over the messages acknowledged in order."""
        while True:
            try:
                self._acked_mids.add(self._puback_queue.get_nowait())
            except queue.Empty:
                break
        latest: dict[int, int] = {}
        while self._in_flight and self._in_flight[0][0] in self._acked_mids:
            mid, game_id, seq = self._in_flight.popleft()
            self._acked_mids.discard(mid)
            latest[game_id] = seq
        for game_id, seq in latest.items():
            self._acked[game_id] = seq
            self.cursor.save(game_id, seq)
        if not self._in_flight:
            self._acked_mids.clear()  # PUBACKs of state, status and alert messages

    def pending(self) -> bool:
        """Records not yet sent, or sent and not yet acknowledged."""
        return self._pending_records() or bool(self._in_flight)

    def _pending_records(self) -> bool:
        with self.runtime.lock:
            built = self._built.get(self.runtime.game_id, -1)
            return bool(self._ready) or built < len(self.runtime.session.records) - 1

    def _games_with_backlog(self) -> list[int]:
        """Games this table published part of before a restart, whose log has grown since."""
        current = self.runtime.game_id
        pending = []
        for game_id, seq in self._acked.items():
            if game_id == current:
                continue
            try:
                if len(self.runtime.store.records(game_id)) - 1 > seq:
                    pending.append(game_id)
            except Exception:  # noqa: BLE001 - a game no longer in the file has nothing to send
                continue
        return sorted(pending)

    def close(self) -> None:
        self.cursor.close()


def _verdicts_of(session: Session, seq: int) -> list:
    """The verdicts a record produced (appended in record order, so search from the end)."""
    found = []
    for verdict in reversed(session.verdicts):
        if verdict.seq < seq:
            break
        if verdict.seq == seq:
            found.append(verdict)
    found.reverse()
    return found
