"""One frame as the dashboard draws over it: the camera's picture (shrunk, nothing drawn on it)
and every card code read in that very frame, in the picture's pixels.

The browser draws the outlines itself (web/overlay.py adds what the rules say of each card:
just laid, illegal and why), so the picture and the outlines must come from one frame: a
`FramePicture` holds both, and the dashboard serves them under one frame number. It is made
with the preview (at most every `preview_every_s` of frame time) and costs a copy of the
shrunk frame; the JPEG is encoded only when someone asks for it (`jpeg()`), once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

import cv2
import numpy as np

from .mat import Seen
from .tracker import Tracker


@dataclass(frozen=True)
class SeenCode:
    """A card code read in the frame: the outline of its card (of the code's symbol before
    calibration) in picture px, and the tracker's track it belongs to (None: read, but not a
    settled piece)."""

    payload: str
    polygon: tuple[tuple[float, float], ...]
    track_id: str | None
    face_down: bool = False


@dataclass
class FramePicture:
    image: np.ndarray  # BGR, already shrunk: picture px = frame px * scale
    scale: float
    codes: list[SeenCode]
    # mat mm -> frame px (3x3, the inverse of the watcher's homography), None before calibration
    mat_to_frame: np.ndarray | None = None
    layout: Any = None  # the mat's layout (calibration.layouts.Layout): where each slot lies
    _jpeg: bytes | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def size(self) -> tuple[int, int]:
        height, width = self.image.shape[:2]
        return width, height

    def jpeg(self, quality: int = 80) -> bytes:
        """The picture as JPEG, encoded on the first call only."""
        with self._lock:
            if self._jpeg is None:
                ok, data = cv2.imencode(".jpg", self.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
                self._jpeg = data.tobytes() if ok else b""
            return self._jpeg

    def picture_to_mat(self) -> np.ndarray | None:
        """Picture px -> mat mm (3x3), or None before calibration (a lens model is not
        applied: like the preview's slot grid, it is the homography alone)."""
        if self.mat_to_frame is None:
            return None
        return np.linalg.inv(self.mat_to_frame) @ np.diag([1 / self.scale, 1 / self.scale, 1.0])

    def mat_polygon(self, rect_mm: tuple[float, float, float, float]) -> list[list[float]] | None:
        """A rectangle of the mat (x, y, w, h mm) as four picture px points, or None before
        calibration."""
        if self.mat_to_frame is None:
            return None
        x, y, w, h = rect_mm
        quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)
        px = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), self.mat_to_frame).reshape(-1, 2)
        return [[round(float(a) * self.scale, 1), round(float(b) * self.scale, 1)] for a, b in px]

    def place_polygon(self, region: str | None, slot: Any) -> list[list[float]] | None:
        """Where a card laid in a slot of the layout lies, as picture px; None when the
        place is not a slot of the layout or before calibration."""
        if self.layout is None or region is None or slot is None:
            return None
        try:
            where = self.layout.region(region).slot(slot)
        except KeyError:
            return None
        return self.mat_polygon(self.layout.card_rect_mm(where))


def frame_picture(
    canvas: np.ndarray,
    scale: float,
    seen: Seen,
    tracker: Tracker,
    homography: np.ndarray | None,
    layout: Any,
) -> FramePicture:
    """The shrunk, undrawn `canvas` with `seen`'s card codes, each tied to the tracker's
    settled track whose last sighting it is (so face-down backs, which share one payload,
    are told apart by position as the tracker tells them)."""
    by_detection = {
        id(track.last): track for track in tracker.confirmed() if track.last is not None
    }
    codes = []
    for index, code in enumerate(seen.codes):
        detection = seen.detections[index] if index < len(seen.detections) else None
        track = by_detection.get(id(detection)) if detection is not None else None
        corners = code.corners
        if homography is not None and layout is not None:
            corners = card_outline(code.corners, homography, layout.card_size_mm)
        codes.append(_seen_code(code.text, corners, scale, track))
    mat_to_frame = np.linalg.inv(homography) if homography is not None else None
    return FramePicture(canvas, scale, codes, mat_to_frame, layout)


CARD_CORNERS = ((-1, -1), (1, -1), (1, 1), (-1, 1))  # top-left first, clockwise on the mat


def card_outline(symbol: np.ndarray, homography: np.ndarray, card_mm) -> np.ndarray:
    """The whole card around a code's symbol (frame px): the code is printed upright in the
    middle of its card, so on the mat the card is the card's size, centred on the symbol's
    centre, turned as the symbol is. Larger than the symbol, and easier to see from afar."""
    mm = cv2.perspectiveTransform(np.asarray(symbol, np.float64).reshape(-1, 1, 2), homography)
    mm = mm.reshape(-1, 2)
    centre = (mm[1] + mm[3]) / 2  # as vision.mat places a code: its finder-pattern diagonal
    across = mm[1] - mm[0] + mm[2] - mm[3]
    across /= np.linalg.norm(across) or 1.0
    down = np.array([-across[1], across[0]])
    half_w, half_h = card_mm[0] / 2, card_mm[1] / 2
    card = [centre + sx * half_w * across + sy * half_h * down for sx, sy in CARD_CORNERS]
    px = cv2.perspectiveTransform(np.array(card).reshape(-1, 1, 2), np.linalg.inv(homography))
    return px.reshape(-1, 2)


def _seen_code(payload: str, corners, scale: float, track) -> SeenCode:
    polygon = tuple((round(float(x) * scale, 1), round(float(y) * scale, 1)) for x, y in corners)
    if track is None:
        return SeenCode(payload, polygon, None)
    return SeenCode(payload, polygon, track.track_id, track.face_down)


def preview_and_picture(watcher: Any, image: np.ndarray, seen: Seen) -> tuple[bytes, FramePicture]:
    """A `vision.pipeline.TableWatcher`'s annotated preview of `image`, and the same frame
    undrawn with the codes read in it (one shrink for both)."""
    canvas, factor = watcher.previews.shrink(image)
    picture = frame_picture(
        canvas.copy(), factor, seen, watcher.tracker, watcher.homography, watcher.layout
    )
    jpeg = watcher.previews.draw_shrunk(
        canvas,
        factor,
        seen.codes,
        seen.markers,
        watcher.layout,
        watcher.homography,
        *settled_and_nameable(watcher),
    )
    return jpeg, picture


def settled_and_nameable(watcher: Any) -> tuple[set[str], Callable[[str], bool]]:
    """The payloads the watcher's tracker has settled, and which codes its preview may name:
    `Catalogue.may_name`, with the cards settled face up as the ones on the table."""
    settled = watcher.tracker.confirmed()
    face_up = {track.payload for track in settled if not track.face_down}
    return {track.payload for track in settled}, partial(
        watcher.catalogue.may_name, face_up_on_table=face_up
    )
