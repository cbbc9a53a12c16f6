"""Turn order and phases: what each phase waits for, who may act, the shared checks on who
makes a move and which painting it names, and passing play clockwise to the next seat."""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ..moves import MoveRule
from . import log
from .state import MasterpieceState, Notice, eligible_bidders, left_of, next_deal_seat, owner
from .words import WORDS, refuse

PHASE_MOVES = {
    "setup": ("deal", "place_pawn", "start"),
    "draw": ("draw_value", "place_pawn"),
    "roll": ("roll",),
    "easel": ("easel",),
    "pick": ("pick",),
    "auction": ("bid", "tie", "overbid", "hammer", "no_sale"),
    "collect": ("take_cash", "take_value"),
    "inherit": ("inherit",),
    "buy_bank": ("buy", "pass"),
    "sell_value": ("sell", "pass"),
    "buy_player": ("buy", "pass"),
    "must_sell": ("sell",),
    "over": (),
}


# -- Whose turn, what the phase allows, and the end of a turn. --------------------------------
def check_turn(game, state: MasterpieceState, move: Move, rule: MoveRule) -> tuple[Violation, ...]:
    """The game goes on, the player is a seat, and the move fits the phase; each move's
    own check then says whose move it is."""
    if state.phase == "over":
        return (refuse("game_over"),)
    if move.kind not in PHASE_MOVES[state.phase]:
        wait, doing = waiting_for(game, state), WORDS(f"move.{move.kind}")
        return (refuse("not_now", doing=doing, wait=wait),)
    return ()


def waiting_for(game, state: MasterpieceState) -> Text:
    """What the game waits for, in words."""
    phase = state.phase
    name = state.names[state.active] if state.active is not None else ""
    if phase == "setup":
        if state.dealt < state.players:
            who = state.names[next_deal_seat(game, state)]
            return WORDS("wait.deal", who=who)
        return WORDS("wait.start")
    if phase == "draw":
        who = state.names[state.draw.player]
        return WORDS("wait.draw", who=who)
    if phase == "roll":
        return WORDS("wait.roll", name=name)
    if phase == "easel":
        return WORDS("wait.easel")
    if phase == "pick":
        picker = state.names[left_of(game, state, state.active)]
        return WORDS("wait.pick", picker=picker, name=name)
    if phase == "auction":
        return WORDS("wait.auction")
    if phase == "over":
        return WORDS("wait.over")
    space = log.space_text(game, state.space)
    return WORDS("wait.space", name=name, space=space)


def is_over(game, state: MasterpieceState) -> bool:
    return state.phase == "over"


def current_players(game, state: MasterpieceState) -> tuple[int, ...]:
    if state.phase == "over":
        return ()
    if state.phase == "draw":
        return (state.draw.player,)
    if state.phase == "setup":
        return tuple(range(state.players))
    if state.phase == "pick":
        return (left_of(game, state, state.active),)
    if state.phase == "auction":
        bidders = set(eligible_bidders(game, state))
        return tuple(sorted(bidders | {state.auction.auctioneer}))
    return (state.active,)


def check_actor(
    game, state: MasterpieceState, move: Move, seat: int, allow_none: bool = False
) -> tuple[Violation, ...]:
    if move.player is None and allow_none:
        return ()
    if move.player != seat:
        expected = state.names[seat]
        who = state.names[move.player] if move.player is not None else "nobody"
        return (refuse("out_of_turn", expected=expected, who=who),)
    return ()


def check_painting_payload(game, payload, phase: str = "") -> tuple[Violation, ...]:
    if payload in game.paintings:
        return ()
    kind = log.card_kind(game, payload) if payload is not None else None  # None: no card named
    if kind is None:
        return (refuse("unknown_card.painting", cards=(str(payload),), payload=payload),)
    why = WORDS(
        f"wants_painting.{phase}" if f"wants_painting.{phase}" in WORDS else "wants_painting"
    )
    return (refuse("not_a_painting", cards=(payload,), payload=payload, kind=kind, why=why),)


def check_bank_painting(game, state: MasterpieceState, payload) -> tuple[Violation, ...]:
    problems = check_painting_payload(game, payload, state.phase)
    if problems:
        return problems
    if payload not in state.bank:
        where = log.where_is(game, state, payload)
        return (
            refuse(
                "painting_not_in_bank",
                cards=(payload,),
                painting=log.painting_name(game, payload),
                where=where,
            ),
        )
    return ()


def check_own_painting(game, state: MasterpieceState, seat: int, payload) -> tuple[Violation, ...]:
    problems = check_painting_payload(game, payload, state.phase)
    if problems:
        return problems
    if owner(state, payload) != seat:
        where = log.where_is(game, state, payload)
        return (
            refuse(
                "not_your_painting",
                cards=(payload,),
                region=f"player{seat}",
                name=state.names[seat],
                painting=log.painting_name(game, payload),
                where=where,
            ),
        )
    return ()


def note(state: MasterpieceState, code: str, text: Text) -> MasterpieceState:
    """Something the table should hear that moves no money (a roll, a reshuffle, a lost turn)."""
    return replace(state, journal=state.journal + (Notice(code, text, state.turns),))


def resume(game, state: MasterpieceState, after: str) -> MasterpieceState:
    """Play goes on after a value card was drawn: back to set-up, or the turn ends."""
    state = replace(state, draw=None)
    if after == "setup":
        return replace(state, phase="setup")
    return end_turn(game, state)


def end_turn(game, state: MasterpieceState) -> MasterpieceState:
    """Clockwise to the next seat that has no lost turn; the game ends with the bank's pile."""
    state = replace(state, auction=None, draw=None, space=None)
    if not state.bank:
        return note(replace(state, phase="over", active=None), "game_over", WORDS("note.game_over"))
    seat = state.active
    skips = list(state.skips)
    while True:
        seat = left_of(game, state, seat)
        if skips[seat] == 0:
            break
        skips[seat] -= 1
        state = note(state, "turn_lost", WORDS("note.turn_lost", name=state.names[seat]))
    return replace(state, phase="roll", active=seat, skips=tuple(skips), turns=state.turns + 1)
