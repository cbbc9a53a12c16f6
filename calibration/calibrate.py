"""Camera frame <-> mat millimetres.

The mat carries ArUco markers (DICT_4X4_250, ids 0-49) at known mat positions (the layout).
`Calibrator.update(frame)` finds them, fits the homography from all visible marker corners
(RANSAC to drop a misread marker, then least squares on the rest), and reports the mean
reprojection error in mm. With too few markers in view (hands over them) it keeps the last
good solution as long as the markers it still sees agree with it. `Calibrator.manual(...)`
takes the mat's four corners clicked on a frame instead.

It also judges the view: too oblique (the mat's near and far edges at very different
scales) or too far away (fewer than 3 px per QR module at the mat's far edge).

    cal = Calibrator(load_layout("musee", 2))
    result = cal.update(frame_bgr)
    if result.usable:
        mm = result.image_to_mat(points_px)      # (N, 2) px -> (N, 2) mat mm
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import cv2
import numpy as np

from .layouts import Layout, load_layout
from .markers import (
    CalibrationError,
    apply_homography,
    as_points,
    detect_markers,
    judge_view,
)

MIN_MARKERS = 3  # fewer than this and a fresh fit is not trusted
MIN_SPREAD = 0.15  # the visible markers' hull must cover this share of the mat
MAX_ERROR_MM = 3.0  # mean reprojection error above this: the fit is not usable
HOLD_ERROR_MM = 5.0  # visible markers must agree this well to keep the last solution
DEFAULT_DIR = Path("~/.config/table-companion/calibration")


@dataclass(frozen=True)
class CalibrationResult:
    """One frame's calibration.

    - homography: 3x3, image pixels -> mat millimetres (None when there is no solution)
    - error_mm: mean distance, in mat mm, between where the seen marker corners should be
      and where the homography puts them (None for a manual calibration)
    - markers_seen: mat marker ids found in this frame
    - usable: True when positions from this frame can be trusted
    - reason: why not (empty when usable)
    - source: "markers" (fresh fit), "previous" (last good kept), "manual", "loaded", "none"
    - warnings: usable but worth telling (slightly oblique, cards a little small)
    - px_per_module: estimated pixels per QR module at the mat's far edge
    - scale_ratio: near/far ratio of pixels per mm over the mat (1 = straight above)
    """

    homography: np.ndarray | None
    error_mm: float | None
    markers_seen: tuple[int, ...]
    usable: bool
    reason: str = ""
    source: str = "none"
    warnings: tuple[str, ...] = ()
    px_per_module: float | None = None
    scale_ratio: float | None = None
    frame_size: tuple[int, int] | None = None  # (width, height)

    def image_to_mat(self, points_px) -> np.ndarray:
        if self.homography is None:
            raise CalibrationError("not calibrated: " + (self.reason or "no solution"))
        return apply_homography(self.homography, points_px)

    def mat_to_image(self, points_mm) -> np.ndarray:
        if self.homography is None:
            raise CalibrationError("not calibrated: " + (self.reason or "no solution"))
        return apply_homography(np.linalg.inv(self.homography), points_mm)

    def to_dict(self) -> dict:
        return {
            "homography": None if self.homography is None else self.homography.tolist(),
            "error_mm": self.error_mm,
            "markers_seen": list(self.markers_seen),
            "usable": self.usable,
            "reason": self.reason,
            "source": self.source,
            "warnings": list(self.warnings),
            "px_per_module": self.px_per_module,
            "scale_ratio": self.scale_ratio,
            "frame_size": list(self.frame_size) if self.frame_size else None,
        }


# -- the calibrator ------------------------------------------------------------------------


@dataclass
class Calibrator:
    """Keeps the latest good image->mat solution for one camera and one mat layout."""

    layout: Layout
    last_good: CalibrationResult | None = None
    _marker_mm: Mapping[int, np.ndarray] = field(init=False, repr=False)

    def __post_init__(self):
        self._marker_mm = {m.id: np.array(m.corners_mm(), np.float64) for m in self.layout.markers}

    @classmethod
    def for_game(cls, game: str, players: int) -> "Calibrator":
        return cls(load_layout(game, players))

    @property
    def current(self) -> CalibrationResult | None:
        return self.last_good

    # -- marker fit -------------------------------------------------------------------
    def update(
        self, frame_bgr: np.ndarray, detections: Mapping[int, np.ndarray] | None = None
    ) -> CalibrationResult:
        """Calibrate from a frame (or from markers already detected in it)."""
        frame_size = (
            (int(frame_bgr.shape[1]), int(frame_bgr.shape[0])) if frame_bgr is not None else None
        )
        found = detect_markers(frame_bgr) if detections is None else dict(detections)
        seen = {i: c for i, c in found.items() if i in self._marker_mm}
        ids = tuple(sorted(seen))
        fresh = self._fit(seen, frame_size) if self._spread_ok(seen) else None
        if fresh is not None and fresh.usable:
            self.last_good = fresh
            return fresh
        held = self._hold(seen, ids, frame_size)
        if held is not None:
            return held
        if fresh is not None:  # a fit, but a bad one (oblique, too far, markers disagree)
            return fresh
        total = len(self.layout.markers)
        if not ids:
            why = f"markers missing: none of the mat's {total} markers is visible"
        else:
            why = (
                f"markers missing: only {len(ids)} of the mat's {total} markers visible "
                f"(ids {', '.join(map(str, ids))}), need {MIN_MARKERS} spread over the mat"
            )
        return CalibrationResult(None, None, ids, False, why, "none", frame_size=frame_size)

    def _spread_ok(self, seen: Mapping[int, np.ndarray]) -> bool:
        if len(seen) < MIN_MARKERS:
            return False
        centres = np.array([self._marker_mm[i].mean(axis=0) for i in seen], np.float32)
        hull = cv2.convexHull(centres)
        w, h = self.layout.mat_size_mm
        return cv2.contourArea(hull) >= MIN_SPREAD * w * h

    def _correspondences(self, seen: Mapping[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        img = np.concatenate([seen[i] for i in sorted(seen)])
        mat = np.concatenate([self._marker_mm[i] for i in sorted(seen)])
        return img, mat

    def _fit(self, seen: Mapping[int, np.ndarray], frame_size) -> CalibrationResult | None:
        img, mat = self._correspondences(seen)
        h, mask = cv2.findHomography(img, mat, cv2.RANSAC, 8.0)
        if h is None:
            return None
        inliers = mask.ravel().astype(bool)
        if inliers.sum() >= 8:
            refined, _ = cv2.findHomography(img[inliers], mat[inliers], 0)
            if refined is not None:
                h = refined
        # Judge the fit on every visible corner (a dropped marker shows up as error).
        err_all = np.linalg.norm(apply_homography(h, img) - mat, axis=1)
        error = float(err_all[inliers].mean()) if inliers.any() else float(err_all.mean())
        used = tuple(
            sorted(i for k, i in enumerate(sorted(seen)) if inliers[4 * k : 4 * k + 4].all())
        )
        reason, warnings, ppm, ratio = judge_view(self.layout, h, frame_size)
        dropped = sorted(set(seen) - set(used))
        if dropped:
            warnings += (
                f"markers {', '.join(map(str, dropped))} disagree with the others "
                f"(moved, folded or misread) and were ignored",
            )
        if not reason and error > MAX_ERROR_MM:
            reason = (
                f"markers disagree: mean reprojection error {error:.1f} mm; is the mat "
                f"flat and printed at 100 %?"
            )
        return CalibrationResult(
            h,
            error,
            tuple(sorted(seen)),
            not reason,
            reason,
            "markers",
            warnings,
            ppm,
            ratio,
            frame_size,
        )

    def _hold(self, seen, ids, frame_size) -> CalibrationResult | None:
        """Keep the last good solution when the markers still visible agree with it."""
        last = self.last_good
        if last is None or last.homography is None:
            return None
        if frame_size and last.frame_size and tuple(frame_size) != tuple(last.frame_size):
            return None
        error: float | None
        if seen:
            img, mat = self._correspondences(seen)
            error = float(
                np.linalg.norm(apply_homography(last.homography, img) - mat, axis=1).mean()
            )
            if error > HOLD_ERROR_MM:
                return None
        else:
            error = last.error_mm
        note = (
            f"only {len(ids)} mat markers visible: keeping the last calibration"
            if ids
            else "no mat marker visible: keeping the last calibration"
        )
        return CalibrationResult(
            last.homography,
            error,
            ids,
            True,
            "",
            "previous",
            (note,) + tuple(w for w in last.warnings if w != note),
            last.px_per_module,
            last.scale_ratio,
            last.frame_size,
        )

    # -- manual -----------------------------------------------------------------------
    def manual(self, corners_px, frame_size: tuple[int, int] | None = None) -> CalibrationResult:
        """Calibrate from the mat's four corners clicked on a frame, in the order top-left,
        top-right, bottom-right, bottom-left of the mat (its printed title at the top)."""
        pts = as_points(corners_px)
        if pts.shape != (4, 2):
            raise CalibrationError(
                "manual calibration needs exactly four corners "
                "(top-left, top-right, bottom-right, bottom-left)"
            )
        quad = pts.astype(np.float32)
        if abs(cv2.contourArea(quad)) < 100 or not cv2.isContourConvex(quad):
            raise CalibrationError(
                "the four corners do not make a convex shape: click them in "
                "order top-left, top-right, bottom-right, bottom-left"
            )
        mat = np.array(self.layout.mat_corners_mm(), np.float32)
        h = cv2.getPerspectiveTransform(quad, mat).astype(np.float64)
        reason, warnings, ppm, ratio = judge_view(self.layout, h, frame_size)
        result = CalibrationResult(
            h, None, (), not reason, reason, "manual", warnings, ppm, ratio, frame_size
        )
        if result.usable:
            self.last_good = result
        return result

    # -- conversions with the current solution ----------------------------------------
    def image_to_mat(self, points_px) -> np.ndarray:
        if self.last_good is None:
            raise CalibrationError("not calibrated yet")
        return self.last_good.image_to_mat(points_px)

    def mat_to_image(self, points_mm) -> np.ndarray:
        if self.last_good is None:
            raise CalibrationError("not calibrated yet")
        return self.last_good.mat_to_image(points_mm)

    # -- persistence ------------------------------------------------------------------
    def save(self, camera_id: str, directory: str | os.PathLike | None = None) -> Path:
        if self.last_good is None or self.last_good.homography is None:
            raise CalibrationError("nothing to save: no good calibration yet")
        path = calibration_path(camera_id, directory)
        data = {
            "camera_id": camera_id,
            "game": self.layout.game,
            "players": self.layout.players,
            "saved_at": time.time(),
            **self.last_good.to_dict(),
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CalibrationError(
                f"cannot save calibration to {path}: {exc.strerror or exc}"
            ) from None
        return path

    def load(self, camera_id: str, directory: str | os.PathLike | None = None) -> CalibrationResult:
        """Restore a saved calibration for this camera as the last good solution."""
        path = calibration_path(camera_id, directory)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            h = np.array(data["homography"], np.float64)
            if h.shape != (3, 3):
                raise ValueError("homography is not 3x3")
        except FileNotFoundError:
            raise CalibrationError(
                f"no saved calibration for camera {camera_id!r} in {path.parent}"
            ) from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CalibrationError(f"saved calibration {path} is unreadable: {exc}") from None
        if (data.get("game"), data.get("players")) != (self.layout.game, self.layout.players):
            raise CalibrationError(
                f"calibration for camera {camera_id!r} was saved for {data.get('game')} with "
                f"{data.get('players')} players, not {self.layout.game} with {self.layout.players}"
            )
        frame = data.get("frame_size")
        result = CalibrationResult(
            h,
            data.get("error_mm"),
            tuple(data.get("markers_seen", ())),
            True,
            "",
            "loaded",
            tuple(data.get("warnings", ())),
            data.get("px_per_module"),
            data.get("scale_ratio"),
            tuple(frame) if frame else None,
        )
        self.last_good = result
        return result


def calibration_path(camera_id: str, directory: str | os.PathLike | None = None) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", str(camera_id)).strip("._") or "camera"
    base = Path(directory).expanduser() if directory is not None else DEFAULT_DIR.expanduser()
    return base / f"{safe}.json"


def calibrate_image(frame_bgr: np.ndarray, game: str, players: int) -> CalibrationResult:
    """One-shot calibration of a single frame (no history)."""
    return Calibrator(load_layout(game, players)).update(frame_bgr)


__all__ = [
    "Calibrator",
    "CalibrationResult",
    "CalibrationError",
    "detect_markers",
    "apply_homography",
    "calibrate_image",
    "calibration_path",
    "judge_view",
]
