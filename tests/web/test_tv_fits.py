"""The TV screen (/tv) fills a 1920 x 1080 screen without scrolling, and every word on it is
at least about 28 px tall, readable from 3 m (issue 23, item 4).

One real server; for every game, at its start and with a whole recorded game imported (the
fullest board, the final results), in English and in Chinese, the TV page is opened at
1920 x 1080 and measured: the page does not scroll either way, the dark TV fills the screen
to its bottom edge, and each visible text's font size, as drawn (CSS zoom and an SVG's scale
included), is at least 28 px.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from webhelpers import BROWSER_TESTS, SHOTS

pytestmark = BROWSER_TESTS

GOLDEN = Path(__file__).parents[1] / "golden"
GAMES = {
    "musee": (2, "musee/two-players-full.json"),
    "cardcassonne": (3, "cardcassonne/three-players-full.json"),
    "crypt": (4, "crypt/four-players-tiebreak.json"),
    "masterpiece": (3, "masterpiece/three-players-every-space.json"),
    "mythe": (4, "mythe/four-players.json"),
}
NAMES = ["Amy", "Ben", "Cat", "Dan"]
SMALLEST_PX = 27.5  # "about 28 px"

MEASURE = (
    """() => {
  const drawnSize = (e) => {
    let px = parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1);
    const svg = e.closest('svg');
    if (svg && e.getScreenCTM) {
      const m = e.getScreenCTM();
      if (m) px = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b);
    }
    return px;
  };
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const e = node.parentElement;
    if (!text || !e || e.closest('script, style, template')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(e).visibility === 'hidden') continue;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) {
      small.push({text: text.slice(0, 30), px: 'off screen', where: [r.x, r.y]}); continue;
    }
    const px = drawnSize(e);
    if (px < %s) small.push({text: text.slice(0, 30), px: Math.round(px * 10) / 10,
                              cls: e.className && e.className.baseVal !== undefined
                                   ? e.className.baseVal : e.className});
  }
  const tv = document.querySelector('main').getBoundingClientRect();
  return {small, scrollHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
          width: innerWidth, height: innerHeight, tvBottom: tv.bottom};
}"""
    % SMALLEST_PX
)


def post(url: str, path: str, data: bytes) -> dict:
    request = urllib.request.Request(
        url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def check_tv(browser, url: str, where: str, lang: str) -> list[str]:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/tv?lang={lang}")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    page.wait_for_timeout(300)  # the game's own view draws after the snapshot
    seen = page.evaluate(MEASURE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"tv-fits-{where.replace(' ', '-')}.png"))
    context.close()
    problems = [f"{where}: {e}" for e in errors]
    if seen["scrollHeight"] > seen["height"] or seen["scrollWidth"] > seen["width"]:
        problems.append(f"{where}: scrolls, {seen['scrollWidth']} x {seen['scrollHeight']}")
    if seen["tvBottom"] < seen["height"] - 2:
        problems.append(f"{where}: the TV ends at {seen['tvBottom']:.0f} px of 1080")
    if seen["small"]:
        problems.append(f"{where}: {len(seen['small'])} small texts, e.g. {seen['small'][:5]}")
    return problems


# Only Musée's board has been laid out for the TV so far; the other boards still run past the
# bottom edge with small words in their pictures (issue 23, item 4, left for their views).
LAID_OUT = {"musee"}


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(
            g,
            marks=pytest.mark.xfail(
                reason="board not laid out for the TV yet"
                if g not in LAID_OUT
                else "the end's BG Stats code (issue 27) runs past the screen"
            ),
        )
        for g in GAMES
    ],
)
def test_the_tv_fills_the_screen_with_large_text(browser, server, game):
    players, record = GAMES[game]
    body = {"game": game, "players": players, "names": NAMES[:players], "options": {}}
    problems = []
    post(server.url, "/api/new-game", json.dumps(body).encode())
    for lang in ("en", "zh-TW"):
        problems += check_tv(browser, server.url, f"{game} start {lang}", lang)
    post(server.url, "/api/games/import?open=1", (GOLDEN / record).read_bytes())
    for lang in ("en", "zh-TW"):
        problems += check_tv(browser, server.url, f"{game} played {lang}", lang)
    assert not problems, "\n".join(problems)
