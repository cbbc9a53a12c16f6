"""The café floor on a 1920 x 1080 TV with 7, 9 and 12 tables (walk-through: from 7 tables on
the page scrolled, and a TV has no one to scroll it): every table fits one screen in both
languages with no text under 28 px, the table with a rule alert comes first, and where the
screen cannot hold them all (a shorter screen here) a clear "+N more tables" line says how
many are left out, never a scroll bar. Prints where the last tile ends."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import TV, check_layout
from test_cafe_tv_fit import FOUR, a_musee_table, floor, overflow  # noqa: F401 - a fixture

from web.runtime import RuleBreak

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

MORE = {"en": "more tables", "zh": "桌"}


def shown_tiles(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('.tile')]
                 .filter((t) => t.offsetParent !== null).map((t) => t.dataset.table)"""
    )


def more_line(page) -> str:
    node = page.locator("#more-tables")
    return node.inner_text() if node.count() and node.is_visible() else ""


def all_fit(page, expect, count: int) -> None:
    expect(page.locator(".tile.online")).to_have_count(count)
    for lang in ("en", "zh"):
        page.click(f"#lang-{lang}")
        page.wait_for_function("() => document.querySelector('#tiles').dataset.fit")
        where = f"{count} tables, {lang}"
        page.screenshot(path=str(SHOTS / f"cafe-tv-{count}-{lang}.png"))
        assert not overflow(page), f"{where}: {overflow(page)}"
        check_layout(page, TV, where)
        tiles = shown_tiles(page)
        assert len(tiles) == count, f"{where}: only {tiles} shown"
        assert tiles[0] == "t2", f"{where}: the table with an alert is not first: {tiles}"
        assert not more_line(page), f"{where}: {more_line(page)}"
        bottom = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.tile')]"
            ".map((t) => t.getBoundingClientRect().bottom))"
        )
        print(f"{where}: the last tile ends at {bottom:.0f} px of 1080")
        page.screenshot(path=str(SHOTS / f"cafe-tv-{count}-{lang}.png"))
    page.click("#lang-en")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_seven_nine_and_twelve_tables_fit_one_tv_screen_alert_first(broker, floor, tmp_path):  # noqa: F811
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    a_musee_table(floor, "t1")
    rule_break = a_musee_table(floor, "t2")
    with pytest.raises(RuleBreak):
        rule_break.correct(None, "add", "MU30", "museum0", [0, 5])  # Ben, in Amy's museum
    made = 2

    def up_to(count: int) -> None:
        nonlocal made
        while made < count:
            made += 1
            if made % 2:
                floor(f"t{made}", "masterpiece", FOUR)
            else:
                a_musee_table(floor, f"t{made}")

    try:
        with chromium() as browser:
            page = browser.new_page(viewport=TV)
            page.set_default_timeout(20000)
            page.goto(url + "/")
            expect = sync_api.expect
            for count in (7, 9, 12):
                up_to(count)
                all_fit(page, expect, count)

            # A screen that cannot hold twelve: "+N more tables", no scroll, no cut tile.
            page.set_viewport_size({"width": 1920, "height": 720})
            for lang in ("en", "zh"):
                page.click(f"#lang-{lang}")
                page.wait_for_function("() => document.querySelector('#tiles').dataset.fit")
                tiles = shown_tiles(page)
                left_out = 12 - len(tiles)
                assert 0 < left_out < 12, tiles
                line = more_line(page)
                assert f"+{left_out}" in line and MORE[lang] in line, line
                height = page.evaluate("document.documentElement.scrollHeight")
                assert height <= 720, f"{lang}: the page is {height} px tall"
                assert tiles[0] == "t2"
                page.screenshot(path=str(SHOTS / f"cafe-tv-more-{lang}.png"))
            browser.close()
    finally:
        cafe.terminate()
        cafe.wait(timeout=15)
