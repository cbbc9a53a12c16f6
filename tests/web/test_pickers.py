"""Pickers instead of typed codes, offering only the cards that exist in this game at this
player count."""

from __future__ import annotations

import re

from webhelpers import BROWSER_TESTS, call

pytestmark = BROWSER_TESTS


def open_game(browser, start_server, game, players, names):
    server = start_server(
        "serve", "--game", game, "--players", str(players), "--names", names, "--port", "0"
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('companion.lang', 'en')")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    return server, page


def test_musee_two_players_offers_cards_1_to_50_only(browser, start_server):
    server, page = open_game(browser, start_server, "musee", 2, "Amy,Ben")
    page.locator('.museum[data-region="museum0"] .slot').first.click()
    numbers = [int(n) for n in page.locator("#picker .pick").all_inner_texts()]
    assert numbers and max(numbers) == 50 and len(numbers) == 50
    page.close()


def test_mythe_draws_are_picked_not_typed(browser, start_server):
    server, page = open_game(browser, start_server, "mythe", 2, "Ann,Bo")
    in_play = [
        p
        for p in call(server.url, "/api/catalogue")["pieces"]
        if p["kind"] == "card" and p["in_play"]
    ]
    picker = page.locator("#mythe-draw-pick")
    picker.wait_for()
    assert picker.locator("option").count() == len(in_play) + 1  # and the "which card?" line
    assert page.locator("#mythe-draw-pick option[value='MYN3A']").count() == 1
    page.select_option("#mythe-draw-pick", "MYN3A")
    page.select_option("#mythe-draw-from", "1")
    page.click("#mythe-draw")
    page.wait_for_function("() => S.snap.state.drawn.some((d) => d.card === 'MYN3A')")
    # a card drawn this turn is not offered again
    assert page.locator("#mythe-draw-pick option[value='MYN3A']").count() == 0
    page.close()


def test_mythe_hand_correction_picks_region_space_and_card_nothing_typed(browser, start_server):
    server, page = open_game(browser, start_server, "mythe", 3, "Ann,Bo,Cy")
    page.evaluate("() => setLang('zh-TW')")
    page.locator(".mythe-grownups summary").click()
    form = page.locator(".generic-correct")
    form.wait_for()
    assert form.locator("input").count() == 0  # no region, slot or code to type
    regions = form.locator("select.correct-region option")
    assert sorted(regions.evaluate_all("os => os.map((o) => o.value)")) == [
        "adventure",
        "path",
        "reveal",
    ]
    for text in regions.all_inner_texts():  # named in the page's language, not "path"
        assert not re.search(r"[A-Za-z]", text), text
    layout = {r["region"]: r["slots"] for r in call(server.url, "/api/layout")["regions"]}
    form.locator("select.correct-region").select_option("path")
    spaces = form.locator("select.correct-slot option")
    assert spaces.count() == layout["path"][0][1] + 1
    form.locator("select.correct-region").select_option("adventure")
    assert form.locator("select.correct-slot").count() == 0  # the adventure area has no spaces
    in_play = {p["payload"] for p in call(server.url, "/api/catalogue")["pieces"] if p["in_play"]}
    offered = set(
        form.locator("select.correct-payload option").evaluate_all("os => os.map((o) => o.value)")
    )
    assert offered == in_play
    form.locator("select.correct-payload").select_option("MYN3A")
    form.locator("button.correct-add").click()
    page.wait_for_function("() => S.snap.state.drawn.some((d) => d.card === 'MYN3A')")
    page.close()


def test_masterpiece_spaces_are_picked_from_the_board_not_typed(browser, start_server):
    """The pawn's space (set-up) and the hand correction's ring space: every space of the
    board, named as the board names it; no number to type."""
    server, page = open_game(browser, start_server, "masterpiece", 3, "Ana,Ben,Chen")
    page.locator("#mp-correct summary").click()
    assert page.locator("#mp-correct input").count() == 0
    spaces = len(call(server.url, "/api/state")["state"]["board"]["spaces"])
    assert page.locator("#mp-correct-space option").count() == spaces
    pawn_pickers = page.locator(".mp-pawn-entry select")
    assert pawn_pickers.count() == 3 and page.locator(".mp-pawn-entry input").count() == 0
    assert pawn_pickers.first.locator("option").count() == spaces
    page.close()
