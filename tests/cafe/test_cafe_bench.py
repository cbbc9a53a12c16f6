"""The café benchmark end to end, small. Opt-in (about a minute, most of it reading every
recorded game through the camera pipeline once, then cached):

    .venv/bin/python -m pytest -m slow tests/cafe/test_cafe_bench.py
"""

import json

import pytest

from cafe.bench import Bench
from cafe.replay import LogReplayWatcher, sample_logs, setup_of
from companion.store import GameStore
from web.runtime import Runtime

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def only_when_asked(request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("opt-in: run with -m slow (keeps the default suite small)")


def test_a_replayed_log_is_the_log_the_table_wrote(tmp_path):
    for path in sample_logs():
        log = json.loads(path.read_text(encoding="utf-8"))
        runtime = Runtime(
            GameStore(tmp_path / f"{path.stem}.sqlite3"), log["game"], setup_of(log), fresh=True
        )
        runtime.watcher = watcher = LogReplayWatcher(log)
        while not watcher.finished:
            runtime.step_once()
        replayed = [
            {k: v for k, v in r.items() if k not in ("seq", "ts")}
            for r in runtime.session.records[1:]
        ]
        assert replayed == [item["record"] for item in log["records"]], path.name
        assert runtime.session.game.is_over(runtime.session.state), "the game is played out"
        runtime.close()


def test_three_tables_lose_and_repeat_nothing_across_a_broker_restart():
    result = Bench(tables=3, duration_s=20, keepalive_s=2, out=lambda line: None).run()
    assert result["broker_restart"]["lost"] == 0
    assert result["broker_restart"]["duplicated"] == 0
    assert result["lost"] == 0, "every record of every table's log reached the café"
    assert result["gaps_seen"] == 0
    assert result["killed_offline_s"] is not None and result["frozen_offline_s"] is not None
    assert result["events_logged"] > 0 and result["latency_ms"]["samples"] > 0
    assert result["help_latency_ms"]["samples"] == 3, "every table's call reached the café"
    assert result["help_ack_round_trip_ms"]["samples"] == 3, "and staff's answer came back"
    assert result["cafe_process"]["tiles"] == 3 and result["cafe_process"]["memory_mb"]["peak"]
    assert result["unsent_at_stop"] == 0
