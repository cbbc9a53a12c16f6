"""The printed report of `companion bench cafe`: one line per figure, with its target."""

from __future__ import annotations

from collections.abc import Callable

Out = Callable[[str], object]
WIDTH = 44  # the labels' column


def print_report(r: dict, out: Out) -> None:
    out("")
    out(
        f"{'tables':<{WIDTH}}{r['tables']}   (machine: {r['cpus']} CPUs, load average "
        f"{r['load_average']} during the steady phase; tables nice +{r['tables_nice']})"
    )
    out(f"{'events logged by the tables (all in SQLite)':<{WIDTH}}{r['events_logged']}")
    out(f"{'events/s through the broker':<{WIDTH}}{r['events_per_s']}")
    _latency(r, out)
    _broker_restart(r, out)
    out(f"{'killed table shown offline after':<{WIDTH}}{r['killed_offline_s']} s")
    out(
        f"{'broker capacity, same machine (msg/s)':<{WIDTH}}{r['broker_capacity_msg_s']}   "
        f"(20,000 QoS 1 messages of 600 bytes, 4 publishers -> 1 subscriber; "
        f"{r['broker_capacity_msg_s'] / max(r['events_per_s'], 0.1):.0f}x this café)"
    )
    if r["frozen_offline_s"] is not None:
        _frozen_table(r, out)
    out(
        f"{'healthy tables shown not heard from':<{WIDTH}}{r['healthy_shown_silent']}   "
        f"(false alarms outside the broker restart)"
    )
    _floor(r, out)


def _floor(r: dict, out: Out) -> None:
    for key, label in (
        ("phase_latency_ms", "new phase table -> café (ms)"),
        ("help_latency_ms", "call for help tap -> café (ms)"),
        ("help_ack_round_trip_ms", "staff acknowledge -> table says so (ms)"),
    ):
        f = r[key]
        out(f"{label:<{WIDTH}}p50 {f['p50']}  p95 {f['p95']}  max {f['max']}  (n={f['samples']})")
    cafe = r["cafe_process"]
    memory = cafe["memory_mb"]
    out(
        f"{'companion cafe process: memory (MB)':<{WIDTH}}{memory['rss']} now, {memory['peak']} "
        f"peak   ({cafe['tiles']} tiles; its history kept {cafe['history_games']} games and "
        f"{cafe['history_help_calls']} calls)"
    )
    out(f"{'this bench process (its café view), peak MB':<{WIDTH}}{r['bench_process_memory_mb']}")
    out(
        f"{'not yet sent when the tables stopped':<{WIDTH}}{r['unsent_at_stop']}   (kept in "
        f"each table's outbox, sent at its next start: not lost)"
    )


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _latency(r: dict, out: Out) -> None:
    lat = r["latency_ms"]
    out(
        f"{'latency table -> café, steady (ms)':<{WIDTH}}p50 {lat['p50']}  p95 {lat['p95']}  "
        f"max {lat['max']}  (n={lat['samples']})   target p95 <= 100: "
        f"{_verdict(lat['p95'] <= 100)}"
    )
    bare = r["bare_broker_ms"]
    ratio = lat["p95"] / bare["p95"] if bare["p95"] else float("nan")
    out(
        f"{'  a bare message through the broker (ms)':<{WIDTH}}p50 {bare['p50']}  "
        f"p95 {bare['p95']}  (same moment; table p95 is {ratio:.1f}x this)"
    )
    inside = r["in_table_ms"]
    out(
        f"{'  of which inside the table (ms)':<{WIDTH}}p50 {inside['p50']}  p95 {inside['p95']}  "
        f"(logged -> handed to the broker connection)"
    )
    after = r["latency_after_restart_ms"]
    out(
        f"{'latency after the restart (ms)':<{WIDTH}}p50 {after['p50']}  p95 {after['p95']}  "
        f"(includes the backlog sent on reconnect)"
    )


def _broker_restart(r: dict, out: Out) -> None:
    restart = r["broker_restart"]
    out(
        f"{'broker restart: down / all caught up':<{WIDTH}}{restart['down_s']} s / "
        f"{restart['caught_up_s']} s after it was back"
    )
    out(
        f"{'broker restart: lost / delivered twice':<{WIDTH}}{restart['lost']} / "
        f"{restart['duplicated']}   target 0 / 0: "
        f"{_verdict(restart['lost'] == 0 and restart['duplicated'] == 0)}"
        f"   (shown twice on the café page: 0, a repeat is dropped by its seq)"
    )
    out(
        f"{'whole run: lost / delivered twice / gaps':<{WIDTH}}{r['lost']} / "
        f"{r['duplicated']} / {r['gaps_seen']}   (a killed or frozen table re-sends what it "
        f"had no PUBACK for; the café drops the repeat by seq)"
    )


def _frozen_table(r: dict, out: Out) -> None:
    keepalive, frozen = r["keepalive_s"], r["frozen_offline_s"]
    out(
        f"{'frozen table shown offline after':<{WIDTH}}{frozen} s   (heartbeats "
        f"missed; target within the keep-alive {keepalive} s: "
        f"{_verdict(frozen <= keepalive)})"
    )
    will = r["frozen_last_will_s"]
    ratio = f"{will / frozen:.1f}x" if will and frozen else "n/a"
    label = "  the broker's last will for it after"
    out(
        f"{label:<{WIDTH}}{will} s   (the alternative: "
        f"1.5x keep-alive + up to 5 s between Mosquitto's checks; {ratio} slower)"
    )
