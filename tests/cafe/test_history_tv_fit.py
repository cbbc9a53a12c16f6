"""The café's history page on a TV (outside walk-through: 2171 px tall at 1920×1080 in both
languages): at TV size its six charts lie in one screen, every text and chart label 28 px or
more, in English and Chinese, for a day and for a week."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import TV, check_layout
from test_history_page import CHARTS, an_evening

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

# each chart's smallest font (title, ticks) and its box's bottom
CHART_FONTS = """(ids) => ids.map((id) => {
  const chart = Chart.getChart(document.getElementById(id));
  const o = chart.options;
  return [id, Math.min(o.plugins.title.font.size, o.scales.x.ticks.font.size,
                       o.scales.y.ticks.font.size),
          document.getElementById(id).parentElement.getBoundingClientRect().bottom,
          chart.chartArea.bottom - chart.chartArea.top];
})"""


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_history_page_fits_one_tv_screen_in_both_languages(broker, tmp_path):
    pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    an_evening(tmp_path / "h.sqlite3")
    args = ["--mqtt", broker.url, "--venue", "cafe", "--history", str(tmp_path / "h.sqlite3")]
    cafe, url = start_cafe(args, tmp_path)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=TV)
            page.set_default_timeout(15000)
            page.goto(url + "/history")
            for lang, days in (("en", 1), ("zh", 1), ("zh", 7), ("en", 7)):
                page.click(f"#lang-{lang}")
                if days == 7:
                    page.click("#range-week")
                page.wait_for_function(
                    "(n) => { const c = Chart.getChart(document.getElementById('chart-days'));"
                    " return c && c.data.labels.length === n; }",
                    arg=days,
                )
                where = f"history on a TV, {lang}, {days} day(s)"
                height = page.evaluate("document.documentElement.scrollHeight")
                print(f"{where}: the page is {height} px tall in 1080")
                assert height <= TV["height"], f"{where}: {height} px"
                for chart, font, bottom, plot in page.evaluate(CHART_FONTS, list(CHARTS)):
                    assert font >= 28, f"{where}: {chart} writes {font} px"
                    assert bottom <= TV["height"], f"{where}: {chart} ends at {bottom}"
                    assert plot >= 120, f"{where}: {chart}'s bars get {plot} px"
                check_layout(page, TV, where)
                page.screenshot(path=str(SHOTS / f"cafe-history-tv-fit-{lang}-{days}.png"))
            browser.close()
    finally:
        cafe.terminate()
        cafe.wait(timeout=15)
