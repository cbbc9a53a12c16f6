"""The pack-up check started from the café page: staff press "Check the box" on a table's tile,
the café asks the table over MQTT, the table checks the request (version, staff, not while a
game is played, not twice in a row) and reads its camera's newest frame (a rendered Musée box
with two cards missing and a Mythe card added, the real decoder); the result comes back to the
tile. Real Mosquitto, real dashboard and café apps."""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

import cv2
from cafehelpers import place, wait_until
from test_hostile_messages import Rogue
from test_packup_check import packup_alerts, table  # noqa: F401 - `table` is a fixture

from cafe import packup
from cafe import topics as T
from cafe.app import create_cafe_app
from cafe.packup_web import latest_frame
from web.camera import open_watcher

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))
from packup_frames import kit_frame


def checks_logged(runtime) -> int:
    with sqlite3.connect(runtime.store.path) as db:
        known = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'cafe_packup_checks'")
        if known.fetchone() is None:
            return 0  # no check kept yet
        return db.execute("SELECT COUNT(*) FROM cafe_packup_checks").fetchone()[0]


def phase_of(view, name="t1"):
    for tile in view.snapshot()["tables"]:
        if tile["table"] == name and tile["state"] and tile["state"]["table_phase"]:
            return tile["state"]["table_phase"]["name"]
    return None


def test_staff_start_the_box_check_from_the_cafe_page(
    table,  # noqa: F811
    cafe_view,
    broker,
    tmp_path,
    monkeypatch,
):
    monkeypatch.setattr(packup, "REQUEST_EVERY_S", 2.0)
    app, runtime, desk = table
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(
        str(frames / "0001.png"), kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")])
    )
    runtime.attach_watcher(open_watcher(f"images:{frames}", "musee", 2), "images")
    wait_until(lambda: latest_frame(runtime.watcher) is not None, 20, "the camera's first frame")
    wait_until(
        lambda: phase_of(cafe_view) in ("idle", "setting_up"), 20, "the table on the café view"
    )
    staff = create_cafe_app(cafe_view).test_client()

    asked = staff.post("/api/packup-check", json={"venue": "cafe", "table": "t1"})
    assert asked.status_code == 200 and asked.get_json() == {"sent": True}
    alert = wait_until(lambda: packup_alerts(cafe_view), 20, "the box's result on the café view")[0]
    assert alert["code"] == "incomplete" and alert["cards"] == ["MU17", "MU42"]
    # The table's file keeps the check before the desk shows it (check_now): on a busy
    # machine the café view once had the alert while the file had no check yet.
    assert checks_logged(runtime) == 1, "the check shown on the café view is in the table's file"
    staff.post("/api/packup-check", json={"venue": "cafe", "table": "t1"})  # pressed twice
    time.sleep(0.5)
    assert checks_logged(runtime) == 1, "a request repeated at once starts no second check"

    rogue = Rogue(broker)
    try:
        ack = T.TableTopics("cafe", "t1").ack
        time.sleep(2.2)  # past the repeat window: what follows is refused for what it is
        for forged in (  # not from staff, another version, no action the table knows
            dict(T.packup_request_payload(), v=99),
            dict(T.packup_request_payload(), by="player"),
            dict(T.packup_request_payload(), action=["packup_check"]),
        ):
            rogue.send(ack, forged, retain=False)
        time.sleep(0.5)
        assert checks_logged(runtime) == 1, "a request the table cannot trust is ignored"

        runtime.play(place(0, 10, 0), None)  # a game is being played now
        wait_until(lambda: phase_of(cafe_view) == "playing", 20, "the table playing")
        time.sleep(2.2)
        refused = staff.post("/api/packup-check", json={"venue": "cafe", "table": "t1"})
        assert refused.status_code == 409
        assert "being played" in refused.get_json()["error"]["message"]
        rogue.send(ack, T.packup_request_payload(), retain=False)  # straight to the table
        time.sleep(0.5)
        assert checks_logged(runtime) == 1, "the table itself refuses while a game is played"
    finally:
        rogue.close()
    unknown = staff.post("/api/packup-check", json={"venue": "cafe", "table": "t9"})
    assert unknown.status_code == 404
    assert staff.post("/api/packup-check", json={"table": "t1"}).status_code == 400
    foreign = staff.post(
        "/api/packup-check",
        json={"venue": "cafe", "table": "t1"},
        headers={"Origin": "http://evil.example"},
    )
    assert foreign.status_code == 403
