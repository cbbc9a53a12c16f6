"""The dashboard's own pages work under its Content-Security-Policy (no inline script, no
eval): each page renders in Chromium with the policy in force and reports no violation."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS

pytestmark = [*BROWSER_TESTS, pytest.mark.slow]


def test_every_page_renders_under_the_security_policy(browser, start_server, tmp_path):
    server = start_server(
        "serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"), "--names", "Amy,Ben"
    )
    page = browser.unguarded.new_page(viewport={"width": 1440, "height": 1000})
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    try:
        for path, filled in (
            ("/", "#board > *"),
            ("/setup", "select option"),
            ("/games", "main *"),
            ("/summary", "#summary-scores > *"),
        ):
            page.goto(server.url + path)
            page.locator(filled).first.wait_for(state="attached", timeout=10000)
        page.goto(server.url + "/summary")
        page.locator("#summary-print").wait_for()
    finally:
        page.close()
    assert violations == []
