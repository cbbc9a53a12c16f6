"""Reading a card's QR symbol that zxing-cpp cannot even locate: a sleeve's highlight over a
finder pattern, glare washing out part of the symbol.

Every card the kit prints carries a version-1 symbol (21 x 21 modules). Where the card
reader has a candidate outline but no decoder read it, this module

1. fits the symbol's fixed patterns (finders, separators, timing, the dark module and the
   light quiet zone around it) to the candidate with OpenCV's ECC alignment, in each of the
   four orientations, ignoring saturated pixels (`vision.gridfit`): two finders and the
   timing patterns place the grid as well as three do;
2. samples every module and rates how sure each reading is: a module near its
   neighbourhood's threshold, brighter than the paper, or inside a patch with no contrast at
   all (a highlight) is unsure;
3. decodes with Reed-Solomon *erasures*: the codewords holding unsure modules are marked
   unknown, which the code corrects twice as many of as unmarked errors. Several erasure sets
   are tried, from none to the least sure codewords, always keeping three check symbols spare,
   and a result must also carry the format information, the exact padding the QR standard
   writes after the data, and a payload the caller accepts — so a bad fit yields nothing,
   never a wrong text;
4. still unread, undoes the blur between modules (`equalised`), then moves the grid a
   fraction of a module each way and decodes the offsets that show the fixed patterns
   clearest with every erasure count (`_read_shifted`): a fit under a heavy blur and smear
   can sit a sixth of a module off, which at 3 px a module reads many modules wrong.
"""

from __future__ import annotations

import cv2
import numpy as np

from .grid import Grid, module_values, refine
from .gridfit import SIZE, fit_grid
from .qr_matrix import (
    FORMAT_CODES,
    corrections,
    data_order,
    format_positions,
    function_patterns,
    mask_pattern,
    parse_data,
)

SPARE_CHECKS = 3  # Reed-Solomon check symbols never spent on correcting (detect miscorrection)
# Data / check codewords of a version-1 symbol per error-correction level (one block each),
# keyed by the level's two bits in the format information.
LEVELS = {0b01: ("L", 19, 7), 0b00: ("M", 16, 10), 0b11: ("Q", 13, 13), 0b10: ("H", 9, 17)}


FUNCTION_MASK, FUNCTION_DARK = function_patterns(1)
# The symbol's layout is the general QR one, read for version 1.
FORMAT_FIRST, FORMAT_SECOND = format_positions(SIZE)
FORMAT_WORDS = FORMAT_CODES  # valid masked 15-bit format word -> its 5 data bits
DATA_POSITIONS = [tuple(p) for p in data_order(1)]  # 208 = 26 codewords x 8 bits


# -- sampling --------------------------------------------------------------------------------


def sample(gray: np.ndarray, module_to_frame: np.ndarray) -> np.ndarray:
    """Mean brightness of each module's central part (3 x 3 points within +-0.2 module)."""
    offsets = np.array([-0.2, 0.0, 0.2])
    centres = np.arange(SIZE) + 0.5
    u = np.broadcast_to(
        centres[None, :, None, None] + offsets[None, None, None, :], (SIZE, SIZE, 3, 3)
    )
    v = np.broadcast_to(
        centres[:, None, None, None] + offsets[None, None, :, None], (SIZE, SIZE, 3, 3)
    )
    points = np.stack([u.reshape(-1), v.reshape(-1)], axis=1).reshape(-1, 1, 2)
    xy = cv2.perspectiveTransform(points, module_to_frame).reshape(-1, 2).astype(np.float32)
    values = cv2.remap(
        gray,
        xy[:, 0].reshape(1, -1),
        xy[:, 1].reshape(1, -1),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return values.reshape(SIZE, SIZE, 9).astype(np.float32).mean(axis=2)


def confidence(values: np.ndarray) -> np.ndarray:
    """Signed certainty per module: negative dark, positive light, 0 unknown. Measured
    against the midpoint of the light and dark levels within 3 modules; a module brighter
    than the paper is unknown (a highlight); a light one in a 3 x 3 patch without contrast
    is unsure (a highlight may hide dark modules there)."""
    # Paper and ink from the whole symbol (about half its modules are light): the light
    # separators alone read darker than paper under blur, next to the finders' ink.
    paper = float(np.percentile(values, 90))
    ink = float(np.percentile(values, 15))
    spread = max(paper - ink, 1.0)
    window = np.ones((7, 7), np.uint8)
    bright = cv2.dilate(values, window)
    dim = cv2.erode(values, window)
    middle = cv2.blur((bright + dim) / 2, (7, 7))
    local = np.maximum(cv2.blur(bright - dim, (7, 7)), 0.25 * spread)
    sure = np.clip((values - middle) / local, -1, 1)
    small = np.ones((3, 3), np.uint8)
    flat = (cv2.dilate(values, small) - cv2.erode(values, small)) < 0.25 * spread
    sure[flat & (values > middle)] *= 0.3  # light, but maybe a highlight over dark modules
    sure[values > paper + 0.3 * spread] = 0.0  # brighter than the paper: a highlight
    return sure


# -- decoding --------------------------------------------------------------------------------

FORMAT_DATA = np.array(list(FORMAT_WORDS.values()))
FORMAT_BITS = np.array([[(word >> (14 - k)) & 1 for k in range(15)] for word in FORMAT_WORDS], bool)


def _format(sure: np.ndarray) -> list[int]:
    """The format data (level, mask) the sampled copies agree with (up to four, closest
    first; the Reed-Solomon check and the padding decide among them). Format
    words differ in 7 bits or more, so a copy with up to 3 wrong bits still names its word;
    a highlight often wipes one copy out, so each copy may decide alone."""
    wrong = []
    for positions in (FORMAT_FIRST, FORMAT_SECOND):
        read = np.array([sure[r, c] for r, c in positions])
        counted = np.abs(read) > 0.15
        wrong.append(((FORMAT_BITS != (read < 0)) & counted).sum(axis=1))
    better, total = np.minimum(*wrong), wrong[0] + wrong[1]
    order = np.lexsort((better, total))[:4]
    return [int(FORMAT_DATA[k]) for k in order if better[k] <= 3 or total[k] <= 6]


_ROWS, _COLS = (np.array(axis) for axis in zip(*DATA_POSITIONS))
MASK_FLIPS = np.array([mask_pattern(mask, SIZE)[_ROWS, _COLS] for mask in range(8)], bool)


def _codewords(sure: np.ndarray, mask: int) -> tuple[bytearray, np.ndarray]:
    """The 26 codewords (mask removed) and each one's certainty (its least sure bit)."""
    read = sure[_ROWS, _COLS]
    bits = (read < 0) ^ MASK_FLIPS[mask]
    return bytearray(np.packbits(bits).tobytes()), np.abs(read).reshape(-1, 8).min(axis=1)


UNSURE = 0.25  # a codeword whose least sure bit is below this is a first erasure choice


def decode_symbol(
    sure: np.ndarray, tried: set | None = None, every_count: bool = False
) -> str | None:
    """Text of a sampled symbol (certainties from `confidence`) or None. Erasure sets tried:
    none, the unsure codewords, and as many of the least sure as the code allows, or with
    `every_count` each number of them in turn (for readings worth the extra decodes); `tried`
    remembers words already tried (several fits often sample the same bits)."""
    tried = set() if tried is None else tried
    # Every count multiplies the decodes: then only the two format readings closest to a
    # valid word are tried (a grid that reads its format this badly reads little else).
    for data in _format(sure)[:2] if every_count else _format(sure):
        level, mask = data >> 3, data & 7
        _, data_words, checks = LEVELS[level]
        words, certainty = _codewords(sure, mask)
        order = np.argsort(certainty, kind="stable")
        budget = checks - SPARE_CHECKS
        unsure = int((certainty < UNSURE).sum())
        counts = (
            range(budget + 1)
            if every_count
            else sorted({0, min(unsure, budget), budget // 2, budget})
        )
        for corrected in corrections(words, checks, order, counts, SPARE_CHECKS, tried):
            text = parse_data(bytes(corrected[:data_words]))
            if text is not None:
                return text
    return None


MIN_AGREEMENT = 0.65  # share of fixed-pattern modules a card symbol's reading gets right


def _agreement(sure: np.ndarray) -> float:
    return float(((sure < 0) == FUNCTION_DARK)[FUNCTION_MASK].mean())


def _likely_turns(sure: np.ndarray, keep: int = 2, floor: float = MIN_AGREEMENT) -> list[int]:
    """The orientations whose fixed patterns the reading agrees with best; none when even
    the best agrees under MIN_AGREEMENT (card symbols read at 0.71 and up, glare and all;
    an ArUco token or printed text that fitted at all agrees on 0.55-0.57)."""
    agreement = [_agreement(np.rot90(sure, turns)) for turns in range(4)]
    ranked = sorted(range(4), key=lambda turns: -agreement[turns])[:keep]
    return [turns for turns in ranked if agreement[turns] >= floor]


def ring_values(image: np.ndarray, grid) -> np.ndarray:
    """Module values (3 x 3 points within +-0.2 module) of the symbol and one ring of its
    quiet zone: (SIZE + 2) x (SIZE + 2)."""
    n = SIZE + 2
    offsets = np.array([-0.2, 0.0, 0.2])
    centres = np.arange(n) - 0.5
    u = np.broadcast_to(centres[None, :, None, None] + offsets[None, None, None, :], (n, n, 3, 3))
    v = np.broadcast_to(centres[:, None, None, None] + offsets[None, None, :, None], (n, n, 3, 3))
    x, y = grid.to_image(u.reshape(1, -1), v.reshape(1, -1))
    samples = cv2.remap(
        image,
        x.astype(np.float32),
        y.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return samples.reshape(n, n, 9).mean(axis=2)


_RING_KNOWN = np.ones((SIZE + 2, SIZE + 2), bool)
_RING_KNOWN[1:-1, 1:-1] = FUNCTION_MASK
_RING_LIGHT = np.ones((SIZE + 2, SIZE + 2), bool)
_RING_LIGHT[1:-1, 1:-1] = ~FUNCTION_DARK
_NEIGHBOURS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def equalised(ring: np.ndarray, sure: np.ndarray, rounds: int = 4) -> np.ndarray | None:
    """Certainties after undoing the blur between neighbouring modules (decision-feedback
    equalisation, as a modem undoes intersymbol interference): how much each of a module's
    eight neighbours leaks into its reading, plus a brightness ramp, is fitted on the fixed
    patterns and quiet zone, whose modules are known; then each unknown module is decided
    against its neighbours' current decisions, a few rounds over. A directional smear is
    just unequal neighbour weights. `ring` from `ring_values`, `sure` (upright) to start."""
    n = SIZE + 2
    bits = np.where(_RING_LIGHT, 1.0, -1.0)
    known = _RING_KNOWN
    interior = np.zeros((n, n), bool)
    interior[1:-1, 1:-1] = True
    # Known modules whose eight neighbours are known too: the training set.
    full = known.copy()
    for dr, dc in _NEIGHBOURS:
        full &= np.roll(np.roll(known, dr, 0), dc, 1)
    full &= interior
    rows, cols = np.nonzero(full)
    if len(rows) < 40:
        return None
    ramp_u, ramp_v = cols / n - 0.5, rows / n - 0.5
    features = np.column_stack(
        [bits[rows, cols]]
        + [bits[rows - dr, cols - dc] for dr, dc in _NEIGHBOURS]
        + [np.ones(len(rows)), ramp_u, ramp_v]
    )
    weights, *_ = np.linalg.lstsq(features, ring[rows, cols], rcond=None)
    centre, leak, (bias, slope_u, slope_v) = weights[0], weights[1:9], weights[9:]
    if centre <= 1.0:  # modules do not show through: nothing to equalise
        return None
    current = bits.copy()
    current[1:-1, 1:-1] = np.where(
        known[1:-1, 1:-1], bits[1:-1, 1:-1], np.where(sure < 0, -1.0, 1.0)
    )
    grid_v, grid_u = np.mgrid[0:n, 0:n] / n - 0.5
    level = bias + slope_u * grid_u + slope_v * grid_v
    unknown = ~known
    for _ in range(rounds):
        spill = sum(
            w * np.roll(np.roll(current, dr, 0), dc, 1) for w, (dr, dc) in zip(leak, _NEIGHBOURS)
        )
        residual = (ring - level - spill) / centre  # ~ +1 light, -1 dark
        current = np.where(unknown, np.where(residual < 0, -1.0, 1.0), current)
    out = np.clip(residual[1:-1, 1:-1], -1, 1)
    out[sure == 0] = 0.0  # highlights stay unknown
    return out


def read_card_symbol(
    gray: np.ndarray, quad: np.ndarray, min_score: float = 0.55
) -> tuple[str, np.ndarray] | None:
    """Text and frame corners of the version-1 symbol roughly outlined by `quad`. Fits
    whose correlation with the fixed patterns is under `min_score` are not read (printed
    text between cards fits at 0.42-0.49, card symbols read at 0.54 and up, most over 0.65),
    and when the two best placements both fit that badly the rest are not refined."""
    extent = np.ptp(quad, axis=0)
    x0, y0 = np.maximum(quad.min(axis=0) - extent, 0).astype(int)
    x1, y1 = (quad.max(axis=0) + extent).astype(int)
    crop = gray[y0:y1, x0:x1].astype(np.float32)
    if crop.size == 0:
        return None
    # The camera's blur spreads a module over its neighbours: undo some of it (an unsharp
    # mask) for a second reading of the same grid.
    sharpened = cv2.addWeighted(crop, 3.0, cv2.GaussianBlur(crop, (0, 0), 1.5), -2.0, 0)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    origin = np.array([x0, y0], np.float32)
    tried: set = set()
    blurred_reads: list[BlurredRead] = []
    poor = 0
    for module_to_frame, score in fit_grid(gray, quad):
        if score < min_score:
            poor += 1
            if poor == 2 and not blurred_reads:
                break
            continue
        fitted = Grid(shift @ module_to_frame, SIZE, np.zeros(1), np.zeros(1), 0)
        # A card bowed in its sleeve bends the grid: let it follow the symbol's edges.
        for grid in (fitted, refine(crop, fitted, 1)):
            for image in (crop, sharpened):
                sure = confidence(module_values(image, grid))
                # A fit of the wrong orientation can still land on the modules (a highlight
                # hides the finder that tells the corners apart): read the grid the two ways
                # its fixed patterns agree with best.
                for turns in _likely_turns(sure):
                    text = decode_symbol(np.rot90(sure, turns), tried)
                    if text is not None:
                        return text, grid.corners() + origin
                # Blur may hide the fixed patterns too: the equalised reading is judged.
                blurred_reads += [
                    (image, grid, turns, sure) for turns in _likely_turns(sure, floor=0)
                ]
    # Then undo the blur between modules on each reading (costlier, and only for these).
    for image, grid, turns, sure in blurred_reads:
        ring = np.rot90(ring_values(image, grid), turns)
        upright = equalised(ring, np.rot90(sure, turns))
        if upright is None or _agreement(upright) < MIN_AGREEMENT:
            continue
        text = decode_symbol(upright, tried)
        if text is not None:
            return text, grid.corners() + origin
    # Last, the grid a fraction of a module off each way, on a crop sharpened harder.
    return _read_shifted(crop, blurred_reads, tried, origin)


# A fitted grid read without its fixed patterns judged: (image, grid, quarter turns, confidence).
BlurredRead = tuple[np.ndarray, Grid, int, np.ndarray]
SHIFT_STEPS = (-0.15, 0.0, 0.15)  # grid offsets tried, in modules, along each axis
SHIFTS_READ = 3  # offsets decoded per grid: those whose fixed patterns read clearest
SHIFTED_GRIDS = 2  # grids moved: those of the best fits


def _read_shifted(
    crop: np.ndarray, blurred_reads: list[BlurredRead], tried: set, origin: np.ndarray
) -> tuple[str, np.ndarray] | None:
    """ECC aligns the fixed patterns as a whole, and under a heavy blur and smear it can
    leave the grid a sixth of a module off; at 3 px a module that samples a good part of the
    neighbours' ink. The best fits' grids are moved by a fraction of a module each way, and
    the offsets whose fixed patterns read clearest are decoded with every erasure count, on
    the crop unsharp-masked harder than before (the Reed-Solomon checks, the padding and
    the payload check still decide, so more readings cost time, never a wrong text)."""
    harder = cv2.addWeighted(crop, 5.0, cv2.GaussianBlur(crop, (0, 0), 1.2), -4.0, 0)
    grids: list[tuple[Grid, int]] = []
    for _, grid, turns, _ in blurred_reads:  # each grid once, in its likeliest orientation
        corners = grid.corners()
        if not any(np.abs(corners - seen.corners()).max() < 0.3 for seen, _ in grids):
            grids.append((grid, turns))
    for grid, turns in grids[:SHIFTED_GRIDS]:
        readings = []
        for du in SHIFT_STEPS:
            for dv in SHIFT_STEPS:
                moved = _moved(grid, du, dv)
                sure = np.rot90(confidence(module_values(harder, moved)), turns)
                readings.append((_pattern_clarity(sure), moved, sure))
        readings.sort(key=lambda entry: -entry[0])
        for _, moved, sure in readings[:SHIFTS_READ]:
            text = decode_symbol(sure, tried, every_count=True)
            if text is not None:
                return text, moved.corners() + origin
    return None


_PATTERN_SIGNS = np.where(FUNCTION_DARK, -1.0, 1.0)


def _pattern_clarity(sure: np.ndarray) -> float:
    """How clearly an upright reading shows the fixed patterns (1: every module sure and right)."""
    return float((sure * _PATTERN_SIGNS)[FUNCTION_MASK].mean())


def _moved(grid, du: float, dv: float):
    """`grid` with its modules moved by (du, dv) modules."""
    step = np.array([[1, 0, du], [0, 1, dv], [0, 0, 1]], np.float64)
    return Grid(grid.homography @ step, grid.size, grid.du, grid.dv, grid.degree)
