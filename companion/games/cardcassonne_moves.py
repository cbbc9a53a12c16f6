"""Cardcassonne: the fields of every move, set-up option and table region (see
companion.validation)."""

from ..validation import (Bool, Context, Declarations, Int, ListOf, MoveKind, Optional, Seat,
                          SlotShape, Str)

MAT_ROW_SLOTS = 14  # places per row printed on the mat


def row_colours(ctx: Context) -> tuple[str, ...]:
    return ctx.game.row_colours


def last_position(ctx: Context) -> int:
    """No row can be longer than every card and follower of the game in one line."""
    return len(ctx.game.catalogue.pieces) - 1


def regions(ctx: Context) -> dict[str, SlotShape]:
    out = {f"row-{colour}": SlotShape((Int(0, MAT_ROW_SLOTS - 1),)) for colour in row_colours(ctx)}
    out["deck"] = SlotShape((Int(0, 0),))
    out.update({f"player{seat}": SlotShape() for seat in range(ctx.players)})
    return out


ROW = Str(row_colours)
POSITION = Int(0, last_position)

DECLARATIONS = Declarations(
    moves={
        # the dealer turns up the starting cards; the seat may be left out
        "reveal": MoveKind("any", {"card": Str(), "row": ROW, "position": Optional(POSITION)},
                           required=("card",)),
        "play_card": MoveKind("seat", {"card": Optional(Str()), "row": ROW, "face_down": Bool(),
                                       "position": Optional(POSITION)}, required=("row",)),
        "place_follower": MoveKind("seat", {"row": ROW, "position": Optional(POSITION)},
                                   required=("row",)),
        "reveal_face_down": MoveKind("seat", {"row": ROW, "position": POSITION, "card": Str()},
                                     required=("row", "position", "card")),
        "choose": MoveKind("seat", {"row": ROW, "position": POSITION,
                                    "option": Str(("score", "keep"))},
                           required=("row", "position", "option")),
    },
    options={"dealer": Seat(),
             "colours": ListOf(Str(lambda c: tuple(c.game._follower_of_colour)),
                               lambda c: c.players, lambda c: c.players, distinct=True)},
    regions=regions,
)
