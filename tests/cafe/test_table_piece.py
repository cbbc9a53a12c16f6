"""The café's pieces on a table's dashboard (cafe/table_piece.py): each shows on the page and
serves its script only on a table that installed it, and never another piece's."""

from __future__ import annotations

import pytest

from cafe.help import HelpDesk, HelpThresholds
from cafe.help_web import install_help
from cafe.packup import PackupDesk
from cafe.packup_web import install_packup
from cafe.plays_web import install_plays
from web import create_app

PIECES = {
    "help": (lambda app: install_help(app, HelpDesk(HelpThresholds())), "/", b'id="cafe-help-btn"'),
    "packup": (lambda app: install_packup(app, PackupDesk()), "/", b'id="cafe-packup-btn"'),
    "plays": (install_plays, "/summary", b'id="cafe-plays"'),
}
SCRIPTS = {"help": "/cafe-help/help.js", "packup": "/cafe-packup/packup.js"}


@pytest.fixture
def app_with(tmp_path):
    made = []

    def make(*pieces):
        app = create_app({"db": str(tmp_path / f"t{len(made)}.sqlite3"), "game": "musee"})
        for piece in pieces:
            PIECES[piece][0](app)
        made.append(app)
        return app.test_client()

    yield make
    for app in made:
        app.extensions["companion_runtime"].close()


@pytest.mark.parametrize("installed", sorted(PIECES))
def test_a_piece_shows_only_where_it_is_installed(app_with, installed):
    client = app_with(installed)
    for piece, (_, page, marker) in PIECES.items():
        shown = marker in client.get(page).data
        assert shown == (piece == installed), (piece, installed)
    for piece, script in SCRIPTS.items():
        served = client.get(script).status_code == 200
        assert served == (piece == installed), (piece, installed)


def test_a_table_without_the_cafe_shows_none(app_with):
    client = app_with()
    page = client.get("/").data + client.get("/summary").data
    assert not any(marker in page for _, _, marker in PIECES.values())
