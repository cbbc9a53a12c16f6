""" "What can be played now" names every decision the Crypt engine owes (walk-through: while a
player had to choose to keep their rolls or flip an Idol to re-roll an exhausted die, the panel
said "Nothing to suggest"). Checked at every step of every Crypt golden game, both languages."""

from pathlib import Path

import pytest

from companion.games import find_game
from companion.games.crypt import collect
from companion.record import load_record
from companion.session import Session

CRYPT = find_game("crypt")
GOLDEN = sorted((Path(__file__).parents[1] / "golden" / "crypt").glob("*.json"))


def states_of(path: Path):
    """The state after each entry of a golden game (the set-up first)."""
    records = list(load_record(path).records())
    for end in range(1, len(records) + 1):
        yield end - 1, Session.replay(records[:end]).state


def reroll_owed(state) -> tuple[int, ...]:
    """Seats that may flip an Idol to re-roll an exhausted die, every die rolled: each must
    keep the roll or re-roll before the round ends."""
    if state.phase != "collect" or collect.rolls_missing(CRYPT, state):
        return ()
    if not collect.reroll_options(CRYPT, state):
        return ()
    return tuple(
        sorted(
            {
                r.owner
                for r in state.rolls
                if r.failed
                and any(c.type == "idols" and not c.flipped for c in state.collections[r.owner])
            }
        )
    )


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_the_panel_names_every_decision_the_engine_owes(path):
    owed_seen = 0
    for entry, state in states_of(path):
        if CRYPT.is_over(state):
            continue
        hints = CRYPT.hints(state)
        assert hints, (
            f"entry {entry} ({state.phase}): nothing to suggest, yet {CRYPT.current_players(state)} may act"
        )
        deciders = reroll_owed(state)
        if not deciders:
            continue
        owed_seen += 1
        said = [h for h in hints if h.data.get("reroll")]
        assert said, f"entry {entry}: the re-roll decision is not named"
        for hint in said:
            assert "re-roll" in hint.text.en and "keep" in hint.text.en, hint.text.en
            assert "重擲" in hint.text.zh and "保留" in hint.text.zh, hint.text.zh
        summary = CRYPT.hint_summary(state)  # the panel's sentences, the list folded under them
        assert all(h.text in summary for h in said), (entry, summary)
        named = {s for h in said for s in h.data["seats"]}
        assert named == set(deciders), (entry, named, deciders)
        for seat in deciders:
            assert any(
                state.names[seat] in h.text.en and state.names[seat] in h.text.zh for h in said
            )
    if path.name in ("two-players-full-with-illegal-attempts.json", "solo-with-ghost.json"):
        assert owed_seen, "this game owes a re-roll decision at some step"
