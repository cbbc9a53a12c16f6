"""Mythe played from the set-up page to the Sacred Cheese by taps only, with no camera.

Every step of a turn is the hero's own, entered on its player's phone: show a legendary card
to face the dragon (before it, no hero could ever win without a camera: the page offered no
way to show one), the cards drawn, stop, move the hero, and the hand counts after sharing.
Ann draws three cards a turn and shows her sword each turn; Ben draws one. The host's laptop
and the other phone only watch.
"""

from __future__ import annotations

from byhand import Table
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS
NAMES = ["Ann", "Ben"]
DRAWS = {0: ["MYN3A", "MYN3B", "MYN2A"], 1: ["MYN1A"]}


def start_and_draw(table: Table, seat: int) -> None:
    phone = table.seats[seat]
    if seat == 0:  # Ann faces the dragon every turn: a failed try is an ordinary turn
        table.choose(phone, "#mythe-reveal-pick", "MYSWORD")
        table.tap(phone, "#mythe-reveal-btn")
        assert "MYSWORD" == table.desc(phone)["revealed"]
    for card in DRAWS[seat]:
        if table.desc(phone)["phase"] not in ("start", "adventure"):
            return
        table.choose(phone, "#mythe-draw-pick", card)
        # whose hand: the other hero's while it holds a card, then the extra deck
        other = table.desc(phone)["hands"][1 - seat]
        table.choose(phone, "#mythe-draw-from", str(1 - seat) if other else "dummy")
        table.tap(phone, "#mythe-draw")
    if table.desc(phone)["phase"] == "adventure":
        table.tap(phone, "#mythe-stop")


def share(table: Table, seat: int) -> None:
    """The hand counts after sharing: the other hero and the extra deck keep 4 cards each."""
    phone = table.seats[seat]
    desc = table.desc(phone)
    total = sum(desc["hands"]) + desc["dummy"] + len(desc["drawn"]) - desc["unattributed_draws"]
    wanted = {
        f"mythe-count-{1 - seat}": 4,
        "mythe-count-dummy": 4,
        f"mythe-count-{seat}": total - 8,
    }
    for row, count in wanted.items():
        shown = int(phone.locator(f"#{row}-n").inner_text())
        for _ in range(abs(count - shown)):
            phone.click(f"#{row} button.{'plus' if count > shown else 'minus'}")
        assert int(phone.locator(f"#{row}-n").inner_text()) == count
    table.tap(phone, "#mythe-done")


def test_two_players_play_mythe_by_taps_only(browser, start_server, tmp_path):
    table = Table(browser, start_server, tmp_path)
    table.set_up("mythe", 2, NAMES)
    for _ in range(40):
        desc = table.desc()
        if desc["phase"] == "over":
            break
        seat = desc["turn"]
        for other, page in enumerate(table.seats):
            if other != seat:  # a phone offers nothing in another hero's turn
                table.ready(page)
                assert page.locator("#mythe-draw, #mythe-stop, #mythe-done").count() == 0
        if desc["phase"] in ("start", "adventure"):
            start_and_draw(table, seat)
        elif desc["phase"] == "move":
            table.tap(table.seats[seat], "#mythe-move")
        elif desc["phase"] == "share":
            share(table, seat)
    table.sync()
    desc = table.desc()
    assert desc["phase"] == "over" and desc["winner"] == 0
    assert desc["heroes"][0]["space"] >= len(desc["path"]) - 2  # the Dragon's space
    for page in table.pages():
        assert "Ann" in page.locator("#mythe-stage").inner_text()
        assert page.locator("#end-panel").is_visible()
    table.shot(table.seats[1], "byhand-mythe-final-phone")
    assert not table.errors, table.errors
    table.close()
