"""Hands over the table, for the renderer (`vision.render`): a palm and five fingers as
soft, shaded skin-coloured blobs with their shadow, in five skin tones."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Hand:
    """A skin-coloured hand hovering over the table (centre in mat mm, pointing angle)."""

    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    scale: float = 1.0
    skin: int | None = None  # an index into SKIN_TONES; None draws one of SKIN at random


SKIN = [(120, 160, 215), (95, 135, 195), (80, 110, 160), (150, 185, 230)]  # BGR
# From very light to very dark skin (BGR), for hands chosen on purpose (`Hand.skin`).
SKIN_TONES = [(175, 200, 240), (120, 160, 215), (80, 110, 160), (55, 80, 125), (35, 50, 80)]


def draw_hand(
    frame: np.ndarray, mask: np.ndarray, hand: Hand, mat_to_px: np.ndarray, rng: np.random.Generator
) -> None:
    """A palm and five fingers as soft, shaded skin-coloured blobs."""
    centre = cv2.perspectiveTransform(
        np.array([[[hand.x_mm, hand.y_mm]]], np.float64), mat_to_px
    ).reshape(2)
    step = cv2.perspectiveTransform(
        np.array([[[hand.x_mm + 1, hand.y_mm]]], np.float64), mat_to_px
    ).reshape(2)
    px_per_mm = float(np.linalg.norm(step - centre))
    s = px_per_mm * hand.scale
    tone = SKIN[int(rng.integers(len(SKIN)))] if hand.skin is None else SKIN_TONES[hand.skin]
    colour = np.array(tone, np.float32)
    layer = np.zeros(frame.shape[:2], np.uint8)
    a = math.radians(hand.angle_deg)
    direction = np.array([math.cos(a), math.sin(a)])
    normal = np.array([-direction[1], direction[0]])
    palm = centre
    cv2.ellipse(
        layer,
        tuple(int(v) for v in palm),
        (int(48 * s), int(42 * s)),
        hand.angle_deg,
        0,
        360,
        255,
        -1,
    )
    for offset, length in [(-30, 70), (-11, 85), (8, 80), (26, 64)]:
        base = palm + direction * 35 * s + normal * offset * s
        tip = base + direction * length * s
        cv2.line(layer, tuple(int(v) for v in base), tuple(int(v) for v in tip), 255, int(18 * s))
    thumb_base = palm + normal * 38 * s
    thumb_tip = thumb_base + (direction * 0.5 + normal * 0.9) * 55 * s
    cv2.line(
        layer, tuple(int(v) for v in thumb_base), tuple(int(v) for v in thumb_tip), 255, int(20 * s)
    )
    soft = cv2.GaussianBlur(layer.astype(np.float32) / 255.0, (0, 0), max(1.0, 2 * s))
    shade = cv2.GaussianBlur(layer.astype(np.float32) / 255.0, (0, 0), max(2.0, 12 * s))
    skin = colour[None, None, :] * (0.65 + 0.4 * shade[..., None])
    alpha = np.clip(soft * 1.2, 0, 1)[..., None]
    # A hand casts a shadow a little off to the side.
    shadow = np.roll(np.roll(soft, int(14 * s), axis=0), int(10 * s), axis=1)
    frame[:] = np.clip(frame * (1 - 0.35 * shadow[..., None]), 0, 255).astype(np.uint8)
    frame[:] = np.clip(skin * alpha + frame * (1 - alpha), 0, 255).astype(np.uint8)
    mask[:] = np.maximum(mask, layer)


def covered_fraction(mask: np.ndarray, quad: np.ndarray) -> float:
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
    window = mask[y0:y1, x0:x1]
    if window.size == 0:
        return 0.0
    poly = np.zeros_like(window)
    cv2.fillConvexPoly(poly, (quad - (x0, y0)).astype(np.int32), 255)
    area = max(int(np.count_nonzero(poly)), 1)
    return float(np.count_nonzero(window & poly)) / area
