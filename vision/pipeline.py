"""From frames to settled table events: calibrate, decode, locate in the layout, track.

`TableWatcher(source, game, players)` is what the dashboard runs in a background thread:
each `step()` reads the newest frame and returns a `WatchStep` (events for the session, an
annotated preview JPEG, the source status, warnings). `recognize(image, game, players)`
does the same for one still image (the `companion recognize` command).

Calibration (image px -> mat mm) comes, in order of preference, from the `calibration`
argument (a 3x3 homography, or an object exposing one), from `set_manual_corners` (the
dashboard's four-click fallback), or from the mat's own ArUco markers seen in the frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import cv2
import numpy as np

from companion.catalogue import load_catalogue
from companion.errors import CompanionError

from .contract import FrameSource, SourceStatus, WatchStep
from .decode import Candidate, CardReader, Code
from .markers import MarkerDetection, detect_markers, homography_from_markers
from .tracker import Detection, Tracker


class CalibrationError(CompanionError):
    pass


def _homography_of(calibration: Any) -> np.ndarray | None:
    """Accept a bare matrix or an object carrying one (calibration.Calibrator results)."""
    if calibration is None:
        return None
    if isinstance(calibration, np.ndarray):
        return calibration.astype(np.float64)
    for name in ("image_to_mat", "homography", "H", "px_to_mm"):
        value = getattr(calibration, name, None)
        if callable(value):
            continue
        if value is not None:
            return np.asarray(value, np.float64)
    raise CalibrationError("calibration must be a 3x3 image->mat homography or carry one "
                           "(attribute image_to_mat or homography)")


@dataclass
class Seen:
    """One frame's worth of recognised pieces (used by recognize and the preview)."""

    detections: list[Detection] = field(default_factory=list)
    codes: list[Code] = field(default_factory=list)
    markers: list[MarkerDetection] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)


class TableWatcher:
    def __init__(self, source: FrameSource | None, game: str, players: int,
                 calibration: Any = None, *, tracker: Tracker | None = None,
                 reader: CardReader | None = None, preview_width: int = 960,
                 recalibrate_every: int = 30):
        from calibration.layouts import load_layout

        self.source = source
        self.layout = load_layout(game, players)
        self.game = self.layout.game
        self.players = players
        self.catalogue = load_catalogue(self.game)
        self.tracker = tracker or Tracker(self.catalogue)
        self.reader = reader or CardReader(min_side_px=36, max_side_px=520)
        self.preview_width = preview_width
        self.recalibrate_every = recalibrate_every
        self._fixed = _homography_of(calibration)
        self._manual: np.ndarray | None = None
        self._auto: np.ndarray | None = None
        self.reprojection_error_mm: float | None = None
        self._frames = 0
        self._hints: dict[str, np.ndarray] = {}  # payload -> last quad (px)
        self._quads: dict[str, np.ndarray] = {}  # track id -> last quad (px)
        self.change_threshold = 14
        self.full_decode_every = 30  # decode fully at least this often even if still
        self.full_decodes_skipped = 0
        self._reference: np.ndarray | None = None
        self._last_seen: Seen | None = None
        self._reused = 0

    # -- calibration ------------------------------------------------------------------------
    @property
    def homography(self) -> np.ndarray | None:
        """Image px -> mat mm, or None before calibration."""
        for matrix in (self._fixed, self._manual, self._auto):
            if matrix is not None:
                return matrix
        return None

    @property
    def calibrated(self) -> bool:
        return self.homography is not None

    def set_manual_corners(self, points_px: Sequence[Sequence[float]]) -> None:
        """Four clicks on the mat's corners (top-left, top-right, bottom-right, bottom-left)."""
        points = np.asarray(points_px, np.float32)
        if points.shape != (4, 2):
            raise CalibrationError("manual calibration needs exactly four [x, y] points: the "
                                   "mat's top-left, top-right, bottom-right, bottom-left corners")
        mat = np.array(self.layout.mat_corners_mm(), np.float32)
        if abs(cv2.contourArea(points)) < 100:
            raise CalibrationError("the four corners are too close together or in a line")
        self._manual = cv2.getPerspectiveTransform(points, mat).astype(np.float64)
        self.reprojection_error_mm = None

    def clear_manual_corners(self) -> None:
        self._manual = None

    def _update_auto(self, markers: list[MarkerDetection]) -> None:
        if self._fixed is not None or self._manual is not None:
            return
        if self._auto is not None and self._frames % self.recalibrate_every:
            return
        found = homography_from_markers(markers, self.layout)
        if found is not None:
            self._auto, self.reprojection_error_mm = found

    # -- per frame --------------------------------------------------------------------------
    def see(self, image: np.ndarray) -> Seen:
        """Decode one image and place every piece in the layout (no tracking)."""
        seen = Seen()
        seen.markers = detect_markers(image)
        self._update_auto(seen.markers)
        hints = [Candidate(q, p) for p, q in self._hints.items()]
        seen.codes = self.reader.read(image, hints)
        matrix = self.homography
        if matrix is None:
            return seen
        centres = [c.center for c in seen.codes]
        tokens = []
        for marker in seen.markers:
            piece = self.catalogue.by_marker(marker.id) if marker.is_token else None
            if piece is not None:
                tokens.append((piece.payload, marker))
        points = np.array(centres + [m.center for _, m in tokens], np.float64)
        if len(points):
            mm = cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        else:
            mm = np.zeros((0, 2))
        for index, code in enumerate(seen.codes):
            seen.detections.append(self._detection(code.text, mm[index], None, seen))
        for offset, (payload, marker) in enumerate(tokens):
            seen.detections.append(self._detection(payload, mm[len(centres) + offset],
                                                   marker.id, seen))
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
        warnings: list[str] = []
        events = []
        if self.homography is None:
            warnings.append("not calibrated: the mat's corner markers are not visible; show "
                            "the whole mat or click its four corners on the dashboard")
        else:
            events = self.tracker.update(seen.detections, t)
            warnings.extend(self.tracker.warnings)
            self._remember_quads(seen)
        preview = self.preview(image, seen) if self.preview_width else None
        status = self.source.status() if self.source is not None else SourceStatus(True)
        return WatchStep(events, preview, status, warnings, self.calibrated,
                         self.reprojection_error_mm)

    def _see_if_changed(self, image: np.ndarray) -> Seen:
        """Full decode only when the picture changed: a still table costs a thumbnail diff.

        Sensor noise averages out in an 8x smaller thumbnail; a hand, a new card or a bump of
        the camera changes it by far more than `change_threshold` grey levels somewhere.
        """
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        thumb = cv2.resize(gray, (gray.shape[1] // 8, gray.shape[0] // 8),
                           interpolation=cv2.INTER_AREA).astype(np.int16)
        reference, last = self._reference, self._last_seen
        if (reference is not None and last is not None and reference.shape == thumb.shape
                and self._reused < self.full_decode_every
                and int(np.abs(thumb - reference).max()) <= self.change_threshold):
            self._reused += 1
            self.full_decodes_skipped += 1
            return last
        seen = self.see(image)
        self._reference, self._last_seen, self._reused = thumb, seen, 0
        return seen

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

    def step(self) -> WatchStep:
        """Read the newest frame and process it; without a new frame, only the status."""
        if self.source is None:
            raise CalibrationError("this watcher has no source; call process(image, t)")
        frame = self.source.read()
        if frame is None:
            status = self.source.status()
            return WatchStep([], None, status, [] if status.online else [status.reason],
                             self.calibrated, self.reprojection_error_mm)
        return self.process(frame.image, frame.t)

    def close(self) -> None:
        if self.source is not None:
            self.source.close()

    # -- preview ----------------------------------------------------------------------------
    def preview(self, image: np.ndarray, seen: Seen) -> bytes:
        canvas = image.copy()
        matrix = self.homography
        if matrix is not None:
            inverse = np.linalg.inv(matrix)
            for region in self.layout.regions:
                colour = (200, 160, 60) if region.kind == "cards" else (120, 200, 200)
                for slot in region.slots:
                    x, y, w, h = slot.rect_mm
                    quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)
                    px = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), inverse)
                    cv2.polylines(canvas, [px.astype(np.int32)], True, colour, 1, cv2.LINE_AA)
        confirmed = {t.payload for t in self.tracker.confirmed()}
        scale = max(1.0, image.shape[1] / 960)
        for code in seen.codes:
            colour = (60, 200, 60) if code.text in confirmed else (0, 200, 255)
            cv2.polylines(canvas, [code.corners.astype(np.int32)], True, colour,
                          max(2, int(2 * scale)), cv2.LINE_AA)
            x, y = code.corners[0]
            cv2.putText(canvas, code.text, (int(x), int(y) - 6), cv2.FONT_HERSHEY_SIMPLEX,
                        0.6 * scale, colour, max(1, int(2 * scale)), cv2.LINE_AA)
        for marker in seen.markers:
            cv2.polylines(canvas, [marker.corners.astype(np.int32)], True, (255, 80, 80), 2)
        if self.preview_width and canvas.shape[1] > self.preview_width:
            factor = self.preview_width / canvas.shape[1]
            canvas = cv2.resize(canvas, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 75])
        return data.tobytes() if ok else b""


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
        entry = {"payload": detection.payload, "region": detection.region,
                 "slot": list(detection.slot) if detection.slot is not None else None,
                 "x_mm": round(detection.x_mm, 1), "y_mm": round(detection.y_mm, 1)}
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
    return {"game": watcher.game, "players": players, "calibrated": watcher.calibrated,
            "reprojection_error_mm": watcher.reprojection_error_mm,
            "cards": sorted(cards, key=key), "tokens": sorted(tokens, key=key),
            "warnings": warnings}
