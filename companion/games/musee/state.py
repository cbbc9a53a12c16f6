"""Where a game of Musée stands: the museums, the staircases, hands, deck and turn.

The engine never sees a hand: it knows which paintings are on the table, how many cards each
player holds and how many are left in the deck. Everything here is a pure function of the state.
"""

from __future__ import annotations

from dataclasses import dataclass

GALLERY_COUNT = 3  # lower, middle and upper gallery of every museum
TOKEN_ROWS = 2  # the staircase / chandelier token rows T1 and T2, between the galleries

Grid = tuple[tuple[int | None, ...], ...]  # [gallery][space] -> painting number or None
Location = tuple[int, int, int]  # museum, gallery, space


@dataclass(frozen=True)
class MuseeState:
    players: int
    names: tuple[str, ...]
    teams: bool
    museums: tuple[Grid, ...]
    staircases: tuple[frozenset[int], frozenset[int]]  # 0-based columns in T1 and T2
    turn: int  # seat whose turn it is
    hands: tuple[int, ...]  # cards in each hand (counts only: hands are hidden)
    deck: int  # cards left in the draw deck
    declared: frozenset[int]  # seats that said "I cannot play"
    bonuses: tuple[int | None, ...]  # per gallery: the museum that took its bonus
    placed: tuple[tuple[int, int], ...]  # (seat, number) in the order they were placed
    finished: bool = False


# -- museums and their owners -------------------------------------------------------------------
def museum_of(state: MuseeState, seat: int) -> int:
    """Each player has a museum; with 4 players, partners (seats 0+2, 1+3) share one."""
    return seat % 2 if state.teams else seat


def seats_of_museum(state: MuseeState, museum: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.players) if museum_of(state, s) == museum)


def owners(state: MuseeState, museum: int) -> str:
    return " & ".join(state.names[s] for s in seats_of_museum(state, museum))


def partner(state: MuseeState, seat: int) -> int | None:
    return (seat + 2) % 4 if state.teams else None


def side_id(state: MuseeState, museum: int) -> str:
    """The id a museum's side scores under: a team in the 4-player game, else a player."""
    return f"team{museum}" if state.teams else f"p{museum}"


def seat_name(state: MuseeState, seat: int) -> str:
    return state.names[seat]


# -- paintings on the walls ---------------------------------------------------------------------
def museum_full(grid: Grid) -> bool:
    return all(n is not None for row in grid for n in row)


def placed_numbers(state: MuseeState) -> set[int]:
    return {n for _, n in state.placed}


def placed_location(state: MuseeState, number: int) -> Location | None:
    for museum, grid in enumerate(state.museums):
        for gallery, row in enumerate(grid):
            if number in row:
                return museum, gallery, row.index(number)
    return None


def allowed_range(row: tuple[int | None, ...], space: int) -> tuple[int, int]:
    """Numbers a space can take: above every painting to its left, below every one to its right."""
    left = [n for n in row[:space] if n is not None]
    right = [n for n in row[space + 1 :] if n is not None]
    return (max(left) + 1 if left else 1, min(right) - 1 if right else 10**6)
