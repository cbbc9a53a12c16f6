"""`companion bench cafe --tables 20`: a café on one machine, measured.

A real Mosquitto on 127.0.0.1; N tables as separate processes (cafe.bench_table), each a
real runtime, SQLite store and publisher replaying a recorded sample game at its recorded
pace; and the café view's subscriber (CafeView) in this process. One run prints:

  * events per second through the broker, and the end-to-end latency from the moment a
    table logs a record to the moment the café view has it (p50 / p95 / max);
  * a broker restart mid-game: how long it was down, how long until every table had
    caught up, and how many events were lost or delivered twice;
  * a table killed (kill -9: its socket closes) and a table frozen (SIGSTOP: a PC that
    hangs or loses its cable): time until the café shows each offline, against the
    keep-alive; the killed one is then restarted on its own database and catches up;
  * at the end, every record in every table's SQLite log compared with what the café got.

Traffic goes to loopback only; the run is bounded by --duration.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from .broker import LocalBroker
from .hub import CafeView
from .replay import sample_logs
from .settings import parse_broker

VENUE = "bench"


class Latencies:
    def __init__(self):
        self.lock = threading.Lock()
        # (received, logged -> received, logged -> handed to the client) in seconds
        self.samples: list[tuple[float, float, float]] = []

    def add(self, tile, body, received: float) -> None:
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

    def __init__(self, settings):
        self.samples: list[float] = []
        self.client = settings.client("bench-probe", clean_session=True)
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(self.TOPIC, qos=1)
        self.client.on_message = self._on_message
        self._stop = threading.Event()
        self.client.connect_async(settings.host, settings.port, settings.keepalive_s)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _on_message(self, client, userdata, message):
        self.samples.append(time.time() - float(message.payload))

    def _run(self):
        while not self._stop.wait(0.1):
            self.client.publish(self.TOPIC, repr(time.time()), qos=1)

    def take(self) -> list[float]:
        taken, self.samples = self.samples, []
        return taken

    def close(self):
        self._stop.set()
        self.client.disconnect()
        self.client.loop_stop()


def broker_capacity(settings, messages: int = 20000, publishers: int = 4, size: int = 600) -> float:
    """Messages per second one Mosquitto moves, QoS 1 in and out, event-sized payloads, from
    several publishers to one subscriber (the head-office question: how far does one go?)."""
    received = threading.Semaphore(0)
    count = [0]

    def on_message(client, userdata, message):
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

    def send(sender, n, index):
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


class Bench:
    def __init__(self, tables: int, duration_s: float, keepalive_s: int, out=print, qos: int = 1):
        self.qos = qos
        self.count = tables
        self.duration_s = duration_s
        self.keepalive_s = keepalive_s
        self.out = out
        self.folder = Path(tempfile.mkdtemp(prefix="companion-bench-cafe-"))
        self.processes: dict[str, subprocess.Popen] = {}
        self.seen: dict[str, set] = {}
        self.seen_lock = threading.Lock()
        self.latencies = Latencies()

    # -- set-up --------------------------------------------------------------------------
    def _on_event(self, tile, body, received):
        self.latencies.add(tile, body, received)
        with self.seen_lock:
            self.seen.setdefault(tile.table, set()).add((body["game_id"], body["seq"]))

    def start_table(self, name: str, log: Path, resume: bool = False) -> subprocess.Popen:
        args = [
            sys.executable,
            "-m",
            "cafe.bench_table",
            "--mqtt",
            self.broker.url,
            "--table",
            name,
            "--venue",
            VENUE,
            "--log",
            str(log),
            "--db",
            str(self.folder / f"{name}.sqlite3"),
            "--keepalive",
            str(self.keepalive_s),
            "--qos",
            str(self.qos),
        ]
        if resume:
            args.append("--resume-only")
        process = subprocess.Popen(
            args,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.processes[name] = process
        return process

    def shown_online(self, name: str) -> bool:
        """What the café page shows: online, and heard from (heartbeats) lately."""
        with self.view.lock:
            tile = self.view.tiles.get(f"{VENUE}/{name}")
            return bool(tile) and tile.to_dict()["online"]

    def status_of(self, name: str) -> str | None:
        tile = self.view.tiles.get(f"{VENUE}/{name}")
        return tile.status.get("status") if tile and tile.status else None

    def wait(self, predicate, timeout_s: float) -> float | None:
        """Seconds until predicate() held, or None on timeout."""
        started = time.monotonic()
        while time.monotonic() - started < timeout_s:
            if predicate():
                return time.monotonic() - started
            time.sleep(0.01)
        return None

    def caught_up(self, targets: dict[str, dict[int, int]]) -> bool:
        with self.seen_lock:
            for name, games in targets.items():
                got = self.seen.get(name, set())
                for game_id, last in games.items():
                    if (game_id, last) not in got:
                        return False
        return True

    # -- the run -------------------------------------------------------------------------
    def run(self) -> dict:
        out = self.out
        out(
            f"Café benchmark: {self.count} tables, {self.duration_s:.0f} s, keep-alive "
            f"{self.keepalive_s} s, events QoS {self.qos}, Mosquitto on 127.0.0.1"
        )
        logs = sample_logs(out)
        games = [json.loads(p.read_text(encoding="utf-8")) for p in logs]
        per_second = sum(len(g["records"]) / (g["frames"] / g["fps"]) for g in games) / len(games)
        out(f"  {len(logs)} recorded games, {per_second:.1f} log records/s per table on average")
        self.broker = LocalBroker(folder=self.folder / "broker").start()
        settings = parse_broker(self.broker.url, keepalive_s=self.keepalive_s)
        self.view = CafeView(
            settings, VENUE, client_id="bench-cafe", on_event=self._on_event, qos=self.qos
        )
        self.view.start().wait_connected()
        self.probe = BrokerProbe(settings)
        names = [f"t{i + 1:02d}" for i in range(self.count)]
        table_logs = {name: logs[i % len(logs)] for i, name in enumerate(names)}
        try:
            launched = time.monotonic()
            for name in names:
                self.start_table(name, table_logs[name])
            ready = self.wait(lambda: all(self.status_of(n) == "online" for n in names), 120)
            if ready is None:
                raise RuntimeError(
                    "not every table came online within 120 s: " + self._stderr_of(names)
                )
            out(f"  {self.count} table processes online after {time.monotonic() - launched:.1f} s")
            return self._timeline(names, table_logs)
        finally:
            for process in self.processes.values():
                if process.poll() is None:
                    process.kill()
                    process.wait()
            self.view.close()
            self.probe.close()
            self.broker.stop()

    def _timeline(self, names, table_logs) -> dict:
        out = self.out
        t0 = time.time()
        self.probe.take()
        steady_end = t0 + self.duration_s * 0.35
        time.sleep(max(0.0, steady_end - time.time()))
        steady = self.latencies.between(t0, steady_end)
        in_table = self.latencies.between(t0, steady_end, part=2)
        probe = self.probe.take()
        load = os.getloadavg()[0]

        # 1. The broker restarts mid-game (SIGTERM, saved to disk, started again).
        down_at = time.time()
        self.broker.stop()
        time.sleep(2.0)
        self.broker.start()
        up_at = time.time()
        targets = {n: last_seq_per_game(self.folder / f"{n}.sqlite3") for n in names}
        recovered = self.wait(lambda: self.caught_up(targets), 60)
        reconnected = self.wait(lambda: all(self.status_of(n) == "online" for n in names), 30)
        time.sleep(0.5)  # anything repeated arrives with the backlog
        logged_then = {n: table_records(self.folder / f"{n}.sqlite3") for n in names}
        with self.seen_lock:
            lost_in_restart = sum(
                1
                for n, records in logged_then.items()
                for game_id, seq in records
                if seq <= targets[n].get(game_id, -1) and (game_id, seq) not in self.seen.get(n, ())
            )
        with self.view.lock:
            duplicated_in_restart = sum(t.duplicates for t in self.view.tiles.values())
        restart = {
            "lost": lost_in_restart,
            "duplicated": duplicated_in_restart,
            "down_s": round(up_at - down_at, 2),
            "caught_up_s": None if recovered is None else round(recovered, 2),
            "all_online_s": None if reconnected is None else round(reconnected, 2),
        }
        out(
            f"  broker restarted: down {restart['down_s']} s; every table caught up "
            f"{restart['caught_up_s']} s after it was back"
        )

        # 2. One table killed (its socket closes), one frozen (nothing closes: keep-alive).
        time.sleep(max(0.0, t0 + self.duration_s * 0.6 - time.time()))
        killed, frozen = names[0], names[1 % len(names)]
        self.processes[killed].send_signal(signal.SIGKILL)
        kill_at = time.monotonic()
        if frozen != killed:
            self.processes[frozen].send_signal(signal.SIGSTOP)
        freeze_at = time.monotonic()
        shown: dict[str, float] = {}
        will_after: list[float] = []

        def both_offline() -> bool:
            for name, since in ((killed, kill_at), (frozen, freeze_at)):
                if name not in shown and not self.shown_online(name):
                    shown[name] = round(time.monotonic() - since, 2)
            if frozen != killed and not will_after and self.status_of(frozen) == "offline":
                will_after.append(round(time.monotonic() - freeze_at, 2))
            return killed in shown and (frozen == killed or (frozen in shown and will_after))

        self.wait(both_offline, self.keepalive_s * 4)
        offline_killed = shown.get(killed)
        frozen_s = shown.get(frozen) if frozen != killed else None
        frozen_will_s = will_after[0] if will_after else None
        out(f"  table killed (kill -9): offline after {offline_killed} s")
        if frozen != killed:
            out(
                f"  table frozen (SIGSTOP): shown 'not heard from' after {frozen_s} s; the "
                f"broker's last will after {frozen_will_s} s (keep-alive {self.keepalive_s} s)"
            )
        self.processes[killed].wait()
        self.start_table(killed, table_logs[killed], resume=True)
        self.processes[frozen].send_signal(signal.SIGCONT)

        # 3. The end: every table stops cleanly; compare every log with what the café got.
        time.sleep(max(0.0, t0 + self.duration_s - time.time()))
        end_at = time.time()
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        logged = {n: table_records(self.folder / f"{n}.sqlite3") for n in names}
        self.wait(lambda: self._missing(logged) == 0, 30)
        # A healthy table shown "not heard from" is a false alarm (the broker restart and the
        # killed and frozen tables excepted: their silence is real).
        with self.view.lock:
            false_silences = sum(
                1
                for when, key in self.view.silences
                if key.split("/", 1)[1] not in (killed, frozen)
                and (t0 <= when < down_at or up_at + 10 <= when < end_at)
            )
        lost = self._missing(logged)
        with self.view.lock:
            duplicates = sum(t.duplicates for t in self.view.tiles.values())
            gaps = sum(t.gaps for t in self.view.tiles.values())
        total = sum(len(r) for r in logged.values())
        capacity = broker_capacity(parse_broker(self.broker.url))
        after_restart = self.latencies.between(up_at, end_at)
        result = {
            "tables": self.count,
            "qos": self.qos,
            "duration_s": round(end_at - t0, 1),
            "keepalive_s": self.keepalive_s,
            "events_logged": total,
            "events_per_s": round(len(self.latencies.between(t0, end_at)) / (end_at - t0), 1),
            "latency_ms": {
                "p50": round(percentile(steady, 0.5) * 1000, 1),
                "p95": round(percentile(steady, 0.95) * 1000, 1),
                "max": round(max(steady) * 1000, 1) if steady else None,
                "samples": len(steady),
            },
            "bare_broker_ms": {
                "p50": round(percentile(probe, 0.5) * 1000, 1),
                "p95": round(percentile(probe, 0.95) * 1000, 1),
                "samples": len(probe),
            },
            "load_average": round(load, 1),
            "cpus": os.cpu_count(),
            "in_table_ms": {
                "p50": round(percentile(in_table, 0.5) * 1000, 1),
                "p95": round(percentile(in_table, 0.95) * 1000, 1),
            },
            "latency_after_restart_ms": {
                "p50": round(percentile(after_restart, 0.5) * 1000, 1),
                "p95": round(percentile(after_restart, 0.95) * 1000, 1),
            },
            "broker_restart": restart,
            "lost": lost,
            "duplicated": duplicates,
            "gaps_seen": gaps,
            "broker_capacity_msg_s": capacity,
            "killed_offline_s": offline_killed,
            "frozen_offline_s": frozen_s,
            "frozen_last_will_s": frozen_will_s,
            "healthy_shown_silent": false_silences,
        }
        self._report(result)
        return result

    def _missing(self, logged) -> int:
        with self.seen_lock:
            return sum(len(records - self.seen.get(n, set())) for n, records in logged.items())

    def _stderr_of(self, names) -> str:
        for name in names:
            process = self.processes.get(name)
            if process is not None and process.poll() is not None:
                return f"{name}: " + process.stderr.read().decode(errors="replace")[-800:]
        return "(no table exited)"

    def _report(self, r: dict) -> None:
        out = self.out
        lat = r["latency_ms"]

        def verdict(ok: bool) -> str:
            return "ok" if ok else "MISSED"

        out("")
        out(
            f"{'tables':<44}{r['tables']}   (machine: {r['cpus']} CPUs, load average "
            f"{r['load_average']} during the steady phase)"
        )
        out(f"{'events logged by the tables (all in SQLite)':<44}{r['events_logged']}")
        out(f"{'events/s through the broker':<44}{r['events_per_s']}")
        out(
            f"{'latency table -> café, steady (ms)':<44}p50 {lat['p50']}  p95 {lat['p95']}  "
            f"max {lat['max']}  (n={lat['samples']})   target p95 <= 100: "
            f"{verdict(lat['p95'] <= 100)}"
        )
        bare = r["bare_broker_ms"]
        ratio = lat["p95"] / bare["p95"] if bare["p95"] else float("nan")
        out(
            f"{'  a bare message through the broker (ms)':<44}p50 {bare['p50']}  p95 {bare['p95']}"
            f"  (same moment; table p95 is {ratio:.1f}x this)"
        )
        inside = r["in_table_ms"]
        out(
            f"{'  of which inside the table (ms)':<44}p50 {inside['p50']}  p95 {inside['p95']}  "
            f"(logged -> handed to the broker connection)"
        )
        after = r["latency_after_restart_ms"]
        out(
            f"{'latency after the restart (ms)':<44}p50 {after['p50']}  p95 {after['p95']}  "
            f"(includes the backlog sent on reconnect)"
        )
        restart = r["broker_restart"]
        out(
            f"{'broker restart: down / all caught up':<44}{restart['down_s']} s / "
            f"{restart['caught_up_s']} s after it was back"
        )
        out(
            f"{'broker restart: lost / delivered twice':<44}{restart['lost']} / "
            f"{restart['duplicated']}   target 0 / 0: "
            f"{verdict(restart['lost'] == 0 and restart['duplicated'] == 0)}"
            f"   (shown twice on the café page: 0, a repeat is dropped by its seq)"
        )
        out(
            f"{'whole run: lost / delivered twice / gaps':<44}{r['lost']} / {r['duplicated']} / "
            f"{r['gaps_seen']}   (a killed or frozen table re-sends what it had no PUBACK "
            f"for; the café drops the repeat by seq)"
        )
        out(f"{'killed table shown offline after':<44}{r['killed_offline_s']} s")
        out(
            f"{'broker capacity, same machine (msg/s)':<44}{r['broker_capacity_msg_s']}   "
            f"(20,000 QoS 1 messages of 600 bytes, 4 publishers -> 1 subscriber; "
            f"{r['broker_capacity_msg_s'] / max(r['events_per_s'], 0.1):.0f}x this café)"
        )
        if r["frozen_offline_s"] is not None:
            keepalive = r["keepalive_s"]
            out(
                f"{'frozen table shown offline after':<44}{r['frozen_offline_s']} s   (heartbeats "
                f"missed; target within the keep-alive {keepalive} s: "
                f"{verdict(r['frozen_offline_s'] <= keepalive)})"
            )
            will = r["frozen_last_will_s"]
            ratio = (
                f"{will / r['frozen_offline_s']:.1f}x" if will and r["frozen_offline_s"] else "n/a"
            )
            label = "  the broker's last will for it after"
            out(
                f"{label:<44}{will} s   (the alternative: "
                f"1.5x keep-alive + up to 5 s between Mosquitto's checks; {ratio} slower)"
            )
        out(
            f"{'healthy tables shown not heard from':<44}{r['healthy_shown_silent']}   "
            f"(false alarms outside the broker restart)"
        )


def main(
    tables: int = 20,
    duration_s: float = 60.0,
    keepalive_s: int = 5,
    json_path: str | None = None,
    qos: int = 1,
) -> dict:
    result = Bench(tables, duration_s, keepalive_s, qos=qos).run()
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result
