"""Undo with no camera: a card that was only ever put on the table by hand goes with the move
it made, so no ghost card stays on the table view (issue: ghost cards after undo)."""

from __future__ import annotations

from webhelpers import add_by_hand, post, state_id


def test_undoing_a_hand_placed_card_with_no_camera_leaves_no_ghost(client, runtime):
    assert runtime.watcher is None
    answer = add_by_hand(client, "MU05", "museum0", [0, 0])
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
    add_by_hand(client, "MU05", "museum0", [0, 0])
    post(client, "/api/undo", state_id(client))
    assert [p["payload"] for p in client.get("/api/state").get_json()["table"]] == ["MU05"]
    runtime.watcher = None


def masterpiece_runtime(tmp_path):
    from companion.model import Setup
    from companion.store import GameStore
    from web.runtime import Runtime

    return Runtime(GameStore(tmp_path / "g.sqlite3"), "masterpiece", Setup(3, ("Amy", "Ben", "Cy")))


def test_a_piece_whose_move_names_no_card_goes_with_its_undone_move(tmp_path):
    """A pawn put on the ring by hand makes `place_pawn`, a move with no "card" field: the
    runtime once guessed the piece from the move's "card" and left the pawn as a ghost; the
    session now says which piece's placement made the move."""
    runtime = masterpiece_runtime(tmp_path)
    session = runtime.session
    verdicts = runtime.correct(session.state_id, "add", "MPPAWN1", "ring", [3])
    assert verdicts[-1].accepted and verdicts[-1].move.kind == "place_pawn"
    assert session.last_move_piece == "MPPAWN1"
    runtime.undo(session.state_id)
    assert session.table == {} and session.moves == ()
    # and a redo lays it back where it was, which makes the same move again
    runtime.redo(session.state_id)
    assert [p.payload for p in session.table.values()] == ["MPPAWN1"]
    assert [m.to_dict() for m in session.moves] == [verdicts[-1].move.to_dict()]
    runtime.close()


def test_removing_the_piece_that_made_the_last_move_undoes_it(tmp_path):
    runtime = masterpiece_runtime(tmp_path)
    session = runtime.session
    runtime.correct(session.state_id, "add", "MPPAWN1", "ring", [3])
    runtime.correct(session.state_id, "remove", "MPPAWN1")
    assert session.moves == () and session.table == {}
    runtime.close()


def test_a_move_entered_by_hand_lifts_no_piece(client, runtime):
    from companion.model import Move

    move = Move("place", 0, {"card": "MU05", "museum": 0, "gallery": 0, "space": 0})
    assert post(client, "/api/move", state_id(client), move=move.to_dict()).status_code == 200
    assert runtime.session.last_move_piece is None
