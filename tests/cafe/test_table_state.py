"""200 tables on two CPUs (issue 27, item 7): a table rebuilds its state message only when what
it shows may have changed (a PUBACK does not) and dates a new phase by the first record that
can have brought it, not by when its publishing thread woke; the café page's stream sends only
the tiles that changed, a warning's growing minutes included."""

from __future__ import annotations

import json
import time

from cafehelpers import place, settings_for, wait_until

from cafe import hub
from cafe import topics as T
from cafe.floor import FloorSettings
from cafe.hub import CafeView
from cafe.settings import parse_broker
from cafe.table import TablePublisher
from cafe.table_state import TableState
from cafe.tiles import Tile
from companion.model import Setup
from companion.store import GameStore
from web.runtime import Runtime


def musee_table(tmp_path) -> Runtime:
    return Runtime(GameStore(tmp_path / "t.sqlite3"), "musee", Setup(2, ("Amy", "Ben")))


def test_an_unchanged_table_is_not_described_again(tmp_path, monkeypatch):
    runtime = musee_table(tmp_path)
    builds = []
    real = T.state_payload
    monkeypatch.setattr(T, "state_payload", lambda *a, **k: builds.append(1) or real(*a, **k))
    state = TableState(T.TableTopics("cafe", "t1"))

    def now() -> bytes:
        with runtime.lock:
            return state.encoded_for(runtime.game_id, runtime.session, runtime.camera_status())

    try:
        first = now()
        assert now() == first and len(builds) == 1, "nothing changed: the same bytes, not rebuilt"
        runtime.play(place(0, 10, 0), None)
        after = now()
        assert len(builds) == 2
        assert json.loads(after)["seq"] == len(runtime.session.records) - 1
        assert json.loads(after)["table_phase"]["name"] == "playing"
        with runtime.lock:
            camera = dict(runtime.camera_status(), online="changed")
            state.encoded_for(runtime.game_id, runtime.session, camera)
        assert len(builds) == 3, "a camera field the state shows changed: rebuilt"
    finally:
        runtime.close()


def test_a_new_phase_is_dated_by_the_record_that_brought_it(tmp_path):
    runtime = musee_table(tmp_path)
    state = TableState(T.TableTopics("cafe", "t1"))
    try:
        with runtime.lock:
            state.encoded_for(runtime.game_id, runtime.session, runtime.camera_status())
        runtime.play(place(0, 10, 0), None)
        time.sleep(0.05)  # the publishing thread wakes late (a busy machine)
        with runtime.lock:
            encoded = state.encoded_for(runtime.game_id, runtime.session, runtime.camera_status())
            move_logged = runtime.session.records[1]["ts"]
        phase = json.loads(encoded)["table_phase"]
        assert phase["name"] == "playing"
        assert phase["since"] == round(move_logged, 3) < time.time() - 0.04
    finally:
        runtime.close()


def test_a_puback_moves_the_cursor_without_rebuilding_the_state(broker, tmp_path):
    runtime = musee_table(tmp_path)
    publisher = TablePublisher(runtime, settings_for(broker), "cafe", "t1", poll_s=60.0)
    calls = {"nudge": 0, "sync": 0}
    nudge, sync = publisher._nudge, publisher.sync
    publisher._nudge = lambda: calls.__setitem__("nudge", calls["nudge"] + 1) or nudge()  # type: ignore[method-assign]
    publisher.sync = lambda: calls.__setitem__("sync", calls["sync"] + 1) or sync()  # type: ignore[method-assign]
    publisher.start()
    try:
        wait_until(lambda: publisher.connected, what="connected")
        for number, seat, space in ((10, 0, 0), (20, 1, 0), (11, 0, 1)):
            runtime.play(place(seat, number, space), None)
        last = len(runtime.session.records) - 1
        wait_until(
            lambda: publisher.outbox.cursor.acknowledged().get(runtime.game_id) == last,
            what="every event acknowledged",
        )
        time.sleep(0.3)  # the last PUBACKs (of the state) wake the thread too
        assert publisher.published_events == last + 1
        assert 1 <= calls["sync"] <= calls["nudge"], calls
    finally:
        publisher.close()
        runtime.close()


def test_a_page_that_gets_changed_tiles_only_sees_a_warning_s_minutes_grow(monkeypatch):
    floor = FloorSettings(unpacked_after_min=10, overlong_factor=2.0, usual_minutes={"musee": 25})
    view = CafeView(parse_broker("mqtt://127.0.0.1:1"), "cafe", floor=floor)  # never started
    quiet, done = Tile("cafe", "t1"), Tile("cafe", "t2")
    quiet.state = {"game": {"slug": "musee"}, "table_phase": None}
    done.state = {
        "game": {"slug": "musee"},
        "table_phase": {"name": "finished", "since": 0, "started": -3000, "ended": 0},
    }
    view.tiles = {quiet.key: quiet, done.key: done}
    clock = [11 * 60.0]
    monkeypatch.setattr(hub.time, "time", lambda: clock[0])
    with view.lock:
        view._bump(view._warn())
    first = view.changes_since(-1)
    assert [t["warnings"] for t in first["changed"]] == [[], [{"code": "unpacked", "minutes": 11}]]
    clock[0] = 11 * 60.0 + 30  # the same minute: nothing to send
    with view.lock:
        assert view._warn() == []
    clock[0] = 12 * 60.0 + 1
    with view.lock:
        view._bump(view._warn())
    update = view.changes_since(first["version"])
    assert [t["table"] for t in update["changed"]] == ["t2"]
    assert update["changed"][0]["warnings"] == [{"code": "unpacked", "minutes": 12}]
    assert update["keys"] == ["cafe/t1", "cafe/t2"]
