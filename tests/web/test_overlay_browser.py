"""The camera's picture with what was read, in Chromium (issue 26, item 5): on the host's
laptop and on the TV, in English and in Chinese, the outlines are drawn over the picture (the
same frame, the same box), the illegal card in red with its reason in the page's language;
and a dashboard without a camera never asks for them."""

from __future__ import annotations

import re
import time

import pytest
from test_overlay import illegal_frames
from webhelpers import BROWSER_TESTS, SHOTS, call

pytestmark = BROWSER_TESTS

SIZES = {"/": {"width": 1366, "height": 768}, "/tv": {"width": 1920, "height": 1080}}
DRAWN = """() => {
  const img = document.getElementById('overlay-img'), svg = document.getElementById('overlay-svg');
  const box = (e) => { const r = e.getBoundingClientRect();
                       return [r.left, r.top, r.width, r.height].map(Math.round); };
  return {img: box(img), svg: box(svg), natural: [img.naturalWidth, img.naturalHeight],
          imgFrame: img.dataset.frame, svgFrame: svg.dataset.frame,
          viewBox: svg.getAttribute('viewBox'),
          states: [...svg.querySelectorAll('polygon')].map((p) => p.dataset.state),
          illegal: [...svg.querySelectorAll('polygon.ov-illegal')].map((p) => {
            const r = p.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }),
          stroke: (svg.querySelector('polygon.ov-illegal') &&
                   getComputedStyle(svg.querySelector('polygon.ov-illegal')).stroke) || '',
          why: [...document.querySelectorAll('#overlay-why li')].map((li) => li.innerText),
          legend: document.getElementById('overlay-legend').innerText,
          previewShown: (() => { const w = document.getElementById('preview-wrap');
                                 return w ? getComputedStyle(w).display !== 'none' : null; })()};
}"""


@pytest.fixture(scope="module")
def table_with_an_illegal_card(start_server_module, tmp_path_factory):
    frames = tmp_path_factory.mktemp("frames")
    illegal_frames(frames)
    server = start_server_module(
        "serve", "--source", f"images:{frames}?fps=4", "--port", "0", "--names", "Amy,Ben"
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            data = call(server.url, "/api/overlay")
            if any(item["state"] == "illegal" for item in data["items"]):
                return server, data
        except OSError:
            pass
        assert time.monotonic() < deadline, "the illegal card never showed"
        time.sleep(0.3)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("path", ["/", "/tv"])
def test_the_outlines_are_drawn_over_the_picture(browser, table_with_an_illegal_card, path, lang):
    server, data = table_with_an_illegal_card
    context = browser.new_context(viewport=SIZES[path])
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + path)
    page.wait_for_selector("#overlay-panel:not([hidden]) polygon.ov-illegal", timeout=20000)
    drawn = page.evaluate(DRAWN)
    name = "laptop" if path == "/" else "tv"
    page.screenshot(path=str(SHOTS / f"overlay-{name}-{lang}.png"))
    context.close()
    assert not errors, errors
    assert drawn["imgFrame"] == drawn["svgFrame"], "picture and outlines of one frame"
    assert drawn["img"] == drawn["svg"], "the outlines lie exactly over the picture"
    assert drawn["img"][2] > 300, "a picture one can look at"
    assert drawn["viewBox"] == f"0 0 {data['width']} {data['height']}"
    assert drawn["natural"] == [data["width"], data["height"]]
    assert sorted(drawn["states"]) == sorted(["just_laid", "illegal"]), drawn["states"]
    left, top, width, height = drawn["img"]
    for x0, y0, x1, y1 in drawn["illegal"]:
        assert left <= x0 < x1 <= left + width and top <= y0 < y1 <= top + height
    assert drawn["stroke"] == "rgb(229, 57, 53)", "the illegal card in red"
    (reason,) = next(i["reasons"] for i in data["items"] if i["state"] == "illegal")
    separator = "：" if lang == "zh-TW" else ": "
    assert drawn["why"] == [f"MU30{separator}{reason[lang]}"]
    if path == "/":
        assert drawn["previewShown"] is False, "the outlined picture replaces the preview"
    if lang == "zh-TW":
        words = re.findall(r"[A-Za-z]+", " ".join(drawn["why"]) + drawn["legend"])
        assert set(words) <= {"MU", "Amy", "Ben"}, words
        assert "剛放下" in drawn["legend"] and "不合規則" in drawn["legend"]
    else:
        assert "Just laid" in drawn["legend"] and "Not allowed" in drawn["legend"]


@pytest.mark.parametrize("path", ["/", "/tv"])
def test_no_camera_no_overlay_asked(browser, start_server, path):
    server = start_server("serve", "--port", "0", "--names", "Amy,Ben")
    page = browser.new_page(viewport=SIZES[path])
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/overlay" in r.url else None)
    page.goto(server.url + path)
    page.wait_for_selector("#conn.live", state="attached", timeout=10000)
    page.wait_for_timeout(2500)
    assert page.locator("#overlay-panel").is_hidden()
    page.close()
    assert asked == [], asked


def test_the_overlay_works_under_the_pages_content_security_policy(
    browser, table_with_an_illegal_card
):
    """The other tests bypass the policy (Playwright's predicates); here it is in force."""
    server, _ = table_with_an_illegal_card
    context = browser.unguarded.new_context(viewport=SIZES["/tv"])
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(server.url + "/tv")
    page.locator("#overlay-svg polygon.ov-illegal").wait_for(state="attached", timeout=20000)
    assert page.locator("#overlay-img").get_attribute("src").startswith("blob:")
    context.close()
    assert not [line for line in console if "Content Security Policy" in line], console
