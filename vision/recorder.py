"""Keeping a game's camera frames: a frame source that passes every frame on and keeps some.

`FrameRecorder(source, folder, fps=2)` wraps any `FrameSource` (camera, video, image folder):
the watcher reads through it as before, and every frame at least 1/fps seconds of frame time
after the last one kept is written to `folder` as `000000.jpg`, `000001.jpg`, ... (JPEG
quality 92), the names `--source images:DIR` sorts and replays. `on_saved(index)` is called
as each frame is kept, so whoever records the game can tie what happened to the frame.

The rate alone would drop frames a replay needs: the reader settles a card read in 3 of 5
frames, so a card seen in one kept frame of three never settles. While `busy()` says a
reading is settling (`tracker_busy`: a piece read but not settled, moving or going), every
frame is kept, and each kept frame's time is listed (`frames`), so a replay reads the same
frames at the same frame times and settles what the game settled. `finish()`, called as the
recording stops, keeps the last frame if the rate skipped it (the table as it was left).

Privacy (`mat_only=True`): only the mat region is kept. Everything outside the mat's outline
(grown by `MAT_MARGIN` of the mat's size, so the corner markers and a card on the edge stay)
is painted black and the frame is cropped to the outline's box: faces, bodies and hands
beside the table are gone; a hand over the mat stays (it is part of the game). The pixels
inside are the camera's own, not resampled, so a replay reads exactly what the camera gave.
Until the mat is found (`mat_outline()` returns None) no frame is kept at all. The crop box
stays put while the mat does, so the frames of a recording have one size.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import Any, Callable

import cv2
import numpy as np

from .contract import Frame, SourceStatus

log = logging.getLogger(__name__)
MAT_MARGIN = 0.04  # of the mat's longer side in the frame, on every side
JPEG_QUALITY = 92
FRAME_DIGITS = 6  # 999,999 frames: more than a night at 4 fps
# A replay hands out a recording's last frame again for this long (and at least
# `HOLD_MIN_FRAMES` times): the table stays as the recording ends, and the tracker settles a
# card read in 3 of 5 frames, waiting briefly for an earlier one. Without it the cards laid
# in the last kept frames never settle and the inputs after them are never played.
HOLD_S = 3.0
HOLD_MIN_FRAMES = 5


def replay_hold_frames(fps: float) -> int:
    """How many times a replay at `fps` hands out a recording's last frame once more."""
    return max(HOLD_MIN_FRAMES, math.ceil(HOLD_S * fps))


class FrameRecorder:
    """A `FrameSource` that keeps some of the frames it passes on (see the module doc)."""

    def __init__(
        self,
        source: Any,
        folder: str | Path,
        fps: float = 2.0,
        *,
        mat_only: bool = False,
        mat_outline: Callable[[], np.ndarray | None] | None = None,
        on_saved: Callable[[int], None] | None = None,
        busy: Callable[[], bool] | None = None,
    ):
        if not fps > 0:
            raise ValueError(f"frames kept per second must be more than 0, not {fps}")
        if mat_only and mat_outline is None:
            raise ValueError("keeping only the mat needs the mat's outline")
        self.inner = source
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.fps = float(fps)
        self.mat_only = mat_only
        self.mat_outline = mat_outline
        self.on_saved = on_saved
        self.busy = busy
        self.kept_while_busy = 0  # frames kept beyond the rate while a reading was settling
        self.saved = 0
        self.withheld = 0  # frames due while the mat was not found (mat_only)
        self.failed = 0  # frames that could not be written (disk full...)
        self.frames: list[dict] = []  # per kept frame: file, frame time, source index, crop
        self._next_t: float | None = None
        self._last: Frame | None = None  # the last frame passed on, while it is not kept
        self._box: tuple[int, int, int, int] | None = None
        self._mask: np.ndarray | None = None

    # -- FrameSource ---------------------------------------------------------------------------
    def read(self) -> Frame | None:
        frame = self.inner.read()
        if frame is not None:
            self._last = frame
            due = self._due(frame.t)
            if due or (self.busy is not None and self.busy()):
                self.kept_while_busy += 0 if due else 1
                self._keep(frame)
                self._last = None
        return frame

    def finish(self) -> None:
        """Keep the last frame passed on if the rate skipped it: a recording ends on the
        table as it stood when it was stopped (the cards laid last, the hand gone)."""
        if self._last is not None:
            frame, self._last = self._last, None
            self._keep(frame)

    def status(self) -> SourceStatus:
        return self.inner.status()

    def close(self) -> None:
        self.inner.close()

    def __getattr__(self, name: str):
        # wait_for_frame, frame_period_s...: the watcher asks the camera's own (hasattr too)
        return getattr(self.inner, name)

    # -- keeping ---------------------------------------------------------------------------
    def _due(self, t: float) -> bool:
        period = 1.0 / self.fps
        # (a hundredth of a period early still counts: 0.1 + 0.2 is not 0.3 in floats)
        if self._next_t is not None and self._next_t - period <= t < self._next_t - period / 100:
            return False
        self._next_t = t + period  # also after a clock that went back (a loop)
        return True

    def _keep(self, frame: Frame) -> None:
        image = frame.image
        crop = None
        if self.mat_only:
            outline = self.mat_outline() if self.mat_outline else None
            if outline is None:
                self.withheld += 1
                return
            image, crop = self._mat_region(image, np.asarray(outline, np.float64))
        name = f"{self.saved:0{FRAME_DIGITS}d}.jpg"
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        try:
            if not ok:
                raise OSError("the frame could not be encoded as JPEG")
            (self.folder / name).write_bytes(data.tobytes())
        except OSError as exc:
            # The game goes on; the recording says it lacks frames (and the log says why).
            self.failed += 1
            if self.failed == 1:
                log.warning("recording %s: a frame could not be kept: %s", self.folder, exc)
            return
        self.frames.append(
            {"file": name, "t": round(frame.t, 3), "source_index": frame.index, "crop": crop}
        )
        index = self.saved
        self.saved += 1
        if self.on_saved is not None:
            self.on_saved(index)

    def _mat_region(self, image: np.ndarray, outline: np.ndarray):
        """The frame blacked out beyond the mat's grown outline and cropped to its box."""
        height, width = image.shape[:2]
        grown = _grown(outline)
        x0, y0 = np.floor(grown.min(axis=0)).astype(int)
        x1, y1 = np.ceil(grown.max(axis=0)).astype(int)
        box = (max(0, x0), max(0, y0), min(width, x1), min(height, y1))
        if self._box is None or not _inside(box, self._box) or _shrank(box, self._box):
            self._box = box  # the mat moved (the camera was knocked): a new box and mask
            mask = np.zeros((height, width), np.uint8)
            cv2.fillConvexPoly(mask, np.round(grown).astype(np.int32), 255)
            self._mask = mask
        bx0, by0, bx1, by1 = self._box
        kept = cv2.bitwise_and(image, image, mask=self._mask)
        return np.ascontiguousarray(kept[by0:by1, bx0:bx1]), [int(bx0), int(by0)]


def _grown(outline: np.ndarray) -> np.ndarray:
    centre = outline.mean(axis=0)
    side = float(np.ptp(outline, axis=0).max())
    offsets = outline - centre
    lengths = np.linalg.norm(offsets, axis=1, keepdims=True)
    return centre + offsets * (1.0 + MAT_MARGIN * side / np.maximum(lengths, 1.0))


def _inside(box, outer) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _shrank(box, outer, tolerance: float = 0.1) -> bool:
    """The mat now covers clearly less of the old box (the camera moved closer or away)."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area < (1.0 - tolerance) * (outer[2] - outer[0]) * (outer[3] - outer[1])


def tracker_busy(watcher: Any) -> bool:
    """A reading is settling: the watcher's tracker has a piece read but not settled, one
    moving to a new place, or a settled one unseen in the newest frame (going, or under a
    hand). A replay must see every such frame to settle what the game settled."""
    tracker = getattr(watcher, "tracker", None)
    tracks = list(getattr(tracker, "tracks", {}).values())
    if not tracks:
        return False
    newest = max(track.last_seen_t for track in tracks)
    return any(
        not track.confirmed or track.pending is not None or track.last_seen_t < newest
        for track in tracks
    )


def mat_outline_px(watcher: Any) -> np.ndarray | None:
    """The mat's four corners in the frame's pixels, from a `TableWatcher`'s homography;
    None before calibration. A lens model is ignored here (the margin covers its bow)."""
    matrix = getattr(watcher, "homography", None)
    if matrix is None:
        return None
    width, height = watcher.layout.mat_size_mm
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    try:
        inverse = np.linalg.inv(matrix)
    except np.linalg.LinAlgError:
        return None
    return cv2.perspectiveTransform(corners.reshape(-1, 1, 2), inverse).reshape(-1, 2)
