"""Money and paintings changing hands: the ledger, fines, holdings, and the value card a
new painting is owed. Cash never goes below zero: there are no loans."""

from __future__ import annotations

from dataclasses import replace

from ...model import Text, Violation
from . import turns
from .state import Draw, Holding, LedgerEntry, MasterpieceState, draw_pile
from .words import WORDS, money, refuse


# -- Who pays whom, who holds what. -----------------------------------------------------------
def cannot_afford(
    game, state: MasterpieceState, seat: int, price: int, what: Text
) -> tuple[Violation, ...]:
    if state.cash[seat] >= price:
        return ()
    cost = money(price)  # how much the player has stays hidden
    return (refuse("cannot_afford", name=state.names[seat], cost=cost, what=what),)


def transfer(
    state: MasterpieceState,
    payer: int | None,
    payee: int | None,
    amount: int,
    kind: str,
    text: Text,
    painting: str | None = None,
) -> MasterpieceState:
    """Move money and write the ledger line. Cash can never go below zero."""
    cash = list(state.cash)
    if payer is not None:
        if cash[payer] < amount:
            raise AssertionError(f"ledger: seat {payer} cannot pay {amount}")  # check() guards this
        cash[payer] -= amount
    if payee is not None:
        cash[payee] += amount
    return replace(
        state,
        cash=tuple(cash),
        ledger=state.ledger
        + (LedgerEntry(kind, payer, payee, amount, text, painting, state.turns),),
    )


def fine(
    game, state: MasterpieceState, seat: int, amount: int, why: Text, lose_turn: bool
) -> MasterpieceState:
    """A fine to the bank; a player who cannot pay it loses their next turn instead."""
    name = state.names[seat]
    if state.cash[seat] >= amount:
        state = transfer(
            state,
            seat,
            None,
            amount,
            "fine",
            WORDS("ledger.fine", name=name, amount=money(amount), why=why),
        )
    else:
        lose_turn = True
        state = turns.note(
            state,
            "fine_unpaid",
            WORDS("note.fine_unpaid", name=name, amount=money(amount), why=why),
        )
    if lose_turn:
        skips = list(state.skips)
        skips[seat] += 1
        state = replace(state, skips=tuple(skips))
    return state


def with_holdings(
    game, state: MasterpieceState, seat: int, holdings: tuple[Holding, ...]
) -> MasterpieceState:
    all_holdings = list(state.holdings)
    all_holdings[seat] = tuple(sorted(holdings, key=lambda h: h.painting))
    return replace(state, holdings=tuple(all_holdings))


def give(game, state: MasterpieceState, seat: int, holding: Holding) -> MasterpieceState:
    return with_holdings(game, state, seat, state.holdings[seat] + (holding,))


def take(
    game, state: MasterpieceState, seat: int, painting: str
) -> tuple[MasterpieceState, Holding]:
    kept = tuple(h for h in state.holdings[seat] if h.painting != painting)
    taken = next(h for h in state.holdings[seat] if h.painting == painting)
    return with_holdings(game, state, seat, kept), taken


def owe_draw(
    game, state: MasterpieceState, seat: int, painting: str | None, resume: str
) -> MasterpieceState:
    """Ask for a value card, or carry on when none is left anywhere."""
    if not draw_pile(state):
        state = turns.note(state, "no_value_cards", WORDS("note.no_value_cards"))
        return turns.resume(game, state, resume)
    return replace(state, phase="draw", draw=Draw(seat, painting, resume))
