"""The café's history catches up from the tables' own logs: a real table plays the recorded
Musée game to its end while the café process is down, the real Mosquitto then restarts without
its retained messages or sessions, and a real `companion cafe` started again on its history
file has the game exactly once, with the table's scores and length; started once more (the
table answers the same log again), it still has it once."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest
from cafehelpers import settings_for, wait_until
from test_history import numbers, started, stop
from test_plays import recorded_moves

from cafe.history import counts
from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.runtime import Runtime


@pytest.fixture
def table(broker, tmp_path):
    runtime = Runtime(
        GameStore(tmp_path / "table.sqlite3"), "musee", Setup(2, ("Amy", "Ben")), fresh=True
    )
    publisher = TablePublisher(runtime, settings_for(broker), "cafe", "t1", poll_s=0.1).start()
    wait_until(lambda: publisher.connected, what="the table connected")
    yield runtime, publisher
    runtime.close()


def logged_states(path) -> list[dict]:
    """The states the table kept in its own history log (cafe.table_log), in order."""
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute(
            "SELECT body FROM cafe_history_log WHERE kind = 'state' ORDER BY id"
        ).fetchall()
    return [json.loads(body) for (body,) in rows]


def test_a_game_finished_while_the_cafe_and_the_brokers_memory_were_away_is_kept_once(
    broker, table, tmp_path
):
    runtime, publisher = table
    history = tmp_path / "h.sqlite3"
    args = ["--mqtt", broker.url, "--venue", "cafe", "--history", str(history)]
    cafe, url, _ = started(args, tmp_path)  # the café knows t1 (its session is persistent)
    try:
        wait_until(lambda: counts(history)["phases"] >= 1, what="t1's first phase in the history")
    finally:
        stop(cafe)

    # The café is down: t1 plays its whole game, and its players set up the next one.
    for move in recorded_moves():
        assert runtime.play(move, None).accepted
    finished = wait_until(
        lambda: [s for s in logged_states(tmp_path / "table.sqlite3") if s["over"]],
        what="the finished game in the table's own log",
    )[-1]
    runtime.new_game("musee", Setup(2, ("Cy", "Di")))
    wait_until(
        lambda: not logged_states(tmp_path / "table.sqlite3")[-1]["over"], what="the next game"
    )
    # The broker restarts and forgets everything: retained messages and the café's session.
    broker.stop()
    (broker.folder / "mosquitto.db").unlink()
    broker.start()
    wait_until(lambda: publisher.connected, what="the table back on the broker")

    cafe, url, lines = started(args, tmp_path)
    try:
        wait_until(lambda: numbers(url)["games"]["total"] == 1, what="the game in the history")
        got = numbers(url)
        assert [g["game"] for g in got["games"]["per_game"]] == ["musee"]
        assert got["games"]["per_table"] == [{"table": "t1", "count": 1}]
        with closing(sqlite3.connect(history)) as db:
            rows = db.execute(
                "SELECT tbl, game_id, game_key, started, ended, scores, winners FROM games"
            ).fetchall()
        phase = finished["table_phase"]
        assert rows == [
            (
                "t1",
                finished["game_id"],
                finished["created"],
                phase["started"],
                phase["ended"],
                json.dumps(finished["scores"], ensure_ascii=False),
                json.dumps(finished["winners"], ensure_ascii=False),
            )
        ]
        assert phase["ended"] > phase["started"], "the game's length is the table's"
        assert [s["total"] for s in finished["scores"]] and finished["winners"]
        once = counts(history)
    finally:
        stop(cafe)

    # Started again on the same broker: the table answers its whole log again; nothing changes.
    pages = publisher.history_log.pages_sent
    cafe, url, lines = started(args, tmp_path)
    try:
        wait_until(lambda: publisher.history_log.pages_sent > pages, what="the log asked again")
        wait_until(lambda: numbers(url)["games"]["total"] == 1, what="the history")
    finally:
        stop(cafe)
    assert counts(history) == once
    assert "Traceback" not in "".join(lines)
