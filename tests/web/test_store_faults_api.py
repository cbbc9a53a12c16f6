"""Finding 3 through the API: text that cannot be stored is a 400, a busy database a 503,
and neither leaves the game's numbering (or an empty game) behind for the next start."""

from __future__ import annotations

import json
import sqlite3

from webhelpers import post

from web import create_app


def place(player, card, museum, gallery, space):
    return {
        "kind": "place",
        "player": player,
        "card": card,
        "museum": museum,
        "gallery": gallery,
        "space": space,
    }


def _is_error(answer, status, code=None):
    body = answer.get_json()
    assert answer.status_code == status, body
    assert set(body["error"]) >= {"status", "code", "message"}
    assert body["error"]["status"] == status
    if code:
        assert body["error"]["code"] == code
    return body["error"]


def _restart(db_path):
    return create_app({"db": str(db_path), "game": "musee", "players": 2, "names": ["Amy", "Ben"]})


def test_a_lone_surrogate_in_a_move_is_a_400_and_the_next_start_still_works(app, db_path):
    client = app.test_client()
    raw = '{"state_id": 0, "move": {"kind": "\\ud800", "player": 0}}'
    _is_error(client.post("/api/move", data=raw, content_type="application/json"), 400)
    raw = (
        '{"state_id": 0, "action": "add", "payload": "MU10", "region": "\\udc00x", "slot": [0, 2]}'
    )
    _is_error(client.post("/api/correct", data=raw, content_type="application/json"), 400)
    assert post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2)).status_code == 200
    app.extensions["companion_runtime"].close()

    again = _restart(db_path)
    client = again.test_client()
    assert client.get("/api/state").get_json()["state_id"] == 1
    answer = post(client, "/api/move", 1, move=place(1, "MU15", 1, 0, 3))
    assert answer.status_code == 200, answer.get_json()  # formerly IntegrityError from here on
    again.extensions["companion_runtime"].close()


def test_a_new_game_with_an_unstorable_name_leaves_no_empty_game(app, db_path):
    client = app.test_client()
    raw = '{"game": "musee", "players": 2, "names": ["Amy", "\\ud800"]}'
    _is_error(client.post("/api/new-game", data=raw, content_type="application/json"), 400)
    assert [g["id"] for g in client.get("/api/games").get_json()["games"]] == [1]
    app.extensions["companion_runtime"].close()
    again = _restart(db_path)  # formerly: "game 2 does not exist"
    assert again.test_client().get("/api/state").get_json()["game_id"] == 1
    again.extensions["companion_runtime"].close()


def test_a_locked_database_is_a_503_that_records_nothing(app, db_path):
    client = app.test_client()
    runtime = app.extensions["companion_runtime"]
    runtime.store._db.execute("PRAGMA busy_timeout = 200")  # a short wait keeps the test quick
    locker = sqlite3.connect(db_path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        error = _is_error(
            post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2)), 503, "store_unavailable"
        )
        assert "busy" in error["message"]
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert client.get("/api/state").get_json()["state_id"] == 0
    assert post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2)).status_code == 200


def test_logged_problems_reach_the_dashboard_diagnostics(client, runtime):
    import logging

    try:
        raise OSError("the result file is on a full disk")
    except OSError:
        logging.getLogger("web.runtime").error("storing the result failed", exc_info=True)
    problems = client.get("/api/camera").get_json()["problems"]
    assert problems[-1]["message"] == "storing the result failed"
    assert "full disk" in problems[-1]["cause"]
    assert json.dumps(client.get("/api/state").get_json()["camera"]["problems"])
