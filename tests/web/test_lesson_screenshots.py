"""Each lesson's first steps on the TV and on the acting seat's phone, in both languages
(issue 26): the panel shows the step on both screens, nothing scrolls sideways, a zh-TW panel
has no English words, a step's picture of the mat is drawn. The pictures are
web/screenshots/lesson-<game>-step<N>-<screen>-<lang>.png when taken by `scripts/screenshots`."""

from __future__ import annotations

import re

import pytest
from webhelpers import BROWSER_TESTS, SHOTS

from companion import lessons
from web.roles import seat_token

pytestmark = BROWSER_TESTS

TOKEN = "lesson-shots-token-0123456789"
GAMES = {"musee": 2, "cardcassonne": 3, "crypt": 2, "masterpiece": 3, "mythe": 3}
NAMES = ["Amy", "Ben", "Cat"]
SCREENS = {
    "tv": {"viewport": {"width": 1920, "height": 1080}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
STEPS = 2
PANEL = """() => { const box = document.querySelector('#lesson');
  const count = box.querySelector('.lesson-count');
  return {visible: !box.classList.contains('hidden') && box.getBoundingClientRect().height > 0,
          number: count ? Number(count.innerText.match(/\\d+/g)[0]) : 0, text: box.innerText,
          sideways: document.documentElement.scrollWidth > window.innerWidth}; }"""
# play one legal move from the host's screen (the camera's part in a real game)
# (a move of a kind the step waits for when there is one)
PLAY_ONE = """async (kinds) => { const legal = await api('GET', '/api/legal-moves?limit=300');
  const move = legal.moves.find((m) => kinds.includes(m.kind)) || legal.moves[0];
  await command('/api/move', {move}); }"""


def advance(host_page, game: str) -> None:
    """On to the next step: tap a step no camera sees, else play legal moves until it moves."""
    before = host_page.evaluate("() => S.snap.lesson.number")
    done = lessons.load_lesson(game).steps[before - 1].done
    kinds = [k for part in getattr(done, "of", [done]) for k in getattr(part, "kinds", [])]
    if host_page.evaluate("() => S.snap.lesson.step.tap"):
        host_page.evaluate("() => command('/api/lesson', {action: 'tap'})")
    else:
        for _ in range(12):
            host_page.evaluate(PLAY_ONE, kinds)
            host_page.wait_for_timeout(100)
            if host_page.evaluate("() => S.snap.lesson.number") != before:
                break
    host_page.wait_for_function("(n) => S.snap.lesson.number > n", arg=before)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_steps_of_each_lesson_on_the_tv_and_a_phone(browser, start_server, game, lang):
    players = GAMES[game]
    server = start_server(
        "serve", "--game", game, "--players", str(players), "--names",
        ",".join(NAMES[:players]), "--port", "0", "--token", TOKEN, "--teach",
    )  # fmt: skip
    pages = {}
    for screen, size in SCREENS.items():
        context = browser.new_context(**size)
        context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        token = TOKEN if screen == "tv" else seat_token(TOKEN, 0)
        page.goto(f"{server.url}/{'tv' if screen == 'tv' else ''}?token={token}")
        page.wait_for_function("() => typeof S === 'object' && S.snap && S.snap.lesson")
        pages[screen] = page
    SHOTS.mkdir(parents=True, exist_ok=True)
    for number in range(1, STEPS + 1):
        if number > 1:
            advance(pages["tv"], game)
        for screen, page in pages.items():
            page.wait_for_function(
                "(n) => { const c = document.querySelector('#lesson .lesson-count');"
                " return c && Number(c.innerText.match(/\\d+/g)[0]) === n; }",
                arg=number,
            )
            seen = page.evaluate(PANEL)
            where = f"{game} step {number} {screen} {lang}"
            assert seen["visible"] and not seen["sideways"], where
            if lang == "zh-TW":
                english = set(re.findall(r"[A-Za-z]{2,}", seen["text"])) - set(NAMES)
                assert not english, (where, english)
            if page.evaluate("() => S.snap.lesson.step.picture"):  # the mat, region outlined
                drawn = page.locator("#lesson img.lesson-picture").evaluate(
                    "(img) => img.decode().then(() => img.naturalWidth, () => 0)"
                )
                assert drawn > 100, where
                page.wait_for_timeout(100)  # the TV's board is fitted again around it
            page.screenshot(path=str(SHOTS / f"lesson-{game}-step{number}-{screen}-{lang}.png"))
    for page in pages.values():
        page.context.close()
