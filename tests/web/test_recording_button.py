"""The camera check's "Save a recording of this game" button: the API behind it on a real
pipeline over sample frames, its refusals, and the button itself in Chromium."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from webhelpers import BROWSER_TESTS, call

from web.camera import SAMPLES, open_watcher
from web.recording import load_recording


@pytest.fixture
def frames(tmp_path) -> Path:
    folder = tmp_path / "camera"
    folder.mkdir()
    for index in range(6):
        shutil.copy(SAMPLES / "musee-2p" / f"{index:04d}.jpg", folder)
    return folder


def test_start_and_stop_keep_the_frames_read_meanwhile(client, runtime, frames, db_path):
    runtime.watcher = open_watcher(f"images:{frames}", "musee", 2)
    runtime.step_once()  # a frame before the recording: not kept
    answer = client.post("/api/recording", json={"action": "start", "fps": 10, "mat_only": False})
    assert answer.status_code == 200 and answer.get_json()["recording"] is True
    folder = Path(answer.get_json()["folder"])
    assert folder.parent == db_path.parent / "recordings" and folder.name.startswith("musee-")
    for _ in range(5):
        runtime.step_once()
    status = client.get("/api/recording").get_json()
    assert status["recording"] and status["frames_kept"] == 5
    answer = client.post("/api/recording", json={"action": "stop"})
    assert answer.status_code == 200 and answer.get_json()["written"]
    recording = load_recording(folder)
    assert recording.version == 2 and recording.frames["kept"] == 5
    assert len(list(folder.glob("*.jpg"))) == 5
    runtime.watcher.close()


def test_the_button_refuses_what_it_cannot_do_in_both_languages(client, runtime, frames):
    answer = client.post("/api/recording", json={"action": "start"})
    assert answer.status_code == 400
    text = answer.get_json()["error"]["text"]
    assert "no camera" in text["en"] and "攝影機" in text["zh-TW"]
    assert client.post("/api/recording", json={"action": "stop"}).status_code == 409
    assert client.post("/api/recording", json={"action": "pause"}).status_code == 400
    bad = client.post("/api/recording", json={"action": "start", "mat_only": "yes"})
    assert bad.status_code == 400
    runtime.watcher = open_watcher(f"images:{frames}", "musee", 2)
    assert client.post("/api/recording", json={"action": "start"}).status_code == 200
    assert client.post("/api/recording", json={"action": "start"}).status_code == 409
    assert client.post("/api/recording", json={"action": "stop"}).status_code == 200
    runtime.watcher.close()


def test_only_the_host_records(tmp_path):
    from web import create_app
    from web.roles import role_tokens

    app = create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0", "token": "h0st"})
    client = app.test_client()
    for role in ("player", "viewer"):
        answer = client.post(
            "/api/recording",
            json={"action": "start"},
            headers={"X-Companion-Token": role_tokens("h0st")[role]},
        )
        assert answer.status_code == 403
    app.extensions["companion_runtime"].close()


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
@pytest.mark.parametrize(
    "lang, start, saved", [("en", "Save a recording", "Saved in"), ("zh-TW", "錄下", "已存放於")]
)
def test_the_camera_check_saves_a_recording(browser, start_server, frames, lang, start, saved):
    server = start_server(
        "serve",
        "--source",
        f"images:{frames}?fps=4&loop=1",
        "--port",
        "0",
        "--db",
        str(frames.parent / "g.sqlite3"),
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/diagnostics")
    button = page.locator("#rec-start")
    assert start in button.inner_text()
    box = button.bounding_box()
    assert box["height"] >= 44, "a phone's finger-sized target"
    assert page.locator("#rec-mat-only").is_checked(), "the mat only, unless the host says"
    button.click()
    page.wait_for_function("() => !document.querySelector('#rec-stop').hidden")
    assert not page.locator("#rec-why").is_visible(), "a camera: no reason to give"
    deadline = time.monotonic() + 60
    while call(server.url, "/api/recording")["frames_kept"] < 2:
        assert time.monotonic() < deadline, "no frame was kept"
        time.sleep(0.2)
    page.locator("#rec-stop").click()
    page.wait_for_function(
        f"() => document.querySelector('#rec-state').textContent.includes('{saved}')"
    )
    status = call(server.url, "/api/recording")
    recording = load_recording(status["folder"])
    assert recording.frames["mat_only"] is True and recording.frames["kept"] >= 2
    context.close()


def test_the_status_says_whether_a_recording_could_start(client, runtime, frames):
    assert client.get("/api/recording").get_json()["can_record"] is False, "no camera"
    runtime.watcher = open_watcher(f"images:{frames}", "musee", 2)
    assert client.get("/api/recording").get_json()["can_record"] is True
    runtime.watcher.close()


@browser_test
@pytest.mark.parametrize(
    "lang, reason",
    [
        ("en", "There is no camera on this table: there are no pictures to keep."),
        ("zh-TW", "這張桌子沒有接上攝影機：沒有畫面可以錄。"),
    ],
)
def test_with_no_camera_the_button_is_disabled_with_its_reason(
    browser, start_server, tmp_path, lang, reason
):
    """`serve --game musee` (no camera): pressing the button could only fail (HTTP 400)."""
    server = start_server(
        "serve", "--game", "musee", "--port", "0", "--db", str(tmp_path / "g.sqlite3")
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/diagnostics")
    button = page.locator("#rec-start")
    page.wait_for_function("() => document.querySelector('#rec-start').disabled")
    why = page.locator("#rec-why")
    assert why.is_visible() and why.inner_text() == reason
    assert button.get_attribute("aria-describedby") == "rec-why"
    assert page.locator("#rec-mat-only").is_disabled()
    context.close()
