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
tests and the benchmark. `DiceWatcher` follows the dice in a game's dice areas frame by frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.events import CardAdded, CardMoved, CardRemoved, Where

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
        self.frame_number += 1
        readings = self.last_readings if unchanged else self.read(image, homography)
        seen = self._follow(readings, t)
        return self._settle(seen, t) + self._forget(seen, t)

    def _follow(self, readings: list, t: float) -> set[str]:
        """Each reading given to the nearest known die of its colour, or to a new one; the
        ids of the dice seen in this frame."""
        frame = self.frame_number
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
        return seen

    def _settle(self, seen: set[str], t: float) -> list:
        """A die seen often enough is added; a settled die elsewhere or showing another
        value is moved."""
        frame = self.frame_number
        events: list = []
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
                        track.track_id, track.payload, _where(track), "die", False, t, value=value
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
                        _where(track),
                        previous,
                        "die",
                        False,
                        t,
                        value=new_value,
                    )
                )
        return events

    def _forget(self, seen: set[str], t: float) -> list:
        """A settled die unseen for `vanish_after_s` is removed; a glimpse that never
        settled is forgotten."""
        frame = self.frame_number
        events: list = []
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


def _where(track: _DieTrack) -> Where:
    return Where(track.region, track.slot, round(track.x, 1), round(track.y, 1))
