"""Soak test of the dashboard server: a recorded game played over and over through the API
while 50 phones listen to the live stream, a camera drops every minute and a stream of
malformed commands arrives, for a set time. Everything runs on 127.0.0.1.

    python benchmarks/bench_soak.py                 # 60 s, blocks of 1 and 50 listeners
    python benchmarks/bench_soak.py --seconds 600 --listeners 50

It starts a real server process (waitress, the same `web.serve` settings as `companion
serve`) with a fake camera that sends preview frames and goes offline for a few seconds
every `--drop-every` seconds, then prints: commands answered, p50/p95 command latency with 1
listener and with N listeners (and their ratio), 5xx answers, process restarts and moves
lost (moves the server acknowledged that are not in its database afterwards). Targets: 0
5xx, 0 lost, p95 with 50 listeners within 2x of 1 listener.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "golden" / "musee" / "two-players-full.json"


# -- the server child: the real app behind waitress, with a camera that drops ----------------
class DroppingCamera:
    """A stand-in for TableWatcher: preview frames at the runtime's pace, offline for
    `offline_s` every `drop_every_s` (a cable pulled and put back)."""

    def __init__(self, drop_every_s: float, offline_s: float):
        import cv2
        import numpy as np

        from vision.contract import SourceStatus, WatchStep

        self._status, self._step = SourceStatus, WatchStep
        frame = np.full((240, 320, 3), 90, np.uint8)
        cv2.putText(frame, "soak camera", (40, 120), cv2.FONT_HERSHEY_SIMPLEX, 1, (255,) * 3, 2)
        self.jpeg = cv2.imencode(".jpg", frame)[1].tobytes()
        self.drop_every_s, self.offline_s = drop_every_s, offline_s
        self.started = time.monotonic()
        self.frames = 0

    def step(self):
        into = (time.monotonic() - self.started) % self.drop_every_s
        if into > self.drop_every_s - self.offline_s:
            return self._step([], None, self._status(False, "camera unplugged", into, self.frames))
        self.frames += 1
        return self._step([], self.jpeg, self._status(True, "", 0.0, self.frames))

    def close(self):
        pass


def serve_child(args) -> None:
    from web import create_app
    from web.serve import create_server, serve_until_stopped

    record = json.loads(RECORD.read_text())
    app = create_app(
        {
            "db": args.db,
            "game": record["game"],
            "players": record["setup"]["players"],
            "names": record["setup"]["names"],
        }
    )
    runtime = app.extensions["companion_runtime"]
    runtime.attach_watcher(
        DroppingCamera(args.drop_every, args.offline), "soak camera", interval_s=0.2
    )
    server = create_server(app, "127.0.0.1", 0)
    print(f"PORT {server.effective_port}", flush=True)
    serve_until_stopped(server, runtime.close, before_stop=app.extensions["companion_live"].stop)


# -- the driver --------------------------------------------------------------------------
class Server:
    def __init__(self, db: Path, args):
        self.db, self.args = db, args
        self.restarts = -1
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.start()

    def start(self) -> None:
        self.restarts += 1
        self.proc = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve-child",
                "--db",
                str(self.db),
                "--drop-every",
                str(self.args.drop_every),
                "--offline",
                str(self.args.offline),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        line = self.proc.stdout.readline()
        if not line.startswith("PORT "):
            raise SystemExit(f"the server did not start: {line!r}")
        self.port = int(line.split()[1])

    def alive_or_restart(self) -> None:
        if self.proc.poll() is not None:
            self.start()

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


class Listeners:
    """N Server-Sent-Event listeners read by one selector thread (what 50 phones do,
    without 50 client threads competing with the server for the two cores)."""

    def __init__(self, server: Server):
        self.server = server
        self.selector = selectors.DefaultSelector()
        self.sockets: list[socket.socket] = []
        self.bytes = 0
        self.state_events = 0
        self.offline_seen = 0
        self._watched: socket.socket | None = None
        self._tail = b""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def remove(self, sockets: list[socket.socket]) -> None:
        for sock in sockets:
            try:
                self.selector.unregister(sock)
            except (KeyError, ValueError):
                pass
            sock.close()
            self.sockets.remove(sock)

    def add(self, count: int, path: str = "/api/events") -> list[socket.socket]:
        added = []
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            sock.setblocking(False)
            if self._watched is None and path == "/api/events":
                self._watched = sock
            self.sockets.append(sock)
            added.append(sock)
            self.selector.register(sock, selectors.EVENT_READ)
        return added

    def _read(self) -> None:
        was_online = True
        while not self._stop.is_set():
            for key, _ in self.selector.select(timeout=0.2):
                try:
                    data = key.fileobj.recv(262144)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(key.fileobj)
                    continue
                self.bytes += len(data)
                if key.fileobj is self._watched:  # one listener's view of the camera
                    text = self._tail + data
                    self.state_events += text.count(b"event: state\n")
                    for chunk in text.split(b"event: camera\n")[1:]:
                        online = b'"online": true' in chunk[:200]
                        if was_online and not online:
                            self.offline_seen += 1
                        was_online = online
                    self._tail = data[-64:]

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


MALFORMED = [
    ("/api/move", b'{"state_id": 0, "move": {"kind": "\\ud800", "player": 0}}'),
    ("/api/move", b'{"state_id": 0, "move": {"kind": "place", "player": -1e30}}'),
    ("/api/move", b"[" * 5000 + b"]" * 5000),
    ("/api/move", b'{"state_id": 0, "move": {"kind": "place", "player": 1' + b"0" * 4000 + b"}}"),
    ("/api/correct", b'{"state_id": 0, "action": "add", "payload": "MU10", "slot": ["a", 0]}'),
    ("/api/correct", b'{"state_id": "x", "action": "drop", "payload": 5}'),
    ("/api/new-game", b'{"game": "musee", "players": 100000000}'),
    ("/api/new-game", b'{"game": "musee", "players": 2, "names": ["A", "\\udc00"]}'),
    ("/api/undo", b"{not json"),
    ("/api/cannot-play", b'{"state_id": 0, "player": true}'),
    ("/api/undo", b'{"state_id": 0, "pad": "' + b"x" * 300_000 + b'"}'),
    (
        "/api/games/import",
        b'{"format": "table-companion-record", "log": ' + b"[" * 3000 + b"]" * 3000 + b"}",
    ),
]


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict | None = None,
    conn: http.client.HTTPConnection | None = None,
):
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        conn.request(
            method, path, body=body, headers={"Content-Type": "application/json", **(headers or {})}
        )
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        if own:
            conn.close()


class Driver:
    """Plays the recorded game's moves (then a new game, and again) with the current state
    id, timing each command; remembers every move the server acknowledged."""

    def __init__(self, server: Server):
        self.server = server
        self.record = json.loads(RECORD.read_text())
        self.latencies: dict[str, list[float]] = {}
        self.answered = 0
        self.errors_5xx = 0
        self.unanswered = 0
        self.acknowledged: dict[int, int] = {}  # game id -> accepted moves acknowledged
        self._conn: http.client.HTTPConnection | None = None

    def _call(self, path: str, body: dict, phase: str):
        data = json.dumps(body).encode()
        started = time.perf_counter()
        try:
            if self._conn is None:
                self._conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=15)
            status, raw = request(self.server.port, "POST", path, data, conn=self._conn)
        except (OSError, http.client.HTTPException):
            self.unanswered += 1
            self._conn = None
            self.server.alive_or_restart()
            return None, None
        self.latencies.setdefault(phase, []).append((time.perf_counter() - started) * 1000)
        self.answered += 1
        if status >= 500:
            self.errors_5xx += 1
        return status, json.loads(raw)

    def run(self, seconds: float, phase: str) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status, state = self._call(
                "/api/new-game",
                {
                    "game": self.record["game"],
                    "players": self.record["setup"]["players"],
                    "names": self.record["setup"]["names"],
                },
                phase,
            )
            if status != 200:
                continue
            game_id, state_id = state["game_id"], state["state_id"]
            for entry in self.record["log"]:
                if time.monotonic() >= deadline:
                    return
                status, answer = self._call(
                    "/api/move", {"state_id": state_id, "move": entry["move"]}, phase
                )
                if status == 200:
                    state_id = answer["state"]["state_id"]
                    self.acknowledged[game_id] = self.acknowledged.get(game_id, 0) + sum(
                        1 for v in answer["verdicts"] if v["accepted"]
                    )
                elif status == 422:
                    state_id = (
                        answer["error"]["verdicts"][-1]["state_id"]
                        if answer["error"].get("verdicts")
                        else state_id
                    )
                else:
                    break  # stale or failed: start the record again in a new game


def malformed_stream(server: Server, stop: threading.Event, counts: dict, rate_hz: float):
    rng = random.Random(5)
    while not stop.is_set():
        path, body = rng.choice(MALFORMED)
        headers = {"Origin": "https://elsewhere.example"} if rng.random() < 0.1 else {}
        try:
            status, _ = request(server.port, "POST", path, body, headers)
            key = f"{status // 100}xx"
        except (OSError, http.client.HTTPException):
            key = "unanswered"
        counts[key] = counts.get(key, 0) + 1
        stop.wait(1 / rate_hz)


def moves_lost(db: Path, acknowledged: dict[int, int]) -> int:
    sys.path.insert(0, str(ROOT))
    from companion.store import GameStore

    store = GameStore(db)
    lost = 0
    try:
        for game_id, count in acknowledged.items():
            session = store.load(game_id)
            stored = sum(1 for v in session.verdicts if v.accepted and v.kind == "move")
            lost += max(0, count - stored)
    finally:
        store.close()
    return lost


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="total time, alternating 1 and --listeners listeners",
    )
    parser.add_argument("--listeners", type=int, default=50)
    parser.add_argument("--previews", type=int, default=2, help="MJPEG preview viewers")
    parser.add_argument(
        "--drop-every",
        type=float,
        default=60.0,
        help="the camera goes offline once per this many seconds",
    )
    parser.add_argument("--offline", type=float, default=5.0, help="... for this long")
    parser.add_argument(
        "--malformed-rate", type=float, default=10.0, help="malformed commands per second"
    )
    parser.add_argument(
        "--block", type=float, default=10.0, help="seconds per pair of blocks (1 listener, then N)"
    )
    parser.add_argument("--serve-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_child:
        serve_child(args)
        return 0
    if args.seconds <= 0 or args.listeners < 1:
        parser.error("--seconds must be positive and --listeners at least 1")

    db = Path(tempfile.mkdtemp(prefix="companion-soak-")) / "soak.sqlite3"
    server = Server(db, args)
    listeners = Listeners(server)
    driver = Driver(server)
    malformed: dict[str, int] = {}
    stop = threading.Event()
    noise = threading.Thread(
        target=malformed_stream, args=(server, stop, malformed, args.malformed_rate), daemon=True
    )
    noise.start()
    try:
        listeners.add(1)
        listeners.add(args.previews, "/api/preview.mjpeg")
        time.sleep(0.5)
        # Blocks of 1 and of N listeners take turns, so the machine's other load (two cores
        # shared) weighs on both alike; a moment to settle after each change is not timed.
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline:
            driver.run(min(args.block, deadline - time.monotonic()) / 2 + 0.01, "1")
            crowd = listeners.add(args.listeners - 1)
            time.sleep(1.0)
            driver.run(min(args.block, deadline - time.monotonic()) / 2 + 0.01, str(args.listeners))
            listeners.remove(crowd)
            time.sleep(1.5)  # the server notices the closed streams at its next heartbeat
    finally:
        stop.set()
        noise.join(timeout=20)
        listeners.close()
        exit_code = server.stop()
    lost = moves_lost(db, driver.acknowledged)

    one, many = driver.latencies.get("1", []), driver.latencies.get(str(args.listeners), [])
    p95_ratio = pct(many, 0.95) / pct(one, 0.95) if one and many else float("nan")
    errors_5xx = driver.errors_5xx + malformed.get("5xx", 0)
    print(
        f"soak: {args.seconds:.0f} s on 127.0.0.1, record {RECORD.name} played over and "
        f"over, camera offline {args.offline:.0f} s every {args.drop_every:.0f} s, "
        f"{args.previews} MJPEG viewers, malformed commands at {args.malformed_rate:g}/s"
    )
    print(
        f"commands answered:       {driver.answered + sum(v for k, v in malformed.items() if k != 'unanswered')}"
        f"  (game commands {driver.answered}, malformed {sum(malformed.values())}: "
        + ", ".join(f"{k} {v}" for k, v in sorted(malformed.items()))
        + ")"
    )
    print(
        f"latency, 1 listener:     p50 {pct(one, 0.5):6.1f} ms   p95 {pct(one, 0.95):6.1f} ms"
        f"   ({len(one)} commands)"
    )
    print(
        f"latency, {args.listeners} listeners:   p50 {pct(many, 0.5):6.1f} ms   p95 "
        f"{pct(many, 0.95):6.1f} ms   ({len(many)} commands)"
    )
    print(f"p95 ratio {args.listeners}/1:          {p95_ratio:.2f}  (target <= 2)")
    print(f"5xx answers:             {errors_5xx}")
    print(f"unanswered:              {driver.unanswered + malformed.get('unanswered', 0)}")
    print(f"process restarts:        {server.restarts}")
    print(
        f"moves lost:              {lost}  (of {sum(driver.acknowledged.values())} "
        f"acknowledged, in {len(driver.acknowledged)} games)"
    )
    print(
        f"camera drops seen live:  {listeners.offline_seen}   state events to one listener: "
        f"{listeners.state_events}   bytes to all viewers: {listeners.bytes / 1e6:.1f} MB"
    )
    print(f"server exit on SIGTERM:  {exit_code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
