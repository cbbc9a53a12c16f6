"""One feedback channel: a refused move, a failed command and a camera problem are items of
the alert panel, said in the current language, kept until resolved or dismissed; the toast
never says something the panel contradicts."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS, play

pytestmark = BROWSER_TESTS

ILLEGAL = {"kind": "place", "player": 0, "card": "MU05", "museum": 1, "gallery": 0, "space": 0}


@pytest.fixture(scope="module")
def musee(start_server_module):
    return start_server_module(
        "serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben", "--port", "0"
    )


def open_page(browser, url, lang="en"):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
    page = context.new_page()
    page.clock.install()
    page.goto(url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    return page


def test_a_refused_move_stays_in_the_alert_panel_in_the_current_language(browser, musee):
    page = open_page(browser, musee.url)
    assert page.locator("#alerts li.none").count() == 1
    page.evaluate("(move) => command('/api/move', {move})", ILLEGAL)
    item = page.locator('#alerts li[data-kind="refused"]')
    item.wait_for()
    assert "own museum" in item.inner_text()
    assert page.locator("#alerts li.none").count() == 0
    assert page.locator("#toast.hidden").count() == 1  # nothing elsewhere says otherwise
    # on a phone the alert panel comes right after the turn, above the table
    top = {
        p: page.locator(p).bounding_box()["y"]
        for p in ("#turn-panel", "#alerts-panel", "#board-panel")
    }
    assert top["#turn-panel"] < top["#alerts-panel"] < top["#board-panel"]

    page.clock.run_for(60_000)  # a minute later it is still there: no timer takes it away
    assert item.count() == 1
    page.click("#lang-zh")
    assert "只能把畫掛在自己的美術館" in item.inner_text()
    assert "museum" not in item.inner_text()

    item.locator("button.dismiss").click()
    page.wait_for_selector("#alerts li.none")
    page.context.close()


def test_a_refusal_is_resolved_when_a_move_is_accepted(browser, musee):
    page = open_page(browser, musee.url)
    page.evaluate("(move) => command('/api/move', {move})", ILLEGAL)
    page.locator('#alerts li[data-kind="refused"]').wait_for()
    play(musee.url, kind="place", player=0, card="MU05", museum=0, gallery=0, space=0)
    page.wait_for_selector("#alerts li.none")
    page.context.close()


def test_no_answer_from_the_server_is_said_in_words_not_as_a_browser_error(browser, musee):
    page = open_page(browser, musee.url, "zh-TW")
    page.route("**/api/undo", lambda route: route.abort())
    page.evaluate("() => command('/api/undo')")
    item = page.locator('#alerts li[data-kind="problem"]')
    item.wait_for()
    assert "連不上桌遊小幫手" in item.inner_text()
    assert "fetch" not in page.locator("body").inner_text().lower()
    page.context.close()
