"""Each tools/make_<game>_catalogue.py writes exactly the catalogue the program ships
(companion/data/cards/<game>.json): a generator that drifted from its data would undo a fix
made in the JSON the next time someone reruns it. Run into a scratch folder, not the tree."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
GAMES = ("cardcassonne", "crypt", "masterpiece", "musee", "mythe")


@pytest.fixture
def scratch_catalogues(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TOOLS))
    import catalogue_file

    monkeypatch.setattr(catalogue_file, "CARDS", tmp_path)
    yield tmp_path
    sys.modules.pop("catalogue_file", None)


@pytest.mark.parametrize("game", GAMES)
def test_the_generator_writes_the_shipped_catalogue(scratch_catalogues, game, capsys):
    runpy.run_path(str(TOOLS / f"make_{game}_catalogue.py"), run_name="__main__")
    written = (scratch_catalogues / f"{game}.json").read_text(encoding="utf-8")
    shipped = (ROOT / "companion" / "data" / "cards" / f"{game}.json").read_text(encoding="utf-8")
    assert written == shipped
    assert f"{game}.json" in capsys.readouterr().out
