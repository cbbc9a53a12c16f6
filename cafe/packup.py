"""A table's last pack-up check ("Check the box", cafe/packup_web.py), shared by its page and
its café publisher (cafe/table.py), which sends it as an alert of kind `packup` (TOPICS.md),
and kept in the table's database file (`cafe_packup_checks`, beside the game log)."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("cafe.packup")
# Staff may ask a table to check its box at most this often (a request repeated by QoS 1, or
# a button pressed twice, starts one check).
REQUEST_EVERY_S = 5.0
# A check is for a box being put away: never while a game is being played.
REFUSED_IN = ("playing", "scoring")


class PackupDesk:
    """The table's last pack-up check, shared by its page and its café publisher."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._result: dict | None = None

    def record(self, result: dict) -> dict:
        with self._lock:
            self._result = {"at": round(time.time(), 3), **result}  # a result's own time kept
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


def latest_frame(watcher: Any):
    """The camera's newest frame, whole (a recorded game's watcher wraps the live one)."""
    watcher = getattr(watcher, "watcher", watcher)
    return getattr(watcher, "last_image", None)


def check_now(runtime: Any, desk: PackupDesk) -> dict | None:
    """Read the camera's newest frame for the whole box now; the kept result, or None without
    a frame. Kept as the desk's last check and in the table's database file."""
    from vision.packup import check_frames

    frame = latest_frame(runtime.watcher)
    if frame is None:
        return None
    with runtime.lock:
        game, game_id = runtime.session.game.info.slug, runtime.game_id
    result = {**check_frames(game, [frame]).to_dict(), "at": round(time.time(), 3)}
    # In the file before the desk shows it: whoever sees the result can find it kept.
    log_check(runtime.store.path, game_id, result)
    kept = desk.record(result)
    log.info("pack-up check of %s: %s", game, " ".join(s["en"] for s in result["sentences"]))
    return kept


class PackupRequests:
    """Staff asking a table from the café page to check its box: an `ack` message with
    `"action": "packup_check"` (TOPICS.md). The table checks the request (version, not while a
    game is played, not while a check runs nor within REQUEST_EVERY_S after one) and runs the
    check on a thread of its own (never on the MQTT network thread); `done` wakes its
    publisher."""

    def __init__(self, runtime: Any, desk: PackupDesk, done: Callable[[], None]):
        self.runtime = runtime
        self.desk = desk
        self.done = done
        self._lock = threading.Lock()
        self._running = False
        self._last = -REQUEST_EVERY_S  # when the last check ended (monotonic)

    def handle(self, body: dict, phase: str | None) -> bool:
        """True when a check was started."""
        if body.get("v") != 1 or body.get("by") != "staff":
            log.warning("ignored a pack-up request that is not version 1 from staff")
            return False
        if phase in REFUSED_IN:
            log.warning("ignored a pack-up request while a game is being played")
            return False
        with self._lock:  # one check at a time, and none again right after one
            now = time.monotonic()
            if self._running or now - self._last < REQUEST_EVERY_S:
                return False
            self._running, self._last = True, now
        threading.Thread(target=self._run, name="packup-check", daemon=True).start()
        return True

    def _run(self) -> None:
        try:
            if check_now(self.runtime, self.desk) is None:
                log.warning("pack-up check asked for, but the table has no camera frame")
        except Exception:  # a failed check must not take the table down (logged)
            log.exception("the pack-up check failed")
        with self._lock:
            self._running, self._last = False, time.monotonic()
        self.done()
