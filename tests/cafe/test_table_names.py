"""Two tables started with the same --venue/--table: the second one refuses to start with one
clear line and the first is not disturbed. A table whose PC hung (its retained status still
says online, but its heartbeats stopped) does not block a replacement under its name."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from cafe.table import find_running_table
from cafehelpers import settings_for

KEEPALIVE_S = 3


def demo(broker, tmp_path, db: str) -> list[str]:
    return [sys.executable, "-m", "companion", "demo", "--simulated", "--pace", "0.05",
            "--port", "0", "--db", str(tmp_path / db), "--mqtt", broker.url, "--table", "t1",
            "--venue", "cafe", "--mqtt-keepalive", str(KEEPALIVE_S)]


def online_instances(messages) -> list[str]:
    return [json.loads(p)["instance"] for t, p, _ in messages
            if t == "companion/cafe/tables/t1/status" and p
            and json.loads(p)["status"] == "online"]


def test_a_second_table_with_the_same_name_refuses_to_start(broker, recorder_for, tmp_path):
    recorder = recorder_for(broker)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    first = subprocess.Popen(demo(broker, tmp_path, "first.sqlite3"), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env)
    replacement = None
    try:
        first_instance = recorder.wait_for(online_instances, timeout_s=60, what="t1 online")[0]
        second = subprocess.run(demo(broker, tmp_path, "second.sqlite3"), capture_output=True,
                                text=True, timeout=60, env=env)
        assert second.returncode == 2, second.stdout + second.stderr
        error = second.stderr.strip().splitlines()
        assert len(error) == 1 and "cafe/t1" in error[0] and "--table" in error[0], error
        assert "http://127.0.0.1:" in error[0], "says where the other table's dashboard is"
        assert not (tmp_path / "second.sqlite3").exists(), "refused before touching anything"
        # The first table was never pushed off the broker: it said online once, never offline.
        statuses = [json.loads(p) for t, p, _ in recorder.messages
                    if t == "companion/cafe/tables/t1/status" and p]
        assert [s["status"] for s in statuses] == ["online"]
        assert statuses[0]["instance"] == first_instance

        # Its PC hangs: the retained status still says online, but nothing is heard. A
        # replacement under the same name starts (after waiting out the heartbeats).
        first.send_signal(signal.SIGSTOP)
        assert find_running_table(settings_for(broker), "cafe", "t1", "someone-else") is None
        replacement = subprocess.Popen(demo(broker, tmp_path, "second.sqlite3"),
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       text=True, env=env)
        recorder.wait_for(lambda m: [i for i in online_instances(m) if i != first_instance],
                          timeout_s=60, what="the replacement online")
        assert replacement.poll() is None
    finally:
        for process in (first, replacement):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait(timeout=10)
