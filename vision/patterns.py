"""Finder patterns found by their nesting: a dark 3x3 core inside a light ring inside a dark
ring, whatever lies outside the ring.

zxing-cpp finds a finder pattern by the run lengths 1:1:3:1:1 along a scan line and checks
it across; both need light outside the pattern's dark ring. Printed edge to edge on a dark
ground, cut off by a dark border, or with the light beside it washed out, the outer dark
run merges into the ground and the pattern is not found. Topologically it still is one: on
a binarized view its core is a dark blob whose enclosing hole (the light ring's outline) is
about 5/3 its size around the same centre. `vision.nesting` puts three (or two) of them
together into symbols.

API: `finder_patterns(gray) -> [Finder]`, `binarized(gray, block)`, `noise_level(gray)`.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

DARKER = 4.0  # grey levels under the local mean a dark pixel is, at least
NOISE_MARGIN = 3.0  # ...and at least this many times the noise's standard deviation
FLAT = 8.0  # a window whose standard deviation is under this is one flat area
CORE_RATIO = (0.16, 0.62)  # core area / light ring's outline area (ideal 9/25 = 0.36)
MIN_CORE_PX = 9.0  # a core smaller than 3x3 px cannot be told from noise
# (window px, flat areas against a wider window): small modules need a window of about a
# finder pattern, or the blur between core and ring reads dark; large ones a wider window.
BINARIZATIONS = ((15, False), (41, False), (121, True))
MAX_FINDERS = 40  # the most square, best-nested patterns kept per photo


@dataclass(frozen=True)
class Finder:
    """A finder pattern: its centre, module size and light ring's corners (px)."""

    centre: np.ndarray  # (x, y)
    module: float
    ring: np.ndarray | None  # 4x2, the light ring's outline (5x5 modules), or None
    squareness: float  # 1 for a perfect nesting


def noise_level(gray: np.ndarray) -> float:
    """The sensor noise's standard deviation (grey levels), from the median response of a
    Laplacian difference kernel that cancels smooth shading (after Immerkaer, 1996); the
    median ignores the minority of pixels on edges."""
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    response = cv2.filter2D(gray.astype(np.float32), -1, kernel)[1:-1, 1:-1]
    return float(np.median(np.abs(response))) / (0.6745 * 6.0)


def binarized(
    gray: np.ndarray, block: int, flat: bool = True, darker: float = DARKER
) -> np.ndarray:
    """Dark pixels (255): `darker` grey levels under the mean of a `block`-wide window, or,
    with `flat`, where that window is flat (inside a finder's 3x3 core, a dark border, a
    large printed module), under the mean of a window four times as wide. A plain local
    mean calls the middle of any dark area larger than the window light, which hollows out
    a large core."""
    image = gray.astype(np.float32)
    mean = cv2.boxFilter(image, -1, (block, block))
    if not flat:
        return (image < mean - darker).astype(np.uint8) * 255
    spread = cv2.boxFilter(image * image, -1, (block, block)) - mean * mean
    wide = cv2.boxFilter(image, -1, (4 * block + 1, 4 * block + 1))
    level = np.where(spread < FLAT**2, wide, mean)
    return (image < level - darker).astype(np.uint8) * 255


def _convexity(contour: np.ndarray, area: float) -> float:
    hull = cv2.contourArea(cv2.convexHull(contour))
    return area / hull if hull > 0 else 0.0


def _ring_corners(contour: np.ndarray) -> np.ndarray | None:
    """The light ring's four corners, when its outline is a quadrilateral."""
    perimeter = cv2.arcLength(contour, True)
    for share in (0.04, 0.07, 0.1):
        poly = cv2.approxPolyDP(contour, share * perimeter, True)
        if len(poly) == 4 and cv2.isContourConvex(poly):
            return poly.reshape(4, 2).astype(np.float32)
    return None


def _holes_area(contours, hierarchy, child: int) -> float:
    total = 0.0
    while child >= 0:
        total += cv2.contourArea(contours[child])
        child = hierarchy[child][0]
    return total


def _nested(contours, hierarchy) -> list[Finder]:
    """Dark blobs whose parent is a hole about 5/3 their size around the same centre."""
    found = []
    areas = np.array([cv2.contourArea(c) if len(c) > 2 else 0.0 for c in contours])
    parents = hierarchy[:, 3]
    ratio = areas / np.maximum(areas[parents], 1.0)
    likely = (
        (parents >= 0)
        & (areas >= MIN_CORE_PX)
        & (ratio >= CORE_RATIO[0])
        & (ratio <= CORE_RATIO[1])
    )
    for index in np.flatnonzero(likely):
        child, parent = hierarchy[index][2], parents[index]
        core, hole = contours[index], contours[parent]
        core_area, hole_area = areas[index], areas[parent]
        if child >= 0 and _holes_area(contours, hierarchy, child) > 0.15 * core_area:
            continue  # a core holds nothing but specks (a glint, noise)
        shape = min(_convexity(core, core_area), _convexity(hole, hole_area))
        if shape < 0.8:
            continue
        (cx, cy), (w, h), _ = cv2.minAreaRect(core)
        if max(w, h) > 2.0 * max(min(w, h), 1.0):
            continue
        moments = cv2.moments(hole)
        hx, hy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
        # Binarization grows or shrinks the dark: core side 3m + 2b, hole side 5m - 2b.
        module = (np.sqrt(core_area) + np.sqrt(hole_area)) / 8.0
        if np.hypot(cx - hx, cy - hy) > 0.8 * module:
            continue
        found.append(Finder(np.array([cx, cy]), float(module), _ring_corners(hole), shape))
    return found


def finder_patterns(gray: np.ndarray) -> list[Finder]:
    """Finder patterns in `gray` (found by nesting, whatever lies outside them), the best
    shaped first, near-duplicates of the binarizations merged. A pixel is dark when it is
    darker than its surroundings by more than the noise: on a plain wall or table in a
    noisy photo every pixel a few grey levels under its neighbours' mean would otherwise be
    a speck, and tens of thousands of specks cost more to trace than the photo's shapes."""
    found: list[Finder] = []
    darker = max(DARKER, NOISE_MARGIN * noise_level(gray))
    for block, flat in BINARIZATIONS:
        contours, hierarchy = cv2.findContours(
            binarized(gray, block, flat, darker), cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE
        )
        if hierarchy is None:
            continue
        for finder in _nested(contours, hierarchy[0]):
            same = [
                i
                for i, kept in enumerate(found)
                if np.hypot(*(finder.centre - kept.centre)) < 1.5 * max(kept.module, finder.module)
            ]
            # A core hollowed out by a window smaller than it nests a speck in its hollow:
            # of two patterns at one place the larger is the finder.
            if not same:
                found.append(finder)
            elif all(finder.module > 1.3 * found[i].module for i in same):
                found[same[0]] = finder
    found.sort(key=lambda f: -f.squareness)
    return found[:MAX_FINDERS]
