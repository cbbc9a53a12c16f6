"""The table's "Call staff" button: a small piece the table's dashboard includes
(`cafe_help_button.html`, `help.js`), shown only when the table publishes to a café.

    GET  /api/call-staff   {"open": false} or {"open": true, "reason", "since", "acknowledged_at"}
    POST /api/call-staff   a player calls staff (a seat's token may, like a move)

The dashboard's own security (same-site JSON commands, tokens, roles) covers these routes.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify

from .help import HelpDesk
from .table_piece import table_piece

EXTENSION = "cafe_help"

bp = table_piece("cafe_help", "/cafe-help")


def install_help(app: Flask, desk: HelpDesk) -> None:
    """Before the server starts: the routes, and the button on the dashboard."""
    app.extensions[EXTENSION] = desk
    app.register_blueprint(bp)


@bp.get("/api/call-staff")
def call_status() -> Response:
    return jsonify(current_app.extensions[EXTENSION].status())


@bp.post("/api/call-staff")
def call_staff() -> Response:
    desk: HelpDesk = current_app.extensions[EXTENSION]
    desk.tap()
    return jsonify(desk.status())
