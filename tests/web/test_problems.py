"""Finding 9: failures that used to be swallowed are logged once with their cause and show
on the dashboard's diagnostics (the camera status's `problems`)."""

from __future__ import annotations

import logging
import time


class BrokenCamera:
    def __init__(self):
        self.steps = 0

    def step(self):
        self.steps += 1
        raise OSError("the USB camera vanished")

    def close(self):
        raise RuntimeError("the driver hung up badly")


def test_a_failing_camera_is_logged_once_and_shown(client, runtime, caplog):
    camera = BrokenCamera()
    with caplog.at_level(logging.ERROR, logger="web.runtime"):
        runtime.attach_watcher(camera, "camera:9", interval_s=0.0)
        deadline = time.monotonic() + 5
        while camera.steps < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        status = client.get("/api/camera").get_json()
    assert camera.steps >= 5
    logged = [r for r in caplog.records if r.getMessage() == "the camera step failed"]
    assert len(logged) == 1 and "vanished" in str(logged[0].exc_info[1])
    assert status["online"] is False and "vanished" in status["reason"]
    assert any("vanished" in (p["cause"] or "") for p in status["problems"])


def test_a_camera_that_fails_to_close_is_logged_and_shown(client, runtime):
    runtime.watcher = BrokenCamera()
    runtime.watcher_factory = lambda game, players: object()
    assert client.post("/api/new-game", json={"game": "musee", "players": 3}).status_code == 200
    problems = client.get("/api/camera").get_json()["problems"]
    assert problems[-1]["message"] == "closing the previous camera failed"
    assert "hung up badly" in problems[-1]["cause"]
