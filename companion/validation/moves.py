"""Each game's declarations (move kinds, set-up options, table regions) and the checks of a
set-up and of a move against them."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..errors import PlayerCountError
from .specs import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    Context,
    Int,
    InvalidFieldError,
    Seat,
    Spec,
    check_fields,
    check_text,
    is_whole_number,
    shown,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..games.base import Game
    from ..model import Move, Setup

PlayerRule = str  # "seat": a seat must act; "none": a table action; "any": either


@dataclass(frozen=True)
class MoveKind:
    """One move kind: who acts and the fields it carries (`required` must be present)."""

    player: PlayerRule = "seat"
    fields: Mapping[str, Spec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()  # at least one of these fields must be given


@dataclass(frozen=True)
class SlotShape:
    """A region of the table and the shape of its slots: one Int spec per slot coordinate
    (empty when the region has no slots: a piece there carries no slot)."""

    coordinates: tuple[Int, ...] = ()


@dataclass(frozen=True)
class Declarations:
    """What a game declares once: move kinds, set-up options, table regions, piece kinds."""

    moves: Mapping[str, MoveKind]
    options: Mapping[str, Spec] = field(default_factory=dict)
    regions: Callable[[Context], Mapping[str, SlotShape]] = lambda ctx: {}
    piece_kinds: tuple[str, ...] = ("card", "token")


@lru_cache(maxsize=None)
def declarations_of(slug: str) -> Declarations:
    """A game's declarations: `DECLARATIONS` of its package `companion/games/<slug>/`, built
    from its MoveBook (see companion/games/moves.py)."""
    return importlib.import_module(f"companion.games.{slug}").DECLARATIONS


def check_setup_shape(players: Any, names: Any, options: Any) -> None:
    """The game-independent part of a set-up, checked before anything is allocated."""
    if not is_whole_number(players) or not 1 <= players <= MAX_PLAYERS:
        raise PlayerCountError(
            f"setup, field 'players': must be a whole number from 1 to "
            f"{MAX_PLAYERS}, got {shown(players)}"
        )
    if not isinstance(names, (list, tuple)):
        raise InvalidFieldError(
            "setup, field 'names'", f"must be a list of names, got {shown(names)}"
        )
    if names and len(names) != players:
        raise InvalidFieldError(
            "setup, field 'names'", f"lists {len(names)} names for {players} players"
        )
    for index, name in enumerate(names):
        check_text(name, f"setup, field 'names'[{index}]", MAX_NAME_LENGTH)
    if not isinstance(options, Mapping):
        raise InvalidFieldError(
            "setup, field 'options'", f"must be an object, got {shown(options)}"
        )


def validate_setup(game: "Game", setup: "Setup") -> None:
    """Type and range of every set-up field for this game (player counts, option types)."""
    check_setup_shape(setup.players, list(setup.names), setup.options)
    game.validate_setup(setup)
    ctx = Context(game, setup)
    check_fields(
        setup.options, declarations_of(game.info.slug).options, (), "setup, field 'options'", ctx
    )


def validate_move(game: "Game", setup: "Setup", move: "Move") -> None:
    """Every field of a move, against the kind the game declares."""
    declared = declarations_of(game.info.slug).moves
    check_text(move.kind, "move, field 'kind'")
    kind = declared.get(move.kind)
    if kind is None:
        raise InvalidFieldError(
            "move, field 'kind'",
            f"{game.info.name.en} has no move {shown(move.kind)}; its moves "
            f"are {', '.join(sorted(declared))}",
        )
    check_move(kind, Context(game, setup), move)


def check_move(kind: MoveKind, ctx: Context, move: "Move") -> None:
    """The player and fields of a move of a known kind (InvalidFieldError naming the field)."""
    where = f"move {move.kind!r}"
    if kind.player == "none":
        if move.player is not None:
            raise InvalidFieldError(
                f"{where}, field 'player'",
                f"must be null (a table action, not a player's), got {shown(move.player)}",
            )
    elif move.player is not None or kind.player == "seat":
        Seat().check(move.player, f"{where}, field 'player'", ctx)
    check_fields(move.params, kind.fields, kind.required, where, ctx)
    if kind.one_of and not any(move.params.get(name) is not None for name in kind.one_of):
        raise InvalidFieldError(
            where, "needs one of the fields " + " or ".join(repr(name) for name in kind.one_of)
        )
