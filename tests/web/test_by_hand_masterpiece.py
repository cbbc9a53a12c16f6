"""Masterpiece played from the set-up page to the final wealth by taps only, with no camera.

The host deals the first paintings; each seat sets its pawn, enters its own rolls, carries
out the space it lands on and draws its value cards on its own phone. The rolls are chosen
(the die is on the table, the page only hears its number) to land where the bank's paintings
leave quickly: inherit, buy from the bank, else the simplest space in reach. The game ends
when the bank has no painting left.
"""

from __future__ import annotations

from byhand import Table
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS
NAMES = ["Ann", "Ben", "Cy"]
# the spaces the test aims for, best first; auctions are played by the Masterpiece screen test
AIM = ("inherit", "buy_bank", "collect", "sell_value", "buy_player", "must_sell")


class Game:
    def __init__(self, table: Table):
        self.table = table
        self.drawn = 0  # value cards drawn so far: the next one is the next in the picker

    def act(self, page, kind: str) -> None:
        self.table.tap(page, f"#mp-action button[data-kind='{kind}']")

    def set_up(self, desc: dict) -> None:
        table = self.table
        if desc["waiting_for"]["en"].lower().startswith("deal"):
            table.ready(table.host)
            table.host.wait_for_selector("#mp-deal button[data-kind='deal']")
            table.tap(table.host, "#mp-deal button[data-kind='deal']")
            return
        for seat, player in enumerate(desc["players"]):
            if player["position"] is None:
                phone = table.seats[seat]
                table.choose(phone, ".mp-pawn-entry select", str(3 * seat))
                self.act(phone, "place_pawn")
                return
        self.act(table.seats[0], "start")

    def draw(self, desc: dict) -> None:
        phone = self.table.seats[desc["draw"]["player"]]
        self.table.ready(phone)
        self.drawn += 1
        # the picker lists the cards still in the draw pile (asked of the server)
        phone.wait_for_function(
            "() => document.querySelectorAll('#mp-draw-code option').length > 1"
        )
        left = phone.locator("#mp-draw-code option").count() - 1
        card = (
            phone.locator("#mp-draw-code option").nth(1 + self.drawn % left).get_attribute("value")
        )
        self.table.choose(phone, "#mp-draw-code", card)
        self.act(phone, "draw_value")

    def roll(self, desc: dict) -> None:
        seat = desc["active"]
        spaces = desc["board"]["spaces"]
        phone = self.table.seats[seat]
        # cash is secret: the player reads their own on their phone (from /api/private)
        phone.wait_for_function("() => S.privateStateId === S.snap.state_id")
        here, cash = desc["players"][seat]["position"], phone.evaluate("() => S.private.cash_k")

        def rank(n: int) -> int:
            space = spaces[(here + n) % len(spaces)]
            if space["kind"] == "buy_bank" and (space["price_k"] or 0) > cash:
                return len(AIM)
            return AIM.index(space["kind"]) if space["kind"] in AIM else len(AIM) + 1

        best = min(range(1, 7), key=rank)
        assert rank(best) < len(AIM), f"only auctions in reach of space {here}"
        self.table.tap(
            self.table.seats[seat], f"#mp-action button[data-kind='roll'][data-value='{best}']"
        )

    def space(self, desc: dict) -> None:
        phone = self.table.seats[desc["active"]]
        phase = desc["phase"]
        kind = {"inherit": "inherit", "buy_bank": "buy", "collect": "take_cash",
                "must_sell": "sell"}.get(phase, "pass")  # fmt: skip
        self.act(phone, kind)


def test_three_players_play_masterpiece_by_taps_only(browser, start_server, tmp_path):
    table = Table(browser, start_server, tmp_path)
    table.set_up("masterpiece", 3, NAMES)
    game = Game(table)
    for _ in range(300):
        desc = table.desc()
        if desc["phase"] == "over" or table.snap()["over"]:
            break
        if desc["phase"] == "setup":
            game.set_up(desc)
        elif desc["phase"] == "draw":
            game.draw(desc)
        elif desc["phase"] == "roll":
            game.roll(desc)
        else:
            game.space(desc)
    table.sync()
    snap = table.snap()
    assert snap["over"] and snap["outcome"], snap["state"]["phase"]
    assert snap["state"]["bank"]["paintings_left"] == 0
    for page in table.pages():
        page.wait_for_selector("#end-panel:not(.hidden) #results")
    table.shot(table.seats[0], "byhand-masterpiece-final-phone")
    assert not table.errors, table.errors
    table.close()
