"""`load_json`: the one JSON reader for untrusted text (records, requests, messages), within
bounded time and memory."""

from __future__ import annotations

import json
import math
from typing import Any

from ..errors import MalformedRecordError
from .specs import MAX_JSON_BYTES, MAX_JSON_DEPTH, MAX_NUMBER_DIGITS, InvalidFieldError, shown


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise InvalidFieldError(
            "JSON", f"a number has {len(digits)} digits (at most {MAX_NUMBER_DIGITS} are allowed)"
        )
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidFieldError("JSON", f"the number {text[:20]} is out of range")
    return value


def _refuse_constant(name: str) -> Any:
    raise InvalidFieldError("JSON", f"{name} is not a number JSON allows")


def _depth(value: Any, limit: int) -> int:
    """The nesting depth of parsed JSON, without recursion (stops just past `limit`)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def load_json(
    text: str | bytes,
    what: str = "input",
    *,
    max_bytes: int = MAX_JSON_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """Parse untrusted JSON within bounded time and memory, or raise a one-line
    MalformedRecordError naming `what`: too large, nested too deeply, a number too long,
    NaN/Infinity, invalid UTF-8, lone surrogates, or not JSON at all."""
    size = len(text)
    if size > max_bytes:
        raise MalformedRecordError(f"{what} is too large ({size} bytes; at most {max_bytes})")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedRecordError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(
            text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_refuse_constant
        )
    except InvalidFieldError as exc:
        raise MalformedRecordError(f"{what}: {exc.problem}") from None
    except RecursionError:
        raise MalformedRecordError(
            f"{what} is nested too deeply (at most {max_depth} levels)"
        ) from None
    except json.JSONDecodeError as exc:
        raise MalformedRecordError(f"{what} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. a number the float parser refuses
        raise MalformedRecordError(f"{what} is not valid JSON: {exc}") from None
    if _depth(data, max_depth) > max_depth:
        raise MalformedRecordError(f"{what} is nested too deeply (at most {max_depth} levels)")
    _refuse_surrogates(data, what)
    return data


def _refuse_surrogates(data: Any, what: str) -> None:
    """JSON may spell a lone surrogate (\\ud800); no text of ours can hold one."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise MalformedRecordError(
                    f"{what} holds a lone surrogate character ({shown(item)})"
                ) from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
