"""The checks of a table event (camera or manual correction) and of where it puts a piece."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import declarations_of
from .specs import (
    MAX_LIST_LENGTH,
    Bool,
    Context,
    Int,
    InvalidFieldError,
    Number,
    Optional,
    Str,
    check_text,
    shown,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..events import TableEvent, Where
    from ..games.base import Game
    from ..model import Setup


EVENT_SOURCES = ("camera", "manual", "replay", "demo")


def validate_where(game: "Game", setup: "Setup", where: "Where", label: str) -> None:
    """A region this game's layout knows, and a slot that fits the region's shape."""
    if where.region is None:
        if where.slot is not None:
            raise InvalidFieldError(
                f"{label}, field 'slot'",
                f"must be null when the region is null, got {shown(list(where.slot))}",
            )
    else:
        ctx = Context(game, setup)
        regions = declarations_of(game.info.slug).regions(ctx)
        check_text(where.region, f"{label}, field 'region'")
        shape = regions.get(where.region)
        if shape is None:
            raise InvalidFieldError(
                f"{label}, field 'region'",
                f"{shown(where.region)} is not a region of the "
                f"{game.info.name.en} layout for {setup.players} players "
                f"(regions: {', '.join(sorted(regions))})",
            )
        if where.slot is not None:
            slot = list(where.slot)
            coordinates = shape.coordinates
            if not coordinates:
                raise InvalidFieldError(
                    f"{label}, field 'slot'",
                    f"must be null: {where.region} has no slots, got {shown(slot)}",
                )
            if len(slot) != len(coordinates):
                raise InvalidFieldError(
                    f"{label}, field 'slot'",
                    f"must be a list of {len(coordinates)} whole numbers, got {shown(slot)}",
                )
            for index, (value, spec) in enumerate(zip(slot, coordinates)):
                spec.check(value, f"{label}, field 'slot'[{index}]", ctx)
    for name in ("x_mm", "y_mm"):
        value = getattr(where, name)
        if value is not None:
            Number(-100_000, 100_000).check(value, f"{label}, field {name!r}", None)


def validate_event(game: "Game", setup: "Setup", event: "TableEvent") -> None:
    """Every field of a table event (camera or manual correction) for this game's table.

    Told apart by their `type` names, so that this module needs nothing of companion.events
    (which builds its events with the specs of `.specs`); the fields read below are those of the
    event's own type, so mypy is told nothing of which one it is (`fields`)."""
    fields: Any = event
    label = f"event {event.type!r}"
    Number(0, 1e12).check(event.t, f"{label}, field 't'", None)
    Str(EVENT_SOURCES).check(event.source, f"{label}, field 'source'", None)
    if event.type == "frame_end":
        if not isinstance(fields.alive, frozenset) or len(fields.alive) > MAX_LIST_LENGTH:
            raise InvalidFieldError(
                f"{label}, field 'alive'", f"must be a list of at most {MAX_LIST_LENGTH} track ids"
            )
        for track in fields.alive:
            check_text(track, f"{label}, field 'alive' item")
        return
    check_text(fields.track_id, f"{label}, field 'track_id'")
    check_text(fields.payload, f"{label}, field 'payload'")
    kinds = declarations_of(game.info.slug).piece_kinds
    Str(kinds).check(fields.kind, f"{label}, field 'kind'", None)
    if event.type in ("card_added", "card_moved"):
        Bool().check(fields.face_down, f"{label}, field 'face_down'", None)
        Optional(Int(1, 6)).check(fields.value, f"{label}, field 'value'", None)
        validate_where(game, setup, fields.where, f"{label}, field 'where'")
    if event.type == "card_moved":
        validate_where(game, setup, fields.previous, f"{label}, field 'previous'")
