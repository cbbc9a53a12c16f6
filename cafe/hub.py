"""The café's side: one subscriber keeping a tile per table, and staff acknowledgements.

The view subscribes to `companion/<venue>/tables/+/{state,events,alerts,status}` with QoS 1.
Tiles come from retained messages, so a page needs no history: by default each view has its
own client id and a clean session (a TV and a staff laptop never push each other off the
broker). Given a `client_id`, the session is persistent instead and the broker keeps the
events it missed while away (the benchmark counts every one). Events carry the table's record number `seq`: a repeat is dropped (and
counted), a jump is counted as a gap.

A table that freezes (its PC hangs, its cable is pulled) closes no connection: the broker
publishes its last will only after 1.5x the keep-alive plus its own check interval (10-11 s
at 5 s). Tables send a heartbeat every keep-alive / 3, so the view itself shows a table as
"not heard from" (`silent`, and not `online`) once 2.5 heartbeat intervals pass without a live
message from it; the next message brings it back.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from . import topics as T
from .settings import BrokerSettings

log = logging.getLogger("cafe.hub")

RECENT_EVENTS = 5
WATCH_EVERY_S = 0.2  # how often the view looks for tables gone silent
# Two running tables with one name share an MQTT client id and take turns on the broker: the
# view sees instance A, then B, then A again. A restart never looks like that (a new process is
# a new instance). The tile says so until no such turn was seen for this long.
CLASH_FORGOTTEN_AFTER_S = 60.0


@dataclass
class Tile:
    venue: str
    table: str
    status: dict | None = None
    state: dict | None = None
    alerts: list = field(default_factory=list)
    recent: deque = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    last_seq: dict = field(default_factory=dict)  # game id -> last seq shown
    events: int = 0
    duplicates: int = 0
    gaps: int = 0
    updated: float = 0.0
    heartbeat_s: float | None = None  # what the table announced; None: an older table
    heard_at: float = field(default_factory=time.monotonic)  # last live message (monotonic)
    last_heard: float | None = None  # the same, wall clock, for people
    silent: bool = False
    # the instances heard live, in turn (a new entry only when the instance changes)
    turns: deque = field(default_factory=lambda: deque(maxlen=8))
    name_clash_at: float | None = None  # monotonic: when two instances last took turns

    def heard_instance(self, instance: str) -> None:
        now = time.monotonic()
        if self.turns and self.turns[-1][0] == instance:
            self.turns[-1] = (instance, now)
            return
        if any(seen == instance and now - at < CLASH_FORGOTTEN_AFTER_S for seen, at in self.turns):
            self.name_clash_at = now  # back again after another one: both are running
        self.turns.append((instance, now))

    @property
    def name_clash(self) -> bool:
        return self.name_clash_at is not None

    def heard(self, received: float) -> None:
        self.heard_at = time.monotonic()
        self.last_heard = received

    def gone_silent(self, now: float) -> bool:
        """An online table that has sent nothing for 2.5 of its own heartbeat intervals."""
        if not self.heartbeat_s or not self.status or self.status.get("status") != "online":
            return False
        return now - self.heard_at > T.SILENT_AFTER_BEATS * self.heartbeat_s

    @property
    def key(self) -> str:
        return f"{self.venue}/{self.table}"

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "venue": self.venue,
            "table": self.table,
            "online": bool(
                self.status and self.status.get("status") == "online" and not self.silent
            ),
            "silent": self.silent,
            "last_heard": self.last_heard,
            "name_clash": self.name_clash,
            "status": self.status,
            "state": self.state,
            "alerts": list(self.alerts),
            "recent": list(self.recent),
            "events": self.events,
            "duplicates": self.duplicates,
            "gaps": self.gaps,
            "updated": self.updated,
        }


EventListener = Callable[[Tile, dict, float], None]


class CafeView:
    def __init__(
        self,
        broker: BrokerSettings,
        venue: str = "+",
        *,
        client_id: str | None = None,
        on_event: EventListener | None = None,
        qos: int = 1,
    ):
        self.broker = broker
        self.venue = venue
        self.tiles: dict[str, Tile] = {}
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.version = 0
        self.connected = False
        self.malformed = 0
        self.on_event = on_event
        self.qos = qos
        persistent = client_id is not None
        client_id = (
            client_id or f"companion-cafe-{socket.gethostname()[:20]}-{uuid.uuid4().hex[:8]}"
        )
        self.client = broker.client(client_id, clean_session=not persistent)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.silences: list[tuple[float, str]] = []  # (when, table key): for the benchmark
        self._closing = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="cafe-silence-watch", daemon=True)

    def start(self) -> "CafeView":
        self.client.connect_async(self.broker.host, self.broker.port, self.broker.keepalive_s)
        self.client.loop_start()
        self._watcher.start()
        return self

    def close(self) -> None:
        self._closing.set()
        self.client.disconnect()
        self.client.loop_stop()
        if self._watcher.is_alive():
            self._watcher.join(timeout=2)

    def _watch(self) -> None:
        """Mark tables that stopped talking (only while the view itself hears the broker)."""
        while not self._closing.wait(WATCH_EVERY_S):
            now = time.monotonic()
            with self.changed:
                if not self.connected:
                    continue
                turned = [t for t in self.tiles.values() if not t.silent and t.gone_silent(now)]
                for tile in turned:
                    tile.silent = True
                    self.silences.append((time.time(), tile.key))
                    log.info("table %s not heard from for %.1f s", tile.key, now - tile.heard_at)
                settled = [
                    t
                    for t in self.tiles.values()
                    if t.name_clash_at is not None
                    and now - t.name_clash_at > CLASH_FORGOTTEN_AFTER_S
                ]
                for tile in settled:
                    tile.name_clash_at = None
                turned += settled
                if turned:
                    self.version += 1
                    self.changed.notify_all()

    def wait_connected(self, timeout_s: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while not self.connected and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.connected

    # -- staff actions --------------------------------------------------------------------
    def acknowledge(self, venue: str, table: str, alert_id: str) -> bool:
        """Send the table an acknowledgement; False if no such alert is active there."""
        with self.lock:
            tile = self.tiles.get(f"{venue}/{table}")
            if tile is None or not any(a.get("id") == alert_id for a in tile.alerts):
                return False
        topic = T.TableTopics(venue, table).ack
        self.client.publish(topic, T.encode(T.ack_payload(alert_id)), qos=1)
        return True

    def snapshot(self) -> dict:
        with self.lock:
            return {
                "version": self.version,
                "connected": self.connected,
                "broker": self.broker.display(),
                "tables": [self.tiles[k].to_dict() for k in sorted(self.tiles)],
            }

    # -- paho callbacks -------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning("broker %s refused the café view: %s", self.broker.display(), reason_code)
            return
        client.subscribe(
            [(f"{T.ROOT}/{self.venue}/tables/+/{kind}", self.qos) for kind in T.TABLE_TOPICS]
        )
        with self.lock:
            for tile in self.tiles.values():  # silence while the view was away is not theirs
                tile.heard_at, tile.silent = time.monotonic(), False
        self._touch(connected=True)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self._touch(connected=False)

    def _touch(self, connected: bool) -> None:
        with self.changed:
            self.connected = connected
            self.version += 1
            self.changed.notify_all()

    def _on_message(self, client, userdata, message) -> None:
        received = time.time()
        where = T.parse_topic(message.topic)
        if where is None:
            return
        venue, table, kind = where
        try:
            body = T.decode(message.payload)
        except (ValueError, UnicodeDecodeError):
            self.malformed += 1
            return
        listener_args = None
        with self.changed:
            tile = self.tiles.get(f"{venue}/{table}")
            if tile is None:
                tile = self.tiles[f"{venue}/{table}"] = Tile(venue, table)
            was_silent, was_clash = tile.silent, tile.name_clash
            if not message.retain:  # a retained copy may be old: it proves nothing
                tile.heard(received)
                tile.silent = False
                instance = (body or {}).get("instance")
                if isinstance(instance, str) and (
                    kind == "heartbeat" or (kind == "status" and body.get("status") == "online")
                ):
                    tile.heard_instance(instance)
                    if tile.name_clash and not was_clash:
                        log.warning("two running tables claim the name %s", tile.key)
            if kind == "heartbeat":
                every = (body or {}).get("every_s")
                if isinstance(every, (int, float)) and every > 0:
                    tile.heartbeat_s = float(every)
                if not was_silent and tile.name_clash == was_clash:
                    return  # nothing to redraw: heartbeats must not flood the pages
            elif kind == "status":
                tile.status = _safe_status(body)
                every = (tile.status or {}).get("heartbeat_s")
                if isinstance(every, (int, float)) and every > 0:
                    tile.heartbeat_s = float(every)
            elif kind == "state":
                tile.state = body
            elif kind == "alerts":
                tile.alerts = list((body or {}).get("alerts") or [])
            elif kind == "events" and body is not None:
                if not self._take_event(tile, body):
                    return  # a repeat: nothing changed
                listener_args = (tile, body, received)
            tile.updated = received
            self.version += 1
            self.changed.notify_all()
        if listener_args and self.on_event is not None:
            self.on_event(*listener_args)

    @staticmethod
    def _take_event(tile: Tile, body: dict) -> bool:
        game_id, seq = body.get("game_id"), body.get("seq")
        if not isinstance(game_id, int) or not isinstance(seq, int):
            return False
        last = tile.last_seq.get(game_id)
        if last is not None and seq <= last:
            tile.duplicates += 1
            return False
        if last is not None and seq > last + 1:
            tile.gaps += seq - last - 1
        tile.last_seq[game_id] = seq
        tile.events += 1
        for verdict in body.get("verdicts") or []:
            text = verdict.get("text") or verdict.get("note")
            if text:
                tile.recent.append({"seq": seq, "accepted": verdict.get("accepted"), "text": text})
        return True


def _safe_status(body: dict | None) -> dict | None:
    """A status whose dashboard link is a plain http(s) address (a tile links to it: a
    'javascript:' URL from a misbehaving table must never reach the page)."""
    if not body:
        return body
    link = body.get("dashboard")
    if link is not None and not (
        isinstance(link, str) and link.lower().startswith(("http://", "https://"))
    ):
        body = dict(body, dashboard=None)
    return body
