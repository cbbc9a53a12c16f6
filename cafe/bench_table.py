"""One simulated table for `companion bench cafe`: a real runtime, store and publisher,
fed a recorded game's log at the recorded pace, in a process of its own.

    python -m cafe.bench_table --mqtt URL --table t01 --log FILE --db FILE [--resume-only]

It plays the game again (a new game) each time it ends, until SIGTERM, then closes cleanly
(publishing what is pending and 'offline'). --resume-only reopens the database of a table
that was killed and only publishes its backlog.
"""

from __future__ import annotations

import argparse
import json
import signal
import threading
import time

from companion.store import GameStore
from web.runtime import Runtime

from .replay import LogReplayWatcher, setup_of
from .settings import parse_broker
from .table import TablePublisher


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mqtt", required=True)
    parser.add_argument("--table", required=True)
    parser.add_argument("--venue", default="bench")
    parser.add_argument("--log", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--keepalive", type=int, default=5)
    parser.add_argument("--resume-only", action="store_true")
    parser.add_argument("--qos", type=int, choices=(1, 2), default=1)
    args = parser.parse_args(argv)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    log = json.loads(open(args.log, encoding="utf-8").read())
    setup = setup_of(log)
    runtime = Runtime(GameStore(args.db), log["game"], setup, fresh=not args.resume_only)
    publisher = TablePublisher(
        runtime,
        parse_broker(args.mqtt, keepalive_s=args.keepalive),
        args.venue,
        args.table,
        events_qos=args.qos,
    ).start()
    print("ready", flush=True)
    try:
        if args.resume_only:
            stop.wait()
            return
        while not stop.is_set():
            runtime.watcher = watcher = LogReplayWatcher(log)
            started = time.monotonic()
            while not watcher.finished and not stop.is_set():
                due = started + watcher.frame / log["fps"]
                stop.wait(max(0.0, due - time.monotonic()))
                runtime.step_once()
            if not stop.is_set():
                runtime.new_game(log["game"], setup)
    finally:
        publisher.close(timeout_s=5)
        runtime.close()


if __name__ == "__main__":
    main()
