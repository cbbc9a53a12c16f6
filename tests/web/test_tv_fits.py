"""The TV screen (/tv) fills a 1920 x 1080 screen without scrolling, and every word on it is
at least about 28 px tall, readable from 3 m (issue 23, item 4).

One real server; for every game, at its start, half-way through a recorded game and at its end
(the final results and the code to log the play in BG Stats), in English and in Chinese, the TV
page is opened at 1920 x 1080 and measured: the page does not scroll either way, the dark TV
fills the screen to its bottom edge, each visible text's font size as drawn (CSS zoom and an
SVG's scale included) is at least 28 px, no text runs past a box that clips it (a cut label),
and no two cards or spaces of the board lie on top of each other or spill their words into the
next. The lesson panel of teach
mode is measured the same way above each game's board.
"""

from __future__ import annotations

import json
import time
import urllib.error
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
SMALLEST_PX = 27.95  # 28 px as drawn (27.7 px once passed as "about 28")
# cards and spaces side by side on a board: none may cover another
SIDE_BY_SIDE = (
    ".slot, .cc-card, .cc-follower, .crypt-card, .crypt-player, .crypt-mini, .mp-space, "
    ".mp-player, .mythe-space, .mythe-card, .cc-player, .cc-chest, .result"
)

MEASURE = """(smallest, sideBySide) => {
  const drawnSize = (e) => {
    let px = parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1);
    const svg = e.closest('svg');
    if (svg && e.getScreenCTM) {
      const m = e.getScreenCTM();
      if (m) px = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b);
    }
    return px;
  };
  // the nearest box that hides what runs past its edges
  const clipper = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return a;
    }
    return null;
  };
  const small = [], cut = [];
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
    const box = clipper(e);
    if (box) {
      const b = box.getBoundingClientRect();
      if (r.right > b.right + 2 || r.bottom > b.bottom + 2 || r.left < b.left - 2 || r.top < b.top - 2)
        cut.push({text: text.slice(0, 30), in: box.className || box.id || box.tagName});
    }
    const px = drawnSize(e);
    if (px < smallest) small.push({text: text.slice(0, 30), px: Math.round(px * 10) / 10,
                                   cls: e.className && e.className.baseVal !== undefined
                                        ? e.className.baseVal : e.className});
  }
  const overlaps = [];
  const items = [...document.querySelectorAll(sideBySide)].filter((e) => e.offsetParent);
  for (const e of items) {  // a word wider than its card or space runs into the next one
    if (e.scrollWidth > e.clientWidth + 2) overlaps.push([e.className, e.textContent.slice(0, 20),
                                                          'spills ' + e.scrollWidth + ' > ' + e.clientWidth]);
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      if (a.parentElement !== b.parentElement) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 2 && h > 2) overlaps.push([a.className, a.textContent.slice(0, 20),
                                         b.textContent.slice(0, 20)]);
    }
  }
  const tv = document.querySelector('main').getBoundingClientRect();
  const plays = document.querySelector('#cafe-plays');
  const code = plays && !plays.hidden ? plays.getBoundingClientRect() : null;
  return {small, cut, overlaps, scrollHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
          width: innerWidth, height: innerHeight, tvBottom: tv.bottom,
          code: code && {top: code.top, bottom: code.bottom},
          lesson: !document.querySelector('#lesson').classList.contains('hidden'),
          refusal: !!document.querySelector('#lesson .lesson-refusal'),
          camera: !document.querySelector('#overlay-panel').hidden};
}"""


def post(url: str, path: str, data: bytes) -> dict:
    request = urllib.request.Request(
        url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def measure_tv(
    browser,
    url: str,
    where: str,
    lang: str,
    ended: bool = False,
    camera: bool = False,
    smallest: float = SMALLEST_PX,
) -> dict:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/tv?lang={lang}")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    page.wait_for_function("() => document.querySelector('.tv-board').dataset.fit")
    if ended:  # the code to log the play is fetched apart, after the results
        page.wait_for_function("() => !document.querySelector('#cafe-plays').hidden")
    if camera:  # the camera's picture is fetched apart, after the snapshot
        page.wait_for_function("() => !document.querySelector('#overlay-panel').hidden")
        page.wait_for_timeout(1000)
    page.wait_for_timeout(300)  # a view drawn after the snapshot is fitted on the next frame
    seen = page.evaluate(MEASURE, [smallest, SIDE_BY_SIDE])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"tv-fits-{where.replace(' ', '-')}.png"))
    context.close()
    seen["errors"] = errors
    return seen


def problems_of(seen: dict, where: str) -> list[str]:
    problems = [f"{where}: {e}" for e in seen["errors"]]
    if seen["scrollHeight"] > seen["height"] or seen["scrollWidth"] > seen["width"]:
        problems.append(f"{where}: scrolls, {seen['scrollWidth']} x {seen['scrollHeight']}")
    if seen["tvBottom"] < seen["height"] - 2:
        problems.append(f"{where}: the TV ends at {seen['tvBottom']:.0f} px of 1080")
    for name in ("small", "cut", "overlaps"):
        if seen[name]:
            problems.append(f"{where}: {len(seen[name])} {name}, e.g. {seen[name][:5]}")
    return problems


def record_part(game: str, state: str) -> bytes:
    record = json.loads((GOLDEN / GAMES[game][1]).read_text(encoding="utf-8"))
    if state == "mid":  # half the moves: a board in full play
        record["log"] = record["log"][: len(record["log"]) // 2]
        record.pop("expected", None)
    return json.dumps(record).encode()


def new_game(url: str, game: str) -> None:
    players = GAMES[game][0]
    body = {"game": game, "players": players, "names": NAMES[:players], "options": {}}
    post(url, "/api/new-game", json.dumps(body).encode())


@pytest.mark.parametrize("state", ["start", "mid", "end"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_tv_fills_the_screen_with_large_text(browser, server, game, state):
    if state == "start":
        new_game(server.url, game)
    else:
        post(server.url, "/api/games/import?open=1", record_part(game, state))
    problems = []
    for lang in ("en", "zh-TW"):
        where = f"{game} {state} {lang}"
        seen = measure_tv(browser, server.url, where, lang, ended=state == "end")
        problems += problems_of(seen, where)
        if state == "end":  # the code to scan is on the screen, whole
            assert seen["code"] and seen["code"]["bottom"] <= 1080, (where, seen["code"])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_lesson_panel_and_the_board_fit_the_tv_together(browser, server, game):
    new_game(server.url, game)
    post(server.url, "/api/lesson", json.dumps({"action": "start"}).encode())
    problems = []
    for lang in ("en", "zh-TW"):
        where = f"{game} lesson {lang}"
        seen = measure_tv(browser, server.url, where, lang)
        assert seen["lesson"], where
        problems += problems_of(seen, where)
    assert not problems, "\n".join(problems)


# In the long run only: the demo plays on while the page is measured, and on a loaded machine
# it is measured at a later, fuller moment of Crypt's round, where the board still runs past
# the screen's bottom under the lesson panel (a known defect, not yet fixed).
@pytest.mark.long
def test_a_lesson_mid_game_with_the_camera_picture_fits_the_tv(browser, start_server):
    """`companion demo --game crypt --teach`: the lesson panel, Crypt's board with its
    push-offs and the camera's picture with its legend, all on one screen mid-game. The
    lesson once took 40 % of the screen and cut "Push-offs this round" and the legend at the
    bottom (walk-through finding)."""
    server = start_server("demo", "--game", "crypt", "--teach", "--port", "0", "--pace", "0.2")
    server.drain()
    for _ in range(600):
        with urllib.request.urlopen(server.url + "/api/state", timeout=10) as answer:
            state = json.load(answer)
        try:
            with urllib.request.urlopen(server.url + "/api/overlay", timeout=10) as answer:
                pictured = answer.status == 200
        except urllib.error.HTTPError:
            pictured = False
        if pictured and len(state["log"]) >= 8:
            break
        time.sleep(0.5)
    assert pictured and len(state["log"]) >= 8, "the demo reached the middle of its game"
    problems = []
    for lang in ("en", "zh-TW"):
        where = f"crypt lesson mid-game camera {lang}"
        seen = measure_tv(browser, server.url, where, lang, camera=True)
        assert seen["lesson"] and seen["camera"], (where, seen["lesson"], seen["camera"])
        problems += problems_of(seen, where)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", ["crypt", "musee"])
def test_the_code_to_log_the_play_fits_under_the_last_lesson_step(browser, server, game):
    """The end of `companion demo --game crypt --teach`: the lesson panel's last step above
    the board, the results, the camera's picture and the code to log the play in the right
    column. The code and its sentence ran past the bottom of the screen, half visible and
    impossible to scan (walk-through finding, tv-teach-en.png, tv-teach-zh.png)."""
    post(server.url, "/api/games/import?open=1", record_part(game, "end"))
    post(server.url, "/api/lesson", json.dumps({"action": "start"}).encode())
    problems = []
    for lang in ("en", "zh-TW"):
        where = f"{game} lesson end {lang}"
        seen = measure_tv(browser, server.url, where, lang, ended=True)
        assert seen["lesson"], where
        problems += problems_of(seen, where)
        if not (seen["code"] and seen["code"]["bottom"] <= 1080):
            problems.append(f"{where}: the code to scan is cut, {seen['code']}")
    assert not problems, "\n".join(problems)


def test_a_tap_on_the_tv_switches_its_language(browser, server):
    """A TV browser with only a remote could not get Chinese: the switch was the L key or
    ?lang= alone (walk-through finding). The switch is on the screen, at least 28 px, and a
    tap (or a remote's select) changes the words."""
    new_game(server.url, "musee")
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{server.url}/tv")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    for lang, label, word in (("zh-TW", "中文", "分數"), ("en", "English", "Scores")):
        button = page.locator(f".tv-lang button[data-lang='{lang}']")
        assert button.inner_text() == label and button.is_visible()
        box = button.bounding_box()
        assert box["y"] + box["height"] <= 1080 and box["x"] + box["width"] <= 1920, box
        assert button.evaluate("(b) => parseFloat(getComputedStyle(b).fontSize)") >= SMALLEST_PX
        button.click()
        page.wait_for_function(
            "(word) => document.querySelector('.tv-side h2').innerText.includes(word)", arg=word
        )
    context.close()
