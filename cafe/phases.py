"""A table's phase, sensed: what the camera sees on the mat and what the game's state says.

    idle        nothing on the mat, no move yet
    setting_up  pieces on the mat (cards, tokens), no move accepted yet
    playing     at least one move accepted, the game not over
    scoring     the game's own state is in its final scoring (games that have one)
    finished    the game is over, its pieces still on the mat
    packed      the game is over and the mat is empty again

Without a camera the mat cannot be seen: such a table goes idle -> playing -> finished.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

PHASES = ("idle", "setting_up", "playing", "scoring", "finished", "packed")
# The games' own phase names (describe()["phase"]) for their final count of points.
SCORING_GAME_PHASES = frozenset({"scoring", "before_scoring", "final_reveal"})
UNDER_WAY = ("setting_up", "playing", "scoring")
DONE = ("finished", "packed")


@dataclass(frozen=True)
class Sensed:
    pieces: int | None  # pieces the camera tracks on the mat; None: no camera attached
    moves: int  # moves accepted in this game
    over: bool
    scoring: bool
    first_ts: float | None = None  # the table's clock at the game's first record after set-up
    last_ts: float | None = None  # ... at its latest record


def phase_of(sensed: Sensed) -> str:
    if sensed.over:
        return "packed" if sensed.pieces == 0 else "finished"
    if sensed.scoring:
        return "scoring"
    if sensed.moves:
        return "playing"
    return "setting_up" if sensed.pieces else "idle"


def sense(session: Any, camera: dict) -> Sensed:
    """What a table's session and camera say now (the caller holds the runtime's lock)."""
    game, state = session.game, session.state
    phase = game.describe(state).get("phase")
    records = session.records
    return Sensed(
        pieces=len(session.table) if camera.get("attached") else None,
        moves=sum(1 for v in session.verdicts if v.accepted and v.move is not None),
        over=bool(game.is_over(state)),
        scoring=isinstance(phase, str) and phase in SCORING_GAME_PHASES,
        first_ts=records[1].get("ts") if len(records) > 1 else None,
        last_ts=records[-1].get("ts") if records else None,
    )


class PhaseClock:
    """The phase of one table, when it entered it, and when the session started and ended."""

    def __init__(self, clock: Callable[[], float] = time.time):
        self.clock = clock
        self.game_id: int | None = None
        self.name: str | None = None
        self.since: float | None = None
        self.started: float | None = None
        self.ended: float | None = None

    def update(self, game_id: int, sensed: Sensed, changed_at: float | None = None) -> dict:
        """`changed_at`: the earliest the phase can have changed (the table's clock at the first
        record not yet sensed), if earlier than now."""
        now = round(self.clock(), 3)
        if game_id != self.game_id:
            self.game_id, self.started, self.ended = game_id, None, None
        name, first_look = phase_of(sensed), self.name is None
        if name != self.name:
            self.name, self.since = name, min(now, round(changed_at or now, 3))
        if name == "idle":
            self.started = self.ended = None
        elif self.started is None:
            # after a restart of the table, the game's own log says when play began
            self.started = (sensed.first_ts or now) if name != "setting_up" else now
        if name in DONE and self.ended is None:
            self.ended = sensed.last_ts or now
        if first_look and name in DONE:
            self.since = self.ended
        elif first_look and name in ("playing", "scoring"):
            self.since = self.started
        return self.payload()

    def payload(self) -> dict:
        return {
            "name": self.name,
            "since": self.since,
            "started": self.started,
            "ended": self.ended,
        }
