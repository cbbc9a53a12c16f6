"""Dice on the table, read every frame and tracked like cards: `DiceWatcher` turns the dice
`vision.dice` finds in a game's dice areas into table events."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.events import CardAdded, CardMoved, CardRemoved, Where

from .dice import DieReading, find_dice


@dataclass
class _DieTrack:
    track_id: str
    payload: str
    x: float  # mat mm
    y: float
    region: str | None
    slot: tuple | None
    first_seen: int
    sightings: list = field(default_factory=list)  # recent frame numbers
    values: list = field(default_factory=list)  # recent readings (None = unread), as sightings
    last_seen_t: float = 0.0
    confirmed: bool = False
    reported: tuple | None = None  # (region, slot, value) last reported


class DiceWatcher:
    """Dice in a game's dice areas, frame by frame -> CardAdded / CardMoved / CardRemoved
    with kind "die", payload DIE<COLOUR> and `value` the top face (None: unread).

    Dice of one colour look alike, so a die is followed by position (like a card back): a
    reading within `match_mm` of a known die of that colour is that die. The same hysteresis
    as the card tracker: added once seen in `appear_k` of the last `appear_n` frames, removed
    after `vanish_after_s` unseen. A value is settled once read the same in `appear_k` of the
    last `appear_n` frames; a settled die whose top face changes is reported as a move (same
    place, new value). An unread frame (a hand, glare) never replaces a read value; a die
    never read surely is added with value None after `2 * appear_n` frames.
    """

    def __init__(
        self,
        layout,
        regions: tuple[str, ...],
        die_mm: float = 13.0,
        appear_k: int = 3,
        appear_n: int = 5,
        vanish_after_s: float = 3.0,
        match_mm: float = 9.0,
    ):
        self.layout = layout
        self.regions = regions  # region names (or prefixes ending in a digit-less stem)
        self.die_mm = die_mm
        self.appear_k, self.appear_n = appear_k, appear_n
        self.vanish_after_s = vanish_after_s
        self.match_mm = match_mm
        self.tracks: dict[str, _DieTrack] = {}
        self.frame_number = 0
        self._next = 1
        self.last_readings: list[tuple[DieReading, float, float, str | None, tuple | None]] = []

    def _wanted(self, region: str | None) -> bool:
        return region is not None and any(
            region == r or (region.startswith(r) and region[len(r) :].isdigit())
            for r in self.regions
        )

    def read(self, image: np.ndarray, homography: np.ndarray) -> list:
        """This frame's dice in the watched areas: (reading, x_mm, y_mm, region, slot)."""
        inverse = np.linalg.inv(homography)
        w, h = self.layout.mat_size_mm
        centre = np.array([[[w / 2, h / 2]], [[w / 2 + self.die_mm, h / 2]]], np.float64)
        px = cv2.perspectiveTransform(centre, inverse).reshape(-1, 2)
        face = float(np.linalg.norm(px[1] - px[0]))
        out = []
        for reading in find_dice(
            image, min_face=face * 0.55, max_face=face * 1.6, fill_all_holes=False
        ):
            if reading.colour is None or reading.size < face * 0.55:
                continue
            if (
                reading.value is None
                and reading.reason.startswith("not one die")
                and reading.size < face * 0.85
            ):
                continue  # a sliver of a coloured card border, smaller than one die
            x, y = cv2.perspectiveTransform(
                np.array([[[reading.x, reading.y]]], np.float64), homography
            ).reshape(2)
            located = self.layout.locate(float(x), float(y))
            region, slot = located if located else (None, None)
            if self._wanted(region):
                out.append(
                    (reading, float(x), float(y), region, tuple(slot) if slot is not None else None)
                )
        self.last_readings = out
        return out

    def update(
        self, image: np.ndarray, homography: np.ndarray, t: float, unchanged: bool = False
    ) -> list:
        """Track the dice of one frame. `unchanged`: the frame equals the last one (the
        watcher's thumbnail test), so the last readings stand and the pips are not recounted."""
        self.frame_number += 1
        readings = self.last_readings if unchanged else self.read(image, homography)
        seen = self._follow(readings, t)
        return self._settle(seen, t) + self._forget(seen, t)

    def _follow(self, readings: list, t: float) -> set[str]:
        """Each reading given to the nearest known die of its colour, or to a new one; the
        ids of the dice seen in this frame."""
        frame = self.frame_number
        seen: set[str] = set()
        # nearest pairs first, each die and each reading used once
        pairs = sorted(
            (
                (np.hypot(tr.x - x, tr.y - y), i, tid)
                for i, (r, x, y, _, _) in enumerate(readings)
                for tid, tr in self.tracks.items()
                if tr.payload == r.payload
            ),
            key=lambda p: p[0],
        )
        matched: dict[int, str] = {}
        for distance, i, near in pairs:
            if distance <= self.match_mm and i not in matched and near not in seen:
                matched[i] = near
                seen.add(near)
        for i, (reading, x, y, region, slot) in enumerate(readings):
            tid = matched.get(i)
            if tid is None:
                assert reading.payload is not None  # `read` keeps only dice of a known colour
                tid = f"d{self._next}"
                self._next += 1
                self.tracks[tid] = _DieTrack(
                    tid, reading.payload, x, y, region, slot, frame, [], []
                )
                seen.add(tid)
            track = self.tracks[tid]
            track.x, track.y, track.region, track.slot = x, y, region, slot
            track.sightings = (track.sightings + [frame])[-self.appear_n :]
            track.values = (track.values + [reading.value])[-self.appear_n :]
            track.last_seen_t = t
        return seen

    def _settle(self, seen: set[str], t: float) -> list:
        """A die seen often enough is added; a settled die elsewhere or showing another
        value is moved."""
        frame = self.frame_number
        events: list = []
        for track in sorted(self.tracks.values(), key=lambda tr: tr.first_seen):
            if track.track_id not in seen:
                continue
            recent = [v for f, v in zip(track.sightings, track.values) if f > frame - self.appear_n]
            if len(recent) < self.appear_k:
                continue
            counts: dict[int, int] = {}
            for v in recent:
                if v is not None:
                    counts[v] = counts.get(v, 0) + 1
            value = next((v for v, c in counts.items() if c >= self.appear_k), None)
            if not track.confirmed:
                if value is None and frame - track.first_seen < 2 * self.appear_n:
                    continue  # not read surely yet: give it a few more frames
                track.confirmed = True
                track.reported = (track.region, track.slot, value)
                events.append(
                    CardAdded(
                        track.track_id, track.payload, _where(track), "die", False, t, value=value
                    )
                )
                continue
            assert track.reported is not None  # set when it was confirmed
            region, slot, old = track.reported
            new_value = value if value is not None else old  # unread frames keep the value
            if (region, slot, old) != (track.region, track.slot, new_value):
                previous = Where(region, slot)
                track.reported = (track.region, track.slot, new_value)
                events.append(
                    CardMoved(
                        track.track_id,
                        track.payload,
                        _where(track),
                        previous,
                        "die",
                        False,
                        t,
                        value=new_value,
                    )
                )
        return events

    def _forget(self, seen: set[str], t: float) -> list:
        """A settled die unseen for `vanish_after_s` is removed; a glimpse that never
        settled is forgotten."""
        frame = self.frame_number
        events: list = []
        for tid, track in list(self.tracks.items()):
            if tid in seen:
                continue
            if track.confirmed and t - track.last_seen_t > self.vanish_after_s:
                del self.tracks[tid]
                events.append(CardRemoved(tid, track.payload, "die", t))
            elif not track.confirmed and not any(
                f > frame - self.appear_n for f in track.sightings
            ):
                del self.tracks[tid]  # a glimpse that never settled
        return events

    def alive(self) -> list[str]:
        return sorted(tid for tid, tr in self.tracks.items() if tr.confirmed)


def _where(track: _DieTrack) -> Where:
    return Where(track.region, track.slot, round(track.x, 1), round(track.y, 1))
