"""The café floor's settings (cafe/floor.json) and the warnings they give a tile: a finished
table not packed for a while, a game running far beyond its usual length."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError

from .help import HelpThresholds

DEFAULTS_FILE = Path(__file__).resolve().parent / "floor.json"


class FloorSettingsError(CompanionError):
    """A floor settings file that cannot be used (one clear line)."""


@dataclass(frozen=True)
class FloorSettings:
    unpacked_after_min: float = 10.0
    overlong_factor: float = 2.0
    usual_minutes: dict[str, float] = field(default_factory=dict)
    help: HelpThresholds = field(default_factory=HelpThresholds)

    @classmethod
    def load(cls, path: str | Path = DEFAULTS_FILE) -> "FloorSettings":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            settings = cls(
                float(data["unpacked_after_min"]),
                float(data["overlong_factor"]),
                {str(k): float(v) for k, v in dict(data["usual_minutes"]).items()},
                HelpThresholds(
                    int(data["help"]["refused_moves"]),
                    float(data["help"]["refused_window_s"]),
                    float(data["help"]["no_move_min"]),
                ),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise FloorSettingsError(f"cannot use the café floor settings {path}: {exc}") from None
        limits = settings.help
        if (
            settings.unpacked_after_min <= 0
            or settings.overlong_factor <= 1
            or min(limits.refused_moves, limits.refused_window_s, limits.no_move_min) <= 0
        ):
            raise FloorSettingsError(
                f"{path}: unpacked_after_min and the help thresholds must be above 0, "
                f"overlong_factor above 1"
            )
        return settings

    def warnings(self, state: dict | None, now: float) -> list[dict]:
        """[{"code": "unpacked" | "overlong", "minutes": ..., "usual": ...}] for one tile."""
        phase = (state or {}).get("table_phase")
        if not phase:
            return []
        found = []
        if phase["name"] == "finished" and phase["since"] is not None:
            waited = (now - phase["since"]) / 60
            if waited >= self.unpacked_after_min:
                found.append({"code": "unpacked", "minutes": int(waited)})
        usual = self.usual_minutes.get((state or {})["game"]["slug"])
        if phase["name"] in ("playing", "scoring") and phase["started"] is not None and usual:
            running = (now - phase["started"]) / 60
            if running >= usual * self.overlong_factor:
                found.append({"code": "overlong", "minutes": int(running), "usual": int(usual)})
        return found
