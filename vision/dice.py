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

Reading the face (3 to 5) is `vision.pips`; `vision.dice_render` draws synthetic dice for
tests and the benchmark. `vision.dice_watch.DiceWatcher` follows the dice in a game's dice
areas frame by frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .pips import read_face

COLOURS = ("red", "blue", "green", "yellow")
MIN_READ_FACE = 17  # pixels a side: smaller pips (under 3 px) are misread too often to trust


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
    mask: np.ndarray = ((hsv[..., 1] > 90) & (hsv[..., 2] > 60)).astype(np.uint8) * 255
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
    top: np.ndarray = (body & (hsv[..., 2] > threshold)).astype(np.uint8) * 255
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
