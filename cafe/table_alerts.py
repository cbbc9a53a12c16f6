"""A table's alerts for the café: rule alerts still on the table, a camera that stopped
watching, and which of them staff have acknowledged (over MQTT, on paho's thread)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from companion.session import Session

# The runtime's own words before a camera's first frame: not a problem yet.
CAMERA_NOT_YET = ("starting", "no camera")


class TableAlerts:
    """The alerts of one table, each with when it appeared and when staff acknowledged it."""

    def __init__(self) -> None:
        self._since: dict[str, float] = {}
        # alert id -> when staff acknowledged it (written by paho's thread, read by ours)
        self.acknowledged: dict[str, float] = {}
        self._lock = threading.Lock()

    def acknowledge(self, alert_id: str) -> bool:
        """Staff saw this alert; False when the table has no such alert (any more)."""
        if alert_id not in self._since:
            return False
        with self._lock:
            self.acknowledged.setdefault(alert_id, round(time.time(), 3))
        return True

    def current(self, session: Session, camera: dict) -> list[dict]:
        """Rule alerts still on the table, and a camera that should be watching but is not."""
        now = round(time.time(), 3)
        active = _rule_alerts(session) + _camera_alerts(camera)
        ids = {a["id"] for a in active}
        for gone in set(self._since) - ids:
            del self._since[gone]
        with self._lock:
            for gone in set(self.acknowledged) - ids:
                del self.acknowledged[gone]
            acknowledged = dict(self.acknowledged)
        for alert in active:
            alert["since"] = self._since.setdefault(alert["id"], now)
            alert["acknowledged"] = alert["id"] in acknowledged
            alert["acknowledged_at"] = acknowledged.get(alert["id"])
        return active


def staff_acknowledgements(alerts: list[dict]) -> list[dict]:
    """What the players' own dashboard shows as "staff saw this alert" (web/static/app.js)."""
    return [
        {"kind": a["kind"], "code": a["code"], "cards": a["cards"], "at": a["acknowledged_at"]}
        for a in alerts
        if a["acknowledged"]
    ]


def _rule_alerts(session: Session) -> list[dict]:
    return [
        {
            "id": f"rule:{payload}:{violation.code}",
            "kind": "rule",
            "code": violation.code,
            "message": violation.message.to_dict(),
            "cards": list(violation.cards),
        }
        for payload, violations in session.alerts.items()
        for violation in violations
    ]


def _camera_alerts(camera: dict) -> list[dict]:
    if (
        not camera.get("attached")
        or camera.get("online")
        or camera.get("finished")
        or camera.get("reason") in CAMERA_NOT_YET
    ):
        return []
    code = camera.get("code") or "unknown"
    return [
        {
            "id": f"camera:{code}",
            "kind": "camera",
            "code": code,
            "message": _camera_sentence(code),
            "cards": [],
        }
    ]


def _camera_sentence(code: str) -> dict:
    """What the table's own dashboard says for this camera problem, in both languages."""
    from web import i18n

    key = f"camera.reason.{code}"
    return i18n.text(key if i18n.has(key) else "camera.reason.unknown")


def without_ts(encoded: bytes | None) -> Any:
    """An encoded payload without its time stamp, to tell whether anything else changed."""
    if not encoded:
        return encoded
    body = json.loads(encoded)
    body.pop("ts", None)
    return body
