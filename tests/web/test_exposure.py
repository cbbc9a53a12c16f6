"""Findings 5 and 6 through the app: limits, security headers, same-site commands, cookies,
and the command line refusing what cannot work (one line, exit 2, nothing started)."""

from __future__ import annotations

import logging
import time

import pytest
from click.testing import CliRunner
from test_errors import assert_error_shape

from companion_cli import main
from web import TokenRequiredError, create_app, is_loopback
from web.serve import AccessLog, redact


def test_every_answer_says_nosniff_and_may_not_be_framed(client):
    for path in ("/", "/api/state", "/static/app.js", "/nowhere"):
        headers = client.get(path).headers
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
        assert "script-src 'self'" in headers["Content-Security-Policy"]


def test_commands_from_another_site_are_refused(client):
    body = {"state_id": 0}
    error = assert_error_shape(
        client.post("/api/undo", json=body, headers={"Origin": "https://evil.example"}), 403
    )
    assert error["code"] == "cross_site"
    assert_error_shape(client.post("/api/undo", json=body, headers={"Origin": "null"}), 403)
    assert_error_shape(
        client.post("/api/undo", json=body, headers={"Sec-Fetch-Site": "cross-site"}), 403
    )
    assert_error_shape(
        client.post("/api/undo", json=body, headers={"Origin": "http://localhost:1"}), 403
    )
    # the dashboard's own page, and scripts that send no Origin, get through (to the rules)
    own = client.post("/api/undo", json=body, headers={"Origin": "http://localhost"})
    assert own.status_code == 409 and own.get_json()["error"]["code"] == "nothing_to_undo"
    assert client.post("/api/undo", json=body).status_code == 409


def test_the_join_cookie_is_httponly_and_strictly_same_site(tmp_path):
    app = create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0", "token": "tok-123"})
    try:
        cookie = app.test_client().get("/?token=tok-123").headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    finally:
        app.extensions["companion_runtime"].close()


def test_an_empty_host_is_every_interface_and_needs_a_token(tmp_path):
    assert not is_loopback("") and not is_loopback("  ")
    assert is_loopback(None)  # not said: the default 127.0.0.1
    with pytest.raises(TokenRequiredError):
        create_app({"db": str(tmp_path / "g.db"), "host": ""})


@pytest.mark.parametrize(
    "args, says",
    [
        (["--port", "99999"], "99999 is not a port"),
        (["--port", "-1"], "-1 is not a port"),
        (["--names", "A,B,C", "--players", "2"], "3 names for 2 players"),
    ],
)
def test_the_command_line_refuses_what_cannot_work(tmp_path, args, says):
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "g.db"), *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not (tmp_path / "g.db").exists()  # nothing was started


def test_a_new_game_for_a_hundred_million_players_is_refused_at_once(client):
    started = time.monotonic()
    for players in (10**8, 10**12, -1, 0, True, "2", 2.0):
        answer = client.post("/api/new-game", json={"game": "musee", "players": players})
        assert_error_shape(answer, 400)
    assert time.monotonic() - started < 2.0
    assert client.get("/api/games").get_json()["games"][0]["id"] == 1  # nothing new stored


def test_oversized_bodies_are_413_in_the_common_shape(client):
    big = b'{"state_id": 0, "pad": "' + b"x" * (300 * 1024) + b'"}'
    error = assert_error_shape(
        client.post("/api/undo", data=big, content_type="application/json"), 413
    )
    assert "at most" in error["message"]
    huge = b"x" * (9 * 1024 * 1024)
    assert_error_shape(
        client.post("/api/games/import", data=huge, content_type="application/json"), 413
    )


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 100000 + "]" * 100000,
        '{"state_id": 0, "move": ' + '{"a": ' * 50 + "1" + "}" * 50 + "}",
        '{"state_id": 0, "move": {"kind": "place", "player": 1' + "0" * 4000 + "}}",
        '{"state_id": 0, "move": {"kind": "place", "player": 0, "card": "' + "A" * 5000 + '"}}',
        '{"state_id": 0, "move": {"kind": "place", "player": 0, "card": "MU1\\ud800"}}',
        '{"state_id": 0, "move": {"kind": "x", "player": -1e30}}',
    ],
)
def test_hostile_json_is_a_400_never_a_500(client, raw):
    for path in ("/api/move", "/api/correct", "/api/new-game", "/api/undo"):
        answer = client.post(path, data=raw, content_type="application/json")
        assert 400 <= answer.status_code < 500, (path, answer.get_json())
        assert_error_shape(answer, answer.status_code)


def test_a_deeply_nested_import_is_a_400(client):
    answer = client.post(
        "/api/games/import", data="[" * 50000 + "]" * 50000, content_type="application/json"
    )
    assert_error_shape(answer, 400)


def test_the_access_log_never_shows_the_token(caplog):
    assert redact("/?token=abc&lang=zh") == "/?token=[redacted]&lang=zh"
    assert redact("/api/state?x=1&TOKEN=abc") == "/api/state?x=1&TOKEN=[redacted]"

    def app(environ, start_response):
        start_response("200 OK", [])
        return [b""]

    with caplog.at_level(logging.INFO, logger="web.access"):
        AccessLog(app)(
            {
                "PATH_INFO": "/",
                "QUERY_STRING": "token=s3cret",
                "REQUEST_METHOD": "GET",
                "REMOTE_ADDR": "127.0.0.1",
            },
            lambda status, headers, exc=None: None,
        )
    assert "token=[redacted]" in caplog.text and "s3cret" not in caplog.text
