"""The end: wealth is cash plus the value of each painting owned (a forgery makes a painting
worth $0); the richest wins, more cash breaks a tie. Values stay hidden until the end."""

from __future__ import annotations

from ...model import Outcome, ScoreLine, SideScore, Text
from . import log, turns
from .state import MasterpieceState, painting_value
from .words import money


# -- The score so far and the outcome. --------------------------------------------------------
def score(game, state: MasterpieceState) -> tuple[SideScore, ...]:
    """Cash plus paintings. Painting values stay hidden (0, marked) until the game ends."""
    revealed = turns.is_over(game, state)
    sides = []
    for seat in range(state.players):
        lines = [ScoreLine(state.cash[seat], "cash",
                           Text(f"Cash: {money(state.cash[seat]).en}",
                                f"現金：{money(state.cash[seat]).zh}"))]
        for h in state.holdings[seat]:
            title = log.painting_name(game, h.painting)
            if revealed:
                shown = log.values_text(game, h.values)
                lines.append(ScoreLine(painting_value(game, h.values), "painting",
                                       Text(f"{title.en}: {shown.en}", f"{title.zh}：{shown.zh}"),
                                       (h.painting, *h.values)))
            else:
                lines.append(ScoreLine(0, "painting_hidden",
                                       Text(f"{title.en}: value hidden until the end",
                                            f"{title.zh}：價值到遊戲結束才公開"),
                                       (h.painting,)))
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
        tie_break = Text(f"Tied on wealth ({said_wealth.en}) and cash ({cash.en}): the win is shared.",
                         f"財富（{said_wealth.zh}）與現金（{cash.zh}）都相同：共同獲勝。")
        explanation = Text(f"{names} share the win with {said_wealth.en}.",
                           f"{names} 以 {said_wealth.zh} 共同獲勝。")
    else:
        if len(tied_on_wealth) > 1:
            tie_break = Text(f"Tied on wealth ({said_wealth.en}); {names} has more cash ({cash.en}).",
                             f"財富同為 {said_wealth.zh}；{names} 的現金較多（{cash.zh}）。")
        paintings = money(best[0] - best[1])
        explanation = Text(f"{names} wins with {said_wealth.en} (cash {cash.en}, paintings "
                           f"{paintings.en}).",
                           f"{names} 以 {said_wealth.zh} 獲勝（現金 {cash.zh}，畫作 {paintings.zh}）。")
    return Outcome(tuple(f"p{s}" for s in winners), tuple(f"p{s}" for s in ranked),
                   explanation, tie_break)
