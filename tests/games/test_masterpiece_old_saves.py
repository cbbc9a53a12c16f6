"""A Masterpiece game saved before an overbid call named its caller still opens.

Until the calls named their caller (walk-through: "Cal calls his own bid"), an `overbid` move
had the bidder as its player and no `bidder` field; the new shape refused it as malformed, so
such a saved game could not be opened. `tests/games/data/masterpiece-saved-before-callers.json`
is the four-player golden game as it was saved then (two calls in the old shape).
"""

from __future__ import annotations

from pathlib import Path

from companion.record import load_record
from companion.session import Session

HERE = Path(__file__).parent
OLD = HERE / "data" / "masterpiece-saved-before-callers.json"
NEW = HERE.parent / "golden" / "masterpiece" / "four-players-refusals-and-fines.json"


def scores(session: Session) -> list:
    return [side.to_dict() for side in session.game.score(session.state)]


def test_a_game_saved_with_old_overbid_calls_opens_with_the_same_outcome():
    old_records = load_record(OLD).records()
    assert any(
        r.get("move", {}).get("kind") == "overbid" and "bidder" not in r["move"]
        for r in old_records
    ), "the data file holds calls in the old shape"
    old = Session.replay(old_records)
    new = Session.replay(load_record(NEW).records())
    assert scores(old) == scores(new)
    assert old.state.cash == new.state.cash and old.state.skips == new.state.skips
    calls = [r for r in old.records if r.get("move", {}).get("kind") == "overbid"]
    assert calls and all(r["move"]["player"] != r["move"]["bidder"] for r in calls)
