"""How the café writes what a table tells it (outside walk-through): a score in the game's own
words (Masterpiece's wealth as money), both languages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_cafe_page import start_cafe
from test_hostile_messages import CAMERA, Rogue, good_state, good_status

from cafe import topics as T
from cafe.payloads import clean_state
from companion.record import load_record
from companion.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, chromium

GOLDEN = Path(__file__).parents[1] / "golden"
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def finished_masterpiece() -> Session:
    path = GOLDEN / "masterpiece" / "three-players-every-space.json"
    session = Session.replay(load_record(path).records())
    assert session.game.is_over(session.state)
    return session


def test_a_finished_masterpiece_tile_says_wealth_as_money():
    """The café showed "Ana 29,500" where the table shows $29.5M / 2,950 萬元."""
    session = finished_masterpiece()
    body = clean_state(T.state_payload(T.TableTopics("cafe", "t1"), 1, session, CAMERA))
    for score in body["scores"]:
        assert not score["hidden"]
        said = score["said"]
        assert said["en"].startswith("$") and said["en"][-1] in "MK", score
        assert said["zh-TW"].endswith(" 萬元"), score
        assert said["en"].replace(",", "") != str(int(score["total"])), "not bare thousands"


def test_a_points_game_says_its_total_as_a_number():
    musee = clean_state(good_state())
    assert [s["said"] for s in musee["scores"]] == [{"en": "0", "zh-TW": "0"}] * 2


def test_an_older_table_without_said_words_is_still_read():
    body = good_state()
    for score in body["scores"]:
        del score["said"]
    assert [s["said"] for s in clean_state(body)["scores"]] == [None, None]


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_cafe_tile_writes_masterpiece_wealth_as_money_on_phone_and_tv(broker, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    state = T.state_payload(T.TableTopics("cafe", "t1"), 1, finished_masterpiece(), CAMERA)
    expected = {
        lang: [s["said"][key] for s in state["scores"]]
        for lang, key in (("en", "en"), ("zh", "zh-TW"))
    }
    rogue = Rogue(broker)
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    try:
        rogue.send("companion/cafe/tables/t1/status", good_status("t1"))
        rogue.send("companion/cafe/tables/t1/state", state)
        with chromium() as browser:
            for viewport in (PHONE, TV):
                page = browser.new_page(viewport=viewport)
                page.set_default_timeout(15000)
                page.goto(url + "/")
                scores = page.locator('.tile[data-table="t1"] .score')
                sync_api.expect(scores).to_have_count(3)
                for lang in ("en", "zh"):
                    page.click(f"#lang-{lang}")
                    shown = scores.all_inner_texts()
                    assert shown == expected[lang], f"{viewport['width']} px, {lang}: {shown}"
                page.close()
            browser.close()
    finally:
        rogue.close()
        cafe.terminate()
        cafe.wait(timeout=15)


def test_the_chinese_acknowledge_button_and_mark_are_different_words():
    """The staff's button and the mark it leaves both read 已知悉 (walk-through): a Chinese
    sentence stands for one English sentence only, on the whole café page."""
    import json

    catalogue = json.loads((Path(__file__).parents[2] / "cafe/static/catalogue.json").read_text())
    said: dict[str, set[str]] = {}
    for entry in catalogue.values():
        if isinstance(entry.get("en"), str) and isinstance(entry.get("zh-TW"), str):
            said.setdefault(entry["zh-TW"], set()).add(entry["en"].lower().rstrip("."))
    assert {zh: en for zh, en in said.items() if len(en) > 1} == {}
    assert catalogue["cafe.ack"]["zh-TW"] != catalogue["cafe.acked"]["zh-TW"]
    help_calls = catalogue["cafe.history.help_calls"]["zh-TW"]
    assert catalogue["cafe.acked"]["zh-TW"] in help_calls, "the history counts the same mark"
