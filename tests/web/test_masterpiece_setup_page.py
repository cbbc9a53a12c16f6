"""Masterpiece's set-up on the host's page (outside walk-through): a pawn's "Place" button
stayed once the pawn was placed (three presses, three log lines), and the turn panel said "Amy
to play" while the host was still dealing. Real server, Chromium, both languages."""

from __future__ import annotations

from test_offered_moves_browser import open_page, send, serve, shows
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS


def test_a_placed_pawn_has_no_place_button_and_the_turn_panel_says_the_set_up(
    browser, start_server, tmp_path
):
    server = serve(start_server, tmp_path, "masterpiece", 3)
    said = {
        "en": ("Ana's pawn: space 0", "Set-up: Deal Ana a painting", "Set-up: Ana takes"),
        "zh-TW": ("Ana 的棋子：第 0 格", "準備：發給 Ana 一幅名畫", "準備：Ana 拿一張價值卡"),
    }
    pages = {lang: open_page(browser, server.url, lang=lang) for lang in said}
    places = '#mp-action button[data-kind="place_pawn"]'
    assert pages["en"].locator(places).count() == 3
    pages["en"].locator(places).first.click()  # Ana's pawn on space 0
    for lang, (placed, waiting, _) in said.items():
        page = pages[lang]
        page.wait_for_function("() => S.snap.state.players[0].position === 0")
        page.wait_for_function(f"() => document.querySelectorAll('{places}').length === 2")
        assert page.locator(".mp-pawn-placed").inner_text() == placed
        turn = page.locator("#turn").inner_text()
        assert turn.startswith(waiting), turn
    state = send(server.url, {"kind": "deal", "player": 0, "painting": "MPP01"})
    for lang, (_, _, dealing) in said.items():
        page = pages[lang]
        shows(page, state["state_id"])
        turn = page.locator("#turn").inner_text()
        assert dealing in turn and "to play" not in turn and "輪到" not in turn, turn
        tv = open_page(browser, server.url, path="/tv", lang=lang)
        tv.wait_for_function(
            "(w) => document.getElementById('tv-turn').textContent.includes(w)", arg=dealing
        )
        assert not page.errors and not tv.errors
        page.context.close()
        tv.context.close()
