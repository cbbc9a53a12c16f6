"""A table's answer to the café's "send me your log since T" (cafe.catchup) is untrusted like any
message: hostile, buggy, repeated or unasked-for pages never break the history file, never
count anything twice, never touch another table's rows, and never keep the café paging."""

from __future__ import annotations

import json
import sqlite3

from history_payloads import a_game, alerts, help_call, minutes_ago, packup_check
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile_messages import json_values

from cafe import catchup as C
from cafe import payloads as P
from cafe import topics as T
from cafe.history import HistoryStore, counts
from cafe.table_log import PAGE_BYTES, PAGE_ENTRIES, TableLog


class Cafe:
    """A CatchUp on a real history file, its requests and rejections kept for the test."""

    def __init__(self, path):
        self.store = HistoryStore(path)
        self.asked: list[tuple[str, str, dict]] = []
        self.rejected: list[tuple[str, str]] = []
        self.catchup = C.CatchUp(
            self.store, lambda *sent: self.asked.append(sent), lambda *r: self.rejected.append(r)
        )
        self.catchup.connected()

    def ask(self, table: str) -> dict:
        """The table's live `online`: the café asks it (again) for its log."""
        self.catchup.heard("cafe", table, "status", {"status": "online"}, False)
        return self.asked[-1][2]

    def page(self, table: str, body) -> bool:
        """Through the view's own checks, as the view hands a page over; True if read."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        try:
            venue, table, _, clean = P.read(f"companion/cafe/tables/{table}/log", data)
        except P.Rejected:
            return False
        self.catchup.take(venue, table, clean, 0.0)
        return True


def page_of(request: dict, table: str, entries: list, next_id=None) -> dict:
    return {
        "v": 1,
        "venue": "cafe",
        "table": table,
        "request": request["request"],
        "since": request["since"],
        "after": request["after"],
        "next": next_id,
        "entries": entries,
    }


def good_entries(table: str) -> list[dict]:
    game = [
        {"kind": "state", "body": body}
        for body in a_game(table, 1, minutes_ago(40), minutes_ago(10))
    ]
    call = alerts(table, help_call(minutes_ago(5), minutes_ago(4)))
    check = alerts(table, packup_check(minutes_ago(1), ["MU17"]))
    return game + [{"kind": "alerts", "body": call}, {"kind": "alerts", "body": check}]


def spoil(entry: dict, key: str, value) -> dict:
    body = json.loads(json.dumps(entry["body"]))
    target = body
    if key in ("name", "since", "started", "ended") and entry["kind"] == "state":
        target = body["table_phase"]
    elif entry["kind"] == "alerts" and key not in ("v", "venue", "table", "ts"):
        target = body["alerts"][0]
    target[key] = value
    return {"kind": entry["kind"], "body": body}


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    spoils=st.lists(
        st.tuples(
            st.integers(0, 5),
            st.sampled_from(
                ["v", "venue", "table", "game_id", "over", "created", "scores", "game", "name"]
                + ["since", "started", "ended", "ts", "kind", "acknowledged_at", "alerts"]
            ),
            json_values,
        ),
        max_size=6,
    ),
    envelope=st.dictionaries(
        st.sampled_from(["request", "after", "next", "entries", "since", "v", "table"]),
        json_values,
        max_size=2,
    ),
    repeats=st.integers(1, 3),
)
def test_hostile_log_pages_break_nothing_and_count_nothing_twice(
    tmp_path_factory, spoils, envelope, repeats
):
    path = tmp_path_factory.mktemp("history") / "h.sqlite3"
    cafe = Cafe(path)
    # t2's own, good evening first: a hostile t1 must not change any of it
    request = cafe.ask("t2")
    assert cafe.page("t2", page_of(request, "t2", good_entries("t2")))
    t2_rows = counts(path)
    request = cafe.ask("t1")
    good = good_entries("t1")
    bad = [spoil(good[index % len(good)], key, value) for index, key, value in spoils]
    for _ in range(repeats):  # hostile pages, their repeats, and a spoiled envelope
        cafe.page("t1", page_of(request, "t1", bad))
        cafe.page("t1", {**page_of(request, "t1", bad), **envelope})
    assert cafe.store.failure is None
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        others = db.execute("SELECT COUNT(*) FROM games WHERE tbl != 't1'").fetchone()[0]
    assert others == t2_rows["games"], "one table's log never touches another's rows"
    # then the good log, twice over: each thing once
    again = cafe.ask("t1")
    for _ in range(2):
        cafe.page("t1", page_of(again, "t1", good))
    with sqlite3.connect(path) as db:
        real = db.execute(
            "SELECT COUNT(*) FROM games WHERE tbl = 't1' AND game_id = 1 AND game_key = ?",
            (good[-3]["body"]["created"],),
        ).fetchone()[0]
        packups = db.execute("SELECT COUNT(*) FROM packups WHERE tbl = 't1'").fetchone()[0]
    assert real == 1 and packups == 1
    cafe.store.close()


def test_pages_nobody_asked_for_and_endless_paging_are_refused(tmp_path, monkeypatch):
    cafe = Cafe(tmp_path / "h.sqlite3")
    entries = good_entries("t1")
    unasked = {"request": "x" * 16, "since": 0, "after": 0}
    assert cafe.page("t1", page_of(unasked, "t1", entries))
    assert counts(tmp_path / "h.sqlite3")["games"] == 0 and len(cafe.rejected) == 1
    request = cafe.ask("t1")
    stale = dict(request, after=5)  # a page the café did not ask for (yet)
    cafe.page("t1", page_of(stale, "t1", entries))
    assert counts(tmp_path / "h.sqlite3")["games"] == 0 and len(cafe.rejected) == 2
    backwards = page_of(request, "t1", entries, next_id=0)
    assert not cafe.page("t1", backwards), "a page must move forward"
    monkeypatch.setattr(C, "MAX_PAGES", 3)
    for _ in range(10):  # a table that always says "there is more"
        current = cafe.asked[-1][2]
        cafe.page("t1", page_of(current, "t1", [], next_id=current["after"] + 1))
    assert len(cafe.asked) == 3, "asked for the first page and two more, then stopped"
    assert len(cafe.rejected) == 2 + 10 - 3, "the pages after the third were not asked for"
    assert counts(tmp_path / "h.sqlite3")["games"] == 0
    cafe.store.close()


def test_a_call_caught_up_later_does_not_clear_a_newer_call(tmp_path):
    """The café kept t1's call raised at 10:05 live; the log's older entries (a call at 10:00
    cleared at 10:02) arrive after it: the newer call stays open."""
    cafe = Cafe(tmp_path / "h.sqlite3")
    store = cafe.store
    older, newer = minutes_ago(60), minutes_ago(5)
    store.take(
        "cafe", "t1", "alerts", P.check("cafe", "t1", "alerts", alerts("t1", help_call(newer))), 0
    )
    request = cafe.ask("t1")
    cleared = dict(alerts("t1"), ts=older + 120)
    cafe.page(
        "t1",
        page_of(
            request,
            "t1",
            [
                {"kind": "alerts", "body": dict(alerts("t1", help_call(older)), ts=older)},
                {"kind": "alerts", "body": cleared},
            ],
        ),
    )
    rows = dict(store.read("SELECT since, cleared_at FROM help_calls WHERE tbl = 't1'"))
    assert rows == {newer: None, older: older + 120}
    store.close()


def test_the_tables_log_keeps_what_the_history_keeps_and_answers_bounded_pages(tmp_path):
    topics = T.TableTopics("cafe", "t1")
    now = [1000.0]
    table_log = TableLog(tmp_path / "table.sqlite3", topics, clock=lambda: now[0])
    game = a_game("t1", 1, 40.0, 10.0)
    for body in game:  # each state published again (a camera change): kept once
        now[0] += 1
        assert table_log.note("state", body)
        assert not table_log.note("state", dict(body, camera={"attached": True}))
    assert table_log.note("alerts", alerts("t1")) is False, "no alerts at start: nothing new"
    assert table_log.note("alerts", alerts("t1", help_call(1000.0)))
    assert not table_log.note("alerts", alerts("t1", help_call(1000.0))), "no change"
    assert table_log.note("alerts", alerts("t1", help_call(1000.0, 1060.0)))
    big = dict(game[-1], players=["x" * 400] * 60)
    for n in range(100):
        now[0] += 1
        table_log.note("state", dict(big, game_id=100 + n))
    request = T.log_request_payload("r1", 0.0)
    seen, pages = [], 0
    while True:
        page = table_log.answer(request)
        pages += 1
        assert len(page["entries"]) <= PAGE_ENTRIES
        assert len(T.encode(page)) <= P.MAX_BYTES["log"]
        P.read("companion/cafe/tables/t1/log", T.encode(page))  # the café reads it
        seen += page["entries"]
        if page["next"] is None:
            break
        request = dict(request, after=page["next"])
    assert len(seen) == len(game) + 2 + 100
    assert pages >= 100 * 24_000 // PAGE_BYTES, "big entries: fewer per page"
    later = table_log.answer(T.log_request_payload("r2", now[0]))
    assert [e["body"]["game_id"] for e in later["entries"]] == [199]
    for bad in ({"v": 2}, dict(request, since="soon"), dict(request, after=-1), {"v": 1}):
        assert table_log.answer(bad) is None
    table_log.close()
