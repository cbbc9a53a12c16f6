"""The lesson's picture of the mat in Chromium (issue 26, item 2), with the dashboard's
Content-Security-Policy in force: on the TV (1920 x 1080) and on a seat's phone, in both
languages, the picture of the step's mat with its region outlined appears with the step, goes
when a step points at nothing, and changes when the step (or the acting seat) changes; the TV
still fits its screen, the phone never scrolls sideways, and the console stays clean."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from webhelpers import BROWSER_TESTS, SHOTS

from web.roles import role_tokens, seat_token

pytestmark = BROWSER_TESTS

TOKEN = "lesson-picture-token-0123456789"
SIZES = {
    "tv": {"viewport": {"width": 1920, "height": 1080}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
PICTURE = "#lesson img.lesson-picture"


def as_host(url: str, path: str, body: dict) -> dict:
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    state = urllib.request.Request(url + "/api/state", headers=headers)
    with urllib.request.urlopen(state, timeout=10) as answer:
        body = dict(body, state_id=json.load(answer)["state_id"])
    request = urllib.request.Request(
        url + path, data=json.dumps(body).encode(), method="POST", headers=headers
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def picture_of(page, step_id: str) -> dict:
    """The picture once the step shows it: where it points, and whether it was drawn."""
    page.locator(f"{PICTURE}[data-step={step_id}]").wait_for(timeout=20000)
    picture = page.locator(PICTURE)
    # decode() waits for the picture and fails when it cannot be loaded
    drawn = picture.evaluate(
        "(img) => img.decode().then(() => img.naturalWidth > 100, () => false)"
    )
    page.wait_for_timeout(100)  # the board is fitted again once the panel has its picture
    return {
        "src": picture.get_attribute("src"),
        "alt": picture.get_attribute("alt"),
        "drawn": drawn,
        "box": picture.bounding_box(),
        "page": page.evaluate(
            "() => ({w: document.documentElement.scrollWidth, h: document.documentElement"
            ".scrollHeight, say: parseFloat(getComputedStyle(document.querySelector("
            "'#lesson .lesson-say')).fontSize)})"
        ),
    }


def check_fits(seen: dict, size_name: str, where: str) -> None:
    box, page = seen["box"], seen["page"]
    width, height = SIZES[size_name]["viewport"].values()
    assert seen["drawn"], where
    assert page["w"] <= width, f"{where}: sideways scrolling"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (where, box)
    if size_name == "tv":
        assert page["h"] <= height, f"{where}: the TV scrolls"
        assert page["say"] >= 28, where
        assert box["height"] >= 150, f"{where}: the picture is too small to read from 3 m"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size_name", ["tv", "phone"])
def test_the_picture_follows_the_step(browser, start_server, size_name, lang):
    server = start_server(
        "serve", "--game", "musee", "--names", "Amy,Ben", "--port", "0", "--token", TOKEN, "--teach"
    )
    context = browser.unguarded.new_context(**SIZES[size_name])  # the policy in force
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    token = role_tokens(TOKEN)["viewer"] if size_name == "tv" else seat_token(TOKEN, 0)
    page.goto(f"{server.url}/{'tv' if size_name == 'tv' else ''}?token={token}")
    where = f"{size_name} {lang}"

    first = picture_of(page, "unpack")
    assert first["src"] == "/lesson/musee/picture/unpack.png?players=2&seat=0", where
    if lang == "zh-TW":
        assert "橘色" in first["alt"] and not re.search(r"[A-Za-z]{2,}", first["alt"]), where
    else:
        assert "outlined" in first["alt"], where
    check_fits(first, size_name, where)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lesson-picture-musee-{size_name}-{lang}.png"))

    as_host(server.url, "/api/lesson", {"action": "tap"})  # the deal points at nothing
    page.locator("#lesson .lesson-count", has_text=re.compile("2")).wait_for()
    assert page.locator(PICTURE).count() == 0, where
    as_host(server.url, "/api/lesson", {"action": "tap"})
    third = picture_of(page, "first_painting")
    assert third["src"] == "/lesson/musee/picture/first_painting.png?players=2&seat=0", where
    check_fits(third, size_name, where)

    move = {"kind": "place", "player": 0, "card": "MU07", "museum": 0, "gallery": 0, "space": 0}
    as_host(server.url, "/api/move", {"move": move})  # now Ben acts: his museum is outlined
    fourth = picture_of(page, "next_player")
    assert fourth["src"] == "/lesson/musee/picture/next_player.png?players=2&seat=1", where
    check_fits(fourth, size_name, where)
    assert not problems, problems
    context.close()
