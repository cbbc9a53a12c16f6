"""What the camera's events mean in Crypt.

A card appearing at crypt slot [i] during the reveal is `deal` (face down by its back). A
die (payload DIE<COLOUR>, owner by colour) settling on crypt card i with a read value is
`place_die`: the camera sees dice arrive one at a time, so each die is a step and the
turn's dice wait as "pending" (a die turned to another face or moved replaces its step; a
die lifted off is `remove_die`). The pending claim is checked as a whole (push-offs need
the sum) when the player ends the turn on the dashboard or when the next player acts; a die
that no further die could make strong enough is refused at once. A die read as None is
never guessed: the dashboard asks for it. A die moving from `exhausted{k}` to `player{k}`
on your turn is `recover`.

In the collect phase a die set in the `roll` area is a `roll` of the card it came from (else
of the owner's leftmost card still waiting); a die moved straight from a card to
`exhausted{k}` or `player{k}` is a roll entered as exhausted or not. A treasure seen face up
in `collection{k}` identifies one of that player's unknown cards of its type. Torch cards
and collector sides seen in the wrong place raise alerts.
"""

from __future__ import annotations

from typing import Mapping

from ...events import CardRemoved, PieceEvent, PieceOnTable
from ...model import Move
from ...validation import Context, Int, SlotShape
from ..base import Interpretation
from . import log, turns
from . import setup as box
from .setup import row_size
from .state import CryptState, is_ghost
from .words import WORDS, refuse

PIECE_KINDS = ("card", "token", "die")  # the servant dice are read by the camera too


def regions(ctx: Context) -> dict[str, SlotShape]:
    """The mat's regions for this player count (an event elsewhere is refused at the boundary)."""
    out = {"crypt": SlotShape((Int(0, row_size(ctx) - 1),)), "roll": SlotShape()}
    for seat in range(ctx.players):  # the ghost has no place on the mat
        for name in ("collection", "exhausted", "player"):
            out[f"{name}{seat}"] = SlotShape()
    return out


# -- table events to moves, or to alerts ------------------------------------------------------
def seat_of_colour(game, state: CryptState, payload: str) -> int | None:
    return state.colours.index(payload) if payload in state.colours else None


def region_index(region: str | None, prefix: str) -> int | None:
    if not region or not region.startswith(prefix):
        return None
    try:
        return int(region[len(prefix) :])
    except ValueError:
        return None


def crypt_slot(where) -> int | None:
    if where is None or where.region != "crypt" or not where.slot:
        return None
    try:
        return int(where.slot[0])
    except (TypeError, ValueError):
        return None


def interpret(
    game, state: CryptState, event: PieceEvent, table: Mapping[str, PieceOnTable]
) -> Interpretation:
    if event.kind == "die":
        return interpret_die(game, state, event, table)
    piece = game.catalogue.piece(event.payload)
    if isinstance(event, CardRemoved):
        return Interpretation()
    role = piece.face.get("role") if piece.kind == "card" else "back"
    if role == "collector":
        kind, side = piece.face["type"], piece.face["side"]
        if box.side(game, state, kind) != side:
            t = log.type_name(game, kind)
            return Interpretation(
                violations=(
                    refuse(
                        "collector_side_differs",
                        [event.payload],
                        kind=t,
                        side=side,
                        set_side=box.side(game, state, kind),
                    ),
                )
            )
        return Interpretation()
    if role == "torch":
        return interpret_torch(game, state, event, piece.face["torch"])
    index = crypt_slot(event.where)
    if (
        index is not None
        and state.phase == "reveal"
        and 0 <= index < len(state.row)
        and state.row[index] is None
    ):
        if role == "back":
            return Interpretation(move=Move("deal", None, {"back": event.payload, "index": index}))
        return Interpretation(move=Move("deal", None, {"card": event.payload, "index": index}))
    seat = region_index(event.where.region, "collection")
    if seat is not None and role == "treasure" and seat < state.players:
        kind = piece.face["type"]
        coll = state.collections[seat]
        if any(o.payload == event.payload for o in coll):
            return Interpretation()
        if any(o.payload is None and o.type == kind for o in coll):
            return Interpretation(move=Move("identify", seat, {"card": event.payload}))
    return Interpretation()


def interpret_torch(game, state: CryptState, event, torch: str) -> Interpretation:
    seat = region_index(event.where.region, "player")
    if seat is None or state.phase in ("over", "final_reveal", "tiebreak"):
        return Interpretation()
    holder = state.leader if torch == "leader" else turns.lights_out(game, state)
    if seat == holder:
        return Interpretation()
    name = WORDS("name.torch.leader" if torch == "leader" else "name.torch.lights_out")
    return Interpretation(
        violations=(
            refuse(
                "torch_misplaced",
                [event.payload],
                f"player{holder}",
                torch=name,
                holder=state.names[holder],
            ),
        )
    )


def interpret_die(game, state: CryptState, event, table) -> Interpretation:
    seat = seat_of_colour(game, state, event.payload)
    if seat is None:
        return Interpretation(
            violations=(refuse("unknown_die", [event.payload], die=event.payload),)
        )
    die = event.track_id
    if isinstance(event, CardRemoved):
        if die in {p[0] for p in state.pending}:
            return Interpretation(move=Move("remove_die", seat, {"die": die}))
        return Interpretation()
    before = table.get(die)
    previous = before.where if before is not None else getattr(event, "previous", None)
    if state.phase == "claim":
        return claim_die(game, state, event, seat, previous)
    if state.phase == "collect":
        return rolled_die(game, state, event, seat, previous)
    return Interpretation()


def claim_die(game, state: CryptState, event, seat: int, previous) -> Interpretation:
    """A die in the claim phase: set on a crypt card, taken back, or recovered."""
    if is_ghost(state, seat):
        return ghost_die_note(game, state, crypt_slot(event.where))
    die, target, came_from = event.track_id, crypt_slot(event.where), crypt_slot(previous)
    pending = {p[0] for p in state.pending}
    if target is not None:
        slot = state.row[target] if 0 <= target < len(state.row) else None
        if die not in pending and slot is not None and slot.owner == seat and came_from == target:
            return Interpretation()  # a die already claimed there, seen again
        if event.value is None:
            return Interpretation(note=WORDS("camera.die_unread"))
        return Interpretation(
            move=Move("place_die", seat, {"die": die, "card": target, "effort": event.value})
        )
    if die in pending:
        return Interpretation(move=Move("remove_die", seat, {"die": die}))
    if (
        (event.where.region or "") == f"player{seat}"
        and previous is not None
        and previous.region == f"exhausted{seat}"
        and state.exhausted[seat]
    ):
        return Interpretation(move=Move("recover", seat))
    if came_from is not None:
        return Interpretation(note=WORDS("camera.pushed_off", name=state.names[seat]))
    return Interpretation()


def rolled_die(game, state: CryptState, event, seat: int, previous) -> Interpretation:
    """A die in the collect phase: rolled in the roll area, or moved straight from its card
    to the owner's exhausted area or back to their player card."""
    due = [r for r in state.rolls if r.owner == seat and r.failed is None]
    if not due:
        return Interpretation()
    came_from = crypt_slot(previous)
    card = came_from if came_from is not None and any(r.card == came_from for r in due) else None
    card = due[0].card if card is None else card
    region = event.where.region or ""
    if region == "roll":
        if event.value is None:
            return Interpretation(note=WORDS("camera.roll_unread"))
        return Interpretation(move=Move("roll", seat, {"card": card, "value": event.value}))
    if region == f"exhausted{seat}" and came_from is not None:
        return Interpretation(move=Move("roll", seat, {"card": card, "exhausted": True}))
    if region == f"player{seat}" and came_from is not None:
        return Interpretation(move=Move("roll", seat, {"card": card, "exhausted": False}))
    return Interpretation()


def ghost_die_note(game, state: CryptState, target: int | None) -> Interpretation:
    if target is None:
        return Interpretation()
    slot = state.row[target] if 0 <= target < len(state.row) else None
    if slot is not None and slot.owner == 1:
        return Interpretation()
    return Interpretation(violations=(refuse("ghost_die_misplaced", region="crypt"),))
