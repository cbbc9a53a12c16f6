"""The Musée card picker and a card already on the table (walk-through finding, demo on a
laptop): 15 laid by hand in Amy's museum lay there "Not allowed", yet the picker of its own
space and of another empty space still offered 15, and picking it showed only the generic
"That request could not be understood…" (HTTP 400) while the server's reason ("already on
the table; remove it first") was never shown. The picker marks such a card, not offered,
saying where it lies; a refusal shows the server's own sentence in the page's language."""

from __future__ import annotations

import contextlib
import urllib.error

from webhelpers import BROWSER_TESTS, call

pytestmark = BROWSER_TESTS
GENERIC = ("could not be understood", "看不懂")


def lay(url: str, payload: str, slot: list[int]) -> None:
    with contextlib.suppress(urllib.error.HTTPError):  # a card not allowed there: 422
        call(url, "/api/correct", {"action": "add", "payload": payload, "region": "museum0",
                                   "slot": slot})  # fmt: skip


def test_a_card_on_the_table_is_not_offered_and_its_refusal_is_said_in_words(
    browser, start_server, tmp_path
):
    server = start_server("serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben",
                          "--port", "0", "--db", str(tmp_path / "m.sqlite3"))  # fmt: skip
    url = server.url
    lay(url, "MU20", [0, 2])  # Amy hangs 20 in her upper gallery, space 3
    lay(url, "MU15", [0, 3])  # 15 right of 20: lies there, not allowed
    table = [p["payload"] for p in call(url, "/api/state")["table"]]
    assert "MU15" in table, table
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/?lang=en")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    fifteen = "#picker-cards button.pick[data-payload='MU15']"
    for slot in ("0,3", "0,4"):  # its own space, and another empty one
        page.click(f"#board button.slot[data-region='museum0'][data-slot='{slot}']")
        page.wait_for_selector("#picker:not(.hidden)")
        assert page.locator(fifteen).is_disabled(), slot
        title = page.locator(fifteen).get_attribute("title")
        assert "already lies in Museum of Amy" in title and " 4" in title, title
        page.click("#picker-close")
    # A refusal of /api/correct: the server's sentence, in either language
    for lang, words in (("en", "already on the table"), ("zh-TW", "已經在桌上")):
        page.goto(f"{url}/?lang={lang}")
        page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
        page.evaluate("""() => Companion.command('/api/correct',
            {action: 'add', payload: 'MU15', region: 'museum0', slot: [0, 4]})""")
        page.wait_for_function(
            "(w) => document.querySelector('#alerts').innerText.includes(w)", arg=words
        )
        shown = page.locator("#alerts").inner_text()
        assert not any(g in shown for g in GENERIC), shown
    assert not errors, errors
