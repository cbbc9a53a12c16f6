"""Recording a game being played, as a folder `companion demo`-style replays and
`companion bench vision --recording` measures (format: web/recording.py, version 2).

    recorder = GameRecorder(runtime, "recordings/tuesday", fps=2, mat_only=True)
    recorder.start()      # the camera's frames start being kept
    ...                   # the game is played, corrected, confirmed on the dashboard
    recorder.stop()       # writes inputs.json: inputs, confirmed tables, the game's log

Frames are kept by `vision.recorder.FrameRecorder`, put between the watcher and its source.
Each kept frame notes how long the game's log was when it was read, which ties every log
record (a camera reading, a player's correction, a typed move, an undo) to the frame after
which it happened. `companion record` and the camera check's "Save a recording of this
game" button both use this.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.model import Text
from companion.session import Session

from .recording import INPUTS_FILE, write_recording


class RecordingError(CompanionError):
    def __init__(self, en: str, zh: str):
        super().__init__(text=Text(en, zh))


class GameRecorder:
    def __init__(
        self,
        runtime: Any,
        folder: str | Path,
        fps: float = 2.0,
        *,
        mat_only: bool = False,
        source_label: str = "",
    ):
        if not 0 < fps <= 30:
            raise RecordingError(
                f"frames kept per second must be between 0 and 30, not {fps}",
                f"每秒保留的畫面數必須介於 0 和 30 之間，而不是 {fps}。",
            )
        self.runtime = runtime
        self.folder = Path(folder)
        self.fps = float(fps)
        self.mat_only = mat_only
        self.source_label = source_label
        self.session: Any = None  # the Session being recorded, from start()
        self.frames: Any = None  # the FrameRecorder while recording (vision, imported lazily)
        self._watcher: Any = None
        self._start_record = 0
        self._marks: list[int] = []  # per kept frame: the log's length when it was read
        self._lock = threading.Lock()
        self.written: Path | None = None

    @property
    def recording(self) -> bool:
        return self.frames is not None and self.written is None

    def start(self) -> None:
        from vision.recorder import FrameRecorder, mat_outline_px, tracker_busy

        if (self.folder / INPUTS_FILE).exists() or any(
            p.suffix.lower() in (".jpg", ".jpeg", ".png") for p in _listing(self.folder)
        ):
            raise RecordingError(
                f"{self.folder} holds frames already: choose a new folder",
                f"{self.folder} 裡已經有畫面了，請選一個新的資料夾。",
            )
        with self.runtime.lock:
            watcher = _table_watcher(self.runtime.watcher)
            self.session = self.runtime.session
            self._start_record = len(self.session.records)
            self.frames = FrameRecorder(
                watcher.source,
                self.folder,
                self.fps,
                mat_only=self.mat_only,
                mat_outline=lambda: mat_outline_px(watcher),
                on_saved=self._mark,
                # every frame while a reading settles: the replay settles it the same way
                busy=lambda: tracker_busy(watcher),
            )
            watcher.source = self.frames
            self._watcher = watcher

    def _mark(self, index: int) -> None:
        with self._lock:
            self._marks.append(len(self.session.records))

    def stop(self) -> Path:
        """Stop keeping frames and write the recording's inputs.json; returns its path."""
        if self.frames is None:
            raise RecordingError("nothing is being recorded", "目前沒有在錄製。")
        if self.written is not None:
            return self.written
        with self.runtime.lock:
            if self._watcher.source is self.frames:
                self._watcher.source = self.frames.inner
            self.frames.finish()  # the last frame read, if the rate skipped it
            records = list(self.session.records)
        with self._lock:
            marks = list(self._marks)
        session = self.session
        extra = recorded_game(records, self._start_record, marks)
        extra["frames"] = {
            "kept": self.frames.saved,
            "withheld_until_the_mat_was_found": self.frames.withheld,
            "not_written": self.frames.failed,
            "kept_while_a_reading_settled": self.frames.kept_while_busy,
            "mat_only": self.mat_only,
            "source": self.source_label,
            "times": [f["t"] for f in self.frames.frames],
            "crops": [f["crop"] for f in self.frames.frames] if self.mat_only else None,
        }
        inputs = extra.pop("inputs")
        self.written = write_recording(
            self.folder, session.game.info.slug, session.setup.to_dict(), self.fps, inputs, extra
        )
        return self.written

    def status(self) -> dict:
        frames = self.frames
        return {
            "recording": self.recording,
            "folder": str(self.folder) if frames is not None else None,
            "frames_kept": frames.saved if frames is not None else 0,
            "mat_only": self.mat_only,
            "written": str(self.written) if self.written is not None else None,
        }


def can_record(runtime: Any) -> bool:
    """Whether the table has a camera (or other frame source) whose frames could be kept."""
    try:
        _table_watcher(runtime.watcher)
    except RecordingError:
        return False
    return True


def _listing(folder: Path) -> list[Path]:
    return list(folder.iterdir()) if folder.is_dir() else []


def _table_watcher(watcher: Any) -> Any:
    """The watcher that reads a frame source (a recorded game's wrapper holds one)."""
    inner = getattr(watcher, "watcher", watcher)
    if inner is None or getattr(inner, "source", None) is None:
        raise RecordingError(
            "there is no camera whose frames could be recorded",
            "沒有攝影機，無法錄下畫面。",
        )
    return inner


def recorded_game(records: list[dict], start: int, marks: list[int]) -> dict:
    """From a game's whole log, the log from record `start` on tied to kept frames (`marks`:
    per frame, the log's length when it was read): the typed inputs, the log entries and
    the confirmed table at each move that stood."""
    session = Session.replay(records[:1])
    inputs: list[dict] = []
    log: list[dict] = []
    standing: list[dict] = []  # one confirmed table per move that stands
    baseline = None  # the table when recording started, if cards already lay there
    for number, record in enumerate(records[1:], start=1):
        frame = _frame_of(number, marks)
        moves_before = len(session.moves)
        try:
            verdicts = session.feed(record) if record.get("type") != "set_aside" else []
        except CompanionError:
            verdicts = []  # the game's own log: set aside when it was resumed, skipped here
        if number < start:
            if number == start - 1 and session.table:
                baseline = {"frame": 0, "moves": len(session.moves), "table": _table(session)}
            continue
        log.append({"after_frame": frame, "record": record})
        if record.get("type") == "move":
            entry = {"after_frame": frame, "after_moves": moves_before, "move": record["move"]}
            refused = not all(v.accepted for v in verdicts)
            inputs.append(dict(entry, refused=True) if refused else entry)
        while standing and standing[-1]["moves"] > len(session.moves):
            standing.pop()  # undone (a correction, say): that table was never confirmed
        if len(session.moves) > moves_before:
            standing.append({"frame": frame, "moves": len(session.moves), "table": _table(session)})
    if baseline is not None and (not standing or standing[0]["frame"] > 0):
        standing.insert(0, baseline)
    return {"inputs": inputs, "log": log, "confirmed": standing}


def _frame_of(record_number: int, marks: list[int]) -> int:
    """The last kept frame read before this record was made (0 before the first)."""
    low, high = 0, len(marks)
    while low < high:  # marks never decrease: the first mark above the record's number
        middle = (low + high) // 2
        if marks[middle] <= record_number:
            low = middle + 1
        else:
            high = middle
    return max(low - 1, 0)


def _table(session: Session) -> list[dict]:
    return [
        {
            "payload": piece.payload,
            "region": piece.where.region,
            "slot": list(piece.where.slot) if piece.where.slot is not None else None,
            "kind": piece.kind,
        }
        for piece in sorted(session.table.values(), key=lambda p: p.payload)
        if piece.kind != "die"
    ]


def default_folder(base: str | Path, game: str) -> Path:
    """recordings/<game>-YYYYMMDD-HHMMSS (a new folder each time)."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = Path(base) / f"{game}-{stamp}"
    number = 1
    while folder.exists():
        number += 1
        folder = Path(base) / f"{game}-{stamp}-{number}"
    return folder


__all__ = [
    "GameRecorder",
    "RecordingError",
    "can_record",
    "recorded_game",
    "default_folder",
    "INPUTS_FILE",
]
