"""Teach mode on the server (issue 26, item 2): the lesson lives beside the session, joins
every snapshot as `lesson`, moves on when a move is made (typed or seen by the camera), and
players tap, go back and skip through `POST /api/lesson`; the record is never touched."""

from __future__ import annotations

import pytest
from webhelpers import FakeWatcher, live_step, placed, post

from web import create_app


@pytest.fixture
def teach_app(db_path):
    app = create_app(
        {"db": str(db_path), "game": "musee", "players": 2, "names": ["Amy", "Ben"], "teach": True}
    )
    yield app
    app.extensions["companion_runtime"].close()


def lesson(client):
    return client.get("/api/state").get_json()["lesson"]


def tap_to(client, step_id):
    for _ in range(5):
        now = lesson(client)["step"]
        if now["id"] == step_id:
            return now
        assert now["tap"], f"stuck at {now['id']} before {step_id}"
        assert client.post("/api/lesson", json={"action": "tap"}).status_code == 200
    raise AssertionError(step_id)


def place(client, seat, card, gallery, space):
    state_id = client.get("/api/state").get_json()["state_id"]
    move = {"kind": "place", "player": seat, "card": card, "museum": seat}
    move.update(gallery=gallery, space=space)
    return post(client, "/api/move", state_id, move=move)


def test_without_teach_there_is_no_lesson_until_one_is_started(client):
    assert lesson(client) is None
    assert client.post("/api/lesson", json={"action": "tap"}).status_code == 409
    answer = client.post("/api/lesson", json={"action": "start"})
    assert answer.status_code == 200
    assert answer.get_json()["lesson"]["step"]["id"] == "unpack"


def test_the_lesson_follows_moves_taps_back_and_skip(teach_app):
    client = teach_app.test_client()
    first = lesson(client)
    assert first["step"]["id"] == "unpack" and first["number"] == 1 and first["step"]["tap"]
    assert first["title"]["zh-TW"] == "第一次玩私藏美術館"
    step = tap_to(client, "first_painting")
    assert step["rule"]["en"].startswith("In each gallery the numbers rise")
    assert step["highlight"]["region"] == "museum0"
    assert client.post("/api/lesson", json={"action": "tap"}).status_code == 200
    assert lesson(client)["step"]["id"] == "first_painting"  # the camera's step: no tap
    assert place(client, 1, "MU07", 0, 0).status_code == 422  # Ben out of turn: refused
    assert lesson(client)["step"]["id"] == "first_painting"
    assert place(client, 0, "MU07", 0, 0).status_code == 200
    now = lesson(client)
    assert now["step"]["id"] == "next_player" and now["step"]["seat"] == 1
    assert now["step"]["highlight"]["region"] == "museum1"
    back = client.post("/api/lesson", json={"action": "back"}).get_json()["lesson"]
    assert back["step"]["id"] == "first_painting" and back["step"]["rule"] is None
    skipped = client.post("/api/lesson", json={"action": "skip"}).get_json()["lesson"]
    assert skipped["finished"] and skipped["skipped"] and skipped["step"] is None
    assert place(client, 1, "MU20", 0, 0).status_code == 200  # play goes on as usual


def test_teaching_leaves_the_stored_record_as_an_ordinary_game(teach_app, db_path):
    client = teach_app.test_client()
    runtime = teach_app.extensions["companion_runtime"]
    tap_to(client, "first_painting")
    place(client, 0, "MU07", 0, 0)
    client.post("/api/lesson", json={"action": "back"})
    place(client, 1, "MU20", 0, 0)
    client.post("/api/lesson", json={"action": "skip"})
    records = runtime.store.records(runtime.game_id)
    assert [r["type"] for r in records] == ["setup", "move", "move"]
    assert all("lesson" not in str(r) for r in records)


def test_a_card_seen_by_the_camera_moves_the_lesson_on(teach_app):
    client = teach_app.test_client()
    runtime = teach_app.extensions["companion_runtime"]
    tap_to(client, "first_painting")
    runtime.watcher = FakeWatcher([live_step([placed("MU07", 0, 0, 0)])])
    runtime.step_once()
    assert lesson(client)["step"]["id"] == "next_player"


def test_a_new_game_starts_its_own_lesson(teach_app):
    client = teach_app.test_client()
    tap_to(client, "first_painting")
    answer = client.post("/api/new-game", json={"game": "crypt", "players": 2})
    assert answer.status_code == 200
    assert answer.get_json()["lesson"]["title"]["en"] == "Your first game of Crypt"


@pytest.mark.parametrize("body", [{}, {"action": "jump"}, {"action": ["tap"]}, {"action": 1}])
def test_a_bad_lesson_command_is_a_clear_400(teach_app, body):
    answer = teach_app.test_client().post("/api/lesson", json=body)
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "bad_action"


def test_a_viewer_may_not_drive_the_lesson_but_a_seat_may(db_path):
    from web.roles import role_tokens, seat_token

    app = create_app(
        {"db": str(db_path), "host": "0.0.0.0", "token": "secret-token-1234", "teach": True}
    )
    try:
        client = app.test_client()
        tokens = role_tokens("secret-token-1234")
        viewer = client.post(
            "/api/lesson", json={"action": "tap"}, headers={"X-Companion-Token": tokens["viewer"]}
        )
        assert viewer.status_code == 403
        seat = client.post(
            "/api/lesson",
            json={"action": "tap"},
            headers={"X-Companion-Token": seat_token("secret-token-1234", 0)},
        )
        assert seat.status_code == 200
    finally:
        app.extensions["companion_runtime"].close()
