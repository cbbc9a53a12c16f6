"""What `companion bench cafe` measures of the floor: how fast a table's new phase and a call
for help reach the café view, how fast staff's acknowledgement comes back from the table, and
the memory of a real `companion cafe` process (with its history file) watching the same
tables."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from .bench_measures import percentile


class FloorWatch:
    """Fed every clean message the café view takes (CafeView's `on_message`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.view: Any = None  # the CafeView, to acknowledge calls as staff would
        self.phase_ms: list[float] = []
        self.help_ms: list[float] = []
        self.ack_ms: list[float] = []
        self._phases_seen: set[tuple] = set()
        self._last_phase: dict[str, str] = {}
        self._calls_seen: set[tuple] = set()
        self._acks_sent: dict[tuple, float] = {}

    def take(
        self, venue: str, table: str, kind: str, body: dict | None, received: float, retained: bool
    ) -> None:
        if retained or body is None:
            return  # a retained copy is old news, not a measure of speed
        if kind == "state" and body.get("table_phase"):
            self._phase(table, body, received)
        elif kind == "alerts":
            for alert in body["alerts"]:
                if alert["kind"] == "help" and alert["since"] is not None:
                    self._call(venue, table, alert, received)

    def _phase(self, table: str, body: dict, received: float) -> None:
        """A table going from one phase to another (its first phase after a start or a
        restart is not a change: its `since` comes from the game's log)."""
        phase = body["table_phase"]
        key = (table, body["game_id"], phase["name"], phase["since"])
        with self.lock:
            last, self._last_phase[table] = self._last_phase.get(table), phase["name"]
            if key in self._phases_seen or phase["since"] is None:
                return
            self._phases_seen.add(key)
            if last is not None and last != phase["name"]:
                self.phase_ms.append((received - phase["since"]) * 1000)

    def _call(self, venue: str, table: str, alert: dict, received: float) -> None:
        key = (table, alert["since"])
        with self.lock:
            first = key not in self._calls_seen
            self._calls_seen.add(key)
            if first:
                self.help_ms.append((received - alert["since"]) * 1000)
            sent = self._acks_sent.get(key)
            if alert["acknowledged"] and sent is not None:
                self.ack_ms.append((received - sent) * 1000)
                del self._acks_sent[key]
        if first and not alert["acknowledged"] and self.view is not None:
            with self.lock:
                self._acks_sent[key] = time.time()
            self.view.acknowledge(venue, table, alert["id"])  # staff tap "Acknowledge"

    def figures(self) -> dict:
        with self.lock:
            return {
                "phase_latency_ms": _summary(self.phase_ms),
                "help_latency_ms": _summary(self.help_ms),
                "help_ack_round_trip_ms": _summary(self.ack_ms),
            }


def _summary(values: list[float]) -> dict:
    if not values:
        return {"p50": None, "p95": None, "max": None, "samples": 0}
    return {
        "p50": round(percentile(values, 0.5), 1),
        "p95": round(percentile(values, 0.95), 1),
        "max": round(max(values), 1),
        "samples": len(values),
    }


class CafeProcess:
    """A real `companion cafe` on the bench's broker, keeping a history file: its memory and
    what its history counted are part of the figures."""

    def __init__(self, broker_url: str, venue: str, folder: Path):
        self.folder = folder
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "cafe",
                "--port",
                "0",
                "--mqtt",
                broker_url,
                "--venue",
                venue,
                "--history",
                str(folder / "cafe-history.sqlite3"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(folder)},
        )
        self.url = None
        for line in self.process.stdout or []:
            if line.startswith("Café page"):
                self.url = line.rsplit(" ", 1)[1].strip().rstrip("/")
                break
        # every request logs a line: read them, or the pipe fills and blocks the café
        threading.Thread(
            target=lambda: [None for _ in self.process.stdout or []], daemon=True
        ).start()

    def memory_mb(self) -> dict:
        """Resident memory now and at its peak (Linux /proc)."""
        found = {}
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    found[key] = round(int(value.split()[0]) / 1024, 1)
        except OSError:
            return {"rss": None, "peak": None}
        return {"rss": found.get("VmRSS"), "peak": found.get("VmHWM")}

    def history(self) -> dict | None:
        if self.url is None:
            return None
        day = time.strftime("%Y-%m-%d")
        try:
            with urllib.request.urlopen(f"{self.url}/api/history?from={day}", timeout=10) as r:
                return json.load(r)
        except OSError:
            return None

    def tiles(self) -> int | None:
        if self.url is None:
            return None
        with urllib.request.urlopen(f"{self.url}/api/tables", timeout=10) as answer:
            return len(json.load(answer)["tables"])

    def figures(self) -> dict:
        history = self.history() or {}
        return {
            "memory_mb": self.memory_mb(),
            "tiles": self.tiles(),
            "history_games": (history.get("games") or {}).get("total"),
            "history_help_calls": (history.get("help") or {}).get("calls"),
        }

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def own_memory_mb() -> float | None:
    """This process's peak resident memory (the bench's café view runs in it)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None
