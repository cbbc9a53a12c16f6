"""Started without names, every Chinese page said "Player 1 / Player 2" (issue 23): a seat
given no name is 玩家 1, 玩家 2… on a Chinese page, in names and in the game's sentences
that name them, while the record keeps the names it stored ("Player 1"): the display is
localised, the record is not."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from PIL import Image
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS

GOLDEN = Path(__file__).parents[1] / "golden"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
GAMES = [("musee", 2), ("cardcassonne", 2), ("crypt", 3), ("mythe", 2), ("masterpiece", 3)]
DEFAULT = re.compile(r"\bPlayer \d")


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def post(url: str, path: str, body: dict | bytes) -> dict:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def page_text(context, url: str) -> str:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => typeof S === 'object' && S.catalogue")
    page.wait_for_timeout(600)  # the game's view, the past games' list
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
    text = page.locator("body").inner_text()
    page.close()
    return text


@pytest.mark.parametrize("game, players", GAMES)
def test_a_chinese_page_calls_unnamed_seats_by_their_number(browser, server, game, players):
    post(server.url, "/api/new-game", {"game": game, "players": players, "names": []})
    context = browser.new_context(**LAPTOP)
    context.add_init_script("localStorage.setItem('companion.lang', 'zh-TW')")
    for path in ("/", "/tv", "/summary", "/games"):
        text = page_text(context, server.url + path)
        assert not DEFAULT.findall(text), (path, [l for l in text.splitlines() if "Player" in l])
        assert "玩家 1" in text, (path, text[:400])
    context.close()
    english = browser.new_context(**LAPTOP)
    english.add_init_script("localStorage.setItem('companion.lang', 'en')")
    assert "Player 1" in page_text(english, server.url + "/")
    english.close()
    state = json.load(urllib.request.urlopen(server.url + "/api/state", timeout=10))
    with urllib.request.urlopen(
        f"{server.url}/api/games/{state['game_id']}/record", timeout=10
    ) as answer:
        record = json.load(answer)
    assert record["setup"]["names"] == [f"Player {n + 1}" for n in range(players)]


def test_the_chinese_results_picture_names_unnamed_seats_by_number(server, tmp_path):
    record = json.loads((GOLDEN / "musee" / "two-players-full.json").read_text())
    record["setup"]["names"] = []
    post(server.url, "/api/games/import?open=1", json.dumps(record).encode())
    for lang, first, second in (("zh-TW", "玩家 1", "玩家 2"), ("en", "Player 1", "Player 2")):
        with urllib.request.urlopen(f"{server.url}/results.png?lang={lang}", timeout=10) as got:
            (tmp_path / "r.png").write_bytes(got.read())
        description = Image.open(tmp_path / "r.png").text["Description"]
        names = {line.split("\t")[1] for line in description.splitlines()}
        assert names == {first, second}, description
