"""What every answer carries and every command must pass, whoever serves the app:
security headers, a same-site check on commands, and request size limits (413).

Browsers let any page POST to any address; the dashboard's commands are JSON (other content
types are refused here) and, when the browser says where a command comes from, it must come
from the dashboard itself: a page elsewhere cannot drive a table through a player's browser.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, request

from .errors import error_response

# Commands are small; an imported record (a whole game's log) may be large.
COMMAND_BODY_LIMIT = 256 * 1024
IMPORT_BODY_LIMIT = 8 * 1024 * 1024
IMPORT_PATH = "/api/games/import"

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",  # the views set CSS variables through style=""
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# Every answer carries these (also the ones the WSGI server writes itself: web.serve).
STATIC_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # join links carry tokens
}


def install_json_commands_only(app: Flask) -> None:
    """Browsers send cross-site text/plain or form POSTs without asking first; insisting on
    application/json makes another site's page unable to fire commands (CSRF)."""

    @app.before_request
    def _json_commands_only():
        if (
            request.method == "POST"
            and request.path.startswith("/api/")
            and request.mimetype != "application/json"
        ):
            return error_response(
                415, "commands must be sent as JSON (Content-Type: application/json)"
            )
        return None


def install_security(app: Flask) -> None:
    """JSON commands only, request size limits, same-site commands, and the headers."""
    install_json_commands_only(app)
    if not app.config.get("MAX_CONTENT_LENGTH"):
        app.config["MAX_CONTENT_LENGTH"] = IMPORT_BODY_LIMIT

    @app.before_request
    def _limit_body():
        if request.path != IMPORT_PATH:
            request.max_content_length = COMMAND_BODY_LIMIT
        limit = request.max_content_length
        if request.content_length is not None and limit and request.content_length > limit:
            return error_response(
                413,
                f"the request body is {request.content_length} bytes; "
                f"at most {limit} are accepted here",
                "too_large",
            )
        return None

    @app.before_request
    def _same_site_commands_only():
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        if request.headers.get("Sec-Fetch-Site") == "cross-site":
            return _cross_site()
        origin = request.headers.get("Origin")
        if origin is None:
            return None  # not a browser (scripts, curl), or a same-origin GET-like request
        parts = urlsplit(origin)
        if origin == "null" or parts.netloc.lower() != request.host.lower():
            return _cross_site()
        return None

    @app.after_request
    def _headers(response):
        for name, value in STATIC_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


def _cross_site():
    return error_response(
        403,
        "commands are accepted only from the dashboard's own pages "
        "(this one came from another site)",
        "cross_site",
    )
