"""The table's "Check the box" button (issue 27, item 3): the host lays the game's cards out
face up under the camera and taps it; the table reads the camera's newest frame whole
(vision.packup, the real decoder: the cards need not lie on the mat) and answers which cards
are missing, twice, or from another game (companion/kit_check.py). The result goes to the
café as an alert of kind `packup` (TOPICS.md) until staff acknowledge it, and into the
table's database file beside its game log.

    GET  /api/packup-check   {"checked": false} or the last result (KitCheck.to_dict, "at")
    POST /api/packup-check   check now (the host only: every POST under /api/ is, web/roles.py)
    GET  /api/packup-checks  the table's latest checks, newest first (kept in its database)
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify

from .packup import PackupDesk, check_now, latest_frame, logged_checks
from .table_piece import table_piece

__all__ = ["install_packup", "latest_frame"]

EXTENSION = "cafe_packup"
NO_FRAME = {
    "en": "No camera frame to check: this table needs a camera for the box check.",
    "zh-TW": "沒有鏡頭畫面可以檢查：這桌要接上鏡頭才能檢查盒內的牌。",
}

bp = table_piece("cafe_packup", "/cafe-packup")


def install_packup(app: Flask, desk: PackupDesk) -> None:
    """Before the server starts: the routes, and the button on the host's dashboard."""
    app.extensions[EXTENSION] = desk
    app.register_blueprint(bp)


@bp.get("/api/packup-check")
def last_check():
    return jsonify(current_app.extensions[EXTENSION].last() or {"checked": False})


@bp.get("/api/packup-checks")
def checks_logged():
    """The table's latest checks, newest first, from its database file."""
    return jsonify(logged_checks(current_app.extensions["companion_runtime"].store.path))


@bp.post("/api/packup-check")
def check_box():
    from web.errors import ApiError

    runtime = current_app.extensions["companion_runtime"]
    kept = check_now(runtime, current_app.extensions[EXTENSION])
    if kept is None:
        raise ApiError(409, NO_FRAME["en"], "no_frame", text=NO_FRAME)
    return jsonify(kept)
