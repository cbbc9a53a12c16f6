"""A real browser on `companion demo`: Playwright driving Debian's Chromium.

Run alone with `pytest -m browser tests/web`. Screenshots land in $COMPANION_SCREENSHOTS
(default /tmp/companion-screenshots).
"""

from __future__ import annotations

import re

from webhelpers import BROWSER_TESTS, SHOTS

pytestmark = BROWSER_TESTS


def total_of(page, side: str) -> int:
    text = page.locator(f'.side[data-side="{side}"] .side-total').inner_text()
    return int(re.search(r"\d+", text).group())


def test_demo_in_a_browser(browser, start_server, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    server = start_server(
        "demo",
        "--simulated",
        "--port",
        "0",
        "--pace",
        "0.1",
        "--db",
        str(tmp_path / "demo.sqlite3"),
    )
    page = browser.new_page(viewport={"width": 1440, "height": 1000})
    page.set_default_timeout(15000)
    page.goto(server.url + "/")

    # Cards appear and the score changes while the simulated camera plays.
    page.wait_for_selector(".slot.filled")
    first_total = total_of(page, "p0")
    page.wait_for_function(
        "(t) => { const n = document.querySelector('.side[data-side=\"p0\"] .side-total');"
        " return n && parseInt(n.textContent.match(/\\d+/)[0]) > t; }",
        arg=first_total,
    )
    assert page.locator("#preview").is_visible()
    page.screenshot(path=str(SHOTS / "dashboard-live-en.png"))

    # Wait for the recording to end: the preview turns grey and says so, never looks live.
    page.wait_for_selector("#preview-wrap.offline", timeout=30000)
    assert "Camera offline" in page.locator("#preview-overlay").inner_text()
    page.wait_for_timeout(600)  # let the last state arrive

    # An illegal manual placement: a card in the museum of the player who is not to move.
    turn = page.evaluate("S.snap.state.turn")
    other = 1 - turn
    empty = page.locator(f'.museum[data-region="museum{other}"] .slot:not(.filled)').first
    empty.click()
    # 2 players use paintings 1-50 only: the picker offers nothing else.
    assert page.locator('#picker .pick[data-payload="MU50"]').count() == 1
    assert page.locator('#picker .pick[data-payload="MU51"]').count() == 0
    assert page.locator("#picker .pick").count() == 50
    page.locator("#picker .pick:not([disabled])").first.click()
    alert = page.locator("#alerts .violation").first
    alert.wait_for()
    assert "must hang paintings in their own museum" in alert.inner_text()
    assert page.locator("#toast.error").count() == 0  # one place says it: the alert panel
    assert page.locator("#alerts-panel.has-alerts").count() == 1
    page.screenshot(path=str(SHOTS / "dashboard-violation-en.png"))

    # Traditional Chinese, remembered across a reload.
    page.click("#lang-zh")
    assert "只能把畫掛在自己的美術館" in page.locator("#alerts .violation").first.inner_text()
    assert page.locator("a[data-i18n='nav.dashboard']").inner_text() == "即時看板"
    page.reload()
    page.wait_for_selector("#alerts .violation")
    assert page.locator("h2[data-i18n='scores.title']").inner_text() == "分數"
    assert "只能把畫掛在自己的美術館" in page.locator("#alerts .violation").first.inner_text()
    page.screenshot(path=str(SHOTS / "dashboard-violation-zh.png"))

    # Take the wrong card back (two clicks), and the alert clears.
    page.locator(f'.museum[data-region="museum{other}"] .slot.rejected').click()
    page.locator("#picker-remove button").click()
    page.wait_for_selector("#alerts li.none")

    # Undo the last move: one painting fewer on the table.
    filled = page.locator(".slot.filled").count()
    state_id = page.evaluate("S.snap.state_id")
    page.once("dialog", lambda dialog: dialog.accept())  # undo asks first
    page.click("#undo-btn")
    page.wait_for_function("(s) => S.snap.state_id > s", arg=state_id)
    assert page.locator(".slot.filled").count() == filled - 1
    assert "復原" in page.locator("#log li").first.inner_text()

    # Correct a missing card: choose an open space of the player to move, then a card that fits.
    turn = page.evaluate("S.snap.state.turn")
    page.locator(f'.museum[data-region="museum{turn}"] .slot.open').first.click()
    choice = page.locator("#picker .pick.fits:not(.used)").first
    payload = choice.get_attribute("data-payload")
    choice.click()
    page.wait_for_function(
        "(p) => S.snap.state.museums.some(m => m.galleries.some(r => r.some(c => c && c.card === p)))",
        arg=payload,
    )
    assert page.locator("#log li").first.locator(".badge.manual").count() == 1
    page.screenshot(path=str(SHOTS / "dashboard-corrected-zh.png"), full_page=True)

    page.click("#lang-en")
    page.goto(server.url + "/summary")
    page.wait_for_selector("#summary-scores .side")
    page.screenshot(path=str(SHOTS / "summary-en.png"), full_page=True)
    page.goto(server.url + "/setup")
    page.wait_for_selector("#kit code", state="attached")  # folded away for the host
    # The click-four-corners fallback reaches the camera.
    page.wait_for_function("document.getElementById('calib-preview').naturalWidth > 0")
    box = page.locator("#calib-preview").bounding_box()
    for fx, fy in ((0.05, 0.05), (0.95, 0.05), (0.95, 0.95), (0.05, 0.95)):
        page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
    page.wait_for_selector("#toast.info")
    assert "Corners sent" in page.locator("#toast").inner_text()
    page.screenshot(path=str(SHOTS / "setup-en.png"), full_page=True)

    # A new 3-player game with its own staircase layout, from the set-up form.
    page.select_option("#setup-players", "3")
    page.fill("#setup-names", "Amy, Ben, 小華")
    page.check("input[name=stairs][value=custom]")
    page.fill("#stairs-t1", "1,5")
    page.fill("#stairs-t2", "2,3,4")
    page.once("dialog", lambda dialog: dialog.accept())  # a new game asks first
    page.click("#setup-form button[type=submit]")
    page.wait_for_function("S.snap && S.snap.setup.players === 3")
    page.goto(server.url + "/")
    page.wait_for_selector(".museum")
    assert page.locator(".museum").count() == 3
    assert "小華" in page.locator(".museum h3").nth(2).inner_text()
    staircases = page.locator('.museum[data-region="museum0"] .token.staircase').count()
    assert staircases == 5


def test_every_other_game_renders_its_table(browser, start_server, tmp_path):
    """Games with their own view (web/static/games/<slug>.js) use it; others the generic one."""
    from companion.games import all_games
    from web.pages import GAME_VIEWS

    server = start_server("serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"))
    page = browser.new_page(viewport={"width": 1440, "height": 1000})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    page.wait_for_selector(".museum")
    for game in all_games():
        if game.info.slug == "musee":
            continue
        players = game.info.player_counts[0] if game.info.player_counts[0] > 1 else 2
        answer = page.evaluate(
            "async ([slug, n]) => (await fetch('/api/new-game', {method: 'POST', headers: "
            "{'Content-Type': 'application/json'}, body: JSON.stringify({game: slug, players: n})}))"
            ".status",
            [game.info.slug, players],
        )
        assert answer == 200, game.info.slug
        page.wait_for_function("(slug) => S.snap && S.snap.game.slug === slug", arg=game.info.slug)
        if (GAME_VIEWS / f"{game.info.slug}.js").exists():
            page.wait_for_function("() => document.querySelector('#board').children.length > 0")
        else:
            page.wait_for_selector("#board dl.generic")
        assert page.locator(".side").count() >= 1, game.info.slug
        assert not errors, f"{game.info.slug}: {errors}"
        page.screenshot(path=str(SHOTS / f"table-{game.info.slug}.png"))
