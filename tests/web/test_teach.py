"""Teach mode: a short rules page per game from the rules the engines encode, what a player
may do now, and why the last move was refused."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS

from companion.games import all_games


@pytest.mark.parametrize("game", [g.info.slug for g in all_games()])
def test_every_game_has_a_rules_page_in_both_languages(client, game):
    info = client.get(f"/api/rules/{game}").get_json()
    assert info["summary"]["en"] and info["summary"]["zh-TW"] != info["summary"]["en"]
    assert all(note["en"] and note["zh-TW"] for note in info["notes"])
    assert client.get(f"/rules/{game}").status_code == 200
    assert client.get("/api/rules/no-such-game").status_code == 400


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
def test_the_rules_page_and_the_reason_for_a_refusal(browser, start_server):
    server = start_server(
        "serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben", "--port", "0"
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": "zh-TW", "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/rules")
    page.wait_for_function("() => document.querySelector('#rules-title').textContent.length > 0")
    assert "美術館" in page.locator("#rules-summary").inner_text()
    now = page.locator("#rules-now")
    # a teacher's sentence, the eighteen alike spaces folded away under it (issue 26)
    assert "美術館裡任何一個空位都可以" in now.inner_text()
    assert "可放 1 到 50" not in now.inner_text()
    now.locator("details summary").click()
    assert "可放 1 到 50" in now.inner_text()  # 2 players: cards 1-50

    page.goto(server.url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    assert not page.locator("#teach-why").is_visible()
    page.evaluate("""() => command('/api/move', {move: {kind: 'place', player: 0, card: 'MU05',
                                                      museum: 1, gallery: 0, space: 0}})""")
    page.locator("#teach-why").wait_for()
    assert "只能把畫掛在自己的美術館" in page.locator("#teach-why").inner_text()
    page.click("a.rules-link")
    page.wait_for_url("**/rules")
    context.close()
