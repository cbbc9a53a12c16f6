"""Every printed card face decodes to its own payload with both decoders we ship."""

from pathlib import Path

import numpy as np
import pytest
import zxingcpp
from pyzbar import pyzbar

import companion
from calibration.kit import cards as cardmod
from calibration.kit import draw
from calibration.kit.cards import card_geometry, card_image, faces
from calibration.kit.tokens import render_token, token_size_mm
from calibration.render import card_qr_quad_mm, render_card
from companion.catalogue import load_catalogue
from companion.errors import CompanionError, UnknownCardError

CARDS_DIR = Path(companion.__file__).resolve().parent / "data" / "cards"
GAMES = sorted(p.stem for p in CARDS_DIR.glob("*.json"))

DPI = 60  # 2 mm modules -> 4.7 px: small enough to stay fast, still a fair test
PREFIX = {"musee": "MU", "cardcassonne": "CC", "crypt": "CR", "mythe": "MY", "masterpiece": "MP"}
TOKEN_RANGES = {
    "musee": range(50, 110),
    "cardcassonne": range(110, 130),
    "mythe": range(130, 140),
    "masterpiece": range(140, 150),
    "crypt": range(150, 160),
}


def test_every_face_decodes_with_zxing_and_pyzbar(game):
    failures = []
    for piece, side in faces(game):
        image = card_image(game, piece.payload, DPI)
        zx = [r.text for r in zxingcpp.read_barcodes(np.asarray(image))]
        zb = [d.data.decode() for d in pyzbar.decode(image)]
        if zx != [piece.payload] or zb != [piece.payload]:
            failures.append((piece.payload, side, zx, zb))
    assert not failures, failures


def test_symbols_are_version_1_level_h_with_a_light_quiet_zone():
    import segno

    qr = segno.make_qr("MU23", version=1, error="h", boost_error=False)
    assert qr.designator == "1-H" and len(draw.qr_matrix("MU23")) == 21
    dpi = 127  # 5 px per mm
    image = np.asarray(card_image("musee", "MU23", dpi).convert("L"))
    geo = card_geometry((63, 88))
    assert geo.module_mm == pytest.approx(2.0)
    s = dpi / 25.4
    x, y, w, h = geo.quiet_box_mm
    quad = card_qr_quad_mm()
    assert quad[0].tolist() == pytest.approx([x + 8, y + 8])
    # The 4-module ring around the symbol is white all the way round.
    ring = np.ones(image.shape, bool)
    ring[: int(y * s) + 1, :] = False
    ring[int((y + h) * s) - 1 :, :] = False
    ring[:, : int(x * s) + 1] = False
    ring[:, int((x + w) * s) - 1 :] = False
    ring[
        int((y + 8) * s) - 1 : int((y + h - 8) * s) + 1,
        int((x + 8) * s) - 1 : int((x + w - 8) * s) + 1,
    ] = False
    assert ring.sum() > 1000 and image[ring].min() == 255


def test_card_size_option_scales_the_design():
    small = card_image("musee", "MU01", 100, (57.0, 87.0))
    assert small.size == (draw.px(57, 100), draw.px(87, 100))
    assert zxingcpp.read_barcodes(np.asarray(small))[0].text == "MU01"


def test_payloads_are_unique_across_all_games_and_carry_their_prefix():
    owner = {}
    markers = {}
    for game in GAMES:
        catalogue = load_catalogue(game)
        for piece in catalogue.pieces:
            assert piece.payload not in owner, (
                f"{piece.payload} in {game} and {owner[piece.payload]}"
            )
            owner[piece.payload] = game
            if game in PREFIX:
                assert piece.payload.startswith(PREFIX[game]), piece.payload
            if piece.marker is not None:
                assert piece.marker not in markers, (piece.payload, markers.get(piece.marker))
                markers[piece.marker] = piece.payload
                if game in TOKEN_RANGES:
                    assert piece.marker in TOKEN_RANGES[game], (piece.payload, piece.marker)
    assert len(owner) >= 100


def test_backs_carry_their_own_code(game):
    catalogue = load_catalogue(game)
    for piece in catalogue.cards:
        if piece.back:
            assert catalogue.piece(piece.back).kind == "back"


def test_tokens_read_back_as_their_marker(game):
    import cv2

    tokens = load_catalogue(game).tokens
    if not tokens:
        pytest.skip(f"{game} has no tokens")
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250))
    for piece in tokens:
        image = np.asarray(render_token(game, piece.payload, 100))
        padded = cv2.copyMakeBorder(
            image, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=(255, 255, 255)
        )
        _, ids, _ = detector.detectMarkers(cv2.cvtColor(padded, cv2.COLOR_RGB2GRAY))
        assert ids is not None and ids.ravel().tolist() == [piece.marker], piece.payload
        assert image.shape[0] == draw.px(token_size_mm(game), 100)


def test_render_card_for_the_scene_renderer_is_bgr():
    bgr = render_card("musee", "MU02", px_per_mm=3)
    rgb = np.asarray(card_image("musee", "MU02", 3 * 25.4))
    assert bgr.shape == rgb.shape and bgr.dtype == np.uint8
    assert (bgr[..., ::-1] == rgb).all()
    with pytest.raises(ValueError):
        render_card("musee", "MU02", 100, px_per_mm=3)


def test_unknown_payload_and_token_as_card_are_clear():
    with pytest.raises(UnknownCardError, match="MU99"):
        card_image("musee", "MU99", 50)
    with pytest.raises(UnknownCardError, match="token"):
        card_image("musee", "MUT01C", 50)


def test_missing_cjk_font_names_the_package(monkeypatch, tmp_path):
    monkeypatch.setattr(draw, "CJK_FONT", tmp_path / "nope.ttc")
    monkeypatch.setattr(draw, "CJK_FONT_BOLD", tmp_path / "nope-bold.ttc")
    draw.font.cache_clear()
    cardmod._cached_card.cache_clear()
    try:
        with pytest.raises(CompanionError, match="fonts-noto-cjk"):
            card_image("musee", "MU05", 40)
    finally:
        draw.font.cache_clear()
        cardmod._cached_card.cache_clear()


def test_front_shows_number_and_both_names():
    piece = load_catalogue("musee").piece("MU23")
    assert cardmod.corner_mark(piece) == "23"
    assert cardmod.accent_of(piece) == cardmod.PALETTE["animals"]
    # The name bands are not blank: some ink in the top and bottom bands.
    image = np.asarray(card_image("musee", "MU23", 100).convert("L"))
    geo = card_geometry((63, 88))
    top = image[5 : int(geo.quiet_box_mm[1] * 100 / 25.4) - 2, 10:-10]
    bottom = image[int((geo.quiet_box_mm[1] + geo.quiet_box_mm[3]) * 100 / 25.4) + 2 : -5, 10:-10]
    assert (top < 80).sum() > 50 and (bottom < 80).sum() > 50
