"""A table's `state` message, rebuilt only when what it shows can have changed.

The state shows the session (scores, turn, phase) and a few camera fields; building it runs
the game's scoring and description and costs a few milliseconds. The publishing thread looks
at the table on every new record and twice a second besides (camera changes are silent): 200
tables rebuilding an unchanged state that often kept two CPUs busy for nothing.
"""

from __future__ import annotations

from typing import Any

from . import topics as T
from .phases import PhaseClock, sense


class TableState:
    def __init__(self, topics: T.TableTopics):
        self.topics = topics
        self.phases = PhaseClock()
        self.encoded = b""
        self.payload: dict = {}  # the message itself, for the table's history log (cafe.table_log)
        self._key: tuple | None = None
        self._records = 0  # records of the session when the phase was last sensed

    def encoded_for(self, game_id: int, session: Any, camera: dict) -> bytes:
        """The encoded state message now (the caller holds the runtime's lock)."""
        seen = [camera.get(k) for k in T.STATE_CAMERA_FIELDS]
        key = (game_id, id(session), len(session.records), session.state_id, seen)
        if key == self._key:
            return self.encoded
        same_session = self._key is not None and self._key[:2] == key[:2]
        records = session.records
        # A new phase came with one of the records not yet seen: it began no later than the
        # first of them (the table's clock when it logged it), not when this thread woke.
        first_new = records[self._records] if same_session and self._records < len(records) else {}
        phase = self.phases.update(game_id, sense(session, camera), changed_at=first_new.get("ts"))
        self._key, self._records = key, len(records)
        self.payload = T.state_payload(self.topics, game_id, session, camera, phase)
        self.encoded = T.encode(self.payload)
        return self.encoded
