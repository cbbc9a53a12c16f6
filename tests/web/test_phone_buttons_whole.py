"""On the phone Masterpiece's "Place" button (a pawn's starting space) was clipped: its text
ran past its edge (issue 23, item 7). At 390 px, in both languages, no button of the set-up
is narrower than its text or smaller than a finger (44 x 44 px)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}
SQUEEZED = """() => [...document.querySelectorAll('#board button')]
  .filter((b) => b.getBoundingClientRect().width > 0)
  .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().width < 43.5
                 || b.getBoundingClientRect().height < 43.5)
  .map((b) => [b.textContent.trim(), Math.round(b.getBoundingClientRect().width),
               b.scrollWidth, b.clientWidth])"""


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_masterpieces_place_buttons_are_whole_on_a_phone(browser, server, lang):
    body = {"game": "masterpiece", "players": 3, "names": ["Ann", "Ben", "Chen"], "options": {}}
    request = urllib.request.Request(
        server.url + "/api/new-game",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=10).close()
    context = browser.new_context(**PHONE)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    page.locator("#board .mp-pawn-entry .mp-act").first.wait_for()
    assert page.locator("#board .mp-pawn-entry .mp-act").count() == 3
    assert page.evaluate(SQUEEZED) == []
    context.close()


def test_cardcassonnes_card_picker_tiles_are_a_finger_wide_on_a_laptop(browser, server):
    """Seen on a laptop: the picker's card tiles were 32 x 42 px."""
    body = {"game": "cardcassonne", "players": 2, "names": ["Ann", "Ben"], "options": {}}
    request = urllib.request.Request(
        server.url + "/api/new-game",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(request, timeout=10).close()
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(server.url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    page.click("#cc-open-reveal")
    page.locator("#cc-picker .cc-pick").first.wait_for()
    sizes = page.locator("#cc-picker .cc-pick").evaluate_all(
        "(tiles) => tiles.map((t) => [t.getBoundingClientRect().width,"
        " t.getBoundingClientRect().height])"
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes[:5]
    page.close()
