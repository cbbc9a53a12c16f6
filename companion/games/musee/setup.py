"""Musée set-up: what is in the box for each player count, the staircases, the first state.

Every number comes from companion/data/games/musee.json, checked when it is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ...catalogue import load_game_data
from ...errors import CompanionError, DataFileError
from ...model import Setup
from ...validation import Context, Int, ListOf, MapOf, OneOf, Str
from ..base import Game
from .state import GALLERY_COUNT, TOKEN_ROWS, Grid, MuseeState
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


# -- the data file ------------------------------------------------------------------------------
class SetupData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first_card: int = Field(ge=1)
    last_card: int = Field(ge=1)
    teams: bool
    spaces: int = Field(ge=1, le=12)
    hand: int = Field(ge=1)
    staircases_per_row: tuple[int, int]
    first_game_staircases: tuple[list[int], list[int]]
    stop_drawing_at: int = Field(ge=0)
    partner_may_play_at: int | None = None


class Scoring(BaseModel):
    model_config = ConfigDict(extra="forbid")
    per_painting: int
    per_neighbour_pair: int
    per_staircase: int
    gallery_bonus: int


class MuseeData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    themes: dict
    galleries: list[dict[str, str]] = Field(min_length=3, max_length=3)
    setups: dict[str, SetupData]
    scoring: Scoring
    match_wins_needed: int = Field(ge=1)


def load_data() -> MuseeData:
    data = load_game_data("musee", MuseeData)
    themes = data.themes.get("by_remainder_of_5", {})
    if sorted(themes) != ["0", "1", "2", "3", "4"]:
        raise DataFileError("games/musee.json: themes.by_remainder_of_5 needs keys 0-4")
    for setup in data.setups.values():
        for row, count in zip(setup.first_game_staircases, setup.staircases_per_row):
            if len(row) != count:
                raise DataFileError(
                    "games/musee.json: first_game_staircases does not match staircases_per_row"
                )
    return data


# -- sizes that depend on the set-up (validation ranges use these too) --------------------------
def museums(ctx: Context) -> int:
    """One museum per player; with 4 players, one per team of two."""
    return 2 if ctx.game._setup_data(ctx.players).teams else ctx.players


def spaces(ctx: Context) -> int:
    return ctx.game._setup_data(ctx.players).spaces


_COLUMNS = ListOf(Int(1, spaces), 0, spaces)  # staircase columns, counted from 1 as players do

OPTIONS = {
    "staircases": OneOf(
        (MapOf(Str(("T1", "T2")), _COLUMNS, 2), ListOf(_COLUMNS, TOKEN_ROWS, TOKEN_ROWS))
    )
}


def cards_in_use(game: "Musee", players: int) -> range:
    setup = game._setup_data(players)
    return range(setup.first_card, setup.last_card + 1)


# -- the first state ----------------------------------------------------------------------------
def validate_setup(game: "Musee", setup: Setup) -> None:
    """Every impossible set-up refused in the game's own two languages. Checked before the
    declared option types (validation.validate_setup), so the set-up page can say why."""
    Game.validate_setup(game, setup)
    unknown = set(setup.options) - {"staircases"}
    if unknown:
        raise CompanionError(text=WORDS("setup.unknown_option", option=sorted(unknown)[0]))
    parse_staircases(setup.options.get("staircases"), game._setup_data(setup.players))


def new_game(game: "Musee", setup: Setup) -> MuseeState:
    game.validate_setup(setup)
    data = game._setup_data(setup.players)
    staircases = parse_staircases(setup.options.get("staircases"), data)
    museum_count = 2 if data.teams else setup.players
    empty: Grid = tuple(tuple(None for _ in range(data.spaces)) for _ in range(GALLERY_COUNT))
    dealt = data.hand * setup.players
    deck = data.last_card - data.first_card + 1 - dealt
    return MuseeState(
        players=setup.players,
        names=setup.names,
        teams=data.teams,
        museums=tuple(empty for _ in range(museum_count)),
        staircases=staircases,
        turn=0,
        hands=tuple(data.hand for _ in range(setup.players)),
        deck=deck,
        declared=frozenset(),
        bonuses=(None,) * GALLERY_COUNT,
        placed=(),
    )


def parse_staircases(option, data: SetupData) -> tuple[frozenset[int], frozenset[int]]:
    """Staircase columns (1-based, as players count them) for T1 and T2."""
    rows = data.first_game_staircases if option is None else option
    if isinstance(rows, Mapping):
        rows = None if set(rows) - {"T1", "T2"} else [rows.get("T1"), rows.get("T2")]
    if (
        not isinstance(rows, (list, tuple))
        or len(rows) != TOKEN_ROWS
        or not all(isinstance(r, (list, tuple)) for r in rows)
    ):
        raise CompanionError(text=WORDS("setup.staircases"))
    parsed = []
    for index, (row, count) in enumerate(zip(rows, data.staircases_per_row)):
        columns = set()
        for column in row:
            if (
                not isinstance(column, int)
                or isinstance(column, bool)
                or not 1 <= column <= data.spaces
            ):
                raise CompanionError(
                    text=WORDS(
                        "setup.staircase_column", column=column, row=index + 1, spaces=data.spaces
                    )
                )
            columns.add(column - 1)
        if len(columns) != count:
            raise CompanionError(
                text=WORDS("setup.staircase_count", row=index + 1, count=count, got=list(row))
            )
        parsed.append(frozenset(columns))
    return parsed[0], parsed[1]
