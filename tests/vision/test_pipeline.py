"""TableWatcher on rendered tables: regions and slots, calibration paths, preview, events."""

import cv2
import numpy as np
import pytest

from calibration.layouts import load_layout
from companion.events import CardAdded, FrameEnd
from vision.contract import WatchStep
from vision.hands import Hand
from vision.pipeline import CalibrationError, TableWatcher
from vision.render import Camera, Degradation, layout_scene, render_scene
from vision.sources import SceneSource, open_source
from vision.still import recognize

CAMERA = Camera(px_per_mm=1.75, tilt=0.14, k1=-0.035)
PLACEMENTS = [
    ("MU03", "museum0", [0, 0]),
    ("MU17", "museum0", [1, 3]),
    ("MU44", "museum1", [2, 5]),
    ("MU21", "museum1", [0, 2]),
]
TOKENS = [("MUT01S", "museum0-tokens", [0, 1]), ("MUT02C", "museum1-tokens", [1, 4])]


@pytest.fixture(scope="module")
def table():
    scene = layout_scene("musee", 2, PLACEMENTS, TOKENS, seed=2)
    look = Degradation(blur_sigma=0.8, noise_sigma=3, jpeg_quality=85, light=0.2, shadow=0.2)
    return render_scene(scene, seed=2, camera=CAMERA, degradation=look)


def test_every_card_and_token_lands_in_its_region_and_slot(table):
    result = recognize(table.image, "musee", 2)
    assert result["calibrated"] and result["reprojection_error_mm"] < 3
    assert [(c["payload"], c["region"], c["slot"]) for c in result["cards"]] == sorted(
        (p, r, s) for p, r, s in PLACEMENTS
    )
    assert {(t["payload"], t["region"], tuple(t["slot"])) for t in result["tokens"]} == {
        (p, r, tuple(s)) for p, r, s in TOKENS
    }
    assert result["warnings"] == []


def test_positions_leave_in_millimetres(table):
    result = recognize(table.image, "musee", 2)
    layout = load_layout("musee", 2)
    for card in result["cards"]:
        cx, cy = layout.region(card["region"]).slot(card["slot"]).center_mm
        assert abs(card["x_mm"] - cx) < 12 and abs(card["y_mm"] - cy) < 12


def test_manual_corners_calibrate_when_markers_are_hidden(table):
    image = table.image.copy()
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    # Paint over every mat marker: no automatic calibration is possible.
    layout = load_layout("musee", 2)
    to_px = table.mat_to_px
    for marker in layout.markers:
        quad = cv2.perspectiveTransform(np.array([marker.corners_mm()], np.float64), to_px)[0]
        cv2.fillConvexPoly(image, cv2.convexHull(quad.astype(np.int32)), (235, 235, 235))
        cv2.polylines(image, [quad.astype(np.int32)], True, (235, 235, 235), 25)
    step = watcher.process(image, 0.0)
    assert not step.calibrated and any("not calibrated" in w for w in step.warnings)
    corners = cv2.perspectiveTransform(np.array([layout.mat_corners_mm()], np.float64), to_px)[0]
    watcher.set_manual_corners(corners.tolist(), (image.shape[1], image.shape[0]))
    assert watcher.calibrated
    seen = watcher.see(image)
    assert {(d.payload, d.region, d.slot) for d in seen.detections if d.marker is None} == {
        (p, r, tuple(s)) for p, r, s in PLACEMENTS
    }
    with pytest.raises(CalibrationError):
        watcher.set_manual_corners([[0, 0], [1, 1]])


def test_watch_steps_settle_cards_and_survive_a_hand(table):
    scene = layout_scene("musee", 2, PLACEMENTS, TOKENS, seed=2)
    x, y = load_layout("musee", 2).region("museum0").slot([1, 3]).center_mm
    covered = render_scene(
        layout_scene("musee", 2, PLACEMENTS, TOKENS, [Hand(x, y + 40, -90, 1.4)], seed=2),
        seed=5,
        camera=CAMERA,
    )
    frames = [table.image] * 4 + [covered.image] * 6 + [table.image] * 3
    assert any(t.occluded for t in covered.truth)
    watcher = TableWatcher(None, "musee", 2)
    added, removed = [], []
    for index, image in enumerate(frames):
        step = watcher.process(image, index * 0.25)  # 1.5 s under the hand
        assert isinstance(step, WatchStep) and step.preview_jpeg[:2] == b"\xff\xd8"
        added += [e for e in step.events if isinstance(e, CardAdded)]
        removed += [e for e in step.events if e.type == "card_removed"]
        ends = [e for e in step.events if isinstance(e, FrameEnd)]
        if step.events:
            assert ends and step.events[-1] is ends[0]
    assert sorted(e.payload for e in added) == sorted(
        [p for p, _, _ in PLACEMENTS] + [p for p, _, _ in TOKENS]
    )
    assert removed == []
    assert len(scene.pieces) == len(added)


def test_watcher_reports_a_finished_folder(tmp_path, table):
    cv2.imwrite(str(tmp_path / "0000.jpg"), table.image)
    watcher = TableWatcher(open_source(f"images:{tmp_path}"), "musee", 2)
    first = watcher.step()
    assert first.calibrated and first.status.frames_read == 1
    last = watcher.step()
    assert last.status.finished and last.events == []


def test_scene_source_renders_frames_deterministically():
    source = open_source("scene:musee?players=2&seed=3&cards=4&frames=2")
    assert isinstance(source, SceneSource)
    first, second = source.read(), source.read()
    assert first.image.shape == (1080, 1920, 3) and second.index == 1
    assert source.read() is None and source.status().finished
    again = open_source("scene:musee?players=2&seed=3&cards=4&frames=1").read()
    assert np.array_equal(first.image, again.image)
    assert not np.array_equal(first.image, second.image)  # fresh sensor noise each frame
    result = recognize(first.image, "musee", 2)
    assert len(result["cards"]) == 4 and all(
        c["region"].startswith("museum") for c in result["cards"]
    )


def test_other_games_layouts_and_face_down_backs():
    layout = load_layout("cardcassonne", 2)
    yellow, red, deck = (layout.region(n) for n in ("row-yellow", "row-red", "deck"))
    placements = [
        ("CCY01", "row-yellow", list(yellow.slots[0].slot)),
        ("CCR05", "row-red", list(red.slots[3].slot)),
        ("CCBACK", "deck", list(deck.slots[0].slot)),
    ]
    scene = layout_scene("cardcassonne", 2, placements, seed=1)
    camera = Camera(px_per_mm=1.55, tilt=0.1, k1=-0.02)
    image = render_scene(
        scene, seed=1, camera=camera, degradation=Degradation(noise_sigma=2, jpeg_quality=90)
    ).image
    result = recognize(image, "cardcassonne", 2)
    assert {
        (c["payload"], c["region"], tuple(c["slot"]), c["face_down"]) for c in result["cards"]
    } == {
        ("CCY01", "row-yellow", tuple(yellow.slots[0].slot), False),
        ("CCR05", "row-red", tuple(red.slots[3].slot), False),
        ("CCBACK", "deck", tuple(deck.slots[0].slot), True),
    }
    watcher = TableWatcher(None, "cardcassonne", 2, preview_width=0)
    added = []
    for index in range(3):
        added += [e for e in watcher.process(image, index / 10).events if isinstance(e, CardAdded)]
    assert {(e.payload, e.face_down) for e in added} == {
        ("CCY01", False),
        ("CCR05", False),
        ("CCBACK", True),
    }


def test_each_step_counts_what_every_decoding_pass_read_and_missed(table):
    """The dashboard's camera check shows these counts: per pass of the card reader how many
    symbols it tried and read, and how often the whole picture, a changed part or nothing
    was decoded."""
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    step = watcher.process(table.image, 0.0)
    counts = step.decoding
    assert counts["frames"] == 1 and counts["whole"] == 1
    assert counts["changed_part"] == 0 and counts["unchanged"] == 0
    by_pass = {p["pass"]: p for p in counts["passes"]}
    assert by_pass["crop"]["tried"] >= len(PLACEMENTS)
    assert sum(p["read"] for p in counts["passes"]) >= len(PLACEMENTS)
    assert all(0 <= p["read"] <= p["tried"] and p["ms"] >= 0 for p in counts["passes"])
    assert counts["codes_last_frame"] == len(PLACEMENTS)
    again = watcher.process(table.image, 0.5).decoding  # the same picture: nothing decoded
    assert again["frames"] == 2 and again["unchanged"] == 1
    assert again["passes"] == counts["passes"]


def test_previews_are_made_about_ten_times_a_second_whatever_the_frame_rate():
    """The dashboard's picture needs no 30 fps; each preview costs milliseconds of a frame."""
    image = np.full((270, 480, 3), 128, np.uint8)
    watcher = TableWatcher(None, "musee", 2)
    previews = [watcher.process(image, i / 30).preview_jpeg is not None for i in range(30)]
    assert previews[0] and sum(previews) == 10
    slow = TableWatcher(None, "musee", 2)
    assert all(slow.process(image, i / 4).preview_jpeg for i in range(5))  # 4 fps: every one
