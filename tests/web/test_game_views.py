"""The hook through which each game brings its own table view, and the legal-moves API."""

import pytest

from web import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"game": "musee", "players": 2, "db": str(tmp_path / "g.sqlite3")})
    return app.test_client()


def test_legal_moves_lists_what_the_engine_allows_now(client):
    data = client.get("/api/legal-moves?limit=5").get_json()
    assert len(data["moves"]) == 5 and data["truncated"] is True
    assert data["moves"][0] == {"kind": "cannot_play", "player": 0}
    assert all(m["player"] == 0 for m in data["moves"])
    bad = client.get("/api/legal-moves?limit=lots")
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_limit"


def test_every_game_view_script_is_served_with_the_dashboard(client):
    from web.pages import GAME_VIEWS

    page = client.get("/").get_data(as_text=True)
    for script in sorted(GAME_VIEWS.glob("*.js")):
        assert f"/static/games/{script.name}" in page
        assert client.get(f"/static/games/{script.name}").status_code == 200


def test_every_camera_reason_code_is_said_in_both_languages():
    """The dashboard words each offline reason itself, so a teacher in Taiwan reads it in 中文."""
    from vision.contract import STATUS_CODES
    from web import i18n

    for code in STATUS_CODES:
        entry = i18n.catalogue()[f"camera.reason.{code}"]
        assert entry["en"] and entry["zh-TW"], code


def test_the_layout_lists_the_regions_and_slots_of_this_game_and_player_count(tmp_path):
    """What the hand-correction pickers offer comes from the same declarations that judge a
    camera event, for this game at this player count."""
    from companion.games import find_game
    from companion.games.mythe.setup import path_spaces
    from companion.model import Setup
    from companion.validation import Context
    from web import create_app

    for players in (2, 3):
        app = create_app(
            {"db": str(tmp_path / f"m{players}.db"), "game": "mythe", "players": players}
        )
        try:
            layout = app.test_client().get("/api/layout").get_json()
        finally:
            app.extensions["companion_runtime"].close()
        spaces = path_spaces(Context(find_game("mythe"), Setup(players, (), {})))
        assert {r["region"]: r["slots"] for r in layout["regions"]} == {
            "path": [[0, spaces - 1]],
            "adventure": [],
            "reveal": [[0, 0]],
        }


def test_every_game_brings_its_view_in_its_own_file_beside_the_others():
    """Musée's view lived in app.js; each game's view is web/static/games/<slug>.js, loaded
    the same way (issue 25 item 4), so app.js draws no game of its own."""
    from companion.games import all_games
    from web.pages import GAME_VIEWS

    app_js = (GAME_VIEWS.parent / "app.js").read_text(encoding="utf-8")
    for game in all_games():
        slug = game.info.slug
        view = GAME_VIEWS / f"{slug}.js"
        assert view.exists(), slug
        assert f"window.GameViews.{slug} =" in view.read_text(encoding="utf-8"), slug
        assert f'desc.kind === "{slug}"' not in app_js, slug
