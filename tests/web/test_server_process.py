"""The real `companion serve` process: kill -9 mid-game, restart, the same game resumes."""

from __future__ import annotations

import pytest
from webhelpers import answer_of, place_in_turn

pytestmark = pytest.mark.slow

COMPARED = (
    "game_id",
    "state",
    "state_id",
    "scores",
    "log",
    "table",
    "alerts",
    "setup",
    "current_players",
    "hints",
    "can_undo",
)


def test_kill_9_mid_game_then_restart_resumes_the_identical_game(start_server, tmp_path):
    db = str(tmp_path / "cafe.sqlite3")
    args = (
        "serve",
        "--game",
        "musee",
        "--players",
        "2",
        "--names",
        "Amy,Ben",
        "--port",
        "0",
        "--db",
        db,
    )
    server = start_server(*args)
    assert any(line.startswith("New game #1") for line in server.lines)
    moves = [(0, "MU10", 0, 0, 2), (1, "MU15", 1, 0, 3), (0, "MU31", 0, 1, 4), (1, "MU07", 1, 2, 0)]
    state_id = place_in_turn(server.url, moves)
    status, _ = answer_of(
        server.url,
        "/api/correct",
        {
            "state_id": state_id,
            "action": "add",
            "payload": "MU44",
            "region": "museum1",
            "slot": [0, 0],
        },
    )
    assert status == 422  # Ben's museum, Amy's turn: logged, alert raised
    status, before = answer_of(server.url, "/api/state")
    assert before["alerts"] and before["state_id"] == 4

    server.kill(9)
    again = start_server(*args)
    assert any(line.startswith("Resumed unfinished game #1") for line in again.lines)
    status, after = answer_of(again.url, "/api/state")
    assert status == 200 and after["resumed"] is True
    for key in COMPARED:
        assert after[key] == before[key], key

    # it goes on from there
    status, answer = answer_of(again.url, "/api/undo", {"state_id": after["state_id"]})
    assert status == 200 and answer["state"]["state_id"] == 5
    status, _ = answer_of(
        again.url, "/api/move", {"state_id": 4, "move": {"kind": "cannot_play", "player": 0}}
    )
    assert status == 409


def test_serving_wider_than_localhost_prints_a_token_and_refuses_without_it(start_server, tmp_path):
    server = start_server(
        "serve", "--host", "0.0.0.0", "--port", "0", "--db", str(tmp_path / "g.sqlite3")
    )
    assert server.token and any("?token=" in line for line in server.lines)
    url = server.url.replace("0.0.0.0", "127.0.0.1")
    status, body = answer_of(url, "/api/state")
    assert status == 401 and body["error"]["code"] == "unauthorized"
    status, body = answer_of(url, "/api/state", token=server.token)
    assert status == 200 and body["game"]["slug"] == "musee"
