"""From frames to settled table events: calibrate, decode, locate in the layout, track.

`TableWatcher(source, game, players)` is what the dashboard runs in a background thread:
each `step()` reads the newest frame and returns a `WatchStep` (events for the session, an
annotated preview JPEG, the source status, warnings). `recognize(image, game, players)`
does the same for one still image (the `companion recognize` command).

Calibration (image px -> mat mm): a fixed `calibration` argument (a 3x3 homography or a
calibration result), else calibration's `Calibrator` following the mat's ArUco markers frame
by frame (holding the last good fit while hands cover markers), with `set_manual_corners`
(the dashboard's four-click fallback) when the markers cannot be seen.
"""

from __future__ import annotations

import logging
import os
import pickle
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Sequence

import cv2
import numpy as np

from companion.catalogue import load_catalogue
from companion.errors import CompanionError
from companion.events import FrameEnd

from .contract import FrameSource, SourceStatus, WatchStep
from .decode import Candidate, CardReader, Code, contains
from .markers import MarkerDetection, detect_markers, detect_tokens
from .tracker import Detection, Tracker
from .uncertainty import uncertain_readings

log = logging.getLogger(__name__)


class CalibrationError(CompanionError):
    pass


def _homography_of(calibration: Any) -> np.ndarray | None:
    """A bare 3x3 matrix, or a calibration result carrying one (`.homography`)."""
    if calibration is None:
        return None
    if isinstance(calibration, np.ndarray):
        matrix = calibration.astype(np.float64)
    else:
        matrix = getattr(calibration, "homography", None)
        if matrix is None or callable(matrix):
            raise CalibrationError(
                "calibration must be a Calibrator, a calibration result or a "
                "3x3 image->mat homography"
            )
        matrix = np.asarray(matrix, np.float64)
    if matrix.shape != (3, 3):
        raise CalibrationError(f"a homography is 3x3, not {matrix.shape}")
    return matrix


@dataclass
class Seen:
    """One frame's worth of recognised pieces (used by recognize and the preview)."""

    detections: list[Detection] = field(default_factory=list)
    codes: list[Code] = field(default_factory=list)
    markers: list[MarkerDetection] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)


class TableWatcher:
    def __init__(
        self,
        source: FrameSource | None,
        game: str,
        players: int,
        calibration: Any = None,
        *,
        tracker: Tracker | None = None,
        reader: CardReader | None = None,
        preview_width: int = 960,
        lens: Any = None,
        workers: int | None = None,
    ):
        from calibration.layouts import load_layout

        self.source = source
        # A solved lens (calibration.lens.LensCalibration): frame points are undistorted
        # before the mat homography, so a wide-angle camera is right at the mat's edges too.
        self.lens = lens
        self.layout = load_layout(game, players)
        self.game = self.layout.game
        self.players = players
        self.catalogue = load_catalogue(self.game)
        self.tracker = tracker or Tracker(self.catalogue)
        self.reader = reader or CardReader(min_side_px=36, max_side_px=520)
        self.preview_width = preview_width
        self.preview_every_s = 0.095  # about ten previews a second from a 30 fps camera
        self._preview_t: float | None = None
        # Threads sharing a frame's partial decode (the dashboard's watch thread waits for
        # them): two from four cores up. On two cores the camera's thread (decoding its JPEG
        # frames) and the periodic whole decode need the other core, and one thread costs
        # less CPU per frame (`companion bench vision --motion` prints both).
        self.workers = workers if workers is not None else (2 if (os.cpu_count() or 1) >= 4 else 1)
        self._pool: ThreadPoolExecutor | None = None
        self.frame_wait_s = 0.1
        self.last_frame_index: int | None = None
        self.frames_dropped = 0  # frames the source had that were never processed
        from calibration.calibrate import Calibrator

        if isinstance(calibration, Calibrator):
            self.calibrator: Calibrator | None = calibration
            self._homography = (
                calibration.last_good.homography if calibration.last_good is not None else None
            )
        else:
            self._homography = _homography_of(calibration)
            # No fixed calibration given: follow the mat's markers frame by frame.
            self.calibrator = Calibrator(self.layout) if self._homography is None else None
        self.calibration_warnings: list[str] = []
        self.reprojection_error_mm: float | None = None
        self._frames = 0
        self._hints: dict[str, np.ndarray] = {}  # payload -> last quad (px)
        self._quads: dict[str, np.ndarray] = {}  # track id -> last quad (px)
        self.change_threshold = 14
        self.full_decode_every = 30  # decode fully at least this often even if still
        # ...but wait up to 3x that for a frame without motion: a card only the thorough
        # stages read, uncovered while a hand goes on moving elsewhere, waits at most 3 s.
        self.full_decode_wait = 3
        self.full_decodes_skipped = 0
        self.full_decodes = 0
        self._unchanged = False  # the last frame equalled the one before (see _see_if_changed)
        self.partial_decodes = 0
        self.card_px = 160.0  # a card's size in the frame; updated from the calibration
        self.token_marker_px = 30.0  # a token's marker side in the frame, likewise
        self._reference: np.ndarray | None = None
        self._last_seen: Seen | None = None
        self._reused = 0
        # The periodic whole decode beside the frames (live cameras): the running one as
        # (future, its frame's grey image, its thumbnail).
        self.refresh_in_background = bool(source is not None and hasattr(source, "wait_for_frame"))
        self._refresh: tuple | None = None
        self._whole_thumb: np.ndarray | None = None  # the frame last decoded whole
        self._refresh_pool: ThreadPoolExecutor | None = None
        # ...in a process of its own where it can (see _submit_to_refresh_process).
        self.refresh_in_process = True
        self._refresh_process = None
        self.background_refreshes = 0
        # Outlines (px) tried only briefly last frame because a hand moved over them.
        self._deferred: list[np.ndarray] = []
        # Outlines (px) every quick stage failed on, skipped while their pixels stay the same.
        self._failed: list[np.ndarray] = []
        # Crypt's servant dice: read by vision/dice.py in the dice areas, every frame.
        self.dice = None
        if self.game == "crypt":
            from .dice import DiceWatcher

            self.dice = DiceWatcher(self.layout, ("crypt", "roll", "player", "exhausted"))

    # -- calibration ------------------------------------------------------------------------
    @property
    def homography(self) -> np.ndarray | None:
        """Image px -> mat mm, or None before calibration."""
        return self._homography

    @property
    def calibrated(self) -> bool:
        return self._homography is not None

    @property
    def last_seen(self) -> Seen | None:
        """What the last processed frame showed (before tracking), for diagnostics."""
        return self._last_seen

    def set_manual_corners(
        self, points_px: Sequence[Sequence[float]], frame_size: tuple[int, int] | None = None
    ) -> None:
        """Four clicks on the mat's corners (top-left, top-right, bottom-right, bottom-left),
        for when its markers cannot be seen. Markers seen later refine it."""
        points = self._undistorted(np.asarray(points_px, np.float64))
        if points.shape != (4, 2):
            raise CalibrationError(
                "manual calibration needs exactly four [x, y] points: the "
                "mat's top-left, top-right, bottom-right, bottom-left corners"
            )
        if self.calibrator is None:
            mat = np.array(self.layout.mat_corners_mm(), np.float32)
            self._homography = cv2.getPerspectiveTransform(points.astype(np.float32), mat)
        else:
            result = self.calibrator.manual(points, frame_size)
            if not result.usable:
                raise CalibrationError(result.reason)
            self._homography = result.homography
            self.calibration_warnings = list(result.warnings)
        self.reprojection_error_mm = None
        self._reference = None  # positions from the last decode used the old calibration
        self._after_calibration()

    def _calibrate(self, image: np.ndarray, markers: list[MarkerDetection]) -> None:
        if self.calibrator is None:
            return
        seen = {
            m.id: self._undistorted(m.corners.astype(np.float64)) for m in markers if not m.is_token
        }
        result = self.calibrator.update(image, seen)
        if result.usable and result.homography is not None:
            changed = self._homography is None or not np.allclose(
                result.homography, self._homography
            )
            self._homography = result.homography
            self.reprojection_error_mm = result.error_mm
            self.calibration_warnings = list(result.warnings)
            if changed:
                self._after_calibration()
        else:
            self.calibration_warnings = [result.reason] if result.reason else []

    def _undistorted(self, points: np.ndarray) -> np.ndarray:
        if self.lens is None or not len(points):
            return points
        return self.lens.undistort_points(points).reshape(points.shape)

    def _after_calibration(self) -> None:
        """Remember how big a card and a token's marker look, to size the areas re-decoded
        after a change and the markers searched for there."""
        from calibration.kit.tokens import marker_size_mm

        inverse = np.linalg.inv(self._homography)
        w, h = self.layout.mat_size_mm
        cw, ch = self.layout.card_size_mm
        square = np.array([[w / 2, h / 2], [w / 2 + cw, h / 2], [w / 2, h / 2 + ch]], np.float64)
        px = cv2.perspectiveTransform(square.reshape(-1, 1, 2), inverse).reshape(-1, 2)
        self.card_px = float(max(np.linalg.norm(px[1] - px[0]), np.linalg.norm(px[2] - px[0])))
        self.token_marker_px = self.card_px * marker_size_mm(self.game) / max(cw, ch)

    # -- per frame --------------------------------------------------------------------------
    def see(self, image: np.ndarray) -> Seen:
        """Decode one whole image and place every piece in the layout (no tracking)."""
        self._unchanged = False
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        codes, markers, _, _ = _decode_whole(self.reader, gray, self._hint_candidates())
        self._calibrate(image, markers)
        return self._locate(codes, markers)

    def _hint_candidates(self) -> list[Candidate]:
        """Where the tracker saw each settled card last: candidates even if the finder
        misses one (glare, a partial shadow)."""
        return [Candidate(q, p) for p, q in self._hints.items()]

    def see_changes(
        self,
        gray: np.ndarray,
        boxes: list[tuple[int, int, int, int]],
        last: Seen,
        changed: np.ndarray | None = None,
    ) -> Seen:
        """Re-decode only inside `boxes` (x0, y0, x1, y1 px); keep what lies elsewhere, and
        (given the 8x smaller `changed` mask) every piece whose own pixels did not change:
        a hand moving over the table costs the pieces it covers or uncovers, not its area.

        The QR reads (a wide box split in two strips) and the token searches are independent,
        so they run side by side on `workers` threads (zxing-cpp and OpenCV release the GIL)."""

        def outside(quad: np.ndarray) -> bool:
            cx, cy = quad.mean(axis=0)
            return not any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in boxes)

        def still(quad: np.ndarray) -> bool:
            return changed is not None and _unchanged_cells(changed, quad)

        failed_before = self._failed

        def attention(quad: np.ndarray) -> str:
            """How hard to try an outline (vision.decode.CardReader.read)."""
            if changed is None:
                return "read"
            if not still(quad):
                return "look"  # a hand moving over it: the cheap stages now, all once still
            centre = quad.mean(axis=0)
            if any(contains(before, centre) for before in failed_before):
                return "skip"  # the same pixels as when every quick stage failed on them
            return "read"

        codes = [c for c in last.codes if outside(c.corners) or still(c.corners)]
        kept = {c.text for c in codes}
        markers = [m for m in last.markers if outside(m.corners) or still(m.corners)]
        hints = {p: q for p, q in self._hints.items() if not outside(q) and p not in kept}
        nearby = [c for c in codes if not outside(c.corners)]
        looked: list[tuple[str, np.ndarray]] = []  # (attention, outline px) of each candidate
        jobs = [
            (self._read_strip, (gray, strip, hints, nearby, attention, looked))
            for box in boxes
            for strip in self._strips(box)
        ]
        jobs += [
            (self._find_tokens, (gray, box))
            for box in self._marker_boxes(changed, boxes, gray.shape)
        ]
        for kind, found in self._run(jobs):
            if kind == "codes":
                # Each strip keeps only the codes centred in it, so strips never read the
                # same symbol twice; one text read several times is a card back (shared).
                codes += [c for c in found if not outside(c.corners) and c.text not in kept]
                continue
            for marker in found:
                if outside(marker.corners):
                    continue
                if any(
                    m.id == marker.id
                    and np.linalg.norm(np.subtract(m.center, marker.center)) < self.card_px / 4
                    for m in markers
                ):
                    continue  # the same token, unchanged and kept
                markers.append(marker)
        # Outlines holding no code read: those only looked at briefly because a hand moved
        # over them are tried in full once still (_see_if_changed); those tried in full (or
        # skipped as unchanged) are not tried again while their pixels stay the same.
        unread = [
            (look, quad)
            for look, quad in looked
            if not any(contains(quad, code.center) for code in codes)
        ]
        self._deferred = [quad for look, quad in unread if look == "look"]
        self._failed = [quad for look, quad in unread if look != "look"]
        if any(not m.is_token for m in markers):
            self._calibrate(gray, markers)
        return self._locate(codes, markers)

    def _strips(self, box: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
        """A box wider (or taller) than about three cards, cut in two halves along its longer
        side so two threads share it; each half is decoded with a margin of half a card, so
        every card whose centre lies in a half is wholly in that half's crop."""
        x0, y0, x1, y1 = box
        if self.workers < 2 or max(x1 - x0, y1 - y0) < 3 * self.card_px:
            return [box]
        if x1 - x0 >= y1 - y0:
            middle = (x0 + x1) // 2
            return [(x0, y0, middle, y1), (middle, y0, x1, y1)]
        middle = (y0 + y1) // 2
        return [(x0, y0, x1, middle), (x0, middle, x1, y1)]

    def _read_strip(
        self,
        gray: np.ndarray,
        strip,
        hints: dict[str, np.ndarray],
        nearby: list[Code],
        attention=None,
        looked: list | None = None,
    ) -> tuple[str, list[Code]]:
        """The QR codes whose centre lies in `strip`, read from a crop half a card wider.
        `attention` (frame pixels) is the reader's; each outline it judged is appended to
        `looked` as (attention, outline in frame pixels)."""
        x0, y0, x1, y1 = strip

        def mine(quad: np.ndarray) -> bool:
            cx, cy = quad.mean(axis=0)
            return x0 <= cx <= x1 and y0 <= cy <= y1

        pad = int(self.card_px / 2)  # decode a margin too, so a piece on the edge is whole
        h, w = gray.shape[:2]
        left, top = max(0, x0 - pad), max(0, y0 - pad)
        crop = gray[top : min(h, y1 + pad), left : min(w, x1 + pad)]
        shift = np.array([left, top], np.float32)
        candidates = [Candidate(q - shift, p) for p, q in hints.items() if mine(q)]
        known = [Code(c.text, c.corners - shift) for c in nearby]

        def attention_here(quad: np.ndarray) -> str:
            look = attention(quad + shift) if attention is not None else "read"
            if looked is not None:
                looked.append((look, quad + shift))
            return look

        found = [
            Code(code.text, code.corners + shift, code.backend)
            for code in self.reader.read(
                crop, candidates, thorough=False, known=known, attention=attention_here
            )
        ]
        return "codes", refine_corners(gray, [code for code in found if mine(code.corners)])

    def _find_tokens(self, gray: np.ndarray, box) -> tuple[str, list[MarkerDetection]]:
        x0, y0, x1, y1 = box
        shift = np.array([x0, y0], np.float32)
        found = detect_tokens(gray[y0:y1, x0:x1], self.token_marker_px)
        return "markers", [MarkerDetection(m.id, m.corners + shift) for m in found]

    def _run(self, jobs: list) -> list:
        """Run (function, arguments) jobs on the worker threads, results in the jobs' order."""
        if self.workers < 2 or len(jobs) < 2:
            return [function(*arguments) for function, arguments in jobs]
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="table-decode")
        futures = [self._pool.submit(function, *arguments) for function, arguments in jobs]
        return [future.result() for future in futures]

    def _locate(self, codes: list[Code], markers: list[MarkerDetection]) -> Seen:
        seen = Seen(codes=codes, markers=markers)
        matrix = self.homography
        if matrix is None:
            return seen
        tokens = []
        for marker in seen.markers:
            piece = self.catalogue.by_marker(marker.id) if marker.is_token else None
            if piece is not None:
                tokens.append((piece.payload, marker))
        # A code's place: in the mat plane the symbol is a true square, so its centre is the
        # midpoint of a diagonal there; the diagonal between corners 1 and 3 (top right and
        # bottom left, both on finder patterns) is used, not the estimated fourth corner.
        diagonal = [c.corners[[1, 3]] for c in seen.codes]
        points = np.concatenate(
            [np.asarray(d, np.float64) for d in diagonal]
            + [np.array([m.center for _, m in tokens], np.float64).reshape(-1, 2)]
        )
        points = self._undistorted(points)
        if len(points):
            mm = cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        else:
            mm = np.zeros((0, 2))
        for index, code in enumerate(seen.codes):
            middle = (mm[2 * index] + mm[2 * index + 1]) / 2
            seen.detections.append(self._detection(code.text, middle, None, seen))
        first_token = 2 * len(seen.codes)
        for offset, (payload, marker) in enumerate(tokens):
            seen.detections.append(
                self._detection(payload, mm[first_token + offset], marker.id, seen)
            )
        return seen

    def _detection(self, payload: str, point, marker: int | None, seen: Seen) -> Detection:
        x, y = float(point[0]), float(point[1])
        located = self.layout.locate(x, y)
        region, slot = located if located else (None, None)
        if located is None:
            seen.unplaced.append(payload)
        return Detection(payload, x, y, region, tuple(slot) if slot is not None else None, marker)

    def process(self, image: np.ndarray, t: float) -> WatchStep:
        """Run one frame through decode, regions and tracker (sources call this via step)."""
        self._frames += 1
        seen = self._see_if_changed(image)
        warnings: list[str] = list(self.calibration_warnings)
        events = []
        if self.homography is None:
            warnings.append(
                "not calibrated: the mat's corner markers are not visible; show "
                "the whole mat or click its four corners on the dashboard"
            )
        else:
            events = self._with_dice(self.tracker.update(seen.detections, t), image, t)
            warnings.extend(self.tracker.warnings)
            self._remember_quads(seen)
        preview = None
        # At most `preview_every_s` apart in frame time: the dashboard's picture needs no
        # 30 fps, and each costs about 3 ms of the frame (shrink, outlines, JPEG).
        if self.preview_width and (
            self._preview_t is None
            or t < self._preview_t
            or t - self._preview_t >= self.preview_every_s
        ):
            preview, self._preview_t = self.preview(image, seen), t
        status = self.source.status() if self.source is not None else SourceStatus(True)
        return WatchStep(
            events,
            preview,
            status,
            warnings,
            self.calibrated,
            self.reprojection_error_mm,
            decoding=self.decoding_counts(),
            uncertain=uncertain_readings(self.tracker, t) if self.homography is not None else [],
        )

    def decoding_counts(self) -> dict:
        """Since this watcher started: frames seen and how each was decoded (the whole
        picture, only the part that changed, or not at all because nothing changed), and for
        every pass of the card reader (vision.decode.CardReader stages, in the order they
        run) the symbols it tried, read and the milliseconds it spent."""
        frames = self._frames
        return {
            "frames": frames,
            "whole": frames - self.partial_decodes - self.full_decodes_skipped,
            "changed_part": self.partial_decodes,
            "unchanged": self.full_decodes_skipped,
            "whole_in_background": self.background_refreshes,
            "passes": [
                {"pass": name, "read": read, "tried": tried, "ms": round(ms, 1)}
                for name, (read, tried, ms) in self.reader.stats.items()
            ],
            "codes_last_frame": len(self._last_seen.codes) if self._last_seen else 0,
        }

    def _with_dice(self, events: list, image: np.ndarray, t: float) -> list:
        """Add the dice's events (kind "die") before the frame's end; FrameEnd lists them alive."""
        if self.dice is None:
            return events
        # A frame the thumbnail test found unchanged has the same dice: no recount of pips.
        dice = self.dice.update(image, self.homography, t, unchanged=self._unchanged)
        cards = [e for e in events if not isinstance(e, FrameEnd)]
        if not (cards or dice or len(cards) < len(events)):
            return events
        alive = frozenset(self.tracker.alive()) | frozenset(self.dice.alive())
        return cards + dice + [FrameEnd(alive, t)]

    def _see_if_changed(self, image: np.ndarray) -> Seen:
        """Decode only what changed: a still table costs a thumbnail diff, a hand moving over
        one museum costs a decode of that part of the frame.

        Sensor noise averages out in an 8x smaller thumbnail; a hand, a new card or a bump of
        the camera changes it by far more than `change_threshold` grey levels. Every
        `full_decode_every` frames the whole frame is decoded anyway (with every stage of the
        reader, for what the quick looks at changed parts miss). That costs several frame
        periods, so from a live camera (`refresh_in_background`) it runs beside the frames,
        in a process of its own, and what it finds is added to a later frame where its
        pixels have not changed since (`_take_refresh`). Otherwise it runs on the next frame
        in which nothing changed (while a hand moves, every frame is needed for it), and
        after `full_decode_every * full_decode_wait` frames of motion it goes ahead anyway.
        """
        self._unchanged = False
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        thumb = cv2.resize(
            gray, (gray.shape[1] // 8, gray.shape[0] // 8), interpolation=cv2.INTER_AREA
        ).astype(np.int16)
        self._take_refresh(thumb)
        reference, last = self._reference, self._last_seen
        due = self._reused >= self.full_decode_every
        # (Beside the frames, a whole decode never needs forcing in line: one still under
        # way on a starved core is only late.)
        comparable = (
            reference is not None
            and last is not None
            and reference.shape == thumb.shape
            and (
                self.refresh_in_background
                or self._reused < self.full_decode_every * self.full_decode_wait
            )
        )
        if comparable:
            changed = self._changed_cells(thumb, reference).astype(np.uint8)
            share = float(changed.mean())
            if due and self._same_as_last_whole_decode(thumb):
                self._reused, due = 0, False  # its very pixels were decoded whole already
            overdue = self._reused >= self.full_decode_every * (self.full_decode_wait - 1)
            if due and self.refresh_in_background:
                if self._refresh is not None:
                    due = False  # one is under way
                elif share == 0 or overdue:
                    due = not self._start_refresh(gray, thumb, changed)
            if share == 0 and not due and not self._deferred:
                self._reused += 1
                self.full_decodes_skipped += 1
                self._unchanged = True
                return last
            if 0 < share < 0.35 or (share == 0 and not due):
                boxes = self._changed_boxes(changed, gray.shape) if share else []
                boxes += self._boxes_of_deferred(boxes, gray.shape)
                seen = self.see_changes(gray, boxes, last, changed)
                self._reused += 1
                self.partial_decodes += 1
                self._reference, self._last_seen = thumb, seen
                return seen
        seen = self.see(image)
        self._deferred, self._failed = [], []
        self.full_decodes += 1
        self._reference, self._last_seen, self._reused = thumb, seen, 0
        self._whole_thumb = thumb
        self._refresh = None  # a background decode of an older frame has nothing to add
        return seen

    def _same_as_last_whole_decode(self, thumb: np.ndarray) -> bool:
        """No thumbnail cell changed since the last whole decode (in line or beside)."""
        before = self._whole_thumb
        return (
            before is not None
            and before.shape == thumb.shape
            and not self._changed_cells(thumb, before).any()
        )

    def _changed_cells(self, thumb: np.ndarray, before: np.ndarray) -> np.ndarray:
        """Thumbnail cells that changed by more than sensor noise between two frames."""
        return np.abs(thumb - before) > self.change_threshold

    # -- the periodic whole decode beside the frames ---------------------------------------
    def _start_refresh(self, gray: np.ndarray, thumb: np.ndarray, changed: np.ndarray) -> bool:
        """Decode the whole of this frame in the refresh process (or thread); False if one
        still runs. Where a hand moves in this frame (`changed`, the thumbnail's changed
        cells) the reader looks only briefly: the frames' partial decodes follow the hand."""
        if self._refresh is not None:
            return False
        hints = self._hint_candidates()
        future = self._submit_to_refresh_process(gray, hints, changed)
        if future is None:
            if self._refresh_pool is None:
                self._refresh_pool = ThreadPoolExecutor(
                    1, thread_name_prefix="table-refresh", initializer=_yield_the_cpu
                )
            future = self._refresh_pool.submit(_decode_whole, self.reader, gray, hints, changed)
        self._refresh = (future, gray, thumb)
        self._reused, self._whole_thumb = 0, thumb
        return True

    def _submit_to_refresh_process(self, gray, hints, changed):
        """The whole decode in a process of its own: on a thread it held Python's global
        lock for long stretches, and the frames processed meanwhile took 50 % longer (all
        the frames dropped on a quiet machine fell there). None where no process can be
        used (`refresh_in_process` off, or a reader that cannot be sent to one, or the
        process failed): a thread then."""
        if not self.refresh_in_process:
            return None
        try:
            if self._refresh_process is None:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                pickle.dumps(self.reader)  # a reader class made inside a function cannot go
                self._refresh_process = ProcessPoolExecutor(
                    1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_refresh_process,
                    initargs=(self.reader,),
                )
            return self._refresh_process.submit(_decode_whole_in_process, gray, hints, changed)
        except Exception as exc:  # noqa: BLE001 - a thread does the same work
            log.warning("the whole decode runs on a thread, not in a process: %s", exc)
            self.refresh_in_process = False
            self._stop_refresh_process()
            return None

    def _stop_refresh_process(self) -> None:
        if self._refresh_process is not None:
            self._refresh_process.shutdown(wait=True, cancel_futures=True)
            self._refresh_process = None

    def _take_refresh(self, thumb: np.ndarray) -> None:
        """Once the background decode is done: add what it read and the last frame lacks,
        where the pixels have not changed since its frame (a card moved since is not put
        back where it was)."""
        if self._refresh is None or not self._refresh[0].done():
            return
        (future, gray, then), self._refresh = self._refresh, None
        try:
            codes, markers, stats, symbol_side = future.result()
        except Exception as exc:  # noqa: BLE001 - a failed refresh loses nothing; the next runs
            log.warning("a whole decode beside the frames failed: %s", exc)
            return
        if stats is not None:  # counted in the refresh process: the camera check shows them
            for stage, (read, tried, ms) in stats.items():
                tally = self.reader.stats.setdefault(stage, [0, 0, 0.0])
                tally[0], tally[1], tally[2] = tally[0] + read, tally[1] + tried, tally[2] + ms
            self.reader.symbol_side = symbol_side or self.reader.symbol_side
        last = self._last_seen
        if last is None or then.shape != thumb.shape:
            return
        changed = self._changed_cells(thumb, then)

        def unchanged(quad: np.ndarray) -> bool:
            return _unchanged_cells(changed, quad)

        def near(a, b, distance: float) -> bool:
            return bool(np.linalg.norm(np.subtract(a, b)) < distance)

        new_codes = [
            c
            for c in codes
            if unchanged(c.corners)
            and not any(
                near(c.center, k.center, 0.5 * max(c.size_px, k.size_px)) for k in last.codes
            )
        ]
        new_markers = [
            m
            for m in markers
            if unchanged(m.corners)
            and not any(
                k.id == m.id and near(m.center, k.center, self.card_px / 4) for k in last.markers
            )
        ]
        self.background_refreshes += 1
        if not new_codes and not new_markers:
            return
        all_markers = last.markers + new_markers
        if any(not m.is_token for m in new_markers):
            self._calibrate(gray, all_markers)
        self._last_seen = self._locate(last.codes + new_codes, all_markers)

    def _marker_boxes(self, changed: np.ndarray | None, boxes, shape):
        """Where to look for tokens again: the changed pixels grown by about a token (tokens
        are small, so this is far less than the card-sized boxes)."""
        if changed is None:
            pad = int(self.card_px / 2)
            h, w = shape[:2]
            return [
                (max(0, x0 - pad), max(0, y0 - pad), min(w, x1 + pad), min(h, y1 + pad))
                for x0, y0, x1, y1 in boxes
            ]
        return self._changed_boxes(changed, shape, grow_px=self.card_px / 3)

    def _changed_boxes(
        self, changed: np.ndarray, shape, grow_px: float | None = None
    ) -> list[tuple[int, int, int, int]]:
        """Changed thumbnail cells grown by about a card, as frame-pixel boxes."""
        grow = (
            2
            * max(
                3 if grow_px is None else 1, int((self.card_px if grow_px is None else grow_px) / 8)
            )
            + 1
        )
        grown = cv2.dilate(changed, np.ones((grow, grow), np.uint8))
        count, _, stats, _ = cv2.connectedComponentsWithStats(grown)
        boxes = []
        h, w = shape[:2]
        for index in range(1, count):
            x, y, bw, bh, _ = stats[index]
            boxes.append((max(0, x * 8), max(0, y * 8), min(w, (x + bw) * 8), min(h, (y + bh) * 8)))
        return boxes

    def _boxes_of_deferred(self, boxes, shape) -> list[tuple[int, int, int, int]]:
        """Boxes (frame px) around the outlines last tried only briefly under a moving hand,
        where no box of this frame covers them: tried in full now that they are still."""
        h, w = shape[:2]
        pad = self.card_px / 4
        extra = []
        for quad in self._deferred:
            cx, cy = quad.mean(axis=0)
            if any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in boxes + extra):
                continue
            (x0, y0), (x1, y1) = quad.min(axis=0) - pad, quad.max(axis=0) + pad
            extra.append(
                (max(0, int(x0)), max(0, int(y0)), min(w, int(x1) + 1), min(h, int(y1) + 1))
            )
        return extra

    def _remember_quads(self, seen: Seen) -> None:
        by_payload = {c.text: c.corners for c in seen.codes}
        quads = {}
        for track in self.tracker.confirmed():
            quad = by_payload.get(track.payload)
            if quad is None:
                quad = self._quads.get(track.track_id)
            if quad is not None:
                quads[track.track_id] = quad
        self._quads = quads
        # Next frame, look first where settled cards were (a second pass even if the
        # texture finder misses one under glare or partial shadow).
        self._hints = {self.tracker.tracks[tid].payload: q for tid, q in quads.items()}

    @property
    def waits_for_frames(self) -> bool:
        """True when `step()` itself waits for the camera's next frame (a live camera), so
        whoever calls it in a loop needs no pause of its own between frames."""
        return hasattr(self.source, "wait_for_frame")

    def step(self) -> WatchStep:
        """Process the newest frame; without a new frame, only the status.

        From a live camera, waits up to `frame_wait_s` for the next frame first. The camera's
        own thread only grabs frames and keeps the newest; this (the caller's) thread does
        the decoding, so when a frame takes longer than the camera's period the frames in
        between are dropped, never queued (`frames_dropped` counts them)."""
        if self.source is None:
            raise CalibrationError("this watcher has no source; call process(image, t)")
        if self.waits_for_frames:
            self.source.wait_for_frame(self.frame_wait_s)
        frame = self.source.read()
        if frame is None:
            status = self.source.status()
            return WatchStep(
                [],
                None,
                status,
                [] if status.online else [status.reason],
                self.calibrated,
                self.reprojection_error_mm,
            )
        if self.last_frame_index is not None and frame.index > self.last_frame_index + 1:
            self.frames_dropped += frame.index - self.last_frame_index - 1
        self.last_frame_index = frame.index
        return self.process(frame.image, frame.t)

    def close(self) -> None:
        if self.source is not None:
            self.source.close()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        if self._refresh_pool is not None:
            self._refresh_pool.shutdown(wait=True)
            self._refresh_pool = None
        self._stop_refresh_process()
        self._refresh = None

    # -- preview ----------------------------------------------------------------------------
    def preview(self, image: np.ndarray, seen: Seen) -> bytes:
        """The frame, shrunk to `preview_width`, with the slot grid, card outlines and
        payloads (green: settled, orange: read but not settled yet) and token markers."""
        factor = min(1.0, (self.preview_width or image.shape[1]) / image.shape[1])
        canvas = (
            cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
            if factor < 1
            else image.copy()
        )
        matrix = self.homography
        if matrix is not None:
            to_canvas = np.diag([factor, factor, 1.0]) @ np.linalg.inv(matrix)
            for region in self.layout.regions:
                colour = (200, 160, 60) if region.kind == "cards" else (120, 200, 200)
                quads = []
                for slot in region.slots:
                    x, y, w, h = slot.rect_mm
                    quads.append([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
                if quads:
                    px = cv2.perspectiveTransform(
                        np.array(quads, np.float64).reshape(-1, 1, 2), to_canvas
                    ).reshape(-1, 4, 2)
                    cv2.polylines(canvas, list(px.astype(np.int32)), True, colour, 1, cv2.LINE_AA)
        confirmed = {t.payload for t in self.tracker.confirmed()}
        for code in seen.codes:
            colour = (60, 200, 60) if code.text in confirmed else (0, 170, 255)
            corners = code.corners * factor
            cv2.polylines(canvas, [corners.astype(np.int32)], True, colour, 2, cv2.LINE_AA)
            x, y = corners[0]
            cv2.putText(
                canvas,
                code.text,
                (int(x), int(y) - 4),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                colour,
                1,
                cv2.LINE_AA,
            )
        for marker in seen.markers:
            cv2.polylines(
                canvas, [(marker.corners * factor).astype(np.int32)], True, (255, 80, 80), 1
            )
        ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 75])
        return data.tobytes() if ok else b""


def _decode_whole(
    reader: CardReader, gray: np.ndarray, hints: list[Candidate], changed: np.ndarray | None = None
):
    """The whole decode (codes, markers, stats and symbol size when counted apart): every
    stage of the reader, a brief look only where `changed` (thumbnail cells), given, moved."""

    def attention(quad: np.ndarray) -> str:
        return "read" if _unchanged_cells(changed, quad) else "look"

    markers = detect_markers(gray)
    codes = refine_corners(
        gray, reader.read(gray, hints, attention=None if changed is None else attention)
    )
    return codes, markers, None, None


_process_reader: CardReader | None = None  # the refresh process's own copy of the reader


def _start_refresh_process(reader: CardReader) -> None:
    global _process_reader
    _process_reader = reader
    _yield_the_cpu()
    # A watcher whose program is killed (kill -9, a crash) never shuts this process down:
    # it ends itself when its parent is gone, rather than wait for work forever.
    import multiprocessing.connection

    parent = multiprocessing.parent_process()
    if parent is not None:

        def end_with_parent() -> None:
            multiprocessing.connection.wait([parent.sentinel])
            os._exit(0)

        threading.Thread(target=end_with_parent, name="end-with-parent", daemon=True).start()


def _decode_whole_in_process(gray: np.ndarray, hints: list[Candidate], changed: np.ndarray):
    reader = _process_reader
    reader.stats = {}  # this decode's counts go back with its result
    codes, markers, _, _ = _decode_whole(reader, gray, hints, changed)
    return codes, markers, reader.stats, reader.symbol_side


def _yield_the_cpu() -> None:
    """Lowest scheduling priority for the calling thread (Linux: a thread's own nice value),
    so the periodic whole decode takes only CPU that the frames and the camera leave over."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):  # not Linux, or not allowed: the same priority then
        pass


def _unchanged_cells(changed: np.ndarray, quad: np.ndarray) -> bool:
    """No changed cell of the 8x smaller thumbnail mask under `quad` (frame px)."""
    x0, y0 = np.maximum(np.floor(quad.min(axis=0) / 8).astype(int), 0)
    x1, y1 = np.ceil(quad.max(axis=0) / 8).astype(int) + 1
    return not changed[y0:y1, x0:x1].any()


def refine_corners(gray: np.ndarray, codes: list[Code]) -> list[Code]:
    """Codes with corners 1 and 3 (top right and bottom left: outer corners of finder
    patterns) refined to sub-pixel on the frame, since the decoders place them to about a
    pixel, a millimetre on a webcam's view of the mat. A corner that moves by more than a
    module (another corner nearby, a smear) keeps the decoder's place."""
    if not codes:
        return codes
    refined = []
    h, w = gray.shape[:2]
    for code in codes:
        module = code.size_px / 21  # a version-1 symbol: the largest module a card can have
        window = max(2, int(round(0.7 * module)))
        corners = np.asarray(code.corners, np.float32).copy()
        points = corners[[1, 3]].reshape(-1, 1, 2).copy()
        inside = (
            (points[:, 0, 0] > window + 1)
            & (points[:, 0, 0] < w - window - 2)
            & (points[:, 0, 1] > window + 1)
            & (points[:, 0, 1] < h - window - 2)
        ).all()
        if inside:
            better = cv2.cornerSubPix(gray, points, (window, window), (-1, -1), _SUBPIX_STOP)
            better = better.reshape(-1, 2)
            moved = np.linalg.norm(better - corners[[1, 3]], axis=1)
            keep = moved <= module
            corners[[1, 3]] = np.where(keep[:, None], better, corners[[1, 3]])
        refined.append(Code(code.text, corners, code.backend, code.raw))
    return refined


_SUBPIX_STOP = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 30, 0.01)


# -- one still image ------------------------------------------------------------------------


def recognize(image: np.ndarray, game: str, players: int, calibration: Any = None) -> dict:
    """The table state in one image: cards by region and slot, tokens, warnings."""
    watcher = TableWatcher(None, game, players, calibration, preview_width=0)
    seen = watcher.see(image)
    warnings: list[str] = []
    if watcher.homography is None:
        warnings.append("not calibrated: no mat markers found in the image")
    cards, tokens, placed = [], [], {}
    for detection in seen.detections:
        piece = watcher.catalogue.get(detection.payload)
        if piece is None:
            warnings.append(f"unknown code {detection.payload}: not a {watcher.game} card")
            continue
        entry = {
            "payload": detection.payload,
            "region": detection.region,
            "slot": list(detection.slot) if detection.slot is not None else None,
            "x_mm": round(detection.x_mm, 1),
            "y_mm": round(detection.y_mm, 1),
        }
        if piece.kind == "token":
            tokens.append(entry)
            continue
        entry["face_down"] = piece.kind == "back"
        if detection.payload in placed and piece.kind != "back":
            warnings.append(f"duplicate print: {detection.payload} appears twice")
            continue
        placed[detection.payload] = entry
        cards.append(entry)
    for code in seen.codes:
        if watcher.homography is None:
            cards.append({"payload": code.text, "region": None, "slot": None})
    key = lambda e: (e["region"] or "~", e["slot"] or [], e["payload"])  # noqa: E731
    return {
        "game": watcher.game,
        "players": players,
        "calibrated": watcher.calibrated,
        "reprojection_error_mm": watcher.reprojection_error_mm,
        "cards": sorted(cards, key=key),
        "tokens": sorted(tokens, key=key),
        "warnings": warnings,
    }
