"""Per-frame detections -> the rules core's settled events (TUIO-style add/move/remove/alive).

Hysteresis keeps the table state calm:
- a piece is added once it was read in `appear_k` of the last `appear_n` frames;
- it is removed only when unseen for `vanish_after_s` (a hand held over the cards for two
  seconds changes nothing);
- it is moved when it settles (again k of n frames) in another region/slot, or further than
  `move_mm` away when it lies outside every slot;
- two cards with the same face payload in one frame are a duplicate print: a warning, and
  the second copy produces no event;
- a payload the game does not know is ignored with a warning;
- a card back (catalogue kind "back") is tracked as a face-down card; backs are shared, so
  face-down cards are matched by position, not by payload.

Times are frame times (`Frame.t`), so replays and tests are deterministic.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field

from companion.catalogue import Catalogue
from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd, TableEvent, Where


@dataclass(frozen=True)
class Detection:
    """One code read in one frame, already in table millimetres."""

    payload: str
    x_mm: float
    y_mm: float
    region: str | None = None
    slot: tuple | None = None
    marker: int | None = None  # for tokens: the ArUco id

    def where(self) -> Where:
        return Where(self.region, self.slot, round(self.x_mm, 1), round(self.y_mm, 1))


@dataclass
class Track:
    track_id: str
    payload: str
    kind: str  # "card" or "token"
    face_down: bool
    sightings: deque = field(default_factory=lambda: deque(maxlen=8))  # recent frame numbers
    last: Detection | None = None
    last_seen_t: float = 0.0
    confirmed: bool = False
    reported: Where | None = None
    pending: Where | None = None  # a new place seen but not settled yet
    pending_hits: deque = field(default_factory=lambda: deque(maxlen=8))
    first_seen: int = 0  # frame number of the first sighting (settling keeps this order)
    first_seen_t: float | None = None  # its frame time; pending_since_t: when `pending` began
    pending_since_t: float | None = None
    ready: bool = False  # seen k of n frames (it may wait briefly for an earlier piece)
    ready_where: Where | None = None
    ready_frame: int = 0  # frame number from which it has been ready


class Tracker:
    def __init__(
        self,
        catalogue: Catalogue | None = None,
        appear_k: int = 3,
        appear_n: int = 5,
        vanish_after_s: float = 3.0,
        move_mm: float = 25.0,
        same_card_mm: float = 45.0,
        every_frame_end: bool = False,
    ):
        self.catalogue = catalogue
        self.appear_k = appear_k
        self.appear_n = appear_n
        self.vanish_after_s = vanish_after_s
        self.move_mm = move_mm
        self.same_card_mm = same_card_mm
        self.every_frame_end = every_frame_end
        self.tracks: dict[str, Track] = {}
        self.frame_number = 0
        self._ids = itertools.count(1)
        self.warnings: list[str] = []

    # -- public -----------------------------------------------------------------------------
    def update(self, detections: list[Detection], t: float) -> list[TableEvent]:
        """Feed one frame's detections; returns the events it settled (FrameEnd last)."""
        self.frame_number += 1
        self.warnings = []
        events: list[TableEvent] = []
        seen: set[str] = set()
        faces: dict[str, Detection] = {}
        for detection in detections:
            kind, face_down = self._classify(detection)
            if kind is None:
                continue
            if face_down:
                track = self._match_back(detection, seen)
            else:
                if detection.payload in faces:
                    first = faces[detection.payload]
                    if _distance(first, detection) > self.same_card_mm:
                        self._warn(
                            f"duplicate print: {detection.payload} is on the table twice "
                            f"(at {first.x_mm:.0f},{first.y_mm:.0f} mm and "
                            f"{detection.x_mm:.0f},{detection.y_mm:.0f} mm); "
                            f"the second copy is ignored"
                        )
                    continue
                faces[detection.payload] = detection
                track = self._face_track(detection.payload)
            if track is None:
                track = Track(
                    f"t{next(self._ids)}",
                    detection.payload,
                    kind,
                    face_down,
                    first_seen=self.frame_number,
                    first_seen_t=t,
                )
                self.tracks[track.track_id] = track
            seen.add(track.track_id)
            track.sightings.append(self.frame_number)
            track.last = detection
            track.last_seen_t = t
            events.extend(self._settle(track, detection, t))
        for track in list(self.tracks.values()):
            if track.track_id in seen:
                continue
            if track.confirmed:
                if t - track.last_seen_t > self.vanish_after_s:
                    del self.tracks[track.track_id]
                    events.append(CardRemoved(track.track_id, track.payload, track.kind, t))
            elif self._recent_hits(track.sightings) == 0:
                del self.tracks[track.track_id]  # a glimpse that never settled
        events.extend(self._release_in_order(t))
        if events or self.every_frame_end:
            events.append(FrameEnd(frozenset(self.alive()), t))
        return events

    def alive(self) -> list[str]:
        return sorted(tid for tid, track in self.tracks.items() if track.confirmed)

    def confirmed(self) -> list[Track]:
        return [track for track in self.tracks.values() if track.confirmed]

    # -- internals --------------------------------------------------------------------------
    def _classify(self, detection: Detection) -> tuple[str | None, bool]:
        if self.catalogue is None:
            return ("token" if detection.marker is not None else "card"), False
        piece = self.catalogue.get(detection.payload)
        if piece is None:
            self._warn(
                f"unknown code {detection.payload}: not a {self.catalogue.game} card; ignored"
            )
            return None, False
        if piece.kind == "token":
            return "token", False
        return "card", piece.kind == "back"

    def _warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def _face_track(self, payload: str) -> Track | None:
        for track in self.tracks.values():
            if track.payload == payload and not track.face_down:
                return track
        return None

    def _match_back(self, detection: Detection, taken: set[str]) -> Track | None:
        best, best_distance = None, self.same_card_mm
        for track in self.tracks.values():
            if (
                track.face_down
                and track.payload == detection.payload
                and track.track_id not in taken
                and track.last is not None
            ):
                d = _distance(track.last, detection)
                if d < best_distance:
                    best, best_distance = track, d
        return best

    def recent_hits(self, frames) -> int:
        """How many of `frames` (frame numbers) fall in the last `appear_n` frames."""
        return self._recent_hits(frames)

    def _recent_hits(self, frames) -> int:
        first = self.frame_number - self.appear_n + 1
        return sum(1 for f in frames if f >= first)

    def _settle(self, track: Track, detection: Detection, t: float) -> list[TableEvent]:
        where = detection.where()
        if not track.confirmed:
            ready = self._recent_hits(track.sightings) >= self.appear_k
            if ready and not track.ready:
                track.ready_frame = self.frame_number
            track.ready, track.ready_where = ready, where
            return []
        if self._same_place(track.reported, where):
            track.pending = None
            track.pending_hits.clear()
            return []
        if track.pending is None or not self._same_place(track.pending, where):
            track.pending, track.pending_since_t = where, t
            track.pending_hits.clear()
        track.pending_hits.append(self.frame_number)
        if self._recent_hits(track.pending_hits) >= self.appear_k:
            previous, track.reported = track.reported, where
            assert previous is not None  # a piece moves only once it was reported somewhere
            track.pending = None
            track.pending_hits.clear()
            return [
                CardMoved(
                    track.track_id, track.payload, where, previous, track.kind, track.face_down, t
                )
            ]
        return []

    def _release_in_order(self, t: float) -> list[TableEvent]:
        """Add settled pieces in the order they first appeared, each on its own evidence: a
        piece read a frame late (a glare, a hand) must not be reported after one laid down
        after it, so a ready piece waits behind an earlier unsettled one — but only for
        `appear_n - appear_k` frames, as long as a piece read late can take to catch up. A
        card read only now and then (one frame in three) never holds back the pieces after
        it; they settle as soon as their own wait is over, still in order among themselves."""
        events: list[TableEvent] = []
        waiting = sorted(
            (tr for tr in self.tracks.values() if not tr.confirmed), key=lambda tr: tr.first_seen
        )
        grace = self.appear_n - self.appear_k
        behind = False  # an earlier piece is not settled yet
        for track in waiting:
            if not track.ready:
                behind = True
                continue
            if behind and self.frame_number - track.ready_frame < grace:
                break  # may wait a little longer; the pieces after it wait with it
            assert track.ready_where is not None  # set with `ready`
            track.confirmed = True
            track.reported = track.ready_where
            events.append(
                CardAdded(
                    track.track_id, track.payload, track.ready_where, track.kind, track.face_down, t
                )
            )
        return events

    def _same_place(self, a: Where | None, b: Where) -> bool:
        if a is None:
            return False
        if a.region is not None or b.region is not None:
            if a.region != b.region or a.slot != b.slot:
                return False
            if a.slot is not None:
                return True
        if a.x_mm is None or a.y_mm is None or b.x_mm is None or b.y_mm is None:
            return False  # off the layout and without a position: nothing to compare
        return ((a.x_mm - b.x_mm) ** 2 + (a.y_mm - b.y_mm) ** 2) ** 0.5 <= self.move_mm


def _distance(a: Detection, b: Detection) -> float:
    return ((a.x_mm - b.x_mm) ** 2 + (a.y_mm - b.y_mm) ** 2) ** 0.5
