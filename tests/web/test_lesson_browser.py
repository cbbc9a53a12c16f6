"""Teach mode in Chromium (issue 26, item 2): the lesson panel on a seat's phone and on the
TV, in both languages. The step advances when a move is made (a tap on the phone, or the
recorded sample game seen through the camera path of `companion demo --teach`), goes back and
is skipped; a zh-TW panel shows no English words; every lesson button is a 44 px target."""

from __future__ import annotations

import re

import pytest
from webhelpers import BROWSER_TESTS, SHOTS

from web.roles import seat_token

pytestmark = BROWSER_TESTS

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
TOKEN = "lesson-test-token-0123456789"
NAMES = "小明,小華"

PANEL = """() => {
  const box = document.querySelector('#lesson');
  const buttons = [...box.querySelectorAll('button')].map((b) => {
    const r = b.getBoundingClientRect(); return {text: b.innerText, w: r.width, h: r.height}; });
  const say = box.querySelector('.lesson-say');
  return {visible: !box.classList.contains('hidden') && box.getBoundingClientRect().height > 0,
          text: box.innerText, buttons,
          sayPx: say ? parseFloat(getComputedStyle(say).fontSize) : 0,
          sideways: document.documentElement.scrollWidth > window.innerWidth};
}"""


def panel(page) -> dict:
    return page.evaluate(PANEL)


def wait_for_step(page, number: int) -> dict:
    page.wait_for_function(
        "(n) => { const c = document.querySelector('#lesson .lesson-count');"
        " return c && c.innerText.match(/\\d+/g)[0] == n; }",
        arg=number,
        timeout=20000,
    )
    return panel(page)


def assert_targets(state: dict) -> None:
    assert state["buttons"], "the panel offers no button"
    small = [b for b in state["buttons"] if b["w"] < 44 or b["h"] < 44]
    assert not small, small
    assert not state["sideways"]


def open_as(browser, url: str, lang: str, size: dict):
    context = browser.new_context(**size)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def test_a_seat_phone_follows_the_lesson_in_chinese(browser, start_server):
    server = start_server(
        "serve", "--game", "musee", "--names", NAMES, "--port", "0", "--token", TOKEN, "--teach"
    )
    context, page, errors = open_as(browser, server.url, "zh-TW", PHONE)
    page.goto(f"{server.url}/?token={seat_token(TOKEN, 0)}")
    state = wait_for_step(page, 1)
    assert state["visible"] and "第一次玩私藏美術館" in state["text"]
    assert not re.search(r"[A-Za-z]{2,}", state["text"]), state["text"]
    assert_targets(state)
    page.click("#lesson button[data-action=tap]")
    wait_for_step(page, 2)
    page.click("#lesson button[data-action=tap]")
    state = wait_for_step(page, 3)
    assert "輪到你了" in state["text"] and "由左到右" in state["text"]  # the rule card
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lesson-musee-phone-zh-TW.png"), full_page=True)
    assert not page.locator("#lesson button[data-action=tap]").count()  # the camera's step
    assert page.locator("[data-region=museum0].lesson-highlight").count() == 1
    # the move, made on this phone as a tap does it
    page.evaluate(
        """() => command('/api/move', {move: {kind: 'place', player: 0, card: 'MU07',
                                              museum: 0, gallery: 0, space: 0}})"""
    )
    state = wait_for_step(page, 4)
    assert "這一步由小華來做" in state["text"]  # the other seat acts now (no spaces in Chinese)
    assert not re.search(r"[A-Za-z]{2,}", state["text"]), state["text"]
    assert_targets(state)
    page.click("#lesson button[data-action=back]")
    state = wait_for_step(page, 3)
    page.click("#lesson button[data-action=skip]")
    page.wait_for_function("() => document.querySelector('#lesson').classList.contains('hidden')")
    assert page.locator(".lesson-highlight").count() == 0
    assert errors == []
    context.close()


def test_the_tv_shows_the_step_large_and_the_camera_moves_it_on(browser, start_server):
    server = start_server("demo", "--game", "musee", "--port", "0", "--pace", "0.3", "--teach")
    context, page, errors = open_as(browser, server.url, "en", TV)
    page.goto(server.url + "/tv")
    state = wait_for_step(page, 1)
    assert state["visible"] and "Your first game of Musée" in state["text"]
    assert state["sayPx"] >= 28  # read from three metres
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lesson-musee-tv-en.png"))
    assert_targets(state)
    page.click("#lesson button[data-action=tap]")
    wait_for_step(page, 2)
    page.click("#lesson button[data-action=tap]")
    wait_for_step(page, 3)
    # nobody taps now: the recorded game, seen through the camera path, moves the lesson on
    state = wait_for_step(page, 4)
    assert "next player" in state["text"]
    assert errors == []
    context.close()


def test_the_setup_page_starts_a_lesson_and_hints_fold_their_list(browser, start_server):
    server = start_server("serve", "--game", "musee", "--names", NAMES, "--port", "0")
    context, page, errors = open_as(browser, server.url, "en", PHONE)
    page.goto(server.url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap")
    assert panel(page)["visible"] is False  # not teaching
    hints = page.locator("#hints")
    assert "any empty space in your museum" in hints.inner_text()
    assert "space 1: any number" not in hints.inner_text()  # the alike lines are folded
    box = page.locator("#hints details summary").bounding_box()
    assert box["height"] >= 44
    page.goto(server.url + "/setup")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.available")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#teach-start")
    page.wait_for_url(server.url + "/")
    state = wait_for_step(page, 1)
    assert state["visible"] and "Lesson" in state["text"]
    assert errors == []
    context.close()


HINTS_SEEN = """() => {
  const list = document.getElementById('hints');
  const fold = list.querySelector('details summary');
  const gaps = [...list.querySelectorAll(':scope > li:not(.fold)')].map((li) => {
    const range = document.createRange();
    range.selectNodeContents(li);
    return range.getBoundingClientRect().left - li.getBoundingClientRect().left;
  });
  const marker = fold && (getComputedStyle(fold).display === 'list-item'
    || getComputedStyle(fold, '::before').content.replace(/["']/g, '').trim() !== ''
    && getComputedStyle(fold, '::before').content !== 'none');
  return {scrolls: list.scrollHeight > list.clientHeight + 1, gaps, marker: !!marker,
          inside: !!fold && list.contains(fold)};
}"""


@pytest.mark.parametrize(
    ("size", "lang"),
    [(PHONE, "zh-TW"), (PHONE, "en"), ({"viewport": {"width": 1366, "height": 900}}, "en")],
)
def test_what_can_be_played_now_is_whole_with_a_marked_fold(browser, start_server, size, lang):
    """The panel was a 180 px inner scroll box cutting its last line mid-text on a phone,
    the fold's "The full list (N options)" had no disclosure marker, and on a laptop the
    bullets sat far from their words (the lines took the printable summary's padding)."""
    server = start_server("serve", "--game", "musee", "--names", NAMES, "--port", "0")
    context, page, errors = open_as(browser, server.url, lang, size)
    page.goto(server.url + "/")
    page.wait_for_function("() => document.querySelector('#hints details summary')")
    seen = page.evaluate(HINTS_SEEN)
    assert not seen["scrolls"] and seen["marker"] and seen["inside"], seen
    assert seen["gaps"] and max(seen["gaps"]) < 12, seen
    assert errors == []
    context.close()


def move_js(seat: int, number: int, gallery: int, space: int) -> str:
    return (
        f"() => command('/api/move', {{move: {{kind: 'place', player: {seat}, "
        f"card: 'MU{number:02d}', museum: {seat}, gallery: {gallery}, space: {space}}}}})"
    )


def test_a_refusal_says_what_is_allowed_and_a_first_staircase_shows_its_rule(browser, start_server):
    server = start_server("serve", "--game", "musee", "--names", NAMES, "--port", "0", "--teach")
    context, page, errors = open_as(browser, server.url, "zh-TW", PHONE)
    page.goto(server.url + "/")
    wait_for_step(page, 1)
    page.click("#lesson button[data-action=tap]")
    wait_for_step(page, 2)
    page.click("#lesson button[data-action=tap]")
    wait_for_step(page, 3)
    page.evaluate(move_js(0, 12, 0, 1))
    wait_for_step(page, 4)
    page.evaluate(move_js(1, 40, 0, 0))
    page.wait_for_function("() => S.snap && S.snap.current_players[0] === 0")
    page.evaluate(move_js(0, 5, 0, 3))  # 5 cannot go right of 12
    page.locator("#lesson .lesson-refusal").wait_for()
    refusal = page.locator("#lesson .lesson-refusal").inner_text()
    assert "你可以改成這樣做" in refusal
    assert "第 3 到 6 格可放 13 到 50" in refusal  # what would be allowed instead
    assert not re.search(r"[A-Za-z]{2,}", panel(page)["text"]), panel(page)["text"]
    page.evaluate(move_js(0, 17, 1, 1))  # 12 and 17: both seascapes, joined by a staircase
    page.locator("#lesson .lesson-moment").wait_for()
    card = page.locator("#lesson .lesson-moment").inner_text()
    assert "樓梯" in card and "12 和 17" in card and "（3 分）" in card
    assert page.locator("#lesson .lesson-refusal").count() == 0  # the refusal is answered
    assert not re.search(r"[A-Za-z]{2,}", panel(page)["text"]), panel(page)["text"]
    assert_targets(panel(page))
    assert errors == []
    context.close()
