"""Two tables started with the same --venue/--table: the second one refuses to start with one
clear line and the first is not disturbed. A table whose PC hung (its retained status still
says online, but its heartbeats stopped) does not block a replacement under its name."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cafehelpers import demo_command, settings_for, stop, tile_of, unbuffered, wait_until
from test_cafe_page import start_cafe

from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.runtime import Runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


def demo(broker, tmp_path, db: str) -> list[str]:
    return demo_command(broker.url, tmp_path / db)


def start_first(broker, tmp_path) -> subprocess.Popen:
    """The first demo table t1 (its game in first.sqlite3, its output dropped)."""
    return subprocess.Popen(
        demo(broker, tmp_path, "first.sqlite3"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=unbuffered(),
    )


def replace_frozen(broker, tmp_path, recorder, first, first_instance):
    """Freeze the `first` table (SIGSTOP: a hung PC, its connection left open) and start a
    replacement t1 (second.sqlite3); returns it once the recorder heard it online, and when
    the first froze (time.monotonic)."""
    first.send_signal(signal.SIGSTOP)
    stopped_at = time.monotonic()
    replacement = subprocess.Popen(
        demo(broker, tmp_path, "second.sqlite3"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=unbuffered(),
    )
    try:
        recorder.wait_for(
            lambda m: [i for i in online_instances(m) if i != first_instance],
            timeout_s=60,
            what="the replacement online",
        )
    except BaseException:
        stop(replacement, kill=True, timeout_s=10)
        raise
    return replacement, stopped_at


def online_instances(messages) -> list[str]:
    return [
        json.loads(p)["instance"]
        for t, p, _ in messages
        if t == "companion/cafe/tables/t1/status" and p and json.loads(p)["status"] == "online"
    ]


def share_one_name(broker, tmp_path, made: list) -> None:
    """Two tables publishing as t1 without claiming the name first (check_name_first=False:
    older tables, or a broker ACL without the claim topic), each added to `made` as
    (runtime, publisher) as soon as it runs, so that the caller closes every one."""
    for db in ("a.sqlite3", "b.sqlite3"):
        runtime = Runtime(GameStore(tmp_path / db), "musee", Setup(2, ("Amy", "Ben")))
        publisher = TablePublisher(
            runtime, settings_for(broker), "cafe", "t1", check_name_first=False
        )
        made.append((runtime, publisher.start()))


def test_a_second_table_with_the_same_name_refuses_to_start(broker, recorder_for, tmp_path):
    recorder = recorder_for(broker)
    env = unbuffered()
    first = start_first(broker, tmp_path)
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
        replacement, _ = replace_frozen(broker, tmp_path, recorder, first, first_instance)
        assert replacement.poll() is None
    finally:
        stop(first, replacement, kill=True, timeout_s=10)


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
        share_one_name(broker, tmp_path, made)
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
        share_one_name(broker, tmp_path, made)
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url + "/")
            clash = page.locator('.tile[data-table="t1"] .name-clash')
            clash.wait_for(timeout=30000)
            assert "Two running tables both call themselves t1" in clash.inner_text()
            SHOTS.mkdir(parents=True, exist_ok=True)
            # the whole page: the café's stream may redraw the tile between finding it and
            # taking its picture (an element screenshot then fails: detached from the DOM)
            page.screenshot(path=str(SHOTS / "cafe-name-clash.png"))
            page.click("#lang-zh")
            assert "t1" in clash.inner_text() and "Two" not in clash.inner_text()
            browser.close()
    finally:
        for runtime, publisher in made:
            publisher.close(timeout_s=0.5)
            runtime.close()
        cafe.terminate()
        cafe.wait(timeout=15)
