"""One name, one table, also when two tables start at the same moment: each claims the name
with a retained message and only the one whose claim the broker ordered first starts (see
cafe/TOPICS.md, "claim"). A table that died does not keep its name."""

from __future__ import annotations

import json
import threading
import time

from cafehelpers import stop, wait_until
from test_table_names import online_instances, replace_frozen, start_first

from cafe import topics as T
from cafe.table import TableNameTakenError
from companion.model import Setup
from companion.store import GameStore
from companion_cli._shared import publisher_factory
from web.runtime import Runtime

ROUNDS = 5


def options_for(broker) -> dict:
    return {"mqtt_url": broker.url, "venue": "cafe", "table_name": "t1", "mqtt_keepalive": 2}


def test_two_tables_started_at_the_same_moment_one_starts_the_other_refuses(
    broker, recorder_for, tmp_path, monkeypatch
):
    """What `companion serve/demo --table t1` does, twice at once (two threads released by a
    barrier), five times: exactly one table starts, the other refuses with the one line.

    The worst moment is forced: both tables have looked and found the name free before either
    claims it (a second barrier, where the claim is made; on a busy machine one thread could
    otherwise lag enough to find the other's claim already there)."""
    recorder = recorder_for(broker, "companion/cafe/tables/t1/claim")
    racers: set[int] = set()
    claim_barrier: list[threading.Barrier] = []
    make_claim = T.claim_payload if hasattr(T, "claim_payload") else None

    def claim_at_the_same_moment(*args, **kwargs):
        if threading.get_ident() in racers:  # not the winner's connection claiming again
            try:
                claim_barrier[-1].wait(timeout=5)
            except threading.BrokenBarrierError:
                pass
        return make_claim(*args, **kwargs)

    monkeypatch.setattr(T, "claim_payload", claim_at_the_same_moment, raising=False)
    began = time.monotonic()
    for round_number in range(ROUNDS):
        with recorder.lock:
            recorder.messages.clear()
        barrier = threading.Barrier(2)
        claim_barrier.append(threading.Barrier(2))
        outcomes: list = [None, None]

        def start(i: int, barrier: threading.Barrier, outcomes: list) -> None:
            racers.add(threading.get_ident())
            barrier.wait(timeout=10)
            try:
                outcomes[i] = publisher_factory(options_for(broker))
            except TableNameTakenError as refused:
                outcomes[i] = refused

        threads = [threading.Thread(target=start, args=(i, barrier, outcomes)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=20)
        racers.clear()
        refusals = [o for o in outcomes if isinstance(o, TableNameTakenError)]
        started = [o for o in outcomes if callable(o)]
        assert len(started) == 1 and len(refusals) == 1, (round_number, outcomes)
        line = str(refusals[0])
        assert "\n" not in line and "cafe/t1" in line and "--table" in line, line
        # A real race: both looked before either had claimed, so both claimed the name.
        recorder.wait_for(
            lambda m: (
                len({json.loads(p)["instance"] for _, p, retained in m if p and not retained}) == 2
            ),
            timeout_s=5,
            what="two tables claiming t1",
        )
        # The winner plays and publishes; a clean stop gives the name back for the next round.
        runtime = Runtime(
            GameStore(tmp_path / f"round{round_number}.sqlite3"), "musee", Setup(2, ("Amy", "Ben"))
        )
        publisher = started[0](runtime, None)
        try:
            wait_until(lambda publisher=publisher: publisher.connected, 10, "the winner connected")
        finally:
            publisher.close(timeout_s=1)
            runtime.close()
    assert time.monotonic() - began < 60


def test_a_killed_tables_name_is_free_once_its_heartbeats_are_overdue(
    broker, recorder_for, tmp_path
):
    """A table that stops dead (a hung PC: its connection stays open, its claim and its online
    status stay retained) keeps its name only until its heartbeats are overdue."""
    recorder = recorder_for(broker)
    first = start_first(broker, tmp_path)
    second = None
    try:
        first_instance = recorder.wait_for(online_instances, timeout_s=60, what="t1 online")[0]
        claims = [json.loads(p) for p, _ in recorder.on("/t1/claim") if p]
        assert claims and claims[-1]["instance"] == first_instance
        second, stopped_at = replace_frozen(broker, tmp_path, recorder, first, first_instance)
        assert second.poll() is None
        # Not before the dead table's heartbeats were overdue (2.5 beats of 1 s).
        assert time.monotonic() - stopped_at >= 2.5
    finally:
        stop(first, second, kill=True, timeout_s=10)
