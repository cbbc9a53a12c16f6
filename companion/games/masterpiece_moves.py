"""Masterpiece: the fields of every move, set-up option and table region (see
companion.validation)."""

from ..validation import (Context, Declarations, Int, ListOf, MoveKind, Optional, Seat,
                          SlotShape, Str)

MAX_AMOUNT_K = 1_000_000  # a bid in thousands: $1 billion is beyond any table's money


def ring_spaces(ctx: Context) -> int:
    return len(ctx.game.spaces)


def regions(ctx: Context) -> dict[str, SlotShape]:
    out = {"ring": SlotShape((Int(0, ring_spaces(ctx) - 1),)), "easel": SlotShape((Int(0, 0),)),
           "roll": SlotShape()}
    out.update({f"player{seat}": SlotShape() for seat in range(ctx.players)})
    return out


PAINTING = Str()
AMOUNT = Int(0, MAX_AMOUNT_K)
ONLY_SEAT = MoveKind("seat")

DECLARATIONS = Declarations(
    moves={
        "deal": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "place_pawn": MoveKind("seat", {"space": Int(0, lambda c: ring_spaces(c) - 1)},
                               required=("space",)),
        "start": ONLY_SEAT,
        "draw_value": MoveKind("seat", {"card": Str(), "painting": Optional(PAINTING)},
                               required=("card",)),
        "roll": MoveKind("seat", {"value": Int(1, 6)}, required=("value",)),
        "easel": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "pick": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "bid": MoveKind("seat", {"amount_k": AMOUNT}, required=("amount_k",)),
        "overbid": MoveKind("seat", {"amount_k": AMOUNT}, required=("amount_k",)),
        "tie": MoveKind("none", {"players": ListOf(Seat(), 2, lambda c: c.players, distinct=True),
                                 "amount_k": AMOUNT}, required=("players", "amount_k")),
        "hammer": ONLY_SEAT,
        "no_sale": ONLY_SEAT,
        "take_cash": ONLY_SEAT,
        "take_value": ONLY_SEAT,
        "inherit": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "buy": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "sell": MoveKind("seat", {"painting": PAINTING}, required=("painting",)),
        "pass": ONLY_SEAT,
    },
    options={"banker": Seat(),
             "pawns": ListOf(Int(0, lambda c: ring_spaces(c) - 1), lambda c: c.players,
                             lambda c: c.players)},
    regions=regions,
    piece_kinds=("card", "token", "die"),
)
