"""The café page as a newcomer met it: on a phone, on a TV, in both languages, with a table
killed mid-game; and tables stopped long ago leave the page."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest
from cafehelpers import settings_for, start_demo_table, wait_until
from test_cafe_page import start_cafe, tables  # noqa: F401 - `tables` is a fixture
from test_hostile_messages import Rogue, good_state, good_status

from cafe import topics as T
from cafe.hub import CafeView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def test_a_table_stopped_long_ago_leaves_the_view(broker):
    rogue = Rogue(broker)
    topics = T.TableTopics("cafe", "old")
    stopped = T.status_payload(topics, False, "table stopped", None, 5, instance="a1")
    stopped["ts"] = time.time() - 3 * 3600  # stopped three hours ago
    rogue.send(topics.status, stopped)
    rogue.send(topics.state, good_state("old"))
    rogue.send("companion/cafe/tables/now/status", good_status("now"))
    view = CafeView(settings_for(broker), "cafe", forget_after_s=2.0).start()
    try:
        wait_until(lambda: view.snapshot()["tables"], what="a tile")
        time.sleep(0.5)
        assert [t["table"] for t in view.snapshot()["tables"]] == ["now"], "old is not shown"

        # A table that stops while the view watches shows "offline since", then leaves.
        offline = T.status_payload(
            T.TableTopics("cafe", "now"), False, "connection lost", None, 5, instance="abc123"
        )
        before = time.time()
        rogue.send("companion/cafe/tables/now/status", offline, retain=True)
        tile = wait_until(
            lambda: [t for t in view.snapshot()["tables"] if t["offline_since"]], what="offline"
        )[0]
        assert before - 0.1 <= tile["offline_since"] <= time.time()
        wait_until(lambda: not view.snapshot()["tables"], 10, "the stopped table gone")
    finally:
        rogue.close()
        view.close()


def visible_text_sizes(page) -> list[tuple[str, float]]:
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
          .filter((e) => e.offsetParent !== null && [...e.childNodes].some(
              (n) => n.nodeType === 3 && n.textContent.trim()))
          .map((e) => [e.textContent.trim().slice(0, 30),
                       parseFloat(getComputedStyle(e).fontSize)])"""
    )


def small_targets(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('a, button')]
          .filter((e) => e.offsetParent !== null)
          .map((e) => [e.textContent.trim(), e.getBoundingClientRect()])
          .filter(([, r]) => r.width < 44 || r.height < 44)
          .map(([text, r]) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )


def check_layout(page, viewport: dict, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{where}: {width} px of content in {viewport['width']}"
    if viewport is PHONE:
        assert not small_targets(page), f"{where}: {small_targets(page)}"
    else:
        small = [(text, size) for text, size in visible_text_sizes(page) if size < 28]
        assert not small, f"{where}: text under 28 px on a TV: {small}"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_cafe_page_on_a_phone_and_a_tv_with_a_killed_table(broker, tables, tmp_path):  # noqa: F811
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    tables("t1", ("Amy", "Ben"))
    killed = start_demo_table(broker, tmp_path, "t2")
    view = CafeView(settings_for(broker), "cafe").start()
    try:
        wait_until(
            lambda: [t for t in view.snapshot()["tables"] if t["table"] == "t2" and t["state"]],
            60,
            "t2 playing",
        )
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        killed_at = time.time()
        wait_until(
            lambda: [t for t in view.snapshot()["tables"] if t["offline_since"]],
            20,
            "t2 offline (its last will)",
        )
        with chromium() as browser:
            for viewport, name in ((PHONE, "phone"), (TV, "tv")):
                page = browser.new_page(viewport=viewport)
                errors: list[str] = []
                page.on(
                    "console",
                    lambda m, seen=errors: seen.append(m.text) if m.type == "error" else None,
                )
                page.set_default_timeout(15000)
                page.goto(url + "/")
                expect = sync_api.expect
                dead = page.locator('.tile[data-table="t2"]')
                expect(dead.locator(".offline-banner")).to_contain_text("Offline since")
                clock = time.strftime("%H:%M", time.localtime(killed_at))
                assert clock in dead.locator(".offline-banner").inner_text()
                assert "camera watching" not in dead.inner_text()
                assert "to play" not in dead.inner_text()
                camera = page.locator('.tile[data-table="t1"] .camera')
                if viewport is PHONE:
                    expect(camera).to_be_visible()
                else:  # a TV shows the camera only when it is off: twelve tiles on one screen
                    expect(camera).to_be_hidden()
                assert page.locator(".tile .venue").count() == 0, "one venue: not on every tile"
                header = page.locator(".topbar").inner_text()
                assert "mqtt://" not in header and "127.0.0.1" not in header
                check_layout(page, viewport, f"{name}, English")
                page.screenshot(path=str(SHOTS / f"cafe-{name}-en.png"), full_page=True)

                page.click("#lang-zh")
                expect(dead.locator(".offline-banner")).to_contain_text("起離線")
                assert "Offline" not in page.locator("main").inner_text()
                check_layout(page, viewport, f"{name}, Chinese")
                page.screenshot(path=str(SHOTS / f"cafe-{name}-zh.png"), full_page=True)
                page.click("#lang-en")
                assert not errors, errors
                page.close()
            browser.close()
    finally:
        view.close()
        if killed.poll() is None:
            killed.kill()
        cafe.terminate()
        cafe.wait(timeout=15)
