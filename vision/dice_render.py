"""Synthetic dice, for tests, the benchmark and the rendered sample games: a die's face as
a sprite (`die_sprite`), or a whole picture of one die on a card or the table, lit,
tilted, blurred, noisy and JPEG-compressed (`render_die`)."""

from __future__ import annotations

import cv2
import numpy as np

# -- synthetic dice -------------------------------------------------------------------------
BODY_BGR = {
    "red": (38, 36, 196),
    "blue": (170, 88, 28),
    "green": (60, 150, 36),
    "yellow": (40, 205, 235),
}
PIP_BGR = {
    "red": (240, 240, 240),
    "blue": (240, 240, 240),
    "green": (240, 240, 240),
    "yellow": (35, 35, 35),
}


def _canonical_face(
    value: int, colour: str, side: int = 240, spread: float = 0.25, pip_radius: float = 0.09
) -> tuple[np.ndarray, np.ndarray]:
    image = np.zeros((side, side, 3), np.uint8)
    alpha = np.zeros((side, side), np.uint8)
    radius = int(side * 0.14)
    for canvas, col in ((image, BODY_BGR[colour]), (alpha, 255)):
        cv2.rectangle(canvas, (radius, 0), (side - 1 - radius, side - 1), col, -1)
        cv2.rectangle(canvas, (0, radius), (side - 1, side - 1 - radius), col, -1)
        for corner_x in (radius, side - 1 - radius):
            for corner_y in (radius, side - 1 - radius):
                cv2.circle(canvas, (corner_x, corner_y), radius, col, -1, cv2.LINE_AA)
    a, m, b = spread, 0.5, 1 - spread
    layout = {
        1: [(m, m)],
        2: [(a, a), (b, b)],
        3: [(a, a), (m, m), (b, b)],
        4: [(a, a), (b, a), (a, b), (b, b)],
        5: [(a, a), (b, a), (m, m), (a, b), (b, b)],
        6: [(a, a), (a, m), (a, b), (b, a), (b, m), (b, b)],
    }[value]
    for x, y in layout:
        cv2.circle(
            image,
            (int(x * side), int(y * side)),
            int(pip_radius * side),
            PIP_BGR[colour],
            -1,
            cv2.LINE_AA,
        )
    return image, alpha


def render_die(
    value: int,
    colour: str,
    face_px: float,
    rng: np.random.Generator,
    blur: float = 0.0,
    noise: float = 0.0,
    jpeg: int | None = None,
    tilt: float = 0.15,
    canvas: int | None = None,
    background: str = "card",
    sides: float = 0.0,
) -> tuple[np.ndarray, tuple[float, float]]:
    """A BGR image with one die of `face_px` pixels a side; returns it and the die centre.

    `sides` > 0 also shows the die's side faces (as a fraction of the face), shaded darker,
    as a camera that is not straight above the table sees them.
    """
    scale = 4  # draw large, then shrink: edges come out anti-aliased like a camera's
    size = canvas or int(face_px * 3 + 20)
    big = size * scale
    bg = _background(background, big, rng)
    face, alpha = _canonical_face(
        value,
        colour,
        spread=float(rng.uniform(0.23, 0.27)),
        pip_radius=float(rng.uniform(0.08, 0.10)),
    )
    # lighting: a gentle gradient across the face
    gradient = np.linspace(
        float(rng.uniform(0.8, 1.0)), float(rng.uniform(1.0, 1.15)), face.shape[1]
    )[None, :, None]
    face = np.clip(face * gradient, 0, 255).astype(np.uint8)
    side = face.shape[0]
    half = face_px * scale / 2
    corners, centre, lean = _face_corners(half, face_px, scale, big, tilt, rng)
    src = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    warped = cv2.warpPerspective(face, matrix, (big, big), flags=cv2.INTER_LINEAR)
    walpha = cv2.warpPerspective(alpha, matrix, (big, big), flags=cv2.INTER_LINEAR)
    shadow = cv2.GaussianBlur(
        np.roll(walpha, (int(half * 0.15), int(half * 0.15)), (0, 1)), (0, 0), half * 0.12
    )
    bg = (bg * (1 - 0.45 * shadow[..., None] / 255)).astype(np.uint8)
    if sides > 0:
        drop = -lean * half * 2 * sides
        body = cv2.convexHull(np.vstack([corners, corners + drop]).astype(np.float32))
        shade = tuple(int(c * 0.62) for c in BODY_BGR[colour])
        cv2.fillConvexPoly(bg, body.astype(np.int32), shade, cv2.LINE_AA)
    a = walpha[..., None].astype(np.float32) / 255
    scene = (warped * a + bg * (1 - a)).astype(np.uint8)
    image = _degraded(
        cv2.resize(scene, (size, size), interpolation=cv2.INTER_AREA), rng, blur, noise, jpeg
    )
    return image, (float(centre[0] / scale), float(centre[1] / scale))


def _face_corners(
    half: float, face_px: float, scale: int, big: int, tilt: float, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The top face's corners on the canvas drawn `scale` times larger: turned at random,
    moved off the centre by up to half a face, one edge shrunk by `tilt` towards `lean` (a
    camera at an angle); returns the corners, the face's centre and `lean`."""
    angle = rng.uniform(0, 2 * np.pi)
    centre = np.array([big / 2, big / 2]) + rng.uniform(-face_px, face_px, 2) * scale * 0.5
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * half
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners @ rot.T
    # perspective: shrink one edge, as a camera looking at the table from an angle sees it
    direction = rng.uniform(0, 2 * np.pi)
    lean = np.array([np.cos(direction), np.sin(direction)])
    corners *= (1 - tilt * (corners @ lean) / (half * 2))[:, None]
    return corners + centre, centre, lean


def _background(kind: str, big: int, rng: np.random.Generator) -> np.ndarray:
    """A card with QR-like print near the die ("card"), or a wooden table."""
    if kind == "card":
        bg = np.full((big, big, 3), 235, np.uint8)
        for _ in range(6):  # QR-like black blocks and print near the die
            x, y = rng.integers(0, big, 2)
            w = int(rng.integers(big // 20, big // 6))
            cv2.rectangle(bg, (int(x), int(y)), (int(x) + w, int(y) + w), (20, 20, 20), -1)
        return bg
    bg = np.zeros((big, big, 3), np.uint8)
    bg[:] = (60, 95, 140)  # a wooden table
    return (bg + rng.normal(0, 8, bg.shape)).clip(0, 255).astype(np.uint8)


def _degraded(image, rng: np.random.Generator, blur: float, noise: float, jpeg: int | None):
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if noise > 0:
        image = np.clip(image + rng.normal(0, noise, image.shape), 0, 255).astype(np.uint8)
    if jpeg:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg)])
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image


def die_sprite(value: int, colour: str, side: int = 240) -> tuple[np.ndarray, np.ndarray]:
    """A die's top face as a BGR sprite and its alpha (rounded corners), for scene renders."""
    return _canonical_face(value, colour, side)
