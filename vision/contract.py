"""The interface between the camera pipeline and whatever shows it (dashboard, CLI).

A `TableWatcher` pulls frames from a `FrameSource`, decodes, tracks and assigns regions,
and hands back per step the settled table events for the session plus an annotated preview.
The dashboard runs `step()` in a background thread and never touches OpenCV itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from companion.events import TableEvent

# Why a source is offline, as stable codes the dashboard says in either language.
STATUS_CODES = (
    "connecting",
    "open_failed",
    "stopped",
    "no_frames",
    "frozen",
    "stuck",
    "closed",
    "finished",
)


@dataclass(frozen=True)
class SourceStatus:
    """Whether frames are arriving. `last_frame_age_s` is None before the first frame."""

    online: bool
    reason: str = ""
    last_frame_age_s: float | None = None
    frames_read: int = 0
    finished: bool = False  # a file or folder source that has no more frames
    code: str = ""  # why it is offline: one of STATUS_CODES, "" when online

    def to_dict(self) -> dict:
        return {
            "online": self.online,
            "reason": self.reason,
            "code": self.code,
            "last_frame_age_s": self.last_frame_age_s,
            "frames_read": self.frames_read,
            "finished": self.finished,
        }


@dataclass(frozen=True)
class Frame:
    image: np.ndarray  # BGR, uint8
    t: float  # seconds (monotonic for cameras, frame time for files)
    index: int
    name: str = ""  # file name for image folders


class FrameSource(Protocol):
    """Webcam, video file, image folder or rendered scene: the latest frame, or None."""

    def read(self) -> Frame | None: ...

    def status(self) -> SourceStatus: ...

    def close(self) -> None: ...


@dataclass
class WatchStep:
    """What one processed frame produced."""

    events: list[TableEvent] = field(default_factory=list)
    preview_jpeg: bytes | None = None  # annotated frame (outlines, payloads, regions)
    status: SourceStatus = field(default_factory=lambda: SourceStatus(False, "not started"))
    warnings: list[str] = field(default_factory=list)  # unknown payload, duplicate print...
    calibrated: bool = False
    reprojection_error_mm: float | None = None
    # What the card reader did so far (TableWatcher.decoding_counts), for the camera check;
    # None from watchers that decode nothing (a scripted demo).
    decoding: dict | None = None
    # Readings not settled, marked on the dashboard instead of scored (vision/uncertainty.py);
    # None from a step without a frame (the last frame's list stands) or a scripted watcher.
    uncertain: list[dict] | None = None
    # The same frame as the preview, undrawn, with the card codes read in it in its pixels
    # (vision.overlay.FramePicture), for the dashboard's own outlines; None without a preview.
    picture: Any = None
