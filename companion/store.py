"""SQLite persistence: one append-only log per game, durable across a kill -9.

Each record is committed as it is appended (WAL, synchronous=FULL), so a server killed
mid-game resumes with nothing lost by replaying the log. Rows are never updated or
deleted; a finished game's result is cached in `games.result` for the list of past games.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .errors import MalformedRecordError
from .session import Session

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    setup TEXT NOT NULL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS records (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class GameStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(str(self.path), check_same_thread=False,
                                       isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise MalformedRecordError(
                f"{self.path} is not a usable game database ({exc}); it was left untouched") from None

    def close(self) -> None:
        self._db.close()

    def new_game(self, session: Session) -> int:
        """Store a fresh session and keep appending to it. Returns the game id."""
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO games (game, created, setup) VALUES (?, ?, ?)",
                (session.game.info.slug, time.time(), json.dumps(session.setup.to_dict())))
            game_id = cur.lastrowid
        for record in session.records:
            self.append(game_id, record)
        session._sink = lambda record: self.append(game_id, record)
        return game_id

    def append(self, game_id: int, record: dict) -> None:
        with self._lock:
            self._db.execute("INSERT INTO records (game_id, seq, body) VALUES (?, ?, ?)",
                             (game_id, record["seq"], json.dumps(record, ensure_ascii=False)))

    def records(self, game_id: int) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, body FROM records WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        if not rows:
            raise MalformedRecordError(f"game {game_id} does not exist in {self.path}")
        out = []
        for seq, body in rows:
            try:
                out.append(json.loads(body))
            except json.JSONDecodeError:
                raise MalformedRecordError(
                    f"game {game_id}, log entry {seq} in {self.path} is corrupted") from None
        return out

    def load(self, game_id: int) -> Session:
        """Rebuild a stored game by replaying its log, and keep appending to it."""
        session = Session.replay(self.records(game_id))
        session._sink = lambda record: self.append(game_id, record)
        return session

    def finish(self, game_id: int, session: Session) -> None:
        outcome = session.game.outcome(session.state)
        result: dict[str, Any] = {"scores": [s.to_dict() for s in session.game.score(session.state)],
                                  "outcome": outcome.to_dict() if outcome else None}
        with self._lock:
            self._db.execute("UPDATE games SET result = ? WHERE id = ?",
                             (json.dumps(result, ensure_ascii=False), game_id))

    def reopen(self, game_id: int) -> None:
        """A finished game whose last move was undone is unfinished again (and resumes)."""
        with self._lock:
            self._db.execute("UPDATE games SET result = NULL WHERE id = ? AND result IS NOT NULL",
                             (game_id,))

    def games(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, created, setup, result FROM games ORDER BY id DESC").fetchall()
        return [{"id": r[0], "game": r[1], "created": r[2], "setup": json.loads(r[3]),
                 "result": json.loads(r[4]) if r[4] else None} for r in rows]

    def latest_unfinished(self, game: str | None = None) -> int | None:
        for row in self.games():
            if row["result"] is None and (game is None or row["game"] == game):
                return row["id"]
        return None
