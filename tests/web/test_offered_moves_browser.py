"""Buttons the rules then refuse, found by a newcomer playing by taps only (walk-through), in
a real server and Chromium:

- Masterpiece: at random moments of random games, every move the host's page would send (each
  button, with each choice of its pickers) is accepted by the engine, or refused only because
  a buy costs more than the buyer's secret cash (`cannot_afford`). Before: "X starts" before
  the deal, "Hammer" with nobody bidding, bid buttons for the standing bidder and for players
  who may not bid, and value cards already under paintings in the value-card picker.
- Crypt: no face-down card is offered while face-up cards are still to be dealt.
- Quick taps: two or three taps on one page before the first answer arrives are all played
  (they were refused as "the table changed meanwhile"); a page that missed another device's
  move is still refused.
- The TV: a refused move's words and the reason are two sentences, in both languages.

The engine runs here too, fed the same moves, to judge what the page would send.
"""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from collections import defaultdict

import pytest
from webhelpers import BROWSER_TESTS

from companion.games import find_game
from companion.model import Move, Setup
from companion.validation import validate_move

pytestmark = BROWSER_TESTS
NAMES = ["Ana", "Ben", "Chen"]
MP = find_game("masterpiece")


# The refusals an offered move may meet, each keeping a secret: a buy beyond the buyer's secret
# cash, a drawn value that lies hidden under a painting (offered so as not to tell which).
SECRET_REFUSAL = defaultdict(lambda: "cannot_afford", draw_value="value_not_in_deck")


def api(url: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def send(url: str, move: dict) -> dict:
    state_id = api(url, "GET", "/api/state")[1]["state_id"]
    status, answer = api(url, "POST", "/api/move", {"state_id": state_id, "move": move})
    assert status == 200, answer
    return answer["state"]


def serve(start_server, tmp_path, game: str, players: int):
    names = ",".join(NAMES[:players])
    server = start_server(
        "serve",
        "--game",
        game,
        "--players",
        str(players),
        "--names",
        names,
        "--port",
        "0",
        "--db",
        str(tmp_path / "games.sqlite3"),
    )
    return server.drain()


def open_page(browser, url: str, path: str = "/", lang: str = "en", size=(1366, 900)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(url + path)
    page.wait_for_function("() => typeof S === 'object' && S.snap")
    return page


def shows(page, state_id: int) -> None:
    page.wait_for_function("(id) => S.snap && S.snap.state_id === id", arg=state_id)


# What the host's page would send: every enabled button of the game's panels, once as it is and
# once for each choice of each picker beside it; the sends are kept, not made.
COLLECT = """() => {
  const sent = [];
  const C = window.Companion;
  const real = C.command;
  C.command = (path, body) => { sent.push({ path, body }); return Promise.resolve(null); };
  try {
    const panels = [...document.querySelectorAll('#mp-action, #mp-auction')];
    const buttons = (root) => [...root.querySelectorAll('button.mp-act')].filter((b) => !b.disabled
      && b.id !== 'mp-draw-private' && !b.classList.contains('mp-cash-show'));
    for (const panel of panels) {
      const tie = panel.querySelector('#mp-tie');
      if (tie) [...tie.querySelectorAll('input[type=checkbox]')].slice(0, 2).forEach((c) => { c.checked = true; });
      buttons(panel).forEach((b) => b.click());
      for (const select of panel.querySelectorAll('select')) {
        if (select.id === 'mp-me') continue;
        for (const option of [...select.options].filter((o) => o.value !== '')) {
          select.value = option.value;
          select.dispatchEvent(new Event('change'));
          buttons(select.parentElement).forEach((b) => b.click());
        }
      }
    }
  } finally { C.command = real; }
  return sent;
}"""


def offered_by_the_page(page, state) -> list[dict]:
    if page.locator("#mp-draw-private").count():  # the host opens the picker for the drawer
        page.click("#mp-draw-private")
    if page.locator("#mp-draw-code").count():
        left = len(MP.private_view(state, state.draw.player)["draw_cards"])
        page.wait_for_function(
            "(n) => document.querySelectorAll('#mp-draw-code option').length === n + 1", arg=left
        )
    if state.phase == "setup":  # the start row waits for the offered moves
        page.wait_for_selector("#mp-start-later, #mp-start button")
    sent = page.evaluate(COLLECT)
    assert all(s["path"] == "/api/move" for s in sent), sent
    return [s["body"]["move"] for s in sent]


def judged(state, setup, move: dict) -> list[str]:
    parsed = Move.from_dict(move)
    validate_move(MP, setup, parsed)
    return [v.code for v in MP.check(state, parsed)]


def look(page, state, setup, seen: dict) -> None:
    moves = offered_by_the_page(page, state)
    for move in moves:
        codes = judged(state, setup, move)
        assert codes in ([], [SECRET_REFUSAL[move["kind"]]]), (state.phase, move, codes)
        seen.setdefault(state.phase, set()).add(move["kind"])
    auction = state.auction
    if state.phase == "setup":
        starts = [m for m in moves if m["kind"] == "start"]
        assert bool(starts) == (not MP.check(state, Move("start", 0)))
        if not starts:
            assert "painting is dealt" in page.locator("#mp-start-later").inner_text()
    if auction is not None and auction.standing_k is None:
        assert page.locator("#mp-hammer").count() == 0
    if auction is not None and auction.bidder is not None:
        row = page.locator(f".mp-bidder[data-seat='{auction.bidder}']")
        assert row.locator("button.mp-bid, button.mp-bid-min").count() == 0
        assert "holds the highest bid" in row.locator(".mp-leading").inner_text()


@pytest.mark.parametrize("seed", [1, 2])
def test_every_masterpiece_button_makes_a_move_the_engine_accepts(
    browser, start_server, tmp_path, seed
):
    server = serve(start_server, tmp_path, "masterpiece", 3)
    setup = Setup(3, tuple(NAMES))
    state = MP.new_game(setup)
    page = open_page(browser, server.url)
    rnd = random.Random(seed)
    seen: dict = {}
    looks = 0
    for number in range(400):
        if MP.is_over(state) or looks >= 14:
            break
        # every set-up step and auction, and one moment in five otherwise
        if state.phase in ("setup", "auction", "draw") and rnd.random() < 0.5 or not number % 5:
            shows(page, api(server.url, "GET", "/api/state")[1]["state_id"])
            look(page, state, setup, seen)
            looks += 1
        moves = [m for m in MP.offered_moves(state) if not MP.check(state, m)]
        kind = rnd.choice(sorted({m.kind for m in moves}))
        move = rnd.choice([m for m in moves if m.kind == kind])
        send(server.url, move.to_dict())
        state = MP.apply(state, move)
    assert looks >= 8 and {"setup", "auction"} <= set(seen), seen
    assert not page.errors


def test_masterpiece_value_card_picker_lists_the_drawers_private_choice(
    browser, start_server, tmp_path
):
    """The picker on the drawer's phone is its private list: the pile and the cards under the
    other players' paintings, which the drawer cannot tell apart (listing the pile alone told
    it their hidden values; the cards under its own paintings are left out: the engine's test)."""
    server = serve(start_server, tmp_path, "masterpiece", 3)
    setup = Setup(3, tuple(NAMES))
    state = MP.new_game(setup)
    for _ in range(2):  # two paintings dealt, two value cards under them
        for move in (next(m for m in MP.offered_moves(state) if m.kind == "deal"),):
            send(server.url, move.to_dict())
            state = MP.apply(state, move)
        draw = next(iter(MP.offered_moves(state)))
        send(server.url, draw.to_dict())
        state = MP.apply(state, draw)
    move = next(m for m in MP.offered_moves(state) if m.kind == "deal")
    state = MP.apply(state, move)
    page = open_page(browser, server.url, size=(390, 844))
    shows(page, send(server.url, move.to_dict())["state_id"])
    page.click("#mp-draw-private")
    others = {v for seats in state.holdings for h in seats for v in h.values}
    page.wait_for_function("() => document.querySelectorAll('#mp-draw-code option').length > 1")
    listed = set(
        page.locator("#mp-draw-code option").evaluate_all("(os) => os.map((o) => o.value)")
    )
    assert not state.holdings[state.draw.player][0].values  # the drawer holds none yet
    assert len(others) == 2 and others <= listed
    assert listed - {""} == set(MP.private_view(state, state.draw.player)["draw_cards"])


def test_crypt_offers_the_face_down_cards_only_after_the_face_up_ones(
    browser, start_server, tmp_path
):
    server = serve(start_server, tmp_path, "crypt", 2)
    for lang, later in (("en", "Then 1 face down"), ("zh-TW", "再放 1 張面朝下")):
        page = open_page(browser, server.url, lang=lang, size=(390, 844))
        assert page.locator("#crypt-deal .crypt-deal-up:not([disabled])").count() > 0
        assert page.locator("#crypt-deal .crypt-deal-down").count() == 0
        assert later in page.locator("#crypt-deal-later").inner_text()
        page.context.close()
    status, answer = api(
        server.url,
        "POST",
        "/api/move",
        {"state_id": 0, "move": {"kind": "deal", "player": None, "back": "CRBPOTT"}},
    )
    assert status == 422 and [v["code"] for v in answer["error"]["violations"]] == ["face_up_first"]
    page = open_page(browser, server.url)
    for _ in range(2):
        before = page.evaluate("() => S.snap.state_id")
        page.locator("#crypt-deal .crypt-deal-up:not([disabled])").first.click()
        shows(page, before + 1)
    assert page.locator("#crypt-deal .crypt-deal-down:not([disabled])").count() > 0
    assert page.locator("#crypt-deal-later").count() == 0


def test_quick_taps_on_one_page_all_go_through_but_a_stale_page_is_refused(
    browser, start_server, tmp_path
):
    server = serve(start_server, tmp_path, "masterpiece", 3)
    page = open_page(browser, server.url, size=(390, 844))
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "/api/move" in r.url else None)
    page.wait_for_selector(".mp-pawn-entry button")
    # three taps in one go: none waits for the answer to the one before
    page.evaluate(
        "() => [...document.querySelectorAll('.mp-pawn-entry button')].forEach((b) => b.click())"
    )
    shows(page, 3)
    page.wait_for_function("() => !S.problem")
    log = api(server.url, "GET", "/api/state")[1]["log"]
    assert [(e["move"]["kind"], e["accepted"]) for e in log] == [("place_pawn", True)] * 3
    assert answers == [200, 200, 200]
    assert page.locator(".mp-pawn-entry button").count() == 0, "each pawn is placed once"
    # another device moves; a page that has not seen it yet is still told the table changed
    deal = "#mp-deal button[data-kind='deal']"
    page.locator(deal).click()
    shows(page, 4)
    drawer = api(server.url, "GET", "/api/state")[1]["state"]["draw"]["player"]
    cards = api(server.url, "GET", f"/api/private?seat={drawer}")[1]["private"]["draw_cards"]
    draw = {"kind": "draw_value", "player": drawer, "card": cards[0]}
    send(server.url, draw)
    shows(page, 5)
    page.wait_for_selector(deal)
    page.evaluate("() => { S.snap = Object.assign({}, S.snap, { state_id: 4 }); }")
    with page.expect_response(lambda r: "/api/move" in r.url) as stale:
        page.evaluate(f'() => document.querySelector("{deal}").click()')
    assert stale.value.status == 409
    assert not page.errors


@pytest.mark.parametrize(
    "lang, glued, apart",
    [
        ("en", r"starts Set-up|[a-z][.][A-Z]", "Ana rolled highest and starts. Set-up is not"),
        ("zh-TW", r"： |。 |先開始準備", "先開始。準備還沒完成"),
    ],
)
def test_the_tv_says_a_refused_move_and_its_reason_as_two_sentences(
    browser, start_server, tmp_path, lang, glued, apart
):
    server = serve(start_server, tmp_path, "masterpiece", 3)
    api(server.url, "POST", "/api/move", {"state_id": 0, "move": {"kind": "start", "player": 0}})
    page = open_page(browser, server.url, "/tv?lang=" + lang, lang=lang, size=(1920, 1080))
    page.wait_for_selector("#tv-last .tv-last-why")
    said = page.locator("#tv-last").text_content()
    assert apart in said, said
    assert not re.search(glued, said), said
    assert not page.errors
