"""A seat's phone shows only what that seat may do, in every game's view.

One real server for the module (`serve --host 0.0.0.0`, so it has tokens and seat links);
each game is started on it by the host's API, brought to a moment where one seat acts, and
opened at 390 x 844 on Debian's Chromium with two seats' links: the seat whose turn it is sees
its own controls and its move goes through; the other seat sees no enabled control in the game
view, only whose turn it is (in the page's language). The server refuses the rest anyway
(tests/web/test_roles.py); this is about what a player is offered.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from webhelpers import BROWSER_TESTS

from web.roles import seat_token

pytestmark = BROWSER_TESTS

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = ["Amy", "Ben", "Cy"]
# Controls a phone could press or fill in the game's part of the page.
ENABLED_CONTROLS = (
    "() => [...document.querySelectorAll('#board button, #board select, "
    "#board input, #board textarea, #cannot-play-box button')]"
    ".filter((n) => !n.disabled && n.getClientRects().length"
    " && getComputedStyle(n).visibility !== 'hidden')"
    ".map((n) => n.id || n.className || n.tagName)"
)


class Host:
    """The host's API, as the host's screen uses it (token header, current state id)."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"X-Companion-Token": self.token, "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(exc.read().decode()) from None

    def state(self) -> dict:
        return self.call("GET", "/api/state")

    def new_game(self, game: str, players: int, options: dict | None = None) -> dict:
        self.call(
            "POST",
            "/api/new-game",
            {"game": game, "players": players, "names": NAMES[:players], "options": options or {}},
        )
        return self.state()

    def move(self, **move) -> dict:
        answer = self.call(
            "POST", "/api/move", {"state_id": self.state()["state_id"], "move": move}
        )
        assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]
        return self.state()

    def play_until(self, done, kinds: tuple[str, ...], limit: int = 80) -> dict:
        """Plays a legal move of the first of `kinds` the engine offers until done(state)."""
        state = self.state()
        for _ in range(limit):
            if done(state):
                return state
            moves = self.call("GET", "/api/legal-moves?limit=2000")["moves"]
            move = next(m for kind in kinds for m in moves if m["kind"] == kind)
            answer = self.call("POST", "/api/move", {"state_id": state["state_id"], "move": move})
            assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]
            state = self.state()
        raise AssertionError(f"not reached in {limit} moves: {state['state']}")


@pytest.fixture(scope="module")
def table(start_server_module, tmp_path_factory):
    server = start_server_module(
        "serve",
        "--game",
        "musee",
        "--players",
        "2",
        "--names",
        "Amy,Ben",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--db",
        str(tmp_path_factory.mktemp("seats") / "g.sqlite3"),
    ).drain()
    return Host(server.url.replace("0.0.0.0", "127.0.0.1"), server.token)


@pytest.fixture
def phones(browser, table):
    """phone(seat, lang) opens that seat's link on a phone of its own (its own cookie)."""
    contexts = []

    def phone(seat: int, lang: str = "en"):
        context = browser.new_context(**PHONE)
        context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(f"{table.base}/?token={seat_token(table.token, seat)}")
        page.wait_for_function(
            f"() => typeof S === 'object' && S.snap && S.snap.state_id === "
            f"{table.state()['state_id']}"
        )
        return page

    yield phone
    for context in contexts:
        context.close()


def enabled_controls(page) -> list[str]:
    return page.evaluate(ENABLED_CONTROLS)


def assert_waits_for(page, name: str) -> None:
    notes = page.locator(".turn-note")
    assert notes.count() >= 1 and notes.first.is_visible()
    assert all(name in text for text in notes.all_inner_texts()), notes.all_inner_texts()
    assert enabled_controls(page) == [], "another seat's controls are offered"
    assert not page.errors, page.errors


def assert_fits_in_chinese(page) -> None:
    """A zh-TW phone: nothing scrolls sideways and no English words (beyond names, codes)."""
    from test_screen_layouts import english_words

    seen = page.evaluate(
        "() => ({text: document.body.innerText, width: window.innerWidth,"
        " scroll: document.documentElement.scrollWidth, names: S.snap.setup.names})"
    )
    assert seen["scroll"] <= seen["width"], seen["scroll"]
    # the players' names, and their initials on the pawns, are no English
    english = {
        w
        for w in english_words(seen["text"])
        if not any(name.startswith(w) for name in seen["names"])
    }
    assert english == set(), sorted(english)


def move_goes_through(page, table: Host, before: int) -> None:
    page.wait_for_function(f"() => S.snap.state_id > {before}")
    assert table.state()["state_id"] > before
    log = page.evaluate("() => S.snap.log.slice(-1)[0]")
    assert log["accepted"], log
    assert not page.errors, page.errors


def test_musee_a_seat_says_it_cannot_play_only_for_itself(table, phones):
    state = table.new_game("musee", 2)
    assert state["current_players"] == [0]
    ben = phones(1)
    assert ben.locator(".cannot-play").count() == 0
    assert_waits_for(ben, "Amy")
    assert ben.locator("#board .slot").count() > 0  # the museums are shown, not for correcting
    assert not ben.locator("#board-panel .help").is_visible()  # "click a space to correct"
    amy = phones(0)
    # hand corrections are the host's; Amy's phone lays a card in her own museum's spaces
    controls = enabled_controls(amy)
    assert controls.count("cannot-play-0") == 1
    assert amy.locator("#board .slot:enabled").count() == len(controls) - 1
    assert amy.locator('#board .museum[data-region="museum1"] .slot:enabled').count() == 0
    assert amy.locator(".turn-note").count() == 0
    amy.once("dialog", lambda dialog: dialog.accept())
    amy.locator("#cannot-play-0").tap()
    move_goes_through(amy, table, state["state_id"])
    # now it is Ben's turn: Amy's phone says so
    amy.wait_for_selector(".turn-note")
    assert_waits_for(amy, "Ben")


def test_cardcassonne_the_dealer_reveals_the_other_seat_waits_in_its_language(table, phones):
    state = table.new_game("cardcassonne", 2)
    dealer = state["state"]["dealer"]
    other = 1 - dealer
    watcher = phones(other, "zh-TW")
    assert watcher.locator("#cc-status").is_visible()
    assert watcher.locator(".turn-note").inner_text() == f"輪到 {NAMES[dealer]}，請等候。"
    assert_waits_for(watcher, NAMES[dealer])
    phone = phones(dealer)
    assert phone.locator(".turn-note").count() == 0
    phone.locator("#cc-open-reveal").tap()
    phone.locator(".cc-pick").first.tap()
    move_goes_through(phone, table, state["state_id"])


def test_cardcassonne_in_play_only_the_seat_in_turn_lays_a_card_or_a_follower(table, phones):
    table.new_game("cardcassonne", 2)
    state = table.play_until(lambda s: s["state"]["phase"] == "play", ("reveal",))
    turn = state["state"]["turn"]
    watcher = phones(1 - turn)
    assert watcher.locator(".cc-row-btn, #cc-open-faceup").count() == 0
    assert_waits_for(watcher, NAMES[turn])
    phone = phones(turn)
    phone.locator("#cc-followers").wait_for()  # the rows the engine's legal moves accept
    assert phone.locator("[id^=cc-follower-]").count() > 0
    phone.locator("[id^=cc-fd-]").first.tap()  # a card laid face down in a row
    move_goes_through(phone, table, state["state_id"])
    # the turn passes to the other seat: now its phone has the buttons and this one waits
    watcher.wait_for_function(f"() => S.snap.state.turn === {1 - turn}")
    assert watcher.locator(".cc-row-btn").count() > 0 and watcher.locator(".turn-note").count() == 0
    phone.wait_for_function(f"() => S.snap.state.turn === {1 - turn}")
    assert_waits_for(phone, NAMES[1 - turn])


def test_crypt_only_the_seat_in_turn_passes_and_table_moves_stay_the_hosts(table, phones):
    table.new_game("crypt", 2)
    # the deal is the whole table's (the camera's, or the host's screen)
    state = table.play_until(lambda s: s["state"]["phase"] == "claim", ("deal",))
    actor = state["state"]["actor"]
    other = 1 - actor
    watcher = phones(other)
    assert watcher.locator("#crypt-turn").is_visible()
    assert watcher.locator("#crypt-recover, #crypt-claim, #crypt-flips").count() == 0
    assert_waits_for(watcher, NAMES[actor])
    phone = phones(actor)
    assert phone.locator("#crypt-claim").is_visible()
    phone.locator("#crypt-recover").tap()
    move_goes_through(phone, table, state["state_id"])


def test_crypt_a_die_is_rolled_by_its_owner_only(table, phones):
    table.new_game("crypt", 2)
    state = table.play_until(
        lambda s: s["state"]["phase"] == "collect", ("deal", "claim", "end_turn", "recover")
    )
    roll = state["state"]["rolls"][0]
    owner, card = roll["owner"], roll["card"]
    watcher = phones(1 - owner)
    assert watcher.locator(f"#crypt-roll-{roll['index']}").is_visible()
    assert watcher.locator(".crypt-face-btn, #crypt-end-collect").count() == 0
    assert_waits_for(watcher, NAMES[owner])
    phone = phones(owner)
    phone.locator(f"#crypt-roll-{card}-6").tap()
    move_goes_through(phone, table, state["state_id"])


def test_mythe_the_hero_in_turn_draws_the_other_waits(table, phones):
    state = table.new_game("mythe", 2)
    turn = state["state"]["turn"]
    watcher = phones(1 - turn)
    assert watcher.locator("#mythe-draw, #mythe-draw-pick").count() == 0
    assert_waits_for(watcher, NAMES[turn])
    phone = phones(turn)
    options = phone.locator("#mythe-draw-pick option").all()
    phone.locator("#mythe-draw-pick").select_option(options[1].get_attribute("value"))
    phone.locator("#mythe-draw-from").select_option(str(1 - turn))  # whose hand
    phone.locator("#mythe-draw").tap()
    move_goes_through(phone, table, state["state_id"])


def test_mythe_the_share_is_confirmed_on_the_phone_of_the_hero_in_turn(table, phones):
    table.new_game("mythe", 2)
    state = table.play_until(
        lambda s: s["state"]["phase"] == "share", ("reveal", "stop", "move", "draw")
    )
    turn = state["state"]["turn"]
    watcher = phones(1 - turn)
    assert watcher.locator("#mythe-share, #mythe-done").count() == 0
    assert_waits_for(watcher, NAMES[turn])
    phone = phones(turn)
    phone.locator("#mythe-done:enabled").tap()
    move_goes_through(phone, table, state["state_id"])


def test_masterpiece_a_seat_sets_its_own_pawn_and_waits_for_anothers_draw(table, phones):
    state = table.new_game("masterpiece", 3)
    ben = phones(1)
    # set-up: every seat places its own pawn; dealing is the banker's (seat 0 here)
    ben.wait_for_selector(".mp-pawn-entry")
    assert [e.get_attribute("data-seat") for e in ben.locator("#mp-action select").all()] == ["1"]
    ben.wait_for_selector("#mp-start-later")  # "X starts" only once dealt and placed
    assert ben.locator('#mp-action [data-kind="start"]').count() == 0
    assert ben.locator('#mp-action [data-kind="deal"], .mp-correct, #mp-me').count() == 0
    ben.locator('#mp-action [data-kind="place_pawn"]').tap()
    move_goes_through(ben, table, state["state_id"])
    ben.close()
    # a painting dealt: its value card is drawn by the seat that got it, the others wait
    state = table.play_until(lambda s: s["state"]["phase"] == "draw", ("deal",))
    drawer = state["state"]["draw"]["player"]
    watcher = phones((drawer + 1) % 3)
    assert watcher.locator("#mp-draw-code, #mp-action [data-kind]").count() == 0
    assert_waits_for(watcher, NAMES[drawer])
    phone = phones(drawer)
    values = phone.locator("#mp-draw-code option").all()
    phone.locator("#mp-draw-code").select_option(values[1].get_attribute("value"))
    phone.locator('#mp-action [data-kind="draw_value"]').tap()
    move_goes_through(phone, table, state["state_id"])


def test_masterpiece_auction_the_hammer_is_the_auctioneers_and_a_tie_the_hosts(
    table, phones, browser
):
    """Turn 6 of the golden game: Chen (seat 2) auctions a painting from the bank."""
    from test_masterpiece_screen import golden_record_until

    from web.roles import role_tokens

    table.call(
        "POST",
        "/api/games/import?open=1",
        golden_record_until({"kind": "easel", "player": 2, "painting": "MPP09"}),
    )
    state = table.state()
    assert state["state"]["auction"]["auctioneer"] == 2
    ben = phones(1)
    assert [b.get_attribute("data-seat") for b in ben.locator(".mp-bidder").all()] == ["1"]
    assert ben.locator("#mp-hammer, #mp-nosale, #mp-tie, #mp-me, .mp-correct").count() == 0
    ben.locator(".mp-bid-min").tap()
    move_goes_through(ben, table, state["state_id"])
    chen = phones(2)
    # a tie is settled for the whole table (player null): the host's screen, not Chen's phone
    assert chen.locator("#mp-tie").count() == 0
    assert "Ben" in chen.locator("#mp-hammer").inner_text()
    before = table.state()["state_id"]
    chen.locator("#mp-hammer").tap()
    move_goes_through(chen, table, before)
    # a viewer's link: the table, and nothing to press
    context = browser.new_context(**PHONE)
    try:
        viewer = context.new_page()
        viewer.goto(f"{table.base}/?token={role_tokens(table.token)['viewer']}")
        viewer.wait_for_function("() => typeof S === 'object' && S.snap && S.snap.state")
        assert viewer.locator("#board .mp").is_visible()
        assert enabled_controls(viewer) == [] and not viewer.locator("#undo-btn").is_visible()
    finally:
        context.close()


# -- moments a seat's phone plays that the table's camera cannot (or a player would rather tap)
def test_musee_the_seat_in_turn_lays_a_card_in_a_gallery_from_its_phone(table, phones):
    state = table.new_game("musee", 2)
    assert state["current_players"] == [0]
    ben = phones(1, "zh-TW")
    assert ben.locator("#board .slot:enabled, #board .museum.active").count() == 0
    assert_waits_for(ben, "Amy")
    assert_fits_in_chinese(ben)
    amy = phones(0)
    mine = amy.locator('#board .museum.active[data-region="museum0"]')
    assert mine.count() == 1
    assert amy.locator('#board .museum[data-region="museum1"] .slot:enabled').count() == 0
    mine.locator('.slot[data-slot="0,2"]').tap()  # upper gallery, third space
    amy.locator('#picker-cards .pick[data-payload="MU10"]').tap()
    move_goes_through(amy, table, state["state_id"])
    after = table.state()
    assert after["state"]["museums"][0]["galleries"][0][2]["card"] == "MU10"
    assert after["current_players"] == [1]
    assert amy.locator("#picker").is_hidden()
    # Ben's turn now: his phone lays in his own museum, Amy's phone waits
    ben.wait_for_selector('#board .museum.active[data-region="museum1"]')
    amy.wait_for_selector(".turn-note")
    assert_waits_for(amy, "Ben")
    assert_fits_in_chinese(ben)


def test_cardcassonne_round_scoring_turn_up_and_choice_on_the_owners_phone(table, phones):
    table.new_game("cardcassonne", 2)
    state = table.play_until(
        lambda s: s["state"]["phase"] == "scoring",
        ("reveal", "place_follower", "play_card"),
        limit=120,
    )
    claim = next(c for c in state["state"]["scoring"] if c["needs_reveal"])
    seat, key = claim["seat"], f"{claim['row']}-{claim['position']}"
    watcher = phones(1 - seat, "zh-TW")
    assert watcher.locator("#cc-scoring").is_visible()
    assert watcher.locator(".cc-reveal-select, .cc-reveal-btn, .cc-option").count() == 0
    assert_waits_for(watcher, NAMES[seat])
    assert_fits_in_chinese(watcher)
    # a card that is an animal or a building of another colour: its owner must then choose
    faces = {p["payload"]: p["face"] for p in table.call("GET", "/api/catalogue")["pieces"]}
    candidates = [
        m["card"]
        for m in table.call("GET", "/api/legal-moves?limit=2000")["moves"]
        if m["kind"] == "reveal_face_down"
        and m["row"] == claim["row"]
        and m["position"] == claim["position"]
    ]
    card = next(
        c
        for c in candidates
        if faces[c]["type"] in ("animal", "building") and faces[c]["colour"] != claim["row"]
    )
    phone = phones(seat)
    phone.locator(f"#cc-reveal-{key} option[value='{card}']").wait_for(state="attached")
    phone.locator(f"#cc-reveal-{key}").select_option(card)
    phone.locator(f"#cc-reveal-btn-{key}").tap()
    move_goes_through(phone, table, state["state_id"])
    turned = next(
        c
        for c in table.state()["state"]["scoring"]
        if (c["row"], c["position"]) == (claim["row"], claim["position"])
    )
    assert turned["card"] == card and turned["needs_choice"], turned
    # the choice: its owner's phone offers the options, the other phone says who chooses
    choice = phone.locator(f'.cc-choice[data-claim="{key}"] .cc-option')
    choice.first.wait_for()
    assert choice.count() == len(turned["options"]) >= 2
    watcher.wait_for_selector(f'.cc-choice[data-claim="{key}"] .turn-note')
    assert_waits_for(watcher, NAMES[seat])
    assert_fits_in_chinese(watcher)
    before = table.state()["state_id"]
    option = choice.first.get_attribute("data-option")
    choice.first.tap()
    move_goes_through(phone, table, before)
    chosen = next(
        c
        for c in table.state()["state"]["scoring"]
        if (c["row"], c["position"]) == (claim["row"], claim["position"])
    )
    assert chosen["choice"] == option and not chosen["needs_choice"], chosen


def crypt_first_round(table, collectors: dict) -> dict:
    """Amy's die on the first card (effort 6), Ben's three dice on the second; Amy recovers."""
    table.new_game("crypt", 2, {"collectors": collectors})
    table.move(kind="deal", card=FIRST_CARD[next(iter(collectors))], index=0)
    table.move(kind="deal", card="CRJEWL3A", index=1)
    table.move(kind="deal", back="CRBPOTT", index=2)
    table.move(kind="claim", player=0, placements=[{"card": 0, "dice": 1, "effort": 6}])
    table.move(kind="claim", player=1, placements=[{"card": 1, "dice": 3, "effort": 6}])
    return table.move(kind="recover", player=0)


FIRST_CARD = {"idols": "CRIDOL4A", "manuscripts": "CRMANU4A"}


def test_crypt_an_idol_reroll_is_its_owners_on_its_phone(table, phones):
    state = crypt_first_round(table, {"idols": "A"})
    assert state["state"]["phase"] == "collect"
    amy = phones(0)
    amy.locator("#crypt-roll-0-1").tap()  # 1 against effort 6: exhausted
    move_goes_through(amy, table, state["state_id"])
    state = table.state()
    roll = state["state"]["rolls"][0]
    assert roll["owner"] == 0 and roll["exhausted"] is True
    ben = phones(1, "zh-TW")
    assert ben.locator("[id^=crypt-reroll-], #crypt-flips").count() == 0
    assert NAMES[0] in ben.locator("#crypt-roll-0").inner_text()
    assert_fits_in_chinese(ben)
    amy.locator("#crypt-reroll-0-6").tap()  # Amy flips her idol collector and re-rolls a 6
    move_goes_through(amy, table, state["state_id"])
    after = table.state()["state"]
    assert after["rolls"][0]["exhausted"] is False and after["rolls"][0]["value"] == 6
    idol = next(c for c in after["players"][0]["collection"] if c["type"] == "idols")
    assert idol["flipped"] is True
    assert amy.locator("[id^=crypt-reroll-]").count() == 0


def test_crypt_a_manuscript_collector_flip_to_peek_is_its_owners(table, phones):
    crypt_first_round(table, {"manuscripts": "B"})
    # the rolls and the next deal: a face-down card in the crypt, Ben's turn to claim
    state = table.play_until(lambda s: s["state"]["phase"] == "claim", ("roll", "deal"))
    assert state["state"]["actor"] == 1
    assert any(not c["face_up"] for c in state["state"]["row"] if c)
    ben = phones(1)
    assert ben.locator("#crypt-flips, [id^=crypt-peek-]").count() == 0
    amy = phones(0, "zh-TW")
    assert NAMES[1] in amy.locator(".turn-note").first.inner_text()
    assert_fits_in_chinese(amy)
    amy.locator("#crypt-peek-0").tap()  # Amy may peek at any time: it is not a turn's move
    move_goes_through(amy, table, state["state_id"])
    after = table.state()["state"]
    manuscript = next(c for c in after["players"][0]["collection"] if c["type"] == "manuscripts")
    assert manuscript["flipped"] is True and after["actor"] == 1
    amy.wait_for_function(f"() => S.snap.state_id > {state['state_id']}")
    assert amy.locator("[id^=crypt-peek-]").count() == 0


def test_masterpiece_an_overbid_is_called_on_another_players_phone_before_the_hammer(table, phones):
    """Turn 6 of the golden game: Chen (seat 2) auctions; Ben (seat 1, $5.5M) bids $6M. Ben's
    own phone offers no call on his own bid (walk-through finding); Chen's phone does."""
    from test_masterpiece_screen import golden_record_until

    table.call(
        "POST",
        "/api/games/import?open=1",
        golden_record_until({"kind": "easel", "player": 2, "painting": "MPP09"}),
    )
    state = table.move(kind="bid", player=1, amount_k=6000)
    cash = table.call("GET", "/api/private?seat=1")["private"]["cash_k"]  # secret: host asks
    ben = phones(1)
    assert ben.locator("#mp-overbid").count() == 0  # not on his own bid
    assert ben.locator("#mp-hammer").count() == 0
    chen = phones(2, "zh-TW")
    assert "Ben 出價 600 萬元" in chen.locator("#mp-overbid").inner_text()
    assert chen.locator("#mp-hammer").is_visible()  # the hammer is still Chen's
    assert_fits_in_chinese(chen)
    chen.locator("#mp-overbid").tap()
    move_goes_through(chen, table, state["state_id"])
    after = table.state()["state"]
    assert after["auction"]["standing_k"] != 6000 and after["auction"]["bidder"] != 1
    assert table.call("GET", "/api/private?seat=1")["private"]["cash_k"] == cash - 1000  # $1M fine
    assert chen.locator("#mp-overbid").count() == 0
    said = table.state()["log"][-1]["text"]
    assert said["zh-TW"].startswith("Chen 指出 Ben 出價 600 萬元：Ben 付不起")
    assert said["en"].startswith("Chen calls Ben's $6M: Ben cannot pay it")
