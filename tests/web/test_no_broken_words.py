"""No word breaks in the middle on the dashboard (issue 23, item 7): a newcomer saw
"Landsca/pe" and "Seascap/e" on a phone, and the 攝影機 and 手動 tags split at laptop width.

One real server; every game at its start and half-way through a recorded game, its dashboard
at phone (390 px) and laptop (1366 px) sizes in both languages. Each Latin word of three
letters or more must sit on one line (a Range over the word gives one line box), and so must a
short Chinese label (a text of at most four characters with no space: a tag, a name, a button).
Long Chinese sentences may wrap between any two characters, as Chinese is set.
"""

from __future__ import annotations

import pytest
from test_tv_fits import GAMES, new_game, post, record_part
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}

BROKEN = r"""() => {
  const lineCount = (range) => {
    const tops = [];
    for (const r of range.getClientRects()) {
      if (r.width < 1) continue;
      if (!tops.some((t) => Math.abs(t - r.top) < 3)) tops.push(r.top);
    }
    return tops.length;
  };
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const e = node.parentElement;
    const text = node.textContent;
    if (!text.trim() || !e || e.closest('script, style, template, .hidden, [hidden]')) continue;
    if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;
    const pieces = [];
    for (const m of text.matchAll(/[A-Za-z][A-Za-z'’-]{2,}/g)) pieces.push([m.index, m[0]]);
    const trimmed = text.trim();
    if (/^[\u3400-\u9fff\uff00-\uffef]{2,4}$/.test(trimmed)) pieces.push([text.indexOf(trimmed), trimmed]);
    for (const [at, word] of pieces) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      if (lineCount(range) > 1) broken.push(word + ' in ' + (e.id || e.className || e.tagName));
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def broken_words(browser, url: str, size: str, lang: str) -> list[str]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    page.wait_for_timeout(300)  # a game's own view draws on the next frame
    found = page.evaluate(BROKEN)
    context.close()
    return found


@pytest.mark.parametrize("state", ["start", "mid"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_word_breaks_in_the_middle(browser, server, game, state):
    if state == "start":
        new_game(server.url, game)
    else:
        post(server.url, "/api/games/import?open=1", record_part(game, state))
    problems = []
    for size in SIZES:
        for lang in ("en", "zh-TW"):
            found = broken_words(browser, server.url, size, lang)
            if found:
                problems.append(f"{game} {state} {size} {lang}: {sorted(set(found))[:8]}")
    assert not problems, "\n".join(problems)
