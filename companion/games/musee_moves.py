"""Musée: the fields of every move, set-up option and table region (see companion.validation)."""

from ..validation import (Context, Declarations, Int, ListOf, MapOf, MoveKind, OneOf, SlotShape,
                          Str)

GALLERIES = 3  # lower, middle and upper gallery of every museum
TOKEN_ROWS = 2  # the staircase / chandelier token rows T1 and T2


def museums(ctx: Context) -> int:
    return 2 if ctx.game._setup_data(ctx.players).teams else ctx.players


def spaces(ctx: Context) -> int:
    return ctx.game._setup_data(ctx.players).spaces


def regions(ctx: Context) -> dict[str, SlotShape]:
    space = Int(0, spaces(ctx) - 1)
    out = {}
    for museum in range(museums(ctx)):
        out[f"museum{museum}"] = SlotShape((Int(0, GALLERIES - 1), space))
        out[f"museum{museum}-tokens"] = SlotShape((Int(0, TOKEN_ROWS - 1), space))
    return out


_COLUMNS = ListOf(Int(1, spaces), 0, spaces)  # staircase columns, counted from 1 as players do

DECLARATIONS = Declarations(
    moves={
        "place": MoveKind("seat", {"card": Str(), "museum": Int(0, lambda c: museums(c) - 1),
                                   "gallery": Int(0, GALLERIES - 1),
                                   "space": Int(0, lambda c: spaces(c) - 1)},
                          required=("card", "museum", "gallery", "space")),
        "cannot_play": MoveKind("seat"),
    },
    options={"staircases": OneOf((MapOf(Str(("T1", "T2")), _COLUMNS, 2),
                                  ListOf(_COLUMNS, TOKEN_ROWS, TOKEN_ROWS)))},
    regions=regions,
)
