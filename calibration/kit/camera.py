"""What a camera straight above the table makes of a mat: pixels per QR module, the height it
must hang at, and a simulated frame of the assembled kit (mat, cards, stickers) for tests.

The camera model is a 1080p webcam of the Logitech C920 class (70 degrees horizontal field
of view) looking straight down, framed so the mat plus 5 % fills the picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

WEBCAM_HFOV_DEG = 70.4
FRAME_MARGIN = 1.05  # the mat plus 5 %: a little slack around the markers
MODULE_MM = 2.0  # a QR module on a 63 mm card (and on a card-width sticker)
RESOLUTIONS = {"1080p": (1920, 1080), "4K": (3840, 2160)}
MIN_PX_PER_MODULE = 3.5  # what the kit aims for; the calibrator warns below 3
# The camera pipeline's card reader (vision.decode.CardReader as the table watcher sets it up)
# reads nothing once a module passes about 7.6 px, though zxing-cpp reads the same frame
# whole: over a small mat the camera hangs higher than the mat needs, to stay at 6 px.
MAX_PX_PER_MODULE = 6.0


@dataclass(frozen=True)
class CameraView:
    resolution: tuple[int, int]
    px_per_mm: float
    height_mm: float  # lens above the table

    @property
    def px_per_module(self) -> float:
        return self.px_per_mm * MODULE_MM


def camera_view(mat_mm: tuple[float, float], resolution: tuple[int, int] = RESOLUTIONS["1080p"],
                hfov_deg: float = WEBCAM_HFOV_DEG) -> CameraView:
    """The straight-down view that holds the mat (no closer than MAX_PX_PER_MODULE allows):
    its scale and the camera height."""
    w, h = mat_mm
    rw, rh = resolution
    view_w = FRAME_MARGIN * max(w, h * rw / rh)  # table width the picture must span
    view_w = max(view_w, rw * MODULE_MM / MAX_PX_PER_MODULE)
    return CameraView(resolution, rw / view_w, view_w / 2 / math.tan(math.radians(hfov_deg) / 2))


def simulate_frame(table_bgr: np.ndarray, table_px_per_mm: float, mat_mm: tuple[float, float],
                   resolution: tuple[int, int] = RESOLUTIONS["1080p"], rotate_deg: float = 1.5,
                   blur_px: float = 0.6, noise: float = 3.0, seed: int = 0,
                   background=(70, 95, 120),
                   px_per_mm: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Shrink a sharp top view of the table (rendered at table_px_per_mm) to what the camera
    of camera_view() sees: area-averaged to the camera's scale, turned a little, blurred by
    the lens and with sensor noise (px_per_mm: a camera hung higher than it need be).
    Returns the frame and the mat-mm -> frame-px homography."""
    import cv2

    scale = px_per_mm or camera_view(mat_mm, resolution).px_per_mm
    k = scale / table_px_per_mm
    small = cv2.resize(table_bgr, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    rw, rh = resolution
    w, h = mat_mm
    # mat mm -> frame px: scale, turn about the mat's centre, centre in the frame
    s = scale
    turn = cv2.getRotationMatrix2D((w * s / 2, h * s / 2), rotate_deg, 1.0)
    turn[:, 2] += (rw / 2 - w * s / 2, rh / 2 - h * s / 2)
    frame = cv2.warpAffine(small, turn, (rw, rh), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=background)
    if blur_px:
        frame = cv2.GaussianBlur(frame, (0, 0), blur_px)
    if noise:
        rng = np.random.default_rng(seed)
        frame = np.clip(frame + rng.normal(0, noise, frame.shape), 0, 255).astype(np.uint8)
    mm_to_px = np.vstack([turn, [0, 0, 1]]) @ np.diag([s, s, 1.0])
    return frame, mm_to_px
