"""The café page's phases: each tile's sensed phase and times, the filter and the order, and the
floor's warnings (a finished table not packed, a game running far too long), in both
languages, on a phone and a TV."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import PHONE, TV, check_layout
from test_hostile_messages import Rogue, good_state

from cafe import topics as T

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


def publish_table(rogue: Rogue, name: str, phase: str, since_min: float, started_min=None):
    now = time.time()
    topics = T.TableTopics("cafe", name)
    # An online status without heartbeat_s (as an older table sends): never "not heard from".
    rogue.send(topics.status, T.status_payload(topics, True, "playing", None, None, instance=name))
    table_phase = {
        "name": phase,
        "since": now - since_min * 60,
        "started": None if started_min is None else now - started_min * 60,
        "ended": now - since_min * 60 if phase == "finished" else None,
    }
    rogue.send(topics.state, dict(good_state(name), table_phase=table_phase))


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_phases_filters_order_and_warnings_on_the_cafe_page(broker, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    rogue = Rogue(broker)
    publish_table(rogue, "t1", "playing", 60, started_min=70)  # Musée usually 25 min: overlong
    publish_table(rogue, "t2", "finished", 15, started_min=45)  # not packed for 15 min
    publish_table(rogue, "t3", "idle", 5)
    publish_table(rogue, "t4", "setting_up", 2, started_min=2)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    try:
        with chromium() as browser:
            for viewport, name in ((TV, "tv"), (PHONE, "phone")):
                page = browser.new_page(viewport=viewport)
                page.set_default_timeout(15000)
                page.goto(url + "/")
                expect = sync_api.expect
                expect(page.locator(".tile .phase")).to_have_count(4)
                tile = page.locator('.tile[data-table="t1"]')
                assert tile.locator(".phase-name").inner_text() == "Playing"
                assert "1 h 0 min" in tile.locator(".phase-time").inner_text()
                assert "game 1 h 10 min" in tile.locator(".game-time").inner_text()
                assert "usually takes 25 min" in tile.locator(".warn-overlong").inner_text()
                finished = page.locator('.tile[data-table="t2"]')
                assert "Finished 15 min ago and not packed yet" in finished.inner_text()
                assert page.locator(".tile.has-warnings").count() == 2
                assert page.locator('.tile[data-table="t3"] .phase-name').inner_text() == "Free"
                check_layout(page, viewport, f"{name}, English")

                page.select_option("#sort", "phase")
                order = page.locator(".tile .tile-name").all_inner_texts()
                assert order == ["t2", "t1", "t4", "t3"], order
                page.click('#filters button[data-phase="finished"]')
                assert page.locator(".tile .tile-name").all_inner_texts() == ["t2"]
                page.screenshot(path=str(SHOTS / f"cafe-phases-{name}-en.png"), full_page=True)

                page.click("#lang-zh")
                assert "已結束 15 分鐘，還沒收拾" in finished.inner_text()
                assert page.locator("#filters").inner_text().split() == [
                    "全部",
                    "準備中",
                    "遊戲中",
                    "計分中",
                    "已結束",
                    "已收拾",
                    "空桌",
                ]
                page.click('#filters button[data-phase="all"]')
                assert "通常約 25 分鐘" in tile.inner_text()
                check_layout(page, viewport, f"{name}, Chinese")
                page.screenshot(path=str(SHOTS / f"cafe-phases-{name}-zh.png"), full_page=True)
                page.click("#lang-en")
                page.close()
            browser.close()
    finally:
        rogue.close()
        cafe.terminate()
        cafe.wait(timeout=15)
