"""Crypt's box and set-up: the data tables, which cards are in play, the first state.

Every number the rules mark (data) lives in companion/data/games/crypt.json, validated here
when loaded. Also here: the set-up options the boundary checks, and the field types the
move declarations share (a crypt place, a die face).
"""

from __future__ import annotations

from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...catalogue import load_json_resource
from ...errors import CompanionError, DataFileError
from ...model import Setup, Text
from ...validation import Context, Int, ListOf, MapOf, Seat, Str
from ..base import Game
from .state import TYPES, CryptState
from .words import WORDS

_SETUP_OPTIONS = {"collectors", "colours", "leader"}
MAX_DICE = 12  # dice rolled at once (a player's or the ghost's): far above any real count


# -- data file --------------------------------------------------------------------------------
class _SetupData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    copies: dict[str, int]
    face_up: int = Field(ge=0)
    face_down: int = Field(ge=0)
    rounds: int = Field(ge=1)


class _Colour(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    key: str
    payload: str
    en: str
    zh: str = Field(alias="zh-TW")


class _Rank(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    min: float
    en: str
    zh: str = Field(alias="zh-TW")


class _Solo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ghost_dice: int = Field(ge=1)
    face_down_value: float
    ranks: list[_Rank] = Field(min_length=1)


class _CryptData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    types: dict[str, dict[str, str]]
    setups: dict[str, _SetupData]
    dice_per_player: int = Field(ge=1)
    ready_die_points: int
    colours: list[_Colour] = Field(min_length=4)
    collectors: dict[str, Any]
    solo: _Solo
    tiebreak_max_rolls: int = Field(ge=1)


def load_data() -> _CryptData:
    raw = load_json_resource("games", "crypt.json")
    try:
        data = _CryptData.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataFileError(
            f"games/crypt.json: {'.'.join(map(str, first['loc']))}: {first['msg']}"
        ) from None
    if tuple(data.types) != TYPES:
        raise DataFileError(f"games/crypt.json: types must be {list(TYPES)} in that order")
    for players, setup in data.setups.items():
        deck = len(TYPES) * sum(setup.copies.values())
        per_round = setup.face_up + setup.face_down
        if per_round == 0 or deck != per_round * setup.rounds:
            raise DataFileError(
                f"games/crypt.json: {players} players: a deck of {deck} cards "
                f"does not make {setup.rounds} rounds of {per_round}"
            )
    return data


# -- set-up options and the field types moves share (see companion.validation) ----------------
def seats(ctx: Context) -> int:
    """Seats at the table: a solo player sits with the ghost."""
    return 2 if ctx.players == 1 else ctx.players


def row_size(ctx: Context) -> int:
    data = setup_data(ctx.game, ctx.players)
    return data.face_up + data.face_down


OPTIONS = {
    "collectors": MapOf(Str(TYPES), Str(("A", "B")), len(TYPES)),
    "colours": ListOf(
        Str(lambda c: tuple(k.key for k in c.game.data.colours)), seats, seats, distinct=True
    ),
    "leader": Seat(),
}
CRYPT_PLACE = Int(0, lambda c: row_size(c) - 1)
FACE = Int(1, 6)
ROLLS = ListOf(FACE, 1, MAX_DICE)
# collected cards a flip turns over: one (`card`) or several (`cards`, each a treasure's
# payload or its back's); how many a collector needs is its rule, checked with its words
FLIPPED_CARDS = ListOf(Str(), 1, 6)


# -- what is in the box for this player count, and the first state ----------------------------
def value(game, payload: str) -> int:
    return int(game.treasures[payload].face["value"])


def ttype(game, payload: str) -> str:
    return str(game.treasures[payload].face["type"])


def side(game, state: CryptState, kind: str) -> str:
    return dict(state.collectors)[kind]


def setup_data(game, players: int) -> _SetupData:
    return game.data.setups[str(players)]


def deck_payloads(game, players: int) -> tuple[str, ...]:
    copies = setup_data(game, players).copies
    return tuple(
        p
        for p, piece in game.treasures.items()
        if "AB".index(piece.face["copy"]) < copies[str(piece.face["value"])]
    )


def pieces_in_play(game, state: CryptState) -> frozenset[str]:
    deck = set(deck_payloads(game, state.players))
    return frozenset(
        p.payload
        for p in game.catalogue.pieces
        if p.payload not in game.treasures or p.payload in deck
    )


def deck_count(game, players: int, kind: str) -> int:
    return sum(setup_data(game, players).copies.values()) if kind in TYPES else 0


def places(game, state: CryptState) -> int:
    """Cards dealt into the crypt each round with this many players."""
    s = setup_data(game, state.players)
    return s.face_up + s.face_down


def validate_setup(game, setup: Setup) -> None:
    """Every impossible set-up refused in the game's own two languages. Checked before the
    declared option types (validation.validate_setup), so a player's page can say why."""
    Game.validate_setup(game, setup)
    unknown = set(setup.options) - _SETUP_OPTIONS
    if unknown:
        raise CompanionError(
            text=WORDS(
                "setup.unknown_option",
                option=sorted(unknown)[0],
                options=WORDS("setup.option_names"),
            )
        )
    sides = setup.options.get("collectors") or {}
    if (
        not isinstance(sides, Mapping)
        or set(sides) - set(TYPES)
        or any(s not in ("A", "B") for s in sides.values())
    ):
        raise CompanionError(text=WORDS("setup.collectors"))
    seat_colours(game, setup)
    leader = setup.options.get("leader", 0)
    if not isinstance(leader, int) or not 0 <= leader < setup.players:
        raise CompanionError(text=WORDS("setup.leader", last=setup.players - 1))


def seat_colours(game, setup: Setup) -> tuple[str, ...]:
    """The dice colour (its payload) of each seat, from the 'colours' option or in the data
    file's order; a ghost seat plays solo games too."""
    seats = 2 if setup.players == 1 else setup.players
    keys = [c.key for c in game.data.colours]
    chosen = setup.options.get("colours") or keys[:seats]
    if (
        not isinstance(chosen, (list, tuple))
        or len(chosen) != seats
        or any(c not in keys for c in chosen)
        or len(set(chosen)) != seats
    ):
        colours = Text(str(keys), "、".join(c.zh for c in game.data.colours))
        raise CompanionError(text=WORDS("setup.colours", seats=seats, keys=colours))
    return tuple(game.data.colours[keys.index(c)].payload for c in chosen)


def new_game(game, setup: Setup) -> CryptState:
    game.validate_setup(setup)
    sides = setup.options.get("collectors") or {}
    collectors = tuple((t, str(sides.get(t, "A"))) for t in TYPES)
    seats = 2 if setup.players == 1 else setup.players
    colours = seat_colours(game, setup)
    leader = setup.options.get("leader", 0)
    names = tuple(setup.names) + (("Ghost",) if setup.players == 1 else ())
    dice = game.data.dice_per_player
    ready = tuple(
        game.data.solo.ghost_dice if setup.players == 1 and s == 1 else dice for s in range(seats)
    )
    size = setup_data(game, setup.players).face_up + setup_data(game, setup.players).face_down
    return CryptState(
        players=setup.players,
        seats=seats,
        names=names,
        colours=colours,
        collectors=collectors,
        phase="reveal",
        round=0,
        leader=leader,
        turn=0,
        row=(None,) * size,
        ready=ready,
        exhausted=(0,) * seats,
        collections=((),) * seats,
        seen=frozenset(),
        dealt_by_type=(0,) * len(TYPES),
        idol_pair_round=(None,) * seats,
    )
