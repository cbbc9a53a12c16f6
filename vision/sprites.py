"""The printed pieces as pictures for the renderer (`vision.render`): a card with its QR
symbol (from the print kit, calibration.kit, when it is installed; else a plain QR card drawn
here), a token's ArUco marker, the play mat, and a card bowed in its sleeve."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from calibration.layouts import load_layout
from companion.catalogue import load_catalogue

from .backends import ZxingDecoder
from .codes import order_quad

# Fallback card design (used until calibration.render provides the printed look): the QR
# symbol in the upper part of a 63x88 mm card, 21 modules of 1.2 mm plus a 4-module margin.
FALLBACK_MODULE_MM = 1.2
CARD_PX_PER_MM = 12  # resolution of the card sprites before warping
TOKEN_SIZE_MM = 20.0  # printed token: marker black square (white border around it)


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
    card_w, card_h = catalogue.card_size_mm
    card_mm = (card_w, card_h)
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
    card_w, card_h = load_catalogue(game).card_size_mm
    return card_geometry((card_w, card_h)).module_mm


def _locate_qr(sprite: np.ndarray) -> np.ndarray | None:
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


@lru_cache(maxsize=8)
def mat_sprite(
    game: str, players: int, px_per_mm: float = 2.0
) -> tuple[np.ndarray, tuple[float, float]]:
    """The printed play mat (calibration's renderer if present, else drawn from the layout)."""
    layout = load_layout(game, players)
    try:
        from calibration import render as kit

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


def bend(sprite: np.ndarray, sag: float) -> tuple[np.ndarray, np.ndarray]:
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
