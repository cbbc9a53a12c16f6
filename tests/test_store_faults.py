"""The store under faults: a write that fails leaves nothing behind, numbering comes from the
database, a busy database is a clear error after a short wait, a normal stop checkpoints."""

from __future__ import annotations

import shutil
import sqlite3
import threading

import pytest

from companion.errors import MalformedRecordError, StoreUnavailableError
from companion.model import Move, Setup
from companion.session import Session
from companion.store import DamagedStoreError, GameStore, set_aside


def place(player, card, museum, gallery, space):
    return Move(
        "place", player, {"card": card, "museum": museum, "gallery": gallery, "space": space}
    )


def test_a_lone_surrogate_is_refused_and_the_numbering_stays_in_step(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    session = Session("musee", Setup(2, ("Amy", "Ben")))
    game_id = store.new_game(session)
    with pytest.raises(MalformedRecordError, match="surrogate"):
        session.play(Move("\ud800", 0))
    assert len(session.records) == 1 and session.state_id == 0  # nothing half-done
    session.play(place(0, "MU10", 0, 0, 2))
    store.close()

    again = GameStore(db)
    resumed = again.load(game_id)  # formerly: IntegrityError on every command from here on
    assert [r["seq"] for r in again.records(game_id)] == [0, 1]
    assert resumed.state == session.state
    resumed.play(place(1, "MU15", 1, 0, 3))
    assert [r["seq"] for r in again.records(game_id)] == [0, 1, 2]


def test_a_new_game_whose_names_cannot_be_stored_leaves_no_row(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    first = store.new_game(Session("musee", Setup(2, ("Amy", "Ben"))))
    with pytest.raises(MalformedRecordError, match="surrogate"):
        store.new_game(Session("musee", Setup(2, ("Amy", "B\udc00n"))))
    assert [g["id"] for g in store.games()] == [first]
    assert store.latest_unfinished("musee") == first
    store.close()
    assert GameStore(db).load(first).state_id == 0


def test_numbering_comes_from_the_database_not_from_the_session(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    session = Session("musee", Setup(2))
    game_id = store.new_game(session)
    # the session believes it is one ahead (as after the old failed write)
    session.records.append({"seq": 1, "type": "undo"})
    session.play(place(0, "MU10", 0, 0, 2))
    assert [r["seq"] for r in store.records(game_id)] == [0, 1]


def test_a_failed_write_changes_nothing_in_the_session(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    session = Session("musee", Setup(2))
    game_id = store.new_game(session)
    with sqlite3.connect(tmp_path / "g.sqlite3") as raw:  # any later insert now fails
        raw.execute(
            "CREATE TRIGGER no_more BEFORE INSERT ON records "
            "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
        )
    with pytest.raises(StoreUnavailableError, match="could not be written"):
        session.play(place(0, "MU10", 0, 0, 2))
    assert session.state_id == 0 and len(session.records) == 1 and not session.verdicts
    assert len(store.records(game_id)) == 1


def test_a_locked_database_is_a_clear_error_after_a_short_wait(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db, busy_timeout_s=0.3)
    session = Session("musee", Setup(2))
    store.new_game(session)
    locker = sqlite3.connect(db, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailableError, match="busy"):
            session.play(place(0, "MU10", 0, 0, 2))
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert session.state_id == 0
    session.play(place(0, "MU10", 0, 0, 2))  # free again: it goes on
    assert session.state_id == 1


def test_closing_checkpoints_so_the_main_file_alone_holds_every_move(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    session = Session("musee", Setup(2))
    game_id = store.new_game(session)
    session.play(place(0, "MU10", 0, 0, 2))
    store.close()
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)  # the main file only, without any -wal beside it
    assert len(GameStore(copy).records(game_id)) == 2


def test_concurrent_writers_never_collide(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    session = Session("musee", Setup(2))
    game_id = store.new_game(session)
    errors = []

    def write(n):
        try:
            for _ in range(20):
                store.append(game_id, {"seq": -1, "type": "undo", "n": n})
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert [r["seq"] for r in store.records(game_id)] == list(range(81))


def test_a_damaged_file_is_reported_with_what_to_do(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    store.new_game(Session("musee", Setup(2)))
    store.close()
    data = bytearray(db.read_bytes())
    data[4096:8192] = b"\x13" * 4096  # a damaged page
    db.write_bytes(bytes(data))
    with pytest.raises(DamagedStoreError, match="--fresh"):
        GameStore(db)
    damaged = db.read_bytes()
    moved = set_aside(db)  # what --fresh does with it: kept, renamed, never deleted
    assert moved.read_bytes() == damaged and not db.exists()
    assert GameStore(db).games() == []


def test_an_emptied_games_table_is_reported_not_replaced(tmp_path):
    db = tmp_path / "g.sqlite3"
    store = GameStore(db)
    store.new_game(Session("musee", Setup(2)))
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM games")
    with pytest.raises(DamagedStoreError, match="games table is missing 1 game"):
        GameStore(db)
