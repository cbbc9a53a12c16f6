"""Fitting a card's version-1 QR symbol to a rough outline, for the card grid
(`vision.cardgrid`) to sample: a template of the symbol's fixed patterns and light quiet
zone is matched over sizes and the four orientations, then refined with OpenCV's ECC
alignment, ignoring saturated pixels (a sleeve's highlight), to a homography from module
coordinates to frame pixels.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

import cv2
import numpy as np

from .codes import order_quad
from .qr_matrix import function_patterns

SIZE = 21  # modules across a version-1 symbol
PX = 4  # template pixels per module
MARGIN = 4  # modules of slack around the symbol in the fitting canvas
QUIET = 2  # modules of quiet zone the template expects to be light
FUNCTION_MASK, FUNCTION_DARK = function_patterns(1)


# -- fitting the grid ------------------------------------------------------------------------


def _template() -> tuple[np.ndarray, np.ndarray]:
    """The fixed patterns and the light quiet zone, drawn at PX px per module in a canvas
    with MARGIN modules of slack, and the mask of the pixels they decide."""
    n = SIZE + 2 * MARGIN
    values = np.full((n, n), 128, np.uint8)
    known = np.zeros((n, n), np.uint8)
    inner = slice(MARGIN, MARGIN + SIZE)
    quiet = slice(MARGIN - QUIET, MARGIN + SIZE + QUIET)
    values[quiet, quiet] = 255
    known[quiet, quiet] = 255
    symbol_values = np.where(FUNCTION_DARK, 0, 255).astype(np.uint8)
    values[inner, inner] = np.where(FUNCTION_MASK, symbol_values, 128)
    known[inner, inner] = np.where(FUNCTION_MASK, 255, 0)
    big = np.ones((PX, PX), np.uint8)
    image = cv2.GaussianBlur(np.kron(values, big).astype(np.float32), (0, 0), PX * 0.3)
    return image, np.kron(known, big)


TEMPLATE, TEMPLATE_MASK = _template()


def _canvas_from_module() -> np.ndarray:
    """Module coordinates (0..21, 0..21) -> template canvas pixels."""
    return np.array([[PX, 0, MARGIN * PX], [0, PX, MARGIN * PX], [0, 0, 1]], np.float64)


SEARCH = 8  # modules of margin around the outline searched for the symbol
SCALES = tuple(np.arange(0.65, 1.31, 0.05))  # symbol side / outline's short side, searched
TILTS = (0.0, -6.0, 6.0)  # degrees tried around the outline's angle
MIN_MATCH = 0.5  # coarse match (correlation) below which no refinement is tried


def fit_grid(
    gray: np.ndarray, quad: np.ndarray, attempts: int = 5
) -> Iterator[tuple[np.ndarray, float]]:
    """Homography from module coordinates to frame pixels for the version-1 symbol in or
    near `quad` (a rough outline: texture blobs also take in glare edges or printed text),
    and its correlation with the fixed patterns: the `attempts` best placements of the
    coarse search, each refined (the decoder, with its checks, has the last word).

    A coarse search (template matching over sizes and the four orientations) places the
    symbol, then ECC alignment refines it to a homography."""
    ordered = order_quad(quad)
    sides = np.linalg.norm(np.roll(ordered, -1, axis=0) - ordered, axis=1)
    centre = ordered.mean(axis=0)
    angle = float(np.arctan2(*(ordered[1] - ordered[0])[::-1]))
    starts = []
    for tilt in TILTS:  # the outline's own angle is only roughly the symbol's
        view, to_view, usable = _view(gray, centre, angle + np.deg2rad(tilt), float(min(sides)))
        half_view = cv2.resize(view, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        # The size hardly depends on the orientation: find it in one, then try all four there.
        sizes = [scale for _, scale, _ in _coarse_places(half_view, 0, SCALES)]
        for turns in range(4):
            for match, _, start in _coarse_places(half_view, turns, sizes):
                starts.append((match, turns, start, view, to_view, usable))
    starts.sort(key=lambda entry: -entry[0])
    for match, turns, start, view, to_view, usable in starts[:attempts]:
        if match < MIN_MATCH:
            break  # nothing here looks like the fixed patterns: spare the refinement
        template = np.ascontiguousarray(np.rot90(TEMPLATE, turns))
        template_mask = np.ascontiguousarray(np.rot90(TEMPLATE_MASK, turns))
        fitted = _fit(template, template_mask, view, usable, start)
        if fitted is None:
            continue
        score, matrix = fitted
        # module coords -> turned template px -> view px -> frame px
        rotate = _turn_matrix(turns, TEMPLATE.shape[0])
        module_to_frame = np.linalg.inv(to_view) @ matrix @ rotate @ _canvas_from_module()
        yield module_to_frame / module_to_frame[2, 2], score


def _view(gray: np.ndarray, centre: np.ndarray, angle: float, side: float):
    """The outline's square (its short side, turned to `angle`) drawn as 21 modules in the
    middle of a view with SEARCH modules around; the frame -> view transform; and the view's
    pixels that say something about the fixed patterns."""
    axis_x = np.array([np.cos(angle), np.sin(angle)], np.float32)
    axis_y = np.array([-np.sin(angle), np.cos(angle)], np.float32)
    half = side / 2
    square = np.array(
        [
            centre - half * axis_x - half * axis_y,
            centre + half * axis_x - half * axis_y,
            centre + half * axis_x + half * axis_y,
            centre - half * axis_x + half * axis_y,
        ],
        np.float32,
    )
    n_view = (SIZE + 2 * SEARCH) * PX
    placed = (
        np.array(
            [
                [SEARCH, SEARCH],
                [SEARCH + SIZE, SEARCH],
                [SEARCH + SIZE, SEARCH + SIZE],
                [SEARCH, SEARCH + SIZE],
            ],
            np.float32,
        )
        * PX
    )
    to_view = cv2.getPerspectiveTransform(square, placed)
    view = cv2.warpPerspective(
        gray, to_view, (n_view, n_view), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float32)
    # Highlights brighter than the paper say nothing about the patterns under them (where
    # the paper itself is near white they cannot be told apart, and all pixels count).
    paper, ink = (float(v) for v in np.percentile(view, (75, 5)))
    # Nor do wide patches without any ink (a highlight over a finder; the quiet zone's far
    # part goes too): every pixel of the patterns lies within two modules of a dark module.
    nearest_ink = cv2.erode(view, np.ones((2 * PX + 1, 2 * PX + 1), np.uint8))
    usable = np.where(
        (view < max(paper + 12, 245)) & (nearest_ink < ink + 0.7 * (paper - ink)), 255, 0
    ).astype(np.uint8)
    return view, to_view, usable


@lru_cache(maxsize=256)
def _core(turns: int, side: int) -> tuple[np.ndarray, np.ndarray]:
    """The symbol and its quiet zone from the template, turned, `side` px across, and mask."""
    lo, hi = (MARGIN - QUIET) * PX, (MARGIN + SIZE + QUIET) * PX
    core = np.ascontiguousarray(np.rot90(TEMPLATE[lo:hi, lo:hi], turns))
    core_mask = np.ascontiguousarray(np.rot90(TEMPLATE_MASK[lo:hi, lo:hi], turns))
    return (
        cv2.resize(core, (side, side), interpolation=cv2.INTER_AREA),
        cv2.resize(core_mask, (side, side), interpolation=cv2.INTER_NEAREST),
    )


def _coarse_places(
    half_view: np.ndarray, turns: int, scales, starts: int = 2
) -> list[tuple[float, float, np.ndarray]]:
    """Affine starts (template canvas px -> view px) from matching the fixed patterns and
    quiet zone, turned `turns` quarter turns, at each of `scales` on a half-resolution view
    (a start within a module is enough): the best `starts` (correlation, scale, start)."""
    lo = (MARGIN - QUIET) * PX
    core_px = (SIZE + 2 * QUIET) * PX
    found = []
    for scale in scales:
        side = int(round(core_px * scale / 2))
        if side >= half_view.shape[0]:
            continue
        resized, mask = _core(turns, side)
        scores = cv2.matchTemplate(half_view, resized, cv2.TM_CCOEFF_NORMED, mask=mask)
        scores = np.nan_to_num(scores, nan=-1.0, posinf=-1.0, neginf=-1.0)
        _, value, _, (x, y) = cv2.minMaxLoc(scores)
        found.append((value, scale, 2 * side / core_px, 2 * x, 2 * y))
    found.sort(reverse=True)
    return [
        (value, scale, np.array([[size, 0, x - size * lo], [0, size, y - size * lo]], np.float32))
        for value, scale, size, x, y in found[:starts]
    ]


def _turn_matrix(turns: int, n_px: int) -> np.ndarray:
    """Template canvas px -> the same point in np.rot90(template, turns)."""
    matrix = np.eye(3)
    quarter = np.array([[0, 1, 0], [-1, 0, n_px], [0, 0, 1]], np.float64)  # one rot90 turn
    for _ in range(turns):
        matrix = quarter @ matrix
    return matrix


def _fit(
    template: np.ndarray,
    template_mask: np.ndarray,
    view: np.ndarray,
    usable: np.ndarray,
    warp: np.ndarray,
) -> tuple[float, np.ndarray] | None:
    try:
        for motion, blur, iterations in (
            (cv2.MOTION_AFFINE, 1, 15),
            (cv2.MOTION_HOMOGRAPHY, 1, 15),
        ):
            if motion == cv2.MOTION_HOMOGRAPHY:
                warp = np.vstack([warp, [0, 0, 1]]).astype(np.float32)
            criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, iterations, 1e-4)
            if hasattr(cv2, "findTransformECCWithMask"):
                score, warp = cv2.findTransformECCWithMask(
                    template, view, template_mask, usable, warp, motion, criteria, blur
                )
            else:  # OpenCV before 4.13: no template mask
                score, warp = cv2.findTransformECC(
                    template, view, warp, motion, criteria, usable, blur
                )
    except cv2.error:  # did not converge
        return None
    return float(score), warp.astype(np.float64)
