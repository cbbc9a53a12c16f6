"""Staff acknowledge an alert on the café page: the players see it on their own table's
dashboard ("Staff saw this alert (HH:MM)"), in both languages, until the alert is resolved."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from cafehelpers import settings_for, wait_until

from cafe.hub import CafeView
from cafe.table import TablePublisher
from companion.model import Move, Setup
from companion.store import GameStore
from web.runtime import RuleBreak, Runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import (
    BROWSER_TESTS,
    CHROMIUM,
    SHOTS,
    ServerProcess,
    call,
    chromium,
)

AMY_PLAYS = {"kind": "place", "player": 0, "card": "MU10", "museum": 0, "gallery": 0, "space": 0}


def test_a_staff_acknowledgement_reaches_the_tables_own_state_until_resolved(broker, tmp_path):
    runtime = Runtime(GameStore(tmp_path / "t1.sqlite3"), "musee", Setup(2, ("Amy", "Ben")))
    publisher = TablePublisher(runtime, settings_for(broker), "cafe", "t1").start()
    view = CafeView(settings_for(broker), "cafe").start()
    try:
        assert runtime.snapshot()["staff_acks"] == []
        runtime.play(Move.from_dict(AMY_PLAYS), None)
        with pytest.raises(RuleBreak):
            runtime.correct(None, "add", "MU20", "museum0", [0, 1])  # Ben's card in Amy's museum
        alert = wait_until(
            lambda: view.snapshot()["tables"] and view.snapshot()["tables"][0]["alerts"],
            what="the alert",
        )[0]
        before = time.time()
        assert view.acknowledge("cafe", "t1", alert["id"])
        acks = wait_until(lambda: runtime.snapshot()["staff_acks"], what="the ack at the table")
        assert len(acks) == 1
        ack = acks[0]
        assert ack["kind"] == "rule" and ack["code"] == alert["code"]
        assert ack["cards"] == alert["cards"]
        assert before - 1 <= ack["at"] <= time.time() + 1

        runtime.correct(None, "remove", "MU20")  # resolved: nothing left to say
        wait_until(lambda: runtime.snapshot()["staff_acks"] == [], what="the ack cleared")
    finally:
        view.close()
        publisher.close(timeout_s=0.5)
        runtime.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_tables_dashboard_says_staff_saw_the_alert(broker, tmp_path):
    pytest.importorskip("playwright.sync_api")
    table = ServerProcess(
        [
            "serve",
            "--game",
            "musee",
            "--players",
            "2",
            "--names",
            "Amy,Ben",
            "--port",
            "0",
            "--db",
            str(tmp_path / "t1.sqlite3"),
            "--mqtt",
            broker.url,
            "--table",
            "t1",
            "--venue",
            "cafe",
        ],
        tmp_path,
    )
    view = CafeView(settings_for(broker), "cafe").start()
    try:
        call(table.url, "/api/move", {"move": AMY_PLAYS})
        try:  # Ben's card in Amy's museum: a rule alert that stays on the table
            call(
                table.url,
                "/api/correct",
                {"action": "add", "payload": "MU20", "region": "museum0", "slot": [0, 1]},
            )
        except Exception:  # noqa: BLE001 - the refusal is the point
            pass
        alert = wait_until(
            lambda: view.snapshot()["tables"] and view.snapshot()["tables"][0]["alerts"],
            what="the alert",
        )[0]
        with chromium() as browser:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_cookies([{"name": "companion_lang", "value": "en", "url": table.url}])
            page = context.new_page()
            page.set_default_timeout(15000)
            page.goto(table.url + "/")
            item = page.locator('#alerts li[data-kind="rule"]')
            item.wait_for()
            assert page.locator("#alerts .staff-ack").count() == 0, (
                "nothing said before staff see it"
            )

            assert view.acknowledge("cafe", "t1", alert["id"])
            said = item.locator(".staff-ack")
            said.wait_for()
            seen_at = time.strftime(
                "%H:%M", time.localtime(call(table.url, "/api/state")["staff_acks"][0]["at"])
            )
            assert said.inner_text() == f"Staff saw this alert ({seen_at})"
            SHOTS.mkdir(parents=True, exist_ok=True)
            item.screenshot(path=str(SHOTS / "dashboard-staff-saw.png"))
            page.click("#lang-zh")
            assert seen_at in said.inner_text() and "Staff" not in said.inner_text()
            browser.close()
    finally:
        view.close()
        table.kill(15)
