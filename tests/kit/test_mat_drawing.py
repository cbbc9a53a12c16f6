"""Findings on the printed mat: the Musée tokens area drawn through card spaces, and token
marks (T1, T2) too faint to read."""

import numpy as np
import pytest

from calibration.kit.mat import mat_image
from calibration.layouts import load_layout

DPI = 60


@pytest.mark.parametrize("variant", ["standard", "compact"])
def test_musee_tokens_area_draws_no_line_through_a_card_space(variant):
    layout = load_layout("musee", 2, variant)
    image = np.asarray(mat_image("musee", 2, DPI, variant).convert("L"))
    s = DPI / 25.4
    tokens = layout.region("museum0-tokens").rect_mm
    for slot in layout.region("museum0").slots:
        x, y, w, h = slot.rect_mm
        # The slot's inside, 2 mm clear of its own outline and above its gallery name: white,
        # whatever region crosses it.
        inside = image[
            int((y + 2) * s) : int((y + h - 8) * s), int((x + 2) * s) : int((x + w - 2) * s)
        ]
        assert inside.min() > 240, (variant, slot.slot, tokens)


def test_token_marks_have_readable_contrast():
    layout = load_layout("musee", 2)
    image = np.asarray(mat_image("musee", 2, 150).convert("L")).astype(float)
    s = 150 / 25.4
    x, y, w, h = layout.region("museum0-tokens").slots[0].rect_mm
    # The middle of the token space, where its mark is written (clear of every outline).
    patch = image[
        int((y + h * 0.25) * s) : int((y + h * 0.75) * s),
        int((x + w * 0.2) * s) : int((x + w * 0.8) * s),
    ]
    assert (patch < 250).sum() > 20  # the mark is there
    ink = patch.min() / 255

    def luminance(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    ratio = (1.0 + 0.05) / (luminance(ink) + 0.05)
    assert ratio >= 4.5, ratio  # WCAG AA for text on the white mat


def test_empty_musee_spaces_name_their_gallery():
    layout = load_layout("musee", 3, "compact")
    image = np.asarray(mat_image("musee", 3, DPI, "compact").convert("L"))
    s = DPI / 25.4
    for slot in layout.region("museum0").slots:
        x, y, w, h = slot.rect_mm
        foot = image[
            int((y + h - 7) * s) : int((y + h - 1) * s), int((x + 3) * s) : int((x + w - 3) * s)
        ]
        assert (foot < 160).sum() > 10, slot.slot


def test_a_fanned_row_says_how_its_cards_lie():
    """The compact Cardcassonne mat's rows fan down columns: the band under each row's name
    says so (in English and Chinese), the standard mat's rows, one card per space, do not."""
    s = DPI / 25.4
    for variant, expected in (("compact", True), ("standard", False)):
        layout = load_layout("cardcassonne", 4, variant)
        image = np.asarray(mat_image("cardcassonne", 4, DPI, variant).convert("L"))
        x, y, w, _ = layout.region("row-red").rect_mm
        first = layout.region("row-red").slots[0].rect_mm
        # Between the row's name and its first space, clear of the region's outline.
        band = image[
            int((y + 11) * s) : int(min(y + 25, first[1]) * s),
            int((x + 3) * s) : int((x + w - 3) * s),
        ]
        assert (band.size and (band < 120).sum() > 50) == expected, variant
