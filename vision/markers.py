"""ArUco markers (DICT_4X4_250): ids 0-49 on the play mats, 50+ on tokens.

Tokens stay readable far smaller than a QR code, so followers, pawns and stair tokens carry
markers. `detect_markers` finds them; `homography_from_markers` is the fallback image->mat
calibration used when calibration's Calibrator is not available.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.catalogue import FIRST_TOKEN_MARKER

DICTIONARY = cv2.aruco.DICT_4X4_250


@dataclass(frozen=True)
class MarkerDetection:
    id: int
    corners: np.ndarray  # 4x2 px: top-left, top-right, bottom-right, bottom-left

    @property
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    @property
    def is_token(self) -> bool:
        return self.id >= FIRST_TOKEN_MARKER


_detector = None


def _get_detector():
    global _detector
    if _detector is None:
        parameters = cv2.aruco.DetectorParameters()
        parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        # Read each cell from its middle only (OpenCV's default ignores 13 % of its edge): a
        # webcam's blur bleeds a cell's neighbours into that edge, and a small token at the
        # soft side of the frame was found but its bits misread (a 24 mm Musée token at
        # 5.8 px a cell, tests/kit/test_camera_view.py).
        parameters.perspectiveRemoveIgnoredMarginPerCell = 0.25
        dictionary = cv2.aruco.getPredefinedDictionary(DICTIONARY)
        _detector = cv2.aruco.ArucoDetector(dictionary, parameters)
    return _detector


def detect_markers(image: np.ndarray) -> list[MarkerDetection]:
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _get_detector().detectMarkers(gray)
    if ids is None:
        return []
    return [
        MarkerDetection(int(i), np.asarray(c, np.float32).reshape(4, 2))
        for c, i in zip(corners, ids.flatten())
    ]


def detect_tokens(image: np.ndarray, marker_px: float) -> list[MarkerDetection]:
    """Markers whose side is about `marker_px` (half to twice that), for searching a part of
    the frame for tokens while a hand moves: contours of other sizes (QR modules, card
    edges, the hand) are dropped before their bits are sampled, and one threshold window
    suited to the marker's cells replaces the default three. About 3x cheaper than
    `detect_markers`, with the same tokens found on the motion benchmark's frames."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    longest = max(gray.shape[:2])
    if longest < marker_px / 2:
        return []
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    parameters.minMarkerPerimeterRate = 0.5 * 4 * marker_px / longest
    parameters.maxMarkerPerimeterRate = 2.0 * 4 * marker_px / longest
    window = max(5, int(round(marker_px * 0.37)) | 1)  # about two of the marker's cells
    parameters.adaptiveThreshWinSizeMin = parameters.adaptiveThreshWinSizeMax = window
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(DICTIONARY), parameters)
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return []
    return [
        MarkerDetection(int(i), np.asarray(c, np.float32).reshape(4, 2))
        for c, i in zip(corners, ids.flatten())
    ]


def homography_from_markers(
    detections: list[MarkerDetection], layout
) -> tuple[np.ndarray, float] | None:
    """Image px -> mat mm from the mat's own markers (at least two seen, 8 corners).

    Returns the homography and the RMS reprojection error in mm, or None.
    """
    image_points, mat_points = [], []
    for detection in detections:
        marker = layout.marker(detection.id)
        if marker is None:
            continue
        image_points.extend(detection.corners.tolist())
        mat_points.extend(marker.corners_mm())
    if len(image_points) < 8:
        return None
    src = np.array(image_points, np.float64)
    dst = np.array(mat_points, np.float64)
    matrix, _ = cv2.findHomography(src, dst, cv2.RANSAC, 5.0)
    if matrix is None:
        return None
    projected = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    error = float(np.sqrt(((projected - dst) ** 2).sum(axis=1).mean()))
    return matrix, error
