"""Reading a QR symbol that a detector located but could not decode: bent, torn, scribbled
over or half washed out by glare.

A detector (zxing-cpp) finds the symbol's finder patterns and reports its outline and
version even when it cannot decode it: it samples the module grid with one homography,
and on a symbol wrapped round a bottle or a crumpled sheet that straight grid drifts off
the modules by half a module or more. This module samples the grid again and lets it bend:

1. Start from the outline's homography (module space [0, n]² -> image).
2. Refine: along every module row and column the profile's edges (dark/light transitions)
   should fall on whole module boundaries; each edge's distance from the nearest boundary
   is a measured drift. A smooth correction (a polynomial in module coordinates, degree
   1, then 2, then 3) is fitted to all drifts, robustly, and added to the grid. Data
   modules count as much as the fixed patterns, so the grid follows the paper wherever the
   symbol has edges.
3. Sample each module's centre (as is, sharpened, cracks closed), threshold it locally.
4. Decode the bit matrix with a real error-correcting decoder: the fixed patterns (finders,
   timing, alignment) are redrawn ideal, the matrix is rendered as a clean image and
   zxing-cpp reads it (its Reed-Solomon and format-information decoding, and its payload
   rules).

Only a matrix whose error correction succeeds is reported, so a bad grid yields nothing,
never a wrong text.

API (small on purpose, reusable by any reader of QR symbols):
    located_symbols(gray) -> [Located]          where zxing-cpp sees a symbol it cannot read
    read_symbol(gray, corners, version) -> Code | None
    SymbolSampler().decode(gray, skip=[Code...]) -> [Code]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .codes import Code
from .grid import (
    Grid,
    anchor,
    module_values,
    refine,
    sampling_pictures,
    threshold_global,
    threshold_local,
)
from .localgrid import follow
from .qr_matrix import correct, dimension, function_patterns

QUIET = 4  # modules of light margin around a rendered matrix
RENDER_PX = 4  # pixels per module of a rendered matrix


# -- decoding a bit matrix -------------------------------------------------------------------


def _finder_agreement(dark: np.ndarray, version: int) -> float:
    mask, ideal = function_patterns(version)
    return float((dark[mask] == ideal[mask]).mean())


def upright(dark: np.ndarray, version: int) -> np.ndarray:
    """The matrix turned so its finder patterns sit top-left, top-right and bottom-left."""
    return np.rot90(dark, _upright_turns(dark, version))


def _upright_turns(dark: np.ndarray, version: int) -> int:
    return max(range(4), key=lambda k: _finder_agreement(np.rot90(dark, k), version))


def render(dark: np.ndarray, px: int = RENDER_PX) -> np.ndarray:
    """A clean image of a bit matrix (dark modules black), with a quiet zone."""
    padded = np.pad(dark, QUIET)
    return np.where(np.kron(padded, np.ones((px, px), bool)), 0, 255).astype(np.uint8)


class _Zxing:
    def __init__(self):
        import zxingcpp

        self.zx = zxingcpp
        self.formats = (zxingcpp.BarcodeFormat.QRCodeModel2,)
        # Its pure-image mode reads nothing when asked for QRCodeModel2 alone (zxing-cpp
        # 3.1); asked for the QRCode family, only full QR results are kept (`decode_matrix`).
        self.pure_formats = zxingcpp.BarcodeFormat.QRCode


_ZX: _Zxing | None = None


def _zxing() -> _Zxing:
    global _ZX
    if _ZX is None:
        _ZX = _Zxing()
    return _ZX


def decode_matrix(
    dark: np.ndarray, version: int, confidence: np.ndarray | None = None
) -> tuple[str, bytes] | None:
    """Text and bytes of a sampled bit matrix (True = dark), or None when its error
    correction fails. The fixed patterns are redrawn ideal first: they carry no data, and a
    damaged finder would otherwise stop the decoder from finding the symbol at all. With a
    `confidence` per module, the least confident codewords are also tried as erasures
    (vision/qr_matrix.py), which corrects up to twice as many of them."""
    if dark.shape != (dimension(version),) * 2:
        return None
    turns = _upright_turns(dark, version)
    dark = np.rot90(dark, turns)
    for matrix in (dark, dark.T):  # a symbol seen from behind (through glass, mirrored)
        decoded = _read_clean(matrix, version)
        if decoded is not None:
            return decoded
    if confidence is None:
        return None
    confidence = np.rot90(confidence, turns)
    for matrix, sure in ((dark, confidence), (dark.T, confidence.T)):
        corrected = correct(matrix, sure, version)
        if corrected is not None:
            decoded = _read_clean(corrected, version)
            if decoded is not None:
                return decoded
    return None


def _read_clean(dark: np.ndarray, version: int) -> tuple[str, bytes] | None:
    """zxing-cpp's reading of an upright matrix rendered clean, fixed patterns ideal."""
    mask, ideal = function_patterns(version)
    dark = np.where(mask, ideal, dark)
    zx = _zxing()
    results = zx.zx.read_barcodes(
        render(dark),
        formats=zx.pure_formats,
        is_pure=True,
        try_rotate=False,
        try_downscale=False,
        try_invert=False,
        text_mode=zx.zx.TextMode.Plain,
    )
    for result in results:
        if (
            result.valid
            and result.text is not None
            and (result.extra or {}).get("Version") == str(version)
        ):
            return result.text, bytes(result.bytes)
    return None


# -- the whole reader ------------------------------------------------------------------------


@dataclass(frozen=True)
class Located:
    """A symbol a detector found but could not decode."""

    corners: np.ndarray  # 4x2, the symbol's outer corners in its own orientation (TL, TR, BR, BL)
    version: int


def located_symbols(gray: np.ndarray) -> list[Located]:
    """Symbols zxing-cpp locates (finder patterns, format and version read) but cannot
    decode."""
    zx = _zxing()
    found = []
    for result in zx.zx.read_barcodes(
        gray, formats=zx.formats, return_errors=True, try_invert=False
    ):
        if result.valid:
            continue
        try:
            version = int((result.extra or {}).get("Version", 0))
        except (TypeError, ValueError):
            continue
        if not 1 <= version <= 40:
            continue
        p = result.position
        corners = np.array(
            [
                [p.top_left.x, p.top_left.y],
                [p.top_right.x, p.top_right.y],
                [p.bottom_right.x, p.bottom_right.y],
                [p.bottom_left.x, p.bottom_left.y],
            ],
            np.float32,
        )
        found.append(Located(corners, version))
    return found


MODULE_PX = 6.0  # symbols with larger modules are sampled from a crop reduced to this
# The grids (in `_grids` order) also read with the ink's cracks closed: the refined ones and
# those following crumpled paper in two rounds (on all eight it cost too much of the budget).
CLOSED_ON_GRIDS = (0, 2, 5, 6)


def read_symbol(
    gray: np.ndarray, corners: np.ndarray, version: int, deadline: float | None = None
) -> Code | None:
    """Sample and decode the symbol of `version` whose outer corners (TL, TR, BR, BL in the
    symbol's own orientation) are `corners`; None when no sampling passes error
    correction (or when `deadline`, a time.process_time() value, has passed)."""
    n = dimension(version)
    corners = np.asarray(corners, np.float32)
    # Work on a crop around the symbol: remapping a 12-megapixel photo's float copy is slow.
    side = float(np.linalg.norm(corners[0] - corners[2]))
    x0, y0 = np.floor(corners.min(axis=0) - 0.3 * side).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0) + 0.3 * side).astype(int)
    x0, y0 = max(x0, 0), max(y0, 0)
    crop = gray[y0:y1, x0:x1]
    if crop.size == 0 or side < n:  # below one pixel per module: nothing to sample
        return None
    module_px = side / n / np.sqrt(2)
    scale = min(1.0, MODULE_PX / module_px)  # big modules: a smaller crop samples as well
    pictures = sampling_pictures(crop, module_px, scale)
    image = pictures[0]
    start = Grid.from_corners((corners - (x0, y0)) * scale, n)
    grids = _grids(image, start, version)
    # (Checked before each grid is made too: one following crumpled paper takes 0.1 s.)
    for i in itertools.count():
        if deadline is not None and time.process_time() > deadline:
            return None
        grid = next(grids, None)
        if grid is None:
            break
        for picture in pictures if i in CLOSED_ON_GRIDS else pictures[:2]:
            values = module_values(picture, grid)
            for dark, confidence in (threshold_local(values), threshold_global(values)):
                if deadline is not None and time.process_time() > deadline:
                    return None
                decoded = decode_matrix(dark, version, confidence)
                if decoded is not None:
                    text, raw = decoded
                    outline = grid.corners() / scale + (x0, y0)
                    return Code(text, outline.astype(np.float32), "sampler", raw)
    return None


def _grids(image: np.ndarray, start: Grid, version: int):
    """The grids a symbol is sampled on, most bent first, each made only when needed: the
    outline anchored with a bend on its finders' corners (a label round a bottle), then
    refined; anchored on the patterns' centres, refined and not; the outline as given;
    last, grids that follow crumpled paper module by module (vision/localgrid.py)."""
    bent = anchor(image, start, version, bend=True)
    bent_refined = refine(image, bent, version)
    yield bent_refined
    yield bent
    anchored = anchor(image, start, version)
    refined = refine(image, anchored, version)
    yield refined
    yield anchored
    yield start
    # Last, crumpled paper: each module corner moved on its own by the edges around it.
    for base in (bent_refined, refined):
        yield follow(image, base, 2, 1.5)
    yield follow(image, bent_refined, 4, 1.0)


def _strong_contrast(gray: np.ndarray) -> np.ndarray:
    """Strong local equalization: lifts a dim, low-contrast symbol (a dark room, a bright
    spot beside it setting the exposure) enough for its finder patterns to be found."""
    return cv2.createCLAHE(clipLimit=8.0, tileGridSize=(8, 8)).apply(gray)


# Where to look for located-but-unread symbols: the photo itself, then at most 1280 px
# wide, and that stretched 2x across and 2x down (a symbol seen at a steep angle),
# and strongly equalized, also sharpened (dim, soft, low-contrast photos). The
# BoofCV photos' damaged and blurred symbols are often located in one view and not another.
def _strong_contrast_sharpened(gray: np.ndarray) -> np.ndarray:
    blurred = cv2.GaussianBlur(_strong_contrast(gray), (0, 0), 2.0)
    return cv2.addWeighted(_strong_contrast(gray), 3.0, blurred, -2.0, 0)


LOCATING_VIEWS = (
    (None, 1, 1, None),
    (1280, 1, 1, None),
    (1280, 2, 1, None),
    (1280, 1, 2, None),
    (1280, 1, 1, _strong_contrast),
    (1280, 1, 1, _strong_contrast_sharpened),
)
MAX_TRIES_PER_SYMBOL = 3  # located again in another view: its corners may be better there
# Share of the fixed-pattern modules (finders, separators, timing, alignment) an outline's
# straight grid reads right, below which it holds no symbol of that version: a real symbol,
# even bent or worn, scores 0.7 to 1 on the BoofCV photos, a wrong pairing about 0.5 (what
# random modules score).
MIN_PATTERN_AGREEMENT = 0.62


def pattern_agreement(gray: np.ndarray, corners: np.ndarray, version: int) -> float:
    """How well the fixed patterns of a symbol of `version` with outer corners `corners`
    (any of the four turns) agree with the image, sampled on the outline's straight grid."""
    n = dimension(version)
    if float(np.linalg.norm(corners[0] - corners[2])) < n:
        return 0.0
    values = module_values(gray, Grid.from_corners(corners, n)).astype(np.float32)
    dark, _ = threshold_local(values)
    return max(_finder_agreement(np.rot90(dark, k), version) for k in range(4))


class SymbolSampler:
    """Every symbol in a photo that zxing-cpp locates but cannot decode, read again with a
    bendable grid (`read_symbol`). Symbols overlapping a code in `skip` are left alone."""

    name, available, reason = "sampler", True, ""

    def __init__(self, views=LOCATING_VIEWS, budget_s: float = 0.4):
        self.views = views
        self.budget_s = budget_s  # CPU seconds per photo, then the remaining symbols are left

    def decode(self, gray: np.ndarray, skip: Sequence[Code] = ()) -> list[Code]:
        codes: list[Code] = []
        tried: list[list] = []  # [outline, attempts] of each symbol not read yet
        started = time.process_time()
        for symbol in self.ranked(gray, skip):
            if time.process_time() - started > self.budget_s:
                break  # a photo full of unreadable symbols must not take seconds
            x, y = symbol.corners.mean(axis=0)
            centre = (float(x), float(y))
            if any(_inside(centre, c.corners) for c in codes):
                continue
            earlier = next((t for t in tried if _inside(centre, t[0])), None)
            if earlier is not None and earlier[1] >= MAX_TRIES_PER_SYMBOL:
                continue
            for version in _nearby_versions(symbol.version):
                code = read_symbol(gray, symbol.corners, version, started + self.budget_s)
                if code is not None:
                    if not any(_inside(code.center, c.corners) for c in (*skip, *codes)):
                        codes.append(code)  # (not a symbol read already from another view)
                    break
            else:
                if earlier is None:
                    tried.append([symbol.corners, 1])
                else:
                    earlier[1] += 1
        return codes

    def ranked(self, gray: np.ndarray, skip: Sequence[Code] = ()) -> list[Located]:
        """The located symbols not read yet, those whose fixed patterns show clearest under
        their outline first. A detector also pairs finder patterns of two different symbols
        (two labels on one bottle) or a symbol's finder with printed text into outlines that
        hold no symbol; reading those first spent the whole budget before the real outline,
        found in another view, was tried. An outline whose fixed patterns hardly agree
        (below MIN_PATTERN_AGREEMENT) is not read at all."""
        scored: list[tuple[float, int, Located]] = []
        for symbol in self.located(gray):
            x, y = symbol.corners.mean(axis=0)
            if any(_inside((float(x), float(y)), c.corners) for c in skip):
                continue
            agreement = pattern_agreement(gray, symbol.corners, symbol.version)
            if agreement >= MIN_PATTERN_AGREEMENT:
                scored.append((agreement, len(scored), symbol))
        scored.sort(key=lambda entry: (-entry[0], entry[1]))
        return [symbol for _, _, symbol in scored]

    def located(self, gray: np.ndarray):
        """Located symbols of every view, in photo pixels, view by view."""
        longest = max(gray.shape[:2])
        reduced: dict[int, tuple[np.ndarray, float]] = {}
        for long_side, stretch_x, stretch_y, treat in self.views:
            if (
                long_side is not None
                and longest <= long_side
                and (stretch_x, stretch_y) == (1, 1)
                and treat is None
            ):
                continue  # the photo itself was that view already
            view, scale = gray, 1.0
            if long_side is not None and longest > long_side:
                if long_side not in reduced:
                    scale = long_side / longest
                    reduced[long_side] = (
                        cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA),
                        scale,
                    )
                view, scale = reduced[long_side]
            if (stretch_x, stretch_y) != (1, 1):
                view = cv2.resize(
                    view, None, fx=stretch_x, fy=stretch_y, interpolation=cv2.INTER_LINEAR
                )
            if treat is not None:
                view = treat(view)
            factor = (scale * stretch_x, scale * stretch_y)
            for symbol in located_symbols(view):
                yield Located((symbol.corners / factor).astype(np.float32), symbol.version)


def _inside(point: tuple[float, float], outline: np.ndarray) -> bool:
    return (
        cv2.pointPolygonTest(np.asarray(outline, np.float32).reshape(-1, 1, 2), point, False) >= 0
    )


def _nearby_versions(version: int) -> list[int]:
    """The detector's version first; a misread version field is off by a little."""
    return [v for v in (version, version - 1, version + 1) if 1 <= v <= 40]
