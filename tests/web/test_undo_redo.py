"""Undo asks first and can itself be taken back: redo plays the undone moves again, in order,
through the engine's checks and the stored log; a new move after an undo ends the redo."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS, add_by_hand, call, play, post, state_id

from companion.session import Session

A = {"kind": "place", "player": 0, "card": "MU10", "museum": 0, "gallery": 0, "space": 2}
B = {"kind": "place", "player": 1, "card": "MU15", "museum": 1, "gallery": 0, "space": 3}
C = {"kind": "place", "player": 1, "card": "MU16", "museum": 1, "gallery": 0, "space": 4}


def snap(client) -> dict:
    return client.get("/api/state").get_json()


def test_redo_plays_the_undone_moves_again_in_order_and_logs_them(client, runtime):
    assert post(client, "/api/move", 0, move=A).status_code == 200
    assert post(client, "/api/move", 1, move=B).status_code == 200
    after_b = snap(client)["state"]
    assert snap(client)["can_redo"] is False
    post(client, "/api/undo", state_id(client))
    post(client, "/api/undo", state_id(client))
    assert snap(client)["can_redo"] is True and snap(client)["can_undo"] is False

    first = post(client, "/api/redo", state_id(client))
    assert first.status_code == 200, first.get_json()
    assert first.get_json()["verdicts"][0]["move"]["card"] == "MU10"  # the older one first
    second = post(client, "/api/redo", state_id(client))
    assert second.get_json()["verdicts"][0]["move"]["card"] == "MU15"
    assert snap(client)["state"] == after_b and snap(client)["can_redo"] is False

    nothing = post(client, "/api/redo", state_id(client))
    assert nothing.status_code == 409 and nothing.get_json()["error"]["code"] == "nothing_to_redo"
    assert nothing.get_json()["error"]["text"]["zh-TW"]
    # the redone moves are ordinary stored records: the game replays to the same state
    stored = runtime.store.records(runtime.game_id)
    assert [r["type"] for r in stored[1:]] == ["move", "move", "undo", "undo", "move", "move"]
    assert Session.replay(stored).snapshot()["state"] == after_b


def test_a_new_move_after_undo_ends_the_redo(client):
    post(client, "/api/move", 0, move=A)
    post(client, "/api/undo", state_id(client))
    assert snap(client)["can_redo"] is True
    assert post(client, "/api/move", state_id(client), move=dict(A, card="MU11")).status_code == 200
    assert snap(client)["can_redo"] is False
    assert post(client, "/api/redo", state_id(client)).status_code == 409


def test_redo_survives_a_restart_because_it_is_read_from_the_log(client, runtime):
    post(client, "/api/move", 0, move=A)
    post(client, "/api/undo", state_id(client))
    replayed = Session.replay(runtime.store.records(runtime.game_id))
    assert replayed.can_redo
    verdict = replayed.redo()
    assert verdict.accepted and verdict.move.to_dict() == A


def test_redo_carries_the_state_id_like_every_command(client):
    post(client, "/api/move", 0, move=A)
    post(client, "/api/undo", state_id(client))
    stale = post(client, "/api/redo", 0)
    assert stale.status_code == 409 and stale.get_json()["error"]["code"] == "stale_state"


def test_redo_puts_a_hand_placed_card_back_when_there_is_no_camera(client, runtime):
    assert runtime.watcher is None
    add_by_hand(client, "MU05", "museum0", [0, 0])
    placed_state = snap(client)["state"]
    post(client, "/api/undo", state_id(client))
    assert snap(client)["table"] == []
    answer = post(client, "/api/redo", state_id(client))
    assert answer.status_code == 200, answer.get_json()
    now = snap(client)
    assert [p["payload"] for p in now["table"]] == ["MU05"]
    assert now["state"] == placed_state and now["can_redo"] is False
    assert (
        Session.replay(runtime.store.records(runtime.game_id)).snapshot()["table"] == now["table"]
    )


def test_only_the_host_may_redo(db_path):
    from web import create_app
    from web.roles import role_tokens

    app = create_app({"db": str(db_path), "host": "0.0.0.0", "token": "host-secret"})
    try:
        client = app.test_client()
        tokens = role_tokens("host-secret")
        host = {"X-Companion-Token": tokens["host"]}
        client.post("/api/move", json={"state_id": 0, "move": A}, headers=host)
        client.post("/api/undo", json={"state_id": 1}, headers=host)
        for role in ("viewer", "player"):
            refused = client.post(
                "/api/redo", json={"state_id": 2}, headers={"X-Companion-Token": tokens[role]}
            )
            assert refused.status_code == 403, role
        assert client.post("/api/redo", json={"state_id": 2}, headers=host).status_code == 200
    finally:
        app.extensions["companion_runtime"].close()


# -- in the browser: undo and new game ask first; redo is a button ---------------------------
@pytest.fixture(scope="module")
def musee_server(start_server_module):
    return start_server_module(
        "serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben", "--port", "0"
    )


@pytest.mark.parametrize("lang", ["zh-TW"])
@BROWSER_TESTS[0]
@BROWSER_TESTS[1]
def test_undo_and_new_game_ask_first_and_redo_brings_the_move_back(browser, musee_server, lang):
    url = musee_server.url
    play(url, **A)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
    page = context.new_page()
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.goto(url + "/")
    page.wait_for_function("() => typeof S === 'object' && S.snap && S.snap.can_undo")
    assert not page.is_visible("#redo-btn")

    page.once("dialog", lambda d: answer(d, False))
    page.click("#undo-btn")
    page.wait_for_timeout(300)
    assert len(asked) == 1 and call(url, "/api/state")["can_undo"]  # said no: nothing undone
    assert "MU10" in asked[0] or "10" in asked[0]  # the question names the move

    page.once("dialog", lambda d: answer(d, True))
    page.click("#undo-btn")
    page.wait_for_function("() => S.snap && !S.snap.can_undo && S.snap.can_redo")
    page.click("#redo-btn")  # taking an undo back destroys nothing: no question
    page.wait_for_function("() => S.snap && S.snap.can_undo && !S.snap.can_redo")
    assert len(asked) == 2
    assert call(url, "/api/state")["state"]["museums"][0]["galleries"][0][2] is not None

    game_id = call(url, "/api/state")["game_id"]
    page.goto(url + "/setup")
    page.wait_for_function("() => document.querySelector('#setup-game option')")
    page.once("dialog", lambda d: answer(d, False))
    page.click("#setup-form button[type=submit]")
    page.wait_for_timeout(300)
    assert len(asked) == 3 and call(url, "/api/state")["game_id"] == game_id
    context.close()


def test_after_a_restart_redo_still_lays_the_lifted_card_back(db_path):
    """Which card an undo lifted (no camera) is read from the log, not kept in memory."""
    from web import create_app

    config = {"db": str(db_path), "game": "musee", "players": 2, "names": ["Amy", "Ben"]}
    app = create_app(config)
    client = app.test_client()
    add_by_hand(client, "MU05", "museum0", [0, 0])
    post(client, "/api/undo", state_id(client))
    app.extensions["companion_runtime"].close()

    again = create_app(config)  # resumes the unfinished game from its log
    try:
        client = again.test_client()
        assert snap(client)["can_redo"] and snap(client)["table"] == []
        assert post(client, "/api/redo", state_id(client)).status_code == 200
        now = snap(client)
        assert [(p["payload"], p["where"]["region"], p["where"]["slot"]) for p in now["table"]] == [
            ("MU05", "museum0", [0, 0])
        ]
        assert now["state"]["museums"][0]["galleries"][0][0] is not None
    finally:
        again.extensions["companion_runtime"].close()
