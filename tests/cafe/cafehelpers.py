"""Helpers for the café tests: broker settings for a test broker, a recording subscriber, a
demo table started as its own process (and stopped again), and what the café view shows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from cafe.settings import parse_broker
from companion.model import Move


def place(seat: int, number: int, space: int, museum: int | None = None) -> Move:
    """Musée painting MU<number> placed by `seat` in gallery 0 of its own museum (or of
    `museum`) at `space`."""
    return Move.from_dict(
        {
            "kind": "place",
            "player": seat,
            "card": f"MU{number:02d}",
            "museum": seat if museum is None else museum,
            "gallery": 0,
            "space": space,
        }
    )


def settings_for(broker, **options):
    options.setdefault("keepalive_s", 2)
    return parse_broker(broker.url, **options)


def wait_until(predicate, timeout_s: float = 20.0, what: str = "it"):
    """Poll `predicate` until it returns something true (returned), or fail after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")


class Recorder:
    """A plain paho subscriber that keeps every message (topic, payload, retained flag)."""

    def __init__(self, broker, topic: str = "companion/#", **options):
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        self.client = settings_for(broker, **options).client(
            f"recorder-{id(self)}", clean_session=True
        )
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(topic, qos=1)
        self.client.on_subscribe = lambda *a: self.subscribed.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", broker.port, 5)
        self.client.loop_start()
        assert self.subscribed.wait(5), "the recorder could not subscribe"

    def _on_message(self, client, userdata, message):
        with self.lock:
            self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))

    def on(self, suffix: str) -> list[tuple[bytes, bool]]:
        with self.lock:
            return [(p, r) for t, p, r in self.messages if t.endswith(suffix)]

    def wait_for(self, predicate, timeout_s: float = 20.0, what: str = "a message"):
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self.lock:
                messages = list(self.messages)
            value = predicate(messages)
            if value:
                return messages if value is True else value
            time.sleep(0.02)
        raise AssertionError(
            f"timed out waiting for {what}; got {len(self.messages)} messages: "
            f"{[t for t, _, _ in self.messages][-10:]}"
        )

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


DEMO_KEEPALIVE_S = 3


def demo_command(
    broker_url: str, db: Path, table: str = "t1", *extra: str, keepalive_s: int = DEMO_KEEPALIVE_S
) -> list[str]:
    """`companion demo --simulated` as café table `table`: a fast scripted Musée game on a
    free port, its game in `db`, publishing to the broker at `broker_url` (`extra`: more
    options, such as the broker's credentials)."""
    return [
        *(sys.executable, "-m", "companion", "demo", "--simulated", "--pace", "0.05"),
        *("--port", "0", "--db", str(db), "--mqtt", broker_url),
        *("--table", table, "--venue", "cafe", *extra, "--mqtt-keepalive", str(keepalive_s)),
    ]


def unbuffered() -> dict:
    """The environment for a table process whose output a test reads as it comes."""
    return {**os.environ, "PYTHONUNBUFFERED": "1"}


def start_demo_table(broker, tmp_path, name: str = "t1") -> subprocess.Popen:
    """A demo table `name` on its own (its output dropped), its game in tmp_path/<name>.sqlite3."""
    return subprocess.Popen(
        demo_command(broker.url, tmp_path / f"{name}.sqlite3", name),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=unbuffered(),
    )


def stop(*processes: subprocess.Popen | None, kill: bool = False, timeout_s: float = 15) -> None:
    """Stop the processes still running, a frozen one (SIGSTOP) too: terminated (killed when
    `kill`, or when it does not end within `timeout_s`)."""
    for process in processes:
        if process is None or process.poll() is not None:
            continue
        process.send_signal(signal.SIGCONT)
        if kill:
            process.kill()
        else:
            process.terminate()
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout_s)


def tile_of(view, name: str) -> dict | None:
    """The café view's tile of table `name` (None before the view has heard of it)."""
    return next((t for t in view.snapshot()["tables"] if t["table"] == name), None)


def dashboard_address(view, timeout_s: float = 60) -> str:
    """The first table's dashboard address, as its status tells the café view."""
    return wait_until(
        lambda: next(
            (t["status"]["dashboard"] for t in view.snapshot()["tables"] if t["status"]), None
        ),
        timeout_s,
        "the table's dashboard address",
    )


def phone_and_staff(browser, timeout_ms: float):
    """Two pages of one browser: a player's phone at the table (390 x 844) and staff's
    laptop with the café page (1280 x 800), each waiting up to `timeout_ms` for what it
    expects."""
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    staff = browser.new_page(viewport={"width": 1280, "height": 800})
    for page in (phone, staff):
        page.set_default_timeout(timeout_ms)
    return phone, staff
