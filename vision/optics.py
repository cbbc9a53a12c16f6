"""What the camera does to the picture, for the renderer (`vision.render`): uneven light,
shadow and glare, the lens's distortion (Brown-Conrady, OpenCV's model), rolling-shutter
skew, a motion smear, vignetting, exposure and the light's colour, and sleeve highlights.
The geometric effects also return a point mapper, so the renderer knows where every code's
corners end up."""

from __future__ import annotations

import math

import cv2
import numpy as np


def lighting(
    frame: np.ndarray, light: float, shadow: float, glare: float, rng: np.random.Generator
) -> np.ndarray:
    """Uneven light (a ramp), a soft band shadow and a glare spot, each of the given strength."""
    if not (light or shadow or glare):
        return frame
    h, w = frame.shape[:2]
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    xx /= w
    yy /= h
    gain = np.ones_like(xx)
    if light:
        angle = rng.uniform(0, 2 * math.pi)
        ramp = (xx - 0.5) * math.cos(angle) + (yy - 0.5) * math.sin(angle)
        gain *= 1 + light * ramp * 1.6
    if shadow:
        # A soft band shadow (an arm, a lamp post) across part of the frame.
        cx, cy = rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8)
        angle = rng.uniform(0, math.pi)
        distance = np.abs((xx - cx) * math.sin(angle) - (yy - cy) * math.cos(angle))
        gain *= 1 - shadow * np.clip(1.2 - distance / 0.12, 0, 1)
    additive = np.zeros_like(xx)
    if glare:
        gx, gy = rng.uniform(0.25, 0.75), rng.uniform(0.25, 0.75)
        radius = rng.uniform(0.05, 0.1)
        additive += 255 * glare * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius**2))
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    additive = cv2.resize(additive, (w, h), interpolation=cv2.INTER_LINEAR)
    out = frame.astype(np.float32) * gain[..., None] + additive[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def lens_model(x, y, k1: float, k2: float = 0.0, p1: float = 0.0, p2: float = 0.0):
    """Brown-Conrady (OpenCV's) model on normalised coordinates: radial k1, k2 and
    tangential p1, p2. Returns the distorted coordinates."""
    r2 = x * x + y * y
    radial = 1 + k1 * r2 + k2 * r2 * r2
    return (
        x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x),
        y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y,
    )


def distort(frame: np.ndarray, k1: float, k2: float = 0.0, p1: float = 0.0, p2: float = 0.0):
    """Lens distortion about the frame centre (focal length = the longer side); returns the
    image and a point mapper (undistorted frame px -> distorted frame px)."""
    h, w = frame.shape[:2]
    f = max(w, h)
    cx, cy = w / 2, h / 2
    yy, xx = np.indices((h, w), dtype=np.float32)
    dx, dy = lens_model((xx - cx) / f, (yy - cy) / f, k1, k2, p1, p2)
    map_x = (dx * f + cx).astype(np.float32)
    map_y = (dy * f + cy).astype(np.float32)
    out = cv2.remap(frame, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def mapper(points: np.ndarray) -> np.ndarray:
        # Output p satisfies source = model(p): solve by fixed-point iteration.
        src = (np.asarray(points, np.float64) - (cx, cy)) / f
        p = src.copy()
        for _ in range(12):
            mx, my = lens_model(p[:, 0], p[:, 1], k1, k2, p1, p2)
            p = p + (src - np.stack([mx, my], axis=1))
        return p * f + (cx, cy)

    return out, mapper


def rolling_shutter(frame: np.ndarray, shift_px: float):
    """Rows read out one after another while the camera pans: each row shifted sideways a
    little more than the one above (the last row by `shift_px`)."""
    h, w = frame.shape[:2]
    yy, xx = np.indices((h, w), dtype=np.float32)
    offset = shift_px * (yy / max(h - 1, 1) - 0.5)
    out = cv2.remap(frame, xx - offset, yy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def mapper(points: np.ndarray) -> np.ndarray:
        points = np.asarray(points, np.float64).copy()
        points[:, 0] += shift_px * (points[:, 1] / max(h - 1, 1) - 0.5)
        return points

    return out, mapper


def smear_kernel(length_px: float, angle_deg: float) -> np.ndarray:
    """A straight motion-blur kernel `length_px` long in direction `angle_deg`: a box along
    the motion. Whole lengths are drawn as an antialiased line; a fractional length (a smear
    stated in QR modules: 1.5 modules at 3 px is 4.5 px) is the box itself, sampled finely
    and splatted bilinearly, so 4.5 px is neither 4 nor 5."""
    if abs(length_px - round(length_px)) > 1e-6:
        return _fractional_smear_kernel(length_px, angle_deg)
    length = int(round(length_px))
    if angle_deg % 180 == 0:
        return np.full((1, length), 1.0 / length, np.float32)
    size = length + 2 | 1
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    a = math.radians(angle_deg)
    dx, dy = math.cos(a) * (length - 1) / 2, math.sin(a) * (length - 1) / 2
    cv2.line(
        kernel,
        (round(c * 16 - dx * 16), round(c * 16 - dy * 16)),
        (round(c * 16 + dx * 16), round(c * 16 + dy * 16)),
        1.0,
        1,
        cv2.LINE_AA,
        shift=4,
    )
    return kernel / kernel.sum()


def _fractional_smear_kernel(length_px: float, angle_deg: float) -> np.ndarray:
    size = int(math.ceil(length_px)) + 2 | 1
    kernel = np.zeros((size, size), np.float64)
    c = size // 2
    a = math.radians(angle_deg)
    for t in np.linspace(-length_px / 2, length_px / 2, 256):
        x, y = c + t * math.cos(a), c + t * math.sin(a)
        x0, y0 = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - x0, y - y0
        kernel[y0, x0] += (1 - fx) * (1 - fy)
        kernel[y0, x0 + 1] += fx * (1 - fy)
        kernel[y0 + 1, x0] += (1 - fx) * fy
        kernel[y0 + 1, x0 + 1] += fx * fy
    return (kernel / kernel.sum()).astype(np.float32)


def exposure(
    frame: np.ndarray, vignette: float, gain_all: float, colour_cast: tuple[float, float, float]
) -> np.ndarray:
    """Vignetting, exposure gain and the light's colour, as the sensor sees them."""
    if not vignette and gain_all == 1.0 and colour_cast == (1.0, 1.0, 1.0):
        return frame
    h, w = frame.shape[:2]
    gain = np.full((h // 8 + 1, w // 8 + 1), gain_all, np.float32)
    if vignette:
        yy, xx = np.mgrid[0 : gain.shape[0], 0 : gain.shape[1]].astype(np.float32)
        r2 = ((xx / (gain.shape[1] - 1) - 0.5) ** 2 + (yy / (gain.shape[0] - 1) - 0.5) ** 2) / 0.5
        gain *= 1 - vignette * r2  # cos^4 fall-off, approximately
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = np.array(colour_cast, np.float32)
    out = frame.astype(np.float32) * gain[..., None] * cast[None, None, :]
    return np.clip(out, 0, 255).astype(np.uint8)


def specular(
    frame: np.ndarray, quads: list[np.ndarray], strength: float, rng: np.random.Generator
) -> None:
    """Sleeve and laminate glare: on about a third of the codes, a small elongated highlight
    that saturates part of the symbol (up to about a fifth of it)."""
    h, w = frame.shape[:2]
    for quad in quads:
        if rng.uniform() > 0.35:
            continue
        side = float(np.linalg.norm(quad[1] - quad[0]))
        centre = quad.mean(axis=0) + rng.uniform(-0.3, 0.3, 2) * side
        axes = (
            max(2, int(side * rng.uniform(0.15, 0.3))),
            max(1, int(side * rng.uniform(0.05, 0.12))),
        )
        x0, y0 = int(max(centre[0] - side, 0)), int(max(centre[1] - side, 0))
        x1, y1 = int(min(centre[0] + side, w)), int(min(centre[1] + side, h))
        if x1 <= x0 or y1 <= y0:
            continue
        spot: np.ndarray = np.zeros((y1 - y0, x1 - x0), np.float32)
        cv2.ellipse(
            spot,
            (int(centre[0] - x0), int(centre[1] - y0)),
            axes,
            float(rng.uniform(0, 180)),
            0,
            360,
            1.0,
            -1,
        )
        spot = cv2.GaussianBlur(spot, (0, 0), max(1.0, axes[1] * 0.6))
        region = frame[y0:y1, x0:x1].astype(np.float32)
        frame[y0:y1, x0:x1] = np.clip(
            region + 255 * 1.5 * strength * spot[..., None], 0, 255
        ).astype(np.uint8)
