"""HTML pages. They are thin shells: the vendored script fills them from the JSON API."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from . import i18n, roles

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
    visitor = roles.visitor_of_request() or roles.Visitor("viewer")
    return {
        "i18n_catalogue": i18n.catalogue(),
        "lang": i18n.lang_of_request(request),
        "role": visitor.role,
        "seat": visitor.seat,
        "old_link": visitor.old_link,
    }


@bp.get("/")
def dashboard():
    return render_template("dashboard.html", page="dashboard")


@bp.get("/tv")
def tv():
    """The table for a screen across the room: large type, no controls, live."""
    return render_template("tv.html", page="tv")


@bp.get("/diagnostics")
def diagnostics():
    """The host's camera check: what is wrong in plain words and what to do (host only)."""
    return render_template("diagnostics.html", page="diagnostics")


@bp.get("/rules")
@bp.get("/rules/<slug>")
def rules(slug: str | None = None):
    """A game's "how to play": set-up, a turn, scoring and the end, each rule with an anchor
    (a lesson's rule card and a refusal link to it), drawn by the page from /api/rules."""
    return render_template("rules.html", page="rules", rules_slug=slug or "")


@bp.get("/api/rules/<slug>")
def rules_of(slug: str):
    """What a game is about, its player counts and its rule notes, in both languages."""
    from companion.games import find_game

    game = find_game(slug)
    return jsonify(
        {
            "slug": game.info.slug,
            "name": game.info.name.to_dict(),
            "summary": game.info.summary.to_dict(),
            "player_counts": list(game.info.player_counts),
            "notes": [note.to_dict() for note in game.rules_notes()],
            "page": _page_of(game.info.slug),
        }
    )


def _page_of(slug: str) -> list[dict] | None:
    """The game's "how to play" (companion/data/rules/): its four sections, each rule with
    its anchor id and the address of its picture (None for a game without a page)."""
    from companion.rules_pages import RulesPageError, load_rules_page

    from .kit import kit_available

    try:
        page = load_rules_page(slug)
    except RulesPageError:
        return None
    pictures = kit_available()
    return [
        {
            "id": section.id,
            "title": section.title.text().to_dict(),
            "rules": [
                {
                    "id": rule.id,
                    "title": rule.title.text().to_dict(),
                    "say": [words.text().to_dict() for words in rule.say],
                    "picture": f"/rules/{slug}/picture/{rule.id}.png"
                    if rule.picture and pictures
                    else None,
                }
                for rule in section.rules
            ],
        }
        for section in page.sections
    ]


@bp.get("/setup")
def setup():
    return render_template("setup.html", page="setup")


@bp.get("/games")
def games():
    return render_template("games.html", page="games")


@bp.get("/summary")
def summary():
    return render_template("summary.html", page="summary")


@bp.get("/results.png")
def results_image():
    """The results as a picture to share, in `?lang=` (else the visitor's language)."""
    from .results_image import results_png

    rt = current_app.extensions["companion_runtime"]
    lang = request.args.get("lang") or i18n.lang_of_request(request)
    snapshot = rt.snapshot()
    png = results_png(snapshot, lang)
    response = Response(png, mimetype="image/png")
    name = f"{snapshot['game']['slug']}-game-{snapshot['game_id']}-results.png"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _join_links() -> dict:
    """The host's and the viewers' join links and one per seat, with this machine's LAN
    address (and the port the visitor used). Served on this computer only (loopback), no
    phone can open a link: then only this computer's TV link is given, and no seat's."""
    host_token = current_app.config.get("ACCESS_TOKEN")
    lan = roles.lan_address(current_app.config.get("BIND_HOST"))
    port = request.host.rsplit(":", 1)[1] if request.host.rsplit(":", 1)[-1].isdigit() else 80
    setup = current_app.extensions["companion_runtime"].session.setup
    reachable = bool(lan and host_token)
    links = roles.join_links(host_token, lan or "127.0.0.1", port, seats=setup.players)
    seats = [
        {
            "seat": seat,
            "name": setup.names[seat] if seat < len(setup.names) else None,
            "link": links.pop(f"seat-{seat}") if reachable else None,
        }
        for seat in range(setup.players)
    ]
    return {
        "lan_address": lan,
        "port": int(port),
        "links": links if reachable else {"viewer": links["viewer"]},
        "seats": seats,
        "reachable_from_lan": reachable,
    }


@bp.get("/api/join")
def join():
    """The host's invitation: a link per role (GET; host only, see web/roles.py)."""
    return jsonify(_join_links())


@bp.get("/join/<role>.png")
def join_qr(role: str):
    from .errors import ApiError

    join = _join_links()
    links = {**join["links"], **{f"seat-{s['seat']}": s["link"] for s in join["seats"]}}
    if not join["reachable_from_lan"]:
        raise ApiError(
            404,
            "no phone can reach this dashboard: it listens on this computer only",
            "not_reachable",
        )
    if role not in links:
        raise ApiError(
            404, f"no join link {role!r}: host, viewer or seat-N of this game", "not_found"
        )
    response = Response(roles.qr_png(links[role]), mimetype="image/png")
    response.headers["Cache-Control"] = "no-store"
    return response
