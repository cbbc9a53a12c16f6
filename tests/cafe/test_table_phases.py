"""A table's phase, sensed: the recorded Musée game (sample_images/musee-2p) read by the real
vision pipeline, followed by frames of the empty mat, published over a real Mosquitto."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from cafehelpers import settings_for, wait_until

from cafe.floor import FloorSettings
from cafe.hub import CafeView
from cafe.phases import PhaseClock, Sensed, phase_of
from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.recording import RecordedInputs, load_recording
from web.runtime import Runtime

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images" / "musee-2p"
EMPTY_FRAMES = 40  # ten seconds of an empty mat at the recording's 4 fps


def test_each_phase_from_what_is_sensed():
    assert phase_of(Sensed(0, 0, False, False)) == "idle"
    assert phase_of(Sensed(None, 0, False, False)) == "idle"
    assert phase_of(Sensed(6, 0, False, False)) == "setting_up"
    assert phase_of(Sensed(9, 3, False, False)) == "playing"
    assert phase_of(Sensed(None, 3, False, False)) == "playing"
    assert phase_of(Sensed(9, 30, False, True)) == "scoring"
    assert phase_of(Sensed(9, 30, True, False)) == "finished"
    assert phase_of(Sensed(None, 30, True, False)) == "finished", "no camera: never 'packed'"
    assert phase_of(Sensed(0, 30, True, False)) == "packed"


def test_the_phase_clock_keeps_entry_and_running_times():
    now = [1000.0]
    clock = PhaseClock(lambda: now[0])
    assert clock.update(1, Sensed(0, 0, False, False))["name"] == "idle"
    now[0] = 1010
    assert clock.update(1, Sensed(5, 0, False, False)) == {
        "name": "setting_up",
        "since": 1010,
        "started": 1010,
        "ended": None,
    }
    now[0] = 1100
    playing = clock.update(1, Sensed(5, 1, False, False, first_ts=1099, last_ts=1099))
    assert playing == {"name": "playing", "since": 1100, "started": 1010, "ended": None}
    now[0] = 2000
    assert clock.update(1, Sensed(5, 9, False, False))["since"] == 1100, "same phase, same since"
    now[0] = 2500
    done = clock.update(1, Sensed(5, 30, True, False, first_ts=1099, last_ts=2499))
    assert done == {"name": "finished", "since": 2500, "started": 1010, "ended": 2499}
    now[0] = 2600
    assert clock.update(1, Sensed(0, 30, True, False))["name"] == "packed"
    # A new game at the same table starts afresh.
    now[0] = 2700
    assert clock.update(2, Sensed(0, 0, False, False)) == {
        "name": "idle",
        "since": 2700,
        "started": None,
        "ended": None,
    }
    # A table restarted mid-game: its log says when play began.
    restarted = PhaseClock(lambda: 5000.0).update(3, Sensed(8, 4, False, False, 4000.0, 4900.0))
    assert restarted == {"name": "playing", "since": 4000.0, "started": 4000.0, "ended": None}


def test_the_floor_warns_of_an_unpacked_table_and_an_overlong_game():
    floor = FloorSettings(unpacked_after_min=10, overlong_factor=2.0, usual_minutes={"musee": 25})
    state = {"game": {"slug": "musee"}, "table_phase": None}
    assert floor.warnings(state, 0) == []
    state["table_phase"] = {"name": "finished", "since": 0, "started": -3000, "ended": 0}
    assert floor.warnings(state, 9 * 60) == []
    assert floor.warnings(state, 11 * 60) == [{"code": "unpacked", "minutes": 11}]
    state["table_phase"] = {"name": "playing", "since": 0, "started": 0, "ended": None}
    assert floor.warnings(state, 49 * 60) == []
    assert floor.warnings(state, 51 * 60) == [{"code": "overlong", "minutes": 51, "usual": 25}]
    assert FloorSettings.load().usual_minutes["musee"] > 0


def recorded_game_then_an_empty_mat(folder: Path) -> Path:
    """The recording's frames (linked), then the empty mat rendered as the recording was."""
    cv2 = pytest.importorskip("cv2")
    from vision.render import layout_scene, render_scene
    from vision.samples import CAMERA, LOOK

    folder.mkdir()
    frames = sorted(SAMPLES.glob("[0-9]*.jpg"))
    for frame in frames:
        (folder / frame.name).symlink_to(frame)
    shutil.copy(SAMPLES / "inputs.json", folder / "inputs.json")
    empty = render_scene(
        layout_scene("musee", 2, [], [], [], seed=1000), seed=1, camera=CAMERA, degradation=LOOK
    )
    first = folder / f"{len(frames):04d}.jpg"
    cv2.imwrite(str(first), empty.image, [cv2.IMWRITE_JPEG_QUALITY, 50])
    for n in range(len(frames) + 1, len(frames) + EMPTY_FRAMES):
        (folder / f"{n:04d}.jpg").symlink_to(first)
    return folder


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="sample_images/musee-2p is not installed")
def test_phases_of_a_recorded_game_reach_the_cafe(broker, tmp_path):
    pytest.importorskip("vision.pipeline")
    from web.camera import open_watcher

    folder = recorded_game_then_an_empty_mat(tmp_path / "frames")
    recording = load_recording(folder)
    runtime = Runtime(GameStore(tmp_path / "t.sqlite3"), "musee", Setup(2, recording.names))
    runtime.watcher = RecordedInputs(open_watcher(f"images:{folder}", "musee", 2), recording)
    publisher = TablePublisher(runtime, settings_for(broker), "cafe", "t1", poll_s=0.05).start()
    view = CafeView(settings_for(broker), "cafe").start()
    seen: list[str] = []

    def phase_now() -> dict | None:
        tiles = view.snapshot()["tables"]
        state = tiles[0]["state"] if tiles else None
        return state and state["table_phase"]

    try:
        first = wait_until(phase_now, what="the first phase")
        seen.append(first["name"])
        while not runtime.camera.status.get("finished"):
            runtime.step_once()
            time.sleep(0.03)  # the publisher's poll sees each phase (a real camera is slower)
            phase = phase_now()
            if phase and phase["name"] != seen[-1]:
                seen.append(phase["name"])
        wait_until(lambda: phase_now()["name"] == "packed", 10, "packed")
        if seen[-1] != "packed":
            seen.append("packed")
        assert seen == ["idle", "setting_up", "playing", "finished", "packed"], seen
        phase = phase_now()
        assert phase["started"] <= phase["ended"] <= phase["since"] <= time.time()
    finally:
        view.close()
        publisher.close(timeout_s=0.5)
        runtime.close()
