"""A whole game played by taps only, as a newcomer with no camera plays it (issue 23, item 1).

`Table` starts a real `companion serve` on 127.0.0.1 with an access token (so every seat has
its own join link, as on a café's Wi-Fi), opens the host's set-up page on a laptop-sized
Chromium page, starts the game there by picking it, its player count and the names, and
opens each seat's join link on a phone-sized page of its own. From then on a test only taps
and types in these pages: `tap` clicks a control on one page, waits until that page has
the answer, checks the move was accepted (a refusal fails the test with its reason) and
waits until every other page shows the same state. Tests read what a page shows (its
elements, or `S.snap`, the snapshot the page drew) to decide what to tap next, as a player
reads the screen; they never call the API.
"""

from __future__ import annotations

import json
from pathlib import Path

from webhelpers import SHOTS

from web.roles import seat_token

TOKEN = "by-hand-host-token"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SYNCED = "(v) => typeof S === 'object' && S.snap && S.snap.version >= v"


class Table:
    def __init__(self, browser, start_server, tmp_path: Path, lang: str = "en"):
        self.browser, self.lang = browser, lang
        self.server = start_server(
            "serve", "--port", "0", "--token", TOKEN, "--db", str(tmp_path / "games.sqlite3")
        ).drain()
        self.base = self.server.url
        self.contexts: list = []
        self.errors: list[str] = []
        self.host = self._page(LAPTOP, f"{self.base}/setup?token={TOKEN}", "host")
        self.seats: list = []
        self.latest = 0  # the newest state version any page has shown

    def _page(self, size: dict, url: str, who: str):
        context = self.browser.new_context(**size)
        context.add_init_script(f"localStorage.setItem('companion.lang', '{self.lang}')")
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.on("pageerror", lambda exc: self.errors.append(f"{who}: {exc}"))
        page.on("dialog", lambda dialog: dialog.accept())  # "start a new game?", "undo?"
        page.goto(url)
        page.who = who
        return page

    # -- set-up, by hand on the set-up page ------------------------------------------------
    def set_up(self, game: str, players: int, names: list[str]) -> None:
        host = self.host
        host.wait_for_selector(f"#setup-game option[value='{game}']", state="attached")
        host.select_option("#setup-game", game)
        host.select_option("#setup-players", str(players))
        host.fill("#setup-names", ", ".join(names))
        host.click("#setup-form button[type=submit]")
        host.wait_for_function(
            "([game, n]) => S.snap && S.snap.game.slug === game && S.snap.setup.players === n",
            arg=[game, players],
        )
        host.click("nav a[href='/']")
        host.wait_for_selector("#board")
        host.wait_for_function("() => typeof S === 'object' && S.snap")
        for seat in range(players):
            self.seats.append(
                self._page(PHONE, f"{self.base}/?token={seat_token(TOKEN, seat)}", names[seat])
            )
        self.sync()

    # -- reading the screen ------------------------------------------------------------------
    def ready(self, page) -> None:
        """`page` shows the latest state any page has seen (its live stream caught up)."""
        page.wait_for_function(SYNCED, arg=self.latest)

    def snap(self, page=None) -> dict:
        page = page or self.host
        self.ready(page)
        return page.evaluate("() => S.snap")

    def desc(self, page=None) -> dict:
        return self.snap(page)["state"]

    def pages(self) -> list:
        return [self.host, *self.seats]

    def sync(self) -> None:
        """Every page shows the latest state."""
        self.latest = max(p.evaluate("() => S.snap ? S.snap.version : 0") for p in self.pages())
        for page in self.pages():
            self.ready(page)

    # -- acting --------------------------------------------------------------------------------
    def tap(self, page, selector: str) -> None:
        """Clicks `selector` on `page` once it shows the latest state; the move that makes
        must be accepted (a refusal fails the test with its reason)."""
        self.ready(page)
        before = page.evaluate("() => S.snap.version")
        seen = page.evaluate("() => Math.max(-1, ...(S.snap.log || []).map((e) => e.seq))")
        control = page.locator(selector)
        assert control.count() == 1, f"{page.who}: no single control {selector}"
        control.scroll_into_view_if_needed()
        control.click()
        page.wait_for_function(SYNCED, arg=before + 1)
        self.latest = max(self.latest, page.evaluate("() => S.snap.version"))
        log = page.evaluate("() => S.snap.log || []")
        refused = [e for e in log if e["seq"] > seen and not e["accepted"]]
        assert not refused, f"{page.who} tapped {selector}: refused {json.dumps(refused)[:600]}"

    def choose(self, page, selector: str, value: str) -> None:
        self.ready(page)
        page.locator(selector).scroll_into_view_if_needed()
        page.select_option(selector, value)

    def shot(self, page, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

    def close(self) -> None:
        for context in self.contexts:
            context.close()
