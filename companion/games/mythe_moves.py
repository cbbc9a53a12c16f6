"""Mythe: the fields of every move, set-up option and table region (see companion.validation)."""

from ..validation import (Bool, Const, Context, Declarations, Int, ListOf, MapOf, MoveKind,
                          OneOf, Optional, Seat, SlotShape, Str)

DUMMY = "dummy"  # the extra deck of a 2-player game


def path_spaces(ctx: Context) -> int:
    return len(ctx.game.data.path.spaces)


def deck_size(ctx: Context) -> int:
    return len(ctx.game.deck(ctx.players))


def regions(ctx: Context) -> dict[str, SlotShape]:
    return {"path": SlotShape((Int(0, path_spaces(ctx) - 1),)), "adventure": SlotShape(),
            "reveal": SlotShape((Int(0, 0),))}


def _share_targets(ctx: Context) -> tuple[str, ...]:
    return tuple(str(seat) for seat in range(ctx.players)) + (DUMMY,)


CARDS = Int(0, deck_size)
HANDS = ListOf(CARDS, lambda c: c.players, lambda c: c.players)

DECLARATIONS = Declarations(
    moves={
        "reveal": MoveKind("seat", {"card": Str()}, required=("card",)),
        "draw": MoveKind("seat", {"card": Str(), "from": Optional(OneOf((Seat(), Const(DUMMY))))},
                         required=("card",)),
        "stop": MoveKind("seat"),
        "move": MoveKind("seat", {"to": Int(0, lambda c: path_spaces(c) - 1)}, required=("to",)),
        "share": MoveKind("seat", {"give": MapOf(Str(_share_targets), CARDS, 16),
                                   "hands": HANDS, "dummy": CARDS}),
    },
    options={"share_only_drawn": Bool(),
             "heroes": ListOf(Str(lambda c: c.game.hero_colours), lambda c: c.players,
                              lambda c: c.players, distinct=True),
             "hands": ListOf(Int(1, deck_size), lambda c: c.players, lambda c: c.players),
             "dummy": CARDS},
    regions=regions,
)
