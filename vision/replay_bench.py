"""Recorded evenings as a benchmark: replay a recording's frames through today's reader and
compare what it settles with the table the players confirmed (`companion bench vision
--recording DIR`).

Per confirmed table (one per move that stood, `web.recording.confirmed_tables`), the reader
gets until the next one, and at least `LAG_FRAMES` frames (it settles a piece read in 3 of 5
frames; the bundled games at 1 frame a second make a move every frame). A confirmed piece is
right when the reader showed that code at that place in any frame of the window; otherwise,
at the window's last frame, *misread* (a code the players had nowhere lies at its place),
*misplaced* (its code lies elsewhere) or *missed*. A piece the reader has where the players
had none shortly before or after is *extra* (one where they had one is judged there, once).
A confirmed table the reader does not match entirely is a frame where the players would
have had to correct it, listed once per frame (a frame can hold two moves, a card and a
declaration after it, and a finding twice judged is listed once). A piece the reader settles
right only in the `LAG_FRAMES` frames after its window is *settled late*: a settle delay, not
a correction (counted right). *Time to settle* is, per placement, frame time from the first frame
in which the reader saw the code at its confirmed place to the frame in which the tracker
settled it there. Several pieces may share a place (heroes on a path). The replay hands out
the last frame a few more times (`vision.recorder.HOLD_S`): the table stays as the recording
ends, so the cards laid in its last frames settle, as they did while it was recorded.

Nothing here knows the recording's file format: `confirmed` is any sequence of objects with
`frame`, `moves` and `pieces` ((payload, region, slot, kind) tuples), as web.recording gives.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd

Place = tuple  # (region, slot) for a slotted piece, ("payload", payload) otherwise
COMPARED_KINDS = ("card", "token")  # dice are read by value, not by code
FINDING_KINDS = ("misread", "misplaced", "missed", "extra")
LAG_FRAMES = 4  # the tracker settles a piece read in 3 of 5 frames: give it 5 frames
VANISH_S = 4.0  # ...and lets one go after 3 s unseen


@dataclass
class Replayed:
    """What the reader did on each frame: its settled table and what it saw."""

    times: list[float] = field(default_factory=list)  # frame time per frame
    # per frame, the settled table: (region, slot, payload) per piece (several pieces may
    # share a place, as heroes on a path; face-down cards share one payload)
    tables: list[set[tuple]] = field(default_factory=list)
    # (payload, region, slot) -> the frames in which the reader saw that code there
    sightings: dict[tuple, list[int]] = field(default_factory=dict)
    cpu_ms: list[float] = field(default_factory=list)


def replay_frames(
    folder: str | Path, game: str, players: int, fps: float, times: Sequence[float] | None = None
) -> Replayed:
    """Run a fresh `TableWatcher` over the folder's frames at their recorded frame times
    (`times`, one per frame, where the recording lists them; else one frame per 1/fps)."""
    from .pipeline import TableWatcher
    from .recorder import replay_hold_frames
    from .sources import ImageFolderSource, SourceConfig

    ticks = iter(range(0, 10**12, 3600))  # a clock always an hour later: never wait
    # The last frame held (the table stays as the recording ends): what was laid just before
    # the end settles, as it did while recording.
    config = SourceConfig(fps=fps, hold_last=replay_hold_frames(fps))
    source = ImageFolderSource(folder, config, clock=lambda: float(next(ticks)), times=times)
    watcher = TableWatcher(None, game, players, preview_width=0, workers=1)
    out = Replayed()
    pieces: dict[str, tuple[str, tuple, str]] = {}  # track -> (payload, place, kind)
    try:
        while True:
            frame = source.read()
            if frame is None:
                if source.status().finished:
                    break
                continue
            started = time.process_time()
            step = watcher.process(frame.image, frame.t)
            out.cpu_ms.append((time.process_time() - started) * 1000)
            _apply(pieces, step.events)
            index = len(out.times)
            out.times.append(frame.t)
            out.tables.append(
                {(*place, p) for p, place, kind in pieces.values() if kind in COMPARED_KINDS}
            )
            seen = watcher.last_seen
            for detection in seen.detections if seen is not None else ():
                key = (detection.payload, detection.region, detection.slot)
                out.sightings.setdefault(key, []).append(index)
    finally:
        watcher.close()
        source.close()
    return out


def _apply(pieces: dict, events: list) -> None:
    for event in events:
        if isinstance(event, (CardAdded, CardMoved)):
            slot = tuple(event.where.slot) if event.where.slot is not None else None
            pieces[event.track_id] = (event.payload, (event.where.region, slot), event.kind)
        elif isinstance(event, CardRemoved):
            pieces.pop(event.track_id, None)
        elif isinstance(event, FrameEnd):
            for track in [t for t in pieces if t not in event.alive]:
                del pieces[track]


@dataclass
class Finding:
    frame: int
    kind: str  # misread, misplaced, missed, extra
    payload: str  # the confirmed piece (for extra: the one the reader had)
    place: tuple
    read: str | None = None  # misread: what the reader had there; misplaced: where

    def to_dict(self) -> dict:
        return {
            "frame": self.frame,
            "kind": self.kind,
            "payload": self.payload,
            "region": self.place[0],
            "slot": list(self.place[1]) if self.place[1] is not None else None,
            "read": self.read,
        }

    def __str__(self) -> str:
        where = _where(self.place)
        return {
            "misread": f"frame {self.frame}: {where}: read {self.read}, confirmed {self.payload}",
            "misplaced": f"frame {self.frame}: {self.payload} confirmed at {where}, "
            f"read at {self.read}",
            "missed": f"frame {self.frame}: {where}: {self.payload} confirmed, nothing read",
            "extra": f"frame {self.frame}: {where}: read {self.payload}, the players had none",
        }[self.kind]


def compare(replayed: Replayed, confirmed: Sequence[Any], lag: int = LAG_FRAMES) -> dict:
    """The report for one recording (see the module doc); plain data, JSON-ready."""
    last = len(replayed.tables) - 1
    checked = [c for c in confirmed if c.frame <= last]
    findings: list[Finding] = []
    right = total = exact = 0
    correction_frames: list[int] = []
    settle_s: list[float] = []
    unsettled: list[str] = []
    late: list[str] = []
    placed_before: set[tuple] = set()
    for number, table in enumerate(checked):
        upto = checked[number + 1].frame - 1 if number + 1 < len(checked) else last
        upto = min(max(upto, table.frame + lag), last)
        wanted = _places(table)
        shown = _shown(replayed, wanted, table.frame, upto)
        # read right but a few frames after the window: a settle delay, not a correction
        slow = _shown(replayed, wanted - shown, upto + 1, min(upto + lag, last))
        late += [f"{piece[2]} at frame {table.frame}" for piece in sorted(slow, key=_order)]
        nearby = _nearby_places(replayed, checked, table.frame, upto + lag)
        found = _judge(table.frame, wanted, shown | slow, replayed.tables[upto], nearby)
        right += len(shown | slow)
        total += len(wanted)
        # two tables at one frame (a card and a declaration after it) judge the same pieces
        findings += [f for f in found if f not in findings]
        if not found:
            exact += 1
        elif table.frame not in correction_frames:  # two moves at one frame: listed once
            correction_frames.append(table.frame)
        start = checked[number - 1].frame if number else 0
        for piece in sorted(wanted - placed_before, key=_order):
            placed_before.add(piece)
            took = _settle_time(replayed, piece, start, min(upto + lag, last))
            if took is None:
                unsettled.append(f"{piece[2]} at frame {table.frame}")
            else:
                settle_s.append(took)
    counts = {k: sum(1 for f in findings if f.kind == k) for k in FINDING_KINDS}
    return {
        "frames": len(replayed.tables),
        "confirmed_tables": len(checked),
        "pieces_compared": total,
        "pieces_right": right,
        "share_right": round(right / total, 4) if total else None,
        "tables_exact": exact,
        **counts,
        "findings": [f.to_dict() for f in findings],
        "findings_text": [str(f) for f in findings],
        "correction_needed_at_frames": correction_frames,
        "settled_late": late,
        "settle_s": _summary(settle_s),
        "never_settled": unsettled,
        "cpu_ms_per_frame": _summary(replayed.cpu_ms, 1),
    }


def _shown(replayed: Replayed, pieces: set, first: int, upto: int) -> set:
    """The pieces the reader had at their place in some frame from `first` to `upto`."""
    return {p for p in pieces if any(p in replayed.tables[i] for i in range(first, upto + 1))}


def _places(table: Any) -> set[tuple]:
    """(region, slot, payload) for the compared pieces of one confirmed table."""
    return {
        (region, tuple(slot) if slot is not None else None, payload)
        for payload, region, slot, kind in table.pieces
        if kind in COMPARED_KINDS
    }


def _nearby_places(replayed: Replayed, checked: Sequence[Any], frame: int, until: int) -> set:
    """Places the players had a piece on shortly before (the reader takes `VANISH_S` to let
    a piece go) or soon after (the reader was ahead): a piece there is not extra."""
    since = replayed.times[frame] - VANISH_S
    places: set = set()
    for table in checked:
        if table.frame <= until and replayed.times[table.frame] >= since:
            places |= {piece[:2] for piece in _places(table)}
    return places


def _judge(frame: int, wanted: set, shown: set, reader: set, nearby: set) -> list[Finding]:
    findings = []
    confirmed_payloads = {piece[2] for piece in wanted}
    for region, slot, payload in sorted(wanted - shown, key=_order):
        place = (region, slot)
        strangers = sorted(
            p for r, s, p in reader if (r, s) == place and p not in confirmed_payloads
        )
        elsewhere = [(r, s) for r, s, p in reader if p == payload]
        if strangers:
            findings.append(Finding(frame, "misread", payload, place, strangers[0]))
        elif elsewhere:
            findings.append(Finding(frame, "misplaced", payload, place, _where(elsewhere[0])))
        else:
            findings.append(Finding(frame, "missed", payload, place))
    for region, slot, payload in sorted(reader, key=_order):
        # a piece where the players had one shortly before or after is not extra (the reader
        # was slower or ahead, or misread it: then it is judged once, there)
        if payload in confirmed_payloads or (region, slot) in nearby:
            continue
        findings.append(Finding(frame, "extra", payload, (region, slot)))
    return findings


def _order(piece: tuple) -> tuple:
    region, slot, payload = piece
    return (region or "", slot or (), payload)


def _where(place: tuple) -> str:
    name = place[0] or "off the layout"
    return name + (" " + "/".join(str(v) for v in place[1]) if place[1] is not None else "")


def _settle_time(replayed: Replayed, piece: tuple, start: int, upto: int):
    region, slot, payload = piece
    seen = [f for f in replayed.sightings.get((payload, region, slot), ()) if start <= f <= upto]
    if not seen:
        return None
    first = seen[0]
    for index in range(first, upto + 1):
        if piece in replayed.tables[index]:
            return round(replayed.times[index] - replayed.times[first], 3)
    return None


def _summary(values: list[float], digits: int = 2) -> dict | None:
    if not values:
        return None
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), digits),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], digits),
        "max": round(ordered[-1], digits),
    }
