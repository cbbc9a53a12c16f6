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

import contextlib
import json
import threading
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
    # ... and on a loaded machine a refit a part's resize asked for may still be pending
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
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


def crypt_demo_app(tmp_path, teach: bool = True):
    """`companion demo --game crypt --teach` (or without the lesson) in this process, its
    clock stopped: the real pipeline reads the bundled recording's frames only when the test
    steps it."""
    from web import create_app
    from web.camera import open_watcher, pipeline_available, sample_recordings
    from web.recording import load_recording

    if not pipeline_available():
        pytest.skip("needs the vision pipeline")
    folder = sample_recordings()["crypt"]
    recording = load_recording(folder)
    app = create_app(
        {
            "db": str(tmp_path / "demo.sqlite3"),
            "game": "crypt",
            "players": recording.players,
            "names": recording.names,
            "options": recording.options,
            "fresh": True,
            "teach": teach,
        }
    )
    runtime = app.extensions["companion_runtime"]
    runtime.watcher = open_watcher(f"images:{folder}", "crypt", recording.players)
    return app, runtime


@contextlib.contextmanager
def served(app):
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="tv-test-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def moment(snap: dict) -> str:
    """What the TV shows of a snapshot, the camera aside: a new moment when it changes."""
    seen = {k: snap.get(k) for k in ("state", "log", "lesson", "hints", "current_players")}
    return json.dumps(seen, sort_keys=True, default=str)


# the page has drawn this snapshot, fitted it, and the fit settled over two frames
DRAWN = """(version) => S.snap && S.snap.version >= version
  && document.querySelector('.tv-board').dataset.fit
  && !document.querySelector('#overlay-panel').hidden"""
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def demo_moments(browser, tmp_path, teach: bool, last_round: int | None) -> tuple[list, set]:
    """Steps the Crypt demo frame by frame up to `last_round` (None: its end) and measures the
    TV, in English and in Chinese, at every moment it shows something new; returns the
    problems found and the moments' phases."""
    app, runtime = crypt_demo_app(tmp_path, teach)
    problems, phases = [], set()
    try:
        with served(app) as url:
            contexts, pages = [], {}
            for lang in ("en", "zh-TW"):
                context = browser.new_context(viewport={"width": 1920, "height": 1080})
                page = context.new_page()
                page.on("pageerror", lambda e, lang=lang: problems.append(f"{lang}: {e}"))
                page.goto(f"{url}/tv?lang={lang}")
                contexts.append(context)
                pages[lang] = page
            last = None
            for frame in range(1000):
                runtime.step_once()
                snap = runtime.snapshot()
                if snap["camera"].get("finished"):
                    break
                if last_round is not None and snap["state"]["round"] > last_round:
                    break
                if moment(snap) == last or not snap["camera"].get("has_picture"):
                    continue
                last = moment(snap)
                phases.add(snap["state"]["phase"])
                for lang, page in pages.items():
                    problems += measure_moment(page, snap, f"crypt frame {frame} {lang}", teach)
            for context in contexts:
                context.close()
    finally:
        runtime.close()
    return problems, phases


def measure_moment(page, snap: dict, where: str, teach: bool) -> list[str]:
    page.wait_for_function(DRAWN, arg=snap["version"])
    page.evaluate(SETTLED)
    seen = page.evaluate(MEASURE, [SMALLEST_PX, SIDE_BY_SIDE])
    seen["errors"] = []
    assert seen["camera"] and (seen["lesson"] or not teach or snap["over"]), (where, seen)
    found = problems_of(seen, where)
    if found:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"tv-fits-{where.replace(' ', '-')}.png"))
    return found


def test_a_lesson_mid_game_with_the_camera_picture_fits_the_tv(browser, tmp_path):
    """`companion demo --game crypt --teach`, stepped frame by frame through its first two
    rounds and measured at every moment, in English and in Chinese: the lesson panel, Crypt's
    board and the camera's picture with its legend, all on one screen. The lesson once took
    40 % of the screen and cut "Push-offs this round" and the legend; later moments of a round
    (a refused claim said three times, a push-off, four exhaustion rolls, six-line treasure
    cards) ran the board past the bottom (walk-through findings). Measured while the demo
    played on, this test once depended on the machine's speed."""
    problems, phases = demo_moments(browser, tmp_path, teach=True, last_round=2)
    assert {"reveal", "claim", "collect"} <= phases, phases
    assert not problems, "\n".join(problems)


@pytest.mark.long
@pytest.mark.parametrize("teach", [True, False], ids=["teach", "plain"])
def test_the_whole_crypt_demo_fits_the_tv_at_every_moment(browser, tmp_path, teach):
    """The long version: every moment of the whole demo game (92 of them), with and without
    the lesson, up to the final score (about 30 s each)."""
    problems, phases = demo_moments(browser, tmp_path, teach=teach, last_round=None)
    assert {"claim", "collect", "over"} <= phases, phases
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


CRYPT_CARDS = Path(__file__).parents[2] / "companion" / "data" / "cards" / "crypt.json"
CRYPT_ROUNDS = [  # face up, face up, face down: every treasure ends in a collection
    ("CRIDOL1A", "CRJEWL1A", "CRBREMN"),
    ("CRMANU1A", "CRPOTT1A", "CRBTAPE"),
    ("CRIDOL2A", "CRJEWL2A", "CRBREMN"),
    ("CRMANU2A", "CRPOTT2A", "CRBTAPE"),
    ("CRIDOL3A", "CRJEWL3A", "CRBREMN"),
    ("CRMANU3A", "CRPOTT3A", "CRBTAPE"),
    ("CRIDOL4A", "CRJEWL4A", "CRBREMN"),
    ("CRMANU4A", "CRPOTT4A", "CRBTAPE"),
]


def crypt_every_card_record(mid: bool) -> bytes:
    """Two players collect all 24 treasures: the Leader claims their face-up card and the
    face-down one, the other player the other face-up card (effort 1, no rolls), and at the
    end the face-down ones are named. `mid`: round 2 with its cards claimed, not collected."""

    def move(kind, player=None, **params):
        return {"type": "move", "move": {"kind": kind, "player": player, **params}}

    def claim(seat, *cards):
        return move("claim", seat, placements=[{"card": c, "dice": 1, "effort": 1} for c in cards])

    log = []
    for r, cards in enumerate(CRYPT_ROUNDS):
        lead = r % 2
        log += [
            move("deal", **{"back" if c.startswith("CRB") else "card": c, "index": i})
            for i, c in enumerate(cards)
        ]
        log += [claim(lead, lead, 2), claim(1 - lead, 1 - lead)]
        if mid and r == 1:
            break
        log.append(move("recover", lead))
    if not mid:
        log += [move("identify", 0, card=f"CRREMN{v}A") for v in range(1, 5)]
        log += [move("identify", 1, card=f"CRTAPE{v}A") for v in range(1, 5)]
    setup = {"players": 2, "names": ["Ann", "Ben"], "options": {}}
    record = {"format": "table-companion-record", "version": 1, "game": "crypt"}
    return json.dumps(dict(record, setup=setup, log=log)).encode()


# every label of a card as the TV writes it, inside its own box and on the screen
LABELS_FIT = """(names) => {
  const board = document.querySelector('.tv-board').getBoundingClientRect();
  const inside = (label, box) => {
    const range = document.createRange();
    range.selectNodeContents(label);
    const t = range.getBoundingClientRect(), b = box.getBoundingClientRect();
    return label.scrollWidth <= label.clientWidth + 1 && t.left >= b.left - 1
      && t.right <= b.right + 1 && t.top >= b.top - 1 && t.bottom <= b.bottom + 1
      && t.right <= board.right + 1 && t.bottom <= board.bottom + 1;
  };
  const labels = [
    ...[...document.querySelectorAll('.crypt-mini')].map((e) => [e, e]),
    ...[...document.querySelectorAll('.crypt-card .crypt-type')].map((e) => [e, e.closest('.crypt-card')]),
    ...[...document.querySelectorAll('.crypt-collector-head strong')].map((e) => [e, e.closest('.crypt-collector')]),
  ];
  const shown = labels.map(([e]) => e.textContent.trim());
  return {
    missing: names.filter((n) => !shown.includes(n)),
    cut: labels.filter(([e, box]) => !inside(e, box)).map(([e]) => e.textContent.trim()),
  };
}"""


def test_every_crypt_card_name_fits_its_label_on_the_tv(browser, server):
    """Crypt's TV cut "Manuscript" in the 2-player demo (walk-through finding: a collector's
    column narrower than its name under a lesson). Every treasure of crypt.json, by its name
    in each language, is drawn in a player's collection at the end of a game, and every
    type's name on a card in the crypt row and on its collector: each label lies whole inside
    its box, at 1920 x 1080, in English and in Chinese, with and without a lesson."""
    cards = json.loads(CRYPT_CARDS.read_text(encoding="utf-8"))["cards"]
    treasures = [c for c in cards if c["face"]["role"] == "treasure"]
    problems = []
    for mid, lesson in ((True, False), (True, True), (False, False), (False, True)):
        if not lesson:  # a lesson an earlier test began is ended
            post(server.url, "/api/games/import?open=1", crypt_every_card_record(mid))
            for action in ("start", "skip"):
                post(server.url, "/api/lesson", json.dumps({"action": action}).encode())
        else:
            post(server.url, "/api/lesson", json.dumps({"action": "start"}).encode())
        for lang in ("en", "zh-TW"):
            state = ("mid" if mid else "end") + (" lesson" if lesson else "")
            where = f"crypt every card {state} {lang}"
            context = browser.new_context(viewport={"width": 1920, "height": 1080})
            page = context.new_page()
            page.goto(f"{server.url}/tv?lang={lang}")
            page.wait_for_function("() => document.querySelector('.tv-board').dataset.fit")
            page.wait_for_function(
                "(on) => document.body.classList.contains('teaching') === on", arg=lesson
            )
            page.evaluate(SETTLED)
            names = sorted({c["name"][lang] for c in treasures}) if not mid else []
            labels = page.evaluate(LABELS_FIT, names)
            seen = page.evaluate(MEASURE, [SMALLEST_PX, SIDE_BY_SIDE])
            seen["errors"] = []
            if labels["missing"] or labels["cut"]:
                problems.append(f"{where}: {labels}")
            problems += problems_of(seen, where)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"tv-fits-{where.replace(' ', '-')}.png"))
            context.close()
    assert not problems, "\n".join(problems)
