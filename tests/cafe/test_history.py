"""The café's evening in numbers: a real `companion cafe` process writes its history file from a
real Mosquitto on loopback, is stopped mid-evening and started again on the same file, and
counts every game, call for help and pack-up check exactly once; a damaged or unwritable file
is one clear line and the floor goes on."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request

import pytest
from cafehelpers import wait_until
from history_payloads import a_game, alerts, help_call, minutes_ago, packup_check, state
from test_cafe_page import start_cafe
from test_hostile_messages import Rogue, good_status

from cafe import topics as T
from cafe.history import HistoryStore, counts
from cafe.history_report import RangeError, day_range, report


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def numbers(url: str) -> dict:
    yesterday = dt.date.today() - dt.timedelta(days=1)  # a run just after midnight
    return get(f"{url}/api/history?from={yesterday}&to={dt.date.today()}")[1]


def started(args, folder) -> tuple:
    """`companion cafe` with its output read as it comes (each request logs a line: a pipe
    nobody reads fills up and blocks the café), -> (process, page address, output lines)."""
    process, url = start_cafe(args, folder)
    lines: list[str] = list(process.opening_lines)
    threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True).start()
    wait_until(lambda: get(url + "/api/tables")[1]["connected"], what="the café subscribed")
    return process, url, lines


def stop(process) -> None:
    process.terminate()
    process.wait(timeout=15)


def test_history_survives_a_restart_of_the_cafe_and_counts_each_thing_once(broker, tmp_path):
    rogue = Rogue(broker)
    topics = {name: T.TableTopics("cafe", name) for name in ("t1", "t2", "t3", "t4")}
    args = ["--mqtt", broker.url, "--venue", "cafe", "--history", str(tmp_path / "h.sqlite3")]
    cafe, url, _ = started(args, tmp_path)
    try:
        # The café watches: t1 plays Musée for 30 min and packs up, t2 calls for help (staff
        # acknowledge a minute later, then clear it), t3's Crypt ends and is never packed.
        first_game = a_game("t1", 1, minutes_ago(50), minutes_ago(20))
        for body in first_game:
            rogue.send(topics["t1"].state, body)
        first_game_over = first_game[-1]
        packed = dict(first_game_over, table_phase=dict(first_game_over["table_phase"]))
        packed["table_phase"].update(name="packed", since=minutes_ago(18))
        rogue.send(topics["t1"].state, packed)
        called = minutes_ago(15)
        rogue.send(topics["t2"].alerts, alerts("t2", help_call(called)))
        rogue.send(topics["t2"].alerts, alerts("t2", help_call(called, called + 60)))
        rogue.send(topics["t2"].alerts, b"")
        for body in a_game("t3", 7, minutes_ago(70), minutes_ago(40), slug="crypt"):
            rogue.send(topics["t3"].state, body)
        wait_until(
            lambda: numbers(url)["games"]["total"] == 2 and numbers(url)["help"]["acknowledged"],
            what="two games and an acknowledged call in the history",
        )
    finally:
        stop(cafe)

    # While the café is away: t1 plays a second game and sets up a third (its retained state
    # is the third game's: the second reaches the café only through its persistent session),
    # t2 calls again, t4 checks its box with two cards missing.
    for body in a_game("t1", 2, minutes_ago(15), minutes_ago(5)):
        rogue.send(topics["t1"].state, body)
    rogue.send(topics["t1"].state, state("t1", 3, "setting_up", minutes_ago(4)))
    rogue.send(topics["t2"].alerts, alerts("t2", help_call(minutes_ago(3), code="refused_moves")))
    rogue.send(topics["t4"].alerts, alerts("t4", packup_check(minutes_ago(2), ["MU17", "MU42"])))

    cafe, url, _ = started(args, tmp_path)
    try:
        rogue.send(topics["t1"].state, first_game_over, retain=False)  # a repeat, live
        wait_until(lambda: numbers(url)["packups"]["incomplete"] == 1, what="t4's check")
        wait_until(lambda: numbers(url)["games"]["total"] == 3, what="t1's second game")
        got = numbers(url)
        assert got["games"]["per_table"] == [
            {"table": "t1", "count": 2},
            {"table": "t3", "count": 1},
        ]
        per_game = {g["game"]: (g["count"], g["median_min"]) for g in got["games"]["per_game"]}
        assert per_game == {"musee": (2, 20.0), "crypt": (1, 30.0)}
        assert got["help"] == {
            "calls": 2,
            "acknowledged": 1,
            "median_wait_s": 60.0,
            "max_wait_s": 60.0,
            "per_table": [{"table": "t2", "count": 2}],
        }
        assert got["unpacked"] == {"count": 1, "per_table": [{"table": "t3", "count": 1}]}
        assert got["packups"] == {"complete": 0, "incomplete": 1}
        assert counts(tmp_path / "h.sqlite3") == {
            "phases": 11,
            "games": 3,
            "help_calls": 2,
            "packups": 1,
        }
        # the floor itself is unchanged by all this
        assert {t["table"] for t in get(url + "/api/tables")[1]["tables"]} >= {"t1", "t3", "t4"}
    finally:
        stop(cafe)
        rogue.close()


@pytest.mark.parametrize("damage", ["garbage", "foreign", "folder_is_a_file", "in_use"])
def test_a_damaged_or_unwritable_history_file_is_one_line_and_the_floor_goes_on(
    broker, tmp_path, damage
):
    path = tmp_path / "h.sqlite3"
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
    elif damage == "foreign":
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE invoices (id INTEGER)")
    elif damage == "in_use":  # another café process keeps its history there
        other = HistoryStore(path)
    else:
        (tmp_path / "file").write_text("x")
        path = tmp_path / "file" / "h.sqlite3"
    before = path.read_bytes() if damage in ("garbage", "foreign") else None
    rogue = Rogue(broker)
    rogue.send("companion/cafe/tables/t1/status", good_status("t1"))
    cafe, url, lines = started(
        ["--mqtt", broker.url, "--venue", "cafe", "--history", str(path)], tmp_path
    )
    try:
        wait_until(lambda: get(url + "/api/tables")[1]["tables"], what="the floor's tile")
        status, body = get(url + "/api/history")
        assert status == 503 and "cannot use the café history file" in body["error"]["message"]
        assert str(path) in body["error"]["message"]
    finally:
        stop(cafe)
        rogue.close()
        if damage == "in_use":
            other.close()
    time.sleep(0.2)  # the last lines
    output = "".join(lines)
    assert f"error: cannot use the café history file {path}" in output
    assert "Traceback" not in output
    if before is not None:
        assert path.read_bytes() == before, "a file that is not ours is left as it was"


def test_the_report_counts_unpacked_tables_medians_and_days(tmp_path):
    store = HistoryStore(tmp_path / "h.sqlite3")
    today = dt.date.today()
    for minutes in (40, 20, 30):  # three Musée games on t1, each packed two minutes after
        ended = minutes_ago(minutes)
        body = state("t1", minutes, "finished", ended, started=ended - minutes * 60, ended=ended)
        store.take("cafe", "t1", "state", body, 0)
        store.take(
            "cafe",
            "t1",
            "state",
            dict(body, table_phase=dict(body["table_phase"], name="packed", since=ended + 120)),
            0,
        )
    late = minutes_ago(60)  # t2 finished an hour ago and was packed 15 min later
    store.take(
        "cafe",
        "t2",
        "state",
        state("t2", 1, "finished", late, started=late - 600, ended=late, slug="crypt"),
        0,
    )
    store.take("cafe", "t2", "state", state("t2", 2, "idle", late + 900), 0)
    got = report(store, *day_range(str(today - dt.timedelta(days=1)), str(today)), 10)
    per_game = {g["game"]: (g["count"], g["median_min"]) for g in got["games"]["per_game"]}
    assert per_game == {"musee": (3, 30.0), "crypt": (1, 10.0)}
    assert got["games"]["total"] == 4
    assert got["unpacked"] == {"count": 1, "per_table": [{"table": "t2", "count": 1}]}
    assert sum(d["count"] for d in got["games"]["per_day"]) == 4
    assert got["days"] == [str(today - dt.timedelta(days=1)), str(today)]
    # yesterday alone (unless the run is just after midnight) has none of them
    earlier = report(store, *day_range("2020-01-01", "2020-01-31"), 10)
    assert earlier["games"]["total"] == 0 and len(earlier["days"]) == 31
    for bad in (("2020-02-01", "2020-01-01"), ("yesterday", None), ("2020-01-01", "2022-01-01")):
        with pytest.raises(RangeError):
            day_range(*bad)
    store.close()


def test_a_restarted_table_names_its_game_as_before(broker, tmp_path, recorder_for):
    """The history keys a game by (table, game id, `created`): a table restarted on its own
    database must publish the same `created` (the replayed log keeps its times), or the café
    would count one game twice."""
    from cafehelpers import settings_for

    from cafe.table import TablePublisher
    from companion.model import Setup
    from companion.store import GameStore
    from web.runtime import Runtime

    recorder = recorder_for(broker, "companion/cafe/tables/t1/state")

    def created_published(fresh: bool, count: int) -> float:
        runtime = Runtime(
            GameStore(tmp_path / "t1.sqlite3"), "musee", Setup(2, ("Amy", "Ben")), fresh=fresh
        )
        publisher = TablePublisher(runtime, settings_for(broker), "cafe", "t1").start()
        try:
            states = recorder.wait_for(
                lambda m: len([p for t, p, r in m if not r]) >= count, what="the table's state"
            )
            return json.loads([p for t, p, r in states if not r][-1])["created"]
        finally:
            publisher.close(timeout_s=1)
            runtime.close()

    first = created_published(True, 1)
    time.sleep(1.1)  # a replay stamping records anew would now give another time
    assert first is not None and created_published(False, 2) == first
