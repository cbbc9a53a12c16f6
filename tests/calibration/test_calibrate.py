"""Calibration on rendered mats warped by known homographies."""

import json

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from calibration.calibrate import (
    CalibrationError,
    Calibrator,
    apply_homography,
    calibration_path,
    detect_markers,
)
from calibration.layouts import load_layout
from calibration.render import render_mat
from companion_cli import main

FRAME = (1920, 1080)
MAT_PX_PER_MM = 2.0
BACKGROUND = (70, 95, 120)  # a wooden table, roughly


def mat_to_frame(layout, corners_px):
    """The true homography mat mm -> frame px that puts the mat's corners at corners_px."""
    w, h = layout.mat_size_mm
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.getPerspectiveTransform(src, np.float32(corners_px)).astype(np.float64)


def scene(game, players, corners_px, hide=(), image=None):
    layout = load_layout(game, players)
    mat = render_mat(game, players, px_per_mm=MAT_PX_PER_MM) if image is None else image
    scale = mat.shape[1] / layout.mat_size_mm[0]
    truth = mat_to_frame(layout, corners_px)
    to_mm = np.diag([1 / scale, 1 / scale, 1.0])
    frame = cv2.warpPerspective(
        cv2.GaussianBlur(mat, (0, 0), 0.6 * scale / 2),
        truth @ to_mm,
        FRAME,
        flags=cv2.INTER_LINEAR,
        borderValue=BACKGROUND,
    )
    for marker_id in hide:  # a hand over the marker
        m = layout.marker(marker_id)
        box = apply_homography(
            truth,
            [
                (m.center_mm[0] + dx * m.size_mm, m.center_mm[1] + dy * m.size_mm)
                for dx, dy in ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9))
            ],
        )
        cv2.fillConvexPoly(frame, box.astype(np.int32), (60, 120, 190))
    return layout, frame, truth


def mean_error_mm(result, truth, layout, n=400):
    rng = np.random.default_rng(1)
    pts = rng.random((n, 2)) * np.array(layout.mat_size_mm)
    back = result.image_to_mat(apply_homography(truth, pts))
    return float(np.linalg.norm(back - pts, axis=1).mean())


VIEWS = {
    "straight": [[40, 110], [1880, 100], [1885, 980], [35, 990]],
    "tilted": [[160, 170], [1760, 140], [1890, 1040], [20, 1060]],
    "rotated": [[140, 60], [1850, 250], [1700, 1060], [30, 860]],
}


@pytest.mark.parametrize(
    "game,players",
    [("musee", 2), ("cardcassonne", 3), ("crypt", 4), ("mythe", 2), ("masterpiece", 5)],
)
@pytest.mark.parametrize("view", sorted(VIEWS))
def test_rendered_mat_calibrates_back_under_1_mm(game, players, view):
    layout, frame, truth = scene(game, players, VIEWS[view])
    result = Calibrator(layout).update(frame)
    assert result.usable, result.reason
    assert result.source == "markers"
    assert set(result.markers_seen) == {m.id for m in layout.markers}
    assert result.error_mm < 1.0
    assert mean_error_mm(result, truth, layout) < 1.0
    # Round trip: mat -> image -> mat.
    pts = np.array([[100.0, 120.0], [layout.mat_size_mm[0] - 80, layout.mat_size_mm[1] - 90]])
    assert result.image_to_mat(result.mat_to_image(pts)) == pytest.approx(pts, abs=1e-6)


def test_one_corner_marker_hidden_still_calibrates():
    layout, frame, truth = scene("musee", 2, VIEWS["tilted"], hide=(0,))
    result = Calibrator(layout).update(frame)
    assert result.usable and result.source == "markers"
    assert 0 not in result.markers_seen and len(result.markers_seen) == len(layout.markers) - 1
    assert mean_error_mm(result, truth, layout) < 1.0


def test_small_mat_with_most_markers_hidden_keeps_the_last_good_solution():
    cal = Calibrator(load_layout("mythe", 3))
    layout, frame, truth = scene("mythe", 3, VIEWS["straight"])
    first = cal.update(frame)
    assert first.usable and first.source == "markers"
    # Hands over six of the eight markers: two left, too few to fit afresh.
    _, covered, _ = scene("mythe", 3, VIEWS["straight"], hide=(0, 1, 2, 4, 5, 6))
    held = cal.update(covered)
    assert held.usable and held.source == "previous"
    assert len(held.markers_seen) == 2
    assert mean_error_mm(held, truth, layout) < 1.0
    assert any("keeping the last calibration" in w for w in held.warnings)


def test_markers_missing_without_history_say_so():
    layout, frame, _ = scene("mythe", 3, VIEWS["straight"], hide=(0, 1, 2, 4, 5, 6))
    result = Calibrator(layout).update(frame)
    assert not result.usable and result.homography is None
    assert "markers missing" in result.reason and "2 of the mat's 8" in result.reason
    empty = Calibrator(layout).update(np.full((1080, 1920, 3), 128, np.uint8))
    assert not empty.usable and "none of the mat's 8 markers" in empty.reason
    with pytest.raises(CalibrationError):
        empty.image_to_mat([[1, 2]])


def test_moved_camera_is_not_hidden_by_the_last_solution():
    cal = Calibrator(load_layout("musee", 2))
    layout, frame, _ = scene("musee", 2, VIEWS["straight"])
    assert cal.update(frame).usable
    _, moved, truth = scene("musee", 2, VIEWS["rotated"])
    result = cal.update(moved)
    assert result.source == "markers" and mean_error_mm(result, truth, layout) < 1.0


def test_too_oblique_and_too_far_are_reported():
    layout = load_layout("musee", 2)
    _, frame, _ = scene("musee", 2, [[700, 300], [1220, 300], [1900, 1070], [20, 1070]])
    result = Calibrator(layout).update(frame)
    assert not result.usable and "oblique" in result.reason
    assert result.scale_ratio > 3
    # The whole mat in a small part of the frame: QR modules of about 1 px.
    _, far, _ = scene(
        "musee",
        2,
        [[700, 400], [1200, 400], [1200, 640], [700, 640]],
        image=render_mat("musee", 2, px_per_mm=0.9),
    )
    result = Calibrator(layout).update(far)
    assert result.homography is not None  # the markers are still found...
    assert not result.usable and "cards too small" in result.reason  # ...the cards not
    assert result.px_per_module < 2


def test_slightly_small_cards_warn_below_3_px_per_module():
    layout, frame, _ = scene("musee", 3, [[20, 200], [1900, 200], [1910, 930], [10, 930]])
    result = Calibrator(layout).update(frame)
    assert result.usable
    assert result.px_per_module < 3
    assert any("px per QR module" in w for w in result.warnings)


def test_manual_four_corner_calibration():
    layout, frame, truth = scene("crypt", 2, VIEWS["tilted"])
    clicked = apply_homography(truth, layout.mat_corners_mm()) + np.array(
        [[0.4, -0.3], [-0.5, 0.2], [0.3, 0.4], [-0.2, -0.4]]
    )  # a careful click is a pixel off
    cal = Calibrator(layout)
    result = cal.manual(clicked, frame_size=FRAME)
    assert result.usable and result.source == "manual" and result.error_mm is None
    assert mean_error_mm(result, truth, layout) < 1.5
    assert cal.current is result
    with pytest.raises(CalibrationError, match="four corners"):
        cal.manual(clicked[:3])
    with pytest.raises(CalibrationError, match="convex"):
        cal.manual(clicked[[0, 2, 1, 3]])


def test_save_and_reload_per_camera(tmp_path):
    layout, frame, truth = scene("masterpiece", 4, VIEWS["rotated"])
    cal = Calibrator(layout)
    with pytest.raises(CalibrationError, match="nothing to save"):
        cal.save("cam0", tmp_path)
    cal.update(frame)
    path = cal.save("usb:0/Logitech C920", tmp_path)
    assert path.parent == tmp_path and path.name == "usb_0_Logitech_C920.json"
    assert json.loads(path.read_text())["game"] == "masterpiece"
    again = Calibrator(layout)
    loaded = again.load("usb:0/Logitech C920", tmp_path)
    assert loaded.source == "loaded" and np.allclose(loaded.homography, cal.current.homography)
    assert mean_error_mm(loaded, truth, layout) < 1.0
    # With every marker hidden the reloaded solution carries on.
    _, covered, _ = scene("masterpiece", 4, VIEWS["rotated"], hide=[m.id for m in layout.markers])
    assert again.update(covered).source == "previous"
    with pytest.raises(CalibrationError, match="no saved calibration"):
        again.load("other", tmp_path)
    with pytest.raises(CalibrationError, match="masterpiece with 4"):
        Calibrator(load_layout("musee", 2)).load("usb:0/Logitech C920", tmp_path)
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(CalibrationError, match="unreadable"):
        again.load("broken", tmp_path)
    assert calibration_path("x").parent.name == "calibration"


def test_token_markers_are_not_taken_for_mat_markers():
    layout, frame, truth = scene("musee", 2, VIEWS["straight"])
    from calibration.render import render_token

    token = render_token("musee", "MUT01C", px_per_mm=2.0)
    frame[500 : 500 + token.shape[0], 900 : 900 + token.shape[1]] = token
    found = detect_markers(frame)
    assert 50 in found
    result = Calibrator(layout).update(frame, detections=found)
    assert 50 not in result.markers_seen and result.usable


def test_calibrate_cli(tmp_path):
    layout, frame, _ = scene("musee", 2, VIEWS["tilted"])
    good = tmp_path / "good.png"
    cv2.imwrite(str(good), frame)
    runner = CliRunner()
    result = runner.invoke(
        main,
        [
            "calibrate",
            str(good),
            "--game",
            "musee",
            "--players",
            "2",
            "--camera",
            "cam0",
            "--save-dir",
            str(tmp_path / "cal"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "usable" in result.output and (tmp_path / "cal" / "cam0.json").is_file()
    _, oblique, _ = scene("musee", 2, [[700, 300], [1220, 300], [1900, 1070], [20, 1070]])
    bad = tmp_path / "bad.png"
    cv2.imwrite(str(bad), oblique)
    result = runner.invoke(main, ["calibrate", str(bad), "--game", "musee", "-n", "2", "--json"])
    assert result.exit_code == 1
    assert "oblique" in json.loads(result.output)["reason"]
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((720, 1280, 3), 200, np.uint8))
    result = runner.invoke(main, ["calibrate", str(blank), "--game", "musee", "-n", "2"])
    assert result.exit_code == 1 and "markers missing" in result.output
    result = runner.invoke(
        main, ["calibrate", str(tmp_path / "none.png"), "--game", "musee", "-n", "2"]
    )
    assert result.exit_code == 2 and "error:" in result.output
    result = runner.invoke(main, ["calibrate", str(good), "--game", "musee", "-n", "5"])
    assert result.exit_code == 2 and "error:" in result.output


def test_noise_blur_glare_and_a_hand_still_calibrate_under_1_mm():
    layout, frame, truth = scene("cardcassonne", 4, VIEWS["tilted"], hide=(2, 5))
    rng = np.random.default_rng(7)
    frame = cv2.GaussianBlur(frame, (0, 0), 1.2)
    glare = np.zeros(frame.shape[:2], np.float32)
    cv2.ellipse(glare, (1300, 300), (260, 140), 20, 0, 360, 1.0, -1)
    glare = cv2.GaussianBlur(glare, (0, 0), 40)[..., None]
    frame = frame.astype(np.float32) * (1 - 0.6 * glare) + 255 * 0.6 * glare
    frame = np.clip(frame + rng.normal(0, 8, frame.shape), 0, 255).astype(np.uint8)
    result = Calibrator(layout).update(frame)
    assert result.usable, result.reason
    assert {2, 5}.isdisjoint(result.markers_seen)
    assert mean_error_mm(result, truth, layout) < 1.0
