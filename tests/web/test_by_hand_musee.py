"""Musée played from the set-up page to the final score by taps only, with no camera.

Each seat lays its paintings from its own phone (a tap on an open space of its museum, then
the card in the picker) and, its hand being hidden, says "I cannot play" there when it is
stuck; the host's laptop and the other phone only watch the turn go round. The short game
stops both players after a few cards; the slow one fills both museums.
"""

from __future__ import annotations

import pytest
from byhand import Table
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS
NAMES = ["Amy", "Ben"]
SPACES = 6  # 2 players: 3 galleries of 6 spaces


def lay(table: Table, seat: int, placed: int) -> None:
    """The seat lays its next painting: its museum filled gallery by gallery, left to right,
    with numbers rising (Amy 1-18, Ben 19-36)."""
    phone = table.seats[seat]
    gallery, space = divmod(placed, SPACES)
    number = 1 + seat * 3 * SPACES + placed
    table.ready(phone)
    for other in table.seats:
        if other is not phone:  # only the seat in turn is offered its spaces
            table.ready(other)
            assert other.locator("#board button.slot:not([disabled])").count() == 0
    phone.click(f"#board button.slot[data-region='museum{seat}'][data-slot='{gallery},{space}']")
    payload = phone.evaluate(
        "(n) => S.catalogue.find((p) => p.kind === 'card' && p.face.number === n).payload", number
    )
    phone.wait_for_selector("#picker:not(.hidden)")
    table.tap(phone, f"#picker-cards button.pick[data-payload='{payload}']")


def play(table: Table, placements: int, stop: bool) -> None:
    table.set_up("musee", 2, NAMES)
    placed = [0, 0]
    while not table.snap()["over"]:
        seat = table.desc()["turn"]
        if placed[seat] < placements:
            lay(table, seat, placed[seat])
            placed[seat] += 1
        else:
            assert stop, "the museums are full: the game should be over"
            table.tap(table.seats[seat], f"#cannot-play-{seat}")
    table.sync()


def assert_final(table: Table, paintings: int) -> None:
    snap = table.snap()
    assert snap["outcome"]["explanation"]["en"]
    for page in table.pages():
        page.wait_for_selector("#end-panel:not(.hidden) #results")
        assert page.locator("#results .result").count() == 2
    for museum in table.desc()["museums"]:
        assert sum(cell is not None for row in museum["galleries"] for cell in row) == paintings
    assert not table.errors, table.errors


def test_two_players_play_musee_by_taps_only(browser, start_server, tmp_path):
    table = Table(browser, start_server, tmp_path)
    play(table, placements=4, stop=True)
    table.shot(table.seats[0], "byhand-musee-final-phone")
    assert_final(table, paintings=4)
    table.close()


@pytest.mark.long  # the default run plays a whole Musée game by taps (above)
def test_two_players_fill_both_museums_by_taps_only(browser, start_server, tmp_path):
    table = Table(browser, start_server, tmp_path, lang="zh-TW")
    play(table, placements=3 * SPACES, stop=False)
    assert_final(table, paintings=3 * SPACES)
    bonuses = table.snap()["state"]["bonuses"]
    assert all(b is not None for b in bonuses)  # each gallery's bonus went to its first filler
    table.close()
