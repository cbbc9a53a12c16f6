"""Scene renderer: the project's printed cards and mat on a table, seen through a camera.

For tests, benchmarks and `sample_images/`. A `Scene` lists pieces in mat millimetres; the
renderer warps each printed piece (from calibration's card and mat renderer when it exists,
else a plain QR card drawn here) into a 1920x1080 frame through a perspective camera, then
adds lens distortion (radial and tangential), uneven light, shadows, glare, specular
highlights on sleeves, vignetting, exposure swings, colour casts, hands of several skin
tones, curved cards, rolling-shutter skew, blur, directional motion smear, sensor noise and
JPEG.
Everything is deterministic for a given seed. `Rendered.truth` says where every code ended up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Sequence

import cv2
import numpy as np

from companion.catalogue import load_catalogue

# Fallback card design (used until calibration.render provides the printed look): the QR
# symbol in the upper part of a 63x88 mm card, 21 modules of 1.2 mm plus a 4-module margin.
FALLBACK_MODULE_MM = 1.2
CARD_PX_PER_MM = 12  # resolution of the card sprites before warping


@dataclass(frozen=True)
class Placed:
    """One piece on the table: centre in mat mm, rotation in degrees (clockwise)."""

    payload: str
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    kind: str = "card"  # "card", "back" or "token"
    marker: int | None = None


@dataclass(frozen=True)
class Hand:
    """A skin-coloured hand hovering over the table (centre in mat mm, pointing angle)."""

    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    scale: float = 1.0
    skin: int | None = None  # an index into SKIN_TONES; None draws one of SKIN at random


@dataclass(frozen=True)
class Camera:
    """Where the camera looks from: tilt makes the far edge smaller (perspective)."""

    width: int = 1920
    height: int = 1080
    px_per_mm: float = 2.0  # at the mat centre
    tilt: float = 0.15  # 0 = straight down; relative shrink of the far edge
    yaw_deg: float = 0.0
    offset_px: tuple[float, float] = (0.0, 0.0)
    k1: float = -0.04  # radial (barrel) lens distortion
    k2: float = 0.0  # fourth-order radial term (wide-angle webcams)
    p1: float = 0.0  # tangential distortion (a lens not quite parallel to the sensor)
    p2: float = 0.0

    @property
    def distorted(self) -> bool:
        return bool(self.k1 or self.k2 or self.p1 or self.p2)


@dataclass(frozen=True)
class Degradation:
    blur_sigma: float = 0.0
    noise_sigma: float = 0.0
    jpeg_quality: int | None = None
    light: float = 0.0  # strength of uneven light (0-0.6)
    shadow: float = 0.0  # darkness of a soft shadow across the table (0-0.6)
    glare: float = 0.0  # strength of a specular spot (0-1)
    motion_px: float = 0.0  # length of a motion smear (a bumped table, a wobbly arm)
    motion_angle_deg: float = 0.0  # its direction (0 = horizontal)
    vignette: float = 0.0  # darkening towards the corners (0-0.7)
    exposure: float = 1.0  # overall gain (auto-exposure swinging between frames)
    colour_cast: tuple[float, float, float] = (1.0, 1.0, 1.0)  # B, G, R gains (warm/cool light)
    specular: float = 0.0  # small saturated highlights on sleeves/laminate over codes (0-1)
    card_bend: float = 0.0  # cards bowed in their sleeves: sag as a fraction of card width
    rolling_shutter_px: float = 0.0  # horizontal shift of the last row vs the first

    @property
    def label(self) -> str:
        parts = []
        if self.blur_sigma:
            parts.append(f"blur{self.blur_sigma:g}")
        if self.noise_sigma:
            parts.append(f"noise{self.noise_sigma:g}")
        if self.jpeg_quality:
            parts.append(f"jpeg{self.jpeg_quality}")
        if self.light:
            parts.append("light")
        if self.shadow:
            parts.append("shadow")
        if self.glare:
            parts.append("glare")
        if self.motion_px:
            parts.append(f"motion{self.motion_px:g}")
        for name in ("vignette", "specular", "card_bend", "rolling_shutter_px"):
            if getattr(self, name):
                parts.append(f"{name}{getattr(self, name):g}")
        if self.exposure != 1.0:
            parts.append(f"exposure{self.exposure:g}")
        if self.colour_cast != (1.0, 1.0, 1.0):
            parts.append("cast")
        return "+".join(parts) or "clean"


@dataclass
class Scene:
    game: str
    players: int
    pieces: list[Placed] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    mat_size_mm: tuple[float, float] | None = None  # None: pieces on a bare table
    draw_mat: bool = True
    card_size_mm: tuple[float, float] = (63.0, 88.0)


@dataclass
class Truth:
    payload: str
    kind: str
    quad_px: np.ndarray  # the code's corners in the final frame
    center_mm: tuple[float, float]
    occluded: bool  # a hand covers part of its code


@dataclass
class Rendered:
    image: np.ndarray
    mat_to_px: np.ndarray  # homography mat mm -> frame px (before lens distortion)
    truth: list[Truth]
    camera: Camera


# -- sprites ---------------------------------------------------------------------------------


def _qr_matrix(payload: str) -> np.ndarray:
    import segno

    qr = segno.make_qr(payload, error="h" if len(payload) <= 10 else "m")
    return np.array([[0 if dark else 255 for dark in row] for row in qr.matrix], np.uint8)


@lru_cache(maxsize=512)
def card_sprite(
    payload: str, kind: str = "card", game: str = "musee"
) -> tuple[np.ndarray, np.ndarray]:
    """A printed card at CARD_PX_PER_MM and the QR symbol's corners on it (px).

    Uses calibration's `render_card` when it exists so the scenes show the real print.
    """
    try:
        from calibration.kit.cards import card_geometry, card_image
    except ImportError:  # the print kit is not installed: draw a plain QR card
        return _fallback_card(payload, kind)
    catalogue = load_catalogue(game)
    card_mm = tuple(catalogue.card_size_mm)
    image = card_image(game, payload, dpi=CARD_PX_PER_MM * 25.4)
    sprite = cv2.cvtColor(np.asarray(image.convert("RGB")), cv2.COLOR_RGB2BGR)
    geometry = card_geometry(card_mm)
    sx, sy = sprite.shape[1] / card_mm[0], sprite.shape[0] / card_mm[1]
    x0, y0 = geometry.qr_origin_mm
    side = geometry.qr_side_mm
    quad = np.array(
        [[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]], np.float32
    ) * np.array([sx, sy], np.float32)
    return sprite, quad


def qr_module_mm(game: str = "musee") -> float:
    """Module size of the printed card QR (sets px per module in benchmarks)."""
    try:
        from calibration.kit.cards import card_geometry
    except ImportError:
        return FALLBACK_MODULE_MM
    return card_geometry(tuple(load_catalogue(game).card_size_mm)).module_mm


def _locate_qr(sprite: np.ndarray) -> np.ndarray | None:
    from .decode import ZxingDecoder, order_quad

    codes = ZxingDecoder().decode(sprite)
    if not codes:
        return None
    return order_quad(codes[0].corners)


def _fallback_card(payload: str, kind: str) -> tuple[np.ndarray, np.ndarray]:
    s = CARD_PX_PER_MM
    w, h = int(63 * s), int(88 * s)
    card = np.full((h, w, 3), 250, np.uint8)
    tint = (205, 190, 160) if kind == "back" else _tint(payload)
    cv2.rectangle(card, (int(3 * s), int(3 * s)), (w - int(3 * s), h - int(3 * s)), tint, -1)
    module_px = int(round(FALLBACK_MODULE_MM * s))
    matrix = _qr_matrix(payload)
    n = matrix.shape[0]
    quiet = 4
    qr = cv2.resize(matrix, (n * module_px, n * module_px), interpolation=cv2.INTER_NEAREST)
    qr = cv2.copyMakeBorder(
        qr,
        quiet * module_px,
        quiet * module_px,
        quiet * module_px,
        quiet * module_px,
        cv2.BORDER_CONSTANT,
        value=255,
    )
    side = qr.shape[0]
    x0 = (w - side) // 2
    y0 = int(6 * s)
    card[y0 : y0 + side, x0 : x0 + side] = cv2.cvtColor(qr, cv2.COLOR_GRAY2BGR)
    label = payload if kind != "back" else "BACK"
    cv2.putText(
        card,
        label,
        (int(8 * s), h - int(14 * s)),
        cv2.FONT_HERSHEY_SIMPLEX,
        s * 0.55,
        (40, 40, 40),
        max(2, s // 3),
        cv2.LINE_AA,
    )
    a = quiet * module_px
    quad = np.array(
        [
            [x0 + a, y0 + a],
            [x0 + a + n * module_px, y0 + a],
            [x0 + a + n * module_px, y0 + a + n * module_px],
            [x0 + a, y0 + a + n * module_px],
        ],
        np.float32,
    )
    return card, quad


def _tint(payload: str) -> tuple[int, int, int]:
    digits = "".join(ch for ch in payload if ch.isdigit())
    number = int(digits) if digits else sum(map(ord, payload))
    return [(190, 190, 190), (220, 170, 120), (140, 200, 140), (140, 140, 220), (120, 210, 230)][
        number % 5
    ]


@lru_cache(maxsize=64)
def marker_sprite(marker_id: int, px: int = 120) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250)
    inner = cv2.aruco.generateImageMarker(dictionary, marker_id, px)
    border = px // 6
    return cv2.cvtColor(
        cv2.copyMakeBorder(inner, border, border, border, border, cv2.BORDER_CONSTANT, value=255),
        cv2.COLOR_GRAY2BGR,
    )


TOKEN_SIZE_MM = 20.0  # printed token: marker black square (white border around it)


@lru_cache(maxsize=8)
def mat_sprite(
    game: str, players: int, px_per_mm: float = 2.0
) -> tuple[np.ndarray, tuple[float, float]]:
    """The printed play mat (calibration's renderer if present, else drawn from the layout)."""
    from calibration.layouts import load_layout

    layout = load_layout(game, players)
    try:
        from calibration import render as kit  # type: ignore[attr-defined]

        image = kit.render_mat(game, players, px_per_mm=px_per_mm)
        if image is not None:
            if image.ndim == 2:
                image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
            return image, layout.mat_size_mm
    except Exception:  # noqa: BLE001
        pass
    w_mm, h_mm = layout.mat_size_mm
    image = np.full((int(h_mm * px_per_mm), int(w_mm * px_per_mm), 3), (228, 236, 240), np.uint8)
    for region in layout.regions:
        for slot in region.slots:
            x, y, w, h = (v * px_per_mm for v in slot.rect_mm)
            cv2.rectangle(image, (int(x), int(y)), (int(x + w), int(y + h)), (170, 170, 170), 1)
    for marker in layout.markers:
        side = marker.size_mm * px_per_mm
        sprite = marker_sprite(marker.id, 120)
        inner = 120 / sprite.shape[0]
        full = int(round(side / inner))
        resized = cv2.resize(sprite, (full, full), interpolation=cv2.INTER_AREA)
        cx, cy = marker.center_mm[0] * px_per_mm, marker.center_mm[1] * px_per_mm
        x0, y0 = int(round(cx - full / 2)), int(round(cy - full / 2))
        image[max(0, y0) : y0 + full, max(0, x0) : x0 + full] = resized[
            max(0, -y0) :, max(0, -x0) :
        ][: image.shape[0] - max(0, y0), : image.shape[1] - max(0, x0)]
    return image, layout.mat_size_mm


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

    truth: list[Truth] = []
    for piece in scene.pieces:
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
                sprite, outline = _bend(
                    sprite, degradation.card_bend * float(rng.uniform(0.5, 1.0))
                )
            matrix = mat_to_px @ _piece_matrix(piece, scene.card_size_mm, sprite.shape)
            _drop_shadow(frame, sprite.shape, matrix)
            _warp_into(frame, sprite, matrix, outline)
        quad_px = cv2.perspectiveTransform(
            quad.reshape(-1, 1, 2).astype(np.float64), matrix
        ).reshape(4, 2)
        truth.append(Truth(piece.payload, piece.kind, quad_px, (piece.x_mm, piece.y_mm), False))

    if degradation.specular:
        _specular(
            frame, [t.quad_px for t in truth if t.kind != "token"], degradation.specular, light_rng
        )
    hand_mask = np.zeros(frame.shape[:2], np.uint8)
    for hand in scene.hands:
        _draw_hand(frame, hand_mask, hand, mat_to_px, rng)
    for item in truth:
        inside = _covered_fraction(hand_mask, item.quad_px)
        item.occluded = inside > 0.02

    frame = _lighting(frame, degradation, light_rng)
    frame = _exposure(frame, degradation)
    if camera.distorted:
        frame, mapper = _distort(frame, camera.k1, camera.k2, camera.p1, camera.p2)
        for item in truth:
            item.quad_px = mapper(item.quad_px)
    if degradation.rolling_shutter_px:
        frame, mapper = _rolling_shutter(frame, degradation.rolling_shutter_px)
        for item in truth:
            item.quad_px = mapper(item.quad_px)
    if degradation.blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), degradation.blur_sigma)
    if degradation.motion_px >= 1:
        frame = cv2.filter2D(
            frame, -1, _smear_kernel(degradation.motion_px, degradation.motion_angle_deg)
        )
    if degradation.noise_sigma > 0:
        noise = rng.normal(0, degradation.noise_sigma, frame.shape).astype(np.float32)
        frame = np.clip(frame.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    if degradation.jpeg_quality:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, degradation.jpeg_quality])
        frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return Rendered(frame, mat_to_px, truth, camera)


@lru_cache(maxsize=4)
def _table_texture(w: int, h: int) -> np.ndarray:
    """A wooden table: warm base colour with low-frequency grain (the same table every frame)."""
    rng = np.random.default_rng(20240611)
    base = np.array([60, 95, 140], np.float32)  # BGR brown
    grain = rng.normal(0, 1, (h // 16 + 1, w // 4 + 1)).astype(np.float32)
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


SKIN = [(120, 160, 215), (95, 135, 195), (80, 110, 160), (150, 185, 230)]  # BGR
# From very light to very dark skin (BGR), for hands chosen on purpose (`Hand.skin`).
SKIN_TONES = [(175, 200, 240), (120, 160, 215), (80, 110, 160), (55, 80, 125), (35, 50, 80)]


def _draw_hand(
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


def _covered_fraction(mask: np.ndarray, quad: np.ndarray) -> float:
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
    window = mask[y0:y1, x0:x1]
    if window.size == 0:
        return 0.0
    poly = np.zeros_like(window)
    cv2.fillConvexPoly(poly, (quad - (x0, y0)).astype(np.int32), 255)
    area = max(int(np.count_nonzero(poly)), 1)
    return float(np.count_nonzero(window & poly)) / area


def _lighting(frame: np.ndarray, d: Degradation, rng: np.random.Generator) -> np.ndarray:
    if not (d.light or d.shadow or d.glare):
        return frame
    h, w = frame.shape[:2]
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    xx /= w
    yy /= h
    gain = np.ones_like(xx)
    if d.light:
        angle = rng.uniform(0, 2 * math.pi)
        ramp = (xx - 0.5) * math.cos(angle) + (yy - 0.5) * math.sin(angle)
        gain *= 1 + d.light * ramp * 1.6
    if d.shadow:
        # A soft band shadow (an arm, a lamp post) across part of the frame.
        cx, cy = rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8)
        angle = rng.uniform(0, math.pi)
        distance = np.abs((xx - cx) * math.sin(angle) - (yy - cy) * math.cos(angle))
        gain *= 1 - d.shadow * np.clip(1.2 - distance / 0.12, 0, 1)
    additive = np.zeros_like(xx)
    if d.glare:
        gx, gy = rng.uniform(0.25, 0.75), rng.uniform(0.25, 0.75)
        radius = rng.uniform(0.05, 0.1)
        additive += 255 * d.glare * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius**2))
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


def _distort(frame: np.ndarray, k1: float, k2: float = 0.0, p1: float = 0.0, p2: float = 0.0):
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


def _rolling_shutter(frame: np.ndarray, shift_px: float):
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


def _smear_kernel(length_px: float, angle_deg: float) -> np.ndarray:
    """A straight motion-blur kernel `length_px` long in direction `angle_deg`."""
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


def _exposure(frame: np.ndarray, d: Degradation) -> np.ndarray:
    """Vignetting, exposure gain and the light's colour, as the sensor sees them."""
    if not d.vignette and d.exposure == 1.0 and d.colour_cast == (1.0, 1.0, 1.0):
        return frame
    h, w = frame.shape[:2]
    gain = np.full((h // 8 + 1, w // 8 + 1), d.exposure, np.float32)
    if d.vignette:
        yy, xx = np.mgrid[0 : gain.shape[0], 0 : gain.shape[1]].astype(np.float32)
        r2 = ((xx / (gain.shape[1] - 1) - 0.5) ** 2 + (yy / (gain.shape[0] - 1) - 0.5) ** 2) / 0.5
        gain *= 1 - d.vignette * r2  # cos^4 fall-off, approximately
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = np.array(d.colour_cast, np.float32)
    out = frame.astype(np.float32) * gain[..., None] * cast[None, None, :]
    return np.clip(out, 0, 255).astype(np.uint8)


def _specular(
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
        spot = np.zeros((y1 - y0, x1 - x0), np.float32)
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


def _bend(sprite: np.ndarray, sag: float) -> tuple[np.ndarray, np.ndarray]:
    """A card bowed in its sleeve: seen from above, rows sag into arcs (the middle lower than
    the edges by `sag` x card width) and the sides pull in a little. Returns the bent sprite
    and its outline (alpha)."""
    h, w = sprite.shape[:2]
    yy, xx = np.indices((h, w), dtype=np.float32)
    u = xx / (w - 1) * 2 - 1  # -1 .. 1 across the card
    map_y = yy - sag * w * (1 - u * u)
    map_x = xx + u * sag * w * 0.15 * (1 - yy / h)
    bent = cv2.remap(sprite, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    outline = cv2.remap(
        np.full((h, w), 255, np.uint8),
        map_x,
        map_y,
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
    )
    return bent, outline


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
    from calibration.layouts import load_layout

    layout = load_layout(game, players)
    catalogue = load_catalogue(game)
    rng = np.random.default_rng(seed)
    pieces = []
    for payload, region, slot in placements:
        cx, cy = layout.region(region).slot(slot).center_mm
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
        cx, cy = layout.region(region).slot(slot).center_mm
        piece = catalogue.piece(payload)
        pieces.append(Placed(payload, cx, cy, rng.uniform(-8, 8), "token", piece.marker))
    return Scene(
        game, players, pieces, list(hands), layout.mat_size_mm, True, tuple(catalogue.card_size_mm)
    )


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
    from calibration.layouts import load_layout

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
