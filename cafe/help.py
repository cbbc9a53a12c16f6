"""A call for help from a table: a player's tap on "Call staff", or raised by the table itself
when play looks stuck (several refused moves in a short time, or no accepted move for a long
stretch while a game is being played). It reaches the café as an alert of kind `help` on the
table's `alerts` topic; staff acknowledge it ("someone is coming", shown at the table) and
clear it from the café page (an `ack` with `"action": "clear"`)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

REASONS = {
    "called": {
        "en": "A player called for staff.",
        "zh-TW": "玩家呼叫店員。",
    },
    "refused_moves": {
        "en": "Several moves were refused in a short time: the players may need the rules.",
        "zh-TW": "短時間內有好幾步被拒絕：玩家可能需要有人說明規則。",
    },
    "no_progress": {
        "en": "No move has been accepted for a long time: the game may be stuck.",
        "zh-TW": "很久沒有被接受的一步：遊戲可能卡住了。",
    },
}


@dataclass(frozen=True)
class HelpThresholds:
    refused_moves: int = 3
    refused_window_s: float = 120.0
    no_move_min: float = 15.0


class HelpDesk:
    """One table's call for help (at most one at a time), shared by the table's page (a tap),
    its café publisher (stuck detection, acknowledgements from staff) and the page's status."""

    def __init__(self, thresholds: HelpThresholds, clock: Callable[[], float] = time.time):
        self.thresholds = thresholds
        self.clock = clock
        self._lock = threading.Lock()
        self._call: dict | None = None
        self._quiet_since = clock()  # nothing before this counts towards "stuck"

    def tap(self) -> dict:
        """A player pressed "Call staff" (again: the same call stays)."""
        return self._raise("called")

    def _raise(self, reason: str) -> dict:
        with self._lock:
            if self._call is None:
                self._call = {"reason": reason, "since": round(self.clock(), 3), "ack": None}
            return dict(self._call)

    def check(self, session: Any, playing: bool) -> None:
        """Raise a call when play looks stuck (the caller holds the runtime's lock)."""
        if self._call is not None:
            return
        now = self.clock()
        limits = self.thresholds
        since = max(self._quiet_since, now - limits.refused_window_s)
        refused = 0
        last_accepted = None
        for verdict in reversed(session.verdicts):
            at = _when(session, verdict.seq)
            if verdict.accepted and verdict.move is not None:
                last_accepted = at
                break
            if not verdict.accepted and at is not None and at >= since:
                refused += 1
        if refused >= limits.refused_moves:
            self._raise("refused_moves")
        elif playing:
            quiet_from = max(self._quiet_since, last_accepted or 0)
            if now - quiet_from >= limits.no_move_min * 60:
                self._raise("no_progress")

    def acknowledge(self) -> bool:
        with self._lock:
            if self._call is None or self._call["ack"] is not None:
                return False
            self._call["ack"] = round(self.clock(), 3)
            return True

    def clear(self) -> bool:
        with self._lock:
            cleared, self._call = self._call is not None, None
            self._quiet_since = self.clock()  # what was stuck before does not call again
            return cleared

    def alert(self) -> dict | None:
        """The call as an entry of the table's alerts (TOPICS.md, kind `help`)."""
        with self._lock:
            call = dict(self._call) if self._call else None
        if call is None:
            return None
        return {
            "id": f"help:{call['reason']}",
            "kind": "help",
            "code": call["reason"],
            "message": dict(REASONS[call["reason"]]),
            "cards": [],
            "since": call["since"],
            "acknowledged": call["ack"] is not None,
            "acknowledged_at": call["ack"],
        }

    def status(self) -> dict:
        """For the table's page: is a call open, since when, and has staff seen it."""
        with self._lock:
            call = dict(self._call) if self._call else None
        if call is None:
            return {"open": False}
        return {
            "open": True,
            "reason": call["reason"],
            "since": call["since"],
            "acknowledged_at": call["ack"],
        }


def _when(session: Any, seq: int) -> float | None:
    records = session.records
    return records[seq].get("ts") if 0 <= seq < len(records) else None
