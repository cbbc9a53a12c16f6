"""Where a frame seems to hold QR symbols: outlines of dense dark/light texture.

Whole-frame decoders miss small, blurred symbols, so the card reader first finds places that
look like QR symbols (many strong edges packed in a square blob of the right size) and
decodes each on its own crop (`vision.reader`). Merged blobs are eroded apart or tiled;
larger symbols are looked for again on coarser copies of the frame; a thorough search also
looks in the shade, with the contrast divided by the local light.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np


@dataclass
class Candidate:
    """A place in the frame that looks like a QR symbol; `quad` is its outline (px)."""

    quad: np.ndarray  # 4x2 float32
    expected: str | None = None  # payload a tracker or layout expects here, if any
    module_px: float | None = None  # known module size (tiles sized from read symbols)
    coarse: bool = False  # found on a coarser copy of the frame: tried briefly, never tiled

    @cached_property  # asked for against every code read so far; the outline never changes
    def center(self) -> tuple[float, float]:
        c = self.quad.mean(axis=0)
        return float(c[0]), float(c[1])


WINDOW_DIV, OPEN_DIV = 4.0, 2.0  # tuned on rendered scenes (benchmarks)


LEVEL_STEP = 2.0  # each coarser search level looks for symbols twice as large
FINE_REACH = 3.0  # symbol side / min_side_px the finest level surely reads whole


def find_candidates(
    gray: np.ndarray,
    min_side_px: float = 40,
    max_side_px: float = 400,
    scale: float = 0.5,
    coarse_levels: bool = True,
    relit: bool = False,
) -> list[Candidate]:
    """Outlines of QR-like texture: many strong dark/light edges packed in a square blob.

    The texture measure spans a few modules of the smallest symbol; inside a symbol several
    times larger it would fall between module edges and break the symbol into fragments. So
    larger symbols are looked for again on coarser copies of the frame (the same measure, the
    same size in the copy's pixels); their outlines come first, so the fragments a finer
    level also reports fall inside a symbol already read and are skipped. `relit` adds, last,
    the finest level's outlines once the light is evened out (`_texture_blobs`)."""
    found = _texture_blobs(gray, min_side_px, max_side_px, scale, split=True, relit=relit)
    level_min = min_side_px * LEVEL_STEP
    while coarse_levels and level_min <= max_side_px:
        level_scale = scale * min_side_px / level_min
        coarse = _texture_blobs(gray, level_min, max_side_px, level_scale, split=False)
        # A blob wider than the largest symbol is a cluster of small ones: the finest level's.
        found = [c for c in coarse if extent(c.quad) <= 1.3 * max_side_px] + found
        level_min *= LEVEL_STEP
    return found


RELIT_SIGMA = (
    1.0  # light evened out over about a symbol: follows a hand's shadow, in smallest sides
)
RELIT_SHADE = 0.8  # shade: light under this share of the light where the ordinary blobs lie
RELIT_SAME = 0.3  # blob centres closer than this share of its extent: the same place


def _texture_blobs(
    gray: np.ndarray,
    min_side_px: float,
    max_side_px: float,
    scale: float,
    split: bool,
    relit: bool = False,
) -> list[Candidate]:
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    # Local contrast (standard deviation over a few modules) is high inside a symbol and low
    # on plain card faces, the table and the mat; it survives blur, shadows and uneven light.
    window = max(3, int(round(min_side_px * scale / WINDOW_DIV)))
    mean = cv2.boxFilter(small, -1, (window, window))
    mean_sq = cv2.boxFilter(small * small, -1, (window, window))
    std = np.sqrt(np.maximum(mean_sq - mean * mean, 0))
    # Drop thin things (card edges, text strokes), then join each symbol into one blob.
    opening = max(3, int(round(min_side_px * scale / OPEN_DIV)) | 1)
    lo, hi = min_side_px * scale, max_side_px * scale
    quads = _contrast_blobs(std, lo, hi, opening, split)
    if relit:
        quads += _relit_blobs(small, std, quads, lo, hi, opening, split)
    return [Candidate(quad / scale, coarse=not split) for quad in quads]


def _relit_blobs(
    small: np.ndarray,
    std: np.ndarray,
    found: list[np.ndarray],
    lo: float,
    hi: float,
    opening: int,
    split: bool,
) -> list[np.ndarray]:
    """Blobs of contrast relative to the local light, in places darker than where the
    ordinary blobs lie and away from them. The threshold follows the frame's strongest
    contrast, so a symbol in a hand's shadow can fall under it in part and its blob break
    up; divided by the light around it, it stands out like the others. Elsewhere the same
    division only lifts wood grain and dims symbols under a highlight, so these blobs are
    kept to the shade and only ever add to the ordinary ones."""
    light = _local_light(small, RELIT_SIGMA * lo)
    centres = np.array([quad.mean(axis=0) for quad in found]).reshape(-1, 2)
    at = np.clip(centres.round().astype(int), 0, np.array(light.shape[::-1]) - 1)
    usual = (
        float(np.median(light[at[:, 1], at[:, 0]]))
        if len(found)
        else float(np.percentile(light, 90))
    )
    shade = RELIT_SHADE * usual
    if float(light.min()) >= shade:
        return []  # evenly lit: nothing the ordinary threshold could have missed for light
    evened = std * (128.0 / light)
    return [
        quad
        for quad in _contrast_blobs(evened, lo, hi, opening, split, within=light < shade)
        if not _near_any(quad, centres)
    ]


def _contrast_blobs(
    std: np.ndarray,
    lo: float,
    hi: float,
    opening: int,
    split: bool,
    within: np.ndarray | None = None,
) -> list[np.ndarray]:
    """Blobs where the contrast passes a threshold set by the frame's strongest; `within`
    (a boolean map) limits them to a region, sparing the search everywhere else."""
    strong = float(np.percentile(std[::4, ::4], 99.5))  # a subsample is plenty, 10x faster
    mask: np.ndarray = std > max(14.0, 0.25 * strong)
    if within is not None:
        mask &= within
    mask = mask.astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((opening, opening), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # Coarse levels neither split nor tile (clusters of small symbols are the finest level's
    # to split) but take a symbol with the card's printed header or name joined to one side.
    return (
        _blobs(mask, lo, hi, opening, depth=0)
        if split
        else _blobs(mask, lo, hi, opening, depth=2, tiles=False, aspect=1.6)
    )


def _local_light(image: np.ndarray, sigma_px: float) -> np.ndarray:
    """Brightness around each pixel: a wide blur, computed at an eighth of the size."""
    tiny = cv2.resize(image, None, fx=0.125, fy=0.125, interpolation=cv2.INTER_AREA)
    light = cv2.GaussianBlur(tiny, (0, 0), max(sigma_px / 8, 1.0))
    light = cv2.resize(light, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.maximum(light, 8.0)


def _near_any(quad: np.ndarray, centres: np.ndarray) -> bool:
    """Whether one of `centres` lies at the same place as `quad`'s centre."""
    distances = np.hypot(*(centres - quad.mean(axis=0)).T)
    return bool((distances < RELIT_SAME * extent(quad)).any())


def _blobs(
    mask: np.ndarray,
    lo: float,
    hi: float,
    opening: int,
    depth: int,
    tiles: bool = True,
    aspect: float = 1.35,
) -> list[np.ndarray]:
    """Square blobs of the mask; blobs merged with a neighbour or with printed text are
    eroded apart (up to three times) and each part grown back to its size."""
    found = []
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        rect = cv2.minAreaRect(contour)
        (w, h) = rect[1]
        short, long = min(w, h), max(w, h)
        if long < lo:
            continue
        area = cv2.contourArea(contour)
        square = lo <= short <= hi and long <= aspect * short and area >= 0.6 * w * h
        if square:
            found.append(cv2.boxPoints(rect).astype(np.float32))
            continue
        if depth < 3 and short >= lo * 0.8:
            x, y, bw, bh = cv2.boundingRect(contour)
            pad = opening
            piece: np.ndarray = np.zeros((bh + 2 * pad, bw + 2 * pad), np.uint8)
            cv2.drawContours(piece, [contour - (x - pad, y - pad)], -1, 255, -1)
            erode = max(3, int(opening * 0.6)) | 1
            piece = cv2.erode(piece, np.ones((erode, erode), np.uint8))
            parts = _blobs(piece, max(lo - erode, 4), hi, opening, depth + 1)
            for quad in parts:
                centre = quad.mean(axis=0)
                grown = centre + (quad - centre) * (
                    (np.linalg.norm(quad[0] - centre) + erode * 0.7)
                    / max(float(np.linalg.norm(quad[0] - centre)), 1)
                )
                found.append((grown + (x - pad, y - pad)).astype(np.float32))
            if parts:
                continue
        # Symbols merged with their neighbours or with the card's printed number: cover the
        # long blob with overlapping squares; the crop decoder finds each symbol in one.
        if tiles and lo <= short <= hi and area >= 0.3 * w * h:
            found.extend(_tiles(rect))
    return found


def _tiles(rect) -> list[np.ndarray]:
    (cx, cy), (w, h), angle = rect
    short, long = min(w, h), max(w, h)
    axis = np.deg2rad(angle if w >= h else angle + 90)
    direction = np.array([np.cos(axis), np.sin(axis)])
    count = max(1, int(np.ceil((long - short) / (short / 2)))) + 1
    tiles = []
    for offset in np.linspace(-(long - short) / 2, (long - short) / 2, count):
        centre = (cx + direction[0] * offset, cy + direction[1] * offset)
        side = short * 1.1
        tiles.append(cv2.boxPoints((centre, (side, side), angle)).astype(np.float32))
    return tiles


def extent(quad: np.ndarray) -> float:
    """The larger side of the outline's upright bounding box (px)."""
    return float((quad.max(axis=0) - quad.min(axis=0)).max())


def symbol_tiles(quad: np.ndarray, side: float) -> list[Candidate]:
    """Squares a little bigger than one symbol, half a symbol apart, covering `quad`'s box:
    where a blob holding several symbols (or missing one) is read again at the frame's size."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    size = side * 1.15
    tiles = []
    for cy in _steps(y0, y1, size):
        for cx in _steps(x0, x1, size):
            h = size / 2
            tiles.append(
                Candidate(
                    np.array(
                        [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]],
                        np.float32,
                    ),
                    module_px=side / 21.0,
                )
            )
    return tiles


def _steps(low: float, high: float, size: float) -> np.ndarray:
    if high - low <= size:
        return np.array([(low + high) / 2])
    count = int(np.ceil((high - low - size) / (size / 2))) + 1
    return np.linspace(low + size / 2, high - size / 2, count)
