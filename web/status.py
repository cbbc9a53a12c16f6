"""What the dashboard's status line and diagnostics show: what the camera thread last produced
(`CameraView`) and the last warnings and errors logged anywhere in the companion
(`ProblemLog`)."""

from __future__ import annotations

import collections
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

# Loggers whose warnings and errors the dashboard's diagnostics show to the players.
WATCHED_LOGGERS = ("companion", "web", "vision", "calibration")


class ProblemLog(logging.Handler):
    """The last warnings and errors logged anywhere in the companion, kept for the dashboard
    (a swallowed failure is logged once with its cause, and the players can see it)."""

    def __init__(self, keep: int = 20):
        super().__init__(logging.WARNING)
        self.entries: collections.deque[dict] = collections.deque(maxlen=keep)

    def emit(self, record: logging.LogRecord) -> None:
        cause = record.exc_info[1] if record.exc_info else None
        self.entries.append(
            {
                "time": round(record.created, 1),
                "level": record.levelname.lower(),
                "where": record.name,
                "message": record.getMessage(),
                "cause": f"{cause.__class__.__name__}: {cause}" if cause else None,
            }
        )

    def attach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).addHandler(self)

    def detach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).removeHandler(self)


@dataclass
class CameraView:
    """What the camera thread last produced, for the preview endpoint and the status line."""

    jpeg: bytes | None = None
    jpeg_time: float | None = None  # wall-clock time the preview was produced
    frame_no: int = 0  # counts preview frames: viewers send each one once
    status: dict = field(
        default_factory=lambda: {
            "online": False,
            "reason": "no camera",
            "last_frame_age_s": None,
            "frames_read": 0,
            "finished": False,
        }
    )
    calibrated: bool | None = None
    reprojection_error_mm: float | None = None
    warnings: list[str] = field(default_factory=list)
    source: str | None = None
    decoding: dict | None = None  # the card reader's counts (vision TableWatcher.decoding_counts)
    uncertain: list = field(default_factory=list)  # readings not settled (vision/uncertainty)

    def take(self, step: Any) -> None:
        """What a watcher's step (vision WatchStep) says of the camera, the preview aside."""
        self.status = step.status.to_dict()
        self.calibrated = step.calibrated
        self.reprojection_error_mm = step.reprojection_error_mm
        if step.decoding is not None:
            self.decoding = step.decoding
        if step.uncertain is not None:
            self.uncertain = list(step.uncertain)
        # Distinct warnings only: an offline camera repeats its reason on every step.
        for warning in step.warnings:
            if warning != step.status.reason and warning not in self.warnings:
                self.warnings = (self.warnings + [warning])[-20:]


def camera_status(
    camera: CameraView, problems: ProblemLog, *, attached: bool, table: Iterable[Any] = ()
) -> dict:
    """The camera's status line; `table` is what lies on the table now (its pieces)."""
    status = dict(camera.status)
    if camera.jpeg_time is not None:
        # the age of the frame on screen, measured now, so a stalled thread shows as stale
        status["preview_age_s"] = round(max(0.0, time.time() - camera.jpeg_time), 1)
    else:
        status["preview_age_s"] = None
    status["has_preview"] = camera.jpeg is not None
    status["calibrated"] = camera.calibrated
    status["reprojection_error_mm"] = camera.reprojection_error_mm
    status["warnings"] = list(camera.warnings[-5:])
    status["source"] = camera.source
    status["attached"] = attached
    status["problems"] = list(problems.entries)[-5:]
    status["decoding"] = camera.decoding
    # a reading the players have confirmed by hand since is no longer in doubt
    placed = {(p.payload, p.where.region, tuple(p.where.slot or ())) for p in table}
    status["uncertain"] = [
        r
        for r in camera.uncertain
        if (r["payload"], r["region"], tuple(r["slot"] or ())) not in placed
    ]
    return status
