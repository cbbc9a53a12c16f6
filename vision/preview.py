"""The dashboard's picture of the table: the frame shrunk, with the layout's slots, each card
code's outline and payload (green: settled, orange: read but not settled yet) and the token
markers. At most one every `every_s` of frame time: the dashboard needs no 30 fps, and each
costs about 3 ms of the frame (shrink, outlines, JPEG).

Every role may fetch the preview, so a code is written beside its outline only when the rules
let anyone see it (`nameable`: `Catalogue.may_name`, the overlay's rule); a face-down card's
back and a glimpse of a card whose face its game hides are outlined without a name."""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from .codes import Code
from .markers import MarkerDetection

SLOT_COLOURS = {"cards": (200, 160, 60)}  # BGR by region kind; other kinds below
OTHER_SLOTS = (120, 200, 200)
SETTLED, UNSETTLED, MARKER = (60, 200, 60), (0, 170, 255), (255, 80, 80)


class Preview:
    def __init__(self, width: int, every_s: float):
        self.width = width  # 0: no preview
        self.every_s = every_s
        self._last_t: float | None = None

    def due(self, t: float) -> bool:
        """Whether the frame at `t` gets a preview (and, if so, the next waits from `t`)."""
        if not self.width:
            return False
        if self._last_t is None or t < self._last_t or t - self._last_t >= self.every_s:
            self._last_t = t
            return True
        return False

    def draw(
        self,
        image: np.ndarray,
        codes: list[Code],
        markers: list[MarkerDetection],
        layout,
        homography: np.ndarray | None,
        settled: set[str],
        nameable: Callable[[str], bool],
    ) -> bytes:
        """The JPEG: `image` shrunk to the width, the slots through `homography` (mat mm ->
        image px, inverted), `codes` (named where `nameable`) and `markers`."""
        canvas, factor = self.shrink(image)
        return self.draw_shrunk(
            canvas, factor, codes, markers, layout, homography, settled, nameable
        )

    def shrink(self, image: np.ndarray) -> tuple[np.ndarray, float]:
        """`image` shrunk to the preview's width (a copy), and the factor it was shrunk by."""
        factor = min(1.0, (self.width or image.shape[1]) / image.shape[1])
        canvas = (
            cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
            if factor < 1
            else image.copy()
        )
        return canvas, factor

    def draw_shrunk(
        self,
        canvas: np.ndarray,
        factor: float,
        codes: list[Code],
        markers: list[MarkerDetection],
        layout,
        homography: np.ndarray | None,
        settled: set[str],
        nameable: Callable[[str], bool],
    ) -> bytes:
        """`draw` on a frame `shrink` made (drawn on in place)."""
        if homography is not None:
            _draw_slots(canvas, layout, np.diag([factor, factor, 1.0]) @ np.linalg.inv(homography))
        for code, label in zip(codes, code_labels(codes, nameable)):
            colour = SETTLED if code.text in settled else UNSETTLED
            corners = code.corners * factor
            cv2.polylines(canvas, [corners.astype(np.int32)], True, colour, 2, cv2.LINE_AA)
            if label is None:
                continue
            x, y = corners[0]
            cv2.putText(
                canvas,
                label,
                (int(x), int(y) - 4),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                colour,
                1,
                cv2.LINE_AA,
            )
        for marker in markers:
            cv2.polylines(canvas, [(marker.corners * factor).astype(np.int32)], True, MARKER, 1)
        ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 75])
        return data.tobytes() if ok else b""


def code_labels(codes: list[Code], nameable: Callable[[str], bool]) -> list[str | None]:
    """The text written beside each code's outline: its payload, or None where the rules
    hide it."""
    return [code.text if nameable(code.text) else None for code in codes]


def _draw_slots(canvas: np.ndarray, layout, to_canvas: np.ndarray) -> None:
    for region in layout.regions:
        colour = SLOT_COLOURS.get(region.kind, OTHER_SLOTS)
        quads = []
        for slot in region.slots:
            x, y, w, h = slot.rect_mm
            quads.append([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
        if quads:
            px = cv2.perspectiveTransform(
                np.array(quads, np.float64).reshape(-1, 1, 2), to_canvas
            ).reshape(-1, 4, 2)
            cv2.polylines(canvas, list(px.astype(np.int32)), True, colour, 1, cv2.LINE_AA)
