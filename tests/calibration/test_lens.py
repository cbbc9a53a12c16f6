"""Lens calibration on rendered wide-angle views of the printed ChArUco board: it solves the
lens, is saved per camera, and undistorting points first makes a flat board's homography
fit to under a millimetre at the frame's edges (several millimetres without)."""

import cv2
import numpy as np
import pytest

from calibration.lens import LensCalibration, LensError, find_board, solve_lens
from vision.bench_lens import SIZE, WIDE  # a wide-angle webcam (about 100 degrees)
from vision.bench_lens import board_view as view  # the board seen through that lens


@pytest.fixture(scope="module")
def lens():
    views = [
        view(0, 0, 210),
        view(25, 0, 260),
        view(-25, 10, 260),
        view(0, 30, 270),
        view(15, -25, 300, (-60, -30)),
        view(-20, -15, 320, (80, 40)),
        view(10, 20, 330, (90, -50)),
        view(-10, 25, 340, (-90, 50)),
    ]
    return solve_lens(views)


MAT_SCALE = 600 / (7 * 30)  # read the board as a 600 mm mat filling the frame


def edge_error_mm(points_mm, points_px) -> float:
    """Worst distance (mat mm) between board corners and where one homography puts them."""
    points_mm = points_mm * MAT_SCALE
    matrix, _ = cv2.findHomography(points_px, points_mm[:, :2])
    mapped = cv2.perspectiveTransform(
        points_px.reshape(-1, 1, 2).astype(np.float64), matrix
    ).reshape(-1, 2)
    return float(np.linalg.norm(mapped - points_mm[:, :2], axis=1).max())


def test_lens_is_solved_with_a_small_reprojection_error(lens):
    assert lens.frames >= 6 and lens.rms_px < 0.5
    assert lens.image_size == SIZE


def test_undistorted_points_make_the_flat_board_fit_to_under_a_millimetre(lens):
    mm, px = find_board(view(0, 0, 185))  # the board reaching the frame's edges
    raw = edge_error_mm(mm, px)
    corrected = edge_error_mm(mm, lens.undistort_points(px).astype(np.float32))
    print(f"worst board corner: {raw:.2f} mm without the lens model, {corrected:.2f} mm with it")
    assert raw > 1.0  # a wide-angle lens: over a millimetre off at the edges without the model
    assert corrected < 0.25


def test_saved_per_camera_and_loaded_back(lens, tmp_path):
    path = lens.save("desk cam", tmp_path)
    assert path.name == "desk_cam.lens.json"
    again = LensCalibration.load("desk cam", tmp_path)
    assert np.allclose(again.camera_matrix, lens.camera_matrix)
    assert np.allclose(again.distortion, lens.distortion)
    with pytest.raises(LensError, match="no lens calibration"):
        LensCalibration.load("other", tmp_path)
    path.write_text("{}")
    with pytest.raises(LensError, match="not a lens calibration"):
        LensCalibration.load("desk cam", tmp_path)


def test_too_few_views_is_a_clear_error():
    blank = np.full((SIZE[1], SIZE[0], 3), 150, np.uint8)
    with pytest.raises(LensError, match="found in 1 frame"):
        solve_lens([view(0, 0, 210), blank, blank])


def test_the_watcher_places_cards_at_the_mat_edges_right_with_the_lens(lens):
    from vision.pipeline import TableWatcher
    from vision.render import Camera, layout_scene, render_scene
    from vision.sprites import card_sprite

    placements = [
        ("MU01", "museum0", [0, 0]),
        ("MU02", "museum1", [2, 5]),
        ("MU03", "museum0", [2, 0]),
        ("MU04", "museum1", [0, 5]),
    ]  # the four corners
    scene = layout_scene("musee", 2, placements, seed=3, jitter_mm=0, jitter_deg=0)
    camera = Camera(width=SIZE[0], height=SIZE[1], px_per_mm=1.85, tilt=0.0, **WIDE)
    rendered = render_scene(scene, seed=3, camera=camera)
    sprite, quad = card_sprite("MU01")  # where the code sits on a card (all cards alike)
    offset_mm = (quad.mean(axis=0) - (sprite.shape[1] / 2, sprite.shape[0] / 2)) * (
        63.0 / sprite.shape[1],
        88.0 / sprite.shape[0],
    )
    truth = {t.payload: np.array(t.center_mm) + offset_mm for t in rendered.truth}

    def worst_error(lens_model):
        watcher = TableWatcher(None, "musee", 2, preview_width=0, lens=lens_model)
        seen = watcher.see(rendered.image)
        assert watcher.calibrated and {d.payload for d in seen.detections} == set(truth)
        return max(
            np.linalg.norm(np.array([d.x_mm, d.y_mm]) - truth[d.payload]) for d in seen.detections
        )

    without, with_lens = worst_error(None), worst_error(lens)
    print(f"worst card position: {without:.2f} mm without the lens, {with_lens:.2f} mm with it")
    assert with_lens < without and with_lens < 1.0  # sub-millimetre at the mat's corners


def test_calibrate_lens_command_prints_the_board_and_saves_the_lens(tmp_path):
    from click.testing import CliRunner

    from companion_cli import main as cli

    board = tmp_path / "board.png"
    result = CliRunner().invoke(cli, ["calibrate-lens", "--camera", "cam", "--board", str(board)])
    assert result.exit_code == 0 and cv2.imread(str(board)) is not None
    photos = []
    for index, angles in enumerate([(0, 0, 210), (25, 0, 260), (-25, 10, 260), (0, 30, 270)]):
        photos.append(str(tmp_path / f"view{index}.png"))
        cv2.imwrite(photos[-1], view(*angles))
    result = CliRunner().invoke(
        cli, ["calibrate-lens", "--camera", "cam", "--save-dir", str(tmp_path), *photos]
    )
    assert result.exit_code == 0, result.output
    assert "reprojection error" in result.output and "4 of 4 photos" in result.output
    assert LensCalibration.load("cam", tmp_path).frames == 4


def test_serve_uses_the_saved_lens_and_says_when_there_is_none(lens, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from companion_cli import main as cli
    from web.camera import open_watcher

    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.full((120, 160, 3), 128, np.uint8))
    watcher = open_watcher(f"images:{frames}", "musee", 2, lens=lens)
    assert watcher.lens is lens
    watcher.close()
    monkeypatch.setenv("HOME", str(tmp_path))  # no lens saved under this home
    result = CliRunner().invoke(
        cli,
        [
            "serve",
            "--source",
            f"images:{frames}",
            "--lens",
            "desk",
            "--db",
            str(tmp_path / "games.sqlite3"),
            "--port",
            "0",
        ],
    )
    assert result.exit_code == 2
    assert "no lens calibration for camera 'desk'" in result.output


def test_code_corners_on_finder_patterns_are_refined_to_sub_pixel():
    """Decoders place a symbol's corners to about a pixel (a millimetre on a webcam's view of
    the mat); the corners on finder patterns are refined on the frame before placing cards."""
    from vision.codes import Code, refine_corners
    from vision.render import Camera, layout_scene, render_scene

    scene = layout_scene("musee", 2, [("MU01", "museum0", [1, 2])], seed=3, jitter_deg=10)
    rendered = render_scene(scene, seed=3, camera=Camera(px_per_mm=1.85, tilt=0.1))
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    truth = rendered.truth[0].quad_px.astype(np.float32)
    nudged = truth + np.array([[0, 0], [0.9, -0.7], [0, 0], [-0.8, 0.9]], np.float32)
    refined = refine_corners(gray, [Code("MU01", nudged)])[0].corners
    before = np.linalg.norm(nudged[[1, 3]] - truth[[1, 3]], axis=1)  # 1.1 and 1.2 px
    after = np.linalg.norm(refined[[1, 3]] - truth[[1, 3]], axis=1)
    assert after.max() < 0.9 and after.mean() < 0.5 * before.mean(), (before, after)
    assert np.array_equal(refined[[0, 2]], nudged[[0, 2]])  # the others are left alone


def _board_video(path, poses, hold: int = 3, moving: bool = True):
    """A video of the board held still in each pose for `hold` frames, with a frame of the
    board on its way between poses (blurred in a real hand: not a view to keep)."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, SIZE)
    assert writer.isOpened()
    for index, pose in enumerate(poses):
        if moving and index:
            writer.write(view(*pose[:2], pose[2] + 25, *pose[3:]))
        for _ in range(hold):
            writer.write(view(*pose))
    writer.release()


def test_calibrate_lens_from_a_live_source_recovers_the_lens(tmp_path):
    """`companion calibrate lens --camera NAME --source VIDEO` reads the frames as a camera
    source, keeps still, distinct board views with progress lines, solves the lens with the
    real OpenCV solver and saves it; its undistortion matches the lens the video was made
    through."""
    from click.testing import CliRunner

    from companion_cli import main as cli
    from vision.bench_lens import CORNER_VIEWS, ExactLens

    video = tmp_path / "board.avi"
    _board_video(video, CORNER_VIEWS)
    result = CliRunner().invoke(
        cli,
        [
            "calibrate",
            "lens",
            "--camera",
            "desk",
            "--source",
            str(video),
            "--views",
            "12",
            "--coverage",
            "0.3",
            "--save-dir",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "12/12 views" in result.output and "image covered" in result.output
    assert "reprojection error" in result.output and "saved to" in result.output
    lens = LensCalibration.load("desk", tmp_path)
    assert lens.frames == 12 and lens.rms_px < 0.5
    # Where the board has been (the middle two thirds of the picture), undistorted points
    # agree with the exact lens of the rendering to a fraction of a pixel.
    xs, ys = np.meshgrid(
        np.linspace(SIZE[0] / 6, SIZE[0] * 5 / 6, 9), np.linspace(SIZE[1] / 6, SIZE[1] * 5 / 6, 7)
    )
    points = np.stack([xs.ravel(), ys.ravel()], axis=1)
    exact = ExactLens(SIZE, **WIDE).undistort_points(points)
    solved = lens.undistort_points(points)
    assert np.linalg.norm(solved - exact, axis=1).max() < 1.0


def test_the_older_spelling_and_photo_folders_still_work(tmp_path):
    from click.testing import CliRunner

    from companion_cli import main as cli
    from vision.bench_lens import CENTRAL_VIEWS

    folder = tmp_path / "photos"
    folder.mkdir()
    for index, pose in enumerate(CENTRAL_VIEWS[:4]):
        cv2.imwrite(str(folder / f"{index}.png"), view(*pose))
    for command in (["calibrate", "lens"], ["calibrate-lens"]):
        result = CliRunner().invoke(
            cli, [*command, "--camera", "cam", "--save-dir", str(tmp_path), str(folder)]
        )
        assert result.exit_code == 0, result.output
        assert "4 of 4 photos" in result.output
    result = CliRunner().invoke(
        cli, ["calibrate", "lens", "--camera", "cam", "--source", str(tmp_path / "missing.avi")]
    )
    assert result.exit_code == 1 and "does not exist" in result.output


def test_a_board_moving_or_held_in_one_pose_is_one_view_at_most():
    from calibration.lens import ViewCollector

    collector = ViewCollector(wanted=3)
    still = view(0, 0, 210)
    assert not collector.add(still)  # the first sighting: is it still?
    assert collector.add(still)
    assert not collector.add(still)  # the same pose again
    assert not collector.add(view(0, 0, 260))  # moved since the frame before
    assert collector.add(view(0, 0, 260))  # still now, and smaller: a new view
    assert len(collector.objects) == 2 and 0 < collector.coverage < 1
    assert "2/3 views" in collector.progress()


def test_calibrate_lens_from_a_network_camera(tmp_path):
    """The same from a stream URL on 127.0.0.1: a real CameraSource (its capture thread,
    OpenCV's FFmpeg backend) delivers the frames while the board is held in one pose after
    another; the command keeps the still views and saves the lens."""
    import sys
    from pathlib import Path

    from click.testing import CliRunner

    from companion_cli import main as cli
    from vision.bench_lens import CORNER_VIEWS

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from mjpeg_server import FlakyMjpegServer

    poses = [
        cv2.imencode(".jpg", cv2.resize(view(*pose), (960, 540), interpolation=cv2.INTER_AREA))[
            1
        ].tobytes()
        for pose in CORNER_VIEWS[:8]
    ]
    server = FlakyMjpegServer(period_s=0.03, pictures=lambda n: poses[(n // 8) % len(poses)])
    try:
        result = CliRunner().invoke(
            cli,
            [
                "calibrate",
                "lens",
                "--camera",
                "net",
                "--source",
                server.url,
                "--views",
                "5",
                "--coverage",
                "0.2",
                "--seconds",
                "40",
                "--save-dir",
                str(tmp_path),
            ],
        )
    finally:
        server.close()
    assert result.exit_code == 0, result.output
    assert "5/5 views" in result.output and "saved to" in result.output
    lens = LensCalibration.load("net", tmp_path)
    assert lens.image_size == (960, 540) and lens.frames == 5 and lens.rms_px < 0.5
