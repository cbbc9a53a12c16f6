"""Decoding only where the picture changed: a hand moving over the table costs the pieces it
covers or uncovers, not its area.

The QR reads of the changed boxes (a box wider than about three cards cut in two strips) and
the token searches around the changed pixels are independent, so they run side by side on
`workers` threads (zxing-cpp and OpenCV release the GIL). Each candidate outline gets the
attention its pixels call for (`CardReader.read(attention=...)`): one changing in this very
frame only the brief stages (tried in full once still), one whose quick stages failed is
not tried again while its pixels stay the same.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import numpy as np

from .changes import Box, boxes_covering, marker_boxes, unchanged_cells
from .codes import Code, contains, refine_corners
from .finder import Candidate
from .markers import MarkerDetection, detect_tokens
from .reader import CardReader


class PartialDecoder:
    def __init__(self, reader: CardReader, workers: int):
        self.reader = reader
        self.workers = workers
        self._pool: ThreadPoolExecutor | None = None
        # Outlines (px) tried only briefly last frame because a hand moved over them.
        self.deferred: list[np.ndarray] = []
        # Outlines (px) every quick stage failed on, skipped while their pixels stay the same.
        self.failed: list[np.ndarray] = []

    def forget(self) -> None:
        """A whole decode looked everywhere: nothing deferred or failed is left."""
        self.deferred, self.failed = [], []

    def decode(
        self,
        gray: np.ndarray,
        boxes: list[Box],
        last_codes: list[Code],
        last_markers: list[MarkerDetection],
        hints: dict[str, np.ndarray],
        changed: np.ndarray | None,
        card_px: float,
        token_px: float,
    ) -> tuple[list[Code], list[MarkerDetection]]:
        """Codes and markers after decoding again inside `boxes` (x0, y0, x1, y1 px): what
        lies elsewhere is kept, and (given the thumbnail's `changed` cells) every piece whose
        own pixels did not change. `hints`: payload -> where the tracker saw it last."""

        def outside(quad: np.ndarray) -> bool:
            cx, cy = quad.mean(axis=0)
            return not any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in boxes)

        def kept(quad: np.ndarray) -> bool:
            return outside(quad) or (changed is not None and unchanged_cells(changed, quad))

        codes = [c for c in last_codes if kept(c.corners)]
        texts = {c.text for c in codes}
        markers = [m for m in last_markers if kept(m.corners)]
        hints = {p: q for p, q in hints.items() if not outside(q) and p not in texts}
        nearby = [c for c in codes if not outside(c.corners)]
        looked: list[tuple[str, np.ndarray]] = []  # (attention, outline px) of each candidate
        attention = self._attention(changed)
        jobs: list[tuple[Callable[..., Any], tuple]] = [
            (self._read_strip, (gray, strip, hints, nearby, attention, looked, card_px))
            for box in boxes
            for strip in self._strips(box, card_px)
        ]
        token_boxes = marker_boxes(changed, boxes, gray.shape, card_px)
        dropped = [m.corners for m in last_markers if not kept(m.corners)]
        token_boxes += boxes_covering(dropped, token_boxes, gray.shape, token_px)
        jobs += [(_find_tokens, (gray, box, token_px)) for box in token_boxes]
        for kind, found in self._run(jobs):
            if kind == "codes":
                # Each strip keeps only the codes centred in it, so strips never read the
                # same symbol twice; one text read several times is a card back (shared).
                codes += [c for c in found if not outside(c.corners) and c.text not in texts]
                continue
            for marker in found:
                if not outside(marker.corners) and not _kept(marker, markers, card_px):
                    markers.append(marker)
        self._remember(looked, codes)
        return codes, markers

    def _attention(self, changed: np.ndarray | None):
        failed_before = self.failed

        def attention(quad: np.ndarray) -> str:
            """How hard to try an outline (vision.reader.CardReader.read)."""
            if changed is None:
                return "read"
            if not unchanged_cells(changed, quad):
                return "look"  # a hand moving over it: the cheap stages now, all once still
            centre = quad.mean(axis=0)
            if any(contains(before, centre) for before in failed_before):
                return "skip"  # the same pixels as when every quick stage failed on them
            return "read"

        return attention

    def _remember(self, looked: list[tuple[str, np.ndarray]], codes: list[Code]) -> None:
        """Outlines holding no code read: those only looked at briefly because a hand moved
        over them are tried in full once still; those tried in full (or skipped as
        unchanged) are not tried again while their pixels stay the same."""
        unread = [
            (look, quad)
            for look, quad in looked
            if not any(contains(quad, code.center) for code in codes)
        ]
        self.deferred = [quad for look, quad in unread if look == "look"]
        self.failed = [quad for look, quad in unread if look != "look"]

    def _strips(self, box: Box, card_px: float) -> list[Box]:
        """A box wider (or taller) than about three cards, cut in two halves along its longer
        side so two threads share it; each half is decoded with a margin of half a card, so
        every card whose centre lies in a half is wholly in that half's crop."""
        x0, y0, x1, y1 = box
        if self.workers < 2 or max(x1 - x0, y1 - y0) < 3 * card_px:
            return [box]
        if x1 - x0 >= y1 - y0:
            middle = (x0 + x1) // 2
            return [(x0, y0, middle, y1), (middle, y0, x1, y1)]
        middle = (y0 + y1) // 2
        return [(x0, y0, x1, middle), (x0, middle, x1, y1)]

    def _read_strip(self, gray, strip: Box, hints, nearby, attention, looked, card_px):
        """The QR codes whose centre lies in `strip`, read from a crop half a card wider.
        `attention` (frame pixels) is the reader's; each outline it judged is appended to
        `looked` as (attention, outline in frame pixels)."""
        x0, y0, x1, y1 = strip

        def mine(quad: np.ndarray) -> bool:
            cx, cy = quad.mean(axis=0)
            return x0 <= cx <= x1 and y0 <= cy <= y1

        pad = int(card_px / 2)  # decode a margin too, so a piece on the edge is whole
        h, w = gray.shape[:2]
        left, top = max(0, x0 - pad), max(0, y0 - pad)
        crop = gray[top : min(h, y1 + pad), left : min(w, x1 + pad)]
        shift = np.array([left, top], np.float32)
        candidates = [Candidate(q - shift, p) for p, q in hints.items() if mine(q)]
        known = [Code(c.text, c.corners - shift) for c in nearby]

        def attention_here(quad: np.ndarray) -> str:
            look = attention(quad + shift)
            looked.append((look, quad + shift))
            return look

        found = [
            Code(code.text, code.corners + shift, code.backend)
            for code in self.reader.read(
                crop, candidates, thorough=False, known=known, attention=attention_here
            )
        ]
        return "codes", refine_corners(gray, [code for code in found if mine(code.corners)])

    def _run(self, jobs: list) -> list:
        """Run (function, arguments) jobs on the worker threads, results in the jobs' order."""
        if self.workers < 2 or len(jobs) < 2:
            return [function(*arguments) for function, arguments in jobs]
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="table-decode")
        futures = [self._pool.submit(function, *arguments) for function, arguments in jobs]
        return [future.result() for future in futures]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


def _find_tokens(gray: np.ndarray, box: Box, token_px: float):
    x0, y0, x1, y1 = box
    shift = np.array([x0, y0], np.float32)
    found = detect_tokens(gray[y0:y1, x0:x1], token_px)
    return "markers", [MarkerDetection(m.id, m.corners + shift) for m in found]


def _kept(marker: MarkerDetection, markers: list[MarkerDetection], card_px: float) -> bool:
    """The same token, unchanged and kept already."""
    return any(
        m.id == marker.id and np.linalg.norm(np.subtract(m.center, marker.center)) < card_px / 4
        for m in markers
    )
