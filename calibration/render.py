"""Printed pieces as OpenCV images (numpy BGR uint8), for the vision scene renderer.

Give either `dpi` or `px_per_mm` (1 mm = dpi / 25.4 px). The images are exactly what
`companion print` puts on paper, so a rendered scene shows the real print.

    render_card(game, payload, px_per_mm=4)   -> card face (front or back payload)
    render_token(game, payload, px_per_mm=4)  -> token side (white border included)
    render_mat(game, players, px_per_mm=2)    -> the whole mat, markers included
    card_qr_quad_mm(card_mm)                  -> where the QR symbol lies on a card (mm)

PIL versions: calibration.kit.cards.card_image, calibration.kit.tokens.render_token,
calibration.kit.mat.mat_image.
"""

from __future__ import annotations

import numpy as np

from .kit.cards import card_geometry, card_image
from .kit.mat import mat_image
from .kit.tokens import render_token as _token_image


def _dpi(dpi: float | None, px_per_mm: float | None, default: float) -> float:
    if dpi is not None and px_per_mm is not None:
        raise ValueError("give dpi or px_per_mm, not both")
    if px_per_mm is not None:
        return float(px_per_mm) * 25.4
    return float(dpi if dpi is not None else default)


def _bgr(image) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(image.convert("RGB"))[:, :, ::-1])


def render_card(
    game: str,
    payload: str,
    dpi: float | None = None,
    *,
    px_per_mm: float | None = None,
    card_mm: tuple[float, float] | None = None,
) -> np.ndarray:
    """A card face carrying `payload` (front or back) as BGR uint8."""
    return _bgr(card_image(game, payload, _dpi(dpi, px_per_mm, 150), card_mm))


def render_token(
    game: str, payload: str, dpi: float | None = None, *, px_per_mm: float | None = None
) -> np.ndarray:
    return _bgr(_token_image(game, payload, _dpi(dpi, px_per_mm, 150)))


def render_mat(
    game: str,
    players: int,
    dpi: float | None = None,
    *,
    px_per_mm: float | None = None,
    variant: str | None = None,
) -> np.ndarray:
    return _bgr(mat_image(game, players, _dpi(dpi, px_per_mm, 100), variant))


def card_qr_quad_mm(card_mm: tuple[float, float] = (63.0, 88.0)) -> np.ndarray:
    """The QR symbol's corners on an upright card (TL, TR, BR, BL), mm from the card's
    top-left corner; the quiet zone lies 4 modules outside them."""
    geo = card_geometry(card_mm)
    x, y = geo.qr_origin_mm
    s = geo.qr_side_mm
    return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.float32)
