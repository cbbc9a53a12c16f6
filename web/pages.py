"""HTML pages. They are thin shells: the vendored script fills them from the JSON API."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, render_template, request

from . import i18n

bp = Blueprint("pages", __name__)
GAME_VIEWS = Path(__file__).parent / "static" / "games"


@lru_cache(maxsize=1)
def _game_view_files() -> dict:
    """Each game may ship its own table view as static/games/<slug>.js (and .css); the
    files are part of the install, so the folder is listed once, not on every page."""
    scripts = sorted(p.name for p in GAME_VIEWS.glob("*.js")) if GAME_VIEWS.is_dir() else []
    styles = sorted(p.name for p in GAME_VIEWS.glob("*.css")) if GAME_VIEWS.is_dir() else []
    return {"game_view_scripts": scripts, "game_view_styles": styles}


@bp.app_context_processor
def game_views() -> dict:
    return _game_view_files()


@bp.app_context_processor
def translations() -> dict:
    """Every page carries the one catalogue (the page's t() reads it) and the visitor's
    language, so the first paint is already in it."""
    return {"i18n_catalogue": i18n.catalogue(), "lang": i18n.lang_of_request(request)}


@bp.get("/")
def dashboard():
    return render_template("dashboard.html", page="dashboard")


@bp.get("/setup")
def setup():
    return render_template("setup.html", page="setup")


@bp.get("/games")
def games():
    return render_template("games.html", page="games")


@bp.get("/summary")
def summary():
    return render_template("summary.html", page="summary")
