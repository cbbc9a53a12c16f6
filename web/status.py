"""What the dashboard's status line and diagnostics show: what the camera thread last produced
(`CameraView`) and the last warnings and errors logged anywhere in the companion
(`ProblemLog`)."""

from __future__ import annotations

import collections
import logging
import time
from dataclasses import dataclass, field

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


def camera_status(camera: CameraView, problems: ProblemLog, *, attached: bool) -> dict:
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
    return status
