"""The café's evening, kept: a SQLite file the café process writes from the broker's messages.

What is kept (each row keyed so that the same message seen again — a retained copy after a
restart, a QoS 1 repeat, a queued copy of a persistent session — changes nothing):

    phases      a table entering a phase       (venue, table, game id, phase, since)
    games       a game over, with its scores   (venue, table, game id, created or ended)
    help_calls  a call for help, when staff acknowledged it and when it went
                                               (venue, table, since)
    packups     a pack-up check's result       (venue, table, its time)

Times are the tables' own clocks (seconds since 1970), as in their payloads. The file also
keeps the café's MQTT client id: a café process restarted on the same file resumes its
persistent session, so the broker hands it what was sent while it was away (retained messages
give the rest). `HistoryStore.take` is called by the café view's MQTT thread with clean
payloads (cafe.payloads); a database that stops working is logged once and the floor goes on.
The reports read from it are in cafe.history_report.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import uuid
from contextlib import closing
from pathlib import Path

from companion.errors import CompanionError

log = logging.getLogger("cafe.history")

FORMAT = "companion-cafe-history 1"
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS phases (
    venue TEXT NOT NULL, tbl TEXT NOT NULL, game_id INTEGER NOT NULL,
    name TEXT NOT NULL, since REAL NOT NULL,
    PRIMARY KEY (venue, tbl, game_id, name, since));
CREATE TABLE IF NOT EXISTS games (
    venue TEXT NOT NULL, tbl TEXT NOT NULL, game_id INTEGER NOT NULL, game_key REAL NOT NULL,
    game TEXT NOT NULL, name TEXT NOT NULL, started REAL, ended REAL NOT NULL,
    scores TEXT NOT NULL, winners TEXT NOT NULL,
    PRIMARY KEY (venue, tbl, game_id, game_key));
CREATE TABLE IF NOT EXISTS help_calls (
    venue TEXT NOT NULL, tbl TEXT NOT NULL, since REAL NOT NULL, code TEXT,
    acknowledged_at REAL, cleared_at REAL,
    PRIMARY KEY (venue, tbl, since));
CREATE TABLE IF NOT EXISTS packups (
    venue TEXT NOT NULL, tbl TEXT NOT NULL, at REAL NOT NULL, complete INTEGER NOT NULL,
    missing INTEGER NOT NULL,
    PRIMARY KEY (venue, tbl, at));
CREATE INDEX IF NOT EXISTS phases_by_time ON phases (venue, tbl, since);
CREATE INDEX IF NOT EXISTS games_by_end ON games (ended);
CREATE INDEX IF NOT EXISTS help_calls_by_time ON help_calls (since);
CREATE INDEX IF NOT EXISTS packups_by_time ON packups (at);
"""
TABLES = ("meta", "phases", "games", "help_calls", "packups")


class HistoryError(CompanionError):
    """A history file that cannot be used (one clear line); the live floor goes on without."""


def default_path() -> Path:
    """$XDG_DATA_HOME/companion/cafe-history.sqlite3 (~/.local/share/... without it)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion" / "cafe-history.sqlite3"


class HistoryStore:
    """The history file, written from one thread (paho's) and read by the page's threads."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self.failure: str | None = None  # set once writing failed: the view stops feeding it
        # what was last written per table, so a repeated state costs no write
        self._seen: dict[tuple, object] = {}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._claim = _claim(self.path)
            self.db = sqlite3.connect(str(self.path), timeout=5, check_same_thread=False)
            self._open()
        except (OSError, sqlite3.Error) as exc:
            if hasattr(self, "_claim"):
                self._claim.close()
            raise HistoryError(f"cannot use the café history file {self.path}: {exc}") from None

    def _open(self) -> None:
        db = self.db
        found = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if found and "meta" not in found:
            raise sqlite3.DatabaseError("it is another program's database, not a café history")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        with db:
            db.executescript(SCHEMA)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (FORMAT,))
            db.execute(
                "INSERT OR IGNORE INTO meta VALUES ('client_id', ?)",
                (f"companion-cafe-history-{uuid.uuid4().hex[:12]}",),
            )
        if self.meta("format") != FORMAT:
            raise sqlite3.DatabaseError(f"its format is {self.meta('format')!r}, not {FORMAT!r}")
        problem = db.execute("PRAGMA quick_check").fetchone()[0]
        if problem != "ok":
            raise sqlite3.DatabaseError(f"it is damaged ({problem})")

    def meta(self, key: str) -> str | None:
        with self._lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @property
    def client_id(self) -> str:
        """The café view's MQTT client id for a persistent session (kept in the file)."""
        return self.meta("client_id") or "companion-cafe-history"

    def close(self) -> None:
        with self._lock:
            self.db.close()
        self._claim.close()

    def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows for a report (cafe.history_report); HistoryError when the file fails."""
        try:
            with self._lock:
                return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise HistoryError(f"cannot read the café history {self.path}: {exc}") from None

    def watermarks(self) -> dict[tuple[str, str], float]:
        """(venue, table) -> the latest time (the table's clock) this file holds of that table:
        where a catch-up from the table's own log starts (cafe.catchup)."""
        rows = self.read(
            "SELECT venue, tbl, MAX(t) FROM ("
            " SELECT venue, tbl, since AS t FROM phases"
            " UNION ALL SELECT venue, tbl, ended FROM games"
            " UNION ALL SELECT venue, tbl, COALESCE(cleared_at, acknowledged_at, since)"
            " FROM help_calls"
            " UNION ALL SELECT venue, tbl, at FROM packups) GROUP BY venue, tbl"
        )
        return {(venue, table): latest for venue, table, latest in rows if latest is not None}

    # -- fed by the café view (paho's thread) ----------------------------------------------
    def take(self, venue: str, table: str, kind: str, body: dict | None, received: float) -> None:
        """One clean message (cafe.payloads.read); what it adds to the history is written."""
        if self.failure is not None:
            return
        try:
            if kind == "state" and body is not None:
                self._take_state(venue, table, body)
            elif kind == "alerts":
                self._take_alerts(venue, table, body, received)
        except sqlite3.Error as exc:
            self.failure = f"cannot write the café history {self.path}: {exc}"
            log.error("%s; the floor goes on without history", self.failure)

    def _write(self, sql: str, rows: list[tuple]) -> None:
        if not rows:
            return
        with self._lock, self.db:
            self.db.executemany(sql, rows)

    def _take_state(self, venue: str, table: str, state: dict) -> None:
        phase = state.get("table_phase")
        if not phase or phase["since"] is None:
            return  # an older table: it senses no phase, and a game's times are unknown
        game_id = state["game_id"]
        entry = (game_id, phase["name"], phase["since"], bool(state["over"]))
        if self._seen.get(("state", venue, table)) == entry:
            return
        self._write(
            "INSERT OR IGNORE INTO phases VALUES (?, ?, ?, ?, ?)",
            [(venue, table, game_id, phase["name"], phase["since"])],
        )
        ended = phase["ended"]
        if state["over"] and ended is not None:
            created = state.get("created")
            self._write(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        venue,
                        table,
                        game_id,
                        created if created is not None else ended,
                        state["game"]["slug"],
                        json.dumps(state["game"]["name"], ensure_ascii=False),
                        phase["started"],
                        ended,
                        json.dumps(state["scores"], ensure_ascii=False),
                        json.dumps(state["winners"], ensure_ascii=False),
                    )
                ],
            )
        self._seen[("state", venue, table)] = entry

    def _take_alerts(self, venue: str, table: str, body: dict | None, received: float) -> None:
        alerts = (body or {}).get("alerts") or []
        calls = [a for a in alerts if a["kind"] == "help" and a["since"] is not None]
        checks = [a for a in alerts if a["kind"] == "packup" and a["since"] is not None]
        entry = [(a["since"], a["acknowledged_at"]) for a in calls] + [a["since"] for a in checks]
        if self._seen.get(("alerts", venue, table)) == entry:
            return
        stamped = (body or {}).get("ts")  # the table's clock; `received` is the café's
        at = stamped or received
        self._write(
            "INSERT OR IGNORE INTO help_calls VALUES (?, ?, ?, ?, NULL, NULL)",
            [(venue, table, a["since"], a["code"]) for a in calls],
        )
        self._write(
            "UPDATE help_calls SET acknowledged_at = ? "
            "WHERE venue = ? AND tbl = ? AND since = ? AND acknowledged_at IS NULL",
            [(a["acknowledged_at"], venue, table, a["since"]) for a in calls if a["acknowledged"]],
        )
        open_calls = {a["since"] for a in calls}
        with self._lock, self.db:
            waiting = self.db.execute(
                "SELECT since FROM help_calls WHERE venue = ? AND tbl = ? AND cleared_at IS NULL",
                (venue, table),
            ).fetchall()
            # a call raised after this message (an older one, caught up from the table's log
            # after newer live ones: cafe.catchup) is not cleared by it
            self.db.executemany(
                "UPDATE help_calls SET cleared_at = ? WHERE venue = ? AND tbl = ? AND since = ?",
                [
                    (at, venue, table, since)
                    for (since,) in waiting
                    if since not in open_calls and (stamped is None or since <= stamped)
                ],
            )
        self._write(
            "INSERT OR IGNORE INTO packups VALUES (?, ?, ?, ?, ?)",
            [
                (venue, table, a["since"], int(a["code"] == "complete"), len(a["cards"]))
                for a in checks
            ],
        )
        self._seen[("alerts", venue, table)] = entry


def _claim(path: Path):
    """One café process per history file: a second one would resume the same MQTT session
    and the broker would keep replacing one connection by the other. The lock goes with the
    process (also when it dies)."""
    handle = open(path.with_name(path.name + ".lock"), "a")
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:  # not on Linux or macOS: no check
        pass
    except OSError:
        handle.close()
        raise OSError("another café process is using it") from None
    return handle


def open_history(path: str | Path | None) -> tuple[HistoryStore | None, str | None]:
    """(the store, None), or (None, the one-line reason) when the file cannot be used."""
    try:
        return HistoryStore(path if path is not None else default_path()), None
    except HistoryError as exc:
        return None, str(exc)


def counts(path: str | Path) -> dict[str, int]:
    """Rows per table of a history file (for tests and a quick look)."""
    with closing(sqlite3.connect(str(path))) as db:
        return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES[1:]}
