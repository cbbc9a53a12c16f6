"""Set-up and value cards: each painting dealt from the banker, pawns placed, the start,
and a value card drawn to go face down under a painting.

Moves: `deal` {painting} to the next seat from the banker; `place_pawn` {space}; `start`
(player = the seat that rolled highest); `draw_value` {card, painting?}: the value card owed
now (`painting` only when the player chooses where it goes, on a "collect" space).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Int, Optional, Str
from ..moves import MoveRule
from . import log, payments, turns
from .setup import PAINTING, ring_spaces
from .state import Holding, MasterpieceState, draw_pile, next_deal_seat
from .words import WORDS, refuse


# -- Checks and effects of the set-up moves and of drawing a value card, side by side. --------
def check_deal(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    if state.dealt >= state.players:
        return (refuse("already_dealt"),)
    problems = turns.check_actor(game, state, move, next_deal_seat(game, state))
    if problems:
        who = state.names[next_deal_seat(game, state)]
        return (refuse("wrong_deal_order", who=who),)
    return turns.check_bank_painting(game, state, move.get("painting"))


def apply_deal(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting = move["painting"]
    state = replace(
        state, bank=tuple(p for p in state.bank if p != painting), dealt=state.dealt + 1
    )
    state = payments.give(game, state, move.player, Holding(painting))
    return payments.owe_draw(game, state, move.player, painting, "setup")


def check_place_pawn(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    if state.active is not None:
        return (refuse("not_now.place_pawn", region="ring"),)
    space = state.positions[move.player]
    # Before the start a pawn may be put down again elsewhere (a player changing their mind, a
    # camera seeing it set down a second time); the same space again is not a move.
    if space is not None and space == move.get("space"):
        return (refuse("pawn_placed", region="ring", name=state.names[move.player], space=space),)
    return ()


def apply_place_pawn(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    positions = list(state.positions)
    positions[move.player] = move["space"]
    return replace(state, positions=tuple(positions))


def check_start(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    missing = []
    if state.dealt < state.players:
        missing.append(WORDS("missing.paintings", count=state.players - state.dealt))
    unplaced = [state.names[s] for s, p in enumerate(state.positions) if p is None]
    if unplaced:
        missing.append(WORDS("missing.pawns", names=WORDS.listed("list.comma", unplaced)))
    if missing:
        return (refuse("setup_incomplete", missing=WORDS.listed("list.semicolon", missing)),)
    return ()


def apply_start(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    name = state.names[move.player]
    state = replace(state, phase="roll", active=move.player, turns=1)
    return turns.note(state, "start", WORDS("note.start", name=name))


def check_draw_value(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    draw = state.draw
    problems = turns.check_actor(game, state, move, draw.player)
    if problems:
        return problems
    card = move["card"]
    if card not in game.values:
        kind = log.card_kind(game, card)
        if kind is not None:
            return (refuse("not_a_value_card", cards=(card,), card=card, kind=kind),)
        return (refuse("unknown_card.value", cards=(card,), card=card),)
    pile = draw_pile(state)
    if card not in pile:
        return (refuse("value_not_in_deck", cards=(card,)),)
    if draw.painting is None:
        return turns.check_own_painting(game, state, draw.player, move.get("painting"))
    if move.get("painting") not in (None, draw.painting):
        return (
            refuse(
                "wrong_painting",
                cards=(draw.painting,),
                painting=log.painting_name(game, draw.painting),
            ),
        )
    return ()


def apply_draw_value(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    draw = state.draw
    card = move["card"]
    if not state.deck:
        state = turns.note(
            replace(state, deck=state.discard, discard=()), "reshuffle", WORDS("note.reshuffle")
        )
    painting = draw.painting or move["painting"]
    seat = draw.player
    state = replace(state, deck=tuple(c for c in state.deck if c != card))
    state, holding = payments.take(game, state, seat, painting)
    state = payments.give(game, state, seat, replace(holding, values=holding.values + (card,)))
    return turns.resume(game, state, draw.resume)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(
        name="deal",
        player="seat",
        fields={"painting": PAINTING},
        required=("painting",),
        check=check_deal,
        effect=apply_deal,
        describe=log.deal,
    ),
    MoveRule(
        name="place_pawn",
        player="seat",
        fields={"space": Int(0, lambda c: ring_spaces(c) - 1)},
        required=("space",),
        check=check_place_pawn,
        effect=apply_place_pawn,
        describe=log.place_pawn,
    ),
    MoveRule(
        name="start", player="seat", check=check_start, effect=apply_start, describe=log.start
    ),
    MoveRule(
        name="draw_value",
        player="seat",
        fields={"card": Str(), "painting": Optional(PAINTING)},
        required=("card",),
        check=check_draw_value,
        effect=apply_draw_value,
        describe=log.draw_value,
    ),
)
