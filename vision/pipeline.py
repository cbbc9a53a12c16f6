"""From frames to settled table events: calibrate, decode, locate in the layout, track.

`TableWatcher(source, game, players)` is what the dashboard runs in a background thread:
each `step()` reads the newest frame and returns a `WatchStep` (events for the session, an
annotated preview JPEG, the source status, warnings). `vision.still.recognize(image, game,
players)` does the same for one still image (the `companion recognize` command).

The watcher puts together: its settings (`vision.settings.WatcherSettings`), where pieces
lie on the mat (`vision.mat.MatView`: calibration, lens, layout), what changed since the
last decode (`vision.changes`), the decode of only the changed part (`vision.partial`), the
periodic whole decode beside the frames (`vision.refresh`), the preview (`vision.preview`)
and the tracker (`vision.tracker`).
"""

from __future__ import annotations

from typing import Any, Sequence

import cv2
import numpy as np

from calibration.layouts import load_layout
from companion.catalogue import load_catalogue
from companion.events import FrameEnd

from .changes import ChangeDetector, boxes_around, changed_boxes
from .contract import FrameSource, SourceStatus, WatchStep
from .dice_watch import DiceWatcher
from .finder import Candidate
from .mat import CalibrationError, MatView, Seen
from .overlay import preview_and_picture, settled_and_nameable
from .partial import PartialDecoder
from .preview import Preview
from .reader import CardReader
from .refresh import WholeDecodeRefresher, decode_whole, new_pieces
from .settings import WatcherSettings
from .tracker import Tracker
from .uncertainty import uncertain_readings


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
        lens: Any = None,
        settings: WatcherSettings | None = None,
        **options: Any,
    ):
        """`settings`, and any of its fields as keyword `options` (`preview_width=0`),
        checked: an unknown or out-of-range one raises vision.settings.SettingsError.
        `lens`: a solved lens (calibration.lens.LensCalibration), undistorting frame points
        before the mat homography."""
        self.settings = WatcherSettings.make(settings, **options)
        self.source = source
        self.layout = load_layout(game, players)
        self.game = self.layout.game
        self.players = players
        self.catalogue = load_catalogue(self.game)
        self.tracker = tracker or Tracker(self.catalogue)
        self.reader = reader or CardReader(
            min_side_px=self.settings.min_symbol_px, max_side_px=self.settings.max_symbol_px
        )
        self.mat = MatView(self.layout, self.catalogue, calibration, lens)
        self.changes = ChangeDetector(self.settings.change_threshold)
        self.partial = PartialDecoder(self.reader, self.settings.decode_workers())
        self.refresher = WholeDecodeRefresher(self.reader, self.settings.refresh_in_process)
        beside = self.settings.refresh_beside
        self.refresh_beside = self.waits_for_frames if beside is None else beside
        self.previews = Preview(self.settings.preview_width, self.settings.preview_every_s)
        # Crypt's servant dice: read by vision/dice.py in the dice areas, every frame.
        self.dice = (
            DiceWatcher(self.layout, ("crypt", "roll", "player", "exhausted"))
            if self.game == "crypt"
            else None
        )
        self.last_frame_index: int | None = None
        self.last_image: np.ndarray | None = None  # the newest frame whole (the pack-up check)
        self.frames_dropped = 0  # frames the source had that were never processed
        # How frames were decoded (decoding_counts).
        self._frames = self.full_decodes = self.partial_decodes = 0
        self.full_decodes_skipped = self.background_refreshes = 0
        self._reused = 0  # frames since the last whole decode
        self._unchanged = False  # the last frame equalled the one before (see _see_if_changed)
        self._last_seen: Seen | None = None
        self._hints: dict[str, np.ndarray] = {}  # payload -> last quad (px)
        self._quads: dict[str, np.ndarray] = {}  # track id -> last quad (px)

    # -- calibration ------------------------------------------------------------------------
    @property
    def homography(self) -> np.ndarray | None:
        """Image px -> mat mm, or None before calibration."""
        return self.mat.homography

    @property
    def calibrated(self) -> bool:
        return self.mat.homography is not None

    @property
    def reprojection_error_mm(self) -> float | None:
        return self.mat.reprojection_error_mm

    @property
    def lens(self) -> Any:
        return self.mat.lens

    @property
    def token_marker_px(self) -> float:
        return self.mat.token_marker_px

    @property
    def last_seen(self) -> Seen | None:
        """What the last processed frame showed (before tracking), for diagnostics."""
        return self._last_seen

    def set_manual_corners(
        self, points_px: Sequence[Sequence[float]], frame_size: tuple[int, int] | None = None
    ) -> None:
        """Four clicks on the mat's corners (top-left, top-right, bottom-right, bottom-left),
        for when its markers cannot be seen. Markers seen later refine it."""
        self.mat.set_manual_corners(points_px, frame_size)
        self.changes.reference = None  # positions from the last decode used the old calibration

    # -- per frame --------------------------------------------------------------------------
    def see(self, image: np.ndarray) -> Seen:
        """Decode one whole image and place every piece in the layout (no tracking)."""
        self._unchanged = False
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        codes, markers, _, _ = decode_whole(self.reader, gray, self._hint_candidates())
        self.mat.update(image, markers)
        return self.mat.locate(codes, markers)

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
        (given the 8x smaller `changed` mask) every piece whose own pixels did not change
        (vision.partial)."""
        codes, markers = self.partial.decode(
            gray,
            boxes,
            last.codes,
            last.markers,
            self._hints,
            changed,
            self.mat.card_px,
            self.mat.token_marker_px,
        )
        if any(not m.is_token for m in markers):
            self.mat.update(gray, markers)
        return self.mat.locate(codes, markers)

    def process(self, image: np.ndarray, t: float) -> WatchStep:
        """Run one frame through decode, regions and tracker (sources call this via step)."""
        self._frames += 1
        self.last_image = image
        seen = self._see_if_changed(image)
        warnings: list[str] = list(self.mat.warnings)
        events = []
        homography = self.homography
        if homography is None:
            warnings.append(
                "not calibrated: the mat's corner markers are not visible; show "
                "the whole mat or click its four corners on the dashboard"
            )
        else:
            card_events = self.tracker.update(seen.detections, t)
            events = self._with_dice(card_events, image, homography, t)
            warnings.extend(self.tracker.warnings)
            self._remember_quads(seen)
        preview, picture = (
            preview_and_picture(self, image, seen) if self.previews.due(t) else (None, None)
        )
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
            picture=picture,
        )

    def decoding_counts(self) -> dict:
        """Since this watcher started: frames seen and how each was decoded (the whole
        picture, only the part that changed, or not at all because nothing changed), and for
        every pass of the card reader (vision.reader.CardReader stages, in the order they
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

    def _with_dice(self, events: list, image: np.ndarray, homography: np.ndarray, t: float) -> list:
        """Add the dice's events (kind "die") before the frame's end; FrameEnd lists them alive."""
        if self.dice is None:
            return events
        # A frame the thumbnail test found unchanged has the same dice: no recount of pips.
        dice = self.dice.update(image, homography, t, unchanged=self._unchanged)
        cards = [e for e in events if not isinstance(e, FrameEnd)]
        if not (cards or dice or len(cards) < len(events)):
            return events
        alive = frozenset(self.tracker.alive()) | frozenset(self.dice.alive())
        return cards + dice + [FrameEnd(alive, t)]

    def _see_if_changed(self, image: np.ndarray) -> Seen:
        """Decode only what changed: a still table costs a thumbnail diff, a hand moving over
        one museum costs a decode of that part of the frame (vision.changes).

        Every `full_decode_every` frames the whole frame is decoded anyway (with every stage
        of the reader, for what the quick looks at changed parts miss). That costs several
        frame periods, so from a live camera (`refresh_beside`) it runs beside the frames, in
        a process of its own, and what it finds is added to a later frame where its pixels
        have not changed since (`_take_refresh`). Otherwise it runs on the next frame in
        which nothing changed (while a hand moves, every frame is needed for it), and after
        `full_decode_every * full_decode_wait` frames of motion it goes ahead anyway.
        """
        self._unchanged = False
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        thumb = self.changes.thumbnail(gray)
        self._take_refresh(thumb)
        every, wait = self.settings.full_decode_every, self.settings.full_decode_wait
        # (Beside the frames, a whole decode never needs forcing in line: one still under
        # way on a starved core is only late.)
        if (
            self.changes.comparable(thumb)
            and self._last_seen is not None
            and (self.refresh_beside or self._reused < every * wait)
        ):
            seen = self._see_part(gray, thumb)
            if seen is not None:
                return seen
        seen = self.see(image)
        self.partial.forget()
        self.full_decodes += 1
        self.changes.reference, self._last_seen, self._reused = thumb, seen, 0
        self.changes.whole = thumb
        self.refresher.job = None  # a background decode of an older frame has nothing to add
        return seen

    def _see_part(self, gray: np.ndarray, thumb: np.ndarray) -> Seen | None:
        """The last frame's pieces again (nothing changed), or a decode of the part that
        changed; None when the whole frame is to be decoded in line."""
        every, wait = self.settings.full_decode_every, self.settings.full_decode_wait
        last, reference = self._last_seen, self.changes.reference
        # Called only once a frame was seen and the thumbnails are comparable.
        assert last is not None and reference is not None
        changed = self.changes.changed(thumb, reference).astype(np.uint8)
        share = float(changed.mean())
        due = self._reused >= every
        if due and self.changes.same_as_whole(thumb):
            self._reused, due = 0, False  # its very pixels were decoded whole already
        overdue = self._reused >= every * (wait - 1)
        if due and self.refresh_beside:
            if self.refresher.job is not None:
                due = False  # one is under way
            elif share == 0 or overdue:
                due = not self._start_refresh(gray, thumb, changed)
        if share == 0 and not due and not self.partial.deferred:
            self._reused += 1
            self.full_decodes_skipped += 1
            self._unchanged = True
            return last
        if not (0 < share < self.settings.partial_share or (share == 0 and not due)):
            return None
        card_px = self.mat.card_px
        boxes = changed_boxes(changed, gray.shape, card_px) if share else []
        boxes += boxes_around(self.partial.deferred, boxes, gray.shape, card_px)
        seen = self.see_changes(gray, boxes, last, changed)
        self._reused += 1
        self.partial_decodes += 1
        self.changes.reference, self._last_seen = thumb, seen
        return seen

    # -- the periodic whole decode beside the frames ---------------------------------------
    def _start_refresh(self, gray: np.ndarray, thumb: np.ndarray, changed: np.ndarray) -> bool:
        """Decode the whole of this frame beside the frames (vision.refresh); False if one
        still runs."""
        if not self.refresher.start(gray, thumb, self._hint_candidates(), changed):
            return False
        self._reused, self.changes.whole = 0, thumb
        return True

    def _take_refresh(self, thumb: np.ndarray) -> None:
        """Once the background decode is done: add what it read and the last frame lacks,
        where the pixels have not changed since its frame (a card moved since is not put
        back where it was)."""
        taken = self.refresher.take()
        last = self._last_seen
        if taken is None or last is None or taken[0].thumb.shape != thumb.shape:
            return
        job, codes, markers = taken
        changed = self.changes.changed(thumb, job.thumb)
        new_codes, new_markers = new_pieces(
            codes, markers, last.codes, last.markers, changed, self.mat.card_px
        )
        self.background_refreshes += 1
        if not new_codes and not new_markers:
            return
        all_markers = last.markers + new_markers
        if any(not m.is_token for m in new_markers):
            self.mat.update(job.gray, all_markers)
        self._last_seen = self.mat.locate(last.codes + new_codes, all_markers)

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
        wait_for_frame = getattr(self.source, "wait_for_frame", None)  # see waits_for_frames
        if wait_for_frame is not None:
            wait_for_frame(self.settings.frame_wait_s)
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
        self.partial.close()
        self.refresher.close()

    def preview(self, image: np.ndarray, seen: Seen) -> bytes:
        """The frame, shrunk to `preview_width`, with the slot grid, card outlines and
        payloads (green: settled, orange: read but not settled yet) and token markers."""
        return self.previews.draw(
            image,
            seen.codes,
            seen.markers,
            self.layout,
            self.homography,
            *settled_and_nameable(self),
        )
