"""Placeholder data (Mythe's deck and path, Masterpiece's board and value deck,
Cardcassonne's scoring tables, until the real ones are typed in) is the host's concern: the
host's dashboard flags it (and the README and the print kit say it), the TV and the seats'
phones do not. The walk-through found "placeholder / unverified data" notices on every
player's screen."""

from __future__ import annotations

import json
import urllib.request

import pytest
from webhelpers import BROWSER_TESTS

from web.roles import seat_token

pytestmark = BROWSER_TESTS

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
NOTICE = ("placeholder", "unverified", "暫定", "查證", "核實")
GAMES = {"mythe": 3, "masterpiece": 3, "cardcassonne": 3}


@pytest.fixture(scope="module")
def table(start_server_module, tmp_path_factory):
    server = start_server_module(
        "serve",
        "--game",
        "mythe",
        "--players",
        "3",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--db",
        str(tmp_path_factory.mktemp("notices") / "g.sqlite3"),
    ).drain()
    return server.url.replace("0.0.0.0", "127.0.0.1"), server.token


def new_game(base: str, token: str, game: str, players: int) -> int:
    body = {"game": game, "players": players, "names": ["Amy", "Ben", "Cy"][:players]}
    request = urllib.request.Request(
        base + "/api/new-game",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"X-Companion-Token": token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        answer.read()
    request = urllib.request.Request(base + "/api/state", headers={"X-Companion-Token": token})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["state_id"]


def screen_text(browser, url: str, size: dict, lang: str, state_id: int) -> str:
    context = browser.new_context(**size)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(url)
        page.wait_for_function(
            f"() => typeof S === 'object' && S.snap && S.snap.state_id === {state_id}"
        )
        page.wait_for_timeout(300)
        # everything the page holds, folded parts (<details>) and tooltips included
        return page.evaluate(
            """() => {
              const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              const said = [];
              while (walk.nextNode()) {
                const parent = walk.currentNode.parentElement;
                if (!parent.closest('script, style, noscript, template')) said.push(walk.currentNode.data);
              }
              const titles = [...document.querySelectorAll('[title]')].map((n) => n.title);
              return said.concat(titles).join(' ');
            }"""
        )
    finally:
        context.close()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_placeholder_notice_is_the_hosts_only(browser, table, game, lang):
    base, token = table
    state_id = new_game(base, token, game, GAMES[game])
    host = screen_text(browser, f"{base}/?token={token}", LAPTOP, lang, state_id)
    assert any(word in host for word in NOTICE), "the host is told the data are placeholders"
    tv = screen_text(browser, f"{base}/tv?token={token}", TV, lang, state_id)
    phone = screen_text(browser, f"{base}/?token={seat_token(token, 0)}", PHONE, lang, state_id)
    for screen, text in (("TV", tv), ("seat's phone", phone)):
        shown = [
            text[max(0, text.lower().find(w) - 80) :][:160] for w in NOTICE if w in text.lower()
        ]
        assert not shown, f"{game} {lang}: the {screen} shows {shown}"
