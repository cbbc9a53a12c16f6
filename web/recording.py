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
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import MalformedRecordError
from companion.model import Move

RECORDING_FORMAT = "table-companion-recording"
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


def write_recording(
    folder: str | Path, game: str, setup: dict, fps: float, inputs: list[dict]
) -> Path:
    """Write a folder's inputs.json (`setup` as in a game record: players, names, options)."""
    path = Path(folder) / INPUTS_FILE
    data = {
        "format": RECORDING_FORMAT,
        "version": 1,
        "game": game,
        "players": setup["players"],
        "names": list(setup.get("names") or ()),
        "options": dict(setup.get("options") or {}),
        "fps": fps,
        "inputs": inputs,
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
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedRecordError(f"{path}: malformed ({exc})") from None


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
