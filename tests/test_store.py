"""SQLite persistence: a stored game resumes identically; a damaged file gives a clear error."""

import sqlite3

import pytest

from companion.errors import MalformedRecordError
from companion.model import Move, Setup
from companion.record import parse_record, record_from_log
from companion.session import Session
from companion.store import GameStore


def _moves():
    yield Move("place", 0, {"card": "MU10", "museum": 0, "gallery": 0, "space": 2})
    yield Move("place", 1, {"card": "MU20", "museum": 1, "gallery": 1, "space": 1})
    yield Move("place", 0, {"card": "MU05", "museum": 0, "gallery": 0, "space": 4})  # illegal


def test_a_stored_game_resumes_with_nothing_lost(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = GameStore(db)
    session = Session("musee", Setup(2, ("Mia", "Leo")))
    game_id = store.new_game(session)
    for move in _moves():
        session.play(move)
    session.undo()
    store.close()

    reopened = GameStore(db)
    resumed = reopened.load(game_id)
    assert resumed.state == session.state
    assert resumed.state_id == session.state_id
    assert [v.to_dict() for v in resumed.verdicts] == [v.to_dict() for v in session.verdicts]
    assert reopened.latest_unfinished("musee") == game_id
    # The resumed session keeps appending to the same log.
    resumed.play(Move("place", 1, {"card": "MU21", "museum": 1, "gallery": 1, "space": 2}))
    assert len(reopened.records(game_id)) == len(resumed.records)


def test_finished_games_are_listed_with_their_results(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    session = Session("musee", Setup(2))
    game_id = store.new_game(session)
    session.play(Move("cannot_play", 0))
    session.play(Move("cannot_play", 1))
    store.finish(game_id, session)
    [listed] = store.games()
    assert listed["result"]["outcome"]["winners"] == ["p0", "p1"]
    assert store.latest_unfinished() is None
    session.undo()  # the last declaration taken back: the game goes on, and would resume
    store.reopen(game_id)
    assert store.games()[0]["result"] is None
    assert store.latest_unfinished() == game_id


def test_a_corrupted_log_entry_is_reported_not_guessed(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    game_id = store.new_game(Session("musee", Setup(2)))
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE records SET body = '{broken' WHERE seq = 0")
    with pytest.raises(MalformedRecordError, match="log entry 0 .* is corrupted"):
        GameStore(db).load(game_id)


def test_a_file_that_is_not_a_database_is_left_untouched(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(MalformedRecordError, match="not a usable game database"):
        GameStore(path)
    assert path.read_bytes() == before


def test_export_and_import_round_trip():
    session = Session("musee", Setup(2))
    for move in _moves():
        session.play(move)
    record = record_from_log(session.records)
    import json

    again = parse_record(json.dumps(record.to_dict()))
    assert Session.replay(again.records()).state == session.state
