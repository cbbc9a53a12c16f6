"""A call for help: a player's tap on the table's page, or play that looks stuck, reaches the
café at once with its reason in both languages; staff acknowledge it (the table says someone
is coming) and clear it. Real Mosquitto, a real dashboard app, the real café app."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from cafehelpers import (
    dashboard_address,
    phone_and_staff,
    place,
    settings_for,
    start_demo_table,
    stop,
    wait_until,
)
from test_cafe_page import start_cafe

from cafe.app import create_cafe_app
from cafe.help import HelpDesk, HelpThresholds
from cafe.help_web import install_help
from cafe.hub import CafeView
from companion.model import Setup
from companion.session import Session
from web.runtime import RuleBreak

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


@pytest.fixture
def table(publishing_table):
    """A table's dashboard app with the café's help piece, publishing to the broker."""
    desk = HelpDesk(HelpThresholds(refused_moves=3, refused_window_s=60, no_move_min=15))
    app, runtime = publishing_table(lambda app: install_help(app, desk), help_desk=desk)
    return app, runtime, desk


@pytest.fixture
def cafe(cafe_view):
    return cafe_view, create_cafe_app(cafe_view).test_client()


def help_alerts(view) -> list[dict]:
    tiles = view.snapshot()["tables"]
    return [a for t in tiles for a in t["alerts"] if a["kind"] == "help"]


def test_a_tap_reaches_the_cafe_and_staff_acknowledge_then_clear_it(table, cafe):
    app, runtime, desk = table
    view, staff = cafe
    player = app.test_client()
    assert player.get("/api/call-staff").get_json() == {"open": False}
    assert b"cafe-help-btn" in player.get("/").data, "the dashboard shows the button"

    answer = player.post("/api/call-staff", json={})
    assert answer.status_code == 200 and answer.get_json()["reason"] == "called"
    call = wait_until(lambda: help_alerts(view), 10, "the call on the café view")[0]
    assert call["id"] == "help:called" and not call["acknowledged"]
    assert call["message"] == {"en": "A player called for staff.", "zh-TW": "玩家呼叫店員。"}

    assert (
        staff.post(
            "/api/ack", json={"venue": "cafe", "table": "t1", "alert": call["id"], "action": "x"}
        ).status_code
        == 400
    )
    acked = staff.post("/api/ack", json={"venue": "cafe", "table": "t1", "alert": call["id"]})
    assert acked.status_code == 200
    wait_until(lambda: player.get("/api/call-staff").get_json()["acknowledged_at"], 10, "ack")
    wait_until(lambda: help_alerts(view)[0]["acknowledged"], 10, "the ack on the café view")

    cleared = staff.post(
        "/api/ack", json={"venue": "cafe", "table": "t1", "alert": call["id"], "action": "clear"}
    )
    assert cleared.status_code == 200
    wait_until(lambda: not help_alerts(view), 10, "the call cleared on the café view")
    assert player.get("/api/call-staff").get_json() == {"open": False}


def test_refused_moves_in_a_short_time_call_staff_by_themselves(table, cafe):
    app, runtime, desk = table
    view, _ = cafe
    for number in (10, 11):
        with pytest.raises(RuleBreak):
            runtime.play(place(0, number, 0, museum=1), runtime.session.state_id)
    assert not desk.status()["open"], "two refusals are not yet a stuck table"
    with pytest.raises(RuleBreak):
        runtime.play(place(0, 12, 0, museum=1), runtime.session.state_id)
    call = wait_until(lambda: help_alerts(view), 10, "the table's own call")[0]
    assert call["code"] == "refused_moves" and "rules" in call["message"]["en"]
    assert "規則" in call["message"]["zh-TW"]


def test_no_accepted_move_for_a_long_stretch_calls_staff_while_playing():
    now = [1000.0]
    desk = HelpDesk(HelpThresholds(3, 60, no_move_min=15), clock=lambda: now[0])
    session = Session("musee", Setup(2, ("Amy", "Ben")), clock=lambda: now[0])
    session.play(place(0, 10, 0))
    now[0] += 14 * 60
    desk.check(session, playing=True)
    assert not desk.status()["open"]
    now[0] += 2 * 60
    desk.check(session, playing=False)
    assert not desk.status()["open"], "only while a game is being played"
    desk.check(session, playing=True)
    assert desk.status()["reason"] == "no_progress"
    assert desk.clear()
    desk.check(session, playing=True)
    assert not desk.status()["open"], "a cleared call does not come straight back"
    now[0] += 16 * 60
    desk.check(session, playing=True)
    assert desk.status()["open"], "another long stretch calls again"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_call_staff_from_the_table_page_to_the_cafe_page_and_back(broker, tmp_path):
    """The real `companion demo --mqtt` table and `companion cafe`, two browser pages."""
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    cafe_process, cafe_url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    table_process = start_demo_table(broker, tmp_path, "t1")
    view = CafeView(settings_for(broker), "cafe").start()
    try:
        dashboard = dashboard_address(view)
        with chromium() as browser:
            phone, staff = phone_and_staff(browser, 15000)
            expect = sync_api.expect
            phone.goto(dashboard)
            button = phone.locator("#cafe-help-btn")
            expect(button).to_have_text("Call staff")
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            button.click()
            expect(phone.locator("#cafe-help-state")).to_contain_text("Staff called at")

            staff.goto(cafe_url + "/")
            call = staff.locator('.tile[data-table="t1"] .alert-help')
            expect(call).to_contain_text("Help wanted")
            expect(call).to_contain_text("A player called for staff.")
            expect(staff.locator("#summary")).to_contain_text("1 call for help")
            call.locator("button.ack:not(.clear)").click()
            expect(call.locator(".acked-mark")).to_have_text("on the way")
            expect(phone.locator("#cafe-help-state")).to_contain_text("Someone is coming")
            phone.click("#lang-zh")
            expect(phone.locator("#cafe-help-state")).to_contain_text("店員已看到")
            expect(button).to_have_text("呼叫店員")
            phone.screenshot(path=str(SHOTS / "table-call-staff-zh.png"))
            staff.click("#lang-zh")
            expect(call).to_contain_text("需要協助")
            expect(call).to_contain_text("玩家呼叫店員。")
            staff.screenshot(path=str(SHOTS / "cafe-call-staff-zh.png"))
            call.locator("button.clear").click()
            expect(call).to_have_count(0)
            expect(phone.locator("#cafe-help-state")).to_be_hidden()
            expect(button).to_be_enabled()
            browser.close()
    finally:
        view.close()
        stop(table_process, cafe_process)
