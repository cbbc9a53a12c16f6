"""Recorded sample games as table logs, replayed at the pace they were recorded.

`sample_logs()` plays each recording in sample_images/ once through the real camera pipeline
(as `companion demo` does) and keeps, for every log record, the frame after which it was
written. `LogReplayWatcher` hands those records back to a runtime frame by frame, at the
recording's frame rate: the same log the real table would write, at the same pace, without
spending a CPU core per table on decoding frames. The benchmark runs twenty of them.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from companion.events import event_from_dict
from companion.model import Move, Setup
from companion.session import Session
from vision.contract import SourceStatus, WatchStep

CACHE = Path.home() / ".cache" / "table-companion" / "cafe-logs"


def sample_logs(progress: Callable[[str], object] = print) -> list[Path]:
    """One replay file per bundled recording (made once, cached by the recording's content)."""
    from web.camera import sample_recordings

    CACHE.mkdir(parents=True, exist_ok=True)
    paths = []
    for slug, folder in sorted(sample_recordings().items()):
        digest = _fingerprint(folder)
        path = CACHE / f"{folder.name}-{digest}.json"
        if not path.exists():
            progress(f"  reading the recorded {slug} game once through the camera pipeline…")
            started = time.monotonic()
            data = record_log(folder)
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            progress(
                f"    {len(data['records'])} log records in {time.monotonic() - started:.0f} s"
            )
        paths.append(path)
    return paths


def record_log(folder: Path) -> dict:
    from companion.store import GameStore
    from web.camera import open_watcher
    from web.recording import load_recording
    from web.runtime import Runtime

    recording = load_recording(folder)
    # The runtime's log lives only while the recording is read: the folder goes with it.
    with tempfile.TemporaryDirectory(prefix="companion-replay-") as scratch:
        store = GameStore(Path(scratch) / "log.sqlite3")
        runtime = Runtime(
            store,
            recording.game,
            Setup(recording.players, recording.names, recording.options),
            fresh=True,
        )
        try:
            runtime.watcher = open_watcher(f"images:{folder}", recording.game, recording.players)
            frames: list[int] = []
            frame = 0
            while not runtime.camera.status.get("finished"):
                runtime.step_once()
                frame += 1
                frames += [frame] * (len(runtime.session.records) - 1 - len(frames))
        finally:
            runtime.close()
    records = [
        {k: v for k, v in r.items() if k not in ("seq", "ts")} for r in runtime.session.records[1:]
    ]
    return {
        "game": recording.game,
        "players": recording.players,
        "names": list(recording.names),
        "options": recording.options,
        "fps": recording.fps,
        "frames": frame,
        "records": [{"frame": f, "record": r} for f, r in zip(frames, records)],
    }


def _fingerprint(folder: Path) -> str:
    digest = hashlib.sha1()
    for path in sorted(folder.iterdir()):
        stat = path.stat()
        digest.update(f"{path.name}:{stat.st_size}:{int(stat.st_mtime)}".encode())
    return digest.hexdigest()[:12]


def setup_of(log: dict) -> Setup:
    return Setup(log["players"], tuple(log["names"]), log.get("options") or {})


class LogReplayWatcher:
    """A camera stand-in that returns, at frame k, the records the real table logged after
    frame k: table events through `step()`, typed moves through `due_moves()`."""

    def __init__(self, log: dict):
        self.by_frame: dict[int, list[dict]] = {}
        for item in log["records"]:
            self.by_frame.setdefault(item["frame"], []).append(item["record"])
        self.frames = log["frames"]
        self.frame = 0
        self._moves: list[Move] = []

    @property
    def finished(self) -> bool:
        return self.frame >= self.frames

    def step(self) -> WatchStep:
        self.frame += 1
        records = self.by_frame.get(self.frame, [])
        events = [event_from_dict(r["event"]) for r in records if r.get("type") == "event"]
        self._moves = [Move.from_dict(r["move"]) for r in records if r.get("type") == "move"]
        return WatchStep(
            events,
            None,
            SourceStatus(True, "recorded game", 0.0, self.frame, finished=self.finished),
            calibrated=True,
        )

    def due_moves(self, session: Session) -> list[Move]:
        moves, self._moves = self._moves, []
        return moves

    def close(self) -> None:
        self.frame = self.frames
