"""What a camera straight above the table makes of a mat: pixels per QR module, the height it
must hang at, and a simulated frame of the assembled kit (mat, cards, stickers) for tests.

The camera model is a 1080p webcam of the Logitech C920 class (70 degrees horizontal field
of view) looking straight down, framed so the mat plus 5 % fills the picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

WEBCAM_HFOV_DEG = 70.4
FRAME_MARGIN = 1.05  # the mat plus 5 %: a little slack around the markers
MODULE_MM = 2.0  # a QR module on a 63 mm card (and on a card-width sticker)
RESOLUTIONS = {"1080p": (1920, 1080), "4K": (3840, 2160)}
MIN_PX_PER_MODULE = 3.5  # what the kit aims for; the calibrator warns below 3


@dataclass(frozen=True)
class CameraView:
    resolution: tuple[int, int]
    px_per_mm: float
    height_mm: float  # lens above the table

    @property
    def px_per_module(self) -> float:
        return self.px_per_mm * MODULE_MM


def camera_view(
    mat_mm: tuple[float, float],
    resolution: tuple[int, int] = RESOLUTIONS["1080p"],
    hfov_deg: float = WEBCAM_HFOV_DEG,
) -> CameraView:
    """The straight-down view that holds the mat (plus FRAME_MARGIN): its scale and the
    camera height."""
    w, h = mat_mm
    rw, rh = resolution
    view_w = FRAME_MARGIN * max(w, h * rw / rh)  # table width the picture must span
    return CameraView(resolution, rw / view_w, view_w / 2 / math.tan(math.radians(hfov_deg) / 2))


@dataclass(frozen=True)
class Webcam:
    """What a 1080p webcam of the C920 class does to the table on its way to the pipeline,
    taken at the soft end of ordinary, so that a code the simulation reads is one a real
    webcam reads.

    Optics: the plastic lens, the ISP's noise reduction and the demosaic together resolve
    about 0.19 cycles per pixel at MTF50 (a Gaussian of 1 px); focus set on the table's
    middle leaves the mat's ends softer still (field curvature: a defocus disc growing to
    1.5 px at the frame's sides). A 2 px smear in 1/30 s: a bumped table, a swaying lamp arm
    (1 mm of table). Light: a lamp on one side (30 % brighter there) and the lens's
    vignetting. Sensor: one colour per pixel (RGGB) filled back in by demosaicing, read noise
    and shot noise of a small sensor in café light (about 4 grey levels on white). Then the
    MJPEG compression (quality 70, colour at half resolution) a USB 2 webcam needs for 1080p
    at 30 fps. With these a 2 mm QR module needs about 3 px to read reliably, the figure the
    calibrator warns below; tests/kit/test_camera_view.py measures where reading fails."""

    lens_blur_px: float = 1.0
    defocus_px: float = 1.5  # radius of the out-of-focus disc at the frame's sides
    motion_px: float = 2.0
    motion_deg: float = 25.0
    lamp_gradient: float = 0.3  # the lit side this much brighter than the far side
    vignetting: float = 0.25  # corners this much darker than the centre
    read_noise: float = 3.0  # grey levels
    shot_noise: float = 0.06  # variance per grey level of signal
    jpeg_quality: int = 70


WEBCAM = Webcam()


def simulate_frame(
    table_bgr: np.ndarray,
    table_px_per_mm: float,
    mat_mm: tuple[float, float],
    resolution: tuple[int, int] = RESOLUTIONS["1080p"],
    rotate_deg: float = 1.5,
    webcam: Webcam = WEBCAM,
    seed: int = 0,
    background=(70, 95, 120),
    px_per_mm: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Shrink a sharp top view of the table (rendered at table_px_per_mm) to what the camera
    of camera_view() sees (px_per_mm: a camera hung higher than it need be): each sensor
    pixel averages its own patch of table, the view turned a little, then what `webcam`
    does to it. Returns the frame and the mat-mm -> frame-px homography."""
    import cv2

    scale = px_per_mm or camera_view(mat_mm, resolution).px_per_mm
    k = scale / table_px_per_mm
    small = cv2.resize(table_bgr, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    rw, rh = resolution
    w, h = mat_mm
    # mat mm -> frame px: scale, turn about the mat's centre, centre in the frame
    s = scale
    turn = cv2.getRotationMatrix2D((w * s / 2, h * s / 2), rotate_deg, 1.0)
    turn[:, 2] += np.array((rw / 2 - w * s / 2, rh / 2 - h * s / 2))
    frame = cv2.warpAffine(
        small,
        turn,
        (rw, rh),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=background,
    )
    frame = through_webcam(frame, webcam, np.random.default_rng(seed))
    mm_to_px = np.vstack([turn, [0, 0, 1]]) @ np.diag([s, s, 1.0])
    return frame, mm_to_px


def through_webcam(frame: np.ndarray, webcam: Webcam, rng: np.random.Generator) -> np.ndarray:
    """A sharp BGR frame at the sensor's resolution as the webcam delivers it."""
    import cv2

    img: Any = frame.astype(np.float32)  # OpenCV's outputs are typed loosely
    rh, rw = frame.shape[:2]
    # Optics: lens blur everywhere, defocus growing towards the frame's ends.
    if webcam.lens_blur_px:
        img = cv2.GaussianBlur(img, (0, 0), webcam.lens_blur_px)
    if webcam.defocus_px:
        soft = cv2.filter2D(img, -1, _disc(webcam.defocus_px))
        x = np.abs(np.linspace(-1, 1, rw, dtype=np.float32))[None, :, None]
        img = img + (soft - img) * np.clip(x * 1.4 - 0.2, 0, 1)
    if webcam.motion_px >= 1:
        img = cv2.filter2D(img, -1, _smear(webcam.motion_px, webcam.motion_deg))
    # Light: a lamp on the left, and the lens darker towards the corners.
    ys, xs = np.mgrid[-1 : 1 : rh * 1j, -1 : 1 : rw * 1j].astype(np.float32)
    light = (1 + webcam.lamp_gradient / 2 * -xs) * (1 - webcam.vignetting * (xs**2 + ys**2) / 2)
    img = img * light[:, :, None]
    # Sensor: one colour per pixel (RGGB), shot and read noise, then demosaiced.
    mosaic = np.empty((rh, rw), np.float32)
    mosaic[0::2, 0::2] = img[0::2, 0::2, 2]
    mosaic[0::2, 1::2] = img[0::2, 1::2, 1]
    mosaic[1::2, 0::2] = img[1::2, 0::2, 1]
    mosaic[1::2, 1::2] = img[1::2, 1::2, 0]
    sigma = np.sqrt(webcam.read_noise**2 + webcam.shot_noise * np.clip(mosaic, 0, None))
    mosaic = np.clip(mosaic + rng.normal(0, 1, mosaic.shape).astype(np.float32) * sigma, 0, 255)
    img = cv2.cvtColor(mosaic.astype(np.uint8), cv2.COLOR_BayerBG2BGR)  # OpenCV's name for RGGB
    if webcam.jpeg_quality:
        ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, webcam.jpeg_quality])
        img = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return img


def _disc(radius: float) -> np.ndarray:
    size = 2 * int(np.ceil(radius)) + 1
    c = size // 2
    y, x = np.mgrid[:size, :size] - c
    # Area of each pixel inside the disc, by 4x4 supersampling: a smooth disc for radii < 1.
    sub = (np.arange(4) + 0.5) / 4 - 0.5
    kernel = np.zeros((size, size), np.float32)
    for dy in sub:
        for dx in sub:
            kernel += (x + dx) ** 2 + (y + dy) ** 2 <= radius**2
    return kernel / kernel.sum()


def _smear(length: float, angle_deg: float) -> np.ndarray:
    """A straight motion smear `length` px long, sampled finely so short smears stay even."""
    size = 2 * int(np.ceil(length / 2)) + 3
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    a = np.radians(angle_deg)
    for t in np.linspace(-length / 2, length / 2, 64):
        x, y = c + t * np.cos(a), c + t * np.sin(a)
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        fx, fy = x - x0, y - y0
        kernel[y0, x0] += (1 - fx) * (1 - fy)
        kernel[y0, x0 + 1] += fx * (1 - fy)
        kernel[y0 + 1, x0] += (1 - fx) * fy
        kernel[y0 + 1, x0 + 1] += fx * fy
    return kernel / kernel.sum()
