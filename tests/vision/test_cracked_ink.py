"""Cracked ink (the BoofCV "damaged" photos: shipping labels printed on thermal paper,
crumpled and flattened again): besides the folds, the dark print is crossed by a network
of thin light cracks where bare paper shows, and module centres on a crack read light.
The sampler also reads each grid on the picture with light lines narrower than half a
module closed (`vision.grid.cracks_closed`). Rendered seeds: a crumpled symbol
(tests/vision/test_crumpled.py) with random cracks 1 px wide at 6 px a module and 2 px at
12, which the sampler read before only without the cracks."""

import cv2
import numpy as np
import pytest
import segno
from test_crumpled import crumpled

from vision import grid, sampler
from vision.grid import Grid, module_values, threshold_local

TEXT = '{"lastNode":"OAK5","cids":{"pkey":"180418125845"}}'


def cracked(
    image: np.ndarray, corners: np.ndarray, count: int, seed: int, width: int = 1
) -> np.ndarray:
    """`image` with `count` straight light cracks (`width` px, bare paper) across the symbol."""
    rng = np.random.default_rng(seed)
    out = image.copy()
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    for _ in range(count):
        middle = rng.uniform(lo, hi)
        angle = rng.uniform(0, np.pi)
        half = rng.uniform(0.15, 0.5) * (hi[0] - lo[0]) * np.array([np.cos(angle), np.sin(angle)])
        start, end = (middle - half).astype(int), (middle + half).astype(int)
        cv2.line(
            out, (int(start[0]), int(start[1])), (int(end[0]), int(end[1])), 205, width, cv2.LINE_AA
        )
    return out


# (px a module, crack width px, seed, cracks): at 12 px a module the cracks are closed on
# the crop reduced to 9 px a module, then sampled at 6 like the rest.
SEEDS = [
    (6, 1, 0, 60),
    (6, 1, 1, 60),
    (6, 1, 2, 100),
    (6, 1, 3, 100),
    (12, 2, 0, 60),
    (12, 2, 2, 100),
]


@pytest.mark.parametrize("px, width, seed, count", SEEDS)
def test_a_crumpled_symbol_with_cracked_ink_is_read(monkeypatch, px, width, seed, count):
    image, corners, version = crumpled(TEXT, px, 0.4, 8, seed)
    image = cracked(image, corners, count, seed, width)
    with monkeypatch.context() as patched:  # the sampler before: cracks left open
        patched.setattr(grid, "cracks_closed", lambda picture, module_px: picture)
        assert sampler.read_symbol(image, corners, version) is None
    code = sampler.read_symbol(image, corners, version)
    assert code is not None and code.text == TEXT


def test_closing_cracks_keeps_every_light_module_light():
    code = segno.make_qr(TEXT, error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    image = cv2.GaussianBlur(sampler.render(dark, 6).astype(np.float32), (0, 0), 0.8)
    closed = grid.cracks_closed(image, 6.0)
    q = sampler.QUIET * 6
    corners = np.float32([[q, q], [q + 6 * n, q], [q + 6 * n, q + 6 * n], [q, q + 6 * n]])
    read, _ = threshold_local(module_values(closed, Grid.from_corners(corners, n)))
    assert np.array_equal(read, dark)
    assert float(closed.min()) >= float(image.min())  # an erosion: nothing darker than was


def test_cracks_are_left_alone_on_small_modules(monkeypatch):
    seen = []
    real = grid.cracks_closed

    def spy(picture, module_px):
        seen.append(module_px)
        return real(picture, module_px)

    monkeypatch.setattr(grid, "cracks_closed", spy)
    code = segno.make_qr("SMALL", error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    for px, closed in ((3, False), (6, True)):
        seen.clear()
        q = sampler.QUIET * px
        corners = np.float32([[q, q], [q + px * n, q], [q + px * n, q + px * n], [q, q + px * n]])
        result = sampler.read_symbol(sampler.render(dark, px), corners, code.version)
        assert result is not None and result.text == "SMALL"
        # 3 px a module: an erosion half a module wide would close light modules
        assert bool(seen) is closed
