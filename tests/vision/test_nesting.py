"""Symbols located by their finder patterns' nesting (vision/nesting.py): printed without a
light quiet zone, which zxing-cpp's scan-line finder does not locate, and finder cores with
a glint in them. Every photo here is rendered from a seed."""

import cv2
import numpy as np
import pytest
import segno

from vision.backends import ZxingDecoder
from vision.nesting import NestedFinderReader, symbol_outlines
from vision.patterns import finder_patterns
from vision.photo import PASSES, PhotoReader

PX = 8  # pixels per module


def symbol(text: str, border: int = 4) -> np.ndarray:
    """A clean grey image of the symbol (dark 30, light 225) with `border` light modules."""
    dark = np.pad(np.array(segno.make_qr(text, error="m").matrix, bool), border)
    return np.where(np.kron(dark, np.ones((PX, PX), bool)), 30, 225).astype(np.uint8)


def photographed(image: np.ndarray, seed: int) -> np.ndarray:
    """A little lens blur and sensor noise."""
    rng = np.random.default_rng(seed)
    soft = cv2.GaussianBlur(image.astype(np.float32), (0, 0), 0.9)
    return np.clip(soft + rng.normal(0, 3, soft.shape), 0, 255).astype(np.uint8)


def dark_on_sides(text: str, sides: str, seed: int) -> np.ndarray:
    """The symbol on a light card whose margin is a dark ground on `sides` (of "tblr"): the
    card cut off by a dark mat or a black border right at the symbol's edge."""
    image = symbol(text)
    q = 4 * PX
    if "t" in sides:
        image[:q] = 20
    if "b" in sides:
        image[-q:] = 20
    if "l" in sides:
        image[:, :q] = 20
    if "r" in sides:
        image[:, -q:] = 20
    image = cv2.copyMakeBorder(image, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=20)
    return photographed(image, seed)


# The default install (no WeChat reader, which also finds such symbols where installed).
DEFAULT = tuple(p for p in PASSES if p.name != "wechat")
WITHOUT_NESTING = tuple(p for p in DEFAULT if p.name != "nested")


@pytest.mark.parametrize("sides,seed", [("br", 1), ("tr", 2), ("lr", 1), ("tblr", 3)])
def test_a_symbol_whose_quiet_zone_is_dark_is_read(sides, seed):
    """BoofCV's "pathological" symbols, rendered: the quiet zone painted dark on some sides.
    The finder patterns touching the dark ground have no light outside their dark ring, and
    no scan-line pass locates them; found by their nesting, the symbol is read."""
    photo = dark_on_sides("TABLE 7 / 桌", sides, seed)
    assert ZxingDecoder().decode(photo) == []
    assert PhotoReader(WITHOUT_NESTING).decode(photo) == []
    codes = PhotoReader(DEFAULT).decode(photo)
    assert [c.text for c in codes] == ["TABLE 7 / 桌"]
    assert codes[0].backend == "nested"
    centre = np.array(photo.shape[::-1]) / 2
    assert np.hypot(*(np.array(codes[0].center) - centre)) < 2 * PX


def test_a_symbol_on_a_dark_ground_turned_and_foreshortened_is_read():
    """Edge to edge on a black sticker, turned 25 degrees and seen at an angle."""
    bare = symbol("MU-12 / 棋", border=0)
    h, w = bare.shape
    ground = cv2.copyMakeBorder(bare, 80, 80, 80, 80, cv2.BORDER_CONSTANT, value=20)
    src = np.array([[80, 80], [80 + w, 80], [80 + w, 80 + h], [80, 80 + h]], np.float32)
    centre = np.array([80 + w / 2, 80 + h / 2])
    turn = np.deg2rad(25)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    dst = (src - centre) @ rotation.T * [1.0, 0.8] + centre
    dst[1] += (6, -8)  # a little perspective
    matrix = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    photo = cv2.warpPerspective(ground, matrix, ground.shape[::-1], borderValue=20)
    photo = photographed(photo, 4)
    assert PhotoReader(WITHOUT_NESTING).decode(photo) == []
    assert [c.text for c in NestedFinderReader().decode(photo)] == ["MU-12 / 棋"]


def test_a_glint_in_a_finder_core_does_not_hide_the_pattern():
    """A specular glint: a saturated speck inside each finder's dark core makes the core a
    ring with a hole; it is still a finder pattern."""
    image = symbol("GLINT")
    n = image.shape[0] // PX - 8
    for row, col in ((0, 0), (0, n - 7), (n - 7, 0)):  # each finder's first module
        x, y = int((4 + col + 3.5) * PX), int((4 + row + 3.5) * PX)  # its core's centre
        cv2.circle(image, (x - 3, y - 3), 3, 255, -1)
    finders = finder_patterns(photographed(image, 5))
    assert len(finders) == 3
    assert all(abs(f.module - PX) < 1.5 for f in finders)


def test_outlines_give_the_version_and_corners():
    image = photographed(symbol("VERSION", border=4), 6)
    (outline,) = symbol_outlines(image)
    assert outline.version == segno.make_qr("VERSION", error="m").version
    quiet = 4 * PX
    side = image.shape[0] - 2 * quiet
    expected = np.array([[0, 0], [side, 0], [side, side], [0, side]]) + quiet
    assert np.abs(np.sort(outline.corners, axis=0) - np.sort(expected, axis=0)).max() < PX


def test_finder_patterns_without_a_symbol_read_nothing():
    """Three finder patterns round random modules: located, but no error correction passes,
    so nothing is reported (a pass never guesses a text)."""
    rng = np.random.default_rng(7)
    dark = np.pad(rng.random((25, 25)) < 0.5, 4)
    mask = np.zeros_like(dark)
    ideal = np.array(segno.make_qr("X" * 20, version=2, error="l").matrix, bool)
    mask[4:-4, 4:-4] = True
    for r, c in ((0, 0), (0, 18), (18, 0)):
        dark[4 + r : 4 + r + 7, 4 + c : 4 + c + 7] = ideal[r : r + 7, c : c + 7]
    image = np.where(np.kron(dark, np.ones((PX, PX), bool)), 30, 225).astype(np.uint8)
    photo = photographed(image, 8)
    assert len(finder_patterns(photo)) >= 3
    assert NestedFinderReader().decode(photo) == []


def highlight(image: np.ndarray, centre: tuple[int, int], axes: tuple[int, int]) -> np.ndarray:
    """A specular highlight: a saturated ellipse with a soft halo, added to the print."""
    light = np.zeros(image.shape, np.float32)
    cv2.ellipse(light, centre, axes, 30, 0, 360, 255, -1)
    light = cv2.GaussianBlur(light, (0, 0), PX)
    return np.clip(image.astype(np.float32) + 1.5 * light, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("corner,seed", [("bottom-left", 9), ("top-right", 10)])
def test_a_finder_washed_out_by_a_highlight_is_guessed(corner, seed):
    """Glare on a sleeve: a highlight washes out one finder pattern. The other two are found
    by their nesting; the third is guessed a right angle away, the sampler anchors the grid
    on what it finds, and error correction restores the modules under the glare."""
    image = symbol("SLEEVE GLARE 123", border=4)
    n = image.shape[0] // PX
    at = {"bottom-left": (7.5, n - 7.5), "top-right": (n - 7.5, 7.5)}[corner]
    photo = highlight(image, (int(at[0] * PX), int(at[1] * PX)), (5 * PX, 3 * PX))
    photo = photographed(cv2.copyMakeBorder(photo, 30, 30, 30, 30, cv2.BORDER_REPLICATE), seed)
    assert len(finder_patterns(photo)) == 2
    assert PhotoReader(WITHOUT_NESTING).decode(photo) == []
    assert [c.text for c in PhotoReader(DEFAULT).decode(photo)] == ["SLEEVE GLARE 123"]


def test_a_close_up_symbol_on_a_dark_ground_is_read():
    """Modules 48 px wide on a noisy dark ground (a phone held close): each finder's core
    (144 px) is wider than every window, whose plain local mean hollows it out (the widest
    window compares flat areas with one four times as wide); and the noise, a few grey
    levels, must not turn the plain ground into tens of thousands of specks whose tracing
    uses up the pass's time (a pixel is dark by more than three times the noise)."""
    dark = np.array(segno.make_qr("CLOSE UP", error="m").matrix, bool)
    bare = np.where(np.kron(dark, np.ones((48, 48), bool)), 30, 225).astype(np.uint8)
    photo = photographed(
        cv2.copyMakeBorder(bare, 60, 60, 60, 60, cv2.BORDER_CONSTANT, value=20), 11
    )
    assert PhotoReader(WITHOUT_NESTING).decode(photo) == []
    assert [c.text for c in NestedFinderReader().decode(photo)] == ["CLOSE UP"]


def test_the_pass_keeps_within_the_photos_time():
    """The nesting pass runs last and gets only what is left of a photo's CPU time (the
    1-second limit per photo): with nothing left it is not started, otherwise its budget is
    at most what is left."""
    from vision.photo import Pass

    class Recording:
        name, available, reason = "nested", True, ""
        budgets: list[float] = []

        def decode(self, image, budget_s):
            self.budgets.append(budget_s)
            return []

    photo = dark_on_sides("TIME", "br", 12)
    for limit, calls in ((0.0, 0), (5.0, 1)):
        reader = PhotoReader((Pass("nested", "nested", photo_cpu_s=limit),))
        reader.decoders["nested"] = Recording()
        Recording.budgets = []
        assert reader.decode(photo) == []
        assert len(Recording.budgets) == calls
        assert all(0 < b <= limit for b in Recording.budgets)
    nested = next(p for p in PASSES if p.name == "nested")
    assert PASSES[-1] is nested and nested.photo_cpu_s is not None and nested.photo_cpu_s < 1.0
