"""Where a game of Mythe stands: the frozen state, the phases of a turn, and pure helpers
over it (adventure points, whose hands may be drawn from, where the points take a hero).

Hands are secret, so the state knows only how many cards each hand holds. It sees the cards
drawn this turn (face up in the "adventure" area) and a revealed legendary card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import Text
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe

DUMMY = "dummy"  # the extra deck of a 2-player game

# Phases of a turn.
START = "start"  # nothing drawn yet: a legendary card may still be revealed
ADVENTURE = "adventure"  # drawing cards
MOVE = "move"  # stopped drawing: the hero must move to `destination`
SHARE = "share"  # moved, or stopped by an obstacle: give cards, then the turn passes
OVER = "over"

Source = int | str | None  # a seat, "dummy", or None when nobody said whose hand it was


@dataclass(frozen=True)
class Draw:
    card: str
    source: Source


@dataclass(frozen=True)
class MytheState:
    players: int
    names: tuple[str, ...]
    heroes: tuple[str, ...]  # hero colour of each seat
    positions: tuple[int, ...]  # path index of each hero (0 = Village)
    hands: tuple[int, ...]  # cards in each hand (counts only: hands are secret)
    dummy: int | None  # cards in the 2-player dummy deck; None without one
    share_only_drawn: bool  # variant: only cards drawn this turn may be given
    turn: int  # active seat
    turn_number: int  # 1 for the first turn of the game
    phase: str
    draws: tuple[Draw, ...] = ()  # cards drawn this turn, in order
    revealed: str | None = None  # legendary card shown at the start of this turn
    obstacle: str | None = None  # the obstacle that ended this turn's adventure
    destination: int | None = None  # where the hero must stop (phase MOVE)
    stayed: bool = False  # this turn's cards could not move the hero at all
    winner: int | None = None


@dataclass(frozen=True)
class Plan:
    """Where adventure points take a hero, step by step, and why it stops there."""

    start: int
    stop: int
    points: int
    lost: int  # points that could not be spent
    passed: tuple[int, ...]  # occupied spaces jumped over for free
    blocked_by_dragon: bool  # the hero could have gone on, but has no legendary card
    reaches_dragon: bool


@dataclass(frozen=True)
class Card:
    payload: str
    card: str  # catalogue card id, shared by copies
    type: str  # "number", "legendary" or "obstacle"
    value: int
    name: Text


# -- the adventure of this turn ----------------------------------------------------------------
def points(game: "Mythe", state: MytheState) -> int:
    """Adventure points of this turn: the drawn cards' numbers (never the revealed card)."""
    return sum(game.cards[d.card].value for d in state.draws)


def sources(game: "Mythe", state: MytheState) -> tuple[Source, ...]:
    """Hands the active player may draw from, as far as the counts tell."""
    seats = tuple(s for s in range(state.players) if s != state.turn and state.hands[s] > 0)
    return seats + ((DUMMY,) if state.dummy else ())


def unattributed(game: "Mythe", state: MytheState) -> int:
    return sum(1 for d in state.draws if d.source is None)


def cards_left_to_draw(game: "Mythe", state: MytheState) -> int:
    others = sum(h for s, h in enumerate(state.hands) if s != state.turn)
    return others + (state.dummy or 0) - unattributed(game, state)


def on_table(game: "Mythe", state: MytheState) -> set[str]:
    shown = {d.card for d in state.draws}
    if state.revealed:
        shown.add(state.revealed)
    return shown


# -- the path ------------------------------------------------------------------------------------
def occupied(game: "Mythe", state: MytheState, space: int, seat: int) -> bool:
    """A path space holds one hero; the Village holds any number."""
    return space != 0 and any(p == space for s, p in enumerate(state.positions) if s != seat)


def plan(
    game: "Mythe", state: MytheState, seat: int | None = None, points_: int | None = None
) -> Plan:
    """Spend every point forward: enter each space at its cost, jump over heroes for free,
    stop at the last space that can be reached; the dragon only with a revealed card."""
    seat = state.turn if seat is None else seat
    total = points(game, state) if points_ is None else points_
    start = stop = state.positions[seat]
    remaining = total
    blocked = reaches = False
    for space in range(start + 1, game.dragon + 1):
        if space == game.dragon and state.revealed is None:
            blocked = True
            break
        if occupied(game, state, space, seat):
            continue
        if game.costs[space] > remaining:
            break
        remaining -= game.costs[space]
        stop = space
        if space == game.dragon:
            reaches = True
            break
    passed = tuple(s for s in range(start + 1, stop) if occupied(game, state, s, seat))
    return Plan(start, stop, total, 0 if reaches else remaining, passed, blocked, reaches)


# -- names of things -----------------------------------------------------------------------------
def legendary_name(game: "Mythe", payload: str) -> Text:
    return WORDS(f"legendary.{game.catalogue.piece(payload).face['legendary']}")


def space_label(game: "Mythe", space: int) -> Text:
    name = game.space_names[space]
    if space == 0:
        return WORDS("space.village", name=name)
    return WORDS("space.numbered", name=name, space=space)


def hero_label(game: "Mythe", state: MytheState, seat: int) -> Text:
    token = game.hero_token[state.heroes[seat]]
    return WORDS("hero", player=state.names[seat], token=Text(token.name.en.lower(), token.name.zh))


def seat_name(state: MytheState, seat: int) -> str:
    return state.names[seat]


def card_name(game: "Mythe", payload: str) -> Text | None:
    """The card's name, or None for a code that is no Mythe card."""
    card = game.cards.get(payload)
    return None if card is None else card.name


def hand_name(state: MytheState, source: int | str) -> Text:
    """A hand cards come from or go to: a seat (int, or its number as a share key) or the
    2-player extra deck."""
    if source == DUMMY:
        return WORDS("extra_deck")
    name = state.names[int(source)]
    return Text(name, name)


# -- the dashboard's view ------------------------------------------------------------------------
def describe(game: "Mythe", state: MytheState) -> dict:
    route = plan(game, state) if state.phase in (ADVENTURE, MOVE) else None
    return {
        "kind": "mythe",
        "turn": None if state.phase == OVER else state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "path": [
            {
                "index": i,
                "name": n.to_dict(),
                "cost": game.costs[i] if 0 < i <= game.dragon else None,
                "kind": game.data.path.spaces[i].kind,
            }
            for i, n in enumerate(game.space_names)
        ],
        "heroes": [
            {
                "seat": s,
                "name": state.names[s],
                "colour": state.heroes[s],
                "token": game.hero_token[state.heroes[s]].payload,
                "space": state.positions[s],
                "space_name": game.space_names[state.positions[s]].to_dict(),
            }
            for s in range(state.players)
        ],
        "hands": list(state.hands),
        "dummy": state.dummy,
        "unattributed_draws": unattributed(game, state),
        "drawn": [
            {
                "card": d.card,
                "type": game.cards[d.card].type,
                "value": game.cards[d.card].value,
                "from": d.source,
            }
            for d in state.draws
        ],
        "points": points(game, state),
        "revealed": state.revealed,
        "obstacle": state.obstacle,
        "destination": route.stop if route else state.destination,
        "lost_points": route.lost if route else None,
        "winner": state.winner,
        "share_only_drawn": state.share_only_drawn,
        "unverified": game.data.path.unverified or game.data.deck.unverified,
    }
