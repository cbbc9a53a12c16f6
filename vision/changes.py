"""What changed in the picture since the frame last decoded: a still table costs a thumbnail
difference, a hand moving over one museum costs a decode of that part of the frame.

Sensor noise averages out in an 8x smaller thumbnail; a hand, a new card or a bump of the
camera changes it by far more than the threshold (`WatcherSettings.change_threshold`).
"""

from __future__ import annotations

import cv2
import numpy as np

SHRINK = 8  # thumbnail cells are this many frame pixels across

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels


class ChangeDetector:
    """The thumbnails of the frame last decoded (whole or in part) and of the one last
    decoded whole, and the cells that changed against them."""

    def __init__(self, threshold: int):
        self.threshold = threshold
        self.reference: np.ndarray | None = None  # the frame last decoded
        self.whole: np.ndarray | None = None  # the frame last decoded whole (in line or beside)

    @staticmethod
    def thumbnail(gray: np.ndarray) -> np.ndarray:
        size = (gray.shape[1] // SHRINK, gray.shape[0] // SHRINK)
        return cv2.resize(gray, size, interpolation=cv2.INTER_AREA).astype(np.int16)

    def changed(self, thumb: np.ndarray, before: np.ndarray) -> np.ndarray:
        """Thumbnail cells that changed by more than sensor noise between two frames."""
        return np.abs(thumb - before) > self.threshold

    def comparable(self, thumb: np.ndarray) -> bool:
        return self.reference is not None and self.reference.shape == thumb.shape

    def same_as_whole(self, thumb: np.ndarray) -> bool:
        """No thumbnail cell changed since the last whole decode."""
        before = self.whole
        return (
            before is not None
            and before.shape == thumb.shape
            and not self.changed(thumb, before).any()
        )


def unchanged_cells(changed: np.ndarray, quad: np.ndarray) -> bool:
    """No changed cell of the thumbnail mask under `quad` (frame px)."""
    x0, y0 = np.maximum(np.floor(quad.min(axis=0) / SHRINK).astype(int), 0)
    x1, y1 = np.ceil(quad.max(axis=0) / SHRINK).astype(int) + 1
    return not changed[y0:y1, x0:x1].any()


def changed_boxes(changed: np.ndarray, shape, card_px: float, grow_px: float | None = None):
    """Changed thumbnail cells grown by about a card (or `grow_px`), as frame-pixel boxes."""
    grow = (
        2 * max(3 if grow_px is None else 1, int((card_px if grow_px is None else grow_px) / 8)) + 1
    )
    grown = cv2.dilate(changed, np.ones((grow, grow), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(grown)
    boxes: list[Box] = []
    h, w = shape[:2]
    for index in range(1, count):
        x, y, bw, bh, _ = stats[index]
        boxes.append(
            (
                max(0, x * SHRINK),
                max(0, y * SHRINK),
                min(w, (x + bw) * SHRINK),
                min(h, (y + bh) * SHRINK),
            )
        )
    return boxes


def marker_boxes(changed: np.ndarray | None, boxes: list[Box], shape, card_px: float):
    """Where to look for tokens again: the changed pixels grown by about a token (tokens
    are small, so this is far less than the card-sized boxes)."""
    if changed is None:
        pad = int(card_px / 2)
        h, w = shape[:2]
        return [
            (max(0, x0 - pad), max(0, y0 - pad), min(w, x1 + pad), min(h, y1 + pad))
            for x0, y0, x1, y1 in boxes
        ]
    return changed_boxes(changed, shape, card_px, grow_px=card_px / 3)


def boxes_around(outlines: list[np.ndarray], boxes: list[Box], shape, card_px: float):
    """Boxes (frame px) around `outlines` (those last tried only briefly under a moving
    hand) where no box of `boxes` covers them: tried in full now that they are still."""
    h, w = shape[:2]
    pad = card_px / 4
    extra: list[Box] = []
    for quad in outlines:
        cx, cy = quad.mean(axis=0)
        if any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in boxes + extra):
            continue
        (x0, y0), (x1, y1) = quad.min(axis=0) - pad, quad.max(axis=0) + pad
        extra.append((max(0, int(x0)), max(0, int(y0)), min(w, int(x1) + 1), min(h, int(y1) + 1)))
    return extra


def boxes_covering(outlines: list[np.ndarray], boxes: list[Box], shape, pad: float) -> list[Box]:
    """Boxes (frame px) around each of `outlines` grown by `pad` that no box of `boxes`
    holds whole: a token kept from the last frame whose own cells changed (one beside it
    left) is looked for again in a crop that holds all of it, never one that cuts it (ArUco
    finds no marker cut by the crop's border)."""
    h, w = shape[:2]
    extra: list[Box] = []
    for quad in outlines:
        (x0, y0), (x1, y1) = quad.min(axis=0) - pad, quad.max(axis=0) + pad
        grown = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1) + 1), min(h, int(y1) + 1))
        if not any(
            b[0] <= grown[0] and b[1] <= grown[1] and grown[2] <= b[2] and grown[3] <= b[3]
            for b in boxes + extra
        ):
            extra.append(grown)
    return extra
