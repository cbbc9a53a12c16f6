"""Helpers for the café tests: broker settings for a test broker, a recording subscriber."""

from __future__ import annotations

import threading
import time

from cafe.settings import parse_broker


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
