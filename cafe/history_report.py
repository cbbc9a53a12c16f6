"""The café's evening in numbers, from its history file (cafe.history): games per table and per
game, median play time per game, calls for help and how long until staff acknowledged them,
tables left unpacked and pack-up checks, for a range of days (the café machine's local days).
"""

from __future__ import annotations

import datetime as dt
import json
import statistics
import time
from collections import Counter, defaultdict

from .history import HistoryStore

MAX_DAYS = 366


class RangeError(ValueError):
    """A day range the report cannot be drawn for (the message says why)."""


def day_range(first: str | None, last: str | None, today: dt.date | None = None) -> tuple:
    """(first day, last day) from `YYYY-MM-DD` texts; today when not given."""
    today = today or dt.date.today()
    try:
        start = dt.date.fromisoformat(first) if first else today
        end = dt.date.fromisoformat(last) if last else start if first else today
    except ValueError:
        raise RangeError("days are written YYYY-MM-DD") from None
    if end < start:
        raise RangeError("the last day is before the first")
    if (end - start).days >= MAX_DAYS:
        raise RangeError(f"at most {MAX_DAYS} days at once")
    return start, end


def _bounds(start: dt.date, end: dt.date) -> tuple[float, float]:
    """The range as seconds since 1970: from local midnight to the next day's."""
    since = time.mktime(start.timetuple())
    until = time.mktime((end + dt.timedelta(days=1)).timetuple())
    return since, until


def _day(seconds: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(seconds))


def report(store: HistoryStore, start: dt.date, end: dt.date, unpacked_after_min: float) -> dict:
    since, until = _bounds(start, end)
    games = store.read(
        "SELECT venue, tbl, game, name, started, ended FROM games "
        "WHERE ended >= ? AND ended < ? ORDER BY ended",
        (since, until),
    )
    venues = {row[0] for row in games}
    label = (lambda v, t: t) if len(venues) <= 1 else (lambda v, t: f"{v}/{t}")
    days = [str(start + dt.timedelta(days=n)) for n in range((end - start).days + 1)]
    return {
        "from": str(start),
        "to": str(end),
        "days": days,
        "games": _games(games, label, days),
        "help": _help(store, since, until, label),
        "unpacked": _unpacked(store, games, unpacked_after_min, label),
        "packups": _packups(store, since, until),
    }


def _games(rows: list[tuple], label, days: list[str]) -> dict:
    per_table = Counter(label(v, t) for v, t, *_ in rows)
    names: dict[str, dict] = {}
    minutes: dict[str, list[float]] = defaultdict(list)
    for _, _, slug, name, started, ended in rows:
        names[slug] = json.loads(name)
        if started is not None and ended >= started:
            minutes[slug].append((ended - started) / 60)
    per_day = Counter(_day(row[5]) for row in rows)
    count = Counter(row[2] for row in rows)
    return {
        "total": len(rows),
        "per_table": [{"table": k, "count": per_table[k]} for k in sorted(per_table)],
        "per_game": [
            {
                "game": slug,
                "name": names[slug],
                "count": count[slug],
                "median_min": round(statistics.median(minutes[slug]), 1) if minutes[slug] else None,
            }
            for slug in sorted(count)
        ],
        "per_day": [{"day": d, "count": per_day[d]} for d in days],
    }


def _help(store: HistoryStore, since: float, until: float, label) -> dict:
    rows = store.read(
        "SELECT venue, tbl, since, acknowledged_at FROM help_calls "
        "WHERE since >= ? AND since < ? ORDER BY since",
        (since, until),
    )
    waits = [ack - at for _, _, at, ack in rows if ack is not None and ack >= at]
    per_table = Counter(label(v, t) for v, t, _, _ in rows)
    return {
        "calls": len(rows),
        "acknowledged": len(waits),
        "median_wait_s": round(statistics.median(waits), 1) if waits else None,
        "max_wait_s": round(max(waits), 1) if waits else None,
        "per_table": [{"table": k, "count": per_table[k]} for k in sorted(per_table)],
    }


def _unpacked(store: HistoryStore, games: list[tuple], after_min: float, label) -> dict:
    """Games whose table stayed `finished` longer than `after_min` minutes (as the café page
    warns): the table's next phase after the game ended came late, or has not come yet."""
    now = time.time()
    per_table: Counter = Counter()
    for venue, table, *_, ended in games:
        nxt = store.read(
            "SELECT MIN(since) FROM phases WHERE venue = ? AND tbl = ? AND since > ? "
            "AND name != 'finished'",
            (venue, table, ended),
        )[0][0]
        if ((nxt if nxt is not None else now) - ended) / 60 >= after_min:
            per_table[label(venue, table)] += 1
    return {
        "count": sum(per_table.values()),
        "per_table": [{"table": k, "count": per_table[k]} for k in sorted(per_table)],
    }


def _packups(store: HistoryStore, since: float, until: float) -> dict:
    rows = store.read(
        "SELECT complete, COUNT(*) FROM packups WHERE at >= ? AND at < ? GROUP BY complete",
        (since, until),
    )
    found = dict(rows)
    return {"complete": found.get(1, 0), "incomplete": found.get(0, 0)}
