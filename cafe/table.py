"""A table publishes its game to the café's broker, and never waits for it.

`TablePublisher` watches a `web.runtime.Runtime` through `Runtime.add_observer` and does its
work on its own thread. The table's SQLite log is the outbox: events are read from the
session (which the log rebuilds after a restart) and handed to the MQTT client only while it
is connected; each PUBACK moves a persisted cursor (`cafe_published` in the table's own
database), so after a broker outage, or a table restart, publishing resumes with the first
record the broker has not acknowledged: nothing lost, and nothing the broker acknowledged is
sent again. (A message whose PUBACK was lost in the outage may arrive twice; its `seq` lets
the café drop it.)
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from typing import TYPE_CHECKING, Any

from . import topics as T
from .claim import NameClaim, TableNameTakenError, claim_name, name_taken_message
from .floor import FloorSettings
from .help import HelpDesk
from .outbox import PublishedCursor
from .packup import PackupDesk, PackupRequests
from .settings import BrokerSettings, check_name
from .table_alerts import TableAlerts, staff_acknowledgements, without_ts
from .table_log import TableLog, answer_log_request
from .table_outbox import EventOutbox
from .table_state import TableState

if TYPE_CHECKING:  # paho is imported when a client is made (cafe.settings)
    from paho.mqtt.client import Client, ConnectFlags, DisconnectFlags, MQTTMessage
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger("cafe.table")
# Where a table's name claim lived before it had a module of its own (cafe/claim.py).
__all__ = [
    "NameClaim",
    "PublishedCursor",
    "TableNameTakenError",
    "TablePublisher",
    "claim_name",
    "name_taken_message",
]


class TablePublisher:
    """Publishes one table's state, events, alerts and status; handles staff acknowledgements.

    Its alerts include calls for help (`help_desk`, cafe.help_web: a tap or stuck play) and
    the last pack-up check (`packup_desk`, cafe.packup_web: "Check the box")."""

    def __init__(
        self,
        runtime: Any,
        broker: BrokerSettings,
        venue: str,
        table: str,
        *,
        dashboard_url: str | None = None,
        poll_s: float = 0.5,
        events_qos: int = 1,
        check_name_first: bool = True,
        instance: str | None = None,
        claim: NameClaim | None = None,
        help_desk: HelpDesk | None = None,
        packup_desk: PackupDesk | None = None,
    ):
        self.runtime = runtime
        self.help = help_desk or HelpDesk(FloorSettings.load().help)
        self.packup = packup_desk or PackupDesk()
        self.packup_requests = PackupRequests(runtime, self.packup, lambda: self._nudge())
        self.broker = broker
        self.topics = T.TableTopics(check_name("venue", venue), check_name("table", table))
        self.dashboard_url = dashboard_url
        self.poll_s = poll_s
        # 1 as documented (at least once; a repeat is dropped by seq); 2 makes the broker
        # drop the repeat itself, for a four-packet handshake per event (see the benchmark).
        self.events_qos = events_qos
        self.outbox = EventOutbox(runtime, self.topics, self._send_event)
        # what the café's history keeps, for a café that lost it (cafe.table_log, cafe.catchup)
        self.history_log = TableLog(runtime.store.path, self.topics)
        self._state = TableState(self.topics)
        self._last_state: bytes | None = None  # as last published (None: publish again)
        self._last_alerts: bytes | None = None
        self.alerts = TableAlerts()
        self._connected = threading.Event()
        self._wake = threading.Event()
        # Something the state or alerts show may have changed (not set by a mere PUBACK)
        self._dirty = threading.Event()
        self._synced_at = 0.0
        self._stop = threading.Event()
        self._closed = False
        # Tells this run of the table from another process claiming the same name.
        self.instance = instance or uuid.uuid4().hex[:12]
        # The name this table already won (`claim_name`), held until it is connected.
        self._claim = claim
        self.heartbeat_s = T.heartbeat_every(broker.keepalive_s)
        # Look for another running table with this name before taking it (False: the
        # command line already did); the other table's status while it holds the name.
        self.check_name_first = check_name_first
        self.name_taken_by: dict | None = None
        self._connect_lock = threading.Lock()
        self.client = self._make_client()
        runtime.add_observer(self._on_runtime_change)
        self._thread = threading.Thread(target=self._loop, name=f"cafe-pub-{table}", daemon=True)
        # Its own thread: a long camera frame holding the runtime's lock must not look like a
        # table that went silent.
        self._heartbeat = threading.Thread(target=self._beat, name=f"cafe-hb-{table}", daemon=True)

    def _make_client(self) -> Any:
        """The table's own MQTT client: persistent session, its last will says offline."""
        topics, broker = self.topics, self.broker
        client = broker.client(f"companion-{topics.venue}-{topics.table}", clean_session=False)
        client.will_set(topics.status, self._status(False, "connection lost"), qos=1, retain=True)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        return client

    def _status(self, online: bool, reason: str) -> bytes:
        link = self.dashboard_url if online else None
        status = T.status_payload(
            self.topics, online, reason, link, self.broker.keepalive_s, instance=self.instance
        )
        return T.encode(status)

    def _send_event(self, payload: dict) -> int:
        info = self.client.publish(self.topics.events, T.encode(payload), qos=self.events_qos)
        return info.mid

    @property
    def published_events(self) -> int:
        return self.outbox.published_events

    @property
    def acknowledged_alerts(self) -> dict[str, float]:
        """Alert id -> when staff acknowledged it."""
        return self.alerts.acknowledged

    # -- life cycle ----------------------------------------------------------------------
    def start(self) -> "TablePublisher":
        if not self.check_name_first:
            self._connect()
        self._thread.start()
        # Stopping the table stops this too: after its camera, before its store closes.
        self.runtime.on_close.append(self.close)
        return self

    def _connect(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, self.broker.keepalive_s)
        self.client.loop_start()
        self._heartbeat.start()

    def _claim_name(self) -> bool:
        """Wait (on this thread: the game goes on) until no other running table uses this
        name, then connect. False when stopped first."""
        retry_s = 1.0
        while not self._stop.is_set():
            other: NameClaim | dict | None
            try:
                other = claim_name(
                    self.broker,
                    self.topics.venue,
                    self.topics.table,
                    self.instance,
                    dashboard=self.dashboard_url,
                )
            except (OSError, ConnectionError):
                other = None  # the broker is unreachable
            if isinstance(other, NameClaim):
                if self.name_taken_by is not None:
                    log.warning(
                        "table %s: the other table with this name is gone; publishing",
                        self.topics.base,
                    )
                self.name_taken_by = None
                with self._connect_lock:
                    if self._closed:  # closed while we looked
                        other.release()
                        return False
                    self._claim = other
                    self._connect()
                return True
            if isinstance(other, dict):
                if self.name_taken_by is None:
                    log.error(
                        "not publishing: %s",
                        name_taken_message(self.topics.venue, self.topics.table, other),
                    )
                self.name_taken_by = other
                self._stop.wait(10.0)
            else:  # the broker is away: look again as often as paho would reconnect
                self._stop.wait(retry_s)
                retry_s = min(retry_s * 2, 5.0)
        return False

    def close(self, timeout_s: float = 3.0) -> None:
        """Publish what is pending (briefly), say 'offline', disconnect. Safe to call twice."""
        with self._connect_lock:
            if self._closed:
                return
            self._closed = True
        deadline = time.monotonic() + timeout_s
        if self.outbox.pending():  # reconnecting (a broker restart): give the backlog a chance
            self._connected.wait(timeout_s)
        if self._connected.is_set():
            self._nudge()
            while time.monotonic() < deadline and self.outbox.pending():
                time.sleep(0.05)
        self._stop.set()
        self._nudge()
        for thread in (self._thread, self._heartbeat):
            if thread.ident is not None and thread.is_alive():
                thread.join(timeout=timeout_s)
        self.outbox.drain_pubacks()
        self._release_claim(clear=not self._connected.is_set())
        if self._connected.is_set():
            # The name is free again at once (a table that dies leaves its claim: stale once
            # its heartbeats are overdue, or at once when its last will says offline).
            self.client.publish(self.topics.claim, b"", qos=1, retain=True)
            stopped = self._status(False, "table stopped")
            info = self.client.publish(self.topics.status, stopped, qos=1, retain=True)
            try:
                info.wait_for_publish(timeout=timeout_s)
            except (RuntimeError, ValueError):
                pass
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()
        self.history_log.close()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    # -- paho callbacks (on paho's network thread: note and wake, nothing more) -----------
    def _on_connect(
        self,
        client: Client,
        userdata: Any,
        flags: ConnectFlags,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason_code.is_failure:
            log.warning(
                "broker %s refused table %s: %s",
                self.broker.display(),
                self.topics.table,
                reason_code,
            )
            return
        client.subscribe(self.topics.ack, qos=1)
        # The retained claim names this table again (a loser of a race may have overwritten it).
        claim = T.claim_payload(self.topics, self.instance, self.heartbeat_s, self.dashboard_url)
        client.publish(self.topics.claim, T.encode(claim), qos=1, retain=True)
        client.publish(self.topics.status, self._status(True, "playing"), qos=1, retain=True)
        log.info("table %s connected to %s", self.topics.base, self.broker.display())
        # a broker restarted without its retained messages gets the state and alerts again
        self._last_state = self._last_alerts = None
        self._connected.set()
        self._nudge()

    def _on_disconnect(
        self,
        client: Client,
        userdata: Any,
        flags: DisconnectFlags,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if self._connected.is_set() and not self._stop.is_set():
            log.warning(
                "table %s lost the broker (%s); the game goes on and will catch up",
                self.topics.base,
                reason_code,
            )
        self._connected.clear()

    def _on_publish(
        self,
        client: Client,
        userdata: Any,
        mid: int,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        self.outbox.note_puback(mid)
        self._wake.set()  # the cursor moves; nothing to rebuild (see _loop)

    def _on_message(self, client: Client, userdata: Any, message: MQTTMessage) -> None:
        try:
            body = T.decode(message.payload) or {}
            alert_id = body.get("alert")
        except (ValueError, UnicodeDecodeError):
            log.warning("ignored a malformed acknowledgement on %s", message.topic)
            return
        if body.get("action") == "log":  # the café catches up (cafe.catchup)
            answer_log_request(self.history_log, client, self.topics, body)
        elif body.get("action") == "packup_check":  # staff ask for the box check
            self.packup_requests.handle(body, self._state.phases.name)
        elif isinstance(alert_id, str) and alert_id.startswith("help:"):
            self._staff_answered_help(body.get("action"))
        elif isinstance(alert_id, str) and alert_id.startswith("packup:") and self.packup.clear():
            self._nudge()  # staff saw the box's result: the alert goes
        elif isinstance(alert_id, str) and self.alerts.acknowledge(alert_id):
            log.info("staff acknowledged alert %s at table %s", alert_id, self.topics.table)
            self._nudge()

    def _staff_answered_help(self, action: Any) -> None:
        done = self.help.clear() if action == "clear" else self.help.acknowledge()
        if done:
            log.info("staff %s the call for help at table %s", action or "ack", self.topics.table)
            self._nudge()

    # -- the publishing thread -----------------------------------------------------------
    def _loop(self) -> None:
        if self.check_name_first and not self._claim_name():
            return
        while not self._stop.is_set():
            self._wake.wait(self.poll_s)  # the poll catches camera changes, which are silent
            self._wake.clear()
            try:
                self.outbox.drain_pubacks()
                overdue = time.monotonic() - self._synced_at >= self.poll_s
                if self._connected.is_set() and (overdue or self._dirty.is_set()):
                    self._dirty.clear()
                    self._synced_at = time.monotonic()
                    self._release_claim()  # our own connection holds the name now
                    self.sync()
            except Exception:  # a publishing bug must never stop the game
                log.exception("café publisher error at table %s", self.topics.table)
                self._stop.wait(1.0)

    def _nudge(self) -> None:
        """Wake the publishing thread to look at the table again."""
        self._dirty.set()
        self._wake.set()

    def _release_claim(self, clear: bool = False) -> None:
        claim, self._claim = self._claim, None
        if claim is not None:
            claim.release(clear)

    def _beat(self) -> None:
        """'Still here' every keep-alive / 3, QoS 0 (a late heartbeat is worth nothing), so
        the café can tell a frozen table sooner than the broker's keep-alive check."""
        while not self._stop.wait(self.heartbeat_s):
            if self._connected.is_set():
                beat = T.heartbeat_payload(self.topics, self.instance, self.heartbeat_s)
                self.client.publish(self.topics.heartbeat, T.encode(beat), qos=0)

    def _on_runtime_change(self) -> None:
        """The runtime's observer: on the changing thread, under its lock. Turning the new
        records into payloads here means they need not wait for the rest of a camera frame."""
        try:
            self.outbox.collect()
        except Exception:  # never the game's problem: the thread retries
            log.exception(
                "café publisher could not read the new records at table %s", self.topics.table
            )
        self._nudge()

    def sync(self) -> None:
        """Hand the client every event not yet sent (an earlier game's first), then the state
        and the alerts if they changed."""
        runtime = self.runtime
        self.outbox.catch_up()
        with runtime.lock:
            game_id, session = runtime.game_id, runtime.session
            camera = runtime.camera_status()
            encoded_state = self._state.encoded_for(game_id, session, camera)
            self.help.check(session, playing=self._state.phases.name == "playing")
            alerts = self.alerts.current(session, camera)
            runtime.set_staff_acknowledgements(staff_acknowledgements(alerts))
            call = self.help.alert()
            if call is not None:
                alerts.append(call)
            alerts += [box for box in [self.packup.alert()] if box is not None]
        self.history_log.note("state", self._state.payload)
        alerts_body = T.alerts_payload(self.topics, game_id, alerts)
        self.history_log.note("alerts", alerts_body)
        if encoded_state != self._last_state:
            self.client.publish(self.topics.state, encoded_state, qos=1, retain=True)
            self._last_state = encoded_state
        encoded_alerts = T.encode(alerts_body) if alerts else b""
        if without_ts(encoded_alerts) != without_ts(self._last_alerts):
            # An empty retained message deletes the retained alerts: resolved means gone.
            self.client.publish(self.topics.alerts, encoded_alerts, qos=1, retain=True)
            self._last_alerts = encoded_alerts
