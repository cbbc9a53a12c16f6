"""Each bundled recorded game (sample_images/<game>-<n>p) taught from its first step to its
last through the camera path: the real decoder reads every frame, the runtime judges what it
sees, the lesson follows; players tap only the steps no camera can see. Slow (about 90 s for
the five on 2 cores): `pytest -m slow tests/web/test_lesson_recordings.py`."""

from __future__ import annotations

import pytest

from web import create_app
from web.camera import pipeline_available, sample_recordings
from web.recording import load_recording

RECORDINGS = sample_recordings()
MAX_STEPS = 2000

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not pipeline_available(), reason="needs the vision pipeline"),
]


@pytest.mark.parametrize("slug", sorted(RECORDINGS))
def test_a_recorded_game_takes_its_lesson_to_the_end_through_the_camera(slug, tmp_path):
    from web.camera import open_watcher

    folder = RECORDINGS[slug]
    recording = load_recording(folder)
    app = create_app(
        {
            "db": str(tmp_path / "games.sqlite3"),
            "game": recording.game,
            "players": recording.players,
            "names": recording.names,
            "options": recording.options,
            "fresh": True,
            "teach": True,
        }
    )
    runtime = app.extensions["companion_runtime"]
    panel = app.extensions["companion_lesson"]
    try:
        runtime.watcher = open_watcher(f"images:{folder}", recording.game, recording.players)
        seen_by_camera, taps = [], 0
        for _ in range(MAX_STEPS):
            runtime.step_once()
            with runtime.lock:
                while panel.run.current is not None and panel.run.current.done.when == "tap":
                    panel.act("tap")
                    taps += 1
                step = panel.run.current
                if step is not None and (not seen_by_camera or seen_by_camera[-1] != step.id):
                    seen_by_camera.append(step.id)
            if not runtime.camera.status.get("online", True):
                break
        session = runtime.session
        assert session.game.is_over(session.state), "the recording plays a whole game"
        assert panel.run.finished and not panel.run.skipped
        ids = [s.id for s in panel.run.lesson.steps]
        camera_steps = [s.id for s in panel.run.lesson.steps if s.done.when != "tap"]
        assert [i for i in ids if i in seen_by_camera] == seen_by_camera  # in order
        assert len(seen_by_camera) >= len(camera_steps) - 1  # at most one done at once
        assert taps == len(ids) - len(camera_steps)  # only the steps no camera sees
        assert all(r["type"] != "lesson" for r in runtime.store.records(runtime.game_id))
    finally:
        runtime.close()
