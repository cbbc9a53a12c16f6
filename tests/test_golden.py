"""Golden transcripts: every file under tests/golden/<game>/ replays to its hand-checked result.

Expected shape (written by hand, never by the engine):
    "expected": {"scores": {side: total}, "winners": [side, ...],
                 "rejections": [{"entry": seq, "codes": [code, ...]}, ...]}
"entry" is the log entry's number (the set-up is entry 0). Rejections not listed must not occur.
"""

from pathlib import Path

import pytest

from companion.record import load_record
from companion.session import Session

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_golden_transcript(path):
    record = load_record(path)
    expected = record.expected
    assert expected, f"{path.name} has no 'expected' section"
    session = Session.replay(record.records())
    game = session.game

    rejections = [
        {"entry": v.seq, "codes": [x.code for x in v.violations]}
        for v in session.verdicts
        if not v.accepted
    ]
    if "rejections" in expected:
        assert rejections == expected["rejections"]

    if "scores" in expected:
        totals = {s.side: s.total for s in game.score(session.state)}
        assert totals == expected["scores"]
    if "winners" in expected:
        outcome = game.outcome(session.state)
        assert outcome is not None, "the transcript should end the game"
        assert sorted(outcome.winners) == sorted(expected["winners"])


def test_there_are_musee_transcripts_for_every_player_count():
    counts = {load_record(p).setup["players"] for p in GOLDEN.glob("musee/*.json")}
    assert counts >= {2, 3, 4}


@pytest.mark.parametrize(
    ("game", "code"), [("crypt", "face_up_first"), ("masterpiece", "own_bid_call")]
)
def test_a_golden_game_meets_the_refusal_and_plays_on_to_a_final_score(game, code):
    """Refusals that had no golden game: Crypt's face-down card dealt before every face-up
    one, Masterpiece's call on one's own bid."""
    met = []
    for path in sorted(GOLDEN.glob(f"{game}/*.json")):
        record = load_record(path)
        if any(code in r["codes"] for r in record.expected.get("rejections", [])):
            session = Session.replay(record.records())
            refused = [x.code for v in session.verdicts if not v.accepted for x in v.violations]
            assert code in refused and session.game.is_over(session.state), path.name
            met.append(path.name)
    assert met, f"no {game} golden game meets {code}"
