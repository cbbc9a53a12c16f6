"""The "how to play" page of every game (issue 26, item 7): its sections and rule anchors from
/api/rules, its pictures drawn from the game's own mat and cards, and, in Chromium on a phone
and a laptop in both languages, the page with its pictures and a refusal's "the rule" link
landing on the rule it broke."""

from __future__ import annotations

import json
import re
import urllib.error

import pytest
from webhelpers import BROWSER_TESTS, SHOTS, call

from companion.rules_pages import SECTIONS, load_rules_page

SLUGS = ("musee", "cardcassonne", "crypt", "masterpiece", "mythe")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_api_gives_each_rule_its_anchor_and_picture(client, slug):
    page = client.get(f"/api/rules/{slug}").get_json()["page"]
    assert [section["id"] for section in page] == list(SECTIONS)
    served = [rule["id"] for section in page for rule in section["rules"]]
    assert served == [rule.id for rule in load_rules_page(slug).rules()]
    pictures = [r["picture"] for s in page for r in s["rules"] if r["picture"]]
    assert pictures, "the page is illustrated"
    for address in pictures:
        answer = client.get(address)
        assert answer.status_code == 200 and answer.data.startswith(PNG), address
        assert answer.headers["Cache-Control"].startswith("public")


def test_a_picture_outlines_its_region_and_is_drawn_once(client):
    from io import BytesIO

    from PIL import Image

    first = client.get("/rules/musee/picture/museum.png")
    again = client.get("/rules/musee/picture/museum.png")
    assert first.data == again.data
    image = Image.open(BytesIO(first.data)).convert("RGB")
    pixels = image.tobytes()
    orange = sum(
        1
        for i in range(0, len(pixels), 3)
        if pixels[i] > 200 and 90 < pixels[i + 1] < 150 and pixels[i + 2] < 40
    )
    assert orange > 500, "the region is outlined in the highlight colour"


def test_an_unknown_picture_is_a_clear_404(client):
    answer = client.get("/rules/musee/picture/nothing.png")
    assert answer.status_code == 404
    assert "no picture 'nothing'" in answer.get_json()["error"]["message"]
    assert client.get("/rules/musee/picture/stop.png").status_code == 404  # a rule without one
    assert client.get("/rules/chess/picture/rising.png").status_code == 400  # no such game


# -- in Chromium ---------------------------------------------------------------------------
PAGE = """() => {
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const controls = [...document.querySelectorAll('#rules a[href]')].filter(visible)
    .map((e) => { const r = e.getBoundingClientRect(); return {text: e.innerText, h: r.height}; });
  return {
    sections: [...document.querySelectorAll('#rules-how > section')].filter(visible).map((s) => s.id),
    rules: [...document.querySelectorAll('#rules-how .rules-rule')].map((r) => r.id),
    pictures: [...document.querySelectorAll('#rules-how img')].map((i) => ({
      ok: i.complete && i.naturalWidth > 0, alt: i.alt})),
    text: document.querySelector('#rules').innerText,
    sideways: document.documentElement.scrollWidth > window.innerWidth,
    controls};
}"""


def open_page(browser, url: str, lang: str, size: dict):
    context = browser.new_context(**size)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--game", "musee", "--names", "Amy,Ben", "--port", "0")


@pytest.mark.parametrize(("size_name", "size"), [("phone", PHONE), ("laptop", LAPTOP)])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@BROWSER_TESTS[0]
@BROWSER_TESTS[1]
def test_every_page_shows_its_sections_and_pictures(browser, server, size_name, size, lang):
    context, page, errors = open_page(browser, server.url, lang, size)
    for slug in SLUGS:
        page.goto(f"{server.url}/rules/{slug}")
        page.wait_for_function("() => document.querySelectorAll('#rules-how section').length")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#rules-how img')].every((i) => i.complete)"
        )
        seen = page.evaluate(PAGE)
        where = f"{slug} {size_name} {lang}"
        assert seen["sections"] == list(SECTIONS), where
        assert seen["rules"] == [r.id for r in load_rules_page(slug).rules()], where
        assert seen["pictures"] and all(p["ok"] for p in seen["pictures"]), where
        assert not seen["sideways"], where
        if lang == "zh-TW":
            english = set(re.findall(r"[A-Za-z]{2,}", seen["text"])) - {"Amy", "Ben"}
            assert not english, (where, english)
            assert not any(re.search(r"[A-Za-z]{2,}", p["alt"]) for p in seen["pictures"])
        if size_name == "phone":
            small = [c for c in seen["controls"] if c["h"] < 44]
            assert not small, (where, small)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{slug}-rules-page-{size_name}-{lang}.png"))
    assert not errors
    context.close()


def refuse_a_falling_number(url: str) -> None:
    """Amy lays 20 then 30 to its left in her upper gallery: refused, numbers must rise."""
    call(url, "/api/new-game", {"game": "musee", "players": 2, "names": ["Amy", "Ben"]})
    for seat, card, space in ((0, "MU20", 2), (1, "MU05", 0)):
        move = {"kind": "place", "player": seat, "card": card, "museum": seat}
        call(url, "/api/move", {"move": {**move, "gallery": 0, "space": space}})
    falling = {"kind": "place", "player": 0, "card": "MU30", "museum": 0, "gallery": 0}
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(url, "/api/move", {"move": {**falling, "space": 0}})
    answer = json.load(refused.value)
    assert answer["error"]["violations"][0]["code"] == "numbers_must_rise"


@pytest.mark.parametrize(("size_name", "size"), [("phone", PHONE), ("laptop", LAPTOP)])
@BROWSER_TESTS[0]
@BROWSER_TESTS[1]
def test_a_refusal_links_to_the_rule_it_broke(browser, server, size_name, size):
    refuse_a_falling_number(server.url)
    context, page, errors = open_page(browser, server.url, "en", size)
    page.goto(server.url + "/")
    link = page.locator("#alerts .feedback-refused a.rule-link")
    link.wait_for(timeout=10000)
    assert link.get_attribute("href") == "/rules/musee#rising"
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    link.click()
    page.wait_for_url("**/rules/musee#rising")
    page.wait_for_function(
        "() => document.getElementById('rising') &&"
        " [...document.querySelectorAll('#rules-how img')].every((i) => i.complete)"
    )
    page.wait_for_timeout(300)
    landed = page.evaluate(
        """() => { const r = document.getElementById('rising').getBoundingClientRect();
          return {top: r.top, bottom: r.bottom, height: innerHeight,
                  marked: document.getElementById('rising').matches(':target, .rules-here'),
                  heading: document.querySelector('#rising h3').innerText}; }"""
    )
    assert landed["marked"], "the rule is marked as the one the link came for"
    assert 0 <= landed["top"] < 120, landed  # the rule is at the top of the screen
    assert landed["heading"] == "Numbers rise from left to right"
    page.screenshot(path=str(SHOTS / f"musee-rules-link-{size_name}.png"))
    assert not errors
    context.close()


ALERT_LINKS = """() => [...document.querySelectorAll('#alerts li')].map((li) => {
  const link = li.querySelector('a.rule-link'), close = li.querySelector('.dismiss');
  if (!link) return null;
  const l = link.getBoundingClientRect(), item = li.getBoundingClientRect();
  const c = close && close.getBoundingClientRect();
  return {text: link.innerText, spills: link.scrollWidth > link.clientWidth + 1,
          outside: l.right > item.right + 1,
          covered: !!c && c.left < l.right - 1 && c.right > l.left + 1};
}).filter(Boolean)"""


@pytest.mark.parametrize(("size_name", "size"), [("phone", PHONE), ("laptop", LAPTOP)])
@BROWSER_TESTS[0]
@BROWSER_TESTS[1]
def test_an_alerts_rule_link_is_whole_beside_its_close_button(browser, server, size_name, size):
    """The "The rule" link was squeezed to 44 px by the alert's row: its words ran under the
    × close button ("The rul") or past the alert's right border (walk-through, mp-2.png,
    mu-5.png)."""
    refuse_a_falling_number(server.url)
    context, page, errors = open_page(browser, server.url, "en", size)
    page.goto(server.url + "/")
    page.locator("#alerts .feedback-refused a.rule-link").wait_for(timeout=10000)
    links = page.evaluate(ALERT_LINKS)
    assert links and not [x for x in links if x["spills"] or x["outside"] or x["covered"]], links
    assert not errors
    context.close()


def test_the_snapshot_says_which_rule_each_refusal_code_breaks(client):
    """What the pages draw the "the rule" links from (without a browser)."""
    snap = client.get("/api/state").get_json()
    assert snap["rule_links"]["numbers_must_rise"] == "rising"
    assert snap["rule_links"]["space_occupied"] == "place"


def test_the_rules_page_is_served_with_its_place_for_the_sections(client):
    answer = client.get("/rules/musee")
    assert answer.status_code == 200 and b'id="rules-how"' in answer.data
