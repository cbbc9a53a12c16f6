"""The table's outbox cursor: the last record of each game the broker acknowledged."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

CURSOR_SCHEMA = """
CREATE TABLE IF NOT EXISTS cafe_published (
    topic TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (topic, game_id)
);
"""


class PublishedCursor:
    """The last record of each game the broker acknowledged, per table topic; in the table's
    database file, in a table of its own (the game log itself is never touched)."""

    def __init__(self, path: str | Path, topic: str):
        self.topic = topic
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=10
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        # Not synced to disk at each PUBACK (one per event: 200 tables' fsyncs): a crash of
        # the process loses nothing (WAL); a power cut may lose the latest moves of the cursor,
        # so the table sends those events again, and every consumer drops a repeat by its seq.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(CURSOR_SCHEMA)

    def acknowledged(self) -> dict[int, int]:
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, seq FROM cafe_published WHERE topic = ?", (self.topic,)
            ).fetchall()
        return {game_id: seq for game_id, seq in rows}

    def save(self, game_id: int, seq: int) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO cafe_published (topic, game_id, seq) VALUES (?, ?, ?) "
                "ON CONFLICT (topic, game_id) DO UPDATE SET seq = max(seq, excluded.seq)",
                (self.topic, game_id, seq),
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()
