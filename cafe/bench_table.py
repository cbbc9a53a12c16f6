"""Simulated tables for `companion bench cafe`: each a real runtime, store and publisher, fed a
recorded game's log at the recorded pace; one or several per process (a café of 200 tables
on one machine is 200 runtimes, not 200 Python interpreters).

    python -m cafe.bench_table --mqtt URL --table t01 --log FILE --db FILE [--table ...]
                               [--call-file PATH] [--resume-only]

`--table`, `--log` and `--db` are given once per table, in the same order. Each table plays
the game again (a new game) each time it ends, until SIGTERM, then closes cleanly (publishing
what is pending and 'offline'). Once the file `--call-file` appears, every table taps "Call
staff" (the benchmark measures how fast the call reaches the café). --resume-only
reopens the database of a table that was killed and only publishes its backlog.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import threading
import time

from companion.store import GameStore
from web.runtime import Runtime

from .replay import LogReplayWatcher, setup_of
from .settings import parse_broker
from .table import TablePublisher

CLOSE_TIMEOUT_S = 20.0  # a stopping table sends what it still has (a busy machine is slow)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mqtt", required=True)
    parser.add_argument("--table", required=True, action="append")
    parser.add_argument("--venue", default="bench")
    parser.add_argument("--log", required=True, action="append")
    parser.add_argument("--db", required=True, action="append")
    parser.add_argument("--keepalive", type=int, default=5)
    parser.add_argument("--resume-only", action="store_true")
    parser.add_argument("--qos", type=int, choices=(1, 2), default=1)
    parser.add_argument("--call-file", default=None)
    args = parser.parse_args(argv)
    if not len(args.table) == len(args.log) == len(args.db):
        parser.error("give --table, --log and --db once per table")

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    threads = [
        threading.Thread(target=run_table, args=(args, i, stop), name=f"table-{name}")
        for i, name in enumerate(args.table)
    ]
    for thread in threads:
        thread.start()
    print("ready", flush=True)
    while any(thread.is_alive() for thread in threads):
        stop.wait(0.2)  # the main thread takes the signal
    for thread in threads:
        thread.join()


def run_table(args: argparse.Namespace, index: int, stop: threading.Event) -> None:
    log = json.loads(open(args.log[index], encoding="utf-8").read())
    setup = setup_of(log)
    runtime = Runtime(GameStore(args.db[index]), log["game"], setup, fresh=not args.resume_only)
    publisher = TablePublisher(
        runtime,
        parse_broker(args.mqtt, keepalive_s=args.keepalive),
        args.venue,
        args.table[index],
        events_qos=args.qos,
    ).start()
    call_file = args.call_file
    try:
        if args.resume_only:
            stop.wait()
            return
        while not stop.is_set():
            runtime.watcher = watcher = LogReplayWatcher(log)
            begun = time.monotonic()
            while not watcher.finished and not stop.is_set():
                due = begun + watcher.frame / log["fps"]
                stop.wait(max(0.0, due - time.monotonic()))
                if call_file and os.path.exists(call_file):
                    publisher.help.tap()  # a player presses "Call staff"
                    call_file = None
                runtime.step_once()
            if not stop.is_set():
                runtime.new_game(log["game"], setup)
    finally:
        publisher.close(timeout_s=CLOSE_TIMEOUT_S)
        runtime.close()


if __name__ == "__main__":
    main()
