"""The walk-through's findings on the hand forms and the turn box (issue 23), each at the size
and in the language where it was seen, on one real server (loopback: the page is the host's).

- An empty "Value card drawn" (Masterpiece) came back as "That request could not be
  understood" (a 400), an empty "Card drawn" (Mythe) did nothing: every hand form whose picker
  starts empty waits for the choice and says what to choose, in both languages.
- Cardcassonne offered to put a follower at the end of a row another follower already holds,
  then refused it: it offers only the rows the engine accepts.
- Crypt's turn box said "Bo to play / Cy may also act now" after the last round (the tie-break
  roll, the face-down cards shown); every game's turn box at the end says the game is over.
- "Cards in hand: Player 1 5" ran a name and a count together.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from webhelpers import BROWSER_TESTS, call, play

from companion.games import find_game
from companion.model import Move, Setup

pytestmark = BROWSER_TESTS

GOLDEN = Path(__file__).parents[1] / "golden"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CHOOSE = {"en": "Choose first: ", "zh-TW": "請先選擇："}


@pytest.fixture(scope="module")
def server(start_server_module):
    return start_server_module("serve", "--port", "0").drain()


def new_game(url: str, game: str, names: list[str], options: dict | None = None) -> None:
    call(
        url,
        "/api/new-game",
        {"game": game, "players": len(names), "names": names, "options": options or {}},
    )


def open_page(browser, url: str, size: dict, lang: str):
    context = browser.new_context(**size)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.catalogue")
    return page


def state_id(url: str) -> int:
    return call(url, "/api/state")["state_id"]


def waits_for_its_choice(page, button: str, picker: str, lang: str, choose: str | None = None):
    """The button is disabled and says what to choose until the picker has a value; then it
    plays the move (the state moves on)."""
    form_button = page.locator(button)
    assert form_button.is_disabled()
    note = page.locator(button + " ~ .choose-first").inner_text()
    label = page.locator(picker).get_attribute("aria-label")
    assert note == CHOOSE[lang] + label, note
    before = page.evaluate("() => S.snap.state_id")
    form_button.click(force=True)  # a tap on the disabled button sends nothing
    page.wait_for_timeout(300)
    assert page.evaluate("() => S.snap.state_id") == before
    options = page.locator(picker + " option").evaluate_all("(os) => os.map((o) => o.value)")
    page.select_option(picker, choose or next(v for v in options if v))
    assert form_button.is_enabled() and page.locator(button + " ~ .choose-first").inner_text() == ""
    form_button.click()
    page.wait_for_function(f"() => S.snap.state_id > {before}")
    assert page.evaluate("() => S.snap.log[S.snap.log.length - 1].accepted")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_masterpiece_value_card_drawn_waits_for_the_card(browser, server, lang):
    new_game(server.url, "masterpiece", ["Ana", "Ben", "Chen"])
    deal = next(m for m in call(server.url, "/api/legal-moves")["moves"] if m["kind"] == "deal")
    play(server.url, **deal)
    page = open_page(browser, server.url, LAPTOP, lang)
    page.locator("#mp-draw-private").click()  # the host's screen opens the picker on request
    waits_for_its_choice(page, '#mp-action [data-kind="draw_value"]', "#mp-draw-code", lang)
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_mythe_card_drawn_and_card_shown_wait_for_the_card(browser, server, lang):
    new_game(server.url, "mythe", ["Ava", "Bao"])
    page = open_page(browser, server.url, PHONE, lang)
    # the legendary card shown to face the dragon (before the first draw), then a draw
    waits_for_its_choice(page, "#mythe-reveal-btn", "#mythe-reveal-pick", lang)
    page.select_option("#mythe-draw-from", "1")  # whose hand: waits for its choice too
    waits_for_its_choice(page, "#mythe-draw", "#mythe-draw-pick", lang)
    assert page.errors == []
    page.context.close()


def cardcassonne_after_a_follower(url: str) -> None:
    """A 3-player game past its set-up, in which An's follower holds the yellow row's end."""
    data = json.loads((GOLDEN / "cardcassonne" / "three-players-full.json").read_text("utf-8"))
    setup = data["setup"]
    new_game(url, "cardcassonne", setup["names"], setup["options"])
    for entry in data["log"][:10]:  # the dealer's reveals
        play(url, **entry["move"])
    play(url, kind="place_follower", player=0, row="yellow")


def test_cardcassonne_offers_a_follower_only_the_rows_the_engine_accepts(browser, server):
    cardcassonne_after_a_follower(server.url)
    page = open_page(browser, server.url, LAPTOP, "en")
    page.locator("#cc-followers").wait_for()
    offered = page.locator("#cc-followers .cc-row-btn").evaluate_all(
        "(bs) => bs.map((b) => b.id.replace('cc-follower-', ''))"
    )
    rows = [r["colour"] for r in call(server.url, "/api/state")["state"]["rows"]]
    assert "yellow" not in offered  # An's follower holds its end: Bo's would be refused
    assert sorted(offered) == sorted(r for r in rows if r != "yellow")
    before = state_id(server.url)
    page.locator(f"#cc-follower-{offered[0]}").click()
    page.wait_for_function(f"() => S.snap.state_id > {before}")
    assert page.evaluate("() => S.snap.log[S.snap.log.length - 1].accepted")
    assert page.errors == []
    page.context.close()


def crypt_record_at(phase: str, name: str) -> dict:
    """The golden record `name`, cut where the game enters `phase`."""
    data = json.loads((GOLDEN / "crypt" / name).read_text("utf-8"))
    game, setup = find_game("crypt"), data["setup"]
    state = game.new_game(Setup(setup["players"], tuple(setup["names"]), setup["options"]))
    for number, entry in enumerate(data["log"], start=1):
        if entry["type"] == "move":
            move = Move.from_dict(entry["move"])
            if not game.check(state, move):
                state = game.apply(state, move)
        if state.phase == phase:
            return {
                **{k: v for k, v in data.items() if k != "expected"},
                "log": data["log"][:number],
            }
    raise AssertionError(f"{name} never reaches {phase}")


OVER = {"en": "The game is over", "zh-TW": "遊戲結束"}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_crypt_s_turn_box_says_the_game_is_over_at_the_tie_break(browser, server, lang):
    record = crypt_record_at("tiebreak", "four-players-tiebreak.json")
    call(server.url, "/api/games/import?open=1", record)
    assert len(call(server.url, "/api/state")["current_players"]) == 2  # both tied players roll
    page = open_page(browser, server.url, LAPTOP, lang)
    turn = page.locator("#turn").inner_text()
    assert turn.startswith(OVER[lang]), turn
    assert "may also act" not in turn and "也可以行動" not in turn, turn
    names = record["setup"]["names"]
    tied = [names[s] for s in call(server.url, "/api/state")["current_players"]]
    assert all(name in turn for name in tied), turn
    page.context.close()


GOLDEN_ENDS = [
    ("musee", "two-players-full.json"),
    ("cardcassonne", "three-players-full.json"),
    ("mythe", "four-players.json"),
    ("masterpiece", "three-players-every-space.json"),
    ("crypt", "four-players-tiebreak.json"),
    ("crypt", "solo-with-ghost.json"),
]


@pytest.mark.parametrize(("game", "name"), GOLDEN_ENDS)
def test_every_game_s_turn_box_at_the_end_says_the_game_is_over(browser, server, game, name):
    record = json.loads((GOLDEN / game / name).read_text("utf-8"))
    call(server.url, "/api/games/import?open=1", record)
    assert call(server.url, "/api/state")["over"]
    for lang in ("en", "zh-TW"):
        page = open_page(browser, server.url, LAPTOP, lang)
        assert (
            page.locator("#turn .turn-now").inner_text()
            == {"en": "The game is over.", "zh-TW": "遊戲結束。"}[lang]
        )
        assert page.locator("#turn .turn-extra").count() == 0
        page.context.close()


HANDS = {
    "en": re.compile(r"^Cards in hand: Player 1 has \d+ cards? · Player 2 has \d+ cards?$"),
    "zh-TW": re.compile(r"^手牌數：玩家 1 有 \d+ 張 · 玩家 2 有 \d+ 張$"),
}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_cards_in_hand_say_whose_and_how_many(browser, server, lang):
    new_game(server.url, "musee", ["Player 1", "Player 2"])
    page = open_page(browser, server.url, LAPTOP, lang)
    hands = page.locator("#turn .hands").inner_text()
    assert HANDS[lang].match(hands), hands
    page.context.close()
