"""A frozen table (its PC hangs, or its cable is pulled: no TCP FIN reaches the broker) must
show offline on the café view within the keep-alive, not after the broker's 1.5x keep-alive
plus Mosquitto's 5 s check. The table's heartbeat is what the view watches."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest
from cafehelpers import (
    DEMO_KEEPALIVE_S,
    settings_for,
    start_demo_table,
    stop,
    tile_of,
    wait_until,
)
from test_cafe_page import start_cafe

from cafe.hub import CafeView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, chromium

KEEPALIVE_S = DEMO_KEEPALIVE_S  # the demo tables' keep-alive


def test_a_frozen_table_shows_offline_within_the_keepalive(broker, tmp_path):
    view = CafeView(settings_for(broker, keepalive_s=KEEPALIVE_S), "cafe").start()
    process = start_demo_table(broker, tmp_path)
    try:
        assert view.wait_connected()
        wait_until(lambda: (tile_of(view, "t1") or {}).get("online"), 60, "t1 online")

        # Healthy: never shown offline over two keep-alive intervals.
        healthy_until = time.monotonic() + 2 * KEEPALIVE_S
        while time.monotonic() < healthy_until:
            tile = tile_of(view, "t1")
            assert tile["online"] and not tile.get("silent"), (
                "a healthy table shown as not heard from"
            )
            time.sleep(0.05)

        process.send_signal(signal.SIGSTOP)  # no FIN: the broker keeps the socket open
        frozen_at = time.monotonic()
        wait_until(
            lambda: not tile_of(view, "t1")["online"],
            KEEPALIVE_S + 1.0,
            "the frozen table shown offline within the keep-alive (+1 s margin)",
        )
        shown_after = time.monotonic() - frozen_at
        tile = tile_of(view, "t1")
        assert tile["silent"], "shown as not heard from (the café's own judgement)"
        assert tile["status"]["status"] == "online", "the broker has not noticed yet"
        assert shown_after >= 1.0, "not before at least one heartbeat was missed"

        process.send_signal(signal.SIGCONT)
        wait_until(lambda: tile_of(view, "t1")["online"], 30, "t1 back online after SIGCONT")
        assert not tile_of(view, "t1")["silent"]
    finally:
        stop(process)
        view.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_cafe_page_says_a_frozen_table_is_not_heard_from(broker, tmp_path):
    pytest.importorskip("playwright.sync_api")
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    table = start_demo_table(broker, tmp_path)
    try:
        with chromium() as browser:
            page = browser.new_page()
            page.set_default_timeout(60000)
            page.goto(url + "/")
            tile = page.locator('.tile[data-table="t1"]')
            page.locator('.tile.online[data-table="t1"]').wait_for()
            table.send_signal(signal.SIGSTOP)
            page.locator('.tile.silent[data-table="t1"]').wait_for(timeout=(KEEPALIVE_S + 2) * 1000)
            assert "not heard from since" in tile.locator(".conn-state").inner_text()
            assert "online" not in tile.get_attribute("class").split()
            table.send_signal(signal.SIGCONT)
            page.locator('.tile.online[data-table="t1"]').wait_for(timeout=30000)
            browser.close()
    finally:
        stop(table, cafe)
