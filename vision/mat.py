"""Where the frame's pieces lie on the mat: the calibration followed frame by frame, and each
code or token placed in the layout's regions and slots.

Calibration (image px -> mat mm): a fixed `calibration` (a 3x3 homography or a calibration
result), else calibration's `Calibrator` following the mat's ArUco markers frame by frame
(holding the last good fit while hands cover markers), with `set_manual_corners` (the
dashboard's four-click fallback) when the markers cannot be seen. A solved lens undistorts
every frame point before the homography, so a wide-angle camera is right at the edges too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import cv2
import numpy as np

from calibration.calibrate import Calibrator
from calibration.kit.tokens import marker_size_mm
from companion.errors import CompanionError

from .codes import Code
from .markers import MarkerDetection
from .tracker import Detection

CARD_PX = 160.0  # a card's size in the frame until a calibration says
TOKEN_MARKER_PX = 30.0  # a token's marker side in the frame, likewise


class CalibrationError(CompanionError):
    pass


@dataclass
class Seen:
    """One frame's worth of recognised pieces (used by recognize and the preview)."""

    detections: list[Detection] = field(default_factory=list)
    codes: list[Code] = field(default_factory=list)
    markers: list[MarkerDetection] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)


def homography_of(calibration: Any) -> np.ndarray | None:
    """A bare 3x3 matrix, or a calibration result carrying one (`.homography`)."""
    if calibration is None:
        return None
    matrix: np.ndarray | None
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


class MatView:
    """The frame <-> mat relation of one camera: homography, lens, and how big a card and a
    token's marker look (to size the areas decoded again after a change)."""

    def __init__(self, layout, catalogue, calibration: Any = None, lens: Any = None):
        self.layout = layout
        self.catalogue = catalogue
        self.lens = lens  # calibration.lens.LensCalibration, or None
        if isinstance(calibration, Calibrator):
            self.calibrator: Calibrator | None = calibration
            last = calibration.last_good
            self.homography = last.homography if last is not None else None
        else:
            self.homography = homography_of(calibration)
            # No fixed calibration given: follow the mat's markers frame by frame.
            self.calibrator = Calibrator(layout) if self.homography is None else None
        self.warnings: list[str] = []
        self.reprojection_error_mm: float | None = None
        self.card_px = CARD_PX
        self.token_marker_px = TOKEN_MARKER_PX

    def set_manual_corners(
        self, points_px: Sequence[Sequence[float]], frame_size: tuple[int, int] | None = None
    ) -> None:
        """Four clicks on the mat's corners (top-left, top-right, bottom-right, bottom-left),
        for when its markers cannot be seen. Markers seen later refine it."""
        points = self.undistorted(np.asarray(points_px, np.float64))
        if points.shape != (4, 2):
            raise CalibrationError(
                "manual calibration needs exactly four [x, y] points: the "
                "mat's top-left, top-right, bottom-right, bottom-left corners"
            )
        if self.calibrator is None:
            mat = np.array(self.layout.mat_corners_mm(), np.float32)
            self.homography = cv2.getPerspectiveTransform(points.astype(np.float32), mat)
        else:
            result = self.calibrator.manual(points, frame_size)
            if not result.usable:
                raise CalibrationError(result.reason)
            self.homography = result.homography
            self.warnings = list(result.warnings)
        self.reprojection_error_mm = None
        self._measure_pieces()

    def update(self, image: np.ndarray, markers: list[MarkerDetection]) -> None:
        """Follow the mat's markers seen in this frame (a fixed calibration stays)."""
        if self.calibrator is None:
            return
        seen = {
            m.id: self.undistorted(m.corners.astype(np.float64)) for m in markers if not m.is_token
        }
        result = self.calibrator.update(image, seen)
        if result.usable and result.homography is not None:
            changed = self.homography is None or not np.allclose(result.homography, self.homography)
            self.homography = result.homography
            self.reprojection_error_mm = result.error_mm
            self.warnings = list(result.warnings)
            if changed:
                self._measure_pieces()
        else:
            self.warnings = [result.reason] if result.reason else []

    def undistorted(self, points: np.ndarray) -> np.ndarray:
        if self.lens is None or not len(points):
            return points
        return self.lens.undistort_points(points).reshape(points.shape)

    def _measure_pieces(self) -> None:
        """Remember how big a card and a token's marker look, to size the areas re-decoded
        after a change and the markers searched for there."""
        assert self.homography is not None  # measured once calibrated
        inverse = np.linalg.inv(self.homography)
        w, h = self.layout.mat_size_mm
        cw, ch = self.layout.card_size_mm
        square = np.array([[w / 2, h / 2], [w / 2 + cw, h / 2], [w / 2, h / 2 + ch]], np.float64)
        px = cv2.perspectiveTransform(square.reshape(-1, 1, 2), inverse).reshape(-1, 2)
        self.card_px = float(max(np.linalg.norm(px[1] - px[0]), np.linalg.norm(px[2] - px[0])))
        self.token_marker_px = self.card_px * marker_size_mm(self.layout.game) / max(cw, ch)

    def locate(self, codes: list[Code], markers: list[MarkerDetection]) -> Seen:
        """Each code and token placed on the mat and in the layout (none before calibration)."""
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
        points = self.undistorted(points)
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
