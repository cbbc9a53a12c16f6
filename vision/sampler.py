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
3. Sample each module's centre and threshold it against its neighbourhood's light and
   dark levels (glare and shadows vary across a symbol).
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

import time
from dataclasses import dataclass

import cv2
import numpy as np

from .codes import Code
from .qr_matrix import alignment_centres, correct, dimension, function_patterns

QUIET = 4  # modules of light margin around a rendered matrix
RENDER_PX = 4  # pixels per module of a rendered matrix


# -- the bendable grid -----------------------------------------------------------------------


def _monomials(u: np.ndarray, v: np.ndarray, size: int, degree: int) -> np.ndarray:
    a, b = u / size - 0.5, v / size - 0.5
    powers_a, powers_b = [np.ones_like(a)], [np.ones_like(b)]
    for _ in range(degree):
        powers_a.append(powers_a[-1] * a)
        powers_b.append(powers_b[-1] * b)
    return np.stack(
        [powers_a[i] * powers_b[j] for i in range(degree + 1) for j in range(degree + 1 - i)],
        axis=-1,
    )


@dataclass
class Grid:
    """Module coordinates (u across, v down, 0..size) -> image pixels: a homography of a
    smoothly bent module space, (u, v) -> H(u + du(u, v), v + dv(u, v))."""

    homography: np.ndarray
    size: int
    du: np.ndarray  # polynomial coefficients (see _monomials), module units
    dv: np.ndarray
    degree: int = 0

    @classmethod
    def from_corners(cls, corners: np.ndarray, size: int) -> "Grid":
        square = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
        homography = cv2.getPerspectiveTransform(square, np.float32(corners))
        return cls(homography, size, np.zeros(1), np.zeros(1), 0)

    def bent(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        basis = _monomials(u, v, self.size, self.degree)
        return u + basis @ self.du, v + basis @ self.dv

    def to_image(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        bu, bv = self.bent(np.asarray(u, np.float64), np.asarray(v, np.float64))
        h = self.homography
        w = h[2, 0] * bu + h[2, 1] * bv + h[2, 2]
        return (
            (h[0, 0] * bu + h[0, 1] * bv + h[0, 2]) / w,
            (h[1, 0] * bu + h[1, 1] * bv + h[1, 2]) / w,
        )

    def corners(self) -> np.ndarray:
        s = self.size
        x, y = self.to_image(np.array([0.0, s, s, 0]), np.array([0.0, 0, s, s]))
        return np.stack([x, y], axis=1).astype(np.float32)


def _sample(image: np.ndarray, grid: Grid, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    x, y = grid.to_image(u, v)
    return cv2.remap(
        image,
        x.astype(np.float32),
        y.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )


STEPS = 6  # profile samples per module when looking for edges


def _edges(profiles: np.ndarray, contrast: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sub-sample positions of strong transitions along each row of `profiles`:
    (row index, position in samples, strength)."""
    smooth = cv2.GaussianBlur(profiles, (0, 0), sigmaX=1.0, sigmaY=0.01)
    gradient = np.abs(np.gradient(smooth, axis=1))
    left, mid, right = gradient[:, :-2], gradient[:, 1:-1], gradient[:, 2:]
    peak = (mid > left) & (mid >= right) & (mid > 0.12 * contrast)
    rows, cols = np.nonzero(peak)
    a, b, c = left[rows, cols], mid[rows, cols], right[rows, cols]
    curvature = a - 2 * b + c
    offset = np.where(curvature < 0, 0.5 * (a - c) / np.where(curvature < 0, curvature, -1), 0)
    return rows, cols + 1 + np.clip(offset, -0.5, 0.5), b


ANCHOR_STEPS = 4  # samples per module when matching a finder or alignment pattern
ANCHOR_REACH = 2.5  # modules a detector's outline may be off at a pattern


def _pattern_template(version: int, row: int, col: int, half: int) -> np.ndarray:
    """The ideal fixed patterns (light = 1, dark = 0) in a window of ±half modules around
    module (row, col), outside the symbol light; ANCHOR_STEPS samples per module."""
    mask, dark = function_patterns(version)
    n = dimension(version)
    window = np.ones((2 * half + 1, 2 * half + 1), np.float32)
    for i in range(2 * half + 1):
        for j in range(2 * half + 1):
            r, c = row - half + i, col - half + j
            if 0 <= r < n and 0 <= c < n:
                window[i, j] = 0.5 if not mask[r, c] else float(not dark[r, c])
    return np.kron(window, np.ones((ANCHOR_STEPS, ANCHOR_STEPS), np.float32))


def anchor(image: np.ndarray, grid: Grid, version: int) -> Grid:
    """Move the grid so its finder (and alignment) patterns land on the image's: each is
    matched on its own within ±ANCHOR_REACH modules, and an affine correction of module
    space is fitted to where they were found. A detector's outline of a bent or torn
    symbol can be a module or two off, beyond what edge refinement can pull in."""
    n = dimension(version)
    patterns = [(3, 3, 4), (3, n - 4, 4), (n - 4, 3, 4)]  # (row, col, half window)
    centres = alignment_centres(version)
    patterns += [
        (r, c, 3)
        for r in centres
        for c in centres
        if (r, c) not in ((6, 6), (6, n - 7), (n - 7, 6))
    ]
    found_at, wanted, weights = [], [], []
    for row, col, half in patterns:
        template = _pattern_template(version, row, col, half)
        # The patch spans modules [row - reach, row + reach + 1) like the template spans
        # [row - half, row + half + 1), sampled at the centres of ANCHOR_STEPS sub-cells.
        reach = half + ANCHOR_REACH
        steps = (np.arange(int(round((2 * reach + 1) * ANCHOR_STEPS))) + 0.5) / ANCHOR_STEPS - reach
        uu, vv = np.meshgrid(col + steps, row + steps)
        patch = _sample(image, grid, uu, vv)
        if float(patch.std()) < 1.0:
            continue
        score = cv2.matchTemplate(patch, template, cv2.TM_CCOEFF_NORMED)
        _, best, _, (x, y) = cv2.minMaxLoc(score)
        if best < 0.4:
            continue
        dx, dy = _subsample_peak(score, x, y)
        shift = np.array([x + dx, y + dy]) / ANCHOR_STEPS - ANCHOR_REACH
        found_at.append((col + 0.5 + shift[0], row + 0.5 + shift[1]))
        wanted.append((col + 0.5, row + 0.5))
        weights.append(best)
    if len(found_at) < 3:
        return grid
    found_at, wanted = np.array(found_at), np.array(wanted)
    bu, bv = grid.bent(found_at[:, 0], found_at[:, 1])
    basis = _monomials(wanted[:, 0], wanted[:, 1], n, 1)
    w = np.sqrt(np.array(weights))[:, None]
    du = np.linalg.lstsq(basis * w, (bu - wanted[:, 0]) * w[:, 0], rcond=None)[0]  # 3-9 rows
    dv = np.linalg.lstsq(basis * w, (bv - wanted[:, 1]) * w[:, 0], rcond=None)[0]
    return Grid(grid.homography, n, du, dv, 1)


def _subsample_peak(score: np.ndarray, x: int, y: int) -> tuple[float, float]:
    def parabola(a, b, c):
        curvature = a - 2 * b + c
        return 0.0 if curvature >= 0 else float(np.clip(0.5 * (a - c) / curvature, -0.5, 0.5))

    h, w = score.shape
    dx = parabola(score[y, x - 1], score[y, x], score[y, x + 1]) if 0 < x < w - 1 else 0.0
    dy = parabola(score[y - 1, x], score[y, x], score[y + 1, x]) if 0 < y < h - 1 else 0.0
    return dx, dy


# (polynomial degree, reach from the nearest fixed pattern as a share of the symbol's side):
# the grid is trusted first around the finder and alignment patterns it was anchored on,
# and the trusted region grows while the fit bends further (a drift beyond half a module
# would otherwise be matched to the wrong module boundary).
SCHEDULE = ((1, 0.4), (2, 0.6), (2, 0.8), (3, 1.0), (3, 2.0), (3, 2.0))


def _pattern_centres(n: int, version: int) -> np.ndarray:
    centres = [(3.5, 3.5), (n - 3.5, 3.5), (3.5, n - 3.5)]
    for r in alignment_centres(version):
        for c in alignment_centres(version):
            if (r, c) not in ((6, 6), (6, n - 7), (n - 7, 6)):
                centres.append((c + 0.5, r + 0.5))
    return np.array(centres)


def refine(image: np.ndarray, grid: Grid, version: int | None = None, schedule=SCHEDULE) -> Grid:
    """Bend the grid so module boundaries fall on the image's edges (see module doc)."""
    n = grid.size
    version = version or (n - 17) // 4
    anchors = _pattern_centres(n, version)
    along = np.arange(-0.5 * STEPS, (n + 0.5) * STEPS + 1) / STEPS  # a little quiet zone too
    across = np.arange(n) + 0.5
    for degree, reach in schedule:
        uu, vv = np.meshgrid(along, across)  # rows: one profile per module row
        rows_profile = _sample(image, grid, uu, vv)
        cols_profile = _sample(image, grid, vv, uu)  # one profile per module column
        lo, hi = np.percentile(rows_profile, (10, 90))
        contrast = max(hi - lo, 1.0)
        points_u, points_v, targets_du, targets_dv, weights = [], [], [], [], []
        for profiles, horizontal in ((rows_profile, True), (cols_profile, False)):
            index, position, strength = _edges(profiles, contrast)
            coordinate = along[0] + position / STEPS
            boundary = np.round(coordinate)
            drift = coordinate - boundary
            keep = (np.abs(drift) < 0.4) & (boundary >= 0) & (boundary <= n)
            other = across[index[keep]]
            if horizontal:
                u_now, v_now = coordinate[keep], other
            else:
                u_now, v_now = other, coordinate[keep]
            bu, bv = grid.bent(u_now, v_now)
            # The true module coordinate is the boundary; where the current grid put that
            # boundary, in the unbent space, is (bu, bv).
            true_u = boundary[keep] if horizontal else u_now
            true_v = v_now if horizontal else boundary[keep]
            points_u.append(true_u)
            points_v.append(true_v)
            targets_du.append(bu - true_u if horizontal else np.full(keep.sum(), np.nan))
            targets_dv.append(np.full(keep.sum(), np.nan) if horizontal else bv - true_v)
            weights.append(strength[keep] / contrast)
        u = np.concatenate(points_u)
        v = np.concatenate(points_v)
        nearest = np.min(np.hypot(u[:, None] - anchors[:, 0], v[:, None] - anchors[:, 1]), axis=1)
        weight = np.concatenate(weights) * (nearest <= reach * n)
        du_target = np.concatenate(targets_du)
        dv_target = np.concatenate(targets_dv)
        fitted = []
        for target in (du_target, dv_target):
            known = ~np.isnan(target)
            coefficients = _robust_fit(
                _monomials(u[known], v[known], n, degree), target[known], weight[known]
            )
            if coefficients is None:
                return grid
            fitted.append(coefficients)
        grid = Grid(grid.homography, n, fitted[0], fitted[1], degree)
    return grid


def _robust_fit(basis: np.ndarray, target: np.ndarray, weight: np.ndarray):
    """Weighted least squares, twice dropping measurements far from the first fit (an edge
    matched to the wrong module boundary, a scratch)."""
    if np.count_nonzero(weight) < 3 * basis.shape[1]:
        return None
    keep = np.ones(len(target), bool)
    coefficients = None
    for _ in range(3):
        # Normal equations: a few coefficients from thousands of edges; a small ridge keeps
        # a sparse fit from running wild.
        weighted = basis[keep] * weight[keep][:, None]
        normal = weighted.T @ basis[keep] + 1e-6 * np.eye(basis.shape[1])
        try:
            coefficients = np.linalg.solve(normal, weighted.T @ target[keep])
        except np.linalg.LinAlgError:
            return None
        residual = np.abs(basis @ coefficients - target)
        keep = residual < max(0.15, 2.5 * float(np.median(residual[keep])))
    return coefficients


# -- sampling modules ------------------------------------------------------------------------


def module_values(image: np.ndarray, grid: Grid) -> np.ndarray:
    """Mean brightness of each module's central part (3x3 points within ±0.2 module)."""
    n = grid.size
    offsets = np.array([-0.2, 0.0, 0.2])
    centres = np.arange(n) + 0.5
    u = centres[None, :, None, None] + offsets[None, None, None, :]
    v = centres[:, None, None, None] + offsets[None, None, :, None]
    u, v = np.broadcast_to(u, (n, n, 3, 3)), np.broadcast_to(v, (n, n, 3, 3))
    samples = _sample(image, grid, u.reshape(n, -1), v.reshape(n, -1)).reshape(n, n, 9)
    return samples.mean(axis=2)


def _local_levels(values: np.ndarray, radius: int) -> tuple[np.ndarray, np.ndarray]:
    """Midpoint and half-range of each module's neighbourhood's light and dark levels."""
    size = 2 * radius + 1
    window = np.ones((size, size), np.uint8)
    bright = cv2.dilate(values.astype(np.float32), window)
    dim = cv2.erode(values.astype(np.float32), window)
    middle = cv2.blur((bright + dim) / 2, (size, size))
    half_range = cv2.blur((bright - dim) / 2, (size, size))
    return middle, half_range


def threshold_local(values: np.ndarray, radius: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """(dark, confidence): dark where a module is darker than the midpoint of its
    neighbourhood's light and dark levels (over ±radius modules), which follows glare and
    shadow across a symbol; confidence is its distance from that midpoint as a share of the
    neighbourhood's contrast (low on a washed-out patch, where light and dark merge)."""
    middle, half_range = _local_levels(values, radius)
    contrast = max(float(np.median(half_range)), 1.0)  # the symbol's own, for washed-out parts
    return values < middle, _confidence(values, np.abs(values - middle) / contrast, contrast)


CLIPPED = 250  # a module this bright is at the sensor's limit: glare, whatever its colour


def _confidence(values: np.ndarray, margin: np.ndarray, contrast: float) -> np.ndarray:
    """A module's margin from its threshold, lowered where its closest neighbours hardly
    differ (a washed-out patch: dark and light modules alike there) and zero where the
    sensor clipped."""
    _, nearby = _local_levels(values, 1)
    return np.where(values >= CLIPPED, 0.0, np.minimum(margin, nearby / contrast))


def threshold_global(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(dark, confidence) against one Otsu level for the whole symbol."""
    scaled = cv2.normalize(values.astype(np.float32), None, 0, 255, cv2.NORM_MINMAX)
    level, _ = cv2.threshold(scaled.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark = scaled <= level
    spread = max(float(np.percentile(values, 90) - np.percentile(values, 10)) / 2, 1.0)
    return dark, _confidence(values, np.abs(scaled - level) / 128, spread)


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
    if scale < 1.0:
        crop = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    image = crop.astype(np.float32)
    # Defocus spreads each module into its neighbours; an unsharp mask about half a module
    # wide undoes some of that before the modules' centres are sampled.
    blurred = cv2.GaussianBlur(image, (0, 0), max(0.7, module_px * scale / 2))
    sharpened = cv2.addWeighted(image, 3.0, blurred, -2.0, 0)
    start = Grid.from_corners((corners - (x0, y0)) * scale, n)
    anchored = anchor(image, start, version)
    for grid in (refine(image, anchored, version), anchored, start):
        for picture in (image, sharpened):
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


class SymbolSampler:
    """Every symbol in a photo that zxing-cpp locates but cannot decode, read again with a
    bendable grid (`read_symbol`). Symbols overlapping a code in `skip` are left alone."""

    name, available, reason = "sampler", True, ""

    def __init__(self, views=LOCATING_VIEWS, budget_s: float = 0.4):
        self.views = views
        self.budget_s = budget_s  # CPU seconds per photo, then the remaining symbols are left

    def decode(self, gray: np.ndarray, skip: list[Code] = ()) -> list[Code]:
        codes: list[Code] = []
        tried: list[list] = []  # [outline, attempts] of each symbol not read yet
        started = time.process_time()
        for symbol in self.located(gray):
            if time.process_time() - started > self.budget_s:
                break  # a photo full of unreadable symbols must not take seconds
            centre = tuple(map(float, symbol.corners.mean(axis=0)))
            if any(_inside(centre, c.corners) for c in (*skip, *codes)):
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
