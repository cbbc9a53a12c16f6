"""The registry of games: a plain list and a `find_game` lookup (as python-chess does)."""

from __future__ import annotations

import importlib
import unicodedata
from functools import lru_cache

from ..errors import UnknownGameError
from .base import Game, GameInfo, Interpretation

# module name -> class name. One line per game; each module lives in companion/games/.
GAME_CLASSES: tuple[tuple[str, str], ...] = (
    ("musee", "Musee"),
    ("cardcassonne", "Cardcassonne"),
    ("mythe", "Mythe"),
    ("masterpiece", "Masterpiece"),
    ("crypt", "Crypt"),
)


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace(" ", "")


@lru_cache(maxsize=None)
def all_games() -> tuple[Game, ...]:
    games = []
    for module_name, class_name in GAME_CLASSES:
        module = importlib.import_module(f"{__name__}.{module_name}")
        games.append(getattr(module, class_name)())
    return tuple(games)


def find_game(name: str) -> Game:
    """Look a game up by slug, alias, English or Chinese name (case and accents ignored)."""
    wanted = _fold(name)
    for game in all_games():
        names = (game.info.slug, game.info.name.en, game.info.name.zh, *game.info.aliases)
        if wanted in {_fold(n) for n in names}:
            return game
    known = ", ".join(g.info.slug for g in all_games())
    raise UnknownGameError(f"unknown game {name!r}; known games: {known}")


__all__ = ["Game", "GameInfo", "Interpretation", "all_games", "find_game"]
