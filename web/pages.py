"""HTML pages. They are thin shells: the vendored script fills them from the JSON API."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("pages", __name__)


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
