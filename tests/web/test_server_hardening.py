"""The real `companion serve` process (waitress) on 127.0.0.1: read timeouts, body limits,
SIGTERM checkpoints, kill -9 mid-write loses no answered move, the access log hides the token,
and a damaged database is one clear line."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from webhelpers import answer_of, place_command, place_in_turn

from web.serve import READ_TIMEOUT_S

pytestmark = pytest.mark.slow


def host_port(url):
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    return host.strip("[]"), int(port)


def test_a_body_shorter_than_its_length_does_not_hold_a_connection(start_server, tmp_path):
    server = start_server("serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"))
    host, port = host_port(server.url)
    sockets = []
    for _ in range(5):
        sock = socket.create_connection((host, port), timeout=5)
        sock.sendall(
            b"POST /api/undo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"state_id"'
        )
        sockets.append(sock)
    deadline = time.monotonic() + READ_TIMEOUT_S + 10
    closed = 0
    for sock in sockets:
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            closed += sock.recv(1024) == b""
        except (socket.timeout, ConnectionResetError):
            closed += 0
        sock.close()
    assert closed == 5
    assert answer_of(server.url, "/api/state")[0] == 200  # and the server still answers


def test_a_64_mb_import_is_refused_before_it_is_read(start_server, tmp_path):
    server = start_server("serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"))
    host, port = host_port(server.url)
    started = time.monotonic()
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/games/import HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (64 * 1024 * 1024)
        )
        try:
            sock.sendall(b"[" + b" " * (1024 * 1024))
        except OSError:
            pass  # the server may already have closed: refused
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
    assert time.monotonic() - started < 5
    status, listed = answer_of(server.url, "/api/games")
    assert status == 200 and len(listed["games"]) == 1  # nothing was stored


def read_http_answer(sock) -> tuple[bytes, dict, bytes]:
    """The status line, headers and body of one answer (read until the server closes)."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        data += chunk
    head, _, payload = data.partition(b"\r\n\r\n")
    status, *lines = head.split(b"\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (l.split(b":", 1) for l in lines)}
    return status, headers, payload


@pytest.mark.parametrize("path", ["/api/games/import", "/api/move"])
def test_a_body_over_the_servers_limit_gets_the_common_error_shape(start_server, tmp_path, path):
    """waitress refuses a body over 8 MB itself, before the app sees it; the answer is still
    the one JSON error shape, with the sentence in both languages, not waitress's plain text."""
    server = start_server("serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"))
    host, port = host_port(server.url)
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(
            b"POST " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (9 * 1024 * 1024)
        )
        status, headers, payload = read_http_answer(sock)
    assert status.startswith(b"HTTP/1.1 413"), status
    assert headers[b"content-type"].startswith(b"application/json")
    assert headers.get(b"x-content-type-options") == b"nosniff"
    error = json.loads(payload)["error"]
    assert error["status"] == 413 and error["code"] == "too_large"
    assert error["text"]["en"] and error["text"]["zh-TW"] and error["message"]
    assert answer_of(server.url, "/api/state")[0] == 200  # and the server still answers


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_or_ctrl_c_stops_cleanly_with_every_move_in_the_main_file(
    start_server, tmp_path, stop_signal
):
    db = tmp_path / "g.sqlite3"
    server = start_server("serve", "--port", "0", "--db", str(db), "--names", "Amy,Ben")
    place_in_turn(server.url, [(0, "MU10", 0, 0, 2), (1, "MU15", 1, 0, 3)])
    # a live viewer must not keep the server from stopping
    viewer = urllib.request.urlopen(server.url + "/api/events", timeout=10)
    viewer.readline()
    server.proc.send_signal(stop_signal)
    assert server.proc.wait(timeout=8) == 0
    rest = server.proc.stdout.read()
    assert "Stopped; every move is saved." in rest and "Traceback" not in rest
    viewer.close()
    wal = tmp_path / "g.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)  # the main file alone
    with sqlite3.connect(copy) as raw:
        assert raw.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 3


def test_kill_9_mid_write_loses_no_answered_move(start_server, tmp_path):
    db = tmp_path / "g.sqlite3"
    args = ("serve", "--port", "0", "--db", str(db), "--names", "Amy,Ben")
    server = start_server(*args)
    answered: list[int] = []
    stop = threading.Event()

    def hammer():
        # undo/redo-free stream of writes: "cannot play" declarations are refused (422)
        # but every one of them is logged, so each answer is one stored record
        while not stop.is_set():
            try:
                status, answer = answer_of(
                    server.url, "/api/cannot-play", {"state_id": 0, "player": 1}, timeout=3
                )
            except (urllib.error.URLError, ConnectionError, OSError):
                return
            if status in (200, 422):
                answered.append(status)

    threads = [threading.Thread(target=hammer) for _ in range(3)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    server.kill(9)
    stop.set()
    for t in threads:
        t.join(timeout=10)
    assert answered
    again = start_server(*args)
    status, state = answer_of(again.url, "/api/state")
    assert status == 200 and state["resumed"] is True
    with sqlite3.connect(db) as raw:
        stored = raw.execute("SELECT COUNT(*) FROM records").fetchone()[0]
    assert stored - 1 >= len(answered)  # every answered command is stored (one may be unanswered)
    status, _ = answer_of(again.url, "/api/cannot-play", {"state_id": 0, "player": 1})
    assert status in (200, 422)  # numbering still in step: no IntegrityError


def test_an_empty_host_means_every_interface_with_a_token(start_server, tmp_path):
    server = start_server("serve", "--host", "", "--port", "0", "--db", str(tmp_path / "g.db"))
    assert server.token
    assert "http://:" not in "\n".join(server.lines)
    url = server.url.replace("0.0.0.0", "127.0.0.1")
    assert answer_of(url, "/api/state")[0] == 401
    status, _ = answer_of(url, "/api/state?token=" + server.token)
    assert status == 200
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(timeout=10)
    log = server.proc.stdout.read()
    assert server.token not in log and "token=[redacted]" in log


def test_a_damaged_database_is_one_clear_line_and_fresh_sets_it_aside(tmp_path):
    db = tmp_path / "g.sqlite3"
    db.write_bytes(b"SQLite format 3\x00" + b"\x07" * 8000)
    run = [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=30, cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "--fresh" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert db.read_bytes().startswith(b"SQLite format 3\x00\x07")  # untouched


def test_fresh_sets_a_damaged_database_aside_and_starts(start_server, tmp_path):
    db = tmp_path / "g.sqlite3"
    damaged = b"SQLite format 3\x00" + b"\x07" * 8000
    db.write_bytes(damaged)
    server = start_server("serve", "--port", "0", "--db", str(db), "--fresh")
    assert any(line.startswith("New game #1") for line in server.lines)
    [kept] = tmp_path.glob("g.sqlite3.damaged-*")
    assert kept.read_bytes() == damaged


def test_a_busy_or_failing_database_is_a_503_and_nothing_is_half_done(start_server, tmp_path):
    db = tmp_path / "g.sqlite3"
    args = ("serve", "--port", "0", "--db", str(db), "--names", "Amy,Ben")
    server = start_server(*args)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the database
    started = time.monotonic()
    status, answer = answer_of(server.url, "/api/move", place_command(0, 0, "MU10", 0, 2))
    waited = time.monotonic() - started
    other.execute("ROLLBACK")
    assert status == 503 and answer["error"]["code"] == "store_unavailable", answer
    assert 1.5 < waited < 6
    # a write that fails outright (a trigger stands in for a full disk)
    other.execute(
        "CREATE TRIGGER full_disk BEFORE INSERT ON records "
        "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    status, answer = answer_of(server.url, "/api/move", place_command(0, 0, "MU10", 0, 2))
    assert status == 503 and "could not be written" in answer["error"]["message"]
    other.execute("DROP TRIGGER full_disk")
    other.close()
    assert answer_of(server.url, "/api/state")[1]["state_id"] == 0  # nothing half-done
    status, answer = answer_of(server.url, "/api/move", place_command(0, 0, "MU10", 0, 2))
    assert status == 200, answer
    server.kill(9)
    again = start_server(*args)  # formerly: IntegrityError on every command from here on
    status, answer = answer_of(again.url, "/api/move", place_command(1, 1, "MU15", 1, 3))
    assert status == 200, answer
    assert answer["state"]["state_id"] == 2


def test_waitress_streams_each_event_as_it_happens(start_server, tmp_path):
    server = start_server(
        "serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"), "--names", "Amy,Ben"
    )
    viewers = [urllib.request.urlopen(server.url + "/api/events", timeout=10) for _ in range(20)]

    def next_state(stream):
        while True:
            line = stream.readline()
            if line.startswith(b"data: ") and b'"state_id"' in line:
                return json.loads(line[6:])

    for stream in viewers:
        assert next_state(stream)["state_id"] == 0
    started = time.monotonic()
    assert answer_of(server.url, "/api/move", place_command(0, 0, "MU10", 0, 2))[0] == 200
    for stream in viewers:
        assert next_state(stream)["state_id"] == 1
    assert time.monotonic() - started < 3  # not held back in a buffer
    for stream in viewers:
        stream.close()
