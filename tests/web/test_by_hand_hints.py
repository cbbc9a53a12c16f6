"""With no camera every game showed Musée's hint, "Click the empty space where it goes, then
pick the card" (issue 23): each game says how it is entered by hand, in both languages, and
no sentence on a page with no camera speaks of what a camera saw (Cardcassonne's buttons,
Mythe's sharing step)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from webhelpers import BROWSER_TESTS, call

pytestmark = BROWSER_TESTS

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
GAMES = {"musee": 2, "cardcassonne": 2, "crypt": 3, "mythe": 2, "masterpiece": 3}
CAMERA = re.compile(r"(?<!No )camera|攝影機(?!：)")  # "No camera:" says there is none


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def catalogue() -> dict:
    from web.i18n import catalogue

    return dict(catalogue())


def new_game(url: str, game: str) -> None:
    names = ["Ann", "Ben", "Cy"][: GAMES[game]]
    body = json.dumps({"game": game, "players": len(names), "names": names, "options": {}})
    request = urllib.request.Request(
        url + "/api/new-game",
        data=body.encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=10).close()


def open_page(browser, url: str, lang: str):
    context = browser.new_context(**LAPTOP)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue && S.camera")
    page.wait_for_timeout(300)
    return page


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_says_how_it_is_entered_by_hand(browser, server, game, lang):
    new_game(server.url, game)
    page = open_page(browser, server.url, lang)
    help_text = page.locator("#board-panel .help")
    page.wait_for_function(
        f"() => document.querySelector('#board-panel .help').dataset.i18n"
        f" === 'board.help.byHand.{game}'"
    )
    said = help_text.inner_text()
    assert said == catalogue()[f"board.help.byHand.{game}"][lang]
    if game != "musee":  # Musée's own words, on Musée's page only
        assert said != catalogue()["board.help.byHand.musee"][lang]
    board = page.locator("#board").inner_text()
    assert not CAMERA.search(board), [l for l in board.splitlines() if CAMERA.search(l)]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_mythes_sharing_step_with_no_camera_speaks_of_no_camera(browser, server, lang):
    """A drawn card entered with no hand to come from: the sharing step said "The camera could
    not see whose hand 1 card came from"."""
    new_game(server.url, "mythe")
    call(server.url, "/api/correct", {"action": "add", "payload": "MYFAIRY", "region": "adventure"})
    for _ in range(3):
        if call(server.url, "/api/state")["state"]["phase"] == "share":
            break
        move = call(server.url, "/api/legal-moves")["moves"][0]
        call(server.url, "/api/move", {"move": move})
    assert call(server.url, "/api/state")["state"]["unattributed_draws"] == 1
    page = open_page(browser, server.url, lang)
    tip = page.locator("#mythe-share .mythe-tip")
    tip.wait_for()
    said = tip.inner_text()
    assert not CAMERA.search(said), said
    assert ("please count" in said) or ("數一數手牌" in said), said
    page.context.close()
