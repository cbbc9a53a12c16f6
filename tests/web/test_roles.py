"""Host, players and viewers: the host and the viewers one link each, every seat its own link
and QR code; enforced by the server (a seat's link plays that seat only).

Every request goes to 127.0.0.1; the LAN address only appears inside links and QR codes."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import cv2
import numpy as np
import pytest
import zxingcpp
from webhelpers import BROWSER_TESTS

from web import create_app
from web.roles import lan_address, role_tokens, seat_token

HOST_TOKEN = "host-s3cret"
TOKENS = role_tokens(HOST_TOKEN)


@pytest.fixture
def wide(tmp_path):
    app = create_app(
        {
            "db": str(tmp_path / "g.db"),
            "host": "0.0.0.0",
            "token": HOST_TOKEN,
            "game": "musee",
            "players": 2,
            "names": ["Amy", "Ben"],
        }
    )
    yield app.test_client()
    app.extensions["companion_runtime"].close()


def as_role(client, role, method, path, **json):
    """`role` is host, viewer, player (the old link for the whole table) or seat-N."""
    token = seat_token(HOST_TOKEN, int(role[5:])) if role.startswith("seat-") else TOKENS[role]
    headers = {"X-Companion-Token": token}
    if method == "GET":
        return client.get(path, headers=headers)
    state_id = client.get("/api/state", headers=headers).get_json()["state_id"]
    return client.post(path, json={"state_id": state_id, **json}, headers=headers)


def test_each_role_has_its_own_token_stable_for_the_same_host_token():
    assert len(set(TOKENS.values())) == 3 and TOKENS["host"] == HOST_TOKEN
    assert role_tokens(HOST_TOKEN) == TOKENS and role_tokens("other")["player"] != TOKENS["player"]


MOVE = {
    "move": {"kind": "place", "player": 0, "card": "MU05", "museum": 0, "gallery": 0, "space": 0}
}


def test_a_viewer_watches_only_and_the_server_refuses_its_commands(wide):
    assert as_role(wide, "viewer", "GET", "/api/state").status_code == 200
    for path, body in (
        ("/api/undo", {}),
        ("/api/move", MOVE),
        ("/api/new-game", {"game": "musee"}),
        ("/api/correct", {"action": "remove", "payload": "MU05"}),
    ):
        answer = as_role(wide, "viewer", "POST", path, **body)
        assert answer.status_code == 403, path
        error = answer.get_json()["error"]
        assert error["code"] == "viewer_only" and error["text"]["zh-TW"].startswith("觀眾")


def test_each_seat_has_its_own_token_stable_and_unlike_the_others():
    seats = [seat_token(HOST_TOKEN, seat) for seat in range(6)]
    assert len(set(seats) | set(TOKENS.values())) == 6 + 3
    assert seats == [seat_token(HOST_TOKEN, seat) for seat in range(6)]
    assert seat_token("other", 0) != seats[0]


def test_a_player_moves_but_cannot_undo_correct_or_start_a_game(wide):
    assert as_role(wide, "seat-0", "POST", "/api/move", **MOVE).status_code == 200
    for path, body in (
        ("/api/undo", {}),
        ("/api/redo", {}),
        ("/api/new-game", {"game": "musee"}),
        ("/api/correct", {"action": "remove", "payload": "MU05"}),
        ("/api/games/1/open", {}),
    ):
        answer = as_role(wide, "seat-0", "POST", path, **body)
        assert answer.status_code == 403 and answer.get_json()["error"]["code"] == "host_only", path
    assert as_role(wide, "seat-0", "GET", "/setup").status_code == 403
    assert as_role(wide, "seat-0", "GET", "/join/seat-0.png").status_code == 403


BEN_MOVES = [
    (
        "/api/move",
        {
            "move": {
                "kind": "place",
                "player": 1,
                "card": "MU15",
                "museum": 1,
                "gallery": 0,
                "space": 3,
            }
        },
    ),
    ("/api/cannot-play", {"player": 1}),
]


@pytest.mark.parametrize("path, body", BEN_MOVES)
def test_a_seats_link_makes_that_seats_moves_only_and_the_refusal_is_said(wide, path, body):
    as_role(wide, "seat-0", "POST", "/api/move", **MOVE)  # Amy's move: Ben's turn now
    refused = as_role(wide, "seat-0", "POST", path, **body)
    assert refused.status_code == 403
    error = refused.get_json()["error"]
    assert error["code"] == "not_your_seat"
    assert error["text"]["en"].startswith("This link plays one seat")
    assert "座位" in error["text"]["zh-TW"]
    assert as_role(wide, "seat-1", "POST", path, **body).status_code == 200  # Ben may


@pytest.mark.parametrize("path, body", BEN_MOVES)
def test_the_host_may_still_act_for_any_seat(wide, path, body):
    as_role(wide, "host", "POST", "/api/move", **MOVE)
    assert as_role(wide, "host", "POST", path, **body).status_code == 200


def test_a_table_move_is_the_hosts_not_a_seats(tmp_path):
    app = create_app(
        {
            "db": str(tmp_path / "c.db"),
            "host": "0.0.0.0",
            "token": HOST_TOKEN,
            "game": "crypt",
            "players": 2,
            "names": ["Amy", "Ben"],
        }
    )
    try:
        client = app.test_client()
        table_move = next(
            m
            for m in client.get(
                "/api/legal-moves", headers={"X-Companion-Token": HOST_TOKEN}
            ).get_json()["moves"]
            if m["player"] is None
        )
        refused = as_role(client, "seat-0", "POST", "/api/move", move=table_move)
        assert refused.status_code == 403
        assert refused.get_json()["error"]["code"] == "table_move_host_only"
        assert as_role(client, "host", "POST", "/api/move", move=table_move).status_code == 200
    finally:
        app.extensions["companion_runtime"].close()


def test_a_seat_the_game_does_not_have_is_no_link(wide):
    answer = wide.get("/api/state", headers={"X-Companion-Token": seat_token(HOST_TOKEN, 2)})
    assert answer.status_code == 401  # a 2-player game has seats 0 and 1


def test_the_old_link_for_the_whole_table_now_only_watches_and_says_why(wide):
    """Before each seat had its own link, one player link served the whole table; it still
    opens the table, as a viewer, and the page says to ask the host for a seat's link."""
    page = wide.get("/?token=" + TOKENS["player"], headers={"Accept-Language": "zh-TW"})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-role="viewer"' in html and 'data-old-link="1"' in html
    refused = as_role(wide, "player", "POST", "/api/move", **MOVE)
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "viewer_only"


def test_the_host_may_undo(wide):
    assert as_role(wide, "host", "POST", "/api/move", **MOVE).status_code == 200
    assert as_role(wide, "host", "POST", "/api/undo").status_code == 200


def test_a_missing_or_wrong_token_gets_a_friendly_page_in_the_visitors_language(wide):
    answer = wide.get("/", headers={"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"})
    assert answer.status_code == 401 and answer.mimetype == "text/html"
    page = answer.get_data(as_text=True)
    assert "這一桌需要加入連結" in page and "{" not in page
    english = wide.get("/?token=wrong", headers={"Accept-Language": "en-GB"})
    assert english.status_code == 401 and "needs its join link" in english.get_data(as_text=True)
    # scripts still get the one JSON error shape
    assert wide.get("/api/state").get_json()["error"]["code"] == "unauthorized"


def test_a_join_link_remembers_its_role_in_a_cookie(wide):
    answer = wide.get("/?token=" + TOKENS["viewer"])
    assert answer.status_code == 200 and 'data-role="viewer"' in answer.get_data(as_text=True)
    assert 'data-role="viewer"' in wide.get("/").get_data(as_text=True)
    assert wide.post("/api/undo", json={"state_id": 0}).status_code == 403


def decode_qr(png: bytes) -> str:
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return found[0].text


@pytest.mark.parametrize("role", ["seat-0", "seat-1", "viewer", "host"])
def test_each_join_qr_decodes_to_the_lan_address_and_that_roles_token(wide, role):
    answer = as_role(wide, "host", "GET", f"/join/{role}.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    url = urlsplit(decode_qr(answer.get_data()))
    lan = lan_address("0.0.0.0")
    assert url.hostname == lan and url.hostname not in ("0.0.0.0", "127.0.0.1")
    token = seat_token(HOST_TOKEN, int(role[5:])) if role.startswith("seat-") else TOKENS[role]
    assert parse_qs(url.query)["token"] == [token]
    # opened through 127.0.0.1 (tests talk to loopback only), the link gives that role
    local = wide.get(f"/?{url.query}", base_url="http://127.0.0.1").get_data(as_text=True)
    if role.startswith("seat-"):
        assert 'data-role="player"' in local and f'data-seat="{role[5:]}"' in local
    else:
        assert f'data-role="{role}"' in local


def test_the_hosts_invitation_lists_every_seat_by_name(wide):
    data = as_role(wide, "host", "GET", "/api/join").get_json()
    assert [(s["seat"], s["name"]) for s in data["seats"]] == [(0, "Amy"), (1, "Ben")]
    assert [parse_qs(urlsplit(s["link"]).query)["token"] for s in data["seats"]] == [
        [seat_token(HOST_TOKEN, 0)],
        [seat_token(HOST_TOKEN, 1)],
    ]
    assert set(data["links"]) == {"host", "viewer"}
    assert (
        wide.get("/join/seat-2.png", headers={"X-Companion-Token": HOST_TOKEN}).status_code == 404
    )


def test_loopback_without_a_token_is_the_host(client):
    assert 'data-role="host"' in client.get("/").get_data(as_text=True)


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
def test_roles_in_a_browser_and_the_console_prints_lan_links(browser, start_server):
    server = start_server(
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
        "--token",
        HOST_TOKEN,
    )
    printed = "\n".join(server.lines)
    lan = lan_address("0.0.0.0")
    assert f"Amy's seat: http://{lan}:" in printed and seat_token(HOST_TOKEN, 0) in printed
    assert f"Ben's seat: http://{lan}:" in printed and seat_token(HOST_TOKEN, 1) in printed
    assert "seat: http://0.0.0.0" not in printed
    port = urlsplit(server.url).port
    local = f"http://127.0.0.1:{port}"

    viewer = browser.new_page(viewport={"width": 390, "height": 844})
    viewer.goto(f"{local}/?token={TOKENS['viewer']}")
    viewer.wait_for_function("() => typeof S === 'object' && S.snap")
    assert not viewer.locator("#undo-btn").is_visible()
    assert not viewer.locator("a[href='/setup']").is_visible()
    # even a forced command is refused by the server, and said in words
    viewer.evaluate("() => command('/api/undo')")
    viewer.locator('#alerts li[data-kind="problem"]').wait_for()
    assert "Viewers watch only" in viewer.locator("#alerts").inner_text()

    host = browser.new_page(viewport={"width": 1366, "height": 768})
    host.goto(f"{local}/setup?token={HOST_TOKEN}")
    qr = host.locator('.join-card[data-seat="1"] img')
    qr.wait_for()
    host.wait_for_function(
        "() => [...document.querySelectorAll('.join-qr')].every((img) => img.naturalWidth > 0)"
    )
    assert "Ben" in host.locator('.join-card[data-seat="1"] figcaption').inner_text()
    link = host.locator('.join-card[data-seat="1"] a').inner_text()
    assert link.startswith(f"http://{lan}:{port}/?token={seat_token(HOST_TOKEN, 1)}")

    # Amy's phone: her seat is named, and a move for Ben is refused and said
    amy = browser.new_page(viewport={"width": 390, "height": 844})
    amy.goto(f"{local}/?token={seat_token(HOST_TOKEN, 0)}")
    amy.wait_for_function("() => typeof S === 'object' && S.snap")
    assert "Amy" in amy.locator("#my-seat").inner_text()
    amy.evaluate("() => command('/api/cannot-play', {player: 1})")
    amy.locator('#alerts li[data-kind="problem"]').wait_for()
    assert "This link plays one seat" in amy.locator("#alerts").inner_text()
    amy.close()
    # the game chooser opens on the game being played
    assert host.locator("#setup-game").input_value() == "musee"
    viewer.close()
    host.close()
