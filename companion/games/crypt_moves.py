"""Crypt: the fields of every move, set-up option and table region (see companion.validation)."""

from ..validation import (Bool, Context, Declarations, Fields, Int, ListOf, MapOf, MoveKind,
                          Optional, Seat, SlotShape, Str)

TYPES = ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
MAX_DICE = 12  # dice rolled at once (a player's or the ghost's): far above any real count


def seats(ctx: Context) -> int:
    """Seats at the table: a solo player sits with the ghost."""
    return 2 if ctx.players == 1 else ctx.players


def row_size(ctx: Context) -> int:
    data = ctx.game._setup(ctx.players)
    return data.face_up + data.face_down


def regions(ctx: Context) -> dict[str, SlotShape]:
    out = {"crypt": SlotShape((Int(0, row_size(ctx) - 1),)), "roll": SlotShape()}
    for seat in range(ctx.players):  # the ghost has no place on the mat
        for name in ("collection", "exhausted", "player"):
            out[f"{name}{seat}"] = SlotShape()
    return out


CRYPT_PLACE = Int(0, lambda c: row_size(c) - 1)
FACE = Int(1, 6)
ROLLS = ListOf(FACE, 1, MAX_DICE)
FLIPPED = {"card": Str(), "cards": ListOf(Str(), 1, 6)}  # collector cards turned over
TO_FLIP = ("card", "cards")

DECLARATIONS = Declarations(
    moves={
        "deal": MoveKind("none", {"card": Optional(Str()), "back": Optional(Str()),
                                  "index": Optional(CRYPT_PLACE)}, one_of=("card", "back")),
        "claim": MoveKind("seat", {"placements": ListOf(
            Fields({"card": CRYPT_PLACE, "dice": Int(1, lambda c: c.game.data.dice_per_player),
                    "effort": FACE}, required=("card", "dice", "effort")),
            1, lambda c: c.game.data.dice_per_player)}, required=("placements",)),
        "recover": MoveKind("seat"),
        "place_die": MoveKind("seat", {"die": Str(), "card": CRYPT_PLACE, "effort": Optional(FACE)},
                              required=("die", "card")),
        "remove_die": MoveKind("seat", {"die": Str()}, required=("die",)),
        "end_turn": MoveKind("any"),
        "ghost_roll": MoveKind("none", {"values": ROLLS}, required=("values",)),
        "roll": MoveKind("seat", {"card": CRYPT_PLACE, "value": Optional(FACE),
                                  "exhausted": Optional(Bool())}, required=("card",)),
        "end_collect": MoveKind("any"),
        "reroll": MoveKind("seat", {"roll": Int(0, 100), "value": Optional(FACE),
                                    "exhausted": Optional(Bool()), **FLIPPED}, required=("roll",),
                           one_of=TO_FLIP),
        "peek": MoveKind("seat", dict(FLIPPED), one_of=TO_FLIP),
        "take": MoveKind("seat", {"index": CRYPT_PLACE, **FLIPPED}, required=("index",),
                         one_of=TO_FLIP),
        "recover_one": MoveKind("seat", dict(FLIPPED), one_of=TO_FLIP),
        "identify": MoveKind("seat", {"card": Str()}, required=("card",)),
        "score_game": MoveKind("any"),  # the table agrees the game is scored now
        "tiebreak_roll": MoveKind("seat", {"values": ROLLS}, required=("values",)),
    },
    options={"collectors": MapOf(Str(TYPES), Str(("A", "B")), len(TYPES)),
             "colours": ListOf(Str(lambda c: tuple(k.key for k in c.game.data.colours)),
                               seats, seats, distinct=True),
             "leader": Seat()},
    regions=regions,
    piece_kinds=("card", "token", "die"),
)
