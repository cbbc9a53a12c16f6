"""Hostile, buggy or repeated messages on the topics the café's history reads never break the
history file, never count anything twice, and never stop a good message after them from
being kept."""

from __future__ import annotations

import json
import sqlite3

from history_payloads import a_game, alerts, help_call, minutes_ago, packup_check
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile_messages import json_values

from cafe import payloads as P
from cafe.history import HistoryStore, counts

PHASE_KEYS = ["name", "since", "started", "ended"]
ALERT_KEYS = ["id", "kind", "code", "since", "acknowledged", "acknowledged_at", "cards"]


def feed(store: HistoryStore, table: str, kind: str, body) -> bool:
    """Through the café view's own checks, as the view feeds the store; True if taken."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    try:
        venue, table, kind, clean = P.read(f"companion/cafe/tables/{table}/{kind}", data)
    except P.Rejected:
        return False
    store.take(venue, table, kind, clean, 0.0)
    return True


def spoiled(body: dict, where: list[str], key: str, value) -> dict:
    """`body` with one field (at `where`, then `key`) replaced by `value`."""
    body = json.loads(json.dumps(body))
    target = body
    for step in where:
        target = target[step]
        if isinstance(target, list):  # the first alert of the list
            target = target[0]
    target[key] = value
    return body


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    spoils=st.lists(
        st.one_of(
            st.tuples(
                st.just("state"), st.just(["table_phase"]), st.sampled_from(PHASE_KEYS), json_values
            ),
            st.tuples(
                st.just("state"),
                st.just([]),
                st.sampled_from(["game_id", "over", "created", "game", "scores"]),
                json_values,
            ),
            st.tuples(
                st.just("alerts"), st.just(["alerts"]), st.sampled_from(ALERT_KEYS), json_values
            ),
        ),
        max_size=6,
    ),
    repeats=st.integers(1, 3),
)
def test_hostile_history_messages_break_nothing_and_count_nothing_twice(
    tmp_path_factory, spoils, repeats
):
    path = tmp_path_factory.mktemp("history") / "h.sqlite3"
    store = HistoryStore(path)
    game = a_game("t1", 1, minutes_ago(40), minutes_ago(10))
    call = alerts("t2", help_call(minutes_ago(5), minutes_ago(4)))
    check = alerts("t3", packup_check(minutes_ago(1), ["MU17"]))
    for kind, where, key, value in spoils:  # each hostile message, then its repeats
        good = game[-1] if kind == "state" else call
        body = spoiled(good, where, key, value)
        feed(store, "t1" if kind == "state" else "t2", kind, body)
        once = counts(path)
        for _ in range(repeats):
            feed(store, "t1" if kind == "state" else "t2", kind, body)
        assert counts(path) == once, "a repeated message counted again"
    assert store.failure is None
    for _ in range(repeats):  # then the good ones, repeated as retained copies would be
        for body in game:
            assert feed(store, "t1", "state", body)
        assert feed(store, "t2", "alerts", call)
        assert feed(store, "t3", "alerts", check)
    assert store.failure is None
    got = counts(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        real = db.execute(
            "SELECT COUNT(*) FROM games WHERE tbl = 't1' AND game_id = 1 AND game_key = ?",
            (game[-1]["created"],),
        ).fetchone()[0]
    assert real == 1, "the real game is kept exactly once"
    assert got["packups"] == 1
    store.close()


def test_messages_the_history_must_never_keep(tmp_path):
    store = HistoryStore(tmp_path / "h.sqlite3")
    finished = a_game("t1", 1, minutes_ago(40), minutes_ago(10))[-1]
    bad = [
        ("t1", "state", spoiled(finished, ["table_phase"], "ended", float("nan"))),
        ("t1", "state", spoiled(finished, ["table_phase"], "name", "won")),
        ("t1", "state", spoiled(finished, [], "v", 99)),
        ("t1", "state", spoiled(finished, [], "table", "t9")),
        ("t2", "alerts", spoiled(alerts("t2", help_call(1.0)), ["alerts"], "since", "soon")),
        ("t2", "alerts", alerts("t2", *[help_call(float(n)) for n in range(65)])),
        ("t1", "state", b'{"v": 1, "game": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
    ]
    for table, kind, body in bad:
        assert not feed(store, table, kind, body), body if isinstance(body, dict) else kind
    assert counts(tmp_path / "h.sqlite3") == {
        "phases": 0,
        "games": 0,
        "help_calls": 0,
        "packups": 0,
    }
    # a state from an older table (no sensed phase) is shown on the floor but keeps nothing
    older = dict(finished, table_phase=None)
    assert feed(store, "t1", "state", older)
    assert counts(tmp_path / "h.sqlite3")["games"] == 0
    store.close()
