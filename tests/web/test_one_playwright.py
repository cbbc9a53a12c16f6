"""The café tests' own Chromium and the dashboard tests' session-wide one live in one process
when a parallel worker runs both: each café test started its own `sync_playwright()`, which
Playwright refuses while another runs ("using Playwright Sync API inside the asyncio loop"),
so twelve café browser tests failed whenever their worker had run a dashboard browser test
first. Both now come from the process's one Playwright (webhelpers.playwright)."""

from __future__ import annotations

from webhelpers import BROWSER_TESTS, chromium

pytestmark = BROWSER_TESTS


def test_a_chromium_of_its_own_opens_beside_the_session_browser(browser):
    shared = browser.new_page()
    shared.set_content("<p id=one>shared</p>")
    with chromium() as own:
        page = own.new_page()
        page.set_content("<p id=two>own</p>")
        assert page.text_content("#two") == "own"
    assert shared.text_content("#one") == "shared"
    shared.close()
