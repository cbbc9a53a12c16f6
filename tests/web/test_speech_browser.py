"""Spoken prompts on the TV (issue 26, item 6), in Chromium. Headless Chromium has no voices,
so the page's `speechSynthesis` is replaced before it loads by a recorder (add_init_script)
that offers the voices a device might have and keeps what would be said, and in which
language. Off by default; switched on, remembered; each lesson step and each "your turn" is
said in the page's language, and a Chinese page is never said in English: without a
Traditional Chinese voice (and in real headless Chromium, without any) the page says so."""

from __future__ import annotations

import json

import pytest
from webhelpers import BROWSER_TESTS, call, play

pytestmark = BROWSER_TESTS

TV = {"width": 1920, "height": 1080}
TAIWAN = {"name": "Mei-Jia", "lang": "zh-TW", "localService": True}
AMERICA = {"name": "Samantha", "lang": "en-US", "localService": True}
RECORDER = """
(() => {
  const voices = %s;
  window.__spoken = [];
  const synth = {
    getVoices: () => voices,
    speak: (u) => window.__spoken.push({text: u.text, lang: u.lang, voice: u.voice && u.voice.name}),
    cancel: () => {}, addEventListener: () => {}, removeEventListener: () => {},
  };
  Object.defineProperty(window, 'speechSynthesis', {value: synth, configurable: true});
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = '';
                                                               this.voice = null; } };
})();
"""


@pytest.fixture
def teaching(start_server):
    return start_server("serve", "--teach", "--port", "0", "--names", "Amy,Ben")


def open_tv(browser, server, lang: str, voices: list | None):
    context = browser.new_context(viewport=TV)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    if voices is not None:
        context.add_init_script(RECORDER % json.dumps(voices))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/tv")
    page.wait_for_selector("#conn.live", state="attached", timeout=15000)
    page.wait_for_function("document.getElementById('tv-turn').textContent.length > 0")
    return context, page, errors


def spoken(page) -> list[dict]:
    return page.evaluate("window.__spoken")


def wait_spoken(page, count: int) -> list[dict]:
    page.wait_for_function(f"window.__spoken.length >= {count}", timeout=10000)
    page.wait_for_timeout(700)  # nothing more than expected arrives after it
    return spoken(page)


@pytest.mark.parametrize(
    ("lang", "voice", "turn"),
    [("zh-TW", TAIWAN, "Ben，輪到你了。"), ("en", AMERICA, "Ben, your turn.")],
)
def test_steps_and_turns_are_said_in_the_pages_language(browser, teaching, lang, voice, turn):
    context, page, errors = open_tv(browser, teaching, lang, [AMERICA, TAIWAN])
    toggle = page.locator("#speech-toggle")
    page.wait_for_timeout(1200)
    assert spoken(page) == [], "off by default"
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert toggle.inner_text() == ("語音提示：開" if lang == "zh-TW" else "Spoken prompts: on")
    first = call(teaching.url, "/api/state")["lesson"]["step"]["say"][lang]
    assert wait_spoken(page, 1) == [{"text": first, "lang": voice["lang"], "voice": voice["name"]}]
    answer = call(teaching.url, "/api/lesson", {"action": "tap"})
    second = answer["lesson"]["step"]["say"][lang]
    said = wait_spoken(page, 2)
    assert said[1] == {"text": second, "lang": voice["lang"], "voice": voice["name"]}
    play(teaching.url, kind="place", player=0, card="MU21", museum=0, gallery=1, space=3)
    page.wait_for_function(f"window.__spoken.some((s) => s.text === {json.dumps(turn)})")
    assert all(s["lang"] == voice["lang"] for s in spoken(page))
    page.reload()  # remembered in this browser
    page.wait_for_selector("#speech-toggle[aria-pressed=true]", timeout=10000)
    assert page.locator("#speech-note").is_hidden()
    context.close()
    assert not errors, errors


def test_a_chinese_page_is_never_said_in_english(browser, teaching):
    context, page, errors = open_tv(browser, teaching, "zh-TW", [AMERICA])
    page.locator("#speech-toggle").click()
    note = page.locator("#speech-note")
    note.wait_for(state="visible", timeout=5000)
    assert note.inner_text() == "這台裝置沒有繁體中文語音：提示只顯示在畫面上，不會唸出來。"
    call(teaching.url, "/api/lesson", {"action": "tap"})
    page.wait_for_timeout(1500)
    assert spoken(page) == []
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "This screen has no English voice: the prompts are shown, not spoken."),
        ("zh-TW", "這台裝置沒有繁體中文語音：提示只顯示在畫面上，不會唸出來。"),
    ],
)
def test_headless_chromium_has_no_voice_and_the_page_says_so(browser, teaching, lang, said):
    context, page, errors = open_tv(browser, teaching, lang, None)
    assert page.evaluate("speechSynthesis.getVoices().length") == 0
    page.locator("#speech-toggle").click()
    note = page.locator("#speech-note")
    note.wait_for(state="visible", timeout=5000)
    assert note.inner_text() == said
    font_px = page.evaluate(
        "parseFloat(getComputedStyle(document.getElementById('speech-note')).fontSize)"
    )
    assert font_px >= 27.5, "readable from across the room"
    context.close()
    assert not errors, errors
