"""The page that says "this dashboard needs its join link" loaded without its stylesheet: the
stylesheet itself asked for the token (issue 23, item 8). The stylesheet it links is served
to anyone; nothing else is (no script, no game data)."""

from __future__ import annotations

import re

import pytest
from webhelpers import BROWSER_TESTS

from web import create_app

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}


@pytest.fixture
def guarded(db_path):
    app = create_app(
        {"db": str(db_path), "game": "musee", "players": 2, "token": "s3cret-host-token"}
    )
    yield app.test_client()
    app.extensions["companion_runtime"].close()


def test_the_refused_page_can_load_its_stylesheet_without_a_token(guarded):
    page = guarded.get("/", headers={"Accept": "text/html"})
    assert page.status_code == 401
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page.get_data(as_text=True))
    assert sheets
    for sheet in sheets:
        answer = guarded.get(sheet)
        assert answer.status_code == 200, sheet
        assert answer.mimetype == "text/css"
        assert b".refused" in answer.get_data()


@pytest.mark.parametrize(
    "path",
    ["/static/app.js", "/static/catalogue.json", "/static/games/musee.js", "/api/state", "/tv"],
)
def test_nothing_else_is_served_without_a_token(guarded, path):
    assert guarded.get(path).status_code == 401


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_on_a_phone_the_refused_page_is_styled(browser, start_server, lang):
    server = start_server("serve", "--port", "0", "--token", "s3cret-host-token")
    context = browser.new_context(**PHONE, locale=lang)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    failed = []
    page.on(
        "response", lambda r: failed.append(r.url) if r.status >= 400 and "css" in r.url else None
    )
    page.goto(server.url + "/")
    box = page.locator("main.refused")
    assert box.is_visible()
    # app.css gives the box its panel: a border and rounded corners, centred on the page
    assert (
        page.evaluate(
            "() => getComputedStyle(document.querySelector('main.refused')).borderTopLeftRadius"
        )
        == "10px"
    )
    assert not failed, failed
    context.close()
