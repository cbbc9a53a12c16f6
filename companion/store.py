"""SQLite persistence: one append-only log per game, durable across a kill -9.

Each record is committed as it is appended (WAL, synchronous=FULL), so a server killed
mid-game resumes with nothing lost by replaying the log. Rows are never updated or
deleted; a finished game's result is cached in `games.result` for the list of past games.

Every write is one transaction that numbers the record from the database itself, so a write
that fails (a busy database, a full disk, text that cannot be stored) leaves nothing behind
and the next one takes the same number. A busy database is waited for briefly, then reported
as `StoreUnavailableError`; closing checkpoints the write-ahead log into the main file.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, TypeVar

from .errors import MalformedRecordError, StoreUnavailableError
from .session import Session

log = logging.getLogger(__name__)
T = TypeVar("T")
# How long a write waits for another process holding the database before it gives up.
BUSY_TIMEOUT_S = 2.0
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


class DamagedStoreError(MalformedRecordError):
    """The database file is damaged or was edited: reported, never silently replaced."""


def set_aside(path: str | Path) -> Path:
    """Rename a damaged database (and its -wal / -shm files) out of the way; returns the new
    name of the main file. Nothing is deleted: it can still be rescued by hand."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.rename(Path(f"{target}{suffix}"))
    return target


class GameStore:
    def __init__(self, path: str | Path, *, busy_timeout_s: float = BUSY_TIMEOUT_S):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        try:
            self._db = sqlite3.connect(
                str(self.path),
                check_same_thread=False,
                isolation_level=None,
                timeout=busy_timeout_s,
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
            problem = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise sqlite3.DatabaseError(problem)
            orphans = self._db.execute(
                "SELECT COUNT(DISTINCT game_id) FROM records "
                "WHERE game_id NOT IN (SELECT id FROM games)"
            ).fetchone()[0]
        except sqlite3.OperationalError as exc:
            self._close_quietly()
            if _is_busy(exc):
                raise StoreUnavailableError(
                    f"{self.path} is locked by another program; close it and start again"
                ) from None
            raise self._damaged(exc) from None
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            raise self._damaged(exc) from None
        if orphans:
            self._close_quietly()
            raise DamagedStoreError(
                f"{self.path}: the games table is missing {orphans} game(s) whose logs are still "
                "there (it was emptied or edited); the file was left untouched. Start with "
                "--fresh to move it aside and begin a new database, or restore a copy"
            )

    def _damaged(self, exc: Exception) -> DamagedStoreError:
        return DamagedStoreError(
            f"{self.path} is not a usable game database ({exc}); it was left untouched. "
            "Start with --fresh to move it aside and begin a new database, or try "
            f"'sqlite3 {self.path} .recover' to rescue what it holds"
        )

    def _close_quietly(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def close(self) -> None:
        """Fold the write-ahead log into the main file and close (on every orderly stop)."""
        with self._lock:
            if self._db is None:
                return
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:  # closing below still checkpoints when it can
                log.warning("checkpointing %s failed: %s", self.path, exc)
            self._db.close()
            self._db = None

    # -- writing: one transaction each, numbered by the database ---------------------------
    def _write(self, what: str, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            db = self._db
            if db is None:
                raise StoreUnavailableError(f"the game database {self.path} is closed")
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._unavailable(what, exc) from None
            try:
                result = work(db)
                db.execute("COMMIT")
                return result
            except BaseException as exc:
                db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise self._unavailable(what, exc) from None
                raise

    def _unavailable(self, what: str, exc: sqlite3.Error) -> StoreUnavailableError:
        log.error("%s in %s failed: %s", what, self.path, exc)
        if _is_busy(exc):
            return StoreUnavailableError(
                f"the game database is busy (another program holds {self.path.name}); "
                "nothing was recorded, try again in a moment"
            )
        return StoreUnavailableError(
            f"the game database {self.path.name} could not be written ({exc}); nothing was recorded"
        )

    def new_game(self, session: Session) -> int:
        """Store a fresh session and keep appending to it. Returns the game id.

        The game row and its first records go in together: a game that cannot be stored
        leaves no empty row behind."""
        setup = _encode(session.setup.to_dict())

        def write(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, created, setup) VALUES (?, ?, ?)",
                (session.game.info.slug, _started(session), setup),
            )
            game_id = cur.lastrowid
            assert game_id is not None  # set by every INSERT
            for seq, record in enumerate(session.records):
                db.execute(
                    "INSERT INTO records (game_id, seq, body) VALUES (?, ?, ?)",
                    (game_id, seq, _encode(dict(record, seq=seq))),
                )
            return game_id

        game_id = self._write("storing a new game", write)
        session._sink = lambda record: self.append(game_id, record)
        return game_id

    def append(self, game_id: int, record: dict) -> int:
        """Append one record; returns the number the database gave it."""

        def write(db: sqlite3.Connection) -> int:
            seq = db.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM records WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            db.execute(
                "INSERT INTO records (game_id, seq, body) VALUES (?, ?, ?)",
                (game_id, seq, _encode(dict(record, seq=seq))),
            )
            return seq

        return self._write(f"appending to game {game_id}", write)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            if self._db is None:
                raise StoreUnavailableError(f"the game database {self.path} is closed")
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise self._unavailable("reading", exc) from None

    def records(self, game_id: int) -> list[dict]:
        rows = self._read(
            "SELECT seq, body FROM records WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        if not rows:
            raise MalformedRecordError(f"game {game_id} does not exist in {self.path}")
        out = []
        for seq, body in rows:
            try:
                out.append(json.loads(body))
            except (ValueError, RecursionError, TypeError):
                if not out:  # without its set-up the game cannot be rebuilt at all
                    raise MalformedRecordError(
                        f"game {game_id}, log entry {seq} in {self.path} is corrupted"
                    ) from None
                # A later entry stays in its place so a replay reports it and sets it aside.
                out.append({"seq": seq, "type": "unreadable", "body": str(body)[:200]})
        return out

    def load(self, game_id: int) -> Session:
        """Rebuild a stored game by replaying its log, and keep appending to it.

        A stored record that cannot be replayed is reported (logged, and refused in the
        game's log with its reason) and set aside; the rest of the game opens as it was."""
        session = Session.replay(self.records(game_id), tolerant=True)
        for entry in session.set_aside:
            log.warning(
                "game %s, log entry %s in %s was set aside: %s",
                game_id,
                entry["seq"],
                self.path,
                entry["reason"],
            )
        session._sink = lambda record: self.append(game_id, record)
        return session

    def finish(self, game_id: int, session: Session) -> None:
        outcome = session.game.outcome(session.state)
        result: dict[str, Any] = {
            "scores": [s.to_dict() for s in session.game.score(session.state)],
            "outcome": outcome.to_dict() if outcome else None,
        }
        body = _encode(result)
        self._write(
            f"storing the result of game {game_id}",
            lambda db: db.execute("UPDATE games SET result = ? WHERE id = ?", (body, game_id)),
        )

    def reopen(self, game_id: int) -> None:
        """A finished game whose last move was undone is unfinished again (and resumes)."""
        self._write(
            f"reopening game {game_id}",
            lambda db: db.execute(
                "UPDATE games SET result = NULL WHERE id = ? AND result IS NOT NULL", (game_id,)
            ),
        )

    def games(self) -> list[dict]:
        rows = self._read("SELECT id, game, created, setup, result FROM games ORDER BY id DESC")
        return [
            {
                "id": r[0],
                "game": r[1],
                "created": r[2],
                "setup": json.loads(r[3]),
                "result": json.loads(r[4]) if r[4] else None,
            }
            for r in rows
        ]

    def latest_unfinished(self, game: str | None = None) -> int | None:
        for row in self.games():
            if row["result"] is None and (game is None or row["game"] == game):
                return row["id"]
        return None


def _started(session: Session) -> float:
    """When the game was set up: its set-up record's time (an imported game keeps its own)."""
    ts = session.records[0].get("ts") if session.records else None
    return ts if isinstance(ts, (int, float)) else time.time()


def open_store(path: str | Path, *, fresh: bool = False) -> GameStore:
    """The store at `path`; with `fresh`, a damaged file is first set aside (kept, renamed)
    and a new database begun, with a warning saying where the old one went."""
    try:
        return GameStore(path)
    except DamagedStoreError:
        if not fresh:
            raise
    moved = set_aside(path)
    log.warning("%s was damaged: kept as %s, starting a new database", path, moved.name)
    return GameStore(path)


def _encode(data: Any) -> str:
    """JSON text SQLite can store as UTF-8; a lone surrogate (which no UTF-8 text can hold)
    is refused as bad input before anything is written."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise MalformedRecordError(
            "text with a lone surrogate (half of a UTF-16 pair, e.g. \\ud800) cannot be "
            "stored; send real characters"
        ) from None
    return text


def _is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text
