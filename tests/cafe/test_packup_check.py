"""The pack-up check at a café table: the host taps "Check the box", the table reads its
camera's newest frame whole with the real decoder (a rendered photo of a Musée box laid out
in rows, two cards taken and a Mythe card added, through the real pipeline's `images:` source),
the result reaches the café view as a `packup` alert with the missing cards, and staff's
acknowledgement takes it off the café page. Real Mosquitto, real dashboard and café apps."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import cv2
import pytest
from cafehelpers import dashboard_address, phone_and_staff, settings_for, stop, wait_until
from test_cafe_page import start_cafe

from cafe.app import create_cafe_app
from cafe.hub import CafeView
from cafe.packup import PackupDesk, log_check
from cafe.packup_web import install_packup, latest_frame
from cafe.payloads import read
from web import create_app
from web.camera import open_watcher

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))
from packup_frames import kit_frame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


@pytest.fixture
def table(publishing_table):
    desk = PackupDesk()
    app, runtime = publishing_table(lambda app: install_packup(app, desk), packup_desk=desk)
    return app, runtime, desk


def packup_alerts(view) -> list[dict]:
    return [a for t in view.snapshot()["tables"] for a in t["alerts"] if a["kind"] == "packup"]


def test_the_box_check_reaches_the_cafe_and_leaves_when_staff_saw_it(table, cafe_view, tmp_path):
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
    (logged,) = host.get("/api/packup-checks").get_json()
    assert logged["at"] == result["at"] and logged["game_id"] == runtime.game_id
    assert [m["payload"] for m in logged["missing"]] == ["MU17", "MU42"]

    alert = wait_until(lambda: packup_alerts(cafe_view), 10, "the result on the café view")[0]
    assert alert["code"] == "incomplete" and alert["cards"] == ["MU17", "MU42"]
    assert "Missing: Musée 17 Seascape and 42 Seascape." in alert["message"]["en"]
    assert "缺少：《私藏美術館》17 海景、42 海景。" in alert["message"]["zh-TW"]

    staff = create_cafe_app(cafe_view).test_client()
    acked = staff.post("/api/ack", json={"venue": "cafe", "table": "t1", "alert": alert["id"]})
    assert acked.status_code == 200
    wait_until(lambda: not packup_alerts(cafe_view), 10, "the result off the café page once seen")
    assert host.get("/api/packup-check").get_json()["missing"], "the table's page still has it"


def test_checks_are_kept_in_the_tables_database_across_restarts(tmp_path):
    db = tmp_path / "t1.sqlite3"
    for run in range(2):
        app = create_app({"db": str(db), "game": "musee", "players": 2})
        install_packup(app, PackupDesk())
        if run == 0:
            result = {"game": "musee", "complete": False, "missing": [], "sentences": []}
            log_check(db, 1, PackupDesk().record(result))
        checks = app.test_client().get("/api/packup-checks").get_json()
        app.extensions["companion_runtime"].close()
    assert len(checks) == 1 and checks[0]["game"] == "musee" and checks[0]["game_id"] == 1
    with sqlite3.connect(db) as plain:  # a table of its own beside the game log
        assert plain.execute("SELECT count(*) FROM cafe_packup_checks").fetchone() == (1,)


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


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_check_the_box_from_the_table_page_to_the_cafe_page(broker, tmp_path):
    """The real `companion serve --source images:DIR --mqtt` table and `companion cafe`."""
    sync_api = pytest.importorskip("playwright.sync_api")
    frames = tmp_path / "frames"
    frames.mkdir()
    frame = kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")])
    cv2.imwrite(str(frames / "0001.png"), frame)
    cafe_process, cafe_url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    table_process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--game", "musee", "--players", "2"]
        + ["--source", f"images:{frames}", "--port", "0", "--db", str(tmp_path / "t1.sqlite3")]
        + ["--mqtt", broker.url, "--table", "t1", "--venue", "cafe"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    view = CafeView(settings_for(broker), "cafe").start()
    try:
        dashboard = dashboard_address(view)
        with chromium() as browser:
            phone, staff = phone_and_staff(browser, 20000)
            expect = sync_api.expect
            phone.goto(dashboard)
            button = phone.locator("#cafe-packup-btn")
            expect(button).to_have_text("Check the box")
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390
            button.click()
            result = phone.locator("#cafe-packup-result")
            expect(result).to_contain_text("Missing: Musée 17 Seascape and 42 Seascape.")
            expect(result).to_contain_text("Not from this box: Adventure 1 of Mythe.")
            link = result.locator("a").first
            expect(link).to_have_text("Print 17 Seascape again")
            assert link.get_attribute("href") == "/kit/musee/card/MU17.png"
            phone.click("#lang-zh")
            expect(button).to_have_text("檢查盒內的牌")
            expect(result).to_contain_text("缺少：《私藏美術館》17 海景、42 海景。")
            expect(link).to_have_text("重印 17 海景")
            SHOTS.mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=str(SHOTS / "table-packup-zh.png"), full_page=True)

            staff.goto(cafe_url + "/")
            alert = staff.locator('.tile[data-table="t1"] .alert-packup')
            expect(alert).to_contain_text("Box check")
            expect(alert).to_contain_text("Missing: Musée 17 Seascape and 42 Seascape.")
            staff.click("#lang-zh")
            expect(alert).to_contain_text("收盒檢查")
            expect(alert).to_contain_text("缺少：《私藏美術館》17 海景、42 海景。")
            staff.screenshot(path=str(SHOTS / "cafe-packup-zh.png"))
            alert.locator("button.ack").click()
            expect(alert).to_have_count(0)
            browser.close()
    finally:
        view.close()
        stop(table_process, cafe_process)
