"""Masterpiece's box and set-up: the data tables, the options the boundary checks, and the
first state.

The board order and the value deck come from companion/data/games/masterpiece.json, where
both are placeholders marked unverified; they are validated here when loaded.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from ...catalogue import load_game_data
from ...errors import CompanionError, DataFileError
from ...model import Setup, Text
from ...validation import Context, Int, ListOf, Seat, Str
from ..base import Game
from .state import LedgerEntry, MasterpieceState
from .words import WORDS, money

SPACE_KINDS = (
    "bank_auction",
    "private_auction",
    "collect",
    "inherit",
    "buy_bank",
    "sell_value",
    "buy_player",
    "must_sell",
)


class _Space(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)
    kind: str
    price_k: int | None = Field(default=None, gt=0)


class _Board(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    spaces: list[_Space] = Field(min_length=2)


class _DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    value_k: int = Field(ge=0)
    forgery: bool = False
    count: int = Field(ge=1)


class _Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    cards: list[_DeckEntry] = Field(min_length=1)


class _BidRules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    min_opening_k: int = Field(gt=0)
    min_increment_k: int = Field(gt=0)
    overbid_fine_k: int = Field(ge=0)
    unpaid_fine_k: int = Field(ge=0)


class _SpaceAmounts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    collect_cash_k: int = Field(gt=0)
    buy_from_player_k: int = Field(gt=0)
    must_sell_k: int = Field(gt=0)


class _MasterpieceData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    note: str = ""
    starting_cash_k: int = Field(gt=0)
    players: list[int]
    money_step_k: int = Field(gt=0)
    bid_rules: _BidRules
    space_amounts: _SpaceAmounts
    board: _Board
    value_deck: _Deck
    paintings: int = Field(ge=1)
    pawn_colours: list[str]


def load_data() -> _MasterpieceData:
    data = load_game_data("masterpiece", _MasterpieceData)
    where = "games/masterpiece.json"
    for position, space in enumerate(data.board.spaces):
        if space.index != position:
            raise DataFileError(f"{where}: board space {position} is numbered {space.index}")
        if space.kind not in SPACE_KINDS:
            raise DataFileError(f"{where}: board space {position} has unknown kind {space.kind!r}")
        if (space.kind == "buy_bank") != (space.price_k is not None):
            raise DataFileError(
                f"{where}: board space {position}: only buy_bank spaces have a price_k"
            )
    step = data.money_step_k
    amounts = [
        data.starting_cash_k,
        *data.bid_rules.model_dump().values(),
        *data.space_amounts.model_dump().values(),
        *(s.price_k for s in data.board.spaces if s.price_k),
    ]
    if any(a % step for a in amounts):
        raise DataFileError(f"{where}: every amount must be a multiple of money_step_k ({step})")
    return data


# -- what the boundary checks: set-up options and field types ------------------
def ring_spaces(ctx: Context) -> int:
    return len(ctx.game.spaces)


def pawn_payloads(ctx: Context) -> tuple[str, ...]:
    return tuple(sorted(t.payload for t in ctx.game.catalogue.tokens))


# "pawns": the pawn (its payload) each seat plays, as the state keeps them
OPTIONS = {
    "banker": Seat(),
    "pawns": ListOf(Str(pawn_payloads), lambda c: c.players, lambda c: c.players, distinct=True),
}
PIECE_KINDS = ("card", "token", "die")
MAX_AMOUNT_K = 1_000_000  # a bid in thousands: $1 billion is beyond any table's money
PAINTING = Str()
AMOUNT = Int(0, MAX_AMOUNT_K)


# -- The catalogue checked against the data file, set-up options, the first state. ------------
def check_catalogue(game) -> None:
    where = "cards/masterpiece.json"
    if len(game.paintings) != game.data.paintings:
        raise DataFileError(
            f"{where} lists {len(game.paintings)} paintings; "
            f"games/masterpiece.json says {game.data.paintings}"
        )
    wanted = Counter({(e.value_k, e.forgery): e.count for e in game.data.value_deck.cards})
    found = Counter((game.value_k[p], game.forgery[p]) for p in game.values)
    if wanted != found:
        raise DataFileError(
            f"{where}: the value cards do not match value_deck in "
            f"games/masterpiece.json (rerun tools/make_masterpiece_catalogue.py)"
        )
    if any(v and game.forgery[p] for p, v in game.value_k.items()):
        raise DataFileError(f"{where}: a forgery must be worth $0")


def validate_setup(game, setup: Setup) -> None:
    Game.validate_setup(game, setup)
    unknown = set(setup.options) - {"banker", "pawns"}
    if unknown:
        raise CompanionError(text=WORDS("setup.unknown_option", option=sorted(unknown)[0]))
    banker = setup.options.get("banker", 0)
    if not isinstance(banker, int) or isinstance(banker, bool) or not 0 <= banker < setup.players:
        raise CompanionError(text=WORDS("setup.banker", last=setup.players - 1))
    pawns = setup.options.get("pawns")
    if pawns is not None:
        tokens = {p.payload for p in game.catalogue.tokens}
        if (
            not isinstance(pawns, (list, tuple))
            or len(pawns) != setup.players
            or not all(isinstance(p, str) and p in tokens for p in pawns)
            or len(set(pawns)) != len(pawns)
        ):
            raise CompanionError(
                text=WORDS(
                    "setup.pawns",
                    players=setup.players,
                    pawns=Text(str(sorted(tokens)), WORDS.listed("list.comma", sorted(tokens)).zh),
                )
            )


def new_game(game, setup: Setup) -> MasterpieceState:
    validate_setup(game, setup)
    n = setup.players
    pawns = tuple(
        setup.options.get("pawns")
        or [t.payload for t in sorted(game.catalogue.tokens, key=lambda t: t.marker)][:n]
    )
    start = game.data.starting_cash_k
    ledger = tuple(
        LedgerEntry(
            "start",
            None,
            seat,
            start,
            WORDS("ledger.start", name=setup.names[seat], start=money(start)),
        )
        for seat in range(n)
    )
    return MasterpieceState(
        players=n,
        names=setup.names,
        pawns=pawns,
        banker=setup.options.get("banker", 0),
        phase="setup",
        active=None,
        positions=(None,) * n,
        cash=(start,) * n,
        holdings=((),) * n,
        bank=game.paintings,
        deck=game.values,
        discard=(),
        gone=(),
        dealt=0,
        skips=(0,) * n,
        ledger=ledger,
        journal=(),
    )
