"""Musée moves, each kind's fields, check, effect and log sentence side by side.

- ``place``       {card, museum, gallery, space}: hang a painting in an empty space of your
                  museum, numbers rising from left to right in every gallery.
- ``cannot_play`` {}: the player declares they cannot place any card; they stop for good.

Whose turn it is is checked before either check runs (turns.check_turn): ``place`` may come
from the partner standing in (turn="current"), ``cannot_play`` only from the player whose
turn it is (turn="turn").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...model import Move, Text, Violation
from ...validation import Int, Str
from ..moves import MoveBook, MoveRule
from .setup import cards_in_use, museums, spaces
from .state import GALLERY_COUNT, MuseeState, museum_of, owners, seat_name
from .turns import advance
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Musee


# -- place --------------------------------------------------------------------------------------
def check_place(game: "Musee", state: MuseeState, move: Move) -> tuple[Violation, ...]:
    seat, payload = move.player, move["card"]
    number = game.number_of(payload)
    if number is None:
        return (WORDS.refusal("unknown_card", payload=payload, cards=(payload,)),)
    problem = _card_problem(game, state, seat, number, payload)
    if problem is None:
        problem = _space_problem(game, state, seat, number, move)
    return (problem,) if problem is not None else ()


def _card_problem(
    game: "Musee", state: MuseeState, seat: int, number: int, payload: str
) -> Violation | None:
    """The painting itself: used at this player count, not hung yet, and a card in hand."""
    used = cards_in_use(game, state.players)
    if number not in used:
        return WORDS.refusal(
            "card_not_in_game",
            number=number,
            players=state.players,
            first=used.start,
            last=used.stop - 1,
            cards=(payload,),
        )
    if any(n == number for _, n in state.placed):
        return WORDS.refusal("card_already_placed", number=number, cards=(payload,))
    if state.hands[seat] == 0:
        return WORDS.refusal("hand_empty", name=state.names[seat], cards=(payload,))
    return None


def _space_problem(
    game: "Musee", state: MuseeState, seat: int, number: int, move: Move
) -> Violation | None:
    """The space (in range, as declared): in the player's own museum, empty, and keeping
    numbers rising."""
    payload = move["card"]
    museum, gallery, space = move["museum"], move["gallery"], move["space"]
    region = f"museum{museum}"
    if museum != museum_of(state, seat):
        return WORDS.refusal(
            "wrong_museum",
            name=state.names[seat],
            cards=(payload,),
            region=region,
            museum=WORDS("museum_of", owners=owners(state, museum)),
        )
    row, gallery_name = state.museums[museum][gallery], game.gallery_name(gallery)
    if row[space] is not None:
        other = row[space]
        return WORDS.refusal(
            "space_occupied",
            gallery=gallery_name,
            other=other,
            cards=(payload, game.payload(other)),
            region=region,
        )
    higher_left = [n for n in row[:space] if n is not None and n > number]
    lower_right = [n for n in row[space + 1 :] if n is not None and n < number]
    if higher_left or lower_right:
        key, blocker = (
            ("rise_after_higher", max(higher_left))
            if higher_left
            else ("rise_before_lower", min(lower_right))
        )
        return WORDS.refusal(
            "numbers_must_rise",
            key,
            number=number,
            blocker=blocker,
            gallery=gallery_name,
            cards=(payload, game.payload(blocker)),
            region=region,
        )
    return None


def hang_painting(game: "Musee", state: MuseeState, move: Move) -> MuseeState:
    """The painting goes up; the first museum to fill a gallery takes its bonus card; the
    player draws while the deck lasts; the turn passes on."""
    seat, number = move.player, game.number_of(move["card"])
    museum, gallery, space = move["museum"], move["gallery"], move["space"]
    grid = [list(row) for row in state.museums[museum]]
    grid[gallery][space] = number
    museums_now = list(state.museums)
    museums_now[museum] = tuple(tuple(row) for row in grid)
    bonuses = list(state.bonuses)
    if bonuses[gallery] is None and all(n is not None for n in grid[gallery]):
        bonuses[gallery] = museum  # first to fill this gallery takes its bonus card
    hands, deck = list(state.hands), state.deck
    hands[seat] -= 1
    if deck > game._setup_data(state.players).stop_drawing_at:
        hands[seat] += 1
        deck -= 1
    placed = replace(
        state,
        museums=tuple(museums_now),
        bonuses=tuple(bonuses),
        hands=tuple(hands),
        deck=deck,
        placed=state.placed + ((seat, number),),
    )
    return advance(placed)


def say_place(game: "Musee", state: MuseeState, move: Move) -> Text | None:
    gallery, space = move["gallery"], move["space"]
    number = game.number_of(move["card"])
    if number is None:
        return None
    return WORDS(
        "log_place",
        name=seat_name(state, move.player),
        number=number,
        theme=game.theme_label(game.theme(number)),
        gallery=game.gallery_name(gallery),
        space=space + 1,
    )


PLACE = MoveRule(
    name="place",
    player="seat",
    turn="current",
    fields={
        "card": Str(),
        "museum": Int(0, lambda c: museums(c) - 1),
        "gallery": Int(0, GALLERY_COUNT - 1),
        "space": Int(0, lambda c: spaces(c) - 1),
    },
    required=("card", "museum", "gallery", "space"),
    check=check_place,
    effect=hang_painting,
    describe=say_place,
)


# -- cannot_play --------------------------------------------------------------------------------
def stop_playing(game: "Musee", state: MuseeState, move: Move) -> MuseeState:
    return advance(replace(state, declared=state.declared | {move.player}))


CANNOT_PLAY = MoveRule(
    name="cannot_play",
    player="seat",
    turn="turn",
    check=lambda game, state, move: (),  # whose turn it is is the only rule
    effect=stop_playing,
    describe=lambda game, state, move: WORDS("log_cannot_play", name=seat_name(state, move.player)),
)


MOVES = MoveBook(PLACE, CANNOT_PLAY)
