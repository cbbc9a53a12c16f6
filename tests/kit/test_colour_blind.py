"""Colour-blind players tell cards apart by the corner symbol: simulate deuteranopia and
protanopia (Machado, Oliveira and Fernandes 2009, severity 1) on rendered cards; wherever
two colours or types collapse to nearly the same colour, their symbols must still differ."""

import itertools

import cv2
import numpy as np
import pytest

from calibration.kit.cards import FRAME_MM, SYMBOLS, accent_key, card_geometry, card_image
from companion.catalogue import load_catalogue

MACHADO = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
}
DPI = 100
CONFUSABLE_DELTA_E = 20.0  # CIE76: below this two frame colours are easy to mix up at a glance


def simulate(rgb: np.ndarray, kind: str) -> np.ndarray:
    """An sRGB uint8 image as seen with the given colour vision deficiency."""
    x = rgb.astype(np.float64) / 255
    linear = np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ MACHADO[kind].T, 0, 1)
    srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return (srgb * 255 + 0.5).astype(np.uint8)


def lab(rgb: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(rgb.reshape(1, -1, 3).astype(np.float32) / 255, cv2.COLOR_RGB2Lab)[0]


def one_card_per_kind(game: str) -> dict[str, np.ndarray]:
    cards = {}
    catalogue = load_catalogue(game)
    for piece in list(catalogue.cards) + list(catalogue.backs):
        key = accent_key(piece)
        if key is not None and key not in cards:
            cards[key] = np.asarray(card_image(game, piece.payload, DPI))
    return cards


def symbol_patch(card: np.ndarray) -> np.ndarray:
    """The top-right corner of the top band, where the symbol is, as dark/light."""
    s = DPI / 25.4
    top = int(card_geometry((63, 88)).quiet_box_mm[1] * s)
    frame = int(FRAME_MM * s) + 1
    patch = card[frame:top, -int(14 * s) : -frame]
    return cv2.cvtColor(patch, cv2.COLOR_RGB2GRAY) < 110


@pytest.mark.parametrize("kind", sorted(MACHADO))
def test_confusable_colours_keep_distinct_symbols(game, kind):
    cards = one_card_per_kind(game)
    if len(cards) < 2:
        pytest.skip(f"{game} cards have one colour")
    confusable = []
    for a, b in itertools.combinations(sorted(cards), 2):
        frame = [simulate(cards[k][2:4, 2:4].reshape(-1, 3), kind)[0] for k in (a, b)]
        delta_e = float(np.linalg.norm(lab(frame[0]) - lab(frame[1])))
        if delta_e < CONFUSABLE_DELTA_E:
            confusable.append((a, b, round(delta_e, 1)))
            seen = [symbol_patch(simulate(cards[k], kind)) for k in (a, b)]
            differ = float((seen[0] != seen[1]).mean())
            assert differ > 0.05, (game, kind, a, b, delta_e, differ)
    print(f"\n{game} under {kind}: confusable frame colours {confusable}")


def test_the_simulation_finds_the_known_red_green_confusion():
    """Cardcassonne's red and green frames are far apart to normal vision and close under
    deuteranopia: proof the check above is not vacuous."""
    cards = one_card_per_kind("cardcassonne")
    red, green = (
        cards["red"][2:4, 2:4].reshape(-1, 3)[:1],
        cards["green"][2:4, 2:4].reshape(-1, 3)[:1],
    )
    normal = float(np.linalg.norm(lab(red[0]) - lab(green[0])))
    deutan = float(
        np.linalg.norm(
            lab(simulate(red, "deuteranopia")[0]) - lab(simulate(green, "deuteranopia")[0])
        )
    )
    assert normal > 50 and deutan < CONFUSABLE_DELTA_E


def test_every_colour_or_type_on_a_card_has_its_own_symbol(game):
    cards = one_card_per_kind(game)
    symbols = [SYMBOLS[key] for key in cards]
    assert all(key in SYMBOLS for key in cards)
    assert len(set(symbols)) == len(symbols), symbols
