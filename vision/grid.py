"""The bendable module grid of a QR symbol (`Grid`), anchored on its finder and alignment
patterns (`anchor`) and bent so that module boundaries fall on the image's edges (`refine`);
`module_values` samples each module. The sampler (`vision.sampler`) and the card grid
(`vision.cardgrid`) read symbols through it.

Refining: along every module row and column the profile's edges (dark/light transitions)
should fall on whole module boundaries; each edge's distance from the nearest boundary is a
measured drift. A smooth correction (a polynomial in module coordinates, degree 1, then 2,
then 3) is fitted to all drifts, robustly, and added to the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .qr_matrix import alignment_centres, dimension, function_patterns

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
        square = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
        homography = cv2.getPerspectiveTransform(square, np.asarray(corners, np.float32))
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


def _anchor_patterns(version: int, corners: bool) -> list[tuple[int, int, int]]:
    """(row, col, half window) of each pattern matched: the finders' centres, with
    `corners` also each finder's four corners (the ring's corner and what is around it),
    and the alignment patterns."""
    n = dimension(version)
    finders = [(3, 3), (3, n - 4), (n - 4, 3)]
    patterns = [(row, col, 4) for row, col in finders]
    if corners:
        patterns += [
            (row + dr, col + dc, 2) for row, col in finders for dr in (-2, 2) for dc in (-2, 2)
        ]
    centres = alignment_centres(version)
    patterns += [
        (r, c, 3)
        for r in centres
        for c in centres
        if (r, c) not in ((6, 6), (6, n - 7), (n - 7, 6))
    ]
    return patterns


def anchor(image: np.ndarray, grid: Grid, version: int, bend: bool = False) -> Grid:
    """Move the grid so its finder (and alignment) patterns land on the image's: each is
    matched on its own within ±ANCHOR_REACH modules, and an affine correction of module
    space is fitted to where they were found. A detector's outline of a bent or torn
    symbol can be a module or two off, beyond what edge refinement can pull in.

    With `bend`, each finder's four corners are matched too and the correction is of
    degree 2: on a label wrapped round a bottle each finder is turned and foreshortened
    its own way, and a grid that is only affine around the three finders misses the far
    corner (the one without a finder) by more than the edges can pull in (BoofCV "curved"
    photos: labels wrapped round a tin and seen from above)."""
    n = dimension(version)
    found_at, wanted, weights = [], [], []
    for row, col, half in _anchor_patterns(version, bend):
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
    degree = 2 if bend and len(found_at) >= 9 else 1
    found, want = np.array(found_at), np.array(wanted)
    bu, bv = grid.bent(found[:, 0], found[:, 1])
    basis = _monomials(want[:, 0], want[:, 1], n, degree) * np.sqrt(np.array(weights))[:, None]
    w = np.sqrt(np.array(weights))
    # A small ridge: the bent fit's cross term rests on three clusters of points.
    normal = basis.T @ basis + 1e-3 * np.eye(basis.shape[1])
    du = np.linalg.solve(normal, basis.T @ ((bu - want[:, 0]) * w))
    dv = np.linalg.solve(normal, basis.T @ ((bv - want[:, 1]) * w))
    return Grid(grid.homography, n, du, dv, degree)


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


def module_edges(image: np.ndarray, grid: Grid):
    """The image's edges along every module row, then every column, as the grid sees them:
    (horizontal, where along the profile in modules, the module boundary nearest it, the
    row's or column's centre across, the edge's strength against the symbol's contrast);
    edges more than 0.4 module from a boundary, or outside the symbol, are left out."""
    n = grid.size
    along = np.arange(-0.5 * STEPS, (n + 0.5) * STEPS + 1) / STEPS  # a little quiet zone too
    across = np.arange(n) + 0.5
    uu, vv = np.meshgrid(along, across)
    rows = _sample(image, grid, uu, vv)  # one profile per module row
    cols = _sample(image, grid, vv, uu)  # one profile per module column
    lo, hi = np.percentile(rows, (10, 90))
    contrast = max(hi - lo, 1.0)
    for profiles, horizontal in ((rows, True), (cols, False)):
        index, position, strength = _edges(profiles, contrast)
        coordinate = along[0] + position / STEPS
        boundary = np.round(coordinate)
        keep = (np.abs(coordinate - boundary) < 0.4) & (boundary >= 0) & (boundary <= n)
        yield (
            horizontal,
            coordinate[keep],
            boundary[keep],
            across[index[keep]],
            strength[keep] / contrast,
        )


def refine(image: np.ndarray, grid: Grid, version: int | None = None, schedule=SCHEDULE) -> Grid:
    """Bend the grid so module boundaries fall on the image's edges (see module doc)."""
    n = grid.size
    version = version or (n - 17) // 4
    anchors = _pattern_centres(n, version)
    for degree, reach in schedule:
        points_u, points_v, targets_du, targets_dv, weights = [], [], [], [], []
        for horizontal, coordinate, boundary, other, strength in module_edges(image, grid):
            u_now, v_now = (coordinate, other) if horizontal else (other, coordinate)
            bu, bv = grid.bent(u_now, v_now)
            # The true module coordinate is the boundary; where the current grid put that
            # boundary, in the unbent space, is (bu, bv).
            true_u = boundary if horizontal else u_now
            true_v = v_now if horizontal else boundary
            points_u.append(true_u)
            points_v.append(true_v)
            none = np.full(len(boundary), np.nan)
            targets_du.append(bu - true_u if horizontal else none)
            targets_dv.append(none if horizontal else bv - true_v)
            weights.append(strength)
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


# Printed ink cracks where paper was folded and flattened again (a shipping label taken out
# of a crumpled bag): thin lines and specks of bare paper cross the dark modules, and a
# module centre that falls on one reads light. A grey erosion about half a module wide (the
# darkest value within a quarter module) closes them; a light module, wider than that,
# keeps its light centre. Done at up to CRACKS_MODULE_PX a module (a finer picture than the
# sampler's, so a speck is closed before it is averaged in), and only where a module spans
# at least CRACKS_MIN_MODULE_PX pixels.
CRACKS_MIN_MODULE_PX = 4.5
CRACKS_MODULE_PX = 9.0


def cracks_closed(image: np.ndarray, module_px: float) -> np.ndarray:
    """`image` (float32) with light lines and specks narrower than half a module closed."""
    size = max(3, int(round(0.55 * module_px)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return cv2.erode(image, disc)


def sampling_pictures(crop: np.ndarray, module_px: float, scale: float) -> list[np.ndarray]:
    """The crop reduced by `scale` (float32) as it is, sharpened and with the ink's cracks
    closed (at most CRACKS_MODULE_PX a module, then reduced like the others)."""
    reduce = cv2.INTER_AREA
    image = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=reduce) if scale < 1 else crop
    image = image.astype(np.float32)
    # Defocus spreads each module into its neighbours; an unsharp mask about half a module
    # wide undoes some of that before the modules' centres are sampled.
    blurred = cv2.GaussianBlur(image, (0, 0), max(0.7, module_px * scale / 2))
    pictures = [image, cv2.addWeighted(image, 3.0, blurred, -2.0, 0)]
    fine = min(1.0, CRACKS_MODULE_PX / module_px)
    if module_px * fine >= CRACKS_MIN_MODULE_PX:
        closed = (
            cv2.resize(crop, None, fx=fine, fy=fine, interpolation=reduce) if fine < 1 else crop
        )
        closed = cracks_closed(closed.astype(np.float32), module_px * fine)
        pictures.append(cv2.resize(closed, image.shape[::-1], interpolation=reduce))
    return pictures


# -- thresholding modules -------------------------------------------------------------------


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
    scaled = np.empty(values.shape, np.float32)
    cv2.normalize(values.astype(np.float32), scaled, 0, 255, cv2.NORM_MINMAX)
    level, _ = cv2.threshold(scaled.astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark = scaled <= level
    spread = max(float(np.percentile(values, 90) - np.percentile(values, 10)) / 2, 1.0)
    return dark, _confidence(values, np.abs(scaled - level) / 128, spread)
