"""A table's last pack-up check ("Check the box", cafe/packup_web.py), shared by its page and
its café publisher (cafe/table.py), which sends it as an alert of kind `packup` (TOPICS.md)."""

from __future__ import annotations

import threading
import time


class PackupDesk:
    """The table's last pack-up check, shared by its page and its café publisher."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._result: dict | None = None

    def record(self, result: dict) -> dict:
        with self._lock:
            self._result = {**result, "at": round(time.time(), 3)}
            return dict(self._result)

    def last(self) -> dict | None:
        with self._lock:
            return dict(self._result) if self._result else None

    def clear(self) -> bool:
        """Staff saw the result at the café: the alert goes (the table's page keeps it)."""
        with self._lock:
            if self._result is None or self._result.get("seen"):
                return False
            self._result["seen"] = True
            return True

    def alert(self) -> dict | None:
        """The last check as an entry of the table's alerts (TOPICS.md, kind `packup`)."""
        result = self.last()
        if result is None or result.get("seen"):
            return None
        sentences = result["sentences"]
        return {
            "id": f"packup:{result['at']}",
            "kind": "packup",
            "code": "complete" if result["complete"] else "incomplete",
            "message": {
                lang: " ".join(s[lang] for s in sentences)[:500] for lang in ("en", "zh-TW")
            },
            "cards": [m["payload"] for m in result["missing"]][:64],
            "since": result["at"],
            "acknowledged": False,
            "acknowledged_at": None,
        }
