"""The reveal: cards dealt into the crypt, face up then face down (move `deal`)."""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Optional, Str
from . import log, turns
from . import setup as box
from .rule import CryptRule
from .setup import CRYPT_PLACE
from .state import TYPES, CryptState, Slot
from .words import refuse


# -- `deal`: {card: payload} or {back: payload}, optional {index} --------------------------
def check_deal(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = turns.wrong_phase(game, state, "reveal", "wrong_phase.deal")
    if problems:
        return problems
    setup = box.setup_data(game, state.players)
    up = sum(1 for s in state.row if s is not None and s.face_up)
    down = sum(1 for s in state.row if s is not None and not s.face_up)
    index = move.get("index")  # a place of the row: validated
    if index is not None and state.row[index] is not None:
        return (refuse("place_taken", region="crypt", place=index + 1),)
    if move.get("card") is not None:
        payload = move["card"]
        if payload not in game.treasures:
            return (refuse("unknown_card", [str(payload)], payload=payload),)
        if up >= setup.face_up:
            return (
                refuse(
                    "too_many_face_up",
                    [payload],
                    "crypt",
                    face_up=setup.face_up,
                    players=state.players,
                ),
            )
        return identity_problems(game, state, payload)
    back = move.get("back")
    if back not in game.back_type:
        return (refuse("bad_move.no_card"),)
    if up < setup.face_up:  # the rules deal the face-up cards first, then the face-down ones
        return (
            refuse(
                "face_up_first",
                [back],
                "crypt",
                face_up=setup.face_up,
                left=setup.face_up - up,
                players=state.players,
            ),
        )
    if down >= setup.face_down:
        return (
            refuse(
                "too_many_face_down",
                [back],
                "crypt",
                face_down=setup.face_down,
                players=state.players,
            ),
        )
    kind = game.back_type[back]
    if remaining(game, state, kind) <= 0:
        t = log.type_name(game, kind, True)
        return (refuse("none_left", [back], "crypt", kind=t),)
    return ()


def do_deal(game, state: CryptState, move: Move) -> CryptState:
    index = move.get("index")
    if index is None:
        index = state.row.index(None)
    payload = move.get("card")
    if payload is not None:
        slot = Slot(box.ttype(game, payload), payload, True)
        state = replace(state, seen=state.seen | {payload})
    else:
        slot = Slot(game.back_type[move["back"]], None, False)
    counts = list(state.dealt_by_type)
    counts[TYPES.index(slot.type)] += 1
    row = list(state.row)
    row[index] = slot
    return replace(state, row=tuple(row), dealt_by_type=tuple(counts))


DEAL = CryptRule(
    name="deal",
    player="none",
    turn=None,
    fields={"card": Optional(Str()), "back": Optional(Str()), "index": Optional(CRYPT_PLACE)},
    one_of=("card", "back"),
    check=check_deal,
    effect=do_deal,
    describe=log.words_deal,
)


def remaining(game, state: CryptState, kind: str) -> int:
    return box.deck_count(game, state.players, kind) - state.dealt_by_type[TYPES.index(kind)]


def identity_problems(
    game, state: CryptState, payload: str, dealt: bool = True
) -> tuple[Violation, ...]:
    """Is `payload` a card that may still turn up (in the deck, not already seen)?"""
    name = game.treasures[payload].name
    if payload not in box.deck_payloads(game, state.players):
        return (
            refuse(
                "card_not_in_game", [payload], card=name, payload=payload, players=state.players
            ),
        )
    if payload in state.seen:
        return (refuse("card_already_seen", [payload], card=name, payload=payload),)
    if dealt and remaining(game, state, box.ttype(game, payload)) <= 0:
        t = log.type_name(game, box.ttype(game, payload), True)
        return (refuse("none_left", [payload], kind=t),)
    return ()


def deal_view(game, state: CryptState) -> dict | None:
    """What may still be dealt this reveal, for a deal entered by hand: how many cards face up
    and face down are still to come, the cards that may still turn up face up, and the backs
    of the types with cards left once the face-up cards are down (all public: anyone at the
    table can count the cards)."""
    if state.phase != "reveal":
        return None
    setup = box.setup_data(game, state.players)
    up = sum(1 for s in state.row if s is not None and s.face_up)
    down = sum(1 for s in state.row if s is not None and not s.face_up)
    left = {kind: remaining(game, state, kind) for kind in TYPES}
    return {
        "face_up_left": setup.face_up - up,
        "face_down_left": setup.face_down - down,
        "cards": [
            p
            for p in box.deck_payloads(game, state.players)
            if p not in state.seen and left[box.ttype(game, p)] > 0
        ],
        # a back is dealt only after every face-up card (rules: face up, then face down)
        "backs": [game.type_back[kind] for kind in TYPES if left[kind] > 0]
        if up >= setup.face_up
        else [],
    }


# this group's move kinds, each declared right after its check and effect
RULES = (DEAL,)
