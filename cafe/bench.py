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
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .bench_floor import CafeProcess, FloorWatch, own_memory_mb
from .bench_measures import (
    BrokerProbe,
    Latencies,
    acknowledged_cursor,
    broker_capacity,
    last_seq_per_game,
    p50_p95,
    steady_figures,
    table_records,
)
from .bench_report import print_report
from .broker import LocalBroker
from .hub import CafeView
from .replay import sample_logs
from .settings import parse_broker
from .tiles import Tile

VENUE = "bench"
# Tables per process (the killed and the frozen table have one each): 200 tables are 200
# runtimes, publishers and broker connections, not 200 Python interpreters on two CPUs.
TABLES_PER_PROCESS = 10


class Bench:
    def __init__(
        self,
        tables: int,
        duration_s: float,
        keepalive_s: int,
        out: Callable[[str], object] = print,
        qos: int = 1,
        tables_nice: int = 0,
    ):
        self.qos = qos
        # >0: the simulated tables yield the CPUs to the broker and the café (on their own
        # PCs in a café, they take none of the café machine's)
        self.tables_nice = tables_nice
        self.count = tables
        self.duration_s = duration_s
        self.keepalive_s = keepalive_s
        self.out = out
        self.folder = Path(tempfile.mkdtemp(prefix="companion-bench-cafe-"))
        self.processes: dict[str, subprocess.Popen] = {}
        self.seen: dict[str, set] = {}
        self.seen_lock = threading.Lock()
        self.latencies = Latencies()
        self.watch = FloorWatch()
        self.call_file = self.folder / "call-staff"

    # -- set-up --------------------------------------------------------------------------
    def _on_event(self, tile: Tile, body: dict, received: float) -> None:
        self.latencies.add(tile, body, received)
        with self.seen_lock:
            self.seen.setdefault(tile.table, set()).add((body["game_id"], body["seq"]))

    def start_tables(
        self, names: list[str], logs: dict[str, Path], resume: bool = False
    ) -> subprocess.Popen:
        """One process running `names`, each table with its own database and connection."""
        args = [sys.executable, "-m", "cafe.bench_table", "--mqtt", self.broker.url]
        for name in names:
            args += ["--table", name, "--log", str(logs[name])]
            args += ["--db", str(self.folder / f"{name}.sqlite3")]
        args += ["--venue", VENUE, "--keepalive", str(self.keepalive_s), "--qos", str(self.qos)]
        args += ["--resume-only"] if resume else ["--call-file", str(self.call_file)]
        nice = self.tables_nice
        process = subprocess.Popen(
            args,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )
        for name in names:
            self.processes[name] = process
        return process

    def shown_online(self, name: str) -> bool:
        """What the café page shows: online, and heard from (heartbeats) lately."""
        with self.view.lock:
            tile = self.view.tiles.get(f"{VENUE}/{name}")
            return tile is not None and bool(tile.to_dict()["online"])

    def status_of(self, name: str) -> str | None:
        tile = self.view.tiles.get(f"{VENUE}/{name}")
        return tile.status.get("status") if tile and tile.status else None

    def wait(self, predicate: Callable[[], bool], timeout_s: float) -> float | None:
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
            settings,
            VENUE,
            client_id="bench-cafe",
            on_event=self._on_event,
            qos=self.qos,
            on_message=self.watch.take,
        )
        self.watch.view = self.view
        self.view.start().wait_connected()
        self.cafe = CafeProcess(self.broker.url, VENUE, self.folder)
        self.probe = BrokerProbe(settings)
        names = [f"t{i + 1:03d}" for i in range(self.count)]
        table_logs = {name: logs[i % len(logs)] for i, name in enumerate(names)}
        try:
            launched = time.monotonic()
            groups = [names[:1], names[1:2]] + [
                names[i : i + TABLES_PER_PROCESS] for i in range(2, len(names), TABLES_PER_PROCESS)
            ]
            for group in filter(None, groups):
                self.start_tables(group, table_logs)
            ready = self.wait(lambda: all(self.status_of(n) == "online" for n in names), 300)
            if ready is None:
                raise RuntimeError(
                    "not every table came online within 300 s: " + self._stderr_of(names)
                )
            processes = len(set(self.processes.values()))
            waited = time.monotonic() - launched
            out(f"  {self.count} tables ({processes} processes) online after {waited:.1f} s")
            return self._timeline(names, table_logs)
        finally:
            for process in set(self.processes.values()):
                if process.poll() is None:
                    process.kill()
                    process.wait()
            self.view.close()
            self.probe.close()
            self.cafe.stop()
            self.broker.stop()

    def _timeline(self, names: list[str], table_logs: dict[str, Path]) -> dict:
        t0 = time.time()
        steady = self._steady_phase(t0)
        restart = self._restart_broker(names)
        time.sleep(max(0.0, t0 + self.duration_s * 0.6 - time.time()))
        offline = self._kill_and_freeze(names, table_logs)
        time.sleep(max(0.0, t0 + self.duration_s - time.time()))
        end_at = time.time()
        tally = self._final_tally(names, offline, t0, restart, end_at)
        after_restart = self.latencies.between(restart["up_at"], end_at)
        result = {
            "tables": self.count,
            "tables_nice": self.tables_nice,
            "qos": self.qos,
            "duration_s": round(end_at - t0, 1),
            "keepalive_s": self.keepalive_s,
            "events_logged": tally["total"],
            "events_per_s": round(len(self.latencies.between(t0, end_at)) / (end_at - t0), 1),
            **steady_figures(steady),
            "latency_after_restart_ms": p50_p95(after_restart),
            "broker_restart": restart["figures"],
            "lost": tally["lost"],
            "duplicated": tally["duplicates"],
            "gaps_seen": tally["gaps"],
            "broker_capacity_msg_s": broker_capacity(parse_broker(self.broker.url)),
            "killed_offline_s": offline["killed_s"],
            "frozen_offline_s": offline["frozen_s"],
            "frozen_last_will_s": offline["frozen_will_s"],
            "healthy_shown_silent": tally["false_silences"],
            "unsent_at_stop": tally["unsent"],
            **self.watch.figures(),
            "cafe_process": self.cafe.figures(),
            "bench_process_memory_mb": own_memory_mb(),
        }
        print_report(result, self.out)
        return result

    def _steady_phase(self, t0: float) -> dict:
        """The first 35 % of the run, undisturbed: latencies, the bare broker's, the load."""
        self.probe.take()
        steady_end = t0 + self.duration_s * 0.35
        time.sleep(max(0.0, t0 + self.duration_s * 0.15 - time.time()))
        self.call_file.touch()  # every table's players call staff (acknowledged at once)
        time.sleep(max(0.0, steady_end - time.time()))
        return {
            "latencies": self.latencies.between(t0, steady_end),
            "in_table": self.latencies.between(t0, steady_end, part=2),
            "probe": self.probe.take(),
            "load": os.getloadavg()[0],
        }

    def _restart_broker(self, names: list[str]) -> dict:
        """The broker restarts mid-game (SIGTERM, saved to disk, started again)."""
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
            lost = sum(
                1
                for n, records in logged_then.items()
                for game_id, seq in records
                if seq <= targets[n].get(game_id, -1) and (game_id, seq) not in self.seen.get(n, ())
            )
        with self.view.lock:
            duplicated = sum(t.duplicates for t in self.view.tiles.values())
        figures = {
            "lost": lost,
            "duplicated": duplicated,
            "down_s": round(up_at - down_at, 2),
            "caught_up_s": None if recovered is None else round(recovered, 2),
            "all_online_s": None if reconnected is None else round(reconnected, 2),
        }
        self.out(
            f"  broker restarted: down {figures['down_s']} s; every table caught up "
            f"{figures['caught_up_s']} s after it was back"
        )
        return {"figures": figures, "down_at": down_at, "up_at": up_at}

    def _kill_and_freeze(self, names: list[str], table_logs: dict[str, Path]) -> dict:
        """One table killed (its socket closes), one frozen (nothing closes: keep-alive); the
        killed one is then restarted on its own database, the frozen one resumed."""
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
            return killed in shown and (frozen == killed or bool(frozen in shown and will_after))

        self.wait(both_offline, self.keepalive_s * 4)
        offline = {
            "killed": killed,
            "frozen": frozen,
            "killed_s": shown.get(killed),
            "frozen_s": shown.get(frozen) if frozen != killed else None,
            "frozen_will_s": will_after[0] if will_after else None,
        }
        self.out(f"  table killed (kill -9): offline after {offline['killed_s']} s")
        if frozen != killed:
            self.out(
                f"  table frozen (SIGSTOP): shown 'not heard from' after {offline['frozen_s']} s;"
                f" the broker's last will after {offline['frozen_will_s']} s (keep-alive "
                f"{self.keepalive_s} s)"
            )
        self.processes[killed].wait()
        self.start_tables([killed], table_logs, resume=True)
        self.processes[frozen].send_signal(signal.SIGCONT)
        return offline

    def _stop_tables(self) -> None:
        processes = set(self.processes.values())
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()

    def _final_tally(
        self, names: list[str], offline: dict, t0: float, restart: dict, end_at: float
    ) -> dict:
        """Every table stops cleanly; every log compared with what the café got."""
        self._stop_tables()
        logged = {n: table_records(self.folder / f"{n}.sqlite3") for n in names}
        self.wait(lambda: self._missing(logged) == 0, 30)
        # A healthy table shown "not heard from" is a false alarm (the broker restart and the
        # killed and frozen tables excepted: their silence is real).
        down_at, up_at = restart["down_at"], restart["up_at"]
        silent_for_a_reason = (offline["killed"], offline["frozen"])
        with self.view.lock:
            false_silences = sum(
                1
                for when, key in self.view.silences
                if key.split("/", 1)[1] not in silent_for_a_reason
                and (t0 <= when < down_at or up_at + 10 <= when < end_at)
            )
        lost, unsent = self._lost_and_unsent(logged)
        with self.view.lock:
            duplicates = sum(t.duplicates for t in self.view.tiles.values())
            gaps = sum(t.gaps for t in self.view.tiles.values())
        return {
            "total": sum(len(r) for r in logged.values()),
            "lost": lost,
            "unsent": unsent,
            "duplicates": duplicates,
            "gaps": gaps,
            "false_silences": false_silences,
        }

    def _lost_and_unsent(self, logged: dict[str, set[tuple[int, int]]]) -> tuple[int, int]:
        """Records the café never got: lost (the broker had acknowledged them to the table) or
        unsent (still in the table's outbox when it stopped: its next start sends them)."""
        lost = unsent = 0
        with self.seen_lock:
            for name, records in logged.items():
                acked = acknowledged_cursor(self.folder / f"{name}.sqlite3")
                for game_id, seq in records - self.seen.get(name, set()):
                    if seq <= acked.get(game_id, -1):
                        lost += 1
                    else:
                        unsent += 1
        return lost, unsent

    def _missing(self, logged: dict[str, set[tuple[int, int]]]) -> int:
        with self.seen_lock:
            return sum(len(records - self.seen.get(n, set())) for n, records in logged.items())

    def _stderr_of(self, names: list[str]) -> str:
        for name in names:
            process = self.processes.get(name)
            if process is not None and process.poll() is not None and process.stderr:
                return f"{name}: " + process.stderr.read().decode(errors="replace")[-800:]
        return "(no table exited)"


def main(
    tables: int = 20,
    duration_s: float = 60.0,
    keepalive_s: int = 5,
    json_path: str | None = None,
    qos: int = 1,
    tables_nice: int = 0,
) -> dict:
    result = Bench(tables, duration_s, keepalive_s, qos=qos, tables_nice=tables_nice).run()
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result
