"""A table's last pack-up check ("Check the box", cafe/packup_web.py), shared by its page and
its café publisher (cafe/table.py), which sends it as an alert of kind `packup` (TOPICS.md),
and kept in the table's database file (`cafe_packup_checks`, beside the game log)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path


class PackupDesk:
    """The table's last pack-up check, shared by its page and its café publisher."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._result: dict | None = None

    def record(self, result: dict) -> dict:
        with self._lock:
            self._result = {**result, "at": round(time.time(), 3)}
            return dict(self._result)

    def last(self) -> dict | None:
        with self._lock:
            return dict(self._result) if self._result else None

    def clear(self) -> bool:
        """Staff saw the result at the café: the alert goes (the table's page keeps it)."""
        with self._lock:
            if self._result is None or self._result.get("seen"):
                return False
            self._result["seen"] = True
            return True

    def alert(self) -> dict | None:
        """The last check as an entry of the table's alerts (TOPICS.md, kind `packup`)."""
        result = self.last()
        if result is None or result.get("seen"):
            return None
        sentences = result["sentences"]
        return {
            "id": f"packup:{result['at']}",
            "kind": "packup",
            "code": "complete" if result["complete"] else "incomplete",
            "message": {
                lang: " ".join(s[lang] for s in sentences)[:500] for lang in ("en", "zh-TW")
            },
            "cards": [m["payload"] for m in result["missing"]][:64],
            "since": result["at"],
            "acknowledged": False,
            "acknowledged_at": None,
        }


LOG_SCHEMA = """
CREATE TABLE IF NOT EXISTS cafe_packup_checks (
    at REAL NOT NULL,
    game_id INTEGER,
    game TEXT NOT NULL,
    complete INTEGER NOT NULL,
    result TEXT NOT NULL
);
"""


def log_check(path: str | Path, game_id: int | None, result: dict) -> None:
    """Keep a check in the table's database file, in a table of its own (the game log itself
    is never touched), so the evening's checks outlive the table process."""
    with closing(sqlite3.connect(str(path), timeout=10)) as db, db:
        db.executescript(LOG_SCHEMA)
        db.execute(
            "INSERT INTO cafe_packup_checks (at, game_id, game, complete, result) "
            "VALUES (?, ?, ?, ?, ?)",
            (result["at"], game_id, result["game"], int(result["complete"]), json.dumps(result)),
        )


def logged_checks(path: str | Path, limit: int = 20) -> list[dict]:
    """The table's latest checks, newest first."""
    with closing(sqlite3.connect(str(path), timeout=10)) as db:
        db.executescript(LOG_SCHEMA)
        rows = db.execute(
            "SELECT game_id, result FROM cafe_packup_checks ORDER BY at DESC LIMIT ?", (limit,)
        ).fetchall()
    return [{**json.loads(result), "game_id": game_id} for game_id, result in rows]
