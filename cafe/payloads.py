"""Every message on a café topic, checked against TOPICS.md before the café view uses it.

A table is a PC on the café's network, perhaps an older or buggy version, perhaps not a table
at all: what arrives on `companion/<venue>/tables/<table>/<kind>` is untrusted. `read` turns
one message into a clean payload holding only the documented fields with their documented
types (a consumer ignores fields it does not know, so they are dropped here), or raises
`Rejected` with the reason. Checked, in order: the topic's names (the pattern of `--venue` and
`--table`) and kind, the size (before any parsing: a 5 MB state is never decoded), UTF-8 JSON
without NaN or Infinity (a browser cannot parse those) and without deep nesting, the version,
the venue and table inside the payload, and the shape of each field.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable

from . import topics as T
from .phases import PHASES
from .settings import NAME_PATTERN

SUPPORTED_VERSIONS = frozenset({T.PROTOCOL_VERSION})
# Generous for the documented payloads (a five-player state is about 1.5 KB, an event with
# several verdicts a few KB), small enough that a hostile table cannot load every browser.
MAX_BYTES = {
    "state": 32 * 1024,
    "events": 64 * 1024,
    "alerts": 64 * 1024,
    "status": 4 * 1024,
    "heartbeat": 1024,
    "log": 128 * 1024,  # one page of a table's history log (cafe.catchup)
}
MAX_ITEMS = 64  # players, scores, alerts, verdicts, cards: no game comes near
MAX_TEXT = 500  # characters in one name, reason or sentence


class Rejected(ValueError):
    """A message the café view ignores: the reason, for the log line."""


def check_topic(topic: str) -> tuple[str, str, str]:
    """`companion/<venue>/tables/<table>/<kind>` with documented names -> the three parts."""
    where = T.parse_topic(topic)
    if where is None:
        raise Rejected("not a table topic")
    venue, table, kind = where
    if kind not in MAX_BYTES:
        raise Rejected(f"unknown kind {kind!r}")
    for label, name in (("venue", venue), ("table", table)):
        if not NAME_PATTERN.match(name):
            raise Rejected(f"the {label} name breaks the pattern of TOPICS.md")
    return venue, table, kind


def read(topic: str, data: bytes | bytearray) -> tuple[str, str, str, dict | None]:
    """(venue, table, kind, clean payload); the payload is None for an empty message (a
    cleared retained topic), which only `alerts` uses."""
    venue, table, kind = check_topic(topic)
    if len(data) > MAX_BYTES[kind]:
        raise Rejected(f"{len(data)} bytes, more than the {MAX_BYTES[kind]} a {kind} may have")
    if not data:
        if kind == "alerts":
            return venue, table, kind, None
        raise Rejected("an empty message")
    return venue, table, kind, check(venue, table, kind, _parse(data))


def check(venue: str, table: str, kind: str, body: Any) -> dict:
    """One parsed payload of `kind` from that table -> its clean copy, or Rejected (also for a
    payload carried inside a page of a table's history log, cafe.catchup)."""
    if not isinstance(body, dict):
        raise Rejected("not a JSON object")
    version = body.get("v")
    if type(version) is not int or version not in SUPPORTED_VERSIONS:
        raise Rejected(f"version {_shown(version)} is not one this café reads")
    for label, expected in (("venue", venue), ("table", table)):
        if label in body and body[label] != expected:
            raise Rejected(f"its {label} {_shown(body[label])} is not the topic's")
    try:
        clean = CLEANERS[kind](body)
    except (TypeError, KeyError, ValueError) as exc:
        raise Rejected(f"the {kind} message does not have the shape of TOPICS.md: {exc}") from None
    return {"v": version, "venue": venue, "table": table, **clean}


def _parse(data: bytes | bytearray) -> dict:
    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        body = json.loads(data.decode("utf-8"), parse_constant=no_constant)
    except RecursionError:
        raise Rejected("nested too deeply") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise Rejected(f"not UTF-8 JSON ({type(exc).__name__})") from None
    if not isinstance(body, dict):
        raise Rejected("not a JSON object")
    return body


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


# -- the fields ---------------------------------------------------------------------------
def text(value: Any, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(f"{_shown(value)} is not a text of up to {MAX_TEXT} characters")
    return value


def bilingual(value: Any, *, optional: bool = False) -> dict | None:
    """{"en": ..., "zh-TW": ...}: both sentences, nothing else."""
    if value is None and optional:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"{_shown(value)} is not an English and Chinese text")
    return {"en": text(value.get("en")), "zh-TW": text(value.get("zh-TW"))}


def whole(value: Any, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if type(value) is not int or abs(value) > 2**53:
        raise ValueError(f"{_shown(value)} is not a whole number")
    return value


def number(value: Any, *, optional: bool = False) -> float | int | None:
    if value is None and optional:
        return None
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > 1e15:
        raise ValueError(f"{_shown(value)} is not a number")
    return value


def flag(value: Any, *, optional: bool = False) -> bool | None:
    if value is None and optional:
        return None
    if type(value) is not bool:
        raise ValueError(f"{_shown(value)} is not true or false")
    return value


def items(value: Any, each: Callable[[Any], Any], *, optional: bool = False) -> list:
    if value is None and optional:
        return []
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise ValueError(f"{_shown(value)} is not a list of up to {MAX_ITEMS}")
    return [each(item) for item in value]


def side(value: Any) -> str | int | None:
    return whole(value) if type(value) is int else text(value)


# -- the payloads -------------------------------------------------------------------------
def clean_status(body: dict) -> dict:
    status = body["status"]
    if status not in ("online", "offline"):
        raise ValueError(f"status {_shown(status)}")
    link = text(body.get("dashboard"), optional=True)
    if link is not None and not link.lower().startswith(("http://", "https://")):
        link = None  # a tile links to it: a 'javascript:' address must never reach the page
    return {
        "status": status,
        "reason": text(body.get("reason"), optional=True),
        "dashboard": link,
        "keepalive_s": number(body.get("keepalive_s"), optional=True),
        "heartbeat_s": _positive(body.get("heartbeat_s")),
        "instance": text(body.get("instance"), optional=True),
        "ts": number(body.get("ts"), optional=True),
    }


def clean_heartbeat(body: dict) -> dict:
    return {
        "instance": text(body.get("instance"), optional=True),
        "every_s": _positive(body.get("every_s")),
        "ts": number(body.get("ts"), optional=True),
    }


def _positive(value: Any) -> float | None:
    value = number(value, optional=True)
    return float(value) if value is not None and value > 0 else None


def clean_state(body: dict) -> dict:
    game = body["game"]
    if not isinstance(game, dict):
        raise ValueError("game is not an object")
    camera = body.get("camera")
    if camera is not None and not isinstance(camera, dict):
        raise ValueError("camera is not an object")
    return {
        "game_id": whole(body.get("game_id")),
        "game": {"slug": text(game.get("slug")), "name": bilingual(game.get("name"))},
        "players": items(body.get("players"), text),
        "scores": items(body.get("scores"), _score),
        "turn": items(body.get("turn"), text, optional=True),
        "round": whole(body.get("round"), optional=True),
        "rounds": whole(body.get("rounds"), optional=True),
        "phase": text(body.get("phase"), optional=True),
        "over": bool(flag(body.get("over"), optional=True)),
        "winners": items(body.get("winners"), text, optional=True),
        "state_id": whole(body.get("state_id"), optional=True),
        "seq": whole(body.get("seq"), optional=True),
        "created": number(body.get("created"), optional=True),
        "camera": _camera(camera) if camera is not None else None,
        "table_phase": _table_phase(body.get("table_phase")),
    }


def _table_phase(value: Any) -> dict | None:
    """The sensed phase (added within version 1: None from an older table)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("name") not in PHASES:
        raise ValueError(f"table_phase {_shown(value)}")
    return {
        "name": value["name"],
        **{k: number(value.get(k), optional=True) for k in ("since", "started", "ended")},
    }


def _score(value: Any) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"score {_shown(value)} is not an object")
    return {
        "side": side(value.get("side")),
        "label": bilingual(value.get("label")),
        "total": number(value.get("total")),
        "said": bilingual(value.get("said"), optional=True),  # added within version 1
        "hidden": bool(flag(value.get("hidden"), optional=True)),  # added within version 1
    }


def _camera(camera: dict) -> dict:
    return {
        "attached": bool(flag(camera.get("attached"), optional=True)),
        "online": bool(flag(camera.get("online"), optional=True)),
        "code": text(camera.get("code"), optional=True),
        "reason": text(camera.get("reason"), optional=True),
        "finished": bool(flag(camera.get("finished"), optional=True)),
    }


def clean_alerts(body: dict) -> dict:
    return {
        "game_id": whole(body.get("game_id"), optional=True),
        "alerts": items(body.get("alerts"), _alert),
        "ts": number(body.get("ts"), optional=True),
    }


def _alert(value: Any) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"alert {_shown(value)} is not an object")
    return {
        "id": text(value.get("id")),
        "kind": text(value.get("kind")),
        "code": text(value.get("code"), optional=True),
        "message": bilingual(value.get("message")),
        "cards": items(value.get("cards"), text, optional=True),
        "since": number(value.get("since"), optional=True),
        "acknowledged": bool(flag(value.get("acknowledged"), optional=True)),
        "acknowledged_at": number(value.get("acknowledged_at"), optional=True),
    }


def clean_event(body: dict) -> dict:
    seq = whole(body.get("seq"))
    if seq is None or seq < 0:
        raise ValueError("seq below 0")
    clean: dict[str, Any] = {
        "game_id": whole(body.get("game_id")),
        "game": text(body.get("game"), optional=True),
        "seq": seq,
        "ts": number(body.get("ts"), optional=True),
        "sent": number(body.get("sent"), optional=True),
        "input": text(body.get("input"), optional=True),
        "verdicts": items(body.get("verdicts"), _verdict, optional=True),
    }
    setup = body.get("setup")
    if isinstance(setup, dict):
        clean["setup"] = {
            "players": whole(setup.get("players"), optional=True),
            "names": items(setup.get("names"), text, optional=True),
        }
    return clean


def _verdict(value: Any) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"verdict {_shown(value)} is not an object")
    return {
        "accepted": flag(value.get("accepted"), optional=True),
        "kind": text(value.get("kind"), optional=True),
        "text": bilingual(value.get("text"), optional=True),
        "note": bilingual(value.get("note"), optional=True),
        "state_id": whole(value.get("state_id"), optional=True),
        "source": text(value.get("source"), optional=True),
    }


LOG_KINDS = ("state", "alerts")  # what a table's history log carries


def clean_log(body: dict) -> dict:
    """One page of a table's history log; its entries' payloads are checked one by one by the
    catch-up (`check`), so one bad entry costs only itself."""
    after, following = whole(body.get("after")), whole(body.get("next"), optional=True)
    if after is None or after < 0 or (following is not None and following <= after):
        raise ValueError("a page must move forward")
    return {
        "request": text(body.get("request")),
        "since": number(body.get("since")),
        "after": after,
        "next": following,
        "entries": items(body.get("entries"), _log_entry),
    }


def _log_entry(value: Any) -> dict:
    if not isinstance(value, dict) or value.get("kind") not in LOG_KINDS:
        raise ValueError(f"log entry {_shown(value)}")
    return {"kind": value["kind"], "body": value.get("body")}


CLEANERS: dict[str, Callable[[dict], dict]] = {
    "status": clean_status,
    "heartbeat": clean_heartbeat,
    "state": clean_state,
    "alerts": clean_alerts,
    "events": clean_event,
    "log": clean_log,
}
