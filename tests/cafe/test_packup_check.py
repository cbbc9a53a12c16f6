"""The pack-up check at a café table: the host taps "Check the box", the table reads its
camera's newest frame whole with the real decoder (a rendered photo of a Musée box laid out
in rows, two cards taken and a Mythe card added, through the real pipeline's `images:` source),
the result reaches the café view as a `packup` alert with the missing cards, and staff's
acknowledgement takes it off the café page. Real Mosquitto, real dashboard and café apps."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import pytest
from cafehelpers import settings_for, wait_until

from cafe.app import create_cafe_app
from cafe.hub import CafeView
from cafe.packup import PackupDesk
from cafe.packup_web import install_packup, latest_frame
from cafe.payloads import read
from cafe.table import TablePublisher
from web import create_app
from web.camera import open_watcher

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))
from packup_frames import kit_frame


@pytest.fixture
def table(broker, tmp_path):
    desk = PackupDesk()
    app = create_app(
        {"db": str(tmp_path / "t1.sqlite3"), "game": "musee", "players": 2, "names": ["Amy", "Ben"]}
    )
    install_packup(app, desk)
    runtime = app.extensions["companion_runtime"]
    publisher = TablePublisher(
        runtime, settings_for(broker), "cafe", "t1", poll_s=0.05, packup_desk=desk
    ).start()
    yield app, runtime, desk
    publisher.close(timeout_s=0.5)
    runtime.close()


@pytest.fixture
def cafe(broker):
    view = CafeView(settings_for(broker), "cafe").start()
    yield view
    view.close()


def packup_alerts(view) -> list[dict]:
    return [a for t in view.snapshot()["tables"] for a in t["alerts"] if a["kind"] == "packup"]


def test_the_box_check_reaches_the_cafe_and_leaves_when_staff_saw_it(table, cafe, tmp_path):
    app, runtime, desk = table
    host = app.test_client()
    assert b"cafe-packup-btn" in host.get("/").data, "the dashboard shows the button"
    assert host.get("/api/packup-check").get_json() == {"checked": False}
    refused = host.post("/api/packup-check", json={})
    assert refused.status_code == 409
    assert "鏡頭" in refused.get_json()["error"]["text"]["zh-TW"], "no camera: said in both"

    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(
        str(frames / "0001.png"), kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")])
    )
    runtime.attach_watcher(open_watcher(f"images:{frames}", "musee", 2), "images")
    wait_until(lambda: latest_frame(runtime.watcher) is not None, 20, "the camera's first frame")

    answer = host.post("/api/packup-check", json={})
    assert answer.status_code == 200, answer.data
    result = answer.get_json()
    assert [m["payload"] for m in result["missing"]] == ["MU17", "MU42"]
    assert [f["payload"] for f in result["foreign"]] == ["MYN1A"] and result["present"] == 58
    assert result["missing"][0]["replace"]["url"] == "/kit/musee/card/MU17.png"
    assert host.get("/api/packup-check").get_json()["at"] == result["at"], "the page keeps it"

    alert = wait_until(lambda: packup_alerts(cafe), 10, "the result on the café view")[0]
    assert alert["code"] == "incomplete" and alert["cards"] == ["MU17", "MU42"]
    assert "Missing: Musée 17 Seascape and 42 Seascape." in alert["message"]["en"]
    assert "缺少：《私藏美術館》17 海景、42 海景。" in alert["message"]["zh-TW"]

    staff = create_cafe_app(cafe).test_client()
    acked = staff.post("/api/ack", json={"venue": "cafe", "table": "t1", "alert": alert["id"]})
    assert acked.status_code == 200
    wait_until(lambda: not packup_alerts(cafe), 10, "the result off the café page once seen")
    assert host.get("/api/packup-check").get_json()["missing"], "the table's page still has it"


def test_the_alert_has_the_shape_the_cafe_accepts():
    desk = PackupDesk()
    assert desk.alert() is None
    many = [{"payload": f"MU{i:02d}"} for i in range(1, 61)]
    desk.record(
        {"complete": False, "missing": many, "sentences": [{"en": "x" * 900, "zh-TW": "缺" * 900}]}
    )
    alerts = {"v": 1, "alerts": [desk.alert()]}
    _, _, _, clean = read("companion/cafe/tables/t1/alerts", json.dumps(alerts).encode())
    assert clean["alerts"][0]["cards"][0] == "MU01" and clean["alerts"][0]["kind"] == "packup"
    assert desk.clear() and desk.alert() is None and not desk.clear()


def test_only_the_host_checks_the_box(tmp_path):
    from web.roles import role_tokens

    app = create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0", "token": "h0st"})
    install_packup(app, PackupDesk())
    client = app.test_client()
    tokens = role_tokens("h0st")
    for role in ("player", "viewer"):
        answer = client.post(
            "/api/packup-check", json={}, headers={"X-Companion-Token": tokens[role]}
        )
        assert answer.status_code == 403, role  # host_only, or viewer_only for a viewer
    host = client.post("/api/packup-check", json={}, headers={"X-Companion-Token": tokens["host"]})
    assert host.status_code == 409, "the host may: this table has no camera"
    app.extensions["companion_runtime"].close()
