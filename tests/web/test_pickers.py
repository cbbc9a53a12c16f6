"""Pickers instead of typed codes, offering only the cards that exist in this game at this
player count."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS, call

pytestmark = BROWSER_TESTS


def open_game(browser, start_server, game, players, names):
    server = start_server("serve", "--game", game, "--players", str(players), "--names", names,
                          "--port", "0")
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
    in_play = [p for p in call(server.url, "/api/catalogue")["pieces"]
               if p["kind"] == "card" and p["in_play"]]
    picker = page.locator("#mythe-draw-pick")
    picker.wait_for()
    assert picker.locator("option").count() == len(in_play) + 1  # and the "which card?" line
    assert page.locator("#mythe-draw-pick option[value='MYN3A']").count() == 1
    page.select_option("#mythe-draw-pick", "MYN3A")
    page.click("#mythe-draw")
    page.wait_for_function("() => S.snap.state.drawn.some((d) => d.card === 'MYN3A')")
    # a card drawn this turn is not offered again
    assert page.locator("#mythe-draw-pick option[value='MYN3A']").count() == 0
    page.close()
