"""`companion cafe`: the page's API on a real broker, and the page itself in Chromium."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cafehelpers import place, settings_for, wait_until

from cafe import broker as broker_module
from cafe.app import create_cafe_app
from cafe.hub import CafeView
from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.runtime import RuleBreak, Runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium


@pytest.fixture
def tables(broker, tmp_path):
    """Simulated tables: a real runtime and publisher each, no camera."""
    made = []

    def make(name, names=("Amy", "Ben")):
        runtime = Runtime(GameStore(tmp_path / f"{name}.sqlite3"), "musee", Setup(2, names))
        publisher = TablePublisher(
            runtime, settings_for(broker), "cafe", name, dashboard_url=f"http://127.0.0.1:9/{name}/"
        ).start()
        made.append((runtime, publisher))
        return runtime

    yield make
    for runtime, publisher in made:
        publisher.close(timeout_s=0.5)
        runtime.close()


def test_the_cafe_api_lists_tiles_and_sends_acknowledgements(broker, tables):
    view = CafeView(settings_for(broker), "cafe", client_id="cafe-api").start()
    try:
        client = create_cafe_app(view, heartbeat_s=0.05).test_client()
        table = tables("t1")
        table.play(place(0, 10, 0), None)
        tile = wait_until(
            lambda: [
                t
                for t in client.get("/api/tables").get_json()["tables"]
                if t["state"] and t["state"]["state_id"] == 1
            ],
            what="a tile",
        )[0]
        assert tile["online"] and tile["state"]["turn"] == ["Ben"]
        assert tile["status"]["dashboard"] == "http://127.0.0.1:9/t1/"
        assert tile["state"]["scores"][0]["label"]["en"] == "Amy"

        page = client.get("/")
        assert page.status_code == 200 and b"cafe.js" in page.data
        assert page.headers["X-Content-Type-Options"] == "nosniff"
        assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
        assert client.get("/i18n.js").status_code == 200

        unknown = client.post("/api/ack", json={"venue": "cafe", "table": "t1", "alert": "x"})
        assert unknown.status_code == 404 and unknown.get_json()["error"]["code"] == "not_found"
        assert client.post("/api/ack", data="venue=cafe").status_code == 415
        assert client.post("/api/ack", json={"venue": 1}).status_code == 400
        foreign = client.post(
            "/api/ack",
            json={"venue": "cafe", "table": "t1", "alert": "x"},
            headers={"Origin": "http://evil.example"},
        )
        assert foreign.status_code == 403

        with pytest.raises(RuleBreak):
            table.correct(None, "add", "MU20", "museum0", [0, 1])  # Ben's card in Amy's museum
        alert = wait_until(lambda: view.snapshot()["tables"][0]["alerts"], what="the alert")[0]
        answer = client.post(
            "/api/ack", json={"venue": "cafe", "table": "t1", "alert": alert["id"]}
        )
        assert answer.status_code == 200
        wait_until(
            lambda: view.snapshot()["tables"][0]["alerts"][0]["acknowledged"],
            what="the table's acknowledgement",
        )

        # A tile links only to an http(s) address, whatever a table claims.
        rogue = settings_for(broker).client("rogue", clean_session=True)
        rogue.connect("127.0.0.1", broker.port, 5)
        rogue.loop_start()
        rogue.publish(
            "companion/cafe/tables/evil/status",
            json.dumps({"v": 1, "status": "online", "dashboard": "javascript:alert(1)"}),
            qos=1,
            retain=True,
        ).wait_for_publish(5)
        rogue.disconnect()
        rogue.loop_stop()
        evil = wait_until(
            lambda: [t for t in view.snapshot()["tables"] if t["table"] == "evil"],
            what="the rogue tile",
        )[0]
        assert evil["online"] and evil["status"]["dashboard"] is None

        stream = client.get("/api/stream", buffered=False)
        first = next(stream.response).decode()
        assert first.startswith("data: ")
        whole = json.loads(first[6:])
        assert [t["table"] for t in whole["changed"]] == ["evil", "t1"], "first: every tile"
        assert whole["keys"] == ["cafe/evil", "cafe/t1"] and whole["since"] == -1
        # Then only what changed (200 tables: not the whole floor hundreds of times a second)
        table.play(place(1, 20, 0), None)
        update = wait_until(
            lambda: next(
                u
                for u in (json.loads(m[6:]) for m in stream.response if m.startswith(b"data: "))
                if any(t["table"] == "t1" and t["state"]["state_id"] == 2 for t in u["changed"])
            ),
            what="the new move in the stream",
        )
        assert [t["table"] for t in update["changed"]] == ["t1"], "the unchanged tile is not sent"
        assert update["keys"] == ["cafe/evil", "cafe/t1"] and update["since"] >= whole["version"]
        stream.close()
    finally:
        view.close()


def test_without_mosquitto_the_cafe_says_which_package_to_install(monkeypatch):
    monkeypatch.setattr(broker_module, "mosquitto_binary", lambda: None)
    with pytest.raises(broker_module.BrokerUnavailableError, match="apt-get install mosquitto"):
        broker_module.LocalBroker()


def start_cafe(args, cwd) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "cafe", "--port", "0", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # its history file in the test's folder, never the user's data folder
        env={**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(cwd)},
    )
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            break
        lines.append(line)
        if line.startswith("Café page"):
            process.opening_lines = lines  # type: ignore[attr-defined]
            return process, line.rsplit(" ", 1)[1].strip().rstrip("/")
    process.kill()
    raise AssertionError("companion cafe did not start:\n" + "".join(lines))


def test_with_no_broker_given_the_cafe_starts_a_local_mosquitto(tmp_path):
    port = broker_module.free_port()
    process, url = start_cafe(["--broker-port", str(port)], tmp_path)
    try:
        import urllib.request

        with urllib.request.urlopen(url + "/api/tables", timeout=10) as answer:
            body = json.load(answer)
        assert body["broker"] == f"mqtt://127.0.0.1:{port}"
        wait_until(
            lambda: json.load(urllib.request.urlopen(url + "/api/tables", timeout=5))["connected"],
            what="the café view connected to its own broker",
        )
    finally:
        process.terminate()
        process.wait(timeout=15)
    with pytest.raises(OSError):
        import socket

        socket.create_connection(("127.0.0.1", port), timeout=1).close()  # stopped with it


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_cafe_page_shows_three_tables_and_an_alert_coming_and_going(broker, tables, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    process, url = start_cafe(["--mqtt", broker.url, "--venue", "cafe"], tmp_path)
    t1 = tables("t1", ("Amy", "Ben"))
    tables("t2", ("Cy", "Di"))  # the second table is only there to be shown
    t3 = tables("t3", ("Eve", "Fay"))
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.set_default_timeout(15000)
            page.goto(url + "/")
            expect = sync_api.expect
            expect(page.locator(".tile.online")).to_have_count(3)
            assert page.locator(".tile .tile-name").all_inner_texts() == ["t1", "t2", "t3"]
            assert (
                page.locator('.tile[data-table="t2"] .tile-name').get_attribute("href")
                == "http://127.0.0.1:9/t2/"
            )

            # A move at t1: its tile shows the new score and whose turn it is.
            t1.play(place(0, 10, 0), None)
            expect(page.locator('.tile[data-table="t1"] .turn-line')).to_contain_text("Ben to play")
            assert page.locator('.tile[data-table="t1"] .player.turn .name').inner_text() == "Ben"

            # A rule break at t3 appears as an alert; staff acknowledge it; it clears when fixed.
            with pytest.raises(RuleBreak):
                t3.correct(None, "add", "MU20", "museum1", [0, 0])  # Eve's card in Fay's museum
            alert = page.locator('.tile[data-table="t3"] .alert')
            alert.wait_for()
            assert "museum" in alert.inner_text()
            assert page.locator(".tile.has-alerts").count() == 1
            page.screenshot(path=str(SHOTS / "cafe-alert.png"))
            alert.locator("button.ack").click()
            page.locator('.tile[data-table="t3"] .alert.acked').wait_for()
            t3.correct(None, "remove", "MU20")
            page.locator('.tile[data-table="t3"] .alert').wait_for(state="detached")
            assert page.locator(".tile.has-alerts").count() == 0

            page.click("#lang-zh")
            assert "輪到 Ben" in page.locator('.tile[data-table="t1"] .turn-line').inner_text()
            page.screenshot(path=str(SHOTS / "cafe-zh.png"))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_two_cafe_views_on_one_broker_both_stay_connected(broker, tables):
    tv = CafeView(settings_for(broker), "cafe").start()
    laptop = CafeView(settings_for(broker), "cafe").start()
    try:
        assert tv.wait_connected() and laptop.wait_connected()
        tables("t1")
        wait_until(
            lambda: tv.snapshot()["tables"] and laptop.snapshot()["tables"],
            what="the tile on both views",
        )
        time.sleep(0.5)
        assert tv.connected and laptop.connected, "neither pushed the other off the broker"
    finally:
        tv.close()
        laptop.close()
