"""The end: wealth is cash plus the value of each painting owned (a forgery makes a painting
worth $0); the richest wins, more cash breaks a tie. Values stay hidden until the end."""

from __future__ import annotations

from ...model import Outcome, ScoreLine, SideScore, Text
from . import log, turns
from .state import MasterpieceState, painting_value
from .words import WORDS, money


# -- The score so far and the outcome. --------------------------------------------------------
def score(game, state: MasterpieceState) -> tuple[SideScore, ...]:
    """Cash plus paintings. Cash and painting values stay hidden (0, marked) until the game
    ends: an overbid is a bluff only while nobody knows the bidder's cash (rules, "Auctions")."""
    revealed = turns.is_over(game, state)
    sides = []
    for seat in range(state.players):
        if revealed:
            lines = [ScoreLine(state.cash[seat], "cash", WORDS("score.cash"))]
        else:
            lines = [ScoreLine(0, "cash_hidden", WORDS("score.cash_hidden"))]
        for h in state.holdings[seat]:
            title = log.painting_name(game, h.painting)
            if revealed:
                shown = log.values_text(game, h.values)
                value = painting_value(game, h.values)
                # one value card says the line's own amount: the title alone, not "$3M: $3M"
                said = (
                    title
                    if shown == money(value)
                    else WORDS("score.painting", title=title, shown=shown)
                )
                lines.append(
                    ScoreLine(
                        value,
                        "painting",
                        said,
                        (h.painting, *h.values),
                    )
                )
            else:
                lines.append(
                    ScoreLine(
                        0,
                        "painting_hidden",
                        WORDS("score.painting_hidden", title=title),
                        (h.painting,),
                    )
                )
        name = state.names[seat]
        sides.append(SideScore(f"p{seat}", Text(name, name), (seat,), tuple(lines)))
    return tuple(sides)


def wealth(game, state: MasterpieceState, seat: int) -> int:
    paintings = sum(painting_value(game, h.values) for h in state.holdings[seat])
    return state.cash[seat] + paintings


def outcome(game, state: MasterpieceState) -> Outcome | None:
    if not turns.is_over(game, state):
        return None

    def key(seat: int) -> tuple[int, int]:
        return (wealth(game, state, seat), state.cash[seat])

    ranked = sorted(range(state.players), key=key, reverse=True)
    best = key(ranked[0])
    winners = tuple(s for s in ranked if key(s) == best)
    names = " & ".join(state.names[s] for s in winners)
    said_wealth, cash = money(best[0]), money(best[1])
    tied_on_wealth = [s for s in ranked if key(s)[0] == best[0]]
    tie_break = None
    if len(winners) > 1:
        tie_break = WORDS("outcome.tie_shared", said_wealth=said_wealth, cash=cash)
        explanation = WORDS("outcome.shared", names=names, said_wealth=said_wealth)
    else:
        if len(tied_on_wealth) > 1:
            tie_break = WORDS("outcome.tie_cash", said_wealth=said_wealth, names=names, cash=cash)
        paintings = money(best[0] - best[1])
        explanation = WORDS(
            "outcome.wins", names=names, said_wealth=said_wealth, cash=cash, paintings=paintings
        )
    return Outcome(
        tuple(f"p{s}" for s in winners), tuple(f"p{s}" for s in ranked), explanation, tie_break
    )
