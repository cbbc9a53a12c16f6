"""Card symbols no decoder can locate (a sleeve's highlight over a finder pattern) are read
from a fitted grid with Reed-Solomon erasures (vision/cardgrid.py), and never wrongly."""

import cv2
import numpy as np
import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from vision import cardgrid
from vision.backends import ZxingDecoder
from vision.reader import CardReader
from vision.render import Camera, Degradation, grid_scene, render_scene
from vision.sprites import qr_module_mm

PAYLOADS = ["MU05", "MU17", "MU29", "MU33"]


def card_modules(payload: str) -> np.ndarray:
    """The card's symbol as the kit prints it: version 1, level H, True = dark."""
    return np.array(segno.make_qr(payload, version=1, error="h", boost_error=False).matrix, bool)


def highlight(image: np.ndarray, centre, axes, angle: float) -> None:
    """A saturated sleeve highlight, soft-edged, added in place."""
    spot = np.zeros(image.shape[:2], np.float32)
    cv2.ellipse(spot, tuple(int(v) for v in centre), axes, angle, 0, 360, 1.0, -1)
    spot = cv2.GaussianBlur(spot, (0, 0), 1.5)
    image[:] = np.clip(image + 400 * spot[..., None], 0, 255).astype(np.uint8)


def glared_table(module_px: float = 3.0, seed: int = 4):
    """Four cards at `module_px`; on each, a highlight over the top-left finder pattern and
    the modules beside it (about a sixth of the symbol)."""
    scene = grid_scene(PAYLOADS, seed=seed, columns=4)
    camera = Camera(width=1000, height=420, px_per_mm=module_px / qr_module_mm(), tilt=0.05, k1=0.0)
    rendered = render_scene(
        scene, seed=seed, camera=camera, degradation=Degradation(blur_sigma=0.7, noise_sigma=2)
    )
    image = rendered.image.copy()
    for truth in rendered.truth:
        corner = truth.quad_px[0] + (truth.quad_px[2] - truth.quad_px[0]) * 0.17
        side = float(np.linalg.norm(truth.quad_px[1] - truth.quad_px[0]))
        highlight(image, corner, (int(side * 0.2), int(side * 0.1)), 35.0)
    return image, rendered


def test_a_highlight_over_a_finder_pattern_is_read():
    image, rendered = glared_table()
    # No decoder locates these symbols: whole-frame zxing-cpp reads none of them.
    assert not {c.text for c in ZxingDecoder().decode(image)} & set(PAYLOADS)
    reader = CardReader()
    codes = reader.read(image)
    assert sorted(c.text for c in codes) == sorted(PAYLOADS)
    assert reader.stats["grid"][0] >= 1  # the grid stage read what the decoders could not
    for code in codes:
        truth = next(t for t in rendered.truth if t.payload == code.text)
        assert np.linalg.norm(np.subtract(code.center, truth.quad_px.mean(axis=0))) < 6


def test_clean_module_matrices_of_every_level_decode():
    for payload in ("MU01", "CRIDOL1A", "MYN1A", "CCY140", "1234567"):
        for level in "lmqh":
            dark = np.array(
                segno.make_qr(payload, version=1, error=level, boost_error=False).matrix, bool
            )
            assert cardgrid.decode_symbol(np.where(dark, -1.0, 1.0)) == payload


def test_erasures_correct_twice_what_errors_do():
    dark = card_modules("CRIDOL2B")
    sure = np.where(dark, -1.0, 1.0)
    washed = sure.copy()
    washed[9:17, 9:21] = 0.0  # 96 modules unknown: more codewords than errors could fix
    assert cardgrid.decode_symbol(washed) == "CRIDOL2B"
    flipped = sure.copy()
    flipped[9:17, 9:21] = 1.0  # the same modules read confidently light: beyond the code
    assert cardgrid.decode_symbol(flipped) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_module_grids_never_decode(seed):
    rng = np.random.default_rng(seed)
    assert cardgrid.decode_symbol(rng.uniform(-1, 1, (21, 21))) is None


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(PAYLOADS + ["CRIDOL1A", "MPP07", "MYN1C"]),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 0.45),
)
def test_a_damaged_card_symbol_reads_right_or_not_at_all(payload, seed, damage):
    """Any share of modules wrong, unsure or washed out: the card's own text or nothing."""
    rng = np.random.default_rng(seed)
    sure = np.where(card_modules(payload), -1.0, 1.0) * rng.uniform(0.2, 1.0, (21, 21))
    hit = rng.uniform(size=(21, 21)) < damage
    sure[hit] = rng.choice([0.0, 0.9, -0.9, 0.1, -0.1], size=int(hit.sum()))
    assert cardgrid.decode_symbol(np.rot90(sure, int(rng.integers(4)))) in (None, payload)


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_grid_fitted_in_any_orientation_reads(turns):
    image, _ = glared_table(module_px=4.0, seed=7)
    image = np.ascontiguousarray(np.rot90(image, turns))
    assert sorted(c.text for c in CardReader().read(image)) == sorted(PAYLOADS)


def smeared(payload: str, smear_px: int, px: int = 3):
    """The card's symbol at `px` per module smeared sideways over `smear_px` pixels and
    blurred (sigma 1.2), and its exact grid."""
    from vision.grid import Grid

    dark = card_modules(payload)
    image = np.where(np.kron(np.pad(dark, 4), np.ones((px, px), bool)), 40.0, 220.0)
    kernel = np.full((1, smear_px), 1.0 / smear_px, np.float32)
    image = cv2.GaussianBlur(cv2.filter2D(image.astype(np.float32), -1, kernel), (0, 0), 1.2)
    q, s = 4 * px, 21 * px
    return image, Grid.from_corners(
        np.float32([[q, q], [q + s, q], [q + s, q + s], [q, q + s]]), 21
    )


@pytest.mark.parametrize("payload", ["MU05", "CRIDOL2B", "MYN1C"])
def test_equalising_undoes_a_smear_between_modules(payload):
    from vision.grid import module_values

    image, grid = smeared(payload, smear_px=5)
    plain = cardgrid.confidence(module_values(image, grid))
    assert cardgrid.decode_symbol(plain) is None  # thresholding alone: 40-60 modules wrong
    fixed = cardgrid.equalised(cardgrid.ring_values(image, grid), plain)
    assert ((fixed < 0) != card_modules(payload)).sum() <= 8
    assert cardgrid.decode_symbol(fixed) == payload
