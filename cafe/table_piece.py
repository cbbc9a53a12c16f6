"""A piece the café adds to a table's dashboard (the "Call staff" button, "Check the box", the
plays' downloads): a blueprint serving its templates (cafe/templates) and scripts
(cafe/table_static), whose pages are told whether it is installed by a template variable of
its own name, so the dashboard shows the piece only on a table that publishes to a café."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app

HERE = Path(__file__).resolve().parent


def table_piece(name: str, url_path: str) -> Blueprint:
    """The blueprint `name`, its static files at `url_path`; templates read `{{ name }}`,
    true once an app has registered it."""
    bp = Blueprint(
        name,
        __name__,
        template_folder=str(HERE / "templates"),
        static_folder=str(HERE / "table_static"),
        static_url_path=url_path,
    )

    @bp.app_context_processor
    def _piece_shown() -> dict:
        return {name: name in current_app.blueprints}

    return bp
