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
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable

from . import payloads as P
from . import topics as T
from .catchup import CatchUp
from .floor import FloorSettings
from .history import HistoryStore
from .settings import BrokerSettings
from .tiles import CLASH_FORGOTTEN_AFTER_S, Tile

if TYPE_CHECKING:  # paho is imported when a client is made (cafe.settings)
    from paho.mqtt.client import Client, ConnectFlags, DisconnectFlags, MQTTMessage
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger("cafe.hub")

WATCH_EVERY_S = 0.2  # how often the view looks for tables gone silent
WARN_EVERY_S = 1.0  # how often it looks at the floor's warnings (counted in minutes)
# A table stopped this long ago leaves the page (a café restarts tables under new names).
FORGET_AFTER_S = 2 * 3600.0
MAX_TABLES = 500  # more table names than any café has: the rest is someone spraying topics
MAX_LOGGED_TOPICS = 1000  # topics whose first bad message is logged; beyond, only counted


EventListener = Callable[[Tile, dict, float], None]
# (venue, table, kind, clean payload or None, received, retained): every message taken
MessageListener = Callable[[str, str, str, "dict | None", float, bool], None]


class CafeView:
    def __init__(
        self,
        broker: BrokerSettings,
        venue: str = "+",
        *,
        client_id: str | None = None,
        on_event: EventListener | None = None,
        qos: int = 1,
        forget_after_s: float = FORGET_AFTER_S,
        floor: FloorSettings | None = None,
        history: HistoryStore | None = None,
        on_message: MessageListener | None = None,
    ):
        self.broker = broker
        self.venue = venue
        self.tiles: dict[str, Tile] = {}
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.version = 0
        self.connected = False
        self.rejected = 0  # messages ignored: bad topic, size, JSON, version or shape
        self._rejected_topics: set[str] = set()
        self.forget_after_s = forget_after_s
        self.floor = floor or FloorSettings.load()
        self.on_event = on_event
        self.history = history  # the evening's history file (cafe.history), fed from here
        # ... and from the tables' own logs, for what the broker lost (cafe.catchup)
        self.catchup = CatchUp(history, self._ask, self._reject) if history is not None else None
        self.on_message = on_message
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
        self._warned_at = 0.0
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
                turned += settled + self._forget_stopped(now)
                if now - self._warned_at >= WARN_EVERY_S:  # minutes: not 200 tiles 5 times a second
                    self._warned_at = now
                    turned += self._warn()
                if turned:
                    self._bump(turned)

    def _forget_stopped(self, now_monotonic: float) -> list[Tile]:
        """Tiles of tables stopped longer than `forget_after_s` ago (the caller holds the lock)."""
        now = time.time()
        gone = [
            t for t in self.tiles.values() if t.forgotten(now, now_monotonic, self.forget_after_s)
        ]
        for tile in gone:
            del self.tiles[tile.key]
            log.info("table %s stopped long ago: off the page", tile.key)
        return gone

    def _warn(self) -> list[Tile]:
        """Tiles whose floor warnings changed as time passed, a minute's count included (the
        caller holds the lock)."""
        now = time.time()
        changed = []
        for tile in self.tiles.values():
            warnings = self.floor.warnings(tile.state, now)
            if warnings != tile.warnings:  # a page gets changed tiles only: minutes count too
                changed.append(tile)
                tile.warnings = warnings
        return changed

    def wait_connected(self, timeout_s: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while not self.connected and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.connected

    # -- staff actions --------------------------------------------------------------------
    def acknowledge(self, venue: str, table: str, alert_id: str, action: str = "ack") -> bool:
        """Send the table an acknowledgement (or, for a call for help, `action` "clear");
        False if no such alert is active there."""
        with self.lock:
            tile = self.tiles.get(f"{venue}/{table}")
            if tile is None or not any(a.get("id") == alert_id for a in tile.alerts):
                return False
        topic = T.TableTopics(venue, table).ack
        self.client.publish(topic, T.encode(T.ack_payload(alert_id, action=action)), qos=1)
        return True

    def request_packup(self, venue: str, table: str) -> str | None:
        """Ask a table to check its box (cafe.packup.PackupRequests); the reason it cannot be
        asked, or None when the request was sent."""
        with self.lock:
            tile = self.tiles.get(f"{venue}/{table}")
            if tile is None:
                return "no such table"
            phase = ((tile.state or {}).get("table_phase") or {}).get("name")
            if not tile.to_dict()["online"]:
                return "the table is not online"
            if phase in ("playing", "scoring"):
                return "a game is being played at this table"
        topic = T.TableTopics(venue, table).ack
        self.client.publish(topic, T.encode(T.packup_request_payload()), qos=1)
        return None

    def _ask(self, venue: str, table: str, request: dict) -> None:
        """Ask a table for a page of its own log (cafe.catchup)."""
        self.client.publish(T.TableTopics(venue, table).ack, T.encode(request), qos=1)

    def snapshot(self) -> dict:
        with self.lock:
            return {
                **self._head(),
                "tables": [self.tiles[k].to_dict() for k in sorted(self.tiles)],
            }

    def changes_since(self, seen: int) -> dict:
        """What a page that has version `seen` needs: the tiles changed since then, and every
        tile's key (a key missing is a tile gone). 200 tables change hundreds of times a second:
        the whole floor each time, built under the lock the broker's messages wait for, would
        slow every message and send each browser megabytes a second."""
        with self.lock:
            return {
                **self._head(),
                "since": seen,
                "changed": [t.to_dict() for k, t in sorted(self.tiles.items()) if t.version > seen],
                "keys": sorted(self.tiles),
            }

    def _head(self) -> dict:
        return {
            "version": self.version,
            "connected": self.connected,
            "broker": self.broker.display(),
            "rejected": self.rejected,
        }

    # -- paho callbacks -------------------------------------------------------------------
    def _on_connect(
        self,
        client: Client,
        userdata: Any,
        flags: ConnectFlags,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason_code.is_failure:
            log.warning("broker %s refused the café view: %s", self.broker.display(), reason_code)
            return
        if self.catchup is not None:
            self.catchup.connected()
        client.subscribe(
            [(f"{T.ROOT}/{self.venue}/tables/+/{kind}", self.qos) for kind in T.TABLE_TOPICS]
        )
        with self.changed:
            for tile in self.tiles.values():  # silence while the view was away is not theirs
                tile.heard_at, tile.silent = time.monotonic(), False
            self.connected = True
            self._bump(self.tiles.values())

    def _on_disconnect(
        self,
        client: Client,
        userdata: Any,
        flags: DisconnectFlags,
        reason_code: ReasonCode,
        properties: Properties | None,
    ) -> None:
        self._touch(connected=False)

    def _bump(self, tiles: Iterable[Tile]) -> None:
        """These tiles changed (the caller holds the lock): a new version, pages woken."""
        self.version += 1
        for tile in tiles:
            tile.version = self.version
        self.changed.notify_all()

    def _touch(self, connected: bool) -> None:
        with self.changed:
            self.connected = connected
            self.version += 1
            self.changed.notify_all()

    def _on_message(self, client: Client, userdata: Any, message: MQTTMessage) -> None:
        received = time.time()
        try:
            venue, table, kind, body = P.read(message.topic, message.payload)
        except P.Rejected as exc:
            self._reject(message.topic, str(exc))
            return
        if kind == "log":  # a page of a table's own log: history only, no tile
            if self.catchup is not None and body is not None:
                self.catchup.take(venue, table, body, received)
            return
        listener_args: tuple[Tile, dict, float] | None = None
        with self.changed:
            tile = self._tile_for(venue, table, kind, body, message.retain)
            if tile is None:
                return
            redraw = self._take(tile, kind, body, message.retain, received)
            if redraw:  # else nothing to redraw (a heartbeat, a repeated event)
                if kind == "events" and body is not None:
                    listener_args = (tile, body, received)
                tile.updated = received
                self._bump([tile])
        if self.history is not None:  # it drops what it has seen: a retained copy is free
            self.history.take(venue, table, kind, body, received)
        if self.catchup is not None:
            self.catchup.heard(venue, table, kind, body, message.retain)
        if self.on_message is not None:
            self.on_message(venue, table, kind, body, received, message.retain)
        if listener_args and self.on_event is not None:
            self.on_event(*listener_args)

    def _reject(self, topic: str, reason: str) -> None:
        """Count a message the view ignores; log it once per topic (a table repeating the same
        bad message every second must not flood the log), and a bounded number of topics."""
        with self.lock:
            self.rejected += 1
            first = topic not in self._rejected_topics
            if first and len(self._rejected_topics) < MAX_LOGGED_TOPICS:
                self._rejected_topics.add(topic)
            else:
                return
        log.warning(
            "ignored a message on %s: %s (more from this topic are counted, not logged)",
            topic[:200].encode("unicode_escape").decode("ascii"),
            reason,
        )

    def _tile_for(
        self, venue: str, table: str, kind: str, body: dict | None, retained: bool
    ) -> Tile | None:
        """The table's tile, made on its first message unless there are too many tables already
        or it is a retained copy of a table stopped long ago (the caller holds the lock)."""
        key = f"{venue}/{table}"
        tile = self.tiles.get(key)
        if tile is not None:
            return tile
        if body is None or kind in ("heartbeat", "events") and retained:
            return None
        if len(self.tiles) >= MAX_TABLES:
            self.rejected += 1
            return None
        if kind == "status" and retained and _stopped_long_ago(body, self.forget_after_s):
            return None
        tile = self.tiles[key] = Tile(venue, table)
        return tile

    def _take(
        self, tile: Tile, kind: str, body: dict | None, retained: bool, received: float
    ) -> bool:
        """One clean message into its tile: True if the tile changed."""
        was_silent, was_clash = tile.silent, tile.name_clash
        if body is None:  # only `alerts` may be empty: the table has none left
            body = {}
        if not retained:  # a retained copy may be old: it proves nothing
            tile.heard(received)
            tile.silent = False
            instance = body.get("instance")
            if isinstance(instance, str) and (
                kind == "heartbeat" or (kind == "status" and body.get("status") == "online")
            ):
                tile.heard_instance(instance)
                if tile.name_clash and not was_clash:
                    log.warning("two running tables claim the name %s", tile.key)
        if kind == "heartbeat":
            if body["every_s"]:
                tile.heartbeat_s = body["every_s"]
            return was_silent or tile.name_clash != was_clash
        if kind == "status":
            tile.take_status(body, None if retained else received)
        elif kind == "state":
            tile.state = body
            tile.warnings = self.floor.warnings(body, time.time())
        elif kind == "alerts":
            tile.alerts = list(body.get("alerts") or [])
        elif kind == "events":
            return self._take_event(tile, body)
        return True

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


def _stopped_long_ago(status: dict, after_s: float) -> bool:
    """A retained status of a table cleanly stopped more than `after_s` ago."""
    stopped = status["status"] == "offline" and status["reason"] == "table stopped"
    return stopped and status["ts"] is not None and time.time() - status["ts"] > after_s
