"""The project's card reader for table frames (`CardReader`).

It finds places that look like QR symbols (`vision.finder`), then decodes each candidate on
an enlarged crop, an enlarged unsharp-masked crop, a rectified square and a wider crop
(`vision.crops`), plus the places where the tracker last saw each card. Crops are small, so
this is faster than running a decoder over 1920x1080 and reads symbols at 3 px per module
that whole-frame decoders cannot. Last, for a full decode, outlines no decoder could read go
to the card grid (`vision.cardgrid`). Only payload-shaped texts count, so a misread never
becomes a wrong card.
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from companion.catalogue import PAYLOAD_PATTERN

from .backends import Decoder, OpenCVDecoder, PyzbarDecoder, ZxingDecoder, to_gray
from .cardgrid import read_card_symbol
from .codes import Code, contains, same_symbol
from .crops import crop_enlarged, map_back, rectified, sharpen
from .finder import FINE_REACH, Candidate, extent, find_candidates, symbol_tiles
from .tallies import StageTallies
from .unsmear import SMEAR_ANISOTROPY as SMEAR_ANISOTROPY  # still importable from here
from .unsmear import read_unsmeared_symbol, unsmeared_views


def plausible_payload(text: str) -> bool:
    return bool(PAYLOAD_PATTERN.match(text))


class CardReader:
    """Reads every card QR in a table frame: candidates, enlarged crops, rectified retry.

    `read(frame, hints)` takes optional extra `Candidate`s (where the tracker saw a card last,
    or where the layout expects one) so a card whose texture the finder misses is still tried.
    """

    name = "pipeline"

    def __init__(
        self,
        target_module_px: float = 5.0,
        whole_frame_first: bool = False,
        min_side_px: float = 40,
        max_side_px: float = 420,
        fallbacks: Sequence[str] = (),
        accept: Callable[[str], bool] = plausible_payload,
    ):
        self.zxing = ZxingDecoder(try_harder=False)
        self.zxing_hard = ZxingDecoder(binarizer="GlobalHistogram", try_harder=True)
        # pyzbar and OpenCV never read a crop that zxing-cpp missed in the benchmark and cost
        # ~40 ms per failed candidate, so they are off here (on in ChainDecoder, `decode`).
        self.fallback = [
            b for b in (PyzbarDecoder(), OpenCVDecoder()) if b.available and b.name in fallbacks
        ]
        self.target_module_px = target_module_px
        self.whole_frame_first = whole_frame_first
        self.min_side_px = min_side_px
        self.max_side_px = max_side_px
        self.available, self.reason = True, ""
        # Only texts shaped like the project's payloads count (a wrong identity is worse than
        # a miss); `companion decode` accepts any text.
        self.accept = accept
        self.stats = StageTallies()  # stage -> [read, tried, total ms]
        self.symbol_side: float | None = None  # median side of the codes last read (px)
        self._settings = dict(
            target_module_px=target_module_px,
            whole_frame_first=whole_frame_first,
            min_side_px=min_side_px,
            max_side_px=max_side_px,
            fallbacks=tuple(fallbacks),
            accept=accept,
        )

    # A reader crosses to another process (the watcher's whole decode) as its settings: the
    # decoders hold modules, so they are made anew there.
    def __getstate__(self) -> dict:
        return {"settings": self._settings, "symbol_side": self.symbol_side}

    def __setstate__(self, state: dict) -> None:
        CardReader.__init__(self, **state["settings"])
        self.symbol_side = state["symbol_side"]

    def decode(self, image: np.ndarray) -> list[Code]:
        return self.read(image)

    def read(
        self,
        image: np.ndarray,
        hints: Sequence[Candidate] = (),
        thorough: bool = True,
        known: Sequence[Code] = (),
        attention: Callable[[np.ndarray], str] | None = None,
    ) -> list[Code]:
        """Every card code in the image. `thorough=False` stops after the two cheap stages
        that read ~99% of what is readable (for frames where only a hand moved). Candidates
        holding one of the `known` codes (read before, unchanged since) are not decoded.

        `attention(outline)`, given, says how hard to try each candidate: "read" (every stage
        allowed), "look" (the crop and the first sharpened crop only) or "skip" (the caller
        knows these very pixels failed before). Under a moving hand a symbol is mostly covered
        or smeared, and the later stages, each several times dearer than the crop, rarely
        read it there; the caller tries it again once still. In a quick read, an outline of
        the same place as one that failed (a hint and the finder's blob of one card) is not
        tried twice."""
        gray = to_gray(image)
        found: list[Code] = []
        if self.whole_frame_first:
            found = [c for c in self.zxing.decode(gray) if self.accept(c.text)]
        # The finest level alone reads symbols up to about four times the smallest size. A
        # quick decode (a hand's area) skips the coarse levels while the table's symbols are
        # known to be well within that.
        coarse = (
            thorough or self.symbol_side is None or self.symbol_side > FINE_REACH * self.min_side_px
        )
        candidates = list(hints) + find_candidates(
            gray, self.min_side_px, self.max_side_px, coarse_levels=coarse, relit=thorough
        )
        if known:
            candidates = [c for c in candidates if not any(_inside(k, c) for k in known)]
        failed, holding, off_centre = self._first_pass(gray, candidates, found, thorough, attention)
        if (failed or holding) and found and thorough:
            failed += self._tile_pass(gray, failed, holding, found)
        if (failed or off_centre) and thorough:
            rest = [c for c in failed + off_centre if c.module_px is None]
            self._unsmear_pass(gray, rest, found)
            self._grid_pass(gray, rest, found)
        if found and thorough:
            self.symbol_side = float(np.median([c.size_px for c in found]))
        return found

    def _first_pass(self, gray, candidates, found: list[Code], thorough: bool, attention):
        """Each candidate through the reader's stages (codes read go into `found`); the
        outlines left for the passes after it: those that failed, those that may hold more
        symbols than the one read, and those read off their centre."""
        failed, holding, off_centre = [], [], []
        missed: list[Candidate] = []  # quick reads only: outlines every allowed stage failed on
        for candidate in candidates:
            if any(_within(candidate, code) for code in found):
                continue  # a part of a symbol already read (a finer level's fragment)
            if any(_same_outline(candidate, other) for other in missed):
                continue  # a hint and the finder's blob of one card: the same crop again
            if len(found) >= 2 and extent(candidate.quad) < FRAGMENT_SHARE * float(
                np.median([c.size_px for c in found])
            ):
                continue  # a card's printed text or a piece of a symbol, not a whole card code
            if any(_inside(code, candidate) for code in found):
                if not candidate.coarse:
                    holding.append(candidate)  # may hold more symbols than the one read
                    off_centre.append(candidate)
                continue
            look = attention(candidate.quad) if attention is not None else "read"
            if look == "skip":
                continue
            code = self.read_candidate(
                gray,
                candidate,
                thorough and not candidate.coarse,
                stages=BRIEF_STAGES if look == "look" else None,
            )
            if code is None and not thorough:
                missed.append(candidate)
            if code is None and look == "look":
                continue  # the caller looks again once it is still: no tiles, no grid here
            if code is None or any(same_symbol(code, kept) for kept in found):
                if not candidate.coarse:  # a coarse blob may be a cluster of small symbols
                    failed.append(candidate)  # nothing new here yet: tiles look again below
                continue
            if extent(candidate.quad) > 1.6 * code.size_px and not candidate.coarse:
                holding.append(candidate)  # one symbol read; the blob may hold more
            if not candidate.coarse and not _within(candidate, code):
                off_centre.append(candidate)  # a neighbour read at its edge: its own unread?
            found.append(code)
        return failed, holding, off_centre

    def _tile_pass(self, gray, failed, holding, found: list[Code]) -> list[Candidate]:
        """Second pass with the symbol size this frame has shown: blobs holding several
        symbols, or outlines that missed the symbol, are covered by symbol-sized tiles (codes
        read go into `found`). The blobs holding several symbols count as failed from here."""
        side = float(np.median([c.size_px for c in found]))
        crowded = [c for c in holding if extent(c.quad) > 1.6 * side]
        for candidate in failed + crowded:
            for tile in symbol_tiles(candidate.quad, side):
                if any(_inside(code, tile) for code in found):
                    continue
                code = self.read_candidate(gray, tile, thorough=False)
                if code is not None and not any(same_symbol(code, k) for k in found):
                    found.append(code)
        return crowded

    def read_candidate(
        self,
        gray: np.ndarray,
        candidate: Candidate,
        thorough: bool = True,
        stages: Sequence[str] | None = None,
    ) -> Code | None:
        """Enlarged crop first, then sharpened, then rectified, then wider (only `stages`,
        if given)."""
        for name, attempt in self._stages(gray, candidate):
            if (not thorough and name not in QUICK_STAGES) or (stages and name not in stages):
                break
            start = time.perf_counter()
            code = attempt()
            self.stats.count(name, code is not None, start)
            if code is not None:
                return code
        return None

    def _stages(self, gray: np.ndarray, candidate: Candidate):
        known = candidate.module_px
        crop, back = crop_enlarged(gray, candidate.quad, self.target_module_px, module_px=known)
        if crop.size == 0:
            return
        yield "crop", lambda: self._try(self.zxing, [crop], back, candidate)
        # Small, blurred symbols: enlarge (a module ~10 px, then ~14 px) and unsharp-mask at
        # the scale of the camera blur (~1.2-1.6 source pixels), found best by the benchmark:
        # 10 px reads most of them at half the cost, 14 px the rest.
        for module_px, label in ((10.0, "sharpen-1.2"), (14.0, "sharpen-1.2-large")):
            yield (
                label,
                (
                    lambda module_px=module_px: self._try(
                        self.zxing,
                        *crop_enlarged(
                            gray, candidate.quad, module_px, module_px=known, sharpen=(1.2, 3.0)
                        ),
                        candidate,
                    )
                ),
            )
        yield (
            "sharpen-1.6",
            lambda: self._try(
                self.zxing,
                *crop_enlarged(gray, candidate.quad, 14.0, module_px=known, sharpen=(1.6, 2.0)),
                candidate,
            ),
        )
        warped, back_warp = rectified(gray, candidate.quad)
        views = [warped, sharpen(warped, 6.0, 2.0)]
        for decoder in [self.zxing_hard, *self.fallback]:
            yield (
                f"rectified-{decoder.name}",
                (lambda decoder=decoder: self._try(decoder, views, back_warp, candidate)),
            )
        # The texture finder may see only part of a symbol (glare, a shadow edge): look wider.
        wide, back_wide = crop_enlarged(
            gray, candidate.quad, self.target_module_px, margin=1.0, module_px=known
        )
        yield (
            "wide",
            lambda: self._try(self.zxing, [wide, sharpen(wide, 2.0, 1.5)], back_wide, candidate),
        )

    def _unsmear_pass(self, gray: np.ndarray, failed: list[Candidate], found: list[Code]):
        """Before the grid fit, outlines of a symbol's size that every view failed on, clear
        of every code read, are tried with a motion smear undone (codes go into `found`)."""
        side = float(np.median([c.size_px for c in found])) if len(found) >= 2 else None
        for candidate in failed:
            if not _worth_fitting(candidate, side, found):
                continue
            start = time.perf_counter()
            code = self.read_unsmeared(gray, candidate)
            self.stats.count("unsmear", code is not None, start)
            if code is not None and not any(same_symbol(code, k) for k in found):
                found.append(code)

    def read_unsmeared(self, gray: np.ndarray, candidate: Candidate) -> Code | None:
        """A symbol smeared by motion, read on the views with the smear undone
        (`vision.unsmear`), or None."""
        for view, back in unsmeared_views(gray, candidate):
            code = self._try(self.zxing, [view], back, candidate)
            if code is not None:
                return code
        return None

    def _grid_pass(self, gray: np.ndarray, failed: list[Candidate], found: list[Code]) -> None:
        """Last, for what no decoder could even locate (a highlight over a finder pattern):
        fit the card symbol's fixed patterns to the outline and decode with erasures. It
        costs tens of ms a candidate, so only outlines of a symbol's size away from every
        code read are tried."""
        side = float(np.median([c.size_px for c in found])) if len(found) >= 2 else None
        tried: list[tuple[float, float]] = []
        for candidate in failed:
            if not _worth_fitting(candidate, side, found):
                continue
            span = extent(candidate.quad)
            piece_of = side if side is not None and span < side else None  # a symbol's side
            # Overlapping tiles of one blob, or pieces of one symbol (the fit searches a
            # few modules around the outline, and symbols lie over a side apart): fitted once.
            same_place = 0.5 * piece_of if piece_of is not None else 0.3 * span
            if any(
                np.hypot(candidate.center[0] - x, candidate.center[1] - y) < same_place
                for x, y in tried
            ):
                continue
            tried.append(candidate.center)
            quad = candidate.quad
            if piece_of is not None:
                # A piece of a symbol (a highlight or a shadow's edge cut its texture): the
                # fit searches sizes around the outline's, so give it the symbol's size.
                centre = quad.mean(axis=0)
                quad = (centre + (quad - centre) * (piece_of / span)).astype(np.float32)
            start = time.perf_counter()
            result = read_card_symbol(gray, quad) or read_unsmeared_symbol(gray, quad)
            code = (
                Code(result[0], result[1], self.name)
                if result is not None and self.accept(result[0])
                else None
            )
            self.stats.count("grid", code is not None, start)
            if code is not None and not any(same_symbol(code, k) for k in found):
                found.append(code)

    def _try(self, decoder: Decoder, views, back: np.ndarray, candidate: Candidate) -> Code | None:
        if isinstance(views, np.ndarray):
            views = [views]
        for view in views:
            if view.size == 0:
                continue
            codes = [c for c in decoder.decode(view) if self.accept(c.text)]
            if codes:
                return self._closest(map_back(codes, back, self.name), candidate)
        return None

    @staticmethod
    def _closest(codes: list[Code], candidate: Candidate) -> Code:
        return min(codes, key=lambda c: np.linalg.norm(np.subtract(c.center, candidate.center)))


# Every card code on a table prints at one module size, so in one frame symbols differ only
# by perspective: a blob under this share of the symbols already read is not one of them.
FRAGMENT_SHARE = 0.4
# Outline extent / symbol side worth fitting a grid to (or undoing a smear on). A sleeve's
# highlight across a smeared symbol leaves pieces under half a side (0.48 in the smear
# conditions' misses), so pieces from 0.45 count.
GRID_SIZES = (0.45, 2.5)
# Two symbols with their quiet zones lie at least 25/21 sides apart: a blob centred closer to
# a code read is its card's printed text.
GRID_CLEARANCE = 25 / 21
QUICK_STAGES = ("crop", "sharpen-1.2", "sharpen-1.2-large")
BRIEF_STAGES = ("crop", "sharpen-1.2")  # CardReader.read's "look" at a changing outline


def _worth_fitting(candidate: Candidate, side: float | None, found: list[Code]) -> bool:
    """An outline about a symbol's size (when the frame has shown it) that holds no code
    read and lies far enough from each to hold another."""
    span = extent(candidate.quad)
    if side is not None and not GRID_SIZES[0] * side <= span <= GRID_SIZES[1] * side:
        return False
    return not any(
        _inside(c, candidate)
        or np.linalg.norm(np.subtract(candidate.center, c.center)) < GRID_CLEARANCE * c.size_px
        for c in found
    )


def _same_outline(a: Candidate, b: Candidate) -> bool:
    """Two outlines of one place: centred within each other, of about the same size."""
    ratio = extent(a.quad) / max(extent(b.quad), 1.0)
    return 0.75 <= ratio <= 1.33 and contains(b.quad, a.center) and contains(a.quad, b.center)


def _inside(code: Code, candidate: Candidate) -> bool:
    return contains(candidate.quad, code.center)


def _within(candidate: Candidate, code: Code) -> bool:
    return contains(code.corners, candidate.center)
