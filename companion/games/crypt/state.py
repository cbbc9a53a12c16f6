"""Where a game of Crypt stands: immutable state, replaced by every move.

Seats 0..n-1 sit clockwise; in a solo game the ghost is an extra seat (seat 1) that the
engine plays itself. The engine knows face-up cards by payload and face-down cards by type
only: a card collected face down keeps an unknown value until someone identifies it.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
FACES = range(1, 7)


@dataclass(frozen=True)
class Slot:
    """One crypt card and the dice on it (all dice on a card belong to one player)."""

    type: str
    payload: str | None  # None while face down and unknown
    face_up: bool
    owner: int | None = None
    dice: int = 0
    effort: int = 0

    @property
    def total(self) -> int:
        return self.dice * self.effort


@dataclass(frozen=True)
class Owned:
    """A collected treasure. `flipped`: turned face up for a collector."""

    type: str
    payload: str | None
    flipped: bool = False


@dataclass(frozen=True)
class Roll:
    """One die that must be rolled in the collect phase."""

    owner: int
    card: int
    effort: int
    value: int | None = None
    failed: bool | None = None  # None until rolled


@dataclass(frozen=True)
class CryptState:
    players: int  # human players (1 = solo)
    seats: int  # seats at the table, the ghost included
    names: tuple[str, ...]
    colours: tuple[str, ...]  # die payload per seat
    collectors: tuple[tuple[str, str], ...]  # (type, side)
    phase: str  # reveal, claim, collect, before_scoring, final_reveal, tiebreak, over
    round: int
    leader: int
    turn: int  # index into the round's turn order
    row: tuple[Slot | None, ...]  # None: dealt slot still empty, or taken by Pottery B
    ready: tuple[int, ...]
    exhausted: tuple[int, ...]
    collections: tuple[tuple[Owned, ...], ...]
    seen: frozenset[str]  # payloads known to have left the deck
    dealt_by_type: tuple[int, ...]
    claims_started: bool = False
    pending: tuple[tuple[str, int, int], ...] = ()  # (die track, card, effort)
    pending_player: int | None = None
    rolls: tuple[Roll, ...] = ()
    # Idols B: the round in which each seat first held 2 idols (all who did so in the first
    # such round are "first", whatever the moment of that round)
    idol_pair_round: tuple[int | None, ...] = ()
    ghost_pushed: int = 0
    ghost_last: tuple[tuple[int, int, int], ...] = ()  # (card, dice, effort) just placed
    ghost_rolled: tuple[int, ...] = ()
    # push-offs this round, for the dashboard: (card, by seat, from seat, dice, beaten, effort)
    pushes: tuple[tuple[int, int, int, int, int, int], ...] = ()
    discarded: int = 0
    tied: tuple[int, ...] = ()
    tiebreak_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) this re-roll
    tiebreak_history: tuple[tuple[tuple[int, int], ...], ...] = ()
    tiebreak_winners: tuple[int, ...] = ()


# -- questions about a state that every part of the rules asks --------------------------------
def is_ghost(state: CryptState, seat: int) -> bool:
    """The solo ghost sits in seat 1."""
    return state.players == 1 and seat == 1


def next_roll(state: CryptState, card) -> int | None:
    """The first roll still due for a die on crypt card `card`."""
    for i, r in enumerate(state.rolls):
        if r.card == card and r.failed is None:
            return i
    return None


def unflipped(state: CryptState, seat: int, kind: str) -> list[int]:
    """Where in `seat`'s collection its cards of type `kind` still face down lie."""
    return [i for i, c in enumerate(state.collections[seat]) if c.type == kind and not c.flipped]
