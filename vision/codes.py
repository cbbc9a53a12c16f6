"""The shape of a read QR code, and the few helpers every reader of codes shares.

A `Code` is a payload's text plus the symbol's four corners in the image's pixels. This
module is the bottom of vision's reading chain: the decoder backends, the candidate finder,
the sampler, the card grid, the card reader and the photo reader all build on it, and it
imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import cv2
import numpy as np


@dataclass(frozen=True)
class Code:
    text: str
    corners: np.ndarray = field(compare=False, repr=False)  # 4x2 float32, symbol corners (px)
    backend: str = ""
    raw: bytes | None = field(default=None, compare=False, repr=False)  # payload bytes, if known

    @cached_property  # asked for often when merging results; corners never change
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    @cached_property
    def size_px(self) -> float:
        """Mean side length of the symbol in pixels."""
        sides = np.linalg.norm(np.roll(self.corners, -1, axis=0) - self.corners, axis=1)
        return float(sides.mean())

    def to_dict(self) -> dict:
        entry = {
            "text": self.text,
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
        }
        if self.raw is not None and self.raw != self.text.encode("utf-8"):
            entry["bytes"] = self.raw.hex()  # binary or non-UTF-8 payloads, exactly as stored
        return entry


def payload_text(raw: bytes) -> str:
    """Text of a payload's bytes without an encoding declared: UTF-8 when the bytes are valid
    UTF-8, else Shift_JIS (common in QR codes), else ISO-8859-1 (the QR standard's default,
    which any byte string decodes as). Never raises."""
    for encoding in ("utf-8", "shift_jis"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def same_symbol(a: Code, b: Code) -> bool:
    """Two readings of one physical symbol: the same text, centres within half a side."""
    if a.text != b.text:
        return False
    distance = np.linalg.norm(np.subtract(a.center, b.center))
    return bool(distance < 0.5 * max(a.size_px, b.size_px, 1.0))


def order_quad(quad: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left (image orientation)."""
    quad = np.asarray(quad, np.float32).reshape(4, 2)
    center = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - center[1], quad[:, 0] - center[0])
    ordered = quad[np.argsort(angles)]  # from -pi: top-left first in image coordinates
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0)


def contains(quad: np.ndarray, point) -> bool:
    """Whether `point` (x, y) lies in the outline `quad` (px), edge included."""
    return (
        cv2.pointPolygonTest(
            np.asarray(quad, np.float32).reshape(-1, 1, 2),
            (float(point[0]), float(point[1])),
            False,
        )
        >= 0
    )


def refine_corners(gray: np.ndarray, codes: list[Code]) -> list[Code]:
    """Codes with corners 1 and 3 (top right and bottom left: outer corners of finder
    patterns) refined to sub-pixel on the frame, since the decoders place them to about a
    pixel, a millimetre on a webcam's view of the mat. A corner that moves by more than a
    module (another corner nearby, a smear) keeps the decoder's place."""
    if not codes:
        return codes
    refined = []
    h, w = gray.shape[:2]
    for code in codes:
        module = code.size_px / 21  # a version-1 symbol: the largest module a card can have
        window = max(2, int(round(0.7 * module)))
        corners = np.asarray(code.corners, np.float32).copy()
        points = corners[[1, 3]].reshape(-1, 1, 2).copy()
        inside = (
            (points[:, 0, 0] > window + 1)
            & (points[:, 0, 0] < w - window - 2)
            & (points[:, 0, 1] > window + 1)
            & (points[:, 0, 1] < h - window - 2)
        ).all()
        if inside:
            better = cv2.cornerSubPix(gray, points, (window, window), (-1, -1), _SUBPIX_STOP)
            better = better.reshape(-1, 2)
            moved = np.linalg.norm(better - corners[[1, 3]], axis=1)
            keep = moved <= module
            corners[[1, 3]] = np.where(keep[:, None], better, corners[[1, 3]])
        refined.append(Code(code.text, corners, code.backend, code.raw))
    return refined


_SUBPIX_STOP = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 30, 0.01)
