"""What `companion bench cafe` measures with: event latencies as the café view receives them,
a bare message through the same broker for comparison, the broker's capacity, and the tables'
own SQLite logs read without disturbing them."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from paho.mqtt.client import Client, MQTTMessage

from .settings import BrokerSettings
from .tiles import Tile


class Latencies:
    """Every event's latency as the café view received it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        # (received, logged -> received, logged -> handed to the client) in seconds
        self.samples: list[tuple[float, float, float]] = []

    def add(self, tile: Tile, body: dict, received: float) -> None:
        logged, sent = body.get("ts"), body.get("sent")
        if isinstance(logged, (int, float)) and isinstance(sent, (int, float)):
            with self.lock:
                self.samples.append((received, received - logged, sent - logged))

    def between(self, start: float, end: float, part: int = 1) -> list[float]:
        with self.lock:
            return [sample[part] for sample in self.samples if start <= sample[0] < end]


class BrokerProbe:
    """The floor to compare with: a bare message through the same broker, same machine, same
    moment (publish -> delivered back), ten times a second."""

    TOPIC = "companion-bench/probe"

    def __init__(self, settings: BrokerSettings):
        self.samples: list[float] = []
        self.client = settings.client("bench-probe", clean_session=True)
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(self.TOPIC, qos=1)
        self.client.on_message = self._on_message
        self._stop = threading.Event()
        self.client.connect_async(settings.host, settings.port, settings.keepalive_s)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _on_message(self, client: Client, userdata: Any, message: MQTTMessage) -> None:
        self.samples.append(time.time() - float(message.payload))

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.client.publish(self.TOPIC, repr(time.time()), qos=1)

    def take(self) -> list[float]:
        taken, self.samples = self.samples, []
        return taken

    def close(self) -> None:
        self._stop.set()
        self.client.disconnect()
        self.client.loop_stop()


def broker_capacity(
    settings: BrokerSettings, messages: int = 20000, publishers: int = 4, size: int = 600
) -> float:
    """Messages per second one Mosquitto moves, QoS 1 in and out, event-sized payloads, from
    several publishers to one subscriber (the head-office question: how far does one go?)."""
    received = threading.Semaphore(0)
    count = [0]

    def on_message(client: Client, userdata: Any, message: MQTTMessage) -> None:
        count[0] += 1
        if count[0] == messages:
            received.release()

    subscribed = threading.Event()
    sink = settings.client("capacity-sink", clean_session=True)
    sink.on_connect = lambda c, u, f, rc, p: c.subscribe("companion-capacity/#", qos=1)
    sink.on_subscribe = lambda *a: subscribed.set()
    sink.on_message = on_message
    sink.connect(settings.host, settings.port, 30)
    sink.loop_start()
    subscribed.wait(10)
    body = b"x" * size
    senders = []
    for i in range(publishers):
        sender = settings.client(f"capacity-{i}", clean_session=True)
        sender.connect(settings.host, settings.port, 30)
        sender.loop_start()
        senders.append(sender)
    started = time.monotonic()

    def send(sender: Client, n: int, index: int) -> None:
        for _ in range(n):
            sender.publish(f"companion-capacity/{index}", body, qos=1)

    threads = [
        threading.Thread(target=send, args=(s, messages // publishers, i))
        for i, s in enumerate(senders)
    ]
    for thread in threads:
        thread.start()
    done = received.acquire(timeout=120)
    elapsed = time.monotonic() - started
    for client in senders + [sink]:
        client.disconnect()
        client.loop_stop()
    return round(count[0] / elapsed) if done or count[0] else 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def table_records(db: Path) -> set[tuple[int, int]]:
    """Every (game id, seq) in a table's SQLite log, read without disturbing it."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as conn:
        return set(conn.execute("SELECT game_id, seq FROM records").fetchall())


def last_seq_per_game(db: Path) -> dict[int, int]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as conn:
        return dict(conn.execute("SELECT game_id, max(seq) FROM records GROUP BY game_id"))


def acknowledged_cursor(db: Path) -> dict[int, int]:
    """The last record of each game the broker acknowledged to the table (its outbox cursor)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)) as conn:
        try:
            return dict(conn.execute("SELECT game_id, seq FROM cafe_published"))
        except sqlite3.OperationalError:  # a table that never published
            return {}


def p50_p95(values: list[float]) -> dict:
    return {
        "p50": round(percentile(values, 0.5) * 1000, 1),
        "p95": round(percentile(values, 0.95) * 1000, 1),
    }


def steady_figures(steady: dict) -> dict:
    latencies, probe = steady["latencies"], steady["probe"]
    return {
        "latency_ms": {
            **p50_p95(latencies),
            "max": round(max(latencies) * 1000, 1) if latencies else None,
            "samples": len(latencies),
        },
        "bare_broker_ms": {**p50_p95(probe), "samples": len(probe)},
        "load_average": round(steady["load"], 1),
        "cpus": os.cpu_count(),
        "in_table_ms": p50_p95(steady["in_table"]),
    }
