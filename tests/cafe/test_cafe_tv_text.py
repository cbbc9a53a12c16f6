"""The café page on a 1920 x 1080 TV, read from across the room: every kind of tile at once (a
call for help, one acknowledged, a pack-up result, a rule alert, floor warnings, the "Check the
box" button, an offline table, recent moves) and the history view, with no visible text under
28 px (the dashboard's TV rule, readable from 3 m), in both languages; the Chinese page's
summary and lists with full-width punctuation."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from history_payloads import alerts, help_call, minutes_ago, packup_check
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import TV, visible_text_sizes
from test_cafe_page_phases import publish_table
from test_hostile_messages import Rogue, good_state

from cafe import topics as T

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


def rule_alert() -> dict:
    return {
        "id": "rule:MU10:not_your_museum",
        "kind": "rule",
        "code": "not_your_museum",
        "message": {
            "en": "Amy hung 10 in Ben's museum.",
            "zh-TW": "Amy 把 10 掛進了 Ben 的美術館。",
        },
        "cards": ["MU10"],
        "since": minutes_ago(1),
        "acknowledged": True,
        "acknowledged_at": minutes_ago(0.5),
    }


def every_kind_of_tile(rogue: Rogue) -> None:
    publish_table(rogue, "t1", "playing", 60, started_min=70)  # overlong
    rogue.send(T.TableTopics("cafe", "t1").alerts, alerts("t1", help_call(minutes_ago(2))))
    publish_table(rogue, "t2", "finished", 15, started_min=45)  # not packed: the button
    rogue.send(
        T.TableTopics("cafe", "t2").alerts,
        alerts("t2", packup_check(minutes_ago(1), ["MU17", "MU42"])),
    )
    publish_table(rogue, "t3", "playing", 5, started_min=10)
    rogue.send(
        T.TableTopics("cafe", "t3").alerts,
        alerts("t3", rule_alert(), help_call(minutes_ago(3), minutes_ago(2), "refused_moves")),
    )
    gone = T.TableTopics("cafe", "t4")
    rogue.send(gone.status, T.status_payload(gone, False, "table stopped", None, 5, instance="x"))
    rogue.send(gone.state, good_state("t4"))
    publish_table(rogue, "t5", "idle", 3)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_no_text_under_28_px_on_a_tv_anywhere_on_the_cafe_page(broker, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    rogue = Rogue(broker)
    every_kind_of_tile(rogue)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=TV)
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.set_default_timeout(15000)
            page.goto(url + "/")
            expect = sync_api.expect
            expect(page.locator(".tile")).to_have_count(5)
            for selector in (
                ".alert-help",
                ".alert-packup",
                ".alert-rule",
                ".floor-warning",
                ".packup-ask",
                ".offline-banner",
                ".acked-mark",
            ):
                expect(page.locator(selector).first).to_be_visible()
            for lang in ("en", "zh"):
                page.click(f"#lang-{lang}")
                small = [(text, size) for text, size in visible_text_sizes(page) if size < 28]
                assert not small, f"café page, {lang}: text under 28 px on a TV: {small}"
                page.screenshot(path=str(SHOTS / f"cafe-tv-every-tile-{lang}.png"))
            summary = page.inner_text("#summary")  # still in Chinese
            assert re.match(r"5 桌（\d 桌連線中）", summary) and "(" not in summary, summary
            page.click("#lang-en")  # staff ask the finished table t2 to check its box
            ask = page.locator('.tile[data-table="t2"] .packup-ask')
            expect(page.locator(".packup-ask")).to_have_count(2)  # t2 finished, t5 free
            ask.click()
            expect(ask).to_have_text("Asked the table to check its box…")
            expect(ask).to_be_disabled()
            page.click("#lang-zh")
            expect(ask).to_have_text("已請這桌檢查盒內的牌…")
            page.goto(url + "/history")
            page.wait_for_function("() => Chart.getChart(document.getElementById('chart-days'))")
            for lang in ("en", "zh"):
                page.click(f"#lang-{lang}")
                small = [(text, size) for text, size in visible_text_sizes(page) if size < 28]
                assert not small, f"history, {lang}: text under 28 px on a TV: {small}"
                chart_font = page.evaluate(
                    "() => Chart.getChart(document.getElementById('chart-days'))"
                    ".options.scales.x.ticks.font.size"
                )
                assert chart_font >= 28, "the charts' labels too"
            page.click("#lang-en")
            assert not errors, errors
            browser.close()
    finally:
        rogue.close()
        cafe.terminate()
        cafe.wait(timeout=15)
