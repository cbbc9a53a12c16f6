"""Lens calibration: a printed ChArUco board seen in several frames gives a camera's
intrinsics and distortion (OpenCV's CharucoDetector and calibrateCamera), saved per camera.

A wide-angle webcam bends straight lines towards the frame's edges; the mat homography
(calibration/calibrate.py) assumes a pinhole camera, so points near the mat's edges land
millimetres off. `LensCalibration.undistort_points` maps frame pixels to where a pinhole
camera with the same intrinsics would have seen them, before the homography.

The board: 7 x 5 squares of 30 mm with 22 mm ArUco markers from DICT_5X5_100 (a dictionary
the mat and the tokens do not use, so a board on the table is never mistaken for them).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import cv2
import numpy as np

from companion.errors import CompanionError

SQUARES = (7, 5)
SQUARE_MM, MARKER_MM = 30.0, 22.0
MIN_CORNERS = 8  # board corners a frame must show to be used
MIN_FRAMES = 3


class LensError(CompanionError):
    """Not enough board views, or a saved lens file that cannot be used."""


def board() -> "cv2.aruco.CharucoBoard":
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_100)
    return cv2.aruco.CharucoBoard(SQUARES, SQUARE_MM, MARKER_MM, dictionary)


def board_image(px_per_mm: float = 10.0, margin_mm: float = 10.0) -> np.ndarray:
    """The board to print at exactly `px_per_mm` (10 px/mm = 254 dpi), with a white margin."""
    w = int(round((SQUARES[0] * SQUARE_MM + 2 * margin_mm) * px_per_mm))
    h = int(round((SQUARES[1] * SQUARE_MM + 2 * margin_mm) * px_per_mm))
    return board().generateImage((w, h), marginSize=int(round(margin_mm * px_per_mm)))


def find_board(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(board points in mm as Nx3, frame points in px as Nx2) of one view, or None."""
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    charuco = cv2.aruco.CharucoDetector(board())
    corners, ids, _, _ = charuco.detectBoard(gray)
    if ids is None or len(ids) < MIN_CORNERS:
        return None
    # OpenCV's stubs list no overload for detectBoard's own output types
    objects, images = board().matchImagePoints(corners, ids)  # type: ignore[call-overload]
    return objects.reshape(-1, 3).astype(np.float32), images.reshape(-1, 2).astype(np.float32)


@dataclass
class LensCalibration:
    camera_matrix: np.ndarray  # 3x3
    distortion: np.ndarray  # k1, k2, p1, p2, k3
    image_size: tuple[int, int]  # (width, height) the frames had
    rms_px: float  # reprojection error of the board corners
    frames: int

    def undistort_points(self, points_px) -> np.ndarray:
        """Frame pixels -> the pixels a distortion-free camera would show (same intrinsics)."""
        points = np.asarray(points_px, np.float64).reshape(-1, 1, 2)
        if not len(points):
            return points.reshape(-1, 2)
        return cv2.undistortPoints(
            points, self.camera_matrix, self.distortion, P=self.camera_matrix
        ).reshape(-1, 2)

    def to_dict(self) -> dict:
        return {
            "camera_matrix": self.camera_matrix.tolist(),
            "distortion": self.distortion.ravel().tolist(),
            "image_size": list(self.image_size),
            "rms_px": self.rms_px,
            "frames": self.frames,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "LensCalibration":
        try:
            matrix = np.array(data["camera_matrix"], np.float64)
            distortion = np.array(data["distortion"], np.float64)
            size = tuple(int(v) for v in data["image_size"])
            if matrix.shape != (3, 3) or distortion.ndim != 1 or len(size) != 2:
                raise ValueError("wrong shapes")
            return cls(matrix, distortion, size, float(data["rms_px"]), int(data["frames"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise LensError(f"not a lens calibration: {exc}") from None

    def save(self, camera_id: str, directory: str | os.PathLike | None = None) -> Path:
        path = lens_path(camera_id, directory)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"camera_id": camera_id, **self.to_dict()}, indent=1))
        return path

    @classmethod
    def load(cls, camera_id: str, directory: str | os.PathLike | None = None) -> "LensCalibration":
        path = lens_path(camera_id, directory)
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            raise LensError(
                f"no lens calibration for camera {camera_id!r} in {path.parent}; "
                f"run `companion calibrate lens --camera {camera_id}` first"
            ) from None
        except json.JSONDecodeError as exc:
            raise LensError(f"{path} is not valid JSON ({exc.msg})") from None
        return cls.from_dict(data)


def lens_path(camera_id: str, directory: str | os.PathLike | None = None) -> Path:
    from .calibrate import calibration_path

    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", str(camera_id)).strip("._") or "camera"
    return calibration_path(camera_id, directory).parent / f"{safe}.lens.json"


def solve_lens(frames: Iterable[np.ndarray]) -> LensCalibration:
    """Intrinsics and distortion (k1, k2, p1, p2, k3) from frames showing the board."""
    objects, images, size = [], [], None
    for frame in frames:
        size = (frame.shape[1], frame.shape[0])
        found = find_board(frame)
        if found is not None:
            objects.append(found[0])
            images.append(found[1])
    return solve_views(objects, images, size)


def solve_views(
    objects: list[np.ndarray], images: list[np.ndarray], size: tuple[int, int] | None
) -> LensCalibration:
    """calibrateCamera on board views already found (board mm Nx3, frame px Nx2 each)."""
    if len(objects) < MIN_FRAMES or size is None:
        raise LensError(
            f"the board was found in {len(objects)} frame(s); show it in at least "
            f"{MIN_FRAMES}, tilted differently and reaching the frame's corners"
        )
    rms, matrix, distortion, _, _ = cv2.calibrateCamera(objects, images, size, None, None)
    return LensCalibration(matrix, distortion.ravel(), size, float(rms), len(objects))


class ViewCollector:
    """Picks board views out of a live stream for `companion calibrate lens`.

    A frame is kept when the board is found with at least `MIN_CORNERS` corners, lies still
    (its corners moved under `still_px` since the frame before: a board moving in a hand
    blurs), and differs from every view kept so far (another place in the image, another
    size or another tilt), so twenty frames of one pose do not count as twenty views.
    `coverage` is the share of the image's cells (8 x 6) that some kept view's corners reach:
    the distortion is strongest at the edges and only measured where the board has been.
    """

    GRID = (8, 6)

    def __init__(
        self,
        wanted: int = 15,
        wanted_coverage: float = 0.7,
        still_px: float | None = 2.0,
        distinct: float = 0.08,
    ):
        self.wanted, self.wanted_coverage, self.still_px = wanted, wanted_coverage, still_px
        self.distinct = distinct  # how far (pose numbers) a new view must be from kept ones
        self.objects: list[np.ndarray] = []
        self.images: list[np.ndarray] = []
        self.size: tuple[int, int] | None = None
        self.frames_seen = 0
        self.board_seen = 0
        self._cells = np.zeros(self.GRID[::-1], bool)
        self._poses: list[np.ndarray] = []
        self._previous: tuple[np.ndarray, np.ndarray] | None = None  # ids, px of the last frame

    @property
    def coverage(self) -> float:
        return float(self._cells.mean())

    @property
    def done(self) -> bool:
        return len(self.objects) >= self.wanted and self.coverage >= self.wanted_coverage

    def add(self, frame: np.ndarray) -> bool:
        """Look at one frame; True when it was kept as a new view."""
        self.frames_seen += 1
        size = (frame.shape[1], frame.shape[0])
        if self.size is not None and size != self.size:
            raise LensError(
                f"the frame size changed from {self.size[0]}x{self.size[1]} to "
                f"{size[0]}x{size[1]}; calibrate one resolution at a time"
            )
        self.size = size
        found = find_board(frame)
        previous, self._previous = self._previous, None
        if found is None:
            return False
        self.board_seen += 1
        objects, images = found
        self._previous = (objects, images)
        if previous is not None and self.still_px is not None:
            moved = _motion_px(previous, found)
            if moved is None or moved > self.still_px:
                return False
        elif self.still_px is not None:
            return False  # wait for a second frame of the same pose
        pose = self._pose(images)
        if any(np.abs(pose - kept).max() < self.distinct for kept in self._poses):
            return False
        self._poses.append(pose)
        self.objects.append(objects)
        self.images.append(images)
        w, h = size
        columns = np.clip((images[:, 0] * self.GRID[0] / w).astype(int), 0, self.GRID[0] - 1)
        rows = np.clip((images[:, 1] * self.GRID[1] / h).astype(int), 0, self.GRID[1] - 1)
        self._cells[rows, columns] = True
        return True

    def _pose(self, images: np.ndarray) -> np.ndarray:
        """Where the board is (centre), how big it looks and how it is turned and tilted,
        as a few numbers of about the same scale."""
        assert self.size is not None  # set by the first view added
        w, h = self.size
        centre = images.mean(axis=0) / (w, h)
        spread = images.std(axis=0) / (w, h)
        covariance = np.cov((images / (w, h)).T)
        angle = 0.5 * np.arctan2(2 * covariance[0, 1], covariance[0, 0] - covariance[1, 1])
        return np.array([centre[0], centre[1], 2 * spread[0], 2 * spread[1], angle / np.pi])

    def progress(self) -> str:
        return (
            f"{len(self.objects)}/{self.wanted} views, image covered {self.coverage:.0%} "
            f"(want {self.wanted_coverage:.0%}); board seen in {self.board_seen} of "
            f"{self.frames_seen} frames"
        )

    def solve(self) -> LensCalibration:
        return solve_views(self.objects, self.images, self.size)


def _motion_px(before: tuple[np.ndarray, np.ndarray], now: tuple[np.ndarray, np.ndarray]):
    """Mean movement (px) of the board corners both frames show, or None if none."""
    index = {tuple(point): k for k, point in enumerate(before[0].round(3))}
    pairs = [
        (index[tuple(point)], k) for k, point in enumerate(now[0].round(3)) if tuple(point) in index
    ]
    if not pairs:
        return None
    a = before[1][[i for i, _ in pairs]]
    b = now[1][[k for _, k in pairs]]
    return float(np.linalg.norm(a - b, axis=1).mean())


def per_view_errors(lens: LensCalibration, objects, images) -> list[float]:
    """RMS reprojection error (px) of each view under the solved lens."""
    errors = []
    for board_mm, px in zip(objects, images):
        ok, rvec, tvec = cv2.solvePnP(board_mm, px, lens.camera_matrix, lens.distortion)
        projected, _ = cv2.projectPoints(board_mm, rvec, tvec, lens.camera_matrix, lens.distortion)
        errors.append(float(np.sqrt(((projected.reshape(-1, 2) - px) ** 2).sum(axis=1).mean())))
    return errors
