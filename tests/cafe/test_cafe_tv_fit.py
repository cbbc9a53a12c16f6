"""The café floor on a 1920 x 1080 TV (walk-through: 3 tables made the page 1442 px tall in
English, 1610 in Chinese, the third tile below the fold): 3 tables, then 6 with a rule alert,
fit one screen in both languages with no text under 28 px; and a Masterpiece table's scores
say they are secret until the end, never 0."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from cafehelpers import place, settings_for
from test_cafe_page import start_cafe
from test_cafe_page_newcomer import TV, check_layout
from test_hostile_messages import CAMERA, good_state

from cafe import topics as T
from cafe.payloads import clean_state
from cafe.table import TablePublisher
from companion.model import Setup
from companion.session import Session
from companion.store import GameStore
from web.runtime import RuleBreak, Runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

FOUR = ("Amy", "Ben", "Chen", "Dev")


@pytest.fixture
def floor(broker, tmp_path):
    made = []

    def make(name, slug="musee", names=("Amy", "Ben")):
        runtime = Runtime(GameStore(tmp_path / f"{name}.sqlite3"), slug, Setup(len(names), names))
        publisher = TablePublisher(runtime, settings_for(broker), "cafe", name).start()
        made.append((runtime, publisher))
        return runtime

    yield make
    for runtime, publisher in made:
        publisher.close(timeout_s=0.5)
        runtime.close()


def a_musee_table(floor, name: str):
    table = floor(name)
    for move in (place(0, 10, 0), place(1, 20, 0), place(0, 11, 1)):
        table.play(move, None)  # three recent moves on the tile
    return table


def overflow(page) -> list[str]:
    """What lies below a 1080 px screen: the page's height, or a tile's bottom."""
    return page.evaluate(
        """() => [document.documentElement.scrollHeight > innerHeight
                  ? 'page ' + document.documentElement.scrollHeight : null,
                 ...[...document.querySelectorAll('.tile')].map((tile) =>
                   tile.getBoundingClientRect().bottom > innerHeight
                   ? tile.dataset.table + ' ends at ' + tile.getBoundingClientRect().bottom : null)]
                 .filter(Boolean)"""
    )


def fits(page, expect, count: int, what: str) -> None:
    expect(page.locator(".tile.online")).to_have_count(count)
    for lang in ("en", "zh"):
        page.click(f"#lang-{lang}")
        assert not overflow(page), f"{what}, {lang}: {overflow(page)}"
        check_layout(page, TV, f"{what}, {lang}")
        bottom = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.tile')]"
            ".map((t) => t.getBoundingClientRect().bottom))"
        )
        print(f"{what}, {lang}: the last tile ends at {bottom:.0f} px of 1080")
        page.screenshot(path=str(SHOTS / f"cafe-tv-fit-{count}-{lang}.png"))
    page.click("#lang-en")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_three_then_six_tables_with_an_alert_fit_one_tv_screen(broker, floor, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    a_musee_table(floor, "t1")
    rule_break = a_musee_table(floor, "t2")
    floor("t3", "masterpiece", FOUR)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=TV)
            page.set_default_timeout(15000)
            page.goto(url + "/")
            expect = sync_api.expect
            fits(page, expect, 3, "3 tables")

            with pytest.raises(RuleBreak):
                rule_break.correct(None, "add", "MU30", "museum0", [0, 5])  # Ben, in Amy's
            for name in ("t4", "t5"):
                a_musee_table(floor, name)
            floor("t6", "masterpiece", FOUR[:3])
            expect(page.locator(".tile.has-alerts")).to_have_count(1)
            fits(page, expect, 6, "6 tables, one alert")
            browser.close()
    finally:
        cafe.terminate()
        cafe.wait(timeout=15)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_masterpiece_scores_are_secret_until_the_end_never_0(broker, floor, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    floor("t1", "masterpiece", FOUR)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.set_default_timeout(15000)
            page.goto(url + "/")
            scores = page.locator('.tile[data-table="t1"] .score')
            sync_api.expect(scores).to_have_count(4)
            for lang, secret in (("en", "secret until the end"), ("zh", "到遊戲結束才公開")):
                page.click(f"#lang-{lang}")
                shown = scores.all_inner_texts()
                assert shown == [secret] * 4, f"{lang}: {shown}"
            browser.close()
    finally:
        cafe.terminate()
        cafe.wait(timeout=15)


def test_a_score_secret_until_the_end_travels_as_hidden():
    session = Session("masterpiece", Setup(3, FOUR[:3]))
    body = T.state_payload(T.TableTopics("cafe", "t1"), 1, session, CAMERA)
    assert [(s["total"], s["hidden"]) for s in body["scores"]] == [(0, True)] * 3
    assert all(s["hidden"] for s in clean_state(body)["scores"])
    musee = good_state()
    assert not any(s["hidden"] for s in clean_state(musee)["scores"])
    for score in musee["scores"]:
        del score["hidden"]  # an older table
    assert not any(s["hidden"] for s in clean_state(musee)["scores"])
