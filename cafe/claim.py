"""How a starting table takes its name, race-free (TOPICS.md, "One name, one table").

`claim_name` is the whole procedure; `NameProbe` holds what its own MQTT client hears, one
method per step, so each wait is a single small loop.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from typing import TYPE_CHECKING, Any, Callable

from . import topics as T
from .settings import BrokerSettings, BrokerSettingsError

if TYPE_CHECKING:  # paho is imported when a client is made (cafe.settings)
    from paho.mqtt.client import Client, ConnectFlags, MQTTMessage
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger("cafe.table")


class TableNameTakenError(BrokerSettingsError):
    """Another table process is running under this venue and table name right now."""


class NameClaim:
    """A table name this process won (see `claim_name`). Until the table's own connection
    takes over (`release`), the claim is repeated every heartbeat period, so that a table
    starting meanwhile hears it is taken (a table is slower to connect than to claim)."""

    def __init__(self, client: Any, topics: T.TableTopics, payload: dict, every_s: float):
        self.client, self.topics, self.payload, self.every_s = client, topics, payload, every_s
        self.instance = payload["instance"]
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._repeat, daemon=True, name=f"cafe-claim-{topics.table}"
        )
        self._thread.start()

    def _repeat(self) -> None:
        while not self._stop.wait(self.every_s):
            self.client.publish(self.topics.claim, T.encode(self.payload), qos=1, retain=True)

    def release(self, clear: bool = False) -> None:
        """Stop repeating and hang up: the claim stays (the table's own connection holds the
        name now), or with `clear` is deleted (the table stops before it ever connected)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.join(timeout=2)
        if clear:
            info = self.client.publish(self.topics.claim, b"", qos=1, retain=True)
            try:
                info.wait_for_publish(timeout=2)
            except (RuntimeError, ValueError):
                pass
        self.client.disconnect()
        self.client.loop_stop()


def wait_for(condition: Callable[[], Any], timeout_s: float, every_s: float = 0.01) -> Any:
    """Poll `condition` until it returns something true (returned) or `timeout_s` passes
    (its last value is returned)."""
    deadline = time.monotonic() + timeout_s
    value = condition()
    while not value and time.monotonic() < deadline:
        time.sleep(every_s)
        value = condition()
    return value


class NameProbe:
    """A client of its own, subscribed to the name's `status`, `claim` and `heartbeat`: what
    is retained there, and which other instances are heard live, in the broker's order."""

    def __init__(self, broker: BrokerSettings, topics: T.TableTopics, instance: str):
        self.broker, self.topics, self.instance = broker, topics, instance
        self.every = T.heartbeat_every(broker.keepalive_s)
        self.lock = threading.Lock()
        self.retained: dict[str, dict | None] = {}
        self.heard: dict[str, dict] = {}  # another instance -> its most telling live message
        # when our own claim came back: who else was heard before it (in the broker's order)
        self.before_ours: list[dict] = []
        self.subscribed, self.refused = threading.Event(), threading.Event()
        self._barrier: list[int] = []
        client_id = f"companion-{topics.venue}-{topics.table}-claim-{uuid.uuid4().hex[:8]}"
        self.client = broker.client(client_id, clean_session=True)
        self.client.on_connect = self._on_connect
        self.client.on_subscribe = self._on_subscribe
        self.client.on_message = self._on_message

    # -- paho callbacks ----------------------------------------------------------------
    def _on_connect(
        self,
        client: Client,
        userdata: Any,
        flags: ConnectFlags,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason_code.is_failure:
            self.refused.set()
            return
        # The retained status and claim are delivered before the second SUBACK arrives.
        client.subscribe([(self.topics.status, 1), (self.topics.claim, 1)])
        mid = client.subscribe(self.topics.heartbeat, qos=0)[1]
        if mid is not None:  # None only when not connected: not in on_connect
            self._barrier.append(mid)

    def _on_subscribe(
        self,
        client: Client,
        userdata: Any,
        mid: int,
        reason_codes: list[ReasonCode],
        properties: Properties | None,
    ) -> None:
        if mid in self._barrier:
            self.subscribed.set()

    def _on_message(self, client: Client, userdata: Any, message: MQTTMessage) -> None:
        try:
            body = T.decode(message.payload)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return
        kind = message.topic.rsplit("/", 1)[-1]
        with self.lock:
            if message.retain:
                if kind in ("status", "claim"):
                    self.retained[kind] = body
                return
            if body is None:  # an empty message clears a retained one: nothing live
                return
            other = body.get("instance")
            if not isinstance(other, str):
                return
            if kind == "status" and body.get("status") != "online":
                return
            if other != self.instance and (kind != "heartbeat" or other not in self.heard):
                self.heard[other] = body
            if kind == "claim" and other == self.instance and not self.before_ours:
                self.before_ours.append(dict(self.heard))

    # -- the steps ---------------------------------------------------------------------
    def connect(self, timeout_s: float) -> None:
        self.client.connect_timeout = timeout_s
        self.client.connect(self.broker.host, self.broker.port, self.broker.keepalive_s)
        self.client.loop_start()
        wait_for(lambda: self.subscribed.is_set() or self.refused.is_set(), timeout_s)
        if not self.subscribed.is_set():
            raise ConnectionError(
                f"the broker {self.broker.display()} did not let this table look at its own name"
            )

    def holder(self, among: dict | None = None) -> dict | None:
        """Another instance heard (of `among`, else of all heard): its status if that is
        online (it says where its dashboard is, and since when), else what it sent."""
        with self.lock:
            others = self.heard if among is None else among
            if not others:
                return None
            other, body = next(iter(others.items()))
            status = self.retained.get("status")
        if status and status.get("instance") == other and status.get("status") == "online":
            return status
        return body

    def suspects(self) -> list[dict]:
        """Retained messages saying another instance holds the name (step 1)."""
        with self.lock:
            status, claim = self.retained.get("status"), self.retained.get("claim")
        found = []
        if status and status.get("status") == "online" and status.get("instance") != self.instance:
            found.append(status)
        gone = status.get("instance") if status and status.get("status") != "online" else None
        if claim and claim.get("instance") not in (self.instance, gone):
            found.append(claim)
        return found

    def listen_for_holder(self) -> dict | None:
        """Step 1: a name held on paper is held only if its instance is heard within 2.5 of
        its heartbeat periods."""
        suspects = self.suspects()
        if suspects:
            beats = [b.get("heartbeat_s") for b in suspects]
            beat = max(
                [float(b) for b in beats if isinstance(b, (int, float)) and b > 0] or [self.every]
            )
            wait_for(self.holder, T.SILENT_AFTER_BEATS * beat, every_s=0.02)
        return self.holder()

    def claim(self, payload: dict, timeout_s: float) -> dict | None:
        """Step 2: publish our claim and wait for it to come back; the instance heard before
        it, if any, holds the name."""
        sent = self.client.publish(self.topics.claim, T.encode(payload), qos=1, retain=True)
        started = time.monotonic()

        def settled() -> list[dict] | None:
            with self.lock:
                if self.before_ours:
                    return [self.before_ours[0]]
            if sent.is_published() and time.monotonic() - started > timeout_s / 2:
                return [self._acl_dropped_claim()]
            return None

        heard_first = wait_for(settled, timeout_s, every_s=0.005)
        if not heard_first:
            raise ConnectionError(
                f"the broker {self.broker.display()} did not acknowledge this table's claim "
                f"of its name"
            )
        return self.holder(heard_first[0])

    def _acl_dropped_claim(self) -> dict:
        """Acknowledged but never handed back: a broker whose ACL predates the claim topic
        drops it without a word. Start as a table did before claims."""
        log.warning(
            "the broker %s does not let table %s claim its name on %s (add it to the ACL, "
            "see cafe/examples/acl): two tables started at the same moment could both take it",
            self.broker.display(),
            self.topics.base,
            self.topics.claim,
        )
        return {}

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def claim_name(
    broker: BrokerSettings,
    venue: str,
    table: str,
    instance: str,
    *,
    dashboard: str | None = None,
    connect_timeout_s: float = 3.0,
) -> NameClaim | dict:
    """Take the name venue/table for this process (`instance`), race-free: a `NameClaim` when
    it is ours, else what is known of the table that has it (for `name_taken_message`).

    1. A table that is heard (a live heartbeat, online status or claim of another instance,
       waited for up to 2.5 of its heartbeat periods when its retained claim or online status
       is there) has the name; a retained claim whose instance then says nothing, or whose
       retained status says it went offline, is stale and does not.
    2. Publish our claim (retained, QoS 1) and wait for the broker to hand it back on our own
       subscription. The broker delivers one topic's messages to a subscriber in the order it
       received them, so every claim it took before ours has reached us by then: the name is
       ours only if none did. Of two tables claiming at the same moment every one sees the
       same order, so exactly one wins. Raises OSError / ConnectionError when the broker
       cannot be reached or does not answer."""
    topics = T.TableTopics(venue, table)
    probe = NameProbe(broker, topics, instance)
    won = None
    try:
        probe.connect(connect_timeout_s)  # OSError when unreachable
        other = probe.listen_for_holder()
        if other is not None:
            return other
        payload = T.claim_payload(topics, instance, probe.every, dashboard)
        other = probe.claim(payload, connect_timeout_s)
        if other is not None:
            return other
        probe.client.on_connect = probe.client.on_message = None
        won = NameClaim(probe.client, topics, payload, probe.every)
        return won
    finally:
        if won is None:
            probe.close()


def name_taken_message(venue: str, table: str, status: dict) -> str:
    """One line for the person starting a table under a name another table uses."""
    where = f"its dashboard: {status['dashboard']}, " if status.get("dashboard") else ""
    since = status.get("ts")
    when = (
        f"online since {time.strftime('%H:%M:%S', time.localtime(since))}"
        if isinstance(since, (int, float))
        else "online"
    )
    return (
        f"another table is already running as {venue}/{table} ({where}{when}): give this "
        f"one another --table name, or stop that one first"
    )
