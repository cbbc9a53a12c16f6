"""Topic names and JSON payloads, version 1 (documented for other consumers in TOPICS.md).

Everything a table says lives under `companion/<venue>/tables/<table>/`:

    state    retained, QoS 1   a compact summary, re-published on every change
    events   QoS 1, in order   one message per record of the table's log, `seq` = record number
    alerts   retained, QoS 1   the active alerts; an empty retained message clears them
    status   retained, QoS 1   online / offline (the offline one is also the last will)
    heartbeat QoS 0            "still here", every keep-alive / 3 (see `heartbeat_every`)
    ack      QoS 1, café ->    staff acknowledge an alert; the table handles it (also the
                               café's "send me your log since T", cafe.catchup)
    log      QoS 1, -> café    one page of the table's history log, answering that request
    claim    retained, QoS 1   "this name is mine": how a starting table takes its name
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 1
ROOT = "companion"
TABLE_TOPICS = ("state", "events", "alerts", "status", "heartbeat", "log")
# A consumer treats a table as "not heard from" after this many heartbeat intervals without
# any live message: two beats missed, half a beat of slack for a busy machine.
SILENT_AFTER_BEATS = 2.5


def heartbeat_every(keepalive_s: float) -> float:
    """Seconds between heartbeats: a third of the keep-alive, so that 2.5 beats missed still
    fall within the keep-alive (the broker itself needs 1.5x the keep-alive + its check)."""
    return round(max(0.5, keepalive_s / 3), 3)


@dataclass(frozen=True)
class TableTopics:
    venue: str
    table: str

    @property
    def base(self) -> str:
        return f"{ROOT}/{self.venue}/tables/{self.table}"

    def __getattr__(self, kind: str) -> str:
        if kind in TABLE_TOPICS or kind in ("ack", "claim"):
            return f"{self.base}/{kind}"
        raise AttributeError(kind)


def parse_topic(topic: str) -> tuple[str, str, str] | None:
    """`companion/<venue>/tables/<table>/<kind>` -> (venue, table, kind), else None."""
    parts = topic.split("/")
    if len(parts) != 5 or parts[0] != ROOT or parts[2] != "tables":
        return None
    return parts[1], parts[3], parts[4]


def encode(payload: dict) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def decode(data: bytes | bytearray) -> dict | None:
    """A payload as a dict; None for an empty message (a cleared retained topic)."""
    if not data:
        return None
    value = json.loads(data.decode("utf-8"))
    if not isinstance(value, dict):
        raise ValueError("a payload must be a JSON object")
    return value


def _head(topics: TableTopics) -> dict:
    return {"v": PROTOCOL_VERSION, "venue": topics.venue, "table": topics.table}


def status_payload(
    topics: TableTopics,
    online: bool,
    reason: str,
    dashboard: str | None = None,
    keepalive_s: int | None = None,
    *,
    instance: str | None = None,
) -> dict:
    return {
        **_head(topics),
        "status": "online" if online else "offline",
        "reason": reason,
        "dashboard": dashboard,
        "keepalive_s": keepalive_s,
        "heartbeat_s": heartbeat_every(keepalive_s) if keepalive_s else None,
        "instance": instance,
        "ts": round(time.time(), 3),
    }


def heartbeat_payload(topics: TableTopics, instance: str, every_s: float) -> dict:
    return {**_head(topics), "instance": instance, "every_s": every_s, "ts": round(time.time(), 3)}


def claim_payload(
    topics: TableTopics, instance: str, every_s: float, dashboard: str | None = None
) -> dict:
    """A table taking its name: `instance` is its random id (the nonce), `every_s` how often
    it will be heard from once it runs."""
    return {
        **_head(topics),
        "instance": instance,
        "heartbeat_s": every_s,
        "dashboard": dashboard,
        "ts": round(time.time(), 3),
    }


STATE_CAMERA_FIELDS = ("attached", "online", "code", "reason", "finished")


def state_payload(
    topics: TableTopics, game_id: int, session: Any, camera: dict, table_phase: dict | None = None
) -> dict:
    """Who plays what, the scores and whose turn: what a tile shows, nothing hidden.
    `table_phase` is the table's sensed phase (cafe.phases.PhaseClock.payload)."""
    game = session.game
    state = session.state
    names = list(session.setup.names)

    def name_of(side: object) -> str:
        for score in scores:
            if score["side"] == side:
                return score["label"]["en"]
        return str(side)

    scores = [s.to_dict() for s in game.score(state)]
    described = game.describe(state)
    outcome = game.outcome(state)
    round_number = described.get("round", described.get("turn_number"))
    return {
        **_head(topics),
        "game_id": game_id,
        "game": {"slug": game.info.slug, "name": game.info.name.to_dict()},
        "players": names,
        "scores": [_score(s, game) for s in scores],
        "turn": [names[i] for i in game.current_players(state) if 0 <= i < len(names)],
        "round": round_number if isinstance(round_number, int) else None,
        "rounds": described.get("rounds") if isinstance(described.get("rounds"), int) else None,
        "phase": described.get("phase") if isinstance(described.get("phase"), str) else None,
        "over": game.is_over(state),
        "winners": [name_of(w) for w in outcome.winners] if outcome else [],
        "state_id": session.state_id,
        "seq": len(session.records) - 1,
        # when the game was set up (its record 0): with game_id, one game across restarts
        "created": session.records[0].get("ts") if session.records else None,
        "camera": {k: camera.get(k) for k in STATE_CAMERA_FIELDS},
        "table_phase": table_phase,
    }


def _score(score: dict, game: Any) -> dict:
    """A side's score; `hidden` (added within version 1) while part of it stays secret until
    the end (Masterpiece's cash: a `cash_hidden` line worth 0), so a tile never shows it as 0;
    `said` (added within version 1) the total as the game says it ($29.5M / 2,950 萬元)."""
    hidden = any(line["code"].endswith("_hidden") for line in score.get("lines", ()))
    return {
        "side": score["side"],
        "label": score["label"],
        "total": score["total"],
        "said": game.total_said(score["total"]).to_dict(),
        "hidden": hidden,
    }


def event_payload(
    topics: TableTopics, game_id: int, session: Any, record: dict, verdicts: list
) -> dict:
    """One log record and what the rules made of it (moves as everybody may see them)."""
    game = session.game
    body: dict[str, Any] = {
        **_head(topics),
        "game_id": game_id,
        "game": game.info.slug,
        "seq": record["seq"],
        "ts": record.get("ts"),
        "input": record.get("type"),
    }
    if record.get("type") == "setup":
        body["setup"] = {"players": session.setup.players, "names": list(session.setup.names)}
    out = []
    for verdict in verdicts:
        data = verdict.to_dict()
        if verdict.move is not None:
            data["move"] = game.public_move(session.state, verdict.move).to_dict()
        data.pop("seq", None)
        out.append(data)
    body["verdicts"] = out
    return body


def alerts_payload(topics: TableTopics, game_id: int, alerts: list[dict]) -> dict:
    return {**_head(topics), "game_id": game_id, "alerts": alerts, "ts": round(time.time(), 3)}


def ack_payload(alert_id: str, by: str = "staff", action: str = "ack") -> dict:
    """`action` "clear" (added within version 1) ends a call for help (kind `help`)."""
    return {
        "v": PROTOCOL_VERSION,
        "alert": alert_id,
        "by": by,
        "action": action,
        "ts": round(time.time(), 3),
    }


def packup_request_payload(by: str = "staff") -> dict:
    """Staff ask a table to check its box now (an `ack` message without an alert; added
    within version 1: a table that does not know it ignores it)."""
    return {
        "v": PROTOCOL_VERSION,
        "alert": None,
        "by": by,
        "action": "packup_check",
        "ts": round(time.time(), 3),
    }


def log_request_payload(request: str, since: float, after: int = 0) -> dict:
    """The café asks a table for its history log since `since` (the table's clock), the page
    after entry `after` (0: the first); `request` names the catch-up, echoed in each page.
    Added within version 1: a table that does not know it ignores it."""
    return {
        "v": PROTOCOL_VERSION,
        "alert": None,
        "by": "cafe",
        "action": "log",
        "request": request,
        "since": since,
        "after": after,
        "ts": round(time.time(), 3),
    }
