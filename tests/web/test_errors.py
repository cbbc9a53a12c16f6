"""One JSON error shape for every failure, and the access token when bound wider."""

from __future__ import annotations

import subprocess
import sys

import pytest
from webhelpers import FakeWatcher, post

from companion.games import find_game
from companion.games.crypt.words import WORDS as crypt_words
from companion.games.words import COMMON
from companion.model import Text
from web import TokenRequiredError, create_app, is_loopback


def assert_error_shape(response, status):
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["status"] == status
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    return error


def test_every_error_has_the_same_shape(client, runtime):
    assert_error_shape(client.get("/no/such/page"), 404)
    assert_error_shape(client.get("/api/preview.jpg"), 404)  # no frame yet
    assert_error_shape(client.put("/api/move", json={}), 405)
    assert_error_shape(client.get("/api/move"), 405)
    malformed = client.post("/api/move", data="{oops", content_type="application/json")
    assert assert_error_shape(malformed, 400)["code"] == "malformed_json"
    assert_error_shape(client.post("/api/move", json=[1, 2]), 400)
    # a cross-site form or text/plain POST cannot carry a command (CSRF)
    assert_error_shape(
        client.post("/api/undo", data='{"state_id": 0}', content_type="text/plain"), 415
    )
    assert_error_shape(client.post("/api/undo", data={"state_id": "0"}), 415)
    # nor can a page reach the loopback dashboard under another host name (DNS rebinding)
    assert_error_shape(client.get("/api/state", headers={"Host": "evil.example:8765"}), 400)
    assert client.get("/api/state", headers={"Host": "127.0.0.1:8765"}).status_code == 200
    assert_error_shape(post(client, "/api/move", 0, move={"player": 0}), 400)
    assert_error_shape(post(client, "/api/undo", 0), 409)
    assert_error_shape(post(client, "/api/undo", 5), 409)
    broken = post(
        client,
        "/api/move",
        0,
        move={"kind": "place", "player": 1, "card": "MU10", "museum": 1, "gallery": 0, "space": 0},
    )
    error = assert_error_shape(broken, 422)
    assert error["violations"][0]["message"]["en"] == error["message"]
    runtime.watcher = FakeWatcher([])
    crash = post(client, "/api/calibration/corners", points=[[666, 666], [1, 1], [2, 2], [3, 3]])
    assert "RuntimeError" in assert_error_shape(crash, 500)["message"]


def test_the_same_shape_when_the_token_is_missing(wide_app):
    # 401 comes from a guard that runs before any view: it must still use the shape
    assert_error_shape(wide_app.test_client().get("/api/state"), 401)


def test_unknown_stored_games_are_404(client):
    assert_error_shape(client.get("/api/games/999/record"), 404)
    assert_error_shape(client.post("/api/games/999/open", json={}), 404)


@pytest.fixture
def wide_app(tmp_path):
    app = create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0", "token": "s3cret-token"})
    yield app
    app.extensions["companion_runtime"].close()


def test_binding_wider_without_a_token_is_refused(tmp_path):
    with pytest.raises(TokenRequiredError):
        create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0"})
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20")


def test_requests_without_the_token_get_401(wide_app):
    client = wide_app.test_client()
    for path in ("/api/state", "/api/events", "/static/app.js"):
        assert_error_shape(client.get(path), 401)
    for path in ("/", "/setup", "/nowhere"):  # a browser gets a page it can read, not JSON
        answer = client.get(path)
        assert answer.status_code == 401 and answer.mimetype == "text/html"
        assert "join link" in answer.get_data(as_text=True)
    assert_error_shape(client.post("/api/undo", json={"state_id": 0}), 401)
    assert_error_shape(client.get("/api/state?token=wrong"), 401)
    assert_error_shape(client.get("/api/state", headers={"X-Companion-Token": "nope"}), 401)


def test_the_token_works_by_header_bearer_query_and_join_link_cookie(wide_app):
    client = wide_app.test_client()
    assert (
        client.get("/api/state", headers={"X-Companion-Token": "s3cret-token"}).status_code == 200
    )
    assert (
        client.get("/api/state", headers={"Authorization": "Bearer s3cret-token"}).status_code
        == 200
    )
    joined = client.get("/?token=s3cret-token")
    assert joined.status_code == 200
    assert "companion_token=s3cret-token" in joined.headers["Set-Cookie"]
    # the browser now carries the cookie on the page's own requests
    assert client.get("/api/state").status_code == 200
    assert client.get("/static/app.js").status_code == 200


def test_loopback_needs_no_token(client):
    assert client.get("/api/state").status_code == 200


@pytest.mark.parametrize(
    "request_body, sentence",
    [
        # Crypt's own impossible set-up: a leader seat beyond the table
        (
            {"game": "crypt", "players": 2, "options": {"leader": 5}},
            lambda: crypt_words("setup.leader", last=1),
        ),
        (
            {"game": "crypt", "players": 2, "options": {"colours": ["red", "red"]}},
            lambda: crypt_words(
                "setup.colours",
                seats=2,
                keys=Text(
                    str([c.key for c in find_game("crypt").data.colours]),
                    "、".join(c.zh for c in find_game("crypt").data.colours),
                ),
            ),
        ),
        # a player count the game does not allow (Musée seats 2 to 4)
        (
            {"game": "musee", "players": 7},
            lambda: COMMON(
                "player_count", game=find_game("musee").info.name, counts="2, 3, 4", players=7
            ),
        ),
    ],
)
def test_an_impossible_setup_is_answered_in_the_games_own_two_languages(
    client, request_body, sentence
):
    """A zh-TW host who asks for an impossible table reads the game's Chinese sentence, not
    English nor a generic "could not be understood"; scripts keep the English `message`."""
    before = client.get("/api/state").get_json()
    refused = client.post("/api/new-game", json=request_body)
    error = assert_error_shape(refused, 400)
    expected = sentence()
    assert error["text"] == {"en": expected.en, "zh-TW": expected.zh}
    assert error["message"] == expected.en
    after = client.get("/api/state").get_json()
    assert (after["game_id"], after["state_id"]) == (before["game_id"], before["state_id"])


@pytest.mark.parametrize("players", [0, 13, 10**8, "three", True, 3.5, None])
def test_a_player_count_no_table_has_is_refused_before_anything_is_built(client, players):
    error = assert_error_shape(
        client.post("/api/new-game", json={"game": "musee", "players": players}), 400
    )
    assert error["code"] == "player_count" and "whole number from 1 to" in error["message"]
    assert error["text"]["zh-TW"]


def test_serve_with_an_impossible_player_count_says_so_in_one_line(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--game",
            "crypt",
            "--players",
            "7",
            "--db",
            str(tmp_path / "g.db"),
            "--port",
            "0",
            "--source",
            "none",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == "error: Crypt is played by 1, 2, 3, 4 players, not 7"
    assert "Dashboard" not in result.stdout
