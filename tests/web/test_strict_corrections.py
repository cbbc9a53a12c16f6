"""Issue 14, finding 2: a bad correction is refused before it is stored, and a stored record
that cannot be replayed never makes the game unopenable."""

from __future__ import annotations

import json
import sqlite3

import pytest
from webhelpers import post

from companion.store import GameStore
from web import create_app


def _config(db_path):
    return {
        "db": str(db_path),
        "game": "musee",
        "players": 2,
        "names": ["Amy", "Ben"],
        "sse_heartbeat_s": 0.05,
    }


@pytest.mark.parametrize(
    "body,field",
    [
        (dict(payload="MU12", region="museum0", slot=["a", 0]), "slot"),
        (dict(payload="MU12", region="nowhere", slot=[0, 0]), "region"),
        (dict(payload="MU12", region="museum0", slot=[True, 0]), "slot"),
        (dict(payload="MU12", region="museum0", slot=[0, 0, 0]), "slot"),
        (dict(payload="MU12", region="museum9", slot=[0, 0]), "region"),
        (
            dict(payload="MUT01C", region="museum0-tokens", slot=[10**30, 10**30], kind="token"),
            "slot",
        ),
        (dict(payload="MUT01C", region="museum0-tokens", slot=[0, "a"], kind="token"), "slot"),
        (dict(payload="MU12", region="museum0", slot=[0, 0], kind="dragon"), "kind"),
    ],
)
def test_a_malformed_correction_is_refused_and_nothing_is_stored(client, runtime, body, field):
    stored_before = len(runtime.store.records(runtime.game_id))
    answer = post(client, "/api/correct", 0, action="add", **body)
    assert answer.status_code == 400, answer.get_json()
    error = answer.get_json()["error"]
    # the field is named, unless reading the JSON already refused a number far too large
    assert f"field '{field}" in error["message"] or "digits" in error["message"], error
    assert len(runtime.store.records(runtime.game_id)) == stored_before
    assert runtime.session.state_id == 0 and not runtime.session.table


def test_slot_true_is_not_gallery_one_and_does_not_clear_that_space(client, runtime):
    placed = post(
        client, "/api/correct", 0, action="add", payload="MU12", region="museum0", slot=[1, 0]
    )
    assert placed.status_code == 200
    sid = runtime.session.state_id
    refused = post(
        client, "/api/correct", sid, action="add", payload="MU13", region="museum0", slot=[True, 0]
    )
    assert refused.status_code == 400
    # the card in gallery 1 was not taken away to make room for "[true, 0]"
    assert [p.payload for p in runtime.session.table.values()] == ["MU12"]
    assert runtime.session.state_id == sid


def test_a_restart_after_refused_corrections_opens_the_game(db_path):
    app = create_app(_config(db_path))
    client = app.test_client()
    post(client, "/api/correct", 0, action="add", payload="MU12", region="museum0", slot=[1, 0])
    post(
        client,
        "/api/correct",
        1,
        action="add",
        payload="MUT01C",
        region="museum0-tokens",
        slot=[0, "a"],
        kind="token",
    )
    app.extensions["companion_runtime"].close()
    again = create_app(_config(db_path))
    try:
        snap = again.test_client().get("/api/state").get_json()
        assert snap["resumed"] and snap["state_id"] == 1
    finally:
        again.extensions["companion_runtime"].close()


def test_a_stored_record_that_cannot_be_replayed_is_set_aside(db_path, caplog):
    app = create_app(_config(db_path))
    client = app.test_client()
    post(client, "/api/correct", 0, action="add", payload="MU12", region="museum0", slot=[1, 0])
    runtime = app.extensions["companion_runtime"]
    game_id = runtime.game_id
    runtime.close()
    runtime.store.close()
    # What an older version let through: a token slot [0, "a"] stored before it was judged,
    # and a line that is no JSON at all.
    bad_event = {
        "seq": 2,
        "ts": 1.0,
        "type": "event",
        "event": {
            "type": "card_added",
            "track_id": "manual-MUT01C-2",
            "payload": "MUT01C",
            "kind": "token",
            "where": {"region": "museum0-tokens", "slot": [0, "a"]},
            "t": 1.0,
            "source": "manual",
        },
    }
    with sqlite3.connect(db_path) as raw:
        raw.execute("INSERT INTO records VALUES (?, 2, ?)", (game_id, json.dumps(bad_event)))
        raw.execute("INSERT INTO records VALUES (?, 3, '{broken')", (game_id,))
    caplog.set_level("WARNING")
    again = create_app(_config(db_path))
    try:
        client = again.test_client()
        snap = client.get("/api/state").get_json()
        assert snap["resumed"] and snap["game_id"] == game_id and snap["state_id"] == 1
        set_aside = [
            v
            for v in snap["log"]
            if v["violations"] and v["violations"][0]["code"] == "record_set_aside"
        ]
        assert [v["seq"] for v in set_aside] == [2, 3]
        assert "field 'slot'[1]" in set_aside[0]["violations"][0]["message"]["en"]
        assert "log entry 2" in caplog.text and "log entry 3" in caplog.text
        # numbering goes on after the set-aside records: the next command is stored as seq 4
        answer = post(
            client, "/api/correct", 1, action="add", payload="MU20", region="museum1", slot=[0, 0]
        )
        assert answer.status_code in (200, 422)
        assert GameStore(db_path).records(game_id)[-1]["seq"] == 4
    finally:
        again.extensions["companion_runtime"].close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_scripted_demo_only_sends_events_the_layout_knows(players):
    from companion.model import Setup
    from companion.session import Session
    from web.demo import musee_script

    session = Session("musee", Setup(players))
    for step in musee_script(players):
        for event in step:
            session.check_event(event)  # raises InvalidFieldError on a slot the mat lacks
