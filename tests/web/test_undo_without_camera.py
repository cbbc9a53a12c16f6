"""Undo with no camera: a card that was only ever put on the table by hand goes with the move
it made, so no ghost card stays on the table view (issue: ghost cards after undo)."""

from __future__ import annotations

from webhelpers import post, state_id


def test_undoing_a_hand_placed_card_with_no_camera_leaves_no_ghost(client, runtime):
    assert runtime.watcher is None
    answer = post(
        client,
        "/api/correct",
        state_id(client),
        action="add",
        payload="MU05",
        region="museum0",
        slot=[0, 0],
    )
    assert answer.status_code == 200
    assert [p["payload"] for p in client.get("/api/state").get_json()["table"]] == ["MU05"]
    assert post(client, "/api/undo", state_id(client)).status_code == 200
    snap = client.get("/api/state").get_json()
    assert snap["table"] == [] and snap["state"]["museums"][0]["galleries"][0][0] is None
    # the removal is logged like any input: a restart replays to the same empty table
    from companion.session import Session

    assert Session.replay(runtime.session.records).snapshot()["table"] == []


def test_with_a_camera_the_card_stays_until_it_is_taken_off(client, runtime):
    from webhelpers import FakeWatcher

    runtime.watcher = FakeWatcher([])  # a camera is watching: it says what is on the table
    post(
        client,
        "/api/correct",
        state_id(client),
        action="add",
        payload="MU05",
        region="museum0",
        slot=[0, 0],
    )
    post(client, "/api/undo", state_id(client))
    assert [p["payload"] for p in client.get("/api/state").get_json()["table"]] == ["MU05"]
    runtime.watcher = None
