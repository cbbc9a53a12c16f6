"""Where a game of Cardcassonne stands: immutable state, replaced by every move, the small
questions every rule asks of it, and its JSON view.

The engine knows only what the table shows. Hands are hidden; a face-up card is known by its
payload; a face-down card is a card back until the player who claimed it turns it up at
round scoring. ``position`` counts from the scoring board (0 = next to it), as the camera does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...model import ScoreLine

BACK = "CCBACK"
JOKERS = ("dragon", "fairy", "animal_joker", "building_joker")


@dataclass(frozen=True)
class Slot:
    """One position of a row: a card (face up, or face down and unknown) or a large follower."""

    kind: str  # "card" or "follower"
    card: str | None = None  # payload; None for a face-down card nobody has turned up yet
    face_down: bool = False
    seat: int | None = None  # who played the card (None at set-up) or whose follower it is


@dataclass(frozen=True)
class Claim:
    """A card a follower took at round end, waiting to be turned up or decided on."""

    seat: int
    row: str
    position: int
    card: str | None  # None until a face-down card is turned up
    face_down: bool
    choice: str | None = None  # "score" or "keep", for a non-matching animal or building


@dataclass(frozen=True)
class Holdings:
    """What a player keeps between rounds and every point they scored so far."""

    animals: tuple[tuple[str, str], ...] = ()  # (payload, colour of the collection it joined)
    chest: tuple[str, ...] = ()  # buildings and building jokers, face down until the end
    lines: tuple[ScoreLine, ...] = ()


@dataclass(frozen=True)
class CardcassonneState:
    players: int
    names: tuple[str, ...]
    colours: tuple[str, ...]  # each seat's player colour (which follower token is theirs)
    hand: int
    rounds: int
    phase: str  # "setup", "play", "scoring" or "over"
    round: int  # 1-based; 0 during set-up
    dealer: int
    turn: int
    rows: tuple[tuple[Slot, ...], ...]  # in board order: yellow, red, green, blue
    played: tuple[int, ...]  # cards each seat played this round
    face_down_played: tuple[bool, ...]
    follower_row: tuple[str | None, ...]  # where each seat's follower stands this round
    last_follower: int | None  # who placed the last follower this round (deals next)
    claims: tuple[Claim, ...]  # during round scoring
    holdings: tuple[Holdings, ...]
    seen: frozenset[str]  # every payload whose face the table has shown
    round_points: tuple[tuple[int, ...], ...] = ()  # per scored round, points per seat
    final_points: tuple[int, ...] | None = None


def replaced_at(values: tuple, index: int, value) -> tuple:
    """`values` with the item at `index` replaced (states are immutable tuples)."""
    return values[:index] + (value,) + values[index + 1 :]


# -- The small questions the rules ask of a state. --------------------------------------------
def face(game, payload: str) -> Mapping:
    """What a card shows (its type, colour, animals...), from the catalogue."""
    return game._faces[payload]


def row_index(game, colour) -> int | None:
    return game.row_colours.index(colour) if colour in game.row_colours else None


def row(game, state: CardcassonneState, colour: str) -> tuple[Slot, ...]:
    return state.rows[game.row_colours.index(colour)]


def unseen(game, state: CardcassonneState) -> tuple[str, ...]:
    """Cards whose face the table has not shown yet (in hands, face down, or never dealt)."""
    return tuple(p for p in game._all_cards if p not in state.seen)


def revealed_setup_cards(game, state: CardcassonneState) -> int:
    return sum(1 for row in state.rows for s in row if s.kind == "card" and s.seat is None)


def matches(game, payload: str, row: str) -> bool:
    """A card matches the row it was taken from when it is that colour; jokers match any row."""
    shown = face(game, payload)
    return shown["type"] in JOKERS or shown.get("colour") == row


def needs_choice(game, claim: Claim) -> bool:
    return (
        claim.card is not None
        and face(game, claim.card)["type"] in ("animal", "building")
        and not matches(game, claim.card, claim.row)
    )


def pending(game, state: CardcassonneState) -> tuple[Claim, ...]:
    """Claims still waiting for a turn-up or a choice, in seat then row order."""
    return tuple(
        c for c in state.claims if c.card is None or (needs_choice(game, c) and c.choice is None)
    )


def claims_now(game, state: CardcassonneState) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
    """(seat, row, positions of the cards its follower takes), if the round ended now."""
    found = []
    for colour, row in zip(game.row_colours, state.rows):
        start = 0
        for position, slot in enumerate(row):
            if slot.kind == "follower":
                cards = tuple(p for p in range(start, position) if row[p].kind == "card")
                found.append((slot.seat, colour, cards))
                start = position + 1
    return tuple(found)


def actions_left(game, state: CardcassonneState, seat: int) -> int:
    return state.hand - state.played[seat] + (state.follower_row[seat] is None)


def free_follower_rows(game, state: CardcassonneState) -> tuple[str, ...]:
    """Rows whose right-hand end no follower holds yet (followers never share a place)."""
    return tuple(
        colour
        for colour, row in zip(game.row_colours, state.rows)
        if not row or row[-1].kind != "follower"
    )


def slot_payload(game, state: CardcassonneState, slot: Slot) -> str:
    """The payload the table shows in a row place (a card back for an unknown card)."""
    if slot.kind == "follower":
        return game._follower_of_colour[state.colours[slot.seat]]
    return BACK if slot.face_down and slot.card is None else slot.card


def find_claim(game, state: CardcassonneState, row, position) -> Claim | None:
    for claim in state.claims:
        if claim.row == row and claim.position == position:
            return claim
    return None
