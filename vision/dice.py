"""Servant dice: find ordinary d6 of the four player colours and read their top face by pips.

How a die is read:
1. Body mask: the dice are strongly coloured (red, blue, green, yellow) while cards, QR codes
   and the mat are not, so saturated pixels with some brightness mark die bodies. Holes
   (the pips) are filled so every die is one solid blob.
2. Shape test: a blob of the expected size, nearly square (rotated box), and solid. A blob
   of two touching dice fails the test and is reported unread rather than guessed.
3. Rectify: fit a quadrilateral to the blob (the top face under perspective) and warp it to
   a canonical square, enlarged so that tiny faces still have countable pips.
4. Pips: pixels far (in Lab) from the face's own median colour, inside a rounded inner mask,
   split by Otsu; connected components of plausible, similar sizes are pips.
5. Layout check: the pip centres must match a real d6 layout for that count (1 centre;
   2/3 on a diagonal, either diagonal; 4/5 corners; 6 in two rows or two columns). Anything
   else (a hand, glare, a blurred-together pair of pips) gives None: never a guess.

`render_die` draws a synthetic die for tests and the benchmark.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

COLOURS = ("red", "blue", "green", "yellow")
CANON = 72  # side of the rectified face, pixels
MIN_READ_FACE = 17  # pixels a side: smaller pips (under 3 px) are misread too often to trust
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


@dataclass(frozen=True)
class DieReading:
    """One die found in an image. `value` is None when the face could not be read surely."""

    x: float  # centre, pixels of the image given
    y: float
    size: float  # side of the top face, pixels
    colour: str | None
    value: int | None
    reason: str = ""  # why unread

    @property
    def payload(self) -> str | None:
        return f"DIE{self.colour.upper()}" if self.colour else None


# -- finding -------------------------------------------------------------------------------
def body_mask(image: np.ndarray, max_hole: float | None = None) -> np.ndarray:
    """Saturated, lit pixels, with holes (the pips) filled so every die is one blob.

    `max_hole` (pixels of area): only holes up to that size are filled. A card with a
    coloured border is a saturated ring around the dice lying on it; filling it would swallow
    them into one card-sized blob.
    """
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    mask = ((hsv[..., 1] > 90) & (hsv[..., 2] > 60)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    if max_hole is None:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(mask)
        cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
        return filled
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    filled = mask.copy()
    if hierarchy is not None:
        for contour, (_, _, _, parent) in zip(contours, hierarchy[0]):
            if parent >= 0 and cv2.contourArea(contour) <= max_hole:  # a hole: a pip
                cv2.drawContours(filled, [contour], -1, 255, thickness=cv2.FILLED)
    return filled


def colour_of(image: np.ndarray, mask: np.ndarray) -> str | None:
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    pixels = hsv[mask > 0]
    pixels = pixels[pixels[:, 1] > 90]
    if len(pixels) < 5:
        return None
    # Hue is circular: take the median of the hue of the saturated body pixels on a circle.
    angle = pixels[:, 0].astype(np.float64) * (2 * np.pi / 180)
    hue = (np.degrees(np.arctan2(np.sin(angle).mean(), np.cos(angle).mean())) / 2) % 180
    if hue < 12 or hue >= 160:
        return "red"
    if 15 <= hue < 38:
        return "yellow"
    if 38 <= hue < 90:
        return "green"
    if 90 <= hue < 135:
        return "blue"
    return None


def find_dice(
    image: np.ndarray, min_face: float = 10, max_face: float = 90, fill_all_holes: bool = True
) -> list[DieReading]:
    """Every die-like coloured blob in a BGR image, read (or marked unread).

    `fill_all_holes=False` fills only pip-sized holes (a whole camera frame, where coloured
    card borders enclose the dice on them)."""
    mask = body_mask(image, None if fill_all_holes else (max_face * 0.5) ** 2)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
    readings = []
    height, width = mask.shape[:2]
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if area < (min_face * 0.8) ** 2 or area > (max_face * 2.2) ** 2:
            continue
        # Work on the blob's own neighbourhood: whole-frame masks per blob cost far too much.
        x, y, w, h = stats[label, :4]
        pad = int(max(w, h) // 2 + 4)
        x0, y0 = max(0, x - pad), max(0, y - pad)
        x1, y1 = min(width, x + w + pad), min(height, y + h + pad)
        crop = image[y0:y1, x0:x1]
        own = (labels[y0:y1, x0:x1] == label).astype(np.uint8) * 255
        reading = _read_blob(crop, own, max_face)
        if reading is not None:
            readings.append(
                DieReading(
                    reading.x + x0,
                    reading.y + y0,
                    reading.size,
                    reading.colour,
                    reading.value,
                    reading.reason,
                )
            )
    return readings


def _read_blob(image: np.ndarray, own: np.ndarray, max_face: float) -> DieReading | None:
    """One coloured blob (mask `own` over `image`): a die read, a die unread, or None."""
    blob = _top_face(_trim_shadow(own, image), image)
    area = int(np.count_nonzero(blob))
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    (cx, cy), (w, h), _ = cv2.minAreaRect(contour)
    size = float(np.sqrt(area))
    colour = colour_of(image, blob)
    hull_area = cv2.contourArea(cv2.convexHull(contour))
    solidity = area / hull_area if hull_area else 0
    aspect = max(w, h) / max(1.0, min(w, h))
    if max(w, h) > max_face * 2.5:
        return None  # far longer than two dice side by side: a coloured print, not a die
    if aspect > 1.45 or solidity < 0.85 or size > max_face * 1.3:
        return DieReading(cx, cy, size, colour, None, "not one die (shape)")
    if size < MIN_READ_FACE:
        return DieReading(cx, cy, size, colour, None, "too small to read surely")
    value, reason = read_face(image, contour, size)
    return DieReading(cx, cy, size, colour, value, reason)


def _trim_shadow(blob: np.ndarray, image: np.ndarray) -> np.ndarray:
    """Blur smears die colour into its dark shadow; those pixels are not the die. Keep the
    part of the blob at least half as bright as the body, holes (pips) filled again."""
    value = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)[..., 2]
    inside = blob > 0
    keep = (inside & (value > 0.5 * np.median(value[inside]))).astype(np.uint8) * 255
    contours, _ = cv2.findContours(keep, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return blob
    filled = np.zeros_like(keep)
    cv2.drawContours(filled, [max(contours, key=cv2.contourArea)], -1, 255, cv2.FILLED)
    return filled


def _top_face(blob: np.ndarray, image: np.ndarray) -> np.ndarray:
    """The lit top face of a die blob. A camera not straight above also sees side faces;
    they are the same colour but in shade, so the brighter part of the body is the top."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    body = (blob > 0) & (hsv[..., 1] > 90)
    values = hsv[..., 2][body]
    if len(values) < 30:
        return blob
    threshold, _ = cv2.threshold(values.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright, dark = values[values > threshold], values[values <= threshold]
    share = len(dark) / len(values)
    if not (0.08 <= share <= 0.6) or dark.mean() > 0.72 * bright.mean():
        return blob  # no shaded side faces: the whole blob is the top
    top = (body & (hsv[..., 2] > threshold)).astype(np.uint8) * 255
    top = cv2.morphologyEx(top, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(top)
    if count < 2:
        return blob
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    top = (labels == largest).astype(np.uint8) * 255
    contours, _ = cv2.findContours(top, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    if max(w, h) > 1.3 * max(1.0, min(w, h)):
        return blob  # not a whole face: reading a part of one could look like another number
    hull = np.zeros_like(top)
    cv2.fillConvexPoly(hull, cv2.convexHull(outline), 255)
    shaded = body & (hsv[..., 2] <= threshold)
    if np.count_nonzero(shaded & (hull > 0)) > 0.25 * np.count_nonzero(shaded):
        return blob  # the dark pixels lie inside the face (pips, shading), not beside it
    filled = np.zeros_like(top)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


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
    target = np.float32([[0, 0], [CANON - 1, 0], [CANON - 1, CANON - 1], [0, CANON - 1]])
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


def _match_templates(distance: np.ndarray) -> tuple[int | None, float, float, list]:
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
        return None, 0.0, 0.0, []
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


# -- synthetic dice -------------------------------------------------------------------------
BODY_BGR = {
    "red": (38, 36, 196),
    "blue": (170, 88, 28),
    "green": (60, 150, 36),
    "yellow": (40, 205, 235),
}
PIP_BGR = {
    "red": (240, 240, 240),
    "blue": (240, 240, 240),
    "green": (240, 240, 240),
    "yellow": (35, 35, 35),
}


def _canonical_face(
    value: int, colour: str, side: int = 240, spread: float = 0.25, pip_radius: float = 0.09
) -> tuple[np.ndarray, np.ndarray]:
    image = np.zeros((side, side, 3), np.uint8)
    alpha = np.zeros((side, side), np.uint8)
    radius = int(side * 0.14)
    for canvas, col in ((image, BODY_BGR[colour]), (alpha, 255)):
        cv2.rectangle(canvas, (radius, 0), (side - 1 - radius, side - 1), col, -1)
        cv2.rectangle(canvas, (0, radius), (side - 1, side - 1 - radius), col, -1)
        for x in (radius, side - 1 - radius):
            for y in (radius, side - 1 - radius):
                cv2.circle(canvas, (x, y), radius, col, -1, cv2.LINE_AA)
    a, m, b = spread, 0.5, 1 - spread
    layout = {
        1: [(m, m)],
        2: [(a, a), (b, b)],
        3: [(a, a), (m, m), (b, b)],
        4: [(a, a), (b, a), (a, b), (b, b)],
        5: [(a, a), (b, a), (m, m), (a, b), (b, b)],
        6: [(a, a), (a, m), (a, b), (b, a), (b, m), (b, b)],
    }[value]
    for x, y in layout:
        cv2.circle(
            image,
            (int(x * side), int(y * side)),
            int(pip_radius * side),
            PIP_BGR[colour],
            -1,
            cv2.LINE_AA,
        )
    return image, alpha


def render_die(
    value: int,
    colour: str,
    face_px: float,
    rng: np.random.Generator,
    blur: float = 0.0,
    noise: float = 0.0,
    jpeg: int | None = None,
    tilt: float = 0.15,
    canvas: int | None = None,
    background: str = "card",
    sides: float = 0.0,
) -> tuple[np.ndarray, tuple[float, float]]:
    """A BGR image with one die of `face_px` pixels a side; returns it and the die centre.

    `sides` > 0 also shows the die's side faces (as a fraction of the face), shaded darker,
    as a camera that is not straight above the table sees them.
    """
    scale = 4  # draw large, then shrink: edges come out anti-aliased like a camera's
    size = canvas or int(face_px * 3 + 20)
    big = size * scale
    if background == "card":
        bg = np.full((big, big, 3), 235, np.uint8)
        for _ in range(6):  # QR-like black blocks and print near the die
            x, y = rng.integers(0, big, 2)
            w = int(rng.integers(big // 20, big // 6))
            cv2.rectangle(bg, (int(x), int(y)), (int(x) + w, int(y) + w), (20, 20, 20), -1)
    else:
        bg = np.zeros((big, big, 3), np.uint8)
        bg[:] = (60, 95, 140)  # a wooden table
        bg = (bg + rng.normal(0, 8, bg.shape)).clip(0, 255).astype(np.uint8)
    face, alpha = _canonical_face(
        value,
        colour,
        spread=float(rng.uniform(0.23, 0.27)),
        pip_radius=float(rng.uniform(0.08, 0.10)),
    )
    # lighting: a gentle gradient across the face
    gradient = np.linspace(
        float(rng.uniform(0.8, 1.0)), float(rng.uniform(1.0, 1.15)), face.shape[1]
    )[None, :, None]
    face = np.clip(face * gradient, 0, 255).astype(np.uint8)
    side = face.shape[0]
    half = face_px * scale / 2
    angle = rng.uniform(0, 2 * np.pi)
    centre = np.array([big / 2, big / 2]) + rng.uniform(-face_px, face_px, 2) * scale * 0.5
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * half
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners @ rot.T
    # perspective: shrink one edge, as a camera looking at the table from an angle sees it
    direction = rng.uniform(0, 2 * np.pi)
    lean = np.array([np.cos(direction), np.sin(direction)])
    corners *= (1 - tilt * (corners @ lean) / (half * 2))[:, None]
    corners += centre
    src = np.float32([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]])
    matrix = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    warped = cv2.warpPerspective(face, matrix, (big, big), flags=cv2.INTER_LINEAR)
    walpha = cv2.warpPerspective(alpha, matrix, (big, big), flags=cv2.INTER_LINEAR)
    shadow = cv2.GaussianBlur(
        np.roll(walpha, (int(half * 0.15), int(half * 0.15)), (0, 1)), (0, 0), half * 0.12
    )
    bg = (bg * (1 - 0.45 * shadow[..., None] / 255)).astype(np.uint8)
    if sides > 0:
        drop = -lean * half * 2 * sides
        body = cv2.convexHull(np.vstack([corners, corners + drop]).astype(np.float32))
        shade = tuple(int(c * 0.62) for c in BODY_BGR[colour])
        cv2.fillConvexPoly(bg, body.astype(np.int32), shade, cv2.LINE_AA)
    a = walpha[..., None].astype(np.float32) / 255
    scene = (warped * a + bg * (1 - a)).astype(np.uint8)
    image = cv2.resize(scene, (size, size), interpolation=cv2.INTER_AREA)
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if noise > 0:
        image = np.clip(image + rng.normal(0, noise, image.shape), 0, 255).astype(np.uint8)
    if jpeg:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg)])
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image, (float(centre[0] / scale), float(centre[1] / scale))


def die_sprite(value: int, colour: str, side: int = 240) -> tuple[np.ndarray, np.ndarray]:
    """A die's top face as a BGR sprite and its alpha (rounded corners), for scene renders."""
    return _canonical_face(value, colour, side)


# -- dice on the table: read every frame, tracked like cards --------------------------------
@dataclass
class _DieTrack:
    track_id: str
    payload: str
    x: float  # mat mm
    y: float
    region: str | None
    slot: tuple | None
    first_seen: int
    sightings: list = None  # recent frame numbers
    values: list = None  # recent readings (None = unread), same length as sightings
    last_seen_t: float = 0.0
    confirmed: bool = False
    reported: tuple | None = None  # (region, slot, value) last reported


class DiceWatcher:
    """Dice in a game's dice areas, frame by frame -> CardAdded / CardMoved / CardRemoved
    with kind "die", payload DIE<COLOUR> and `value` the top face (None: unread).

    Dice of one colour look alike, so a die is followed by position (like a card back): a
    reading within `match_mm` of a known die of that colour is that die. The same hysteresis
    as the card tracker: added once seen in `appear_k` of the last `appear_n` frames, removed
    after `vanish_after_s` unseen. A value is settled once read the same in `appear_k` of the
    last `appear_n` frames; a settled die whose top face changes is reported as a move (same
    place, new value). An unread frame (a hand, glare) never replaces a read value; a die
    never read surely is added with value None after `2 * appear_n` frames.
    """

    def __init__(
        self,
        layout,
        regions: tuple[str, ...],
        die_mm: float = 13.0,
        appear_k: int = 3,
        appear_n: int = 5,
        vanish_after_s: float = 3.0,
        match_mm: float = 9.0,
    ):
        self.layout = layout
        self.regions = regions  # region names (or prefixes ending in a digit-less stem)
        self.die_mm = die_mm
        self.appear_k, self.appear_n = appear_k, appear_n
        self.vanish_after_s = vanish_after_s
        self.match_mm = match_mm
        self.tracks: dict[str, _DieTrack] = {}
        self.frame_number = 0
        self._next = 1
        self.last_readings: list[tuple[DieReading, float, float, str | None, tuple | None]] = []

    def _wanted(self, region: str | None) -> bool:
        return region is not None and any(
            region == r or (region.startswith(r) and region[len(r) :].isdigit())
            for r in self.regions
        )

    def read(self, image: np.ndarray, homography: np.ndarray) -> list:
        """This frame's dice in the watched areas: (reading, x_mm, y_mm, region, slot)."""
        inverse = np.linalg.inv(homography)
        w, h = self.layout.mat_size_mm
        centre = np.array([[[w / 2, h / 2]], [[w / 2 + self.die_mm, h / 2]]], np.float64)
        px = cv2.perspectiveTransform(centre, inverse).reshape(-1, 2)
        face = float(np.linalg.norm(px[1] - px[0]))
        out = []
        for reading in find_dice(
            image, min_face=face * 0.55, max_face=face * 1.6, fill_all_holes=False
        ):
            if reading.colour is None or reading.size < face * 0.55:
                continue
            if (
                reading.value is None
                and reading.reason.startswith("not one die")
                and reading.size < face * 0.85
            ):
                continue  # a sliver of a coloured card border, smaller than one die
            x, y = cv2.perspectiveTransform(
                np.array([[[reading.x, reading.y]]], np.float64), homography
            ).reshape(2)
            located = self.layout.locate(float(x), float(y))
            region, slot = located if located else (None, None)
            if self._wanted(region):
                out.append(
                    (reading, float(x), float(y), region, tuple(slot) if slot is not None else None)
                )
        self.last_readings = out
        return out

    def update(
        self, image: np.ndarray, homography: np.ndarray, t: float, unchanged: bool = False
    ) -> list:
        """Track the dice of one frame. `unchanged`: the frame equals the last one (the
        watcher's thumbnail test), so the last readings stand and the pips are not recounted."""
        from companion.events import CardAdded, CardMoved, CardRemoved, Where

        self.frame_number += 1
        frame = self.frame_number
        if unchanged:
            readings = self.last_readings
        else:
            readings = self.read(image, homography)
        events = []
        seen: set[str] = set()
        # nearest pairs first, each die and each reading used once
        pairs = sorted(
            (
                (np.hypot(tr.x - x, tr.y - y), i, tid)
                for i, (r, x, y, _, _) in enumerate(readings)
                for tid, tr in self.tracks.items()
                if tr.payload == r.payload
            ),
            key=lambda p: p[0],
        )
        matched: dict[int, str] = {}
        for distance, i, tid in pairs:
            if distance <= self.match_mm and i not in matched and tid not in seen:
                matched[i] = tid
                seen.add(tid)
        for i, (reading, x, y, region, slot) in enumerate(readings):
            tid = matched.get(i)
            if tid is None:
                tid = f"d{self._next}"
                self._next += 1
                self.tracks[tid] = _DieTrack(
                    tid, reading.payload, x, y, region, slot, frame, [], []
                )
                seen.add(tid)
            track = self.tracks[tid]
            track.x, track.y, track.region, track.slot = x, y, region, slot
            track.sightings = (track.sightings + [frame])[-self.appear_n :]
            track.values = (track.values + [reading.value])[-self.appear_n :]
            track.last_seen_t = t

        def where(track):
            return Where(track.region, track.slot, round(track.x, 1), round(track.y, 1))

        for track in sorted(self.tracks.values(), key=lambda tr: tr.first_seen):
            if track.track_id not in seen:
                continue
            recent = [v for f, v in zip(track.sightings, track.values) if f > frame - self.appear_n]
            if len(recent) < self.appear_k:
                continue
            counts: dict[int, int] = {}
            for v in recent:
                if v is not None:
                    counts[v] = counts.get(v, 0) + 1
            value = next((v for v, c in counts.items() if c >= self.appear_k), None)
            if not track.confirmed:
                if value is None and frame - track.first_seen < 2 * self.appear_n:
                    continue  # not read surely yet: give it a few more frames
                track.confirmed = True
                track.reported = (track.region, track.slot, value)
                events.append(
                    CardAdded(
                        track.track_id, track.payload, where(track), "die", False, t, value=value
                    )
                )
                continue
            region, slot, old = track.reported
            new_value = value if value is not None else old  # unread frames keep the value
            if (region, slot, old) != (track.region, track.slot, new_value):
                previous = Where(region, slot)
                track.reported = (track.region, track.slot, new_value)
                events.append(
                    CardMoved(
                        track.track_id,
                        track.payload,
                        where(track),
                        previous,
                        "die",
                        False,
                        t,
                        value=new_value,
                    )
                )
        for tid, track in list(self.tracks.items()):
            if tid in seen:
                continue
            if track.confirmed and t - track.last_seen_t > self.vanish_after_s:
                del self.tracks[tid]
                events.append(CardRemoved(tid, track.payload, "die", t))
            elif not track.confirmed and not any(
                f > frame - self.appear_n for f in track.sightings
            ):
                del self.tracks[tid]  # a glimpse that never settled
        return events

    def alive(self) -> list[str]:
        return sorted(tid for tid, tr in self.tracks.items() if tr.confirmed)
