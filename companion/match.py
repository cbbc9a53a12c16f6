"""Matches of several games (Musée is played best of three: first to win two games).

A shared win counts as a win for every side that shares it, as the rulebook's "tied
players share the win" implies.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CompanionError
from .model import Outcome, Text


@dataclass(frozen=True)
class Match:
    sides: tuple[str, ...]
    wins_needed: int = 2
    results: tuple[tuple[str, ...], ...] = ()  # winners of each game played

    def wins(self, side: str) -> int:
        return sum(side in winners for winners in self.results)

    @property
    def winners(self) -> tuple[str, ...]:
        """Sides that reached the needed wins (several only if they got there in the same game)."""
        for played in range(1, len(self.results) + 1):
            done = Match(self.sides, self.wins_needed, self.results[:played])
            reached = tuple(s for s in self.sides if done.wins(s) >= self.wins_needed)
            if reached:
                return reached
        return ()

    @property
    def over(self) -> bool:
        return bool(self.winners)

    def record(self, outcome: Outcome) -> "Match":
        if self.over:
            raise CompanionError("the match is already decided")
        unknown = set(outcome.winners) - set(self.sides)
        if unknown:
            raise CompanionError(f"{sorted(unknown)[0]} does not play in this match")
        return Match(self.sides, self.wins_needed, self.results + (tuple(outcome.winners),))

    def summary(self) -> Text:
        tally = ", ".join(f"{s}: {self.wins(s)}" for s in self.sides)
        if self.over:
            names = " & ".join(self.winners)
            return Text(f"{names} won the match ({tally}).", f"{names} 贏得整場比賽（{tally}）。")
        return Text(
            f"First to {self.wins_needed} wins takes the match ({tally}).",
            f"先贏 {self.wins_needed} 局者贏得比賽（{tally}）。",
        )
