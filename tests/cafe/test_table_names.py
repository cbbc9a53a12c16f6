"""Two tables started with the same --venue/--table: the second one refuses to start with one
clear line and the first is not disturbed. A table whose PC hung (its retained status still
says online, but its heartbeats stopped) does not block a replacement under its name."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cafehelpers import settings_for, wait_until
from test_cafe_page import start_cafe

from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.runtime import Runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

KEEPALIVE_S = 3


def demo(broker, tmp_path, db: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "companion",
        "demo",
        "--simulated",
        "--pace",
        "0.05",
        "--port",
        "0",
        "--db",
        str(tmp_path / db),
        "--mqtt",
        broker.url,
        "--table",
        "t1",
        "--venue",
        "cafe",
        "--mqtt-keepalive",
        str(KEEPALIVE_S),
    ]


def tile_of(view, name: str) -> dict | None:
    return next((t for t in view.snapshot()["tables"] if t["table"] == name), None)


def online_instances(messages) -> list[str]:
    return [
        json.loads(p)["instance"]
        for t, p, _ in messages
        if t == "companion/cafe/tables/t1/status" and p and json.loads(p)["status"] == "online"
    ]


def test_a_second_table_with_the_same_name_refuses_to_start(broker, recorder_for, tmp_path):
    recorder = recorder_for(broker)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    first = subprocess.Popen(
        demo(broker, tmp_path, "first.sqlite3"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    replacement = None
    try:
        first_instance = recorder.wait_for(online_instances, timeout_s=60, what="t1 online")[0]
        second = subprocess.run(
            demo(broker, tmp_path, "second.sqlite3"),
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
        )
        assert second.returncode == 2, second.stdout + second.stderr
        error = second.stderr.strip().splitlines()
        assert len(error) == 1 and "cafe/t1" in error[0] and "--table" in error[0], error
        assert "http://127.0.0.1:" in error[0], "says where the other table's dashboard is"
        assert not (tmp_path / "second.sqlite3").exists(), "refused before touching anything"
        # The first table was never pushed off the broker: it said online once, never offline.
        statuses = [
            json.loads(p)
            for t, p, _ in recorder.messages
            if t == "companion/cafe/tables/t1/status" and p
        ]
        assert [s["status"] for s in statuses] == ["online"]
        assert statuses[0]["instance"] == first_instance

        # Its PC hangs: the retained status still says online, but nothing is heard. A
        # replacement under the same name starts (after waiting out the heartbeats).
        first.send_signal(signal.SIGSTOP)
        replacement = subprocess.Popen(
            demo(broker, tmp_path, "second.sqlite3"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        recorder.wait_for(
            lambda m: [i for i in online_instances(m) if i != first_instance],
            timeout_s=60,
            what="the replacement online",
        )
        assert replacement.poll() is None
    finally:
        for process in (first, replacement):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait(timeout=10)


def test_two_tables_that_both_took_one_name_show_as_a_clash_on_the_cafe_view(
    broker, tmp_path, monkeypatch
):
    """Should two tables still share a name (check_name_first=False stands for tables that
    do not claim their name: older ones, or a broker ACL without the claim topic), the café
    view sees two instances taking turns and says so."""
    from cafe import hub

    monkeypatch.setattr(hub, "CLASH_FORGOTTEN_AFTER_S", 4.0)
    view = hub.CafeView(settings_for(broker), "cafe").start()
    made = []
    try:
        for db in ("a.sqlite3", "b.sqlite3"):
            runtime = Runtime(GameStore(tmp_path / db), "musee", Setup(2, ("Amy", "Ben")))
            made.append(
                (
                    runtime,
                    TablePublisher(
                        runtime, settings_for(broker), "cafe", "t1", check_name_first=False
                    ).start(),
                )
            )
        wait_until(
            lambda: tile_of(view, "t1") and tile_of(view, "t1")["name_clash"],
            30,
            "the café view seeing two tables under one name",
        )
        runtime, publisher = made.pop()
        publisher.close(timeout_s=0.5)
        runtime.close()
        wait_until(
            lambda: not tile_of(view, "t1")["name_clash"],
            20,
            "the clash forgotten once one table is left",
        )
        assert tile_of(view, "t1")["online"]
    finally:
        for runtime, publisher in made:
            publisher.close(timeout_s=0.5)
            runtime.close()
        view.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_cafe_page_says_two_tables_claim_one_name(broker, tmp_path):
    pytest.importorskip("playwright.sync_api")
    cafe, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    made = []
    try:
        for db in ("a.sqlite3", "b.sqlite3"):
            runtime = Runtime(GameStore(tmp_path / db), "musee", Setup(2, ("Amy", "Ben")))
            made.append(
                (
                    runtime,
                    TablePublisher(
                        runtime, settings_for(broker), "cafe", "t1", check_name_first=False
                    ).start(),
                )
            )
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url + "/")
            clash = page.locator('.tile[data-table="t1"] .name-clash')
            clash.wait_for(timeout=30000)
            assert "Two running tables both call themselves t1" in clash.inner_text()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.locator('.tile[data-table="t1"]').screenshot(
                path=str(SHOTS / "cafe-name-clash.png")
            )
            page.click("#lang-zh")
            assert "t1" in clash.inner_text() and "Two" not in clash.inner_text()
            browser.close()
    finally:
        for runtime, publisher in made:
            publisher.close(timeout_s=0.5)
            runtime.close()
        cafe.terminate()
        cafe.wait(timeout=15)
