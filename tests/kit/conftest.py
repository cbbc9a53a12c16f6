from pathlib import Path

import pytest

import companion

CARDS_DIR = Path(companion.__file__).resolve().parent / "data" / "cards"
# Every catalogue present: the other games' catalogues join as they are written.
GAMES = sorted(p.stem for p in CARDS_DIR.glob("*.json"))


@pytest.fixture(params=GAMES)
def game(request):
    return request.param
