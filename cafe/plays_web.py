"""Plays logged where players keep them: at the end of a game the summary page and the TV
show a QR code opening BG Stats with the play filled in, and offer JSON and CSV downloads.

    GET /plays/current.json   {"play", "bgstats"}: the current game as a play and its link
                              (both null while it goes on: the pages poll it)
    GET /plays/bgstats.svg    that link as a QR code (404 while the game goes on)
    GET /plays.json           every finished game of this table, one play each
    GET /plays.csv            the same, one play per row
"""

from __future__ import annotations

import io

from flask import Flask, Response, current_app, jsonify

from web.errors import ApiError

from .plays import bgstats_link, play_of, plays_csv
from .table_piece import table_piece

bp = table_piece("cafe_plays", "/cafe-plays")


def install_plays(app: Flask, location: str = "") -> None:
    """Before the server starts; `location` goes into each play (e.g. the café's venue)."""
    app.config["PLAYS_LOCATION"] = location
    app.register_blueprint(bp)


def _current() -> dict:
    runtime = current_app.extensions["companion_runtime"]
    with runtime.lock:
        play = play_of(runtime.session, runtime.game_id, current_app.config["PLAYS_LOCATION"])
    if play is None:
        raise ApiError(404, "the game is not over yet")
    return play


@bp.get("/plays/current.json")
def current_play() -> Response:
    try:
        play = _current()
    except ApiError:
        return jsonify({"play": None, "bgstats": None})
    return jsonify({"play": play, "bgstats": bgstats_link(play)})


@bp.get("/plays/bgstats.svg")
def bgstats_qr() -> Response:
    import segno

    code = segno.make(bgstats_link(_current()), error="m")
    svg = io.BytesIO()  # a whole SVG file (with its namespace): an <img> shows nothing less
    code.save(svg, kind="svg", scale=4, border=2, dark="#000", light="#fff")
    return Response(svg.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def _all_plays() -> list[dict]:
    runtime = current_app.extensions["companion_runtime"]
    location = current_app.config["PLAYS_LOCATION"]
    plays = []
    for game in runtime.store.games():
        session = runtime.store.load(game["id"])
        play = play_of(session, game["id"], location)
        if play is not None:
            plays.append(play)
    return plays


@bp.get("/plays.json")
def all_plays_json() -> Response:
    return jsonify({"plays": _all_plays()})


@bp.get("/plays.csv")
def all_plays_csv() -> Response:
    return Response(
        plays_csv(_all_plays()),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="plays.csv"'},
    )
