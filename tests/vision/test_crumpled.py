"""Crumpled paper (the BoofCV "damaged" photos: a sheet folded and flattened again): the
symbol bends one way over a few modules and another way beside it, which no polynomial grid
follows. Rendered seeds that the grid following each module corner reads
(vision/localgrid.py) and the polynomial grids alone do not."""

import cv2
import numpy as np
import pytest
import segno

from vision import sampler
from vision.grid import Grid, anchor, refine
from vision.localgrid import LocalGrid, follow


def crumpled(text: str, px: int, amplitude: float, wave: float, seed: int):
    """The symbol of `text`, its paper displaced by up to `amplitude` modules in folds
    `wave` modules long; the image, the symbol's outer corners and its version."""
    code = segno.make_qr(text, error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    flat = np.where(np.kron(np.pad(dark, 4), np.ones((px, px), bool)), 40, 215)
    ys, xs = np.mgrid[0 : flat.shape[0], 0 : flat.shape[1]].astype(np.float32)
    k = 2 * np.pi / (wave * px)
    phase = np.random.default_rng(seed).uniform(0, 2 * np.pi, 4)
    dx = amplitude * px * np.sin(k * ys + phase[0]) * np.cos(0.7 * k * xs + phase[1])
    dy = amplitude * px * np.sin(k * xs + phase[2]) * np.cos(0.8 * k * ys + phase[3])
    image = cv2.remap(
        flat.astype(np.float32),
        (xs + dx).astype(np.float32),
        (ys + dy).astype(np.float32),
        cv2.INTER_LINEAR,
        borderValue=215,
    )
    image = cv2.GaussianBlur(image, (0, 0), 0.8).astype(np.uint8)
    lo, hi = 4 * px, (4 + n) * px
    corners = np.float32([[lo, lo], [hi, lo], [hi, hi], [lo, hi]])
    return image, corners, code.version


SEEDS = [
    ("https://example.org/table/42", 0.6, 8, 0),
    ("https://example.org/table/42", 0.5, 10, 0),
    ('{"lastNode":"OAK5","cids":{"pkey":"180418125845"}}', 0.5, 8, 0),
    ('{"lastNode":"OAK5","cids":{"pkey":"180418125845"}}', 0.5, 6, 1),
]


@pytest.mark.parametrize("text, amplitude, wave, seed", SEEDS)
def test_a_crumpled_symbol_is_read(monkeypatch, text, amplitude, wave, seed):
    image, corners, version = crumpled(text, 6, amplitude, wave, seed)

    def polynomial_grids(gray, start, version):  # every grid but the ones following corners
        for bend in (True, False):
            anchored = anchor(gray, start, version, bend=bend)
            yield refine(gray, anchored, version)
            yield anchored
        yield start

    with monkeypatch.context() as patched:
        patched.setattr(sampler, "_grids", polynomial_grids)
        assert sampler.read_symbol(image, corners, version) is None
    code = sampler.read_symbol(image, corners, version)
    assert code is not None and code.text == text


def test_following_a_flat_symbol_moves_nothing():
    code = segno.make_qr("FLAT 2", error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    image = sampler.render(dark, 10).astype(np.float32)
    true = np.float32([[40, 40], [40 + 10 * n, 40], [40 + 10 * n, 40 + 10 * n], [40, 40 + 10 * n]])
    followed = follow(image, Grid.from_corners(true, n))
    assert isinstance(followed, LocalGrid) and followed.field is not None
    assert np.abs(followed.field).max() < 0.1  # a tenth of a module at most
