"""Mat markers in a camera frame, and what the view they give is worth.

`detect_markers` finds the ArUco markers (DICT_4X4_250; mat markers are ids 0-49);
`judge_view` refuses a view too oblique (the mat's near and far edges at very different
scales) or too far away (fewer than 2 px per QR module at the mat's far edge), and warns
before that. The calibrator (calibration.calibrate) fits the homography from them.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.errors import CompanionError

from .layouts import Layout

WARN_SCALE_RATIO = 2.0  # near/far scale ratio: warn ("oblique") above, refuse above the next
MAX_SCALE_RATIO = 3.0
WARN_PX_PER_MODULE = 3.0
MIN_PX_PER_MODULE = 2.0  # below this no decoder reads a card: the frame is refused


class CalibrationError(CompanionError):
    pass


def as_points(points) -> np.ndarray:
    pts = np.asarray(points, dtype=np.float64)
    if pts.ndim == 1:
        pts = pts.reshape(1, 2)
    if pts.ndim != 2 or pts.shape[1] != 2:
        raise CalibrationError(f"points must be pairs (x, y), got an array of shape {pts.shape}")
    return pts


def apply_homography(h: np.ndarray, points) -> np.ndarray:
    pts = as_points(points)
    out = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), h)
    return out.reshape(-1, 2)


# -- detection -----------------------------------------------------------------------------

_detector = None


def _aruco_detector():
    global _detector
    if _detector is None:
        dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250)
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        _detector = cv2.aruco.ArucoDetector(dictionary, params)
    return _detector


def detect_markers(frame_bgr: np.ndarray) -> dict[int, np.ndarray]:
    """Every DICT_4X4_250 marker in a frame: id -> (4, 2) corners in px (TL, TR, BR, BL of
    the printed marker). Mat markers are ids 0-49; tokens use higher ids."""
    if frame_bgr is None or not hasattr(frame_bgr, "ndim"):
        raise CalibrationError("no image to calibrate from")
    gray = frame_bgr if frame_bgr.ndim == 2 else cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = _aruco_detector().detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for c, i in zip(corners, ids.ravel()):
        found.setdefault(int(i), c.reshape(4, 2).astype(np.float64))
    return found


# -- geometry checks -----------------------------------------------------------------------


def _local_scales(h_mat_to_img: np.ndarray, point_mm: tuple[float, float]) -> tuple[float, float]:
    """Smallest and largest px-per-mm at a mat point (singular values of the Jacobian)."""
    x, y = point_mm
    d = 1.0
    base = apply_homography(h_mat_to_img, [(x, y), (x + d, y), (x, y + d)])
    jac = np.column_stack([(base[1] - base[0]) / d, (base[2] - base[0]) / d])
    s = np.linalg.svd(jac, compute_uv=False)
    return float(s.min()), float(s.max())


def judge_view(
    layout: Layout,
    h_img_to_mat: np.ndarray,
    frame_size: tuple[int, int] | None,
    module_mm: float | None = None,
) -> tuple[str, tuple[str, ...], float, float]:
    """(reason refusing the view or "", warnings, px per QR module at the far edge,
    near/far scale ratio)."""
    from .kit.cards import card_geometry

    module_mm = module_mm or card_geometry(layout.card_size_mm).module_mm
    inv = np.linalg.inv(h_img_to_mat)
    corners = layout.mat_corners_mm()
    scales = [_local_scales(inv, c) for c in corners]
    smallest = min(s[0] for s in scales)
    means = [math.sqrt(a * b) for a, b in scales]
    ratio = max(means) / max(min(means), 1e-9)
    ppm = smallest * module_mm
    reason, warnings = "", []
    if ratio > MAX_SCALE_RATIO:
        reason = (
            f"view too oblique: the mat's far edge looks {ratio:.1f} times smaller than "
            f"its near edge; raise the camera or point it straighter down"
        )
    elif ppm < MIN_PX_PER_MODULE:
        reason = (
            f"cards too small: about {ppm:.1f} px per QR module at the far edge of the mat "
            f"(need {WARN_PX_PER_MODULE:g}); move the camera closer or use a higher resolution"
        )
    if not reason:
        if ratio > WARN_SCALE_RATIO:
            warnings.append(f"view rather oblique (far edge {ratio:.1f} times smaller than near)")
        if ppm < WARN_PX_PER_MODULE:
            warnings.append(
                f"cards small: about {ppm:.2f} px per QR module at the far edge "
                f"of the mat, below {WARN_PX_PER_MODULE:g}; codes there may not read"
            )
    if frame_size is not None:
        w, h = frame_size
        img = apply_homography(inv, corners)
        margin = 0.02 * max(w, h)
        if (
            np.any(img[:, 0] < -margin)
            or np.any(img[:, 0] > w + margin)
            or np.any(img[:, 1] < -margin)
            or np.any(img[:, 1] > h + margin)
        ):
            warnings.append("part of the mat is outside the picture")
    return reason, tuple(warnings), ppm, ratio
