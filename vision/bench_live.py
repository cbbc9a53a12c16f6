"""The live half of `vision.bench_motion`: the real `CameraSource` on a replayed camera
(`ReplayCapture`), a loop calling `watcher.step()` as the dashboard does (`live`), and the
placement latency read from its run."""

from __future__ import annotations

import statistics
import time
from typing import Sequence

import cv2
import numpy as np

FPS = 30.0


def p95(values) -> float:
    ordered = sorted(values)
    return (
        ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
        if ordered
        else float("nan")
    )


class ReplayCapture:
    """A camera for `CameraSource(capture_factory=...)`: hands out JPEG frames at `fps`
    (decoding each, as a webcam's MJPEG stream costs): the `warmup` frames, then `jpegs`
    (over and over when `loop`). `captured_at[i]` is when frame i was delivered."""

    def __init__(
        self, jpegs: list[bytes], fps: float = FPS, loop: bool = True, warmup: Sequence[bytes] = ()
    ):
        self.jpegs, self.warmup, self.period, self.loop = jpegs, list(warmup), 1.0 / fps, loop
        self.delivered = 0
        self.started: float | None = None
        self.captured_at: list[float] = []

    def isOpened(self) -> bool:  # OpenCV's name
        return True

    def read(self):
        if self.started is None:
            self.started = time.monotonic()
        if not self.loop and self.delivered >= len(self.warmup) + len(self.jpegs):
            time.sleep(self.period)
            return False, None
        due = self.started + self.delivered * self.period
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        index = self.delivered - len(self.warmup)
        data = self.warmup[self.delivered] if index < 0 else self.jpegs[index % len(self.jpegs)]
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        self.captured_at.append(time.monotonic())
        self.delivered += 1
        return True, image

    def release(self) -> None:
        pass


def live(
    jpegs: list[bytes],
    workers: int,
    warmup: Sequence[bytes] = (),
    loop: bool = True,
    seconds: float | None = None,
    placed: dict | None = None,
    fps: float = FPS,
) -> dict:
    """The real CameraSource on a replayed 30 fps camera and a loop calling `step()` as the
    dashboard does; `warmup` frames are played first (pieces settle) and not counted.
    `placed` (payload -> (region, slot)): note when each is first reported there."""
    from .pipeline import TableWatcher
    from .sources import CameraSource, SourceConfig

    capture = ReplayCapture(list(jpegs), fps=fps, loop=loop, warmup=warmup)
    source = CameraSource(
        0, SourceConfig(stale_after_s=5.0), capture_factory=lambda target, config: capture
    )
    watcher = TableWatcher(source, "musee", 2, workers=workers)  # previews as the dashboard
    counted_from = len(warmup)
    total = len(warmup) + (len(jpegs) if seconds is None else int(seconds * fps))
    busy: list[float] = []
    processed = 0
    reported: dict[str, float] = {}
    before = _counts(watcher)
    deadline = time.monotonic() + total / fps + 10
    while time.monotonic() < deadline:
        if not source.wait_for_frame(0.5):
            if capture.delivered >= total:
                break
            continue
        start = time.perf_counter()
        step = watcher.step()
        done = time.monotonic()
        index = (watcher.last_frame_index or 1) - 1  # CameraSource numbers frames from 1
        if index < counted_from:
            before = _counts(watcher)
            continue
        if index >= total:
            break
        busy.append((time.perf_counter() - start) * 1000)
        processed += 1
        _note_placed(step.events, placed or {}, reported, done)
    watcher.close()
    captured = min(capture.delivered, total) - counted_from
    return {
        "workers": workers,
        "captured": captured,
        "processed": processed,
        "dropped": watcher.frames_dropped - before["dropped"],
        "fps": processed * fps / max(captured, 1),
        "ms_median": statistics.median(busy) if busy else float("nan"),
        "ms_p95": p95(busy),
        "tracked": len(watcher.tracker.alive()),
        "whole_decodes": watcher.full_decodes - before["whole"],
        "whole_in_background": watcher.background_refreshes - before["background"],
        "captured_at": capture.captured_at,
        "reported_at": reported,
    }


def _counts(watcher) -> dict[str, int]:
    """The watcher's running counts, to subtract those of the warm-up."""
    return {
        "dropped": watcher.frames_dropped,
        "whole": watcher.full_decodes,
        "background": watcher.background_refreshes,
    }


def _note_placed(events, placed: dict, reported: dict, done: float) -> None:
    """When each card of `placed` (payload -> (region, slot)) was first reported there."""
    from companion.events import CardAdded, CardMoved

    for event in events:
        if isinstance(event, (CardAdded, CardMoved)) and event.payload in placed:
            where = (event.where.region, list(event.where.slot or ()))
            if where == placed[event.payload]:
                reported.setdefault(event.payload, done)


def placement_latency(run: dict, rests: list[tuple[str, int]], offset: int) -> dict:
    latencies, missing = [], []
    for payload, rest in rests:
        reported = run["reported_at"].get(payload)
        if reported is None:
            missing.append(payload)
            continue
        latencies.append((reported - run["captured_at"][offset + rest]) * 1000)
    return {
        "placements": len(rests),
        "latencies_ms": latencies,
        "never_reported": missing,
        "ms_p50": statistics.median(latencies) if latencies else float("nan"),
        "ms_p95": p95(latencies),
        "ms_max": max(latencies) if latencies else float("nan"),
    }
