"""Teach mode across a restart (issue 26): a server stopped mid-lesson (kill -9, as a power
cut would) and started again on the same SQLite file resumes the lesson at the step the game
on the table implies, not at step 1. The lesson is not in the record (the game played while
teaching is an ordinary game): it is rebuilt by replaying the stored game through it."""

from __future__ import annotations

from webhelpers import call

NAMES = "Amy,Ben"


def serve(start_server, db):
    return start_server(
        "serve", "--game", "musee", "--names", NAMES, "--db", str(db), "--port", "0", "--teach"
    )


def place(url: str, seat: int, card: str, gallery: int, space: int) -> None:
    move = {"kind": "place", "player": seat, "card": card, "museum": seat}
    answer = call(url, "/api/move", {"move": {**move, "gallery": gallery, "space": space}})
    assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]


def lesson_of(url: str) -> dict:
    return call(url, "/api/state")["lesson"]


def test_a_restarted_server_resumes_the_lesson_where_the_game_is(start_server, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = serve(start_server, db)
    for _ in range(2):  # unpacking and dealing: what no camera sees
        call(server.url, "/api/lesson", {"action": "tap"})
    place(server.url, 0, "MU12", 0, 1)
    place(server.url, 1, "MU40", 0, 0)
    place(server.url, 0, "MU17", 1, 1)  # 12 above 17 by a staircase: the staircase card
    before = lesson_of(server.url)
    assert before["step"]["id"] == "staircases" and before["number"] == 5
    server.kill(9)

    again = serve(start_server, db)
    state = call(again.url, "/api/state")
    assert state["resumed"] and len([v for v in state["log"] if v["accepted"]]) == 3
    after = state["lesson"]
    assert (after["number"], after["step"]["id"]) == (before["number"], "staircases")
    assert after["moment"] is None and after["refusal"] is None  # not said a second time
    # and it goes on from there: one more placement finishes the staircases step
    place(again.url, 1, "MU45", 1, 0)
    assert lesson_of(again.url)["step"]["id"] == "play_on"
    again.kill(15)


def test_a_restart_before_any_move_starts_the_lesson_afresh(start_server, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = serve(start_server, db)
    assert lesson_of(server.url)["number"] == 1
    server.kill(9)
    again = serve(start_server, db)
    assert lesson_of(again.url)["number"] == 1
