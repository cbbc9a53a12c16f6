"""The café page's history view (cafe.history, cafe.history_report).

GET /history        the view: charts drawn by the vendored Chart.js (static/vendor/)
GET /api/history    ?from=YYYY-MM-DD&to=YYYY-MM-DD (today without them): the numbers;
                    503 with the reason when the café runs without its history file
"""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request

from web.errors import ApiError

from .floor import FloorSettings
from .history import HistoryError, HistoryStore
from .history_report import RangeError, day_range, report


def install_history(
    app: Flask, store: HistoryStore | None, problem: str | None, floor: FloorSettings
) -> None:
    """`store` None: the café runs without history, and `problem` says why (or that it was
    turned off); the live floor is the same either way."""
    app.extensions["cafe_history"] = (store, problem, floor)

    @app.get("/history")
    def history_page() -> str:
        return render_template("cafe_history.html", catalogue=app.config["CAFE_CATALOGUE"])

    @app.get("/api/history")
    def history_numbers() -> Response:
        store, problem, floor = current_app.extensions["cafe_history"]
        problem = problem or (store.failure if store is not None else None)
        if store is None or problem:
            raise ApiError(503, problem or "this café runs without a history file")
        try:
            start, end = day_range(request.args.get("from"), request.args.get("to"))
        except RangeError as exc:
            raise ApiError(400, str(exc)) from None
        try:
            return jsonify(report(store, start, end, floor.unpacked_after_min))
        except HistoryError as exc:
            raise ApiError(503, str(exc)) from None
