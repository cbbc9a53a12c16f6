"""Every game's dashboard on a phone, a laptop and a TV-sized screen, in both languages.

One real server per game, one shared Chromium. On each page: nothing scrolls sideways, every
control is a finger-sized target on the phone (44 px), a zh-TW page shows no English words
(beyond player names and card codes), and the browser logs no errors.

The screenshots land in $COMPANION_SCREENSHOTS (default /tmp/companion-screenshots);
`scripts/screenshots` regenerates the committed set in web/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from webhelpers import BROWSER_TESTS, SHOTS

pytestmark = BROWSER_TESTS

PHONE, LAPTOP, TV = (390, 844), (1366, 768), (1920, 1080)
SIZES = {"phone": PHONE, "laptop": LAPTOP, "tv": TV}
GAMES = {"musee": 2, "cardcassonne": 3, "crypt": 2, "masterpiece": 3, "mythe": 3}
NAMES = ["Amy", "Ben", "Cat"]
# Latin text a zh-TW page may show: names, the language switch, file formats, units.
ZH_ALLOWED = {*NAMES, "English", "PDF", "QR", "Wi-Fi", "M", "USB"}
TOUCH_PX = 44

MEASURE = """() => {
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const controls = [...document.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, summary, [role=button]')]
    .filter(visible)
    .map((e) => { const r = e.getBoundingClientRect();
      return {what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                    (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''),
              text: (e.innerText || e.value || '').trim().slice(0, 30),
              w: Math.round(r.width), h: Math.round(r.height)}; });
  return {scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth,
          text: document.body.innerText, controls};
}"""


def english_words(text: str) -> set[str]:
    text = re.sub(r"https?://\S+", "", text)  # a join link is an address, not English
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9'-]*", text))
    # card codes (MPV07, MYN3A) and short unit letters are what the printed cards show
    return {
        w
        for w in words
        if w not in ZH_ALLOWED and not re.search(r"\d", w) and not (w.isupper() and len(w) <= 3)
    }


@pytest.fixture(scope="module")
def servers(start_server_module):
    return {
        game: start_server_module(
            "serve",
            "--game",
            game,
            "--players",
            str(players),
            "--names",
            ",".join(NAMES[:players]),
            "--port",
            "0",
        )
        for game, players in GAMES.items()
    }


# (path, screen size) checked for every game in both languages: the dashboard on every size,
# the TV screen on the TV, and the host's and the teaching pages on a phone.
PAGES = [("/", size) for size in SIZES] + [
    ("/tv", "tv"),
    ("/rules", "phone"),
    ("/setup", "phone"),
    ("/diagnostics", "phone"),
    ("/summary", "phone"),
]


def page_name(game: str, path: str, size_name: str, lang: str) -> str:
    page = path.strip("/") or "dashboard"
    if page == "dashboard":
        return f"{game}-{size_name}-{lang}"
    if page == "tv":
        return f"{game}-tv-mode-{lang}"  # not "<game>-tv-<lang>": that is the dashboard on a TV
    return f"{game}-{page}-{size_name}-{lang}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_page_fits_each_screen_in_both_languages(browser, servers, game):
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = servers[game].url
    problems = []
    for path, size_name in PAGES:
        width, height = SIZES[size_name]
        for lang in ("en", "zh-TW"):
            context = browser.new_context(
                viewport={"width": width, "height": height}, has_touch=size_name == "phone"
            )
            context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
            page = context.new_page()
            errors = []
            page.on(
                "console",
                lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None,
            )
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            page.goto(url + path)
            page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
            page.wait_for_timeout(300)  # the game's own view draws after the snapshot
            seen = page.evaluate(MEASURE)
            where = f"{game} {path} {size_name} {lang}"
            if seen["scrollWidth"] > seen["width"]:
                problems.append(f"{where}: {seen['scrollWidth']} px wide on a {width} px screen")
            if size_name == "phone":
                small = [c for c in seen["controls"] if c["h"] < TOUCH_PX or c["w"] < TOUCH_PX]
                if small:
                    problems.append(f"{where}: {len(small)} small targets, e.g. {small[:6]}")
            if lang == "zh-TW":
                english = english_words(seen["text"])
                if english:
                    problems.append(f"{where}: English on a zh-TW page: {sorted(english)[:20]}")
            if errors:
                problems.append(f"{where}: console errors {errors[:3]}")
            page.screenshot(
                path=str(SHOTS / (page_name(game, path, size_name, lang) + ".png")),
                full_page=size_name == "phone",
            )
            context.close()
    assert not problems, "\n".join(problems)


def test_a_zh_tw_log_says_where_every_move_came_from_in_chinese(browser, start_server_module):
    """The log's badge names each input's source (camera, by hand, demo, replayed game); on a
    zh-TW page none of them may be English. A game with a move from every source is imported
    (as a recorded demo's declared move or a replayed file gives them) and its log is read."""
    import json
    import urllib.request

    from companion.validation import EVENT_SOURCES

    server = start_server_module(
        "serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben", "--port", "0"
    )
    moves = [
        {"kind": "place", "player": 0, "card": "MU10", "museum": 0, "gallery": 0, "space": 2},
        {"kind": "place", "player": 1, "card": "MU15", "museum": 1, "gallery": 0, "space": 3},
        {"kind": "place", "player": 0, "card": "MU20", "museum": 0, "gallery": 0, "space": 4},
        {"kind": "place", "player": 1, "card": "MU25", "museum": 1, "gallery": 0, "space": 5},
    ]
    lines = [
        {
            "type": "setup",
            "game": "musee",
            "setup": {"players": 2, "names": ["Amy", "Ben"], "options": {}},
        }
    ]
    lines += [
        {"type": "move", "move": move, "source": source}
        for move, source in zip(moves, EVENT_SOURCES)
    ]
    request = urllib.request.Request(
        server.url + "/api/games/import?open=1",
        data="\n".join(json.dumps(line) for line in lines).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies([{"name": "companion_lang", "value": "zh-TW", "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.querySelectorAll('#log .badge').length >= 4")
    badges = page.eval_on_selector_all("#log .badge", "els => els.map((e) => e.innerText)")
    log_text = page.inner_text("#log")
    context.close()
    assert len(set(badges)) == len(EVENT_SOURCES), badges  # each source has its own word
    assert not english_words(log_text), f"English in the zh-TW log: {english_words(log_text)}"
