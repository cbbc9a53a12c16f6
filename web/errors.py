"""One JSON error shape for every failure (who may do what is web/roles.py; what every
command must pass, web/security.py).

Every error the dashboard answers looks like::

    {"error": {"status": 409, "code": "stale_state", "message": "...",
               "violations": [...]}}           # violations only for 422 rule breaks

A test hits each status (400, 401, 404, 405, 409, 422, 500) and checks this shape.
"""

from __future__ import annotations

import logging

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.errors import (
    CompanionError,
    NothingToRedoError,
    NothingToUndoError,
    StaleStateError,
    StoreUnavailableError,
)
from companion.session import Verdict

from . import i18n

log = logging.getLogger(__name__)

# A client that says refusals are expected answers (the dashboard) gets a rule break as 200,
# with the same body; any other client gets the documented 422.
REFUSALS_HEADER = "X-Companion-Refusals"

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "rule_break",
    500: "internal_error",
    503: "unavailable",
}


class RuleBreak(CompanionError):
    """A command the rules reject: answered 422 with the violations (never a crash)."""

    def __init__(self, verdicts: list[Verdict], *, logged: bool = True):
        self.verdicts = verdicts
        self.logged = logged  # False: refused before anything entered the game log
        self.violations = [v for verdict in verdicts for v in verdict.violations]
        super().__init__("; ".join(v.message.en for v in self.violations) or "rule break")


class ApiError(Exception):
    """Raised by views for a plain HTTP failure with a clear message."""

    def __init__(self, status: int, message: str, code: str | None = None, **extra):
        super().__init__(message)
        self.status = status
        self.code = code or _HTTP_CODES.get(status, "error")
        self.message = message
        self.extra = extra


def error_body(
    status: int, message: str, code: str | None = None, text: dict | None = None, **extra
) -> dict:
    """The one error shape as a plain dict (also built where no Flask app runs: web.serve).

    `text` is the error's own sentence in both languages when it has one (a game's
    impossible set-up); otherwise the catalogue's sentence for the code."""
    code = code or _HTTP_CODES.get(status, "error")
    return {
        "error": {
            "status": status,
            "code": code,
            "message": message,
            "text": text or player_text(status, code, message),
            **extra,
        }
    }


def error_response(
    status: int, message: str, code: str | None = None, text: dict | None = None, **extra
):
    response = jsonify(error_body(status, message, code, text, **extra))
    response.status_code = status
    return response


def _rule_break(exc: RuleBreak):
    response = error_response(
        422,
        exc.violations[0].message.en if exc.violations else str(exc),
        "rule_break",
        violations=[v.to_dict() for v in exc.violations],
        verdicts=[v.to_dict() for v in exc.verdicts],
        logged=exc.logged,
    )
    # The dashboard expects refusals and says them itself: at its asking the same body
    # comes with 200, which the browser does not log as a failed load in its console.
    if request.headers.get(REFUSALS_HEADER) == "expected":
        response.status_code = 200
    return response


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        return error_response(exc.status, exc.message, exc.code, **exc.extra)

    app.register_error_handler(RuleBreak, _rule_break)

    @app.errorhandler(StaleStateError)
    def _stale(exc: StaleStateError):
        return error_response(409, str(exc), "stale_state", current_state_id=exc.current)

    @app.errorhandler(NothingToUndoError)
    def _nothing(exc: NothingToUndoError):
        return error_response(409, str(exc), "nothing_to_undo")

    @app.errorhandler(NothingToRedoError)
    def _nothing_to_redo(exc: NothingToRedoError):
        return error_response(409, str(exc), "nothing_to_redo")

    @app.errorhandler(StoreUnavailableError)
    def _store_busy(exc: StoreUnavailableError):
        # nothing was recorded; the same command can simply be sent again
        response = error_response(503, str(exc), "store_unavailable")
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(CompanionError)
    def _bad_input(exc: CompanionError):
        # unknown games and cards, malformed records, impossible set-ups: the request is wrong.
        # A game's set-up errors carry their own sentence in both languages: show that one.
        return error_response(
            400,
            str(exc),
            _snake(exc.__class__.__name__),
            exc.text.to_dict() if exc.text is not None else None,
        )

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        status = exc.code or 500
        message = exc.description or exc.name
        if status == 400 and request.is_json is False and request.method == "POST":
            message = "the request body must be JSON (Content-Type: application/json)"
        return error_response(status, message)

    @app.errorhandler(Exception)
    def _crash(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return error_response(500, f"internal error: {exc.__class__.__name__}: {exc}")


def player_text(status: int, code: str, message: str = "") -> dict:
    """What the page shows a player: the catalogue's sentence for this code in both languages
    (`message` stays the precise English detail for scripts and logs). A 400 whose code has
    no sentence of its own says the server's reason, not the generic "could not be
    understood" alone (walk-through: a refused correction showed only that)."""
    key = "error." + code
    if not i18n.has(key) and status == 400 and message:
        return i18n.text("error.refused_because", reason=message.rstrip("."))
    if not i18n.has(key):
        key = "error." + _HTTP_CODES.get(status, "internal_error")
    if not i18n.has(key):
        key = "error.bad_request" if 400 <= status < 500 else "error.internal_error"
    return i18n.text(key)


def _snake(name: str) -> str:
    """UnknownCardError -> unknown_card: a stable machine code from the exception's name."""
    name = name[:-5] if name.endswith("Error") else name
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
