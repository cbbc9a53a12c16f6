"""QR symbols located by their finder patterns' nesting, where a scan-line detector does not
find them: printed without a quiet zone, on a dark ground, or with a finder under glare.

A symbol printed edge to edge on a dark sticker, a card lying on a dark mat or cut off by a
dark border, or one whose quiet zone is washed out by a reflection has no light outside
its finder patterns' dark rings, and zxing-cpp never locates it (so the sampler never sees
it). `vision.patterns` finds the patterns by their nesting instead. Three of one module
size at a right angle give the symbol's outline (a homography fitted to the centres and the
light rings' corners) and its version (the distance between them in modules); where only
two are found (a finder washed out by glare, torn, drawn over) the third is guessed a
right angle away. The sampler then reads the grid (`vision.sampler.read_symbol`) at full
resolution, anchoring it on the patterns it finds itself, so an outline a module off is
still read, and only a matrix whose error correction succeeds is reported.

API: `symbol_outlines(gray)`, `NestedFinderReader().decode(gray)`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import cv2
import numpy as np

from .codes import Code
from .grid import Grid, module_values, threshold_local
from .patterns import Finder, finder_patterns
from .qr_matrix import FORMAT_CODES, dimension, format_positions
from .sampler import MIN_PATTERN_AGREEMENT, pattern_agreement, read_symbol

WORK_SIDE = 1280  # patterns are looked for with the photo's longer side at most this (px)
TURN = np.array([[0.0, 1.0], [-1.0, 0.0]])  # v @ TURN: v turned a right angle
SCORING_SHARE = 0.5  # of the reader's budget, at most this for ranking outlines


@dataclass(frozen=True)
class Outline:
    """Where three finder patterns put a symbol: its outer corners (TL, TR, BR, BL in the
    symbol's own orientation) and version, and how well its fixed patterns show there."""

    corners: np.ndarray
    version: int
    agreement: float
    format_errors: int  # bits the format information read is off a valid one (0 to 7)


def _triples(finders: list[Finder]) -> list[tuple[float, Finder, Finder, Finder, float]]:
    """(misfit, top-left, top-right, bottom-left, modules between centres) of each three
    patterns of about one module size at about a right angle with about equal arms, the
    best fitting first (misfit: the angle's cosine, the arms' and module sizes' ratios)."""
    triples = []
    for b, corner in enumerate(finders):
        for a in range(len(finders)):
            for c in range(a + 1, len(finders)):
                if b in (a, c):
                    continue
                trio = (finders[a], corner, finders[c])
                modules = [f.module for f in trio]
                if max(modules) > 1.6 * min(modules):
                    continue
                arm_a, arm_c = trio[0].centre - corner.centre, trio[2].centre - corner.centre
                la, lc = float(np.hypot(*arm_a)), float(np.hypot(*arm_c))
                if min(la, lc) < 1e-6 or max(la, lc) > 1.6 * min(la, lc):
                    continue
                cosine = abs(float(arm_a @ arm_c)) / (la * lc)
                span = (la + lc) / 2 / float(np.mean(modules))
                if cosine > 0.5 or not 10.0 <= span <= 180.0:  # 60 to 120 degrees
                    continue
                top_right, bottom_left = trio[0], trio[2]
                if arm_a[0] * arm_c[1] - arm_a[1] * arm_c[0] < 0:  # y down: TR x BL > 0
                    top_right, bottom_left = bottom_left, top_right
                misfit = cosine + np.log(max(la, lc) / min(la, lc))
                misfit += np.log(max(modules) / min(modules))
                triples.append((float(misfit), corner, top_right, bottom_left, span))
    triples.sort(key=lambda t: t[0])
    return triples


def _axis_offset(finder: Finder, direction: np.ndarray) -> float | None:
    """How far `direction` turns from the finder's ring sides, in degrees (0 to 45)."""
    if finder.ring is None:
        return None
    side = finder.ring[1] - finder.ring[0]
    turn = np.degrees(np.arctan2(direction[1], direction[0]) - np.arctan2(side[1], side[0]))
    turn %= 90.0
    return float(min(turn, 90.0 - turn))


def _pairs(
    finders: list[Finder], used: set[int]
) -> list[tuple[float, Finder, Finder, Finder, float]]:
    """Like `_triples`, for two patterns whose third is missing (washed out by glare, torn,
    drawn over): along a ring side they are neighbours and the third lies a right angle
    away at either end, on either side; at 45 degrees they are opposite, and the corner
    lies on either side of them. Two patterns of one symbol already outlined (`used`
    holds their ids) are left alone."""
    guesses = []
    for i, first in enumerate(finders):
        for second in finders[i + 1 :]:
            if id(first) in used and id(second) in used:
                continue
            module = (first.module + second.module) / 2
            if max(first.module, second.module) > 1.4 * min(first.module, second.module):
                continue
            between = second.centre - first.centre
            offsets = [_axis_offset(f, between) for f in (first, second)]
            if offsets[0] is None or offsets[1] is None:
                continue
            turn = (offsets[0] + offsets[1]) / 2
            length = float(np.hypot(*between))
            trios: list[tuple[Finder | None, Finder | None, np.ndarray]]
            if turn < 10.0:  # neighbours: the corner at either of them, the third either side
                span = length / module
                trios = [
                    (corner, other, corner.centre + sign * (other.centre - corner.centre) @ TURN)
                    for corner, other in ((first, second), (second, first))
                    for sign in (1, -1)
                ]
            elif turn > 35.0:  # opposite corners: the corner either side of their middle
                span = length / np.sqrt(2) / module
                middle = (first.centre + second.centre) / 2
                trios = [(None, None, middle + sign * between @ TURN / 2) for sign in (1, -1)]
            else:
                continue
            if not 10.0 <= span <= 180.0:
                continue
            for corner, neighbour, place in trios:
                guessed = Finder(np.asarray(place, np.float64), module, None, 0.0)
                if corner is None or neighbour is None:
                    corner, a, c = guessed, first, second
                else:
                    a, c = neighbour, guessed
                arm_a, arm_c = a.centre - corner.centre, c.centre - corner.centre
                if arm_a[0] * arm_c[1] - arm_a[1] * arm_c[0] < 0:
                    a, c = c, a
                guesses.append((1.0 + turn / 45.0, corner, a, c, float(span)))
    guesses.sort(key=lambda t: t[0])
    return guesses


def _outline(trio: tuple[Finder, Finder, Finder], n: int) -> np.ndarray:
    """The symbol's outer corners: a homography fitted to the three centres and the light
    rings' corners (each matched to its place in module space), else the centres' affine."""
    centres_uv = np.array([[3.5, 3.5], [n - 3.5, 3.5], [3.5, n - 3.5]], np.float32)
    centres = np.array([f.centre for f in trio], np.float32)
    affine = cv2.getAffineTransform(centres_uv, centres)
    back = cv2.invertAffineTransform(affine)
    uv, xy = list(centres_uv), list(centres)
    for finder, (cu, cv) in zip(trio, centres_uv):
        if finder.ring is None:
            continue
        wanted = np.array([[cu + du, cv + dv] for du in (-2.5, 2.5) for dv in (-2.5, 2.5)])
        seen = finder.ring @ back[:, :2].T + back[:, 2]
        nearest = np.argmin(np.linalg.norm(seen[:, None] - wanted[None], axis=2), axis=1)
        gaps = np.linalg.norm(seen - wanted[nearest], axis=1)
        if len(set(nearest.tolist())) == 4 and gaps.max() < 1.5:
            uv += list(wanted[nearest].astype(np.float32))
            xy += list(finder.ring)
    square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    straight = square @ affine[:, :2].T + affine[:, 2]
    if len(uv) >= 7:
        homography, _ = cv2.findHomography(np.array(uv), np.array(xy), 0)
        if homography is not None:
            bent = cv2.perspectiveTransform(square.reshape(-1, 1, 2), homography).reshape(4, 2)
            if np.abs(bent - straight).max() < 0.2 * n * float(np.mean([f.module for f in trio])):
                return bent.astype(np.float32)
    return straight.astype(np.float32)


def symbol_outlines(
    gray: np.ndarray,
    finders: list[Finder] | None = None,
    deadline: float | None = None,
    guess_beside: set[int] | None = None,
) -> list[Outline]:
    """The outlines three nested finder patterns give, those whose fixed patterns show
    clearest first; outlines whose patterns hardly agree (a wrong pairing) are dropped.
    With `guess_beside` (ids of patterns of symbols read already), the outlines two
    patterns give with the third guessed instead (`_pairs`). Candidates are scored best
    fitting first, until `deadline` (a time.process_time() value): printed text beside a
    symbol can nest like finder patterns and pair up by the hundred."""
    if finders is None:
        finders = finder_patterns(gray)
    trios = _triples(finders) if guess_beside is None else _pairs(finders, guess_beside)
    outlines: list[Outline] = []
    for _, top_left, top_right, bottom_left, span in trios:
        if deadline is not None and time.process_time() > deadline:
            break
        version = int(round((span + 7 - 17) / 4))
        if not 1 <= version <= 40:
            continue
        corners = _outline((top_left, top_right, bottom_left), dimension(version))
        agreement = pattern_agreement(gray, corners, version)
        if agreement >= MIN_PATTERN_AGREEMENT:
            errors = format_errors(gray, corners, version)
            outlines.append(Outline(corners, version, agreement, errors))
    # A wrong guess or pairing reads its format bits off a valid code by several bits; a
    # real symbol by none or one, even under glare (each bit is stored twice).
    return sorted(outlines, key=lambda o: (min(o.format_errors, 3), -o.agreement))


def format_errors(gray: np.ndarray, corners: np.ndarray, version: int) -> int:
    """The fewest bits either copy of the format information, read on the outline's
    straight grid (or its mirror image), is off a valid format code."""
    n = dimension(version)
    values = module_values(gray, Grid.from_corners(corners, n)).astype(np.float32)
    dark, _ = threshold_local(values)
    fewest = 15
    for matrix in (dark, dark.T):
        for positions in format_positions(n):
            value = int("".join("1" if matrix[p] else "0" for p in positions), 2)
            fewest = min(fewest, min(bin(code ^ value).count("1") for code in FORMAT_CODES))
    return fewest


class NestedFinderReader:
    """Symbols located by nested finder patterns (`symbol_outlines`) on the photo at most
    WORK_SIDE px, read at full resolution by the sampler, within `budget_s` CPU seconds:
    first where three patterns are found, then where two are and the third is guessed."""

    name, available, reason = "nested", True, ""

    def __init__(self, budget_s: float = 0.25):
        self.budget_s = budget_s

    def decode(self, gray: np.ndarray, budget_s: float | None = None) -> list[Code]:
        """The symbols read, within `budget_s` CPU seconds if given and less than the
        reader's own budget (the photo reader gives what is left of a photo's time)."""
        started = time.process_time()
        budget = self.budget_s if budget_s is None else min(self.budget_s, budget_s)
        scale = min(1.0, WORK_SIDE / max(gray.shape[:2]))
        view = gray
        if scale < 1.0:
            view = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        finders = finder_patterns(view)
        deadline = started + budget
        codes: list[Code] = []
        scoring = started + SCORING_SHARE * budget
        self._read(gray, symbol_outlines(view, finders, scoring), scale, codes, deadline)
        read = {id(f) for f in finders if any(_inside(f.centre / scale, c.corners) for c in codes)}
        scoring = time.process_time() + SCORING_SHARE * (deadline - time.process_time())
        guessed = symbol_outlines(view, finders, scoring, guess_beside=read)
        self._read(gray, guessed, scale, codes, deadline)
        return codes

    def _read(
        self,
        gray: np.ndarray,
        outlines: list[Outline],
        scale: float,
        codes: list[Code],
        deadline: float,
    ) -> None:
        """Each outline's symbol, read by the sampler at full resolution, added to `codes`."""
        for outline in outlines:
            if time.process_time() > deadline:
                return
            corners = outline.corners / scale
            if any(_inside(corners.mean(axis=0), code.corners) for code in codes):
                continue
            # Patterns 10 to 22 modules apart (versions 1 to 3) give the version surely; at
            # larger spans a few percent off in the module size is a version off.
            nearby = (outline.version, outline.version - 1, outline.version + 1)
            for version in nearby[: 1 if outline.version <= 3 else 3]:
                if not 1 <= version <= 40:
                    continue
                code = read_symbol(gray, corners, version, deadline)
                if code is not None:
                    codes.append(Code(code.text, code.corners, self.name, code.raw))
                    break


def _inside(point: np.ndarray, outline: np.ndarray) -> bool:
    contour = np.asarray(outline, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0
