"""The dashboard's JSON API through the Flask test client, on a real Musée session."""

from __future__ import annotations

import json

from click.testing import CliRunner
from webhelpers import FakeWatcher, live_step, placed, post, state_id

from companion.events import FrameEnd
from companion.record import parse_record
from companion.session import Session
from companion_cli import main
from vision.contract import SourceStatus, WatchStep
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


def test_state_is_the_session_snapshot_with_game_and_camera(client):
    snap = client.get("/api/state").get_json()
    assert snap["game"]["slug"] == "musee"
    assert snap["setup"]["names"] == ["Amy", "Ben"]
    assert snap["state_id"] == 0 and snap["current_players"] == [0]
    assert snap["state"]["kind"] == "musee" and len(snap["state"]["museums"]) == 2
    assert snap["camera"]["attached"] is False and snap["camera"]["online"] is False
    assert any("space 1" in h["text"]["en"] for h in snap["hints"])


def test_a_legal_move_scores_and_advances_the_state(client):
    answer = post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    assert answer.status_code == 200
    snap = answer.get_json()["state"]
    assert snap["state_id"] == 1 and snap["current_players"] == [1]
    amy = snap["scores"][0]
    assert amy["total"] == 1 and amy["lines"][0]["points"] == 1
    assert "upper gallery" in amy["lines"][0]["source"]["en"]
    assert snap["state"]["museums"][0]["galleries"][0][2]["number"] == 10


def test_a_rule_break_is_422_with_the_sentence_and_is_logged(client):
    post(client, "/api/move", 0, move=place(0, "MU31", 0, 0, 0))
    post(client, "/api/move", 1, move=place(1, "MU02", 1, 0, 0))
    answer = post(client, "/api/move", 2, move=place(0, "MU23", 0, 0, 1))
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "rule_break"
    assert error["violations"][0]["code"] == "numbers_must_rise"
    assert "23 cannot go right of 31" in error["violations"][0]["message"]["en"]
    assert "數字必須由左到右遞增" in error["violations"][0]["message"]["zh-TW"]
    snap = client.get("/api/state").get_json()
    assert snap["state_id"] == 2, "a rejected move must not change the state"
    assert snap["log"][-1]["accepted"] is False


def test_a_malformed_move_is_400_naming_the_field_and_an_illegal_one_422(client):
    # python-chess's distinction, over HTTP: a move that cannot be read is a bad request (the
    # rules never see it, nothing is logged); a well-formed move that breaks a rule is 422.
    before = client.get("/api/state").get_json()
    for move, field in (
        (place(0, "MU10", 0, 3, 2), "field 'gallery'"),  # no fourth gallery
        (place(0, "MU10", 0, True, 2), "field 'gallery'"),  # true is not 1
        (place(5, "MU10", 0, 0, 2), "field 'player'"),  # no sixth seat
        ({**place(0, "MU10", 0, 0, 2), "colour": "red"}, 'no field "colour"'),  # undeclared
    ):
        answer = post(client, "/api/move", 0, move=move)
        assert answer.status_code == 400, move
        error = answer.get_json()["error"]
        assert error["code"] == "invalid_field" and field in error["message"]
        assert error["text"]["en"] and error["text"]["zh-TW"] and "violations" not in error
    after = client.get("/api/state").get_json()
    assert after["state_id"] == 0 and after["log"] == before["log"] == []
    illegal = post(client, "/api/move", 0, move=place(0, "MU10", 1, 0, 2))  # Ben's museum
    assert illegal.status_code == 422
    assert illegal.get_json()["error"]["violations"][0]["code"] == "wrong_museum"


def test_a_stale_state_id_is_refused_with_409(client):
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    answer = post(client, "/api/move", 0, move=place(1, "MU11", 1, 0, 2))
    assert answer.status_code == 409
    assert answer.get_json()["error"]["current_state_id"] == 1
    assert state_id(client) == 1


def test_undo_restores_the_previous_position(client):
    before = client.get("/api/state").get_json()
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    answer = post(client, "/api/undo", 1)
    assert answer.status_code == 200
    after = answer.get_json()["state"]
    assert after["state"] == before["state"] and after["scores"] == before["scores"]
    assert after["log"][-1]["kind"] == "undo"
    assert post(client, "/api/undo", after["state_id"]).status_code == 409  # nothing left


def test_undoing_the_last_move_of_a_finished_game_reopens_it(client):
    post(client, "/api/cannot-play", 0, player=0)
    answer = post(client, "/api/cannot-play", 1, player=1)
    assert answer.get_json()["state"]["over"]
    games = client.get("/api/games").get_json()
    listed = games["games"] if isinstance(games, dict) else games
    assert listed[0]["result"] is not None
    post(client, "/api/undo", answer.get_json()["state"]["state_id"])
    games = client.get("/api/games").get_json()
    listed = games["games"] if isinstance(games, dict) else games
    assert listed[0]["result"] is None, "an unfinished game must resume after a restart"


def test_cannot_play_stops_the_player(client):
    answer = post(client, "/api/cannot-play", 0, player=0)
    assert answer.status_code == 200
    snap = answer.get_json()["state"]
    assert snap["state"]["declared"] == [0] and snap["current_players"] == [1]
    refused = post(client, "/api/cannot-play", snap["state_id"], player=0)
    assert refused.status_code == 422  # Amy is not the one to play now


def test_manual_correction_adds_a_card_logged_as_manual(client):
    answer = post(
        client, "/api/correct", 0, action="add", payload="mu12", region="museum0", slot=[1, 3]
    )
    assert answer.status_code == 200
    snap = answer.get_json()["state"]
    assert snap["state"]["museums"][0]["galleries"][1][3]["card"] == "MU12"
    assert snap["log"][-1]["source"] == "manual" and snap["log"][-1]["accepted"]
    assert [p["payload"] for p in snap["table"]] == ["MU12"]


def test_correcting_a_misread_card_replaces_it_in_two_clicks(client, runtime):
    runtime.session.observe(placed("MU28", 0, 0, 2))  # the camera misread 23 as 28
    sid = state_id(client)
    answer = post(
        client, "/api/correct", sid, action="add", payload="MU23", region="museum0", slot=[0, 2]
    )
    assert answer.status_code == 200
    snap = answer.get_json()["state"]
    assert snap["state"]["museums"][0]["galleries"][0][2]["card"] == "MU23"
    assert [p["payload"] for p in snap["table"]] == ["MU23"]
    assert snap["alerts"] == []
    assert snap["current_players"] == [1], "the misread move was undone, not counted twice"


def test_an_illegal_manual_placement_raises_an_alert_until_removed(client, runtime):
    runtime.watcher = FakeWatcher([])  # a camera sees the card lying there, so it stays
    answer = post(
        client, "/api/correct", 0, action="add", payload="MU40", region="museum1", slot=[0, 0]
    )
    assert answer.status_code == 422
    assert answer.get_json()["error"]["violations"][0]["code"] == "wrong_museum"
    snap = client.get("/api/state").get_json()
    assert snap["alerts"][0]["code"] == "wrong_museum"
    cleared = post(client, "/api/correct", snap["state_id"], action="remove", payload="MU40")
    assert cleared.status_code == 200 and cleared.get_json()["state"]["alerts"] == []
    runtime.watcher = None


def test_bad_corrections_are_400(client):
    assert (
        post(
            client, "/api/correct", 0, action="add", payload="XX99", region="museum0", slot=[0, 0]
        ).status_code
        == 400
    )
    assert post(client, "/api/correct", 0, action="remove", payload="MU01").status_code == 400
    assert post(client, "/api/correct", 0, action="flip", payload="MU01").status_code == 400
    assert (
        post(
            client, "/api/correct", action="add", payload="MU01", region="museum0", slot=[0, 0]
        ).status_code
        == 400
    )  # no state id


def test_new_game_and_past_games_listing(client):
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    first = client.get("/api/state").get_json()["game_id"]
    answer = client.post(
        "/api/new-game",
        json={
            "game": "musee",
            "players": 3,
            "names": "Cy, Di, Ed",
            "options": {"staircases": {"T1": [1, 5], "T2": [1, 2, 3]}},
        },
    )
    assert answer.status_code == 200
    snap = answer.get_json()
    assert snap["game_id"] != first and snap["setup"]["names"] == ["Cy", "Di", "Ed"]
    assert snap["state"]["museums"][0]["tokens"][0] == [
        "staircase",
        "chandelier",
        "chandelier",
        "chandelier",
        "staircase",
    ]
    listed = client.get("/api/games").get_json()
    assert [g["id"] for g in listed["games"]] == [snap["game_id"], first]
    assert any(g["slug"] == "musee" for g in listed["available"])
    assert client.post("/api/new-game", json={"game": "musee", "players": 7}).status_code == 400
    unknown = client.post("/api/new-game", json={"game": "chess", "players": 2})
    assert unknown.status_code == 400 and unknown.get_json()["error"]["code"] == "unknown_game"


def play_a_short_game(client, runtime):
    """Fill both museums with legal placements until the engine ends the game."""
    game, steps = runtime.session.game, 0
    while not runtime.session.snapshot()["over"] and steps < 80:
        move = next(m for m in game.legal_moves(runtime.session.state) if m.kind == "place")
        assert post(client, "/api/move", state_id(client), move=move.to_dict()).status_code == 200
        steps += 1
    return steps


def test_export_import_round_trip_and_companion_score_reads_it(client, runtime, tmp_path):
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    post(client, "/api/move", 1, move=place(1, "MU15", 1, 0, 3))
    post(client, "/api/move", 2, move=place(0, "MU01", 0, 0, 5))  # rejected: logged too
    snap = client.get("/api/state").get_json()
    exported = client.get(f"/api/games/{snap['game_id']}/record")
    assert exported.status_code == 200 and "attachment" in exported.headers["Content-Disposition"]
    record = parse_record(exported.get_data(as_text=True))
    replayed = Session.replay(record.records())
    assert replayed.snapshot()["state"] == snap["state"]
    assert replayed.snapshot()["log"] == snap["log"]

    path = tmp_path / "game.json"
    path.write_bytes(exported.data)
    result = CliRunner().invoke(main, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert [s["total"] for s in json.loads(result.output)["scores"]] == [
        s["total"] for s in snap["scores"]
    ]

    imported = client.post(
        "/api/games/import?open=1", data=exported.data, content_type="application/json"
    )
    assert imported.status_code == 201
    new_id = imported.get_json()["game_id"]
    again = client.get("/api/state").get_json()
    assert again["game_id"] == new_id and again["state"] == snap["state"]
    assert (
        client.post(
            "/api/games/import", data=b"{not json", content_type="application/json"
        ).status_code
        == 400
    )


def test_a_finished_game_is_listed_with_its_result(client, runtime):
    play_a_short_game(client, runtime)
    snap = client.get("/api/state").get_json()
    assert snap["over"] and snap["outcome"]["explanation"]["en"]
    listed = client.get("/api/games").get_json()["games"]
    assert listed[0]["result"]["outcome"] == snap["outcome"]


def test_restart_resumes_the_unfinished_game_unless_fresh(db_path, client, runtime):
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    post(client, "/api/correct", 1, action="add", payload="MU20", region="museum1", slot=[2, 2])
    before = client.get("/api/state").get_json()
    runtime.close()
    again = create_app({"db": str(db_path), "game": "musee", "players": 2})
    snap = again.test_client().get("/api/state").get_json()
    assert snap["resumed"] is True and snap["game_id"] == before["game_id"]
    for key in ("state", "state_id", "scores", "log", "table", "alerts", "setup"):
        assert snap[key] == before[key], key
    fresh = create_app({"db": str(db_path), "game": "musee", "players": 2, "fresh": True})
    assert fresh.test_client().get("/api/state").get_json()["game_id"] != before["game_id"]
    # a new game set up after that restart is new, not "resumed after a restart" (walk-through)
    again_client = again.test_client()
    body = {"game": "crypt", "players": 3, "names": ["Ann", "Bo", "Cy"], "options": {}}
    assert again_client.post("/api/new-game", json=body).status_code == 200
    assert again_client.get("/api/state").get_json()["resumed"] is False


def test_camera_steps_feed_the_session_and_the_preview(client, runtime):
    watcher = FakeWatcher([live_step([placed("MU07", 0, 2, 0)])])
    runtime.watcher = watcher
    runtime.camera.source = "fake"
    runtime.step_once()
    snap = client.get("/api/state").get_json()
    assert snap["state"]["museums"][0]["galleries"][2][0]["card"] == "MU07"
    assert snap["log"][-1]["source"] == "camera"
    preview = client.get("/api/preview.jpg")
    assert preview.status_code == 200 and preview.mimetype == "image/jpeg"
    assert preview.headers["X-Camera-Online"] == "1"
    camera = client.get("/api/camera").get_json()
    assert camera["online"] and camera["calibrated"] and camera["reprojection_error_mm"] == 1.2

    runtime.step_once()  # the fake camera is now unplugged
    camera = client.get("/api/camera").get_json()
    assert camera["online"] is False and camera["reason"] == "camera unplugged"
    assert camera["has_preview"] and camera["preview_age_s"] is not None
    assert client.get("/api/preview.jpg").headers["X-Camera-Online"] == "0"


def test_the_camera_frame_end_does_not_erase_cards_added_by_hand(client, runtime):
    post(client, "/api/correct", 0, action="add", payload="MU12", region="museum0", slot=[1, 3])
    runtime.watcher = FakeWatcher([live_step([FrameEnd(frozenset())])])
    runtime.step_once()
    snap = client.get("/api/state").get_json()
    assert [p["payload"] for p in snap["table"]] == ["MU12"] and snap["alerts"] == []


def test_the_watcher_thread_runs_and_stops(runtime, client):
    watcher = FakeWatcher([live_step([placed("MU07", 0, 2, 0)])])
    runtime.attach_watcher(watcher, "fake", interval_s=0.01)
    for _ in range(200):
        if client.get("/api/state").get_json()["state_id"] == 1:
            break
        import time

        time.sleep(0.01)
    assert client.get("/api/state").get_json()["state_id"] == 1
    runtime.close()
    assert watcher.closed


def test_manual_corners_reach_the_watcher(client, runtime):
    assert (
        post(
            client, "/api/calibration/corners", points=[[0, 0], [10, 0], [10, 10], [0, 10]]
        ).status_code
        == 400
    )  # no camera
    runtime.watcher = FakeWatcher([])
    answer = post(
        client, "/api/calibration/corners", points=[[1, 2], [300, 2], [300, 200], [1, 200]]
    )
    assert answer.status_code == 200
    assert runtime.watcher.corners == [(1.0, 2.0), (300.0, 2.0), (300.0, 200.0), (1.0, 200.0)]
    assert post(client, "/api/calibration/corners", points=[[1, 2]]).status_code == 400


def test_kit_links_and_catalogue(client):
    kit = client.get("/api/kit").get_json()
    assert any("companion print" in c and "musee" in c for c in kit["commands"])
    pieces = client.get("/api/catalogue").get_json()["pieces"]
    assert {p["payload"] for p in pieces if p["kind"] == "card"} >= {"MU01", "MU50"}
    # A 2-player Musée uses paintings 1-50 only: pickers offer what is in play.
    in_play = {p["payload"] for p in pieces if p["in_play"]}
    assert "MU50" in in_play and not {f"MU{n}" for n in range(51, 61)} & in_play
    assert {p["payload"] for p in pieces} >= {"MU51", "MU60"}  # still named, e.g. when refused


def test_sse_sends_the_state_then_every_change(client):
    response = client.get("/api/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    first = next(chunks).decode()
    assert first.startswith("event: state\n")
    data = json.loads(first.split("data: ", 1)[1])
    assert data["state_id"] == 0
    post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    second = next(chunks).decode()
    assert second.startswith("event: state\n")
    assert json.loads(second.split("data: ", 1)[1])["state_id"] == 1
    third = next(chunks).decode()  # nothing changed: a camera heartbeat
    assert third.startswith("event: camera\n")
    assert "online" in json.loads(third.split("data: ", 1)[1])
    response.close()


def test_sse_max_ends_the_stream(client):
    body = client.get("/api/events?max=2").get_data(as_text=True)
    assert body.count("event: ") == 2


def test_pages_render_with_vendored_assets_only(client):
    for path in ("/", "/setup", "/games", "/summary"):
        page = client.get(path)
        assert page.status_code == 200, path
        html = page.get_data(as_text=True)
        assert "/static/app.js" in html and "/static/i18n.js" in html
        assert "http://" not in html and "https://" not in html, f"{path} loads a remote asset"
    for asset in ("app.js", "i18n.js", "app.css"):
        text = client.get(f"/static/{asset}").get_data(as_text=True)
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text


def test_every_interface_string_has_a_traditional_chinese_version(client):
    import re

    from web import i18n

    catalogue = client.get("/static/catalogue.json").get_json()
    assert len(catalogue) > 50 and catalogue == dict(i18n.catalogue())
    assert all(entry["en"] and entry["zh-TW"] for entry in catalogue.values())
    for page in ("/", "/setup", "/games", "/summary"):
        html = client.get(page).get_data(as_text=True)
        used = set(re.findall(r'data-i18n="([^"]+)"', html))
        assert used <= set(catalogue), used - set(catalogue)


def test_camera_status_offline_when_the_source_drops(runtime):
    runtime.watcher = FakeWatcher(
        [WatchStep([], None, SourceStatus(False, "no frames for 2 s", 4.5, 10))]
    )
    runtime.step_once()
    status = runtime.camera_status()
    assert status["online"] is False and status["last_frame_age_s"] == 4.5
    assert status["has_preview"] is False


def test_the_printable_kit_downloads_as_pdf_when_installed(client):
    from web.kit import kit_available

    if not kit_available():
        import pytest

        pytest.skip("calibration.kit is not installed")
    links = client.get("/api/kit").get_json()["downloads"]
    tokens = next(d["url"] for d in links if d["name"] == "tokens")
    response = client.get(tokens)
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    assert client.get("/kit/musee/posters.pdf").status_code == 404


def test_camera_warnings_are_not_repeated(runtime):
    offline = SourceStatus(False, "could not open camera 0", None, 0)
    runtime.watcher = FakeWatcher(
        [
            WatchStep([], None, offline, ["could not open camera 0", "unknown card XX12"]),
            WatchStep([], None, offline, ["could not open camera 0", "unknown card XX12"]),
        ]
    )
    runtime.step_once()
    runtime.step_once()
    assert runtime.camera_status()["warnings"] == ["unknown card XX12"]


def test_a_new_game_with_another_layout_reopens_the_camera(client, runtime):
    opened = []

    def factory(game, players):
        opened.append((game, players))
        return FakeWatcher([])

    first = FakeWatcher([])
    runtime.watcher, runtime.watcher_factory = first, factory
    client.post("/api/new-game", json={"game": "musee", "players": 2})
    assert opened == [] and runtime.watcher is first  # same layout: same camera
    client.post("/api/new-game", json={"game": "musee", "players": 3})
    assert opened == [("musee", 3)] and first.closed and runtime.watcher is not first


def test_the_preview_also_streams_as_mjpeg(client, runtime):
    runtime.watcher = FakeWatcher(
        [live_step([], jpeg=b"\xff\xd8one\xff\xd9"), live_step([], jpeg=b"\xff\xd8two\xff\xd9")]
    )
    runtime.step_once()
    response = client.get("/api/preview.mjpeg?max=2", buffered=False)
    assert response.mimetype == "multipart/x-mixed-replace"
    parts = iter(response.response)
    assert b"\xff\xd8one\xff\xd9" in next(parts)
    runtime.step_once()
    assert b"\xff\xd8two\xff\xd9" in next(parts)
    response.close()


def test_a_musee_match_counts_wins_until_someone_has_two(client, runtime):
    assert client.get("/api/state").get_json()["match"]["games"] == 0
    winners = []
    for _ in range(2):
        play_a_short_game(client, runtime)
        winners.append(client.get("/api/state").get_json()["outcome"]["winners"])
        client.post("/api/new-game", json={"game": "musee", "players": 2, "names": ["Amy", "Ben"]})
    match = client.get("/api/state").get_json()["match"]
    assert match["wins_needed"] == 2 and match["games"] == 2
    for side in ("p0", "p1"):
        assert match["wins"][side] == sum(side in w for w in winners)
    assert (match["winners"] != []) == any(match["wins"][s] >= 2 for s in ("p0", "p1"))
    other = client.post(
        "/api/new-game", json={"game": "musee", "players": 2, "names": ["Cy", "Di"]}
    ).get_json()
    assert other["match"]["games"] == 0, "other players are another match"


def test_a_camera_driver_error_reaches_the_dashboard_with_its_cause(runtime):
    """vision.sources logs what it catches; the camera status lists it for the players."""
    import time

    from vision.sources import CameraSource, SourceConfig

    class BrokenDriver:
        def isOpened(self):
            return True

        def read(self):
            raise RuntimeError("driver exploded")

        def release(self):
            pass

    source = CameraSource(
        0,
        SourceConfig(reconnect_min_s=0.05, reconnect_max_s=0.1),
        capture_factory=lambda target, config: BrokenDriver(),
    )
    try:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and not runtime.camera_status()["problems"]:
            time.sleep(0.02)
    finally:
        source.close()
    problem = runtime.camera_status()["problems"][-1]
    assert "reading from the camera failed" in problem["message"]
    assert problem["cause"] == "RuntimeError: driver exploded"


def test_a_rule_break_asked_as_expected_is_200_with_the_same_body(client):
    """The dashboard says refusals itself and asks for them as 200 (the browser logs every
    4xx as a failed load); any other client keeps the documented 422."""
    from web.errors import REFUSALS_HEADER

    move = place(0, "MU10", 1, 0, 2)  # Ben's museum
    plain = post(client, "/api/move", 0, move=move)
    asked = client.post(
        "/api/move",
        json={"state_id": 0, "move": move},
        headers={REFUSALS_HEADER: "expected"},
    )
    other = client.post(
        "/api/move", json={"state_id": 0, "move": move}, headers={REFUSALS_HEADER: "yes"}
    )
    assert plain.status_code == 422 and other.status_code == 422
    assert asked.status_code == 200
    error = asked.get_json()["error"]
    assert error["status"] == 422 and error["code"] == "rule_break"
    assert error["violations"] == plain.get_json()["error"]["violations"]
