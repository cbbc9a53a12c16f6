"""`companion games / score / replay` through the real console entry point."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "musee"


def companion(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def test_games_lists_musee():
    result = companion("games")
    assert result.returncode == 0
    assert "musee" in result.stdout and "私藏美術館" in result.stdout


def test_score_prints_the_hand_checked_result():
    result = companion("score", GOLDEN / "two-players-full.json")
    assert result.returncode == 0
    assert "Alice: 44" in result.stdout and "Bob: 50" in result.stdout
    assert "Bob wins with 50 points" in result.stdout


def test_score_json_and_illegal_attempts_in_both_languages():
    result = companion("score", GOLDEN / "two-players-illegal-attempts.json")
    assert "[numbers_must_rise] 5 cannot go right of 10" in result.stdout
    assert "[numbers_must_rise] 5 不能放在上層展覽廳的 10 右邊" in result.stdout
    data = json.loads(
        companion("score", "--json", GOLDEN / "two-players-illegal-attempts.json").stdout
    )
    assert [s["total"] for s in data["scores"]] == [3, 1]
    assert len(data["rejected"]) == 9


def test_replay_prints_each_move_with_its_verdict():
    result = companion("replay", GOLDEN / "two-players-illegal-attempts.json")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("#1") and " ok " in lines[0]
    assert any(line.startswith("#2") and "REJECTED" in line for line in lines)


def test_jsonl_event_log_is_accepted(tmp_path):
    record = json.loads((GOLDEN / "two-players-full.json").read_text())
    log = tmp_path / "game.jsonl"
    lines = [{"type": "setup", "game": "musee", "setup": record["setup"]}, *record["log"]]
    log.write_text("\n".join(json.dumps(l) for l in lines))
    assert "Bob wins" in companion("score", log).stdout


@pytest.mark.parametrize(
    "content,message",
    [
        ("{not json", "not valid JSON"),
        (
            '{"format": "table-companion-record", "version": 1, "game": "chess", "setup": {"players": 2}, "log": []}',
            "unknown game 'chess'",
        ),
        (
            '{"format": "table-companion-record", "version": 1, "game": "musee", "setup": {"players": 7}, "log": []}',
            "not 7",
        ),
        # a game's own impossible set-up (Crypt's leader seat beyond the table)
        (
            '{"format": "table-companion-record", "version": 1, "game": "crypt", "setup": {"players": 3,'
            ' "options": {"leader": 5}}, "log": []}',
            "option 'leader' must be a seat from 0 to 2",
        ),
        (
            '{"format": "table-companion-record", "version": 1, "game": "musee", "setup": {"players": 2},'
            ' "log": [{"type": "move", "move": {"kind": "place", "player": 0, "card": "MU99", "museum": 0, "gallery": 0, "space": 0}}]}',
            "unknown card 'MU99'",
        ),
        (
            '{"format": "table-companion-record", "version": 1, "game": "musee", "setup": {"players": 2},'
            ' "log": [{"type": "teleport"}]}',
            "field 'type': must be one of move, event, undo",
        ),
        ("", "is empty"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = companion("score", path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_missing_file_is_a_clear_error(tmp_path):
    result = companion("replay", tmp_path / "nope.json")
    assert result.returncode == 2 and "no such file" in result.stderr


def test_every_golden_transcript_scores_from_the_command_line():
    """Dice events name a colour, not a card: they must not be taken for unknown cards."""
    for path in sorted((Path(__file__).parent / "golden").glob("*/*.json")):
        result = companion("score", "--json", path)
        assert result.returncode == 0, f"{path.name}: {result.stderr}"
        expected = json.loads(path.read_text())["expected"]
        if "scores" in expected:
            totals = {s["side"]: s["total"] for s in json.loads(result.stdout)["scores"]}
            assert totals == expected["scores"], path.name
