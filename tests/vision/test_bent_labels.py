"""Labels wrapped round a tin and seen from above (the BoofCV "curved" photos): module rows
become arcs and each finder pattern is turned and foreshortened its own way. Rendered
seeds that reproduce what the straight grid lost there (vision/grid.py `anchor(bend=True)`)."""

import numpy as np
import pytest
import segno

from vision import sampler
from vision.grid import anchor, refine

QUIET = 4


def on_a_tin(
    text: str, px: int, arc_degrees: float, tilt_degrees: float, turn_degrees: float
) -> tuple[np.ndarray, np.ndarray, int]:
    """The symbol of `text` printed on a label round a vertical tin (the label's width
    covers `arc_degrees` of it), turned `turn_degrees` on the label, seen from
    `tilt_degrees` above (orthographic). The image, the symbol's outer corners in it (TL,
    TR, BR, BL: where a detector's outline would put them) and the version."""
    import cv2

    code = segno.make_qr(text, error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    flat = np.where(np.kron(np.pad(dark, QUIET), np.ones((px, px), bool)), 40, 215)
    flat = flat.astype(np.float32)
    side = flat.shape[0]
    radius = side / np.deg2rad(arc_degrees)
    tilt, turn = np.deg2rad(tilt_degrees), np.deg2rad(turn_degrees)
    size = int(2 * radius + 2 * side)
    lift = size / 2 - radius * np.sin(tilt)

    def to_image(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        across = np.cos(turn) * u - np.sin(turn) * v  # label px from its centre
        down = np.sin(turn) * u + np.cos(turn) * v
        angle = across / radius
        x = radius * np.sin(angle)
        y = down * np.cos(tilt) - radius * np.cos(angle) * np.sin(tilt)
        return x + size / 2, y + lift

    ys, xs = np.mgrid[0:size, 0:size].astype(np.float64)
    x, y = xs - size / 2, ys - lift
    angle = np.arcsin(np.clip(x / radius, -1, 1))
    down = (y + radius * np.cos(angle) * np.sin(tilt)) / np.cos(tilt)
    across = angle * radius
    u = np.cos(turn) * across + np.sin(turn) * down + side / 2
    v = -np.sin(turn) * across + np.cos(turn) * down + side / 2
    image = cv2.remap(
        flat, u.astype(np.float32), v.astype(np.float32), cv2.INTER_LINEAR, borderValue=110
    )
    image[np.abs(x) >= radius] = 110
    image = cv2.GaussianBlur(image, (0, 0), 0.8).astype(np.uint8)
    module = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float64)
    cx, cy = to_image(
        (module[:, 0] + QUIET) * px - side / 2, (module[:, 1] + QUIET) * px - side / 2
    )
    return image, np.stack([cx, cy], axis=1).astype(np.float32), code.version


SEEDS = [
    ("Test 03", 80, 30, 0),
    ("Test 03", 100, 30, 45),
    ("Test 03", 60, 40, 30),
    ("https://example.org/table/42", 80, 20, 30),
    ("https://example.org/table/42", 60, 30, 45),
]


@pytest.mark.parametrize("text, arc, tilt, turn", SEEDS)
def test_a_label_round_a_tin_seen_from_above_is_read(monkeypatch, text, arc, tilt, turn):
    image, corners, version = on_a_tin(text, 8, arc, tilt, turn)

    def straight_grids(gray, start, version):  # the grids the sampler had before
        anchored = anchor(gray, start, version)
        yield refine(gray, anchored, version)
        yield anchored
        yield start

    with monkeypatch.context() as patched:
        patched.setattr(sampler, "_grids", straight_grids)
        assert sampler.read_symbol(image, corners, version) is None
    code = sampler.read_symbol(image, corners, version)
    assert code is not None and code.text == text
    assert np.abs(code.corners - corners).max() < 8 * 1.5  # its outline, within 1.5 modules


def test_the_bent_anchor_keeps_a_flat_symbol_flat():
    """On a flat, square symbol the degree-2 correction stays at zero: the bend is fitted
    only where the finders say so."""
    code = segno.make_qr("FLAT 1", error="m", boost_error=False)
    dark = np.array(code.matrix, bool)
    n = dark.shape[0]
    image = sampler.render(dark, 10).astype(np.float32)
    true = np.float32([[40, 40], [40 + 10 * n, 40], [40 + 10 * n, 40 + 10 * n], [40, 40 + 10 * n]])
    from vision.grid import Grid

    grid = anchor(image, Grid.from_corners(true, n), code.version, bend=True)
    assert grid.degree == 2
    centres = np.arange(n) + 0.5
    u, v = np.meshgrid(centres, centres)
    x, y = grid.to_image(u.ravel(), v.ravel())
    assert np.abs(x - (40 + 10 * u.ravel())).max() < 1.5  # within 0.15 module everywhere
    assert np.abs(y - (40 + 10 * v.ravel())).max() < 1.5
