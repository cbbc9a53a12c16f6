"""Mythe on the TV (outside walk-through): the heroes on one space showed their names run
together ("AmyBenCal" on the Village); they are listed with the language's list separator."""

from __future__ import annotations

from webhelpers import BROWSER_TESTS, serve_game

pytestmark = BROWSER_TESTS


def test_the_heroes_on_one_space_are_listed_apart_on_the_tv(browser, start_server, tmp_path):
    url = serve_game(start_server, tmp_path, "mythe", 3, "Amy,Ben,Cal").url
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/tv")
    names = page.locator('.mythe-space[data-space="0"] .mythe-hero-name')
    for lang, listed in (("en", "Amy, Ben, Cal"), ("zh-TW", "Amy、Ben、Cal")):
        page.click(f'.tv-lang button[data-lang="{lang}"]')
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        assert "".join(names.all_text_contents()) == listed
    assert not errors
