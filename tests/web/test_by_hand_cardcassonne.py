"""Cardcassonne played from the set-up page by taps only, with no camera.

The dealer turns up the set-up cards on their phone; each seat plays its face-down card, its
face-up cards (picked from the cards that may still be in a hand) and its follower on its
own phone, then turns up the face-down cards its follower took and makes its choices at the
round's scoring, for all ten rounds of a 2-player game (about 50 s of taps).
"""

from __future__ import annotations

import pytest
from byhand import Table
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS
NAMES = ["Ann", "Ben"]


def pick_first(table: Table, page, opener: str) -> None:
    """Opens a card picker and taps its first card."""
    table.ready(page)
    page.click(opener)
    first = page.locator("#cc-picker .cc-pick").first
    first.wait_for()
    card, row = first.get_attribute("data-card"), first.get_attribute("data-row")
    table.tap(page, f"#cc-picker .cc-pick[data-card='{card}'][data-row='{row}']")


def play_turn(table: Table, desc: dict) -> None:
    seat = desc["turn"]
    phone, player = table.seats[seat], desc["players"][seat]
    for other, page in enumerate(table.seats):
        if other != seat:
            table.ready(page)
            assert page.locator("#cc-actions button").count() == 0
    if player["cards_in_hand"] and not player["face_down_played"]:
        table.tap(phone, f"#cc-fd-{desc['rows'][seat % 4]['colour']}")
    elif player["cards_in_hand"]:
        pick_first(table, phone, "#cc-open-faceup")
    else:
        phone.locator("#cc-followers").wait_for()  # the rows the engine's legal moves accept
        table.tap(phone, f"#cc-follower-{desc['rows'][(seat + 1) % 4]['colour']}")


def score_round(table: Table, desc: dict) -> None:
    claim = next(c for c in desc["scoring"] if c["needs_reveal"] or c["needs_choice"])
    phone = table.seats[claim["seat"]]
    key = f"{claim['row']}-{claim['position']}"
    if claim["needs_reveal"]:  # the candidates come from the engine: wait for them
        table.ready(phone)
        phone.wait_for_function(
            "(id) => document.getElementById(id) && document.getElementById(id).options.length > 1",
            arg=f"cc-reveal-{key}",
        )
        value = phone.locator(f"#cc-reveal-{key} option").nth(1).get_attribute("value")
        table.choose(phone, f"#cc-reveal-{key}", value)
        table.tap(phone, f"#cc-reveal-btn-{key}")
    else:
        table.tap(phone, f".cc-choice[data-claim='{key}'] .cc-option.better")


def play(table: Table, done) -> None:
    table.set_up("cardcassonne", 2, NAMES)
    for _ in range(400):
        desc = table.desc()
        if done(desc):
            return
        if desc["phase"] == "setup":
            pick_first(table, table.seats[desc["dealer"]], "#cc-open-reveal")
        elif desc["phase"] == "play":
            play_turn(table, desc)
        elif desc["phase"] == "scoring":
            score_round(table, desc)
    raise AssertionError(f"not done: {table.desc()}")


def test_two_players_play_the_first_round_and_its_scoring_by_taps_only(
    browser, start_server, tmp_path
):
    """The default run's short version: set-up, a round of play and its scoring, by taps."""
    table = Table(browser, start_server, tmp_path)
    play(table, lambda d: d["round"] >= 2)
    table.sync()
    assert table.snap()["state"]["round"] == 2
    assert not table.errors, table.errors
    table.close()


@pytest.mark.long  # about 2 to 3 minutes: the default run plays its first round (above)
def test_two_players_play_cardcassonne_by_taps_only(browser, start_server, tmp_path):
    table = Table(browser, start_server, tmp_path)
    play(table, lambda d: d["phase"] == "over")
    table.sync()
    snap = table.snap()
    assert snap["over"] and snap["outcome"]
    for page in table.pages():
        page.wait_for_selector("#end-panel:not(.hidden) #results")
    assert not table.errors, table.errors
    table.close()
