"""Screens from the outside walk-through, measured in Chromium at a phone's 390 px and a
laptop's 1366 px, in both languages:

- the Past games page on a phone broke dates and names into pieces (six squeezed columns),
  and its file field spoke the browser's English ("Choose File / No file chosen");
- a date could break after its dash ("2026-/12-02", the TV's end panel);
- "The rule" link wrapped onto two lines;
- the set-up page's two buttons were misaligned (a tidy row on a laptop, a column on a phone,
  each a 44 px target).
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS

GOLDEN = Path(__file__).parents[1] / "golden"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture(scope="module")
def server(start_server_module):
    server = start_server_module("serve", "--port", "0").drain()
    record = (GOLDEN / "masterpiece" / "three-players-every-space.json").read_bytes()
    request = urllib.request.Request(
        server.url + "/api/games/import",
        data=record,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        json.loads(answer.read())
    return server


def open_page(browser, url: str, size: dict, lang: str):
    context = browser.new_context(**size)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    return page


LINES = """(node) => {  // how many lines a box's text takes
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                        .map((r) => Math.round(r.top)));
  return tops.size;
}"""


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_past_games_on_a_phone_keep_dates_and_names_whole(browser, server, lang):
    page = open_page(browser, server.url + "/games", PHONE, lang)
    page.locator("#games-body tr").first.wait_for()
    row = page.locator("#games-body tr").first
    date = row.locator("td.games-date")
    assert date.evaluate(LINES) == 1, date.inner_text()
    names = row.locator("td").nth(3)
    said = names.inner_text()
    assert ("、" if lang == "zh-TW" else ", ") in said, said
    assert names.evaluate(LINES) == 1, said
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # the file field: a labelled button in the page's language, not the browser's words
    choose = page.locator("#import-choose")
    assert choose.inner_text() == (
        "選擇對局紀錄檔…" if lang == "zh-TW" else "Choose a game record…"
    )
    assert choose.bounding_box()["height"] >= 44
    field = page.locator("#import-file").bounding_box()
    assert field is None or field["width"] <= 2, "the browser's own file field is hidden"
    assert page.locator("#import-name").inner_text() == (
        "尚未選擇檔案" if lang == "zh-TW" else "No file chosen yet"
    )
    assert not page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_date_breaks_only_between_the_day_and_the_time(browser, server, lang):
    page = open_page(browser, server.url + "/games", PHONE, lang)
    page.locator("#games-body tr").first.wait_for()
    lines = page.evaluate(
        """() => {
          const box = document.createElement('div');
          box.style.width = '1px';
          box.textContent = fmtDate(Date.UTC(2026, 11, 2, 14, 5));
          document.body.appendChild(box);
          const range = document.createRange();
          range.selectNodeContents(box);
          return [...range.getClientRects()].filter((r) => r.width > 0).length;
        }"""
    )
    assert lines <= 2, f"the date broke into {lines} pieces"
    page.context.close()


def test_the_rule_link_stays_on_one_line(browser, server):
    page = open_page(browser, server.url + "/", PHONE, "en")
    page.wait_for_function("() => typeof S === 'object' && S.snap")
    height = page.evaluate(
        """() => {
          const box = document.createElement('div');
          box.style.width = '40px';
          const link = document.createElement('a');
          link.className = 'rule-link';
          link.href = '#';
          link.textContent = 'The rule';
          box.appendChild(link);
          document.querySelector('main').appendChild(box);
          return link.getBoundingClientRect().height;
        }"""
    )
    assert 44 <= height < 60, height
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_set_up_buttons_are_a_tidy_row_or_column(browser, server, size, lang):
    page = open_page(browser, server.url + "/setup", PHONE if size == "phone" else LAPTOP, lang)
    page.locator("#teach-start").wait_for()
    # measured once the fonts are in and a frame is drawn (a loaded machine measured the
    # buttons mid-layout, overlapping by 11 px)
    page.evaluate(
        "() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r)))"
    )
    boxes = [
        page.locator(selector).bounding_box()
        for selector in ('#setup-form button[type="submit"]', "#teach-start")
    ]
    assert all(b["height"] >= 44 for b in boxes), boxes
    start, teach = boxes
    # one column of equal buttons, one under the other
    assert abs(start["x"] - teach["x"]) < 1 and abs(start["width"] - teach["width"]) < 1
    assert teach["y"] >= start["y"] + start["height"]
    assert page.locator("#corners-reset").bounding_box()["height"] >= 44
    page.context.close()
