"""`companion cafe`: one page showing every table as a live tile, for staff and a TV.

    GET  /              the page (vendored JS and CSS, no CDN: café internet is poor)
    GET  /api/tables    every tile as JSON
    GET  /api/stream    Server-Sent Events: every tile, then the tiles changed and all keys
    GET  /history       the evening in numbers, with charts (cafe/history_web.py)
    POST /api/packup-check  {"venue", "table"}: ask a table to check its box (floor_web.py)
    POST /api/ack       {"venue", "table", "alert", "action"}: staff acknowledge an alert, or
                        clear a call for help ("action": "clear") (over MQTT)

The same JSON error shape (web.errors), access-token guard (web.roles) and JSON-only
commands (web.security) as a table's dashboard.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from flask import Flask, Response, current_app, jsonify, render_template, request, send_file

from web import PlainJSON, is_loopback, trusted_hosts
from web.errors import ApiError, register_error_handlers
from web.roles import install_token_guard
from web.security import install_json_commands_only

from .floor_web import install_floor_actions
from .history_web import install_history
from .hub import CafeView

HERE = Path(__file__).resolve().parent
I18N_SCRIPT = HERE.parent / "web" / "static" / "i18n.js"
CATALOGUE_FILE = HERE / "static" / "catalogue.json"


def create_cafe_app(
    view: CafeView,
    *,
    host: str = "127.0.0.1",
    token: str | None = None,
    heartbeat_s: float = 5.0,
    history_problem: str | None = None,
) -> Flask:
    """The page of `view`; its history view reads `view.history` (None: `history_problem`
    says why there is none)."""
    app = _flask_app(host, token, heartbeat_s)
    app.extensions["cafe_view"] = view
    app.extensions["cafe_streams"] = streams = StreamStop(view)
    register_error_handlers(app)
    install_token_guard(app)
    install_json_commands_only(app)
    catalogue = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    app.config["CAFE_CATALOGUE"] = catalogue
    install_history(app, view.history, history_problem, view.floor)
    install_floor_actions(app, _foreign_origin)

    app.after_request(_security_headers)

    @app.get("/")
    def page() -> str:
        return render_template("cafe.html", catalogue=catalogue)

    @app.get("/i18n.js")
    def i18n_script() -> Response:
        return send_file(I18N_SCRIPT, mimetype="text/javascript", max_age=0)

    @app.get("/api/tables")
    def tables() -> Response:
        return jsonify(_view().snapshot())

    @app.get("/api/stream")
    def stream() -> Response:
        return Response(
            _events(_view(), streams, current_app.config["SSE_HEARTBEAT_S"]),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @app.post("/api/ack")
    def acknowledge() -> Response:
        if _foreign_origin():
            raise ApiError(403, "commands must come from this page")
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not all(
            isinstance(body.get(k), str) for k in ("venue", "table", "alert")
        ):
            raise ApiError(400, 'send {"venue": ..., "table": ..., "alert": ...}')
        action = body.get("action", "ack")
        if action not in ("ack", "clear") or (action == "clear" and not _is_help(body["alert"])):
            raise ApiError(400, '"action" is "ack", or "clear" for a call for help')
        if not _view().acknowledge(body["venue"], body["table"], body["alert"], action):
            raise ApiError(404, f"no such active alert at {body['venue']}/{body['table']}")
        return jsonify({"sent": True})

    return app


def _flask_app(host: str, token: str | None, heartbeat_s: float) -> Flask:
    app = Flask(
        __name__, template_folder=str(HERE / "templates"), static_folder=str(HERE / "static")
    )
    app.json = PlainJSON(app)
    app.config["ACCESS_TOKEN"] = token
    app.config["SSE_HEARTBEAT_S"] = heartbeat_s
    app.config["MAX_CONTENT_LENGTH"] = 16 * 1024
    if is_loopback(host):
        app.config["TRUSTED_HOSTS"] = trusted_hosts(host)
    return app


class StreamStop:
    """Ends every live stream at once when the server stops (their threads are then free)."""

    def __init__(self, view: CafeView):
        self.view = view
        self.stopped = False

    def stop(self) -> None:
        with self.view.changed:
            self.stopped = True
            self.view.changed.notify_all()


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault(
        "Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"
    )
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def _events(view: CafeView, streams: StreamStop, heartbeat: float) -> Iterator[str]:
    """The tiles after every change, as Server-Sent Events; a comment now and then finds a
    closed connection."""
    seen = -1
    while not streams.stopped:
        with view.changed:
            if view.version == seen:
                view.changed.wait(heartbeat)
            changed = view.version != seen
        if changed:
            update = view.changes_since(seen)  # the first one has every tile
            seen = update["version"]
            yield f"data: {json.dumps(update, ensure_ascii=False)}\n\n"
        else:
            yield ": heartbeat\n\n"


def _is_help(alert_id: str) -> bool:
    return alert_id.startswith("help:")


def _view() -> CafeView:
    return current_app.extensions["cafe_view"]


def _foreign_origin() -> bool:
    origin = request.headers.get("Origin")
    if not origin:
        return False
    return origin.rstrip("/") != request.host_url.rstrip("/")
