"""Where the error at the mat's edges comes from: `companion bench lens`.

A Musée mat with a card in every slot (jitter 0, so every code's true place in mat mm is
known) is rendered through a wide-angle lens (about 100 degrees: k1 -0.25, k2 0.06, p1 0.004,
p2 -0.003) at 1920x1080. Each card's code centre is placed in mat mm the way `TableWatcher`
does it (ArUco corners of the mat -> homography -> code centre), and its distance to the truth
is reported, the worst over the outermost slots ("edges") and over all, for:

- the lens: none; solved from rendered ChArUco views (few views near the centre, or views
  reaching the corners, through `calibration.lens.solve_lens`); the exact lens of the render;
- the homography fitted from every marker corner (the pipeline's way) or from the 4 mat
  corner markers' centres only;
- the code centre taken as the mean of its four decoded corners (the pipeline's way) or
  as the crossing of the diagonals of its undistorted corners;
- marker corners refined to sub-pixel (the pipeline's way) or not.

Every row changes one thing against the pipeline's way, in the same run.
"""

from __future__ import annotations

from typing import Any, Iterable

import cv2
import numpy as np

from calibration.layouts import load_layout
from calibration.lens import board_image, solve_lens

from .codes import refine_corners
from .optics import distort, lens_model
from .pipeline import TableWatcher
from .reader import CardReader
from .render import Camera, layout_scene, render_scene
from .sprites import card_sprite

SIZE = (1920, 1080)
WIDE: dict[str, Any] = dict(k1=-0.25, k2=0.06, p1=0.004, p2=-0.003)  # Camera's lens fields


class ExactLens:
    """The renderer's own lens (vision.optics.distort), as an undistort_points object."""

    def __init__(self, size=SIZE, k1=0.0, k2=0.0, p1=0.0, p2=0.0):
        self.f, self.centre = float(max(size)), np.array(size, np.float64) / 2
        self.coefficients = (k1, k2, p1, p2)

    def undistort_points(self, points_px) -> np.ndarray:
        points = (np.asarray(points_px, np.float64).reshape(-1, 2) - self.centre) / self.f
        x, y = lens_model(points[:, 0], points[:, 1], *self.coefficients)
        return np.stack([x, y], axis=1) * self.f + self.centre


def board_view(
    rx_deg: float, ry_deg: float, distance_mm: float, shift_mm=(0.0, 0.0), lens=WIDE
) -> np.ndarray:
    """The printed board seen by a pinhole camera (focal 1500 px) then through `lens`."""
    margin_mm, px_per_mm = 10.0, 4.0
    image = board_image(px_per_mm=px_per_mm, margin_mm=margin_mm)
    to_mm = np.array([[1 / px_per_mm, 0, -margin_mm], [0, 1 / px_per_mm, -margin_mm], [0, 0, 1]])
    centre = np.array([7 * 30 / 2, 5 * 30 / 2, 0.0])
    rotation, _ = cv2.Rodrigues(np.deg2rad([rx_deg, ry_deg, 0.0]))
    translation = np.array([shift_mm[0], shift_mm[1], distance_mm]) - rotation @ centre
    camera = np.array([[1500.0, 0, SIZE[0] / 2], [0, 1500.0, SIZE[1] / 2], [0, 0, 1]])
    plane_to_px = camera @ np.c_[rotation[:, :2], translation]
    frame = cv2.warpPerspective(image, plane_to_px @ to_mm, SIZE, borderValue=150)
    distorted, _ = distort(cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR), **lens)
    return cv2.GaussianBlur(distorted, (0, 0), 0.6)


# Board poses: a few near the middle of the picture, and a set reaching its corners and edges.
# (rx_deg, ry_deg, distance_mm[, shift_mm]): board_view's arguments
CENTRAL_VIEWS: list[tuple] = [
    (0, 0, 210),
    (25, 0, 260),
    (-25, 10, 260),
    (0, 30, 270),
    (15, -25, 300, (-60, -30)),
    (-20, -15, 320, (80, 40)),
    (10, 20, 330, (90, -50)),
    (-10, 25, 340, (-90, 50)),
]
CORNER_VIEWS = (
    CENTRAL_VIEWS
    + [(10, 15, 330, (sx * 150, sy * 75)) for sx in (-1, 1) for sy in (-1, 1)]
    + [(-15, 10, 360, (sx * 190, 0)) for sx in (-1, 1)]
    + [(20, -10, 340, (0, sy * 95)) for sy in (-1, 1)]
)


def mat_frame(px_per_mm: float = 1.85, tilt: float = 0.0, seed: int = 3):
    """The 2-player Musée mat with a card in each of its 36 slots, through the wide lens."""
    slots = [(m, g, s) for m in range(2) for g in range(3) for s in range(6)]
    placements = [(f"MU{i + 1:02d}", f"museum{m}", [g, s]) for i, (m, g, s) in enumerate(slots)]
    scene = layout_scene("musee", 2, placements, seed=seed, jitter_mm=0, jitter_deg=0)
    camera = Camera(width=SIZE[0], height=SIZE[1], px_per_mm=px_per_mm, tilt=tilt, **WIDE)
    rendered = render_scene(scene, seed=seed, camera=camera)
    sprite, quad = card_sprite("MU01")  # where the code sits on a card (all cards alike)
    offset_mm = (quad.mean(axis=0) - (sprite.shape[1] / 2, sprite.shape[0] / 2)) * (
        scene.card_size_mm[0] / sprite.shape[1],
        scene.card_size_mm[1] / sprite.shape[0],
    )
    truth = {t.payload: np.array(t.center_mm) + offset_mm for t in rendered.truth}
    edge = {
        f"MU{i + 1:02d}"
        for i, (m, g, s) in enumerate(slots)
        if g in (0, 2) or (m, s) in ((0, 0), (1, 5))
    }
    return rendered.image, truth, edge, {t.payload: t.quad_px for t in rendered.truth}


def place_codes(
    image,
    lens,
    *,
    corners: bool = True,
    subpixel: bool = True,
    centre: str = "mean",
    refine: bool = False,
    truth_quads: dict | None = None,
) -> dict[str, np.ndarray]:
    """Each code's centre in mat mm: marker corners (or the 4 corner markers' centres) ->
    homography, the code centre (mean of corners, or the diagonals' crossing) mapped by it."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    undistort = (lambda p: np.asarray(p, np.float64)) if lens is None else lens.undistort_points
    homography = _mat_homography(gray, undistort, corners, subpixel)
    placed = {}
    if truth_quads is not None:  # the codes' true corners instead of the decoder's
        read: Iterable[tuple[str, np.ndarray]] = truth_quads.items()
    else:
        codes = CardReader(min_side_px=36, max_side_px=520).read(gray)
        read = ((c.text, c.corners) for c in (refine_corners(gray, codes) if refine else codes))
    for text, quad_px in read:
        quad = undistort(quad_px).reshape(4, 2)
        if centre == "diagonals":
            point = _diagonals_cross(quad)
        elif centre == "finders":
            # In the mat plane the code is a true square: its centre is the midpoint of the
            # diagonal between the two corners zxing-cpp takes from finder patterns (top
            # right, bottom left); the bottom-right corner is only estimated.
            mm = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), homography).reshape(4, 2)
            placed[text] = (mm[1] + mm[3]) / 2
            continue
        else:  # the corners' mean, undistorted (the pipeline's way before)
            point = undistort(np.asarray(quad_px, np.float64).mean(axis=0).reshape(1, 2)).reshape(2)
        placed[text] = cv2.perspectiveTransform(point.reshape(1, 1, 2), homography).reshape(2)
    return placed


def _mat_homography(gray, undistort, corners: bool, subpixel: bool) -> np.ndarray:
    """Frame px -> mat mm from every mat marker's corners, or from the 4 corner markers'
    centres (`corners` False); marker corners refined to sub-pixel or not."""
    layout = load_layout("musee", 2)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = (
        cv2.aruco.CORNER_REFINE_SUBPIX if subpixel else cv2.aruco.CORNER_REFINE_NONE
    )
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250), parameters
    )
    found, ids, _ = detector.detectMarkers(gray)
    image_points, mat_points = [], []
    markers = (
        {int(i): c.reshape(4, 2) for c, i in zip(found, ids.ravel())} if ids is not None else {}
    )
    mat_markers = {m.id: m for m in layout.markers}
    chosen = sorted(i for i in markers if i in mat_markers)
    if not corners:
        # The 4 markers nearest the mat's corners, by their centres only.
        w, h = layout.mat_size_mm
        chosen = sorted(
            {
                min(
                    chosen,
                    key=lambda i: np.hypot(
                        mat_markers[i].center_mm[0] - cx, mat_markers[i].center_mm[1] - cy
                    ),
                )
                for cx, cy in [(0, 0), (w, 0), (w, h), (0, h)]
            }
        )
    for marker_id in chosen:
        px = undistort(markers[marker_id]).reshape(4, 2)
        if corners:
            image_points += list(px)
            mat_points += list(np.array(mat_markers[marker_id].corners_mm(), np.float64))
        else:
            image_points.append(px.mean(axis=0))
            mat_points.append(np.array(mat_markers[marker_id].center_mm, np.float64))
    src, dst = np.array(image_points, np.float64), np.array(mat_points, np.float64)
    homography, _ = cv2.findHomography(src, dst, 0)
    return homography


def watcher_places(image, lens) -> dict[str, np.ndarray]:
    """Where the real TableWatcher puts each card code (mat mm)."""
    watcher = TableWatcher(None, "musee", 2, preview_width=0, lens=lens)
    seen = watcher.see(image)
    watcher.close()
    return {d.payload: np.array([d.x_mm, d.y_mm]) for d in seen.detections}


def _diagonals_cross(quad: np.ndarray) -> np.ndarray:
    """Where the quad's diagonals cross: the image of a square's centre under perspective."""
    p0, p1, p2, p3 = quad
    d1, d2 = p2 - p0, p3 - p1
    matrix = np.array([d1, -d2]).T
    t = np.linalg.solve(matrix, p1 - p0)[0]
    return p0 + t * d1


def errors(placed: dict, truth: dict, edge: set) -> dict:
    distance = {p: float(np.linalg.norm(placed[p] - truth[p])) for p in placed if p in truth}
    edges = [d for p, d in distance.items() if p in edge]
    return {
        "read": len(distance),
        "of": len(truth),
        "edge_worst_mm": max(edges) if edges else float("nan"),
        "edge_mean_mm": float(np.mean(edges)) if edges else float("nan"),
        "all_worst_mm": max(distance.values()) if distance else float("nan"),
    }


def main(log=print) -> dict:
    image, truth, edge, quads = mat_frame()
    log("rendering board views and solving the lens (OpenCV CharucoDetector + calibrateCamera)...")
    central = solve_lens(board_view(*v) for v in CENTRAL_VIEWS)
    cornered = solve_lens(board_view(*v) for v in CORNER_VIEWS)
    exact = ExactLens(SIZE, **WIDE)
    lenses = {
        "no lens model": None,
        f"solved, {central.frames} views near the middle ({central.rms_px:.2f} px)": central,
        f"solved, {cornered.frames} views reaching the corners ({cornered.rms_px:.2f} px)": cornered,
        "the render's exact lens": exact,
    }
    rows = []
    for name, lens in lenses.items():
        rows.append(
            (name, "TableWatcher as it is", errors(watcher_places(image, lens), truth, edge))
        )
    for name, lens in (
        ("solved, views reaching the corners", cornered),
        ("the render's exact lens", exact),
    ):
        for change, options in (
            ("code centre = mean of its 4 corners (before)", {}),
            ("  ...from 4 markers' centres, not corners", dict(corners=False)),
            ("  ...marker corners not sub-pixel refined", dict(subpixel=False)),
            ("centre = diagonals' crossing", dict(centre="diagonals")),
            ("centre = finder corners' midpoint on mat", dict(centre="finders")),
            ("  ...corners sub-pixel refined (now)", dict(centre="finders", refine=True)),
            ("true code corners, their mean", dict(truth_quads=quads)),
            ("true code corners, finder midpoint", dict(truth_quads=quads, centre="finders")),
        ):
            rows.append((name, change, errors(place_codes(image, lens, **options), truth, edge)))
    log("")
    log(
        "Musee 2-player mat, a card in all 36 slots, wide-angle lens (k1 -0.25, k2 0.06, "
        "p1 0.004, p2 -0.003), 1920x1080, 1.85 px/mm;"
    )
    log(
        "distance of each code's centre from its true place (mm), worst/mean over the "
        "edge slots and worst over all:"
    )
    log(f"{'lens':<52} {'how':<44} {'edge worst':>10} {'edge mean':>9} {'all worst':>9} read")
    for name, change, e in rows:
        log(
            f"{name:<52} {change:<44} {e['edge_worst_mm']:10.2f} {e['edge_mean_mm']:9.2f} "
            f"{e['all_worst_mm']:9.2f} {e['read']}/{e['of']}"
        )
    return {
        "rows": [{"lens": n, "change": c, **e} for n, c, e in rows],
        "solved": {"central": central.to_dict(), "corners": cornered.to_dict()},
    }


if __name__ == "__main__":  # pragma: no cover
    main()
