"""Game records on disk: a JSON record or a JSONL event log (see README, "Record format").

JSON record::

    {"format": "table-companion-record", "version": 1,
     "game": "musee", "setup": {"players": 2, "names": [...], "options": {...}},
     "log": [ {"type": "move", "move": {...}}, {"type": "event", "event": {...}}, ... ],
     "expected": {...}}            # optional: golden transcripts state what must come out

JSONL event log: one record per line, the first being
``{"type": "setup", "game": ..., "setup": {...}}`` — exactly what a session appends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import MalformedRecordError
from .validation import MAX_JSON_BYTES, load_json

RECORD_FORMAT = "table-companion-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    game: str
    setup: dict
    log: list[dict]
    expected: dict = field(default_factory=dict)
    started: float | None = None  # when the game was set up (the set-up record's time)

    def records(self) -> list[dict]:
        """The log as a session replays it: set-up first."""
        head: dict[str, Any] = {"type": "setup", "game": self.game, "setup": self.setup}
        if self.started is not None:
            head["ts"] = self.started
        return [head, *self.log]

    def to_dict(self) -> dict:
        data = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "setup": self.setup,
            "log": self.log,
        }
        if self.expected:
            data["expected"] = self.expected
        if self.started is not None:
            data["started"] = self.started
        return data


def game_times(records: list[dict]) -> dict:
    """When a game started (its set-up), when it was last played (its last record) and its
    length in whole minutes (at least 1): the one reckoning the dashboard, the summary and
    the results picture all show. Times are the records' own, kept on resume and import."""
    stamps = [r["ts"] for r in records if isinstance(r.get("ts"), (int, float))]
    if not stamps:
        return {"started": None, "ended": None, "minutes": None}
    started, ended = stamps[0], stamps[-1]
    return {"started": started, "ended": ended, "minutes": max(1, round((ended - started) / 60))}


def record_from_log(records: list[dict], expected: dict | None = None) -> GameRecord:
    if not records or not isinstance(records[0], dict) or records[0].get("type") != "setup":
        raise MalformedRecordError("the first line must be the setup record")
    head = records[0]
    if not isinstance(head.get("game"), str):
        raise MalformedRecordError("the setup record must name the 'game'")
    log = [
        {k: v for k, v in r.items() if k not in ("seq", "ts")} | {"ts": r["ts"]}
        if "ts" in r
        else {k: v for k, v in r.items() if k != "seq"}
        for r in records[1:]
    ]
    return GameRecord(
        head["game"], head.get("setup") or {}, log, expected or {}, _started(head.get("ts"))
    )


def _started(ts: Any) -> float | None:
    """A record's start time, if it gives a plausible one (seconds since 1970)."""
    if isinstance(ts, (int, float)) and not isinstance(ts, bool) and 0 <= ts < 1e12:
        return float(ts)
    return None


def parse_record(text: str, origin: str = "record") -> GameRecord:
    if len(text) > MAX_JSON_BYTES:
        raise MalformedRecordError(
            f"{origin} is too large ({len(text)} characters; at most {MAX_JSON_BYTES})"
        )
    stripped = text.strip()
    if not stripped:
        raise MalformedRecordError(f"{origin} is empty")
    if stripped.startswith("{") and "\n{" not in stripped:
        data = load_json(stripped, origin)
        if isinstance(data, dict) and data.get("type") == "setup":
            return record_from_log([data])
        return _from_json_record(data, origin)
    lines = []
    for number, line in enumerate(stripped.splitlines(), start=1):
        if not line.strip():
            continue
        item = load_json(line, f"{origin} line {number}")
        if not isinstance(item, dict):
            raise MalformedRecordError(f"{origin} line {number} must be a JSON object")
        lines.append(item)
    return record_from_log(lines)


def _from_json_record(data: Any, origin: str) -> GameRecord:
    if not isinstance(data, dict):
        raise MalformedRecordError(f"{origin} must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise MalformedRecordError(
            f"{origin} is not a table-companion record (its 'format' is {data.get('format')!r})"
        )
    if data.get("version") != RECORD_VERSION:
        raise MalformedRecordError(f"{origin} has unsupported version {data.get('version')!r}")
    for key, kind in (("game", str), ("setup", dict), ("log", list)):
        if not isinstance(data.get(key), kind):
            raise MalformedRecordError(f"{origin} needs '{key}' ({kind.__name__})")
    if not all(isinstance(r, dict) for r in data["log"]):
        raise MalformedRecordError(f"{origin}: every log entry must be an object")
    return GameRecord(
        data["game"],
        data["setup"],
        data["log"],
        data.get("expected") or {},
        _started(data.get("started")),
    )


def load_record(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_JSON_BYTES:
            raise MalformedRecordError(
                f"{path} is too large ({path.stat().st_size} bytes; at most {MAX_JSON_BYTES})"
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MalformedRecordError(f"{path}: no such file") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise MalformedRecordError(f"{path}: cannot read it ({exc.__class__.__name__})") from None
    return parse_record(text, str(path))
