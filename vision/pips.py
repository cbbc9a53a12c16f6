"""Reading a die's top face by its pips (`vision.dice` finds the dice).

The face is rectified to a canonical square (`rectify`), enlarged so that tiny faces still
have countable pips. Pips are pixels far (in Lab) from the face's own median colour, inside
a rounded inner mask, split by Otsu; connected components of plausible, similar sizes are
pips, and their centres must match a real d6 layout for that count (1 centre; 2/3 on a
diagonal, either diagonal; 4/5 corners; 6 in two rows or two columns). A template reader
compares the whole face with every layout; the two must agree, or (blur melting the pips
together) the templates alone decide with a clear margin. Anything else (a hand, glare, a
blurred-together pair of pips) gives None: never a guess.
"""

from __future__ import annotations

import cv2
import numpy as np

CANON = 72  # side of the rectified face, pixels
INNER = 0.09  # border of the rectified face ignored (rounded corners, edge shading)

# Pip centres on a unit face, per count; variants cover the two diagonals and 6's two turns.
_A, _M, _B = 0.25, 0.5, 0.75
LAYOUTS: dict[int, tuple[tuple[tuple[float, float], ...], ...]] = {
    1: (((_M, _M),),),
    2: (((_A, _A), (_B, _B)), ((_B, _A), (_A, _B))),
    3: (((_A, _A), (_M, _M), (_B, _B)), ((_B, _A), (_M, _M), (_A, _B))),
    4: (((_A, _A), (_B, _A), (_A, _B), (_B, _B)),),
    5: (((_A, _A), (_B, _A), (_M, _M), (_A, _B), (_B, _B)),),
    6: (
        ((_A, _A), (_A, _M), (_A, _B), (_B, _A), (_B, _M), (_B, _B)),
        ((_A, _A), (_M, _A), (_B, _A), (_A, _B), (_M, _B), (_B, _B)),
    ),
}
LAYOUT_TOLERANCE = 0.09  # farthest a pip may sit from its place (face widths), after fitting


# -- reading --------------------------------------------------------------------------------
def _face_quad(contour: np.ndarray) -> np.ndarray:
    """Four corners of the top face, in order around it."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.04, 0.06, 0.08, 0.1):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            quad = approx.reshape(4, 2).astype(np.float32)
            # Rounded corners cut the fitted corners short: widen the quad from its centre
            # so it matches the box that the rounded square fills.
            box = cv2.boxPoints(cv2.minAreaRect(contour))
            scale = np.sqrt(cv2.contourArea(box) / max(1.0, cv2.contourArea(quad)))
            centre = quad.mean(axis=0)
            return centre + (quad - centre) * min(scale, 1.15)
    return cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32)


FACE_SHRINK = 0.92  # the colour blob spreads past the face edge under blur: sample inside it


def rectify(image: np.ndarray, contour: np.ndarray) -> np.ndarray:
    quad = _face_quad(contour)
    quad = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * FACE_SHRINK
    # order: start at the corner nearest the top-left, go around clockwise
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]
    start = int(np.argmin(quad.sum(axis=1)))
    quad = np.roll(quad, -start, axis=0)
    target = np.array([[0, 0], [CANON - 1, 0], [CANON - 1, CANON - 1], [0, CANON - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    return cv2.warpPerspective(
        image, matrix, (CANON, CANON), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )


def _inner_mask() -> np.ndarray:
    mask = np.zeros((CANON, CANON), np.uint8)
    border = int(round(CANON * INNER))
    radius = int(CANON * 0.14)
    cv2.rectangle(
        mask, (border + radius, border), (CANON - 1 - border - radius, CANON - 1 - border), 255, -1
    )
    cv2.rectangle(
        mask, (border, border + radius), (CANON - 1 - border, CANON - 1 - border - radius), 255, -1
    )
    for x in (border + radius, CANON - 1 - border - radius):
        for y in (border + radius, CANON - 1 - border - radius):
            cv2.circle(mask, (x, y), radius, 255, -1)
    return mask


_INNER_MASK = _inner_mask()


def read_face(
    image: np.ndarray, contour: np.ndarray, size: float | None = None
) -> tuple[int | None, str]:
    """The number of pips on a die's top face, or (None, reason)."""
    face = rectify(image, contour)
    return count_pips(face, size)


def pip_map(face: np.ndarray) -> np.ndarray:
    """How unlike the die body each pixel of a rectified face is (0 outside the inner mask)."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    inside = _INNER_MASK > 0
    body = np.median(lab[inside], axis=0)
    # Lightness carries the pips (white on red/blue/green, black on yellow); colour is
    # smeared by JPEG's halved chroma resolution, so it counts for less.
    delta = lab - body
    distance = np.sqrt(delta[..., 0] ** 2 + 0.25 * (delta[..., 1] ** 2 + delta[..., 2] ** 2))
    distance = cv2.GaussianBlur(distance, (0, 0), CANON * 0.015)
    distance[~inside] = 0
    return distance


def count_pips(face: np.ndarray, size: float | None = None) -> tuple[int | None, str]:
    """Read a rectified face (CANON x CANON, BGR): two independent readers must agree.

    The blob reader counts separated pips; the template reader compares the whole face with
    every d6 layout. A sharp face is read by both; a blurred one, where pips melt together,
    only by the templates, and then only with a clear margin over the next best layout.
    """
    distance = pip_map(face)
    blobs, reason = _count_blobs(distance)
    template, score, margin, centres = _match_templates(distance)
    if template is None:
        return None, reason or "no layout"
    if blobs is not None:
        if template == blobs and score > 0.25:
            return blobs, ""
        return None, f"readers disagree ({blobs} vs {template})"
    # Blurred pips that melted at half height often separate higher up: cut again there,
    # and accept only a clean count that the templates confirm.
    for level in (0.6, 0.7):
        again, _ = _count_blobs(distance, level)
        if again is not None:
            if again == template and score > 0.25:
                return again, ""
            return None, f"readers disagree ({again} vs {template})"
    # Only blur explains the blob reader's failure: pips that melted into uneven, out-of-round
    # or misplaced spots. A too-large mark (glare, a finger) or too many marks is not blur.
    blurred = reason in ("uneven pips", "pip not round", "layout")
    if (
        blurred
        and score >= TEMPLATE_SCORE
        and margin >= TEMPLATE_MARGIN
        and (size is None or size >= TEMPLATE_MIN_FACE)
        and _explains(distance, centres[0])
        and _probe(distance, centres)
    ):
        return template, ""
    return None, reason or "template unsure"


def _explains(distance: np.ndarray, centres: list[tuple[float, float]]) -> bool:
    """Every strong mark lies on a pip of the layout, and every pip of it shows something."""
    inside = _INNER_MASK > 0
    values = distance[inside]
    top, floor = float(np.percentile(values, 99.5)), float(np.median(values))
    if top - floor < 20:
        return False
    strong = (distance > floor + 0.5 * (top - floor)) & inside
    present = (distance > floor + 0.3 * (top - floor)) & inside
    yy, xx = np.mgrid[0:CANON, 0:CANON] / (CANON - 1)
    near = np.zeros_like(strong)
    for cx, cy in centres:
        d2 = (xx - cx) ** 2 + (yy - cy) ** 2
        near |= d2 <= 0.19**2
        if not (present & (d2 <= 0.1**2)).any():
            return False  # a pip of the layout with nothing there
    return (strong & ~near).sum() <= 0.06 * max(1, strong.sum())


TEMPLATE_SCORE = 0.35  # correlation the best layout needs when the pips cannot be separated
TEMPLATE_MIN_FACE = 18  # pixels: on smaller faces the templates alone guess too often
TEMPLATE_MARGIN = 0.04  # and how far ahead of the best layout with another count


def _band(image: np.ndarray) -> np.ndarray:
    """Keep pip-sized detail: drop slow shading and the glow of the face edge."""
    image = image.astype(np.float32)
    return image - cv2.GaussianBlur(image, (0, 0), CANON * 0.12)


def _templates() -> tuple[np.ndarray, np.ndarray, list]:
    inside = _INNER_MASK > 0
    yy, xx = np.mgrid[0:CANON, 0:CANON] / (CANON - 1)
    rows, values, placed = [], [], []
    for value, variants in LAYOUTS.items():
        for layout in variants:
            for spread in (0.21, 0.235, 0.26, 0.285):
                for dx in (-0.06, -0.03, 0.0, 0.03, 0.06):
                    for dy in (-0.06, -0.03, 0.0, 0.03, 0.06):
                        for sigma in (0.06, 0.085):
                            image = np.zeros((CANON, CANON))
                            points = []
                            grid = [
                                (
                                    0.5 + (gx - 0.5) * spread / 0.25 + dx,
                                    0.5 + (gy - 0.5) * spread / 0.25 + dy,
                                )
                                for gx in (_A, _M, _B)
                                for gy in (_A, _M, _B)
                                if (gx, gy) not in layout
                            ]
                            for x, y in layout:
                                cx = 0.5 + (x - 0.5) * spread / 0.25 + dx
                                cy = 0.5 + (y - 0.5) * spread / 0.25 + dy
                                points.append((cx, cy))
                                image += np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2))
                            vector = _band(image)[inside]
                            vector = vector - vector.mean()
                            rows.append(vector / np.linalg.norm(vector))
                            values.append(value)
                            placed.append((points, grid))
    return np.array(rows, dtype=np.float32), np.array(values), placed


_TEMPLATES: tuple[np.ndarray, np.ndarray, list] | None = None


def _match_templates(
    distance: np.ndarray,
) -> tuple[int | None, float, float, tuple[list, list]]:
    """Best layout by correlation: (value, its score, lead over the best other count, and
    where that layout puts its pips)."""
    global _TEMPLATES
    if _TEMPLATES is None:
        _TEMPLATES = _templates()
    matrix, values, placed = _TEMPLATES
    vector = _band(distance)[_INNER_MASK > 0].astype(np.float32)
    vector = vector - vector.mean()
    norm = float(np.linalg.norm(vector))
    if norm == 0:
        return None, 0.0, 0.0, ([], [])
    scores = matrix @ (vector / norm)
    best = np.array([scores[values == v].max() for v in range(1, 7)])
    order = np.argsort(best)[::-1]
    return (
        int(order[0] + 1),
        float(best[order[0]]),
        float(best[order[0]] - best[order[1]]),
        placed[int(np.argmax(scores))],
    )


def _probe(distance: np.ndarray, fitted: tuple[list, list]) -> bool:
    """Look where the fitted layout says pips are, and where a d6 could have pips but this
    face should not: every "on" spot must be bright and every "off" spot clearly darker.
    The centre and the middle of the sides tell 4 from 5 from 6 even when pips blur."""
    on, off = fitted
    inside = _INNER_MASK > 0
    floor = float(np.median(distance[inside]))
    radius = max(1, int(CANON * 0.04))

    def peak(x: float, y: float) -> float:
        cx, cy = int(round(x * (CANON - 1))), int(round(y * (CANON - 1)))
        patch = distance[
            max(0, cy - radius) : cy + radius + 1, max(0, cx - radius) : cx + radius + 1
        ]
        return float(patch.max()) - floor if patch.size else 0.0

    lit = [peak(x, y) for x, y in on]
    dark = [peak(x, y) for x, y in off]
    if min(lit) < 0.3 * max(lit) or min(lit) < 10:
        return False
    return max(dark, default=0.0) < 0.55 * min(lit)


def _count_blobs(distance: np.ndarray, level: float = 0.5) -> tuple[int | None, str]:
    inside = _INNER_MASK > 0
    values = distance[inside]
    top = float(np.percentile(values, 99.5))
    floor = float(np.median(values))
    if top - floor < 20:
        return None, "no contrast"
    # Half way up to the pip peak: a blurred pip keeps its centre, and its size stays near true.
    binary = ((distance > floor + level * (top - floor)) & inside).astype(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(binary)
    face_area = CANON * CANON
    pips = []
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        w, h = stats[label, cv2.CC_STAT_WIDTH], stats[label, cv2.CC_STAT_HEIGHT]
        if area < face_area * 0.004:
            continue  # noise speck
        pips.append((area, w, h, centroids[label]))
    if not 1 <= len(pips) <= 6:
        return None, f"{len(pips)} blobs"
    areas = np.array([p[0] for p in pips], dtype=float)
    if areas.max() > face_area * 0.08:
        return None, "blob too large"
    if areas.max() / areas.min() > 3.0:
        return None, "uneven pips"
    for area, w, h, _ in pips:
        if max(w, h) / max(1, min(w, h)) > 2.0 or area / (w * h) < 0.4:
            return None, "pip not round"
    centres = [tuple(p[3] / (CANON - 1)) for p in pips]
    if not _matches_layout(centres):
        return None, "layout"
    return len(pips), ""


def _matches_layout(centres: list[tuple[float, float]]) -> bool:
    """Do the pip centres form a real d6 face? Compared after removing the offset and scale
    left by an imperfect face fit, so only the arrangement itself has to match."""
    points = np.array(centres, dtype=float)
    middle = points.mean(axis=0)
    if np.hypot(*(middle - 0.5)) > 0.15:
        return False
    if len(points) == 1:
        return True
    shifted = points - middle
    spread = np.sqrt((shifted**2).sum(axis=1).mean())
    for layout in LAYOUTS[len(points)]:
        target = np.array(layout) - np.array(layout).mean(axis=0)
        target_spread = np.sqrt((target**2).sum(axis=1).mean())
        scale = spread / target_spread
        if not 0.7 <= scale <= 1.35:
            continue
        free = list(range(len(target)))
        worst = 0.0
        for point in shifted / scale:
            best = min(free, key=lambda i: float(((target[i] - point) ** 2).sum()))
            worst = max(worst, float(np.sqrt(((target[best] - point) ** 2).sum())))
            free.remove(best)
        if worst <= LAYOUT_TOLERANCE:
            return True
    return False
