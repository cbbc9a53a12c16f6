"""The history view in Chromium: every chart drawn by the vendored Chart.js with its labels in
the page's language, the figures beside them, on a phone and a TV, with no console error (the
page's Content-Security-Policy holds: no inline script)."""

from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

import pytest
from history_payloads import a_game, alerts, help_call, packup_check
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import PHONE, TV, check_layout

from cafe.history import HistoryStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

CHARTS = (
    "chart-tables",
    "chart-games",
    "chart-minutes",
    "chart-help",
    "chart-unpacked",
    "chart-days",
)
# (the chart's title, its labels) read back from Chart.js, and how many pixels it coloured
READ_CHARTS = """(ids) => ids.map((id) => {
  const canvas = document.getElementById(id);
  const chart = Chart.getChart(canvas);
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked += 1;
  return [chart.options.plugins.title.text, chart.data.labels, inked];
})"""


def today_minutes_ago(minutes: float) -> float:
    """`minutes` before now, or, in the first hours after midnight, before 01:40 today: the
    view opens on today, and every time below stays in it."""
    midnight = time.mktime(dt.date.today().timetuple())
    return round(max(time.time(), midnight + 100 * 60) - minutes * 60, 3)


def an_evening(path: Path) -> None:
    """Three Musée games and a Crypt, two calls for help, a pack-up check, kept as the café
    view keeps them (HistoryStore.take with clean payloads)."""
    store = HistoryStore(path)
    minutes_ago = today_minutes_ago
    games = [
        ("t1", 1, 90, 60, "musee"),
        ("t1", 2, 50, 25, "musee"),
        ("t2", 1, 80, 40, "crypt"),
        ("t3", 1, 45, 20, "musee"),
    ]
    for table, game_id, start, end, slug in games:
        for body in a_game(table, game_id, minutes_ago(start), minutes_ago(end), slug):
            store.take("cafe", table, "state", body, 0)
    called = minutes_ago(30)
    store.take("cafe", "t2", "alerts", alerts("t2", help_call(called, called + 90)), 0)
    store.take(
        "cafe",
        "t3",
        "alerts",
        alerts("t3", help_call(minutes_ago(10)), packup_check(minutes_ago(5), ["MU17"])),
        0,
    )
    store.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_history_view_draws_its_charts_in_both_languages(broker, tmp_path):
    pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    an_evening(tmp_path / "h.sqlite3")
    args = ["--mqtt", broker.url, "--venue", "cafe", "--history", str(tmp_path / "h.sqlite3")]
    cafe, url = start_cafe(args, tmp_path)
    try:
        with chromium() as browser:
            for viewport, name in ((TV, "tv"), (PHONE, "phone")):
                page = browser.new_page(viewport=viewport)
                errors: list[str] = []
                page.on(
                    "console",
                    lambda m, seen=errors: seen.append(m.text) if m.type == "error" else None,
                )
                page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
                page.set_default_timeout(15000)
                page.goto(url + "/")
                page.click(".history-link")
                page.wait_for_url(url + "/history")
                page.wait_for_function(
                    "(ids) => ids.every((id) => Chart.getChart(document.getElementById(id)))",
                    arg=list(CHARTS),
                )
                charts = dict(zip(CHARTS, page.evaluate(READ_CHARTS, list(CHARTS))))
                assert charts["chart-tables"][:2] == ["Games played per table", ["t1", "t2", "t3"]]
                assert charts["chart-games"][1] == ["Crypt", "Musée"]
                assert charts["chart-minutes"][0] == "Median play time per game (minutes)"
                assert charts["chart-help"][1] == ["t2", "t3"]
                assert all(inked > 2000 for *_, inked in charts.values()), charts
                figures = page.locator("#history-figures").inner_text()
                assert "4 games played" in figures
                assert "2 calls for help, 1 acknowledged" in figures
                assert "median 1 min 30 s, longest 1 min 30 s" in figures
                assert "1 complete" not in figures and "0 complete, 1 with cards missing" in figures
                check_layout(page, viewport, f"history, {name}, English")
                page.screenshot(path=str(SHOTS / f"cafe-history-{name}-en.png"), full_page=True)

                page.click("#lang-zh")
                page.wait_for_function(
                    "() => Chart.getChart(document.getElementById('chart-games'))"
                    ".data.labels[1] === '美術館'"
                )
                charts = dict(zip(CHARTS, page.evaluate(READ_CHARTS, list(CHARTS))))
                assert charts["chart-games"][:2] == ["各遊戲玩過的局數", ["地下墓穴", "美術館"]]
                assert charts["chart-help"][0] == "各桌呼叫店員的次數"
                assert all(inked > 2000 for *_, inked in charts.values()), charts
                main = page.locator("main").inner_text()
                assert "共玩了 4 局" in main and "呼叫店員 2 次，已確認 1 次" in main
                assert "中位數 1 分 30 秒" in main
                assert not any(word in main for word in ("games", "calls", "Today", "min")), main
                check_layout(page, viewport, f"history, {name}, Chinese")
                page.screenshot(path=str(SHOTS / f"cafe-history-{name}-zh.png"), full_page=True)

                page.click("#range-week")  # a range of days: one bar per day
                page.wait_for_function(
                    "() => Chart.getChart(document.getElementById('chart-days'))"
                    ".data.labels.length === 7"
                )
                page.click("#lang-en")
                assert not errors, errors
                page.close()
            browser.close()
    finally:
        cafe.terminate()
        cafe.wait(timeout=15)
