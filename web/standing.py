"""The match a table's players are in (Musée: first to win two games), from the stored
results of their finished games."""

from __future__ import annotations

from typing import Callable

from companion.errors import CompanionError
from companion.match import Match
from companion.model import Outcome, Text
from companion.session import Session


def match_standing(session: Session, stored_games: Callable[[], list[dict]]) -> dict | None:
    """The match these players are in (Musée: first to win two games), from the stored
    results of finished games of the same game with the same names, oldest first; a
    decided match is followed by a new one. The store is read (`stored_games()`) only for
    a game that plays matches."""
    game = session.game
    data = getattr(game, "data", None)
    needed = getattr(data, "match_wins_needed", None)
    if not needed:
        return None
    sides = tuple(s.side for s in game.score(session.state))
    match = Match(sides, needed)
    for stored in reversed(stored_games()):
        outcome = (stored.get("result") or {}).get("outcome")
        if (
            stored["game"] != game.info.slug
            or outcome is None
            or stored["setup"].get("names") != list(session.setup.names)
        ):
            continue
        if match.over:
            match = Match(sides, needed)
        try:
            match = match.record(Outcome(tuple(outcome["winners"]), (), Text("", "")))
        except CompanionError:
            continue  # a stored result with other sides: not this match
    return {
        "wins_needed": needed,
        "wins": {s: match.wins(s) for s in sides},
        "games": len(match.results),
        "winners": list(match.winners),
    }
