"""Masterpiece: a value card's worth, and a player's cash, never reach a shared screen or
another seat's phone before the rules reveal them (issue 23, item 2 and the walk-through's
"$18.5M / $13M / $11M" on the dashboard and the TV: cash is secret, or an overbid is no bluff).

One real server (`serve --host 0.0.0.0`, so there are host, seat and viewer tokens) plays the
whole 3-player golden game tests/golden/masterpiece/three-players-every-space.json through
the host's API. After every move, everything a viewer, the TV or a seat's phone may fetch
(the state, the state stream, the legal moves, the past games, the current game's record, the
dashboard, TV and summary pages) is searched for the codes of the value cards drawn so far
that the rules still hide. In a real browser, the host's laptop (the screen the whole table
sees), the TV and the other seats' phones are watched live through the game, and their text
must never name a value card, while the seat that draws sees the cards on its own phone.

Cash: no answer but the host's `/api/private` and a seat's own carries a cash amount (a
`cash_k`/`cash` value or a "cash" score line), no page names a seat's cash beside the word
cash, and a seat's phone shows its own cash, which /api/private gives it and nobody else.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from webhelpers import BROWSER_TESTS

from web.roles import role_tokens, seat_token

GOLDEN = (
    Path(__file__).resolve().parents[1]
    / "golden"
    / "masterpiece"
    / "three-players-every-space.json"
)
NAMES = ["Ana", "Ben", "Chen"]
CARDS = json.loads(
    (Path(__file__).resolve().parents[2] / "companion/data/cards/masterpiece.json").read_text(
        encoding="utf-8"
    )
)["cards"]
# Every way a page could name a value card: its code, or its name with its worth.
VALUE_NAMES = sorted(
    {c["name"][lang] for c in CARDS if c["payload"].startswith("MPV") for lang in ("en", "zh-TW")}
)
API_PATHS = ("/api/state", "/api/events?max=1", "/api/legal-moves?limit=2000", "/api/games")
PAGE_PATHS = ("/", "/tv", "/summary")


def golden_moves() -> list[dict]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    refused = {r["entry"] for r in data["expected"]["rejections"]}
    return [
        entry["move"]
        for number, entry in enumerate(data["log"], start=1)
        if number not in refused and entry["type"] == "move"
    ]


def fetch(base: str, path: str, token: str, body: dict | None = None) -> tuple[int, str]:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
        headers={"X-Companion-Token": token, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture(scope="module")
def table(start_server_module, tmp_path_factory):
    server = start_server_module(
        "serve",
        "--game",
        "masterpiece",
        "--players",
        "3",
        "--names",
        ",".join(NAMES),
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--db",
        str(tmp_path_factory.mktemp("secrets") / "g.sqlite3"),
    ).drain()
    base = server.url.replace("0.0.0.0", "127.0.0.1")
    tokens = role_tokens(server.token)
    return {
        "base": base,
        "host": server.token,
        "viewer": tokens["viewer"],
        "seats": [seat_token(server.token, seat) for seat in range(3)],
    }


class Game:
    """The golden game, one move at a time, with the value cards it has put out of sight."""

    def __init__(self, table: dict):
        self.table = table
        fetch(
            table["base"],
            "/api/new-game",
            table["host"],
            {"game": "masterpiece", "players": 3, "names": NAMES},
        )
        self.hidden: dict[str, int] = {}  # value card -> the seat that drew it
        self.over = False

    def state(self) -> dict:
        return json.loads(fetch(self.table["base"], "/api/state", self.table["host"])[1])

    def play(self, move: dict) -> None:
        status, text = fetch(
            self.table["base"],
            "/api/move",
            self.table["host"],
            {"state_id": self.state()["state_id"], "move": move},
        )
        assert status == 200, text
        assert all(v["accepted"] for v in json.loads(text)["verdicts"]), text
        if move["kind"] == "draw_value":
            self.hidden[move["card"]] = move["player"]
        self.over = self.state()["outcome"] is not None

    def cash(self) -> list[int]:
        """Every seat's cash, as the host may ask for it (one seat at a time)."""
        answers = [
            json.loads(fetch(self.table["base"], f"/api/private?seat={s}", self.table["host"])[1])
            for s in range(len(NAMES))
        ]
        return [a["private"]["cash_k"] for a in answers]

    def cash_leaks(self, text: str) -> list[str]:
        """Cash amounts a shared JSON answer carries before the end (none may: a seat's own
        comes only from /api/private)."""
        if self.over or not text.startswith(("{", "[", "event:")):
            return []
        found: list[str] = []

        def walk(node, where: str) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in ("cash_k", "cash") and value is not None:
                        found.append(f"{where}.{key}={value}")
                    if key == "code" and value == "cash":
                        found.append(f"{where}: a cash score line")
                    walk(value, f"{where}.{key}")
            elif isinstance(node, list):
                for n, value in enumerate(node):
                    walk(value, f"{where}[{n}]")

        for chunk in (
            re.findall(r"^data: (.*)$", text, re.M) if text.startswith("event:") else [text]
        ):
            walk(json.loads(chunk), "")
        return found

    def leaks(self, text: str, seat: int | None = None) -> list[str]:
        """The hidden value cards (but the seat's own) that `text` names."""
        if self.over:
            return []
        codes = [c for c, owner in self.hidden.items() if owner != seat]
        return [c for c in codes if re.search(rf"\b{c}\b", text)]


def test_no_shared_answer_names_a_hidden_value_card_in_a_whole_game(table):
    game = Game(table)
    base = table["base"]
    watchers = {"viewer": (table["viewer"], None)}
    watchers.update({f"seat {s}": (table["seats"][s], s) for s in range(3)})
    for number, move in enumerate(golden_moves(), start=1):
        game.play(move)
        record = f"/api/games/{game.state()['game_id']}/record"
        truth = game.cash()
        for who, (token, seat) in watchers.items():
            # every answer for the viewer; the seats' own state and stream (the pages are
            # the same for everybody: their text only changes when a card is drawn)
            paths = [*API_PATHS, record] if seat is None else ["/api/state"]
            if seat is None and move["kind"] == "draw_value":
                paths += PAGE_PATHS
            for path in paths:
                status, text = fetch(base, path, token)
                assert status in (200, 403), (who, path, status)
                leaked = game.leaks(text, seat)
                assert leaked == [], f"move {number} {move}: {who} sees {leaked} in {path}"
                cash = game.cash_leaks(text)
                assert cash == [], f"move {number} {move}: {who} sees cash {cash} in {path}"
            # its own cash, and nobody else's, from /api/private
            status, text = fetch(base, "/api/private", token)
            if seat is None:
                assert status == 403, (who, status)
            else:
                assert json.loads(text)["private"]["cash_k"] == truth[seat], who
    assert game.over and game.hidden, "the golden game ends with value cards drawn"
    # Once the game is over the values are everybody's: the summary names them.
    final = game.state()["state"]
    assert all(not p.get("hidden") for pl in final["players"] for p in pl["paintings"])


def test_a_seat_gets_only_its_own_secret_and_a_bad_seat_is_a_clear_error(table):
    Game(table)
    base = table["base"]
    for seat, token in enumerate(table["seats"]):
        for asked in ("", "?seat=0", "?seat=2"):  # a seat cannot name another
            status, text = fetch(base, "/api/private" + asked, token)
            assert status == 200 and json.loads(text)["seat"] == seat, (seat, asked, text)
    for asked in ("", "?seat=3", "?seat=-1", "?seat=two"):
        status, text = fetch(base, "/api/private" + asked, table["host"])
        assert status == 400 and json.loads(text)["error"]["code"] == "bad_player", (asked, text)
    status, text = fetch(base, "/api/private?seat=1", table["host"])
    assert status == 200 and json.loads(text)["private"]["cash_k"] == 15000
    for token in (table["viewer"], role_tokens(table["host"])["player"]):  # and the old link
        assert fetch(base, "/api/private?seat=1", token)[0] == 403


# -- the screens, in a real browser ------------------------------------------------------------
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
# The visible text of the page, with the options of its pickers and the titles of its marks.
SHOWN_TEXT = (
    "() => [document.body.innerText,"
    " ...[...document.querySelectorAll('option')].map((o) => o.textContent),"
    " ...[...document.querySelectorAll('[title],[aria-label]')]"
    ".map((n) => (n.title || '') + ' ' + (n.getAttribute('aria-label') || ''))].join('\\n')"
)


def open_screen(browser, base: str, path: str, token: str, size: dict, lang: str):
    context = browser.new_context(**size)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(f"{base}{path}?token={token}")
    return page


def money(k: int, lang: str) -> str:
    """A cash amount as the pages write it (app.js fmtMoney): $18.5M / $500K, 1,850 萬元."""
    if lang == "zh-TW":
        return f"${k / 10:,.1f}".removesuffix(".0") + "萬"
    return f"${k / 1000:,.3f}".rstrip("0").rstrip(".") + "M" if k >= 1000 else f"${k}K"


# Where a page shows an amount as somebody's cash or score (the ledger and the bids are the
# table's public record of payments and stay).
CASH_PLACES = ".mp-cash, .mp-cashnow, .side-total, .tv-total, #scores .pts"


def cash_shown(page, cash: list[int], lang: str, skip: str = ".mp-own-cash") -> list[str]:
    """Every seat's cash amount that the page shows in a cash or score place (but `skip`)."""
    texts = page.evaluate(
        f"() => [...document.querySelectorAll({CASH_PLACES!r})]"
        f".filter((n) => !n.matches({skip!r})).map((n) => n.textContent)"
    )
    amounts = {money(k, lang) for k in cash}
    return sorted({a for a in amounts for text in texts if a in text})


def check_cash(cash: list[int], number: int, screens: dict, phones: dict) -> None:
    """No shared screen shows anyone's cash; each phone shows its own, and nobody else's."""
    for who, page in screens.items():
        lang = "zh-TW" if who == "tv" else "en"
        assert cash_shown(page, cash, lang) == [], f"move {number}: the {who} shows cash"
    for seat, page in phones.items():
        lang = ("en", "zh-TW")[seat % 2]
        assert cash_shown(page, cash, lang) == [], f"move {number}: seat {seat} sees cash"
        own = money(cash[seat], lang)
        page.wait_for_function(
            "(own) => [...document.querySelectorAll('.mp-own-cash')]"
            ".some((n) => n.textContent === own)",
            arg=own,
        )
    if number == 12:  # the host's screen shows a seat's cash only while that player asks
        host = screens["host laptop"]
        host.locator('.mp-cash-show[data-seat="1"]').click()
        host.locator(".mp-cash-shown").filter(has_text=money(cash[1], "en")).wait_for()


def value_names_on(page) -> list[str]:
    text = page.evaluate(SHOWN_TEXT)
    return [name for name in VALUE_NAMES if name in text]


@BROWSER_TESTS[0]
@BROWSER_TESTS[1]
@pytest.mark.long  # the default run checks every shared answer of the same game (API, below)
def test_shared_screens_never_show_a_value_card_while_it_is_hidden(browser, table):
    game = Game(table)
    base = table["base"]
    # both languages at once: the host's laptop in English, the TV in Chinese, the phones mixed
    screens = {
        "host laptop": open_screen(browser, base, "/", table["host"], LAPTOP, "en"),
        "tv": open_screen(browser, base, "/tv", table["viewer"], TV, "zh-TW"),
    }
    phones = {
        s: open_screen(browser, base, "/", table["seats"][s], PHONE, ("en", "zh-TW")[s % 2])
        for s in range(3)
    }
    drawn_on_own_phone = 0
    for number, move in enumerate(golden_moves(), start=1):
        game.play(move)
        state_id = game.state()["state_id"]
        pages = [*screens.items(), *((f"seat {s}", p) for s, p in phones.items())]
        for _, page in pages:
            page.wait_for_function(f"() => S.snap && S.snap.state_id === {state_id}")
        draw = game.state()["state"]["draw"]
        for who, page in screens.items():
            assert value_names_on(page) == [], f"move {number}: the {who} shows value cards"
        if not game.over:
            check_cash(game.cash(), number, screens, phones)
        for seat, page in phones.items():
            shown = value_names_on(page)
            if draw is not None and draw["player"] == seat:
                drawn_on_own_phone += bool(shown)  # its own card, on its own phone
            else:
                assert shown == [], f"move {number}: seat {seat}'s phone shows value cards"
        if draw is not None:
            host = screens["host laptop"]
            # the shared screen says the drawer enters the card on their phone
            assert host.locator("#mp-draw-private").count() == 1
    assert game.over
    assert drawn_on_own_phone > 0, "the drawing seat picks its card on its own phone"
    # the end reveals everybody's cash, on every screen
    final = [p["cash_k"] for p in game.state()["state"]["players"]]
    assert cash_shown(screens["tv"], final, "zh-TW") == sorted({money(k, "zh-TW") for k in final})
    for _, page in [*screens.items(), *((s, p) for s, p in phones.items())]:
        assert page.errors == []
        page.context.close()
