"""Payloads a table sends that the café's history keeps: states with a sensed phase, and
alerts with calls for help and pack-up checks (TOPICS.md), built as a table builds them."""

from __future__ import annotations

import time

from test_hostile_messages import good_state

from cafe.help import REASONS

NAMES = {
    "musee": {"en": "Musée", "zh-TW": "美術館"},
    "crypt": {"en": "Crypt", "zh-TW": "地下墓穴"},
}


def minutes_ago(minutes: float) -> float:
    return round(time.time() - minutes * 60, 3)


def state(
    table: str,
    game_id: int,
    phase: str,
    since: float,
    *,
    started: float | None = None,
    ended: float | None = None,
    created: float | None = None,
    slug: str = "musee",
) -> dict:
    body = good_state(table)
    body.update(
        game_id=game_id,
        game={"slug": slug, "name": NAMES[slug]},
        over=phase in ("finished", "packed"),
        winners=["Amy"] if phase in ("finished", "packed") else [],
        created=created,
        table_phase={"name": phase, "since": since, "started": started, "ended": ended},
    )
    return body


def help_call(since: float, acknowledged_at: float | None = None, code: str = "called") -> dict:
    return {
        "id": f"help:{code}",
        "kind": "help",
        "code": code,
        "message": REASONS[code],
        "cards": [],
        "since": since,
        "acknowledged": acknowledged_at is not None,
        "acknowledged_at": acknowledged_at,
    }


def packup_check(at: float, missing: list[str]) -> dict:
    return {
        "id": f"packup:{at}",
        "kind": "packup",
        "code": "incomplete" if missing else "complete",
        "message": {"en": "Missing: " + ", ".join(missing), "zh-TW": "缺少：" + "、".join(missing)},
        "cards": missing,
        "since": at,
        "acknowledged": False,
        "acknowledged_at": None,
    }


def alerts(table: str, *entries: dict) -> dict:
    return {
        "v": 1,
        "venue": "cafe",
        "table": table,
        "ts": round(time.time(), 3),
        "alerts": list(entries),
    }


def a_game(table: str, game_id: int, started: float, ended: float, slug: str = "musee"):
    """The states a table publishes over one game: set-up, play, the end."""
    created = started - 30
    return [
        state(table, game_id, "setting_up", started, started=started, created=created, slug=slug),
        state(table, game_id, "playing", started + 60, started=started, created=created, slug=slug),
        state(
            table,
            game_id,
            "finished",
            ended,
            started=started,
            ended=ended,
            created=created,
            slug=slug,
        ),
    ]
