"""Finding 8: one snapshot per change shared by every live viewer, one preview part per frame,
a cap on streams so commands always find a thread; and the print-kit cache is cleaned."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading

from test_errors import assert_error_shape
from webhelpers import FakeWatcher, live_step, post

from companion.session import Session
from web import create_app


def place(player, card, museum, gallery, space):
    return {
        "kind": "place",
        "player": player,
        "card": card,
        "museum": museum,
        "gallery": gallery,
        "space": space,
    }


def _open(client, n):
    streams = []
    for _ in range(n):
        chunks = iter(client.get("/api/events", buffered=False).response)
        assert next(chunks).startswith(b"retry:")
        assert next(chunks).startswith(b"event: state\n")
        streams.append(chunks)
    return streams


def test_every_listener_gets_the_same_snapshot_built_once(client, monkeypatch):
    built = []
    original = Session.snapshot

    def counting(self):
        built.append(1)
        return original(self)

    streams = _open(client, 6)
    monkeypatch.setattr(Session, "snapshot", counting)
    answer = post(client, "/api/move", 0, move=place(0, "MU10", 0, 0, 2))
    assert answer.status_code == 200
    received = []
    for chunks in streams:
        chunk = next(chunks)
        while not chunk.startswith(b"event: state\n"):  # a camera beat may come first
            chunk = next(chunks)
        received.append(chunk)
    assert all(chunk is received[0] for chunk in received)  # the very same bytes
    assert b'"state_id": 1' in received[0]
    assert len(built) == 1  # the command's answer and six listeners: one snapshot
    for chunks in streams:
        chunks.close()


def test_streams_beyond_the_cap_get_a_503_and_a_closed_one_frees_its_place(tmp_path):
    app = create_app({"db": str(tmp_path / "g.db"), "sse_heartbeat_s": 0.05, "max_streams": 2})
    client = app.test_client()
    try:
        first = client.get("/api/events", buffered=False)
        second = client.get("/api/events", buffered=False)
        assert_error_shape(client.get("/api/events"), 503)
        assert client.post("/api/undo", json={"state_id": 0}).status_code == 409  # commands work
        first.close()
        third = client.get("/api/events?max=1", buffered=False)
        assert third.status_code == 200
        third.close()
        second.close()
    finally:
        app.extensions["companion_runtime"].close()


def test_preview_viewers_share_one_part_per_frame(client, runtime):
    runtime.watcher = FakeWatcher(
        [live_step([], jpeg=b"\xff\xd8one\xff\xd9"), live_step([], jpeg=b"\xff\xd8two\xff\xd9")]
    )
    runtime.step_once()
    viewers = [iter(client.get("/api/preview.mjpeg", buffered=False).response) for _ in range(3)]
    parts = [next(v) for v in viewers]
    assert all(p is parts[0] for p in parts) and b"one" in parts[0]
    runtime.step_once()
    parts = [next(v) for v in viewers]
    assert all(p is parts[0] for p in parts) and b"two" in parts[0]


def test_the_print_kit_cache_is_removed_when_the_server_ends(tmp_path):
    script = "import web.kit as k; d = k.cache_dir(); (d / 'x.pdf').write_bytes(b'%PDF');print(d)"
    made = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    ).stdout.strip()
    assert made and not __import__("os").path.exists(made)


def test_a_camera_going_offline_reaches_viewers_without_waiting_for_a_heartbeat(tmp_path):
    """A stalled camera is flagged offline within 1.75 s; the page must hear of it at once,
    not at the next camera heartbeat (here 60 s, so only a change-driven send can pass)."""
    app = create_app({"db": str(tmp_path / "g.db"), "sse_heartbeat_s": 60})
    runtime = app.extensions["companion_runtime"]
    client = app.test_client()
    try:
        chunks = iter(client.get("/api/events", buffered=False).response)
        assert next(chunks).startswith(b"retry:")
        assert next(chunks).startswith(b"event: state\n")
        heard = queue.Queue()

        def listen():
            for chunk in chunks:
                if chunk.startswith(b"event: camera\n") and b'"frozen"' in chunk:
                    heard.put(chunk)
                    return

        threading.Thread(target=listen, daemon=True).start()
        runtime.camera.status = {"online": False, "reason": "frozen", "code": "frozen"}
        chunk = heard.get(timeout=10)  # far below the 60 s heartbeat
        assert b'"online": false' in chunk
    finally:
        runtime.close()
