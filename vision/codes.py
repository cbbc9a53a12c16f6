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
    return distance < 0.5 * max(a.size_px, b.size_px, 1.0)


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
