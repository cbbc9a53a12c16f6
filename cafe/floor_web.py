"""Staff actions on the café page beyond acknowledging alerts (cafe/app.py has those).

POST /api/packup-check  {"venue", "table"}: ask the table to check its box now (over
                        MQTT; the table checks the request too, cafe.packup); 409 while a
                        game is being played there or the table is not online
"""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, request

from web.errors import ApiError


def install_floor_actions(app: Flask, foreign_origin) -> None:
    @app.post("/api/packup-check")
    def ask_for_packup_check() -> Response:
        if foreign_origin():
            raise ApiError(403, "commands must come from this page")
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not all(
            isinstance(body.get(k), str) for k in ("venue", "table")
        ):
            raise ApiError(400, 'send {"venue": ..., "table": ...}')
        why_not = current_app.extensions["cafe_view"].request_packup(body["venue"], body["table"])
        if why_not == "no such table":
            raise ApiError(404, f"no table {body['venue']}/{body['table']} on this page")
        if why_not:
            raise ApiError(409, why_not)
        return jsonify({"sent": True})
