"""What is in the Mythe box and how play starts: the data file's schema (the deck by player
count, the path's spaces and costs), the set-up options, the deal and the first state.

The deck and the path come from companion/data/games/mythe.json; both are unverified
placeholders (the data file says so, and the dashboard shows its note).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ...catalogue import load_game_data
from ...errors import CompanionError, DataFileError
from ...model import Setup, Text
from ...validation import Bool, Context, Int, ListOf, Str
from ..base import Game
from .state import START, MytheState
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


# -- the data file -------------------------------------------------------------------------------
class _Name(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    en: str = Field(min_length=1)
    zh: str = Field(alias="zh-TW", min_length=1)


class _Space(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: _Name
    kind: str
    cost: int | None = Field(default=None, ge=1, le=3)


class _Path(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    comment: str = ""
    spaces: list[_Space] = Field(min_length=4)


class _Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    comment: str = ""
    by_players: dict[str, list[str]]
    dummy_deck_players: list[int]


class MytheData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    note: _Name
    deck: _Deck
    path: _Path
    deal: dict[str, Any] = Field(default_factory=dict)


def load_data(catalogue) -> MytheData:
    data = load_game_data("mythe", MytheData)
    _check_path(data)
    for players, payloads in data.deck.by_players.items():
        _check_deck(data, catalogue, int(players), payloads)
    return data


def _check_path(data: MytheData) -> None:
    kinds = [s.kind for s in data.path.spaces]
    if (
        kinds[0] != "village"
        or kinds[-2:] != ["dragon", "cheese"]
        or any(k != "space" for k in kinds[1:-2])
    ):
        raise DataFileError("games/mythe.json: the path must be village, spaces, dragon, cheese")
    if any(s.cost is None for s in data.path.spaces[1:-1]):
        raise DataFileError("games/mythe.json: every space up to the dragon needs a cost")


def _check_deck(data: MytheData, catalogue, players: int, payloads: list[str]) -> None:
    if len(set(payloads)) != len(payloads):
        raise DataFileError(f"games/mythe.json: the {players}-player deck lists a card twice")
    receivers = players + (1 if players in data.deck.dummy_deck_players else 0)
    for payload in payloads:
        piece = catalogue.get(payload)
        if piece is None or piece.kind != "card":
            raise DataFileError(f"games/mythe.json: {payload} is not an adventure card")
        # A card marked 4+ or 5+ may only be used from that many players up (2 players
        # play with the 3-player deck).
        if int(piece.face.get("min_players", 2)) > max(players, 3):
            raise DataFileError(
                f"games/mythe.json: {payload} is marked "
                f"{piece.face['min_players']}+ but is in the "
                f"{players}-player deck"
            )
    if len(payloads) < receivers:
        raise DataFileError(f"games/mythe.json: too few cards for {players} players")


# -- sizes that depend on the player count (validation bounds) -------------------------------------
def path_spaces(ctx: Context) -> int:
    return len(ctx.game.data.path.spaces)


def deck_size(ctx: Context) -> int:
    return len(ctx.game.deck(ctx.players))


CARDS = Int(0, deck_size)
HANDS = ListOf(CARDS, lambda c: c.players, lambda c: c.players)

OPTIONS = {
    "share_only_drawn": Bool(),
    "heroes": ListOf(
        Str(lambda c: c.game.hero_colours), lambda c: c.players, lambda c: c.players, distinct=True
    ),
    "hands": ListOf(Int(1, deck_size), lambda c: c.players, lambda c: c.players),
    "dummy": CARDS,
}


# -- the box and the deal --------------------------------------------------------------------------
def deck(game: "Mythe", players: int) -> tuple[str, ...]:
    """Payloads in play: cards marked 4+ / 5+ are removed below that many players."""
    return tuple(game.data.deck.by_players[str(players)])


def pieces_in_play(game: "Mythe", state: MytheState) -> frozenset[str]:
    in_deck = set(deck(game, state.players))
    return frozenset(
        p.payload for p in game.catalogue.pieces if p.kind != "card" or p.payload in in_deck
    )


def has_dummy(game: "Mythe", players: int) -> bool:
    return players in game.data.deck.dummy_deck_players


def deal(game: "Mythe", players: int) -> tuple[tuple[int, ...], int | None]:
    """Hand sizes after dealing one card at a time from seat 0 round the table (the dummy
    deck, with 2 players, is dealt last)."""
    receivers = players + (1 if has_dummy(game, players) else 0)
    total = len(deck(game, players))
    counts = [total // receivers + (1 if i < total % receivers else 0) for i in range(receivers)]
    if has_dummy(game, players):
        return tuple(counts[:-1]), counts[-1]
    return tuple(counts), None


# -- the first state -------------------------------------------------------------------------------
def validate_setup(game: "Mythe", setup: Setup) -> None:
    """Every impossible set-up refused in the game's own two languages. Checked before the
    declared option types (validation.validate_setup), so a player's page can say why."""
    Game.validate_setup(game, setup)
    unknown = set(setup.options) - {"share_only_drawn", "heroes", "hands", "dummy"}
    if unknown:
        raise CompanionError(text=WORDS("setup.unknown_option", option=sorted(unknown)[0]))
    players = setup.players
    if not isinstance(setup.options.get("share_only_drawn", False), bool):
        raise CompanionError(text=WORDS("setup.share_only_drawn"))
    heroes = setup.options.get("heroes") or game.hero_colours[:players]
    if (
        not isinstance(heroes, (list, tuple))
        or len(heroes) != players
        or not all(isinstance(h, str) and h in game.hero_token for h in heroes)
        or len(set(heroes)) != players
    ):
        colours = Text(
            ", ".join(game.hero_colours),
            "、".join(game.hero_token[c].name.zh for c in game.hero_colours),
        )
        raise CompanionError(text=WORDS("setup.heroes", players=players, colours=colours))
    if "hands" in setup.options or "dummy" in setup.options:
        _parse_dealt(game, setup.options, players, *deal(game, players))


def new_game(game: "Mythe", setup: Setup) -> MytheState:
    game.validate_setup(setup)
    players = setup.players
    variant = setup.options.get("share_only_drawn", False)
    heroes = setup.options.get("heroes") or game.hero_colours[:players]
    hands, dummy = deal(game, players)
    if "hands" in setup.options or "dummy" in setup.options:
        hands, dummy = _parse_dealt(game, setup.options, players, hands, dummy)
    return MytheState(
        players=players,
        names=setup.names,
        heroes=tuple(heroes),
        positions=(0,) * players,
        hands=hands,
        dummy=dummy,
        share_only_drawn=variant,
        turn=0,
        turn_number=1,
        phase=START,
    )


def _parse_dealt(game: "Mythe", options: Mapping, players: int, hands, dummy):
    """Hand sizes the table counted after its own deal, instead of the standard deal."""
    given = options.get("hands", list(hands))
    if (
        not isinstance(given, (list, tuple))
        or len(given) != players
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in given)
    ):
        raise CompanionError(text=WORDS("setup.hands", players=players))
    if has_dummy(game, players):
        dummy = options.get("dummy", dummy)
        if not isinstance(dummy, int) or isinstance(dummy, bool) or dummy < 0:
            raise CompanionError(text=WORDS("setup.dummy"))
    elif "dummy" in options:
        raise CompanionError(text=WORDS("setup.no_dummy"))
    total = len(deck(game, players))
    if sum(given) + (dummy or 0) != total:
        raise CompanionError(text=WORDS("setup.hands_total", total=total, players=players))
    return tuple(given), dummy
