"""Scene renderer: the project's printed cards and mat on a table, seen through a camera.

For tests, benchmarks and `sample_images/`. A `Scene` lists pieces in mat millimetres; the
renderer warps each printed piece (from calibration's card and mat renderer when it exists,
else a plain QR card drawn here) into a 1920x1080 frame through a perspective camera, then
adds lens distortion (radial and tangential), uneven light, shadows, glare, specular
highlights on sleeves, vignetting, exposure swings, colour casts, hands of several skin
tones, curved cards, rolling-shutter skew, blur, directional motion smear, sensor noise and
JPEG.
Everything is deterministic for a given seed. `Rendered.truth` says where every code ended up.
The printed pieces are drawn by `vision.sprites`, hands by `vision.hands`, and what the
camera does to the picture by `vision.optics`; the scene's parts are in `vision.scene`.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import Sequence

import cv2
import numpy as np

from calibration.layouts import load_layout
from companion.catalogue import load_catalogue

from .hands import Hand, covered_fraction, draw_hand
from .optics import distort, exposure, lighting, rolling_shutter, smear_kernel, specular
from .scene import Camera, Degradation, Placed, Rendered, Scene, Truth
from .sprites import TOKEN_SIZE_MM, bend, card_sprite, marker_sprite, mat_sprite

# -- geometry --------------------------------------------------------------------------------


def camera_homography(camera: Camera, area_mm: tuple[float, float]) -> np.ndarray:
    """Mat mm -> frame px: the mat centre at the frame centre, seen with a tilt."""
    w_mm, h_mm = area_mm
    s = camera.px_per_mm
    # Corners of the area seen from a tilted camera: the far (top) edge shrinks.
    half_w, half_h = w_mm * s / 2, h_mm * s / 2
    shrink = camera.tilt
    dst = np.array(
        [
            [-half_w * (1 - shrink), -half_h * (1 - shrink / 2)],
            [half_w * (1 - shrink), -half_h * (1 - shrink / 2)],
            [half_w * (1 + shrink / 2), half_h],
            [-half_w * (1 + shrink / 2), half_h],
        ],
        np.float64,
    )
    yaw = math.radians(camera.yaw_deg)
    rotation = np.array([[math.cos(yaw), -math.sin(yaw)], [math.sin(yaw), math.cos(yaw)]])
    dst = dst @ rotation.T
    dst[:, 0] += camera.width / 2 + camera.offset_px[0]
    dst[:, 1] += camera.height / 2 + camera.offset_px[1]
    src = np.array([[0, 0], [w_mm, 0], [w_mm, h_mm], [0, h_mm]], np.float64)
    return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)).astype(
        np.float64
    )


def _piece_matrix(piece: Placed, size_mm: tuple[float, float], sprite_shape) -> np.ndarray:
    """Sprite px -> mat mm for a piece centred at (x, y) and rotated."""
    h_px, w_px = sprite_shape[:2]
    sx, sy = size_mm[0] / w_px, size_mm[1] / h_px
    a = math.radians(piece.angle_deg)
    c, s = math.cos(a), math.sin(a)
    to_centre = np.array([[1, 0, -w_px / 2], [0, 1, -h_px / 2], [0, 0, 1]], np.float64)
    scale = np.diag([sx, sy, 1.0])
    rotate = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float64)
    move = np.array([[1, 0, piece.x_mm], [0, 1, piece.y_mm], [0, 0, 1]], np.float64)
    return move @ rotate @ scale @ to_centre


def _warp_into(
    frame: np.ndarray, sprite: np.ndarray, matrix: np.ndarray, mask: np.ndarray | None = None
) -> None:
    """Paste `sprite` through homography `matrix` (sprite px -> frame px), bounded box only."""
    h, w = sprite.shape[:2]
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64), matrix
    ).reshape(4, 2)
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, frame.shape[1]), min(y1, frame.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ matrix
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(sprite, shift, size, flags=cv2.INTER_AREA)
    alpha_src = mask if mask is not None else np.full((h, w), 255, np.uint8)
    alpha = cv2.warpPerspective(alpha_src, shift, size, flags=cv2.INTER_LINEAR)
    region = frame[y0:y1, x0:x1]
    a = (alpha.astype(np.float32) / 255.0)[..., None]
    region[:] = (warped * a + region * (1 - a)).astype(np.uint8)


# -- the renderer ----------------------------------------------------------------------------


def scene_area_mm(scene: Scene) -> tuple[float, float]:
    if scene.mat_size_mm is not None:
        return scene.mat_size_mm
    if not scene.pieces:
        return (600.0, 400.0)
    xs = [p.x_mm for p in scene.pieces]
    ys = [p.y_mm for p in scene.pieces]
    return (max(xs) + min(xs), max(ys) + min(ys))


def render_scene(
    scene: Scene,
    seed: int = 0,
    camera: Camera | None = None,
    degradation: Degradation | None = None,
    light_seed: int | None = None,
) -> Rendered:
    """`seed` draws sensor noise and hand colour; `light_seed` (default: `seed`) draws where
    light, shadow and glare fall, so a sequence of frames can share one room's lighting."""
    rng = np.random.default_rng(seed)
    light_rng = np.random.default_rng(seed if light_seed is None else light_seed)
    camera = camera or Camera()
    degradation = degradation or Degradation()
    area = scene_area_mm(scene)
    mat_to_px = camera_homography(camera, area)
    frame = _table_background(camera)

    if scene.mat_size_mm is not None and scene.draw_mat:
        mat, mat_mm = mat_sprite(scene.game, scene.players)
        to_mm = np.diag([mat_mm[0] / mat.shape[1], mat_mm[1] / mat.shape[0], 1.0])
        _warp_into(frame, mat, mat_to_px @ to_mm)
    truth = [_lay(frame, piece, scene, mat_to_px, degradation, rng) for piece in scene.pieces]

    if degradation.specular:
        specular(
            frame, [t.quad_px for t in truth if t.kind != "token"], degradation.specular, light_rng
        )
    hand_mask = np.zeros(frame.shape[:2], np.uint8)
    for hand in scene.hands:
        draw_hand(frame, hand_mask, hand, mat_to_px, rng)
    for item in truth:
        item.covered = covered_fraction(hand_mask, item.quad_px)
        item.occluded = item.covered > 0.02
    frame = _through_the_camera(frame, truth, camera, degradation, rng, light_rng)
    return Rendered(frame, mat_to_px, truth, camera)


def _lay(frame, piece: Placed, scene: Scene, mat_to_px, degradation: Degradation, rng) -> Truth:
    """Draw one piece on the table; where its code lies in the frame."""
    if piece.kind == "token":
        sprite = marker_sprite(piece.marker, 120)
        side = TOKEN_SIZE_MM * sprite.shape[0] / 120
        matrix = mat_to_px @ _piece_matrix(piece, (side, side), sprite.shape)
        _warp_into(frame, sprite, matrix)
        b = (sprite.shape[0] - 120) / 2
        quad = np.array([[b, b], [b + 120, b], [b + 120, b + 120], [b, b + 120]], np.float64)
    else:
        sprite, quad = card_sprite(piece.payload, piece.kind, scene.game)
        outline = None
        if degradation.card_bend:
            sprite, outline = bend(sprite, degradation.card_bend * float(rng.uniform(0.5, 1.0)))
        matrix = mat_to_px @ _piece_matrix(piece, scene.card_size_mm, sprite.shape)
        if piece.slide_mm:
            _slide_into(frame, sprite, outline, mat_to_px, piece, scene.card_size_mm)
        else:
            _drop_shadow(frame, sprite.shape, matrix)
            _warp_into(frame, sprite, matrix, outline)
    quad_px = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float64), matrix).reshape(
        4, 2
    )
    return Truth(piece.payload, piece.kind, quad_px, (piece.x_mm, piece.y_mm), False)


def _slide_into(frame, sprite, outline, mat_to_px, piece: Placed, size_mm) -> None:
    """A card sliding while the shutter is open: the exposure is the mean of the table with
    the card (and its shadow) at evenly spaced places along its path, centred on `piece`'s
    place; only the card smears, the table around it stays sharp. Whatever was drawn before
    shows through where the card is not at a given instant."""
    a = math.radians(piece.slide_angle_deg)
    direction = np.array([math.cos(a), math.sin(a)]) * piece.slide_mm
    ends = [
        replace(piece, x_mm=piece.x_mm + t * direction[0], y_mm=piece.y_mm + t * direction[1])
        for t in (-0.5, 0.5)
    ]
    matrices = [mat_to_px @ _piece_matrix(p, size_mm, sprite.shape) for p in ends]
    h, w = sprite.shape[:2]
    corners = np.concatenate(
        [
            cv2.perspectiveTransform(
                np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64), m
            ).reshape(4, 2)
            for m in matrices
        ]
    )
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 12, 0)
    x1 = min(int(corners[:, 0].max()) + 14, frame.shape[1])
    y1 = min(int(corners[:, 1].max()) + 14, frame.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    before = frame[y0:y1, x0:x1].copy()
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    length_px = float(np.abs(corners[4:] - corners[:4]).max())
    steps = max(2, int(math.ceil(4 * length_px)) + 1)
    total = np.zeros(before.shape, np.float64)
    for t in np.linspace(-0.5, 0.5, steps):
        moved = replace(
            piece, x_mm=piece.x_mm + t * direction[0], y_mm=piece.y_mm + t * direction[1]
        )
        matrix = shift @ mat_to_px @ _piece_matrix(moved, size_mm, sprite.shape)
        region = before.copy()
        _drop_shadow(region, sprite.shape, matrix)
        _warp_into(region, sprite, matrix, outline)
        total += region
    frame[y0:y1, x0:x1] = np.clip(np.rint(total / steps), 0, 255).astype(np.uint8)


def _through_the_camera(
    frame, truth: list[Truth], camera: Camera, d: Degradation, rng, light_rng
) -> np.ndarray:
    """Light, exposure, lens, shutter, blur, smear, noise and JPEG, in the order a camera
    adds them; every code's corners in `truth` follow the geometric ones."""
    frame = lighting(frame, d.light, d.shadow, d.glare, light_rng)
    frame = exposure(frame, d.vignette, d.exposure, d.colour_cast)
    if camera.distorted:
        frame, mapper = distort(frame, camera.k1, camera.k2, camera.p1, camera.p2)
        for item in truth:
            item.quad_px = mapper(item.quad_px)
    if d.rolling_shutter_px:
        frame, mapper = rolling_shutter(frame, d.rolling_shutter_px)
        for item in truth:
            item.quad_px = mapper(item.quad_px)
    if d.blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), d.blur_sigma)
    if d.motion_px >= 1:
        frame = cv2.filter2D(frame, -1, smear_kernel(d.motion_px, d.motion_angle_deg))
    if d.noise_sigma > 0:
        noise = rng.normal(0, d.noise_sigma, frame.shape).astype(np.float32)
        frame = np.clip(frame.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    if d.jpeg_quality:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, d.jpeg_quality])
        frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return frame


@lru_cache(maxsize=4)
def _table_texture(w: int, h: int) -> np.ndarray:
    """A wooden table: warm base colour with low-frequency grain (the same table every frame)."""
    rng = np.random.default_rng(20240611)
    base = np.array([60, 95, 140], np.float32)  # BGR brown
    grain: np.ndarray = rng.normal(0, 1, (h // 16 + 1, w // 4 + 1)).astype(np.float32)
    grain = cv2.resize(cv2.GaussianBlur(grain, (0, 0), 1.5), (w, h), interpolation=cv2.INTER_LINEAR)
    frame = base[None, None, :] * (1 + 0.12 * grain[..., None])
    return np.clip(frame, 0, 255).astype(np.uint8)


def _table_background(camera: Camera) -> np.ndarray:
    return _table_texture(camera.width, camera.height).copy()


def _drop_shadow(frame: np.ndarray, sprite_shape, matrix: np.ndarray) -> None:
    h, w = sprite_shape[:2]
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64), matrix
    ).reshape(4, 2)
    corners += (3, 4)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 6, 0)
    x1 = min(int(corners[:, 0].max()) + 6, frame.shape[1])
    y1 = min(int(corners[:, 1].max()) + 6, frame.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillConvexPoly(mask, (corners - (x0, y0)).astype(np.int32), 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), 2.5)
    region = frame[y0:y1, x0:x1]
    region[:] = (region * (1 - 0.35 * mask[..., None])).astype(np.uint8)


# -- scene builders --------------------------------------------------------------------------


def layout_scene(
    game: str,
    players: int,
    placements: Sequence[tuple[str, str, Sequence[int]]],
    tokens: Sequence[tuple[str, str, Sequence[int]]] = (),
    hands: Sequence[Hand] = (),
    seed: int = 0,
    jitter_mm: float = 2.0,
    jitter_deg: float = 2.0,
) -> Scene:
    """Cards (payload, region, slot) and tokens laid in their layout slots, a little crooked."""
    layout = load_layout(game, players)
    catalogue = load_catalogue(game)
    rng = np.random.default_rng(seed)
    pieces = []
    for payload, region, slot in placements:
        cx, cy = layout.region(region).slot(list(slot)).center_mm
        piece = catalogue.get(payload)
        kind = piece.kind if piece is not None else "card"
        pieces.append(
            Placed(
                payload,
                cx + rng.uniform(-jitter_mm, jitter_mm),
                cy + rng.uniform(-jitter_mm, jitter_mm),
                rng.uniform(-jitter_deg, jitter_deg),
                kind,
            )
        )
    for payload, region, slot in tokens:
        cx, cy = layout.region(region).slot(list(slot)).center_mm
        piece = catalogue.piece(payload)
        pieces.append(Placed(payload, cx, cy, rng.uniform(-8, 8), "token", piece.marker))
    card_w, card_h = catalogue.card_size_mm
    return Scene(game, players, pieces, list(hands), layout.mat_size_mm, True, (card_w, card_h))


def grid_scene(
    payloads: Sequence[str],
    game: str = "musee",
    seed: int = 0,
    columns: int | None = None,
    gap_mm: float = 6.0,
    card_size_mm: tuple[float, float] = (63.0, 88.0),
    overlap: float = 0.0,
) -> Scene:
    """Cards in a loose grid on a bare table (benchmarks). `overlap` (0-0.6) tucks each row
    under the next so many cards fit in the frame while every code stays visible."""
    rng = np.random.default_rng(seed)
    n = len(payloads)
    columns = columns or max(1, math.ceil(math.sqrt(n * 1.6)))
    w, h = card_size_mm
    pitch_x, pitch_y = w + gap_mm, h * (1 - overlap) + gap_mm
    pieces = []
    for index, payload in enumerate(payloads):
        row, col = divmod(index, columns)
        pieces.append(
            Placed(
                payload,
                gap_mm + w / 2 + col * pitch_x + rng.uniform(-2, 2),
                gap_mm + h / 2 + row * pitch_y + rng.uniform(-2, 2),
                rng.uniform(-4, 4),
            )
        )
    return Scene(game, 0, pieces, [], None, False, card_size_mm)


def random_scene(game: str = "musee", players: int = 2, cards: int = 12, seed: int = 0) -> Scene:
    """Cards in random slots of the game's layout (the `scene:` development source)."""
    layout = load_layout(game, players)
    catalogue = load_catalogue(game)
    rng = np.random.default_rng(seed)
    slots = [(r.name, s.slot) for r in layout.regions if r.kind == "cards" for s in r.slots]
    chosen = rng.permutation(len(slots))[:cards]
    faces = [p.payload for p in catalogue.cards]
    payloads = [faces[i] for i in rng.permutation(len(faces))[: len(chosen)]]
    return layout_scene(
        game, players, [(p, slots[i][0], slots[i][1]) for p, i in zip(payloads, chosen)], seed=seed
    )


def with_hands(scene: Scene, hands: Sequence[Hand]) -> Scene:
    return replace(scene, hands=list(hands))
