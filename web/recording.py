"""A recorded game: a folder of camera frames plus what the players typed on the dashboard.

Some inputs never reach the camera (Musée's "I cannot play", Mythe's "stop drawing", a
Masterpiece bid, a Crypt roll hidden by a hand). A recording lists them in the folder's
`inputs.json`; `RecordedInputs` wraps the camera pipeline over the frames and hands each input
to the dashboard at the moment a player would have pressed the button: once the frame it
follows has been read and the moves before it have been accepted.

    {"format": "table-companion-recording", "version": 1,
     "game": "mythe", "players": 3, "names": [...], "options": {}, "fps": 4,
     "inputs": [{"after_frame": 12, "after_moves": 5, "move": {"kind": "stop", "player": 0}},
                {"after_frame": 30, "after_moves": 9, "refused": true, "move": {...}}]}

`after_moves` counts accepted moves only; an input recorded as `refused` (a bid the rules
turn down, kept so the dashboard shows the refusal) does not count for the ones after it.

`companion serve --source images:DIR` and `companion demo --game GAME` use it whenever DIR has
an inputs.json.

Version 2 (`companion record`, the camera check's "Save a recording" button; written by
web/game_recorder.py) adds, all optional, so version 1 files read as before and readers of
version 1 ignore them:

    "confirmed": [{"frame": 7, "moves": 3, "table": [{"payload": "MU21", "region":
                   "museum0", "slot": [1, 3], "kind": "card"}, ...]}, ...],
    "log": [{"after_frame": 7, "record": {...a game-log record...}}, ...],
    "frames": {"kept": 240, "mat_only": true, "source": "camera:0", ...}

`confirmed` is the table the players accepted at each move that stood (a move undone by a
correction is dropped, the corrected one kept), `log` every game-log record made while
recording (what the camera read, the players' corrections, moves and undos). A version 1
folder of rendered frames has its truth beside each frame (`NNNN.json`, vision/samples.py):
`confirmed_tables` derives the same list from those.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import MalformedRecordError
from companion.model import Move

RECORDING_FORMAT = "table-companion-recording"
RECORDING_VERSION = 2
INPUTS_FILE = "inputs.json"


@dataclass(frozen=True)
class RecordedInput:
    after_frame: int
    after_moves: int
    move: Move
    refused: bool = False


@dataclass(frozen=True)
class Recording:
    folder: Path
    game: str
    players: int
    names: tuple[str, ...]
    options: dict
    fps: float
    inputs: tuple[RecordedInput, ...]
    version: int = 1
    confirmed: tuple["ConfirmedTable", ...] | None = None  # None: not in the file (version 1)
    log: tuple[dict, ...] = ()
    frames: dict | None = None


@dataclass(frozen=True)
class ConfirmedTable:
    """The table the players accepted once frame `frame` had been read, after `moves` moves:
    (payload, region, slot, kind) per piece."""

    frame: int
    moves: int
    pieces: tuple[tuple[str, str | None, tuple | None, str], ...]


def write_recording(
    folder: str | Path,
    game: str,
    setup: dict,
    fps: float,
    inputs: list[dict],
    extra: dict | None = None,
) -> Path:
    """Write a folder's inputs.json (`setup` as in a game record: players, names, options);
    `extra` (confirmed, log, frames) makes it version 2."""
    path = Path(folder) / INPUTS_FILE
    data = {
        "format": RECORDING_FORMAT,
        "version": RECORDING_VERSION if extra else 1,
        "game": game,
        "players": setup["players"],
        "names": list(setup.get("names") or ()),
        "options": dict(setup.get("options") or {}),
        "fps": fps,
        "inputs": inputs,
        **(extra or {}),
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def has_recording(folder: str | Path) -> bool:
    return (Path(folder) / INPUTS_FILE).is_file()


def load_recording(folder: str | Path) -> Recording:
    folder = Path(folder)
    path = folder / INPUTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MalformedRecordError(f"{folder} has no {INPUTS_FILE}") from None
    except json.JSONDecodeError as exc:
        raise MalformedRecordError(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != RECORDING_FORMAT:
        raise MalformedRecordError(f"{path} is not a table-companion recording")
    try:
        inputs = tuple(
            RecordedInput(
                int(i["after_frame"]),
                int(i["after_moves"]),
                Move.from_dict(i["move"]),
                bool(i.get("refused", False)),
            )
            for i in data["inputs"]
        )
        return Recording(
            folder,
            str(data["game"]),
            int(data["players"]),
            tuple(data.get("names") or ()),
            dict(data.get("options") or {}),
            float(data.get("fps", 4)),
            inputs,
            int(data.get("version", 1)),
            _confirmed(data["confirmed"]) if "confirmed" in data else None,
            tuple(_log_entry(e) for e in data.get("log") or ()),
            dict(data["frames"]) if isinstance(data.get("frames"), dict) else None,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MalformedRecordError(f"{path}: malformed ({exc})") from None


def _confirmed(entries: list) -> tuple[ConfirmedTable, ...]:
    tables = []
    for entry in entries:
        pieces = tuple(
            (
                _text(p["payload"]),
                None if p.get("region") is None else _text(p["region"]),
                None if p.get("slot") is None else tuple(_number(v) for v in p["slot"]),
                _text(p.get("kind", "card")),
            )
            for p in entry["table"]
        )
        tables.append(ConfirmedTable(_count(entry["frame"]), _count(entry["moves"]), pieces))
    return tuple(tables)


def _log_entry(entry: dict) -> dict:
    if not isinstance(entry.get("record"), dict):
        raise TypeError("a log entry's record must be an object")
    return {"after_frame": int(entry["after_frame"]), "record": dict(entry["record"])}


def _text(value) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise ValueError(f"expected a short text, got {value!r:.40}")
    return value


def _number(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
        raise ValueError(f"expected a slot number, got {value!r:.40}")
    return value


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"expected a count, got {value!r:.40}")
    return value


def confirmed_tables(recording: Recording) -> tuple[ConfirmedTable, ...]:
    """The confirmed table at each move: the file's own (version 2), else from the truth
    files beside rendered frames (a table whenever their move count grows). Empty when
    neither is there."""
    if recording.confirmed is not None:
        return recording.confirmed
    frames = sorted(
        p for p in recording.folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png")
    )
    tables: list[ConfirmedTable] = []
    moves = 0
    for index, image in enumerate(frames):
        truth_file = image.with_suffix(".json")
        if not truth_file.is_file():
            continue
        try:
            truth = json.loads(truth_file.read_text(encoding="utf-8"))
            made = len(truth.get("moves") or ())
            if made <= moves and tables:
                continue
            moves = made
            pieces = [dict(p, kind="card") for p in truth.get("cards") or ()]
            pieces += [dict(p, kind="token") for p in truth.get("tokens") or ()]
            tables.append(_confirmed([{"frame": index, "moves": made, "table": pieces}])[0])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MalformedRecordError(f"{truth_file}: malformed ({exc})") from None
    return tuple(tables)


class RecordedInputs:
    """A watcher over the frames that also plays the recording's typed inputs, in order."""

    def __init__(self, watcher: Any, recording: Recording):
        self.watcher = watcher
        self.recording = recording
        self._next = 0
        self.frames_read = 0

    def due_moves(self, session) -> list[Move]:
        """Inputs whose frame has been read and whose earlier moves have been accepted."""
        due = []
        accepted = len(session.moves)
        while self._next < len(self.recording.inputs):
            item = self.recording.inputs[self._next]
            if item.after_frame >= self.frames_read or item.after_moves > accepted:
                break
            due.append(item.move)
            self._next += 1
            accepted += 0 if item.refused else 1  # as it will be once the runtime plays it
        return due

    @property
    def pending(self) -> int:
        return len(self.recording.inputs) - self._next

    def step(self):
        step = self.watcher.step()
        self.frames_read = step.status.frames_read
        return step

    def set_manual_corners(self, points) -> None:
        self.watcher.set_manual_corners(points)

    def close(self) -> None:
        self.watcher.close()
