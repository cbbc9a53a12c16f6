"""Set-up: the box (data file, set-up options) and the first state (the dealer then turns up
the starting cards: the `reveal` move, reveal.py).

Every number the rules mark (data) comes from companion/data/games/cardcassonne.json; the
animal and building tables there are placeholders marked unverified. All 130 cards are used
in every game (10 set-up cards plus the hands of all rounds), so a payload appears only once.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ...catalogue import load_game_data
from ...errors import CompanionError, DataFileError
from ...model import Setup, Text
from ...validation import Context, Int, ListOf, Seat, Str
from ..base import Game
from .state import CardcassonneState, Holdings
from .words import WORDS

# The most cards one collection can hold: 9 animals + 4 animal jokers, 5 buildings + 4 jokers.
MOST_ANIMALS, MOST_BUILDINGS = 13, 9


# -- the data file --------------------------------------------------------------------------
class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    colour: str
    en: str
    zh: str = Field(alias="zh-TW")
    hex: str


class _PlayerColour(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    colour: str
    en: str
    zh: str = Field(alias="zh-TW")


class _Count(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hand: int = Field(ge=1)
    rounds: int = Field(ge=1)


class _Points(BaseModel):
    model_config = ConfigDict(extra="forbid")
    non_matching: int
    dragon: int
    fairy: int
    animal_joker_alone: int


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    note: str = ""
    points: list[int] = Field(min_length=1)


class _CardcassonneData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    rows: list[_Row] = Field(min_length=4, max_length=4)
    player_colours: list[_PlayerColour] = Field(min_length=5)
    setup_cards: int = Field(ge=0)
    player_counts: dict[str, _Count]
    points: _Points
    animal_table: _Table
    building_table: _Table


def load_data() -> _CardcassonneData:
    data = load_game_data("cardcassonne", _CardcassonneData)
    if len(data.animal_table.points) < MOST_ANIMALS:
        raise DataFileError(
            f"games/cardcassonne.json: animal_table needs points for 1 to {MOST_ANIMALS} animals"
        )
    if len(data.building_table.points) < MOST_BUILDINGS:
        raise DataFileError(
            f"games/cardcassonne.json: building_table needs points for 1 to "
            f"{MOST_BUILDINGS} buildings"
        )
    return data


# -- what companion.validation checks at the boundary ---------------------------------------
def row_colours(ctx: Context) -> tuple[str, ...]:
    return ctx.game.row_colours


def last_position(ctx: Context) -> int:
    """No row can be longer than every card and follower of the game in one line."""
    return len(ctx.game.catalogue.pieces) - 1


ROW = Str(row_colours)
POSITION = Int(0, last_position)
OPTIONS = {
    "dealer": Seat(),
    "colours": ListOf(
        Str(lambda c: tuple(c.game._follower_of_colour)),
        lambda c: c.players,
        lambda c: c.players,
        distinct=True,
    ),
}


# -- the first state --------------------------------------------------------------------------
# -- The game's start: set-up options checked, hands and rounds from the data file. -----------
def validate_setup(game, setup: Setup) -> None:
    """Every impossible set-up refused in the game's own two languages. Checked before the
    declared option types (validation.validate_setup), so a player's page can say why."""
    Game.validate_setup(game, setup)
    unknown = set(setup.options) - {"dealer", "colours"}
    if unknown:
        raise CompanionError(text=WORDS("setup.unknown_option", option=sorted(unknown)[0]))
    dealer = setup.options.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < setup.players:
        raise CompanionError(text=WORDS("setup.dealer", last=setup.players - 1, dealer=dealer))
    player_colours_of(game, setup)


def new_game(game, setup: Setup) -> CardcassonneState:
    game.validate_setup(setup)
    dealer = setup.options.get("dealer", 0)
    colours = player_colours_of(game, setup)
    count = game.data.player_counts.get(str(setup.players))
    if count is None:
        raise DataFileError(f"games/cardcassonne.json has no hand size for {setup.players} players")
    n = setup.players
    return CardcassonneState(
        players=n,
        names=setup.names,
        colours=tuple(colours),
        hand=count.hand,
        rounds=count.rounds,
        phase="setup" if game.data.setup_cards else "play",
        round=0 if game.data.setup_cards else 1,
        dealer=dealer,
        turn=dealer if game.data.setup_cards else (dealer + 1) % n,
        rows=tuple(() for _ in game.row_colours),
        played=(0,) * n,
        face_down_played=(False,) * n,
        follower_row=(None,) * n,
        last_follower=None,
        claims=(),
        holdings=tuple(Holdings() for _ in range(n)),
        seen=frozenset(),
    )


def player_colours_of(game, setup: Setup) -> list[str] | tuple[str, ...]:
    colours = setup.options.get("colours")
    if colours is None:
        colours = [c.colour for c in game.data.player_colours][: setup.players]
    if (
        not isinstance(colours, (list, tuple))
        or len(colours) != setup.players
        or not all(isinstance(c, str) and c in game._follower_of_colour for c in colours)
        or len(set(colours)) != len(colours)
    ):
        known = Text(
            ", ".join(game._follower_of_colour),
            "、".join(
                game._player_colours[c].zh if c in game._player_colours else c
                for c in game._follower_of_colour
            ),
        )
        raise CompanionError(text=WORDS("setup.colours", players=setup.players, known=known))
    return colours
