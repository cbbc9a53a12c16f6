"""Recorded games: the typed inputs are handed over at the right moment, bad files are refused."""

import json
import subprocess
import sys

import pytest
from webhelpers import FakeWatcher

from companion.errors import MalformedRecordError
from companion.model import Move, Setup
from companion.session import Session
from web.camera import SAMPLES, sample_recordings
from web.recording import RECORDING_FORMAT, RecordedInputs, load_recording, write_recording


def write(folder, inputs):
    write_recording(folder, "musee", {"players": 2, "names": ["Amy", "Ben"]}, 4, inputs)
    return load_recording(folder)


def place(seat, number, space):
    return {
        "kind": "place",
        "player": seat,
        "card": f"MU{number:02d}",
        "museum": seat,
        "gallery": 0,
        "space": space,
    }


def test_an_input_waits_for_its_frame_and_for_the_moves_before_it(tmp_path):
    recording = write(
        tmp_path,
        [
            {"after_frame": 3, "after_moves": 1, "move": place(1, 5, 0)},
            {"after_frame": 3, "after_moves": 2, "refused": True, "move": place(1, 6, 0)},
            {"after_frame": 3, "after_moves": 2, "move": {"kind": "cannot_play", "player": 0}},
        ],
    )
    recorded = RecordedInputs(FakeWatcher([]), recording)
    session = Session("musee", Setup(2))
    recorded.frames_read = 4
    assert recorded.due_moves(session) == [], "Amy's placement has not been seen yet"
    session.play(Move.from_dict(place(0, 10, 0)))
    recorded.frames_read = 3
    assert recorded.due_moves(session) == [], "frame 3 has not been read yet"
    recorded.frames_read = 4
    due = recorded.due_moves(session)
    # The refused input does not count as an accepted move, so the declaration after it
    # (which needs two accepted moves) is due in the same step.
    assert [m.kind for m in due] == ["place", "place", "cannot_play"]
    assert recorded.pending == 0 and recorded.due_moves(session) == []


@pytest.mark.parametrize(
    "content,message",
    [
        ("{", "not valid JSON"),
        ('{"format": "something-else"}', "not a table-companion recording"),
        (
            json.dumps(
                {
                    "format": RECORDING_FORMAT,
                    "game": "musee",
                    "players": 2,
                    "inputs": [{"after_frame": 1}],
                }
            ),
            "malformed",
        ),
    ],
)
def test_a_broken_recording_is_a_clear_error(tmp_path, content, message):
    (tmp_path / "inputs.json").write_text(content)
    with pytest.raises(MalformedRecordError, match=message):
        load_recording(tmp_path)


def test_every_bundled_recording_is_readable_and_names_its_game():
    recordings = sample_recordings()
    assert "musee" in recordings
    for slug, folder in recordings.items():
        recording = load_recording(folder)
        assert recording.game == slug and len(recording.names) == recording.players
        assert any(folder.glob("*.jpg")), f"{folder} has no frames"


def test_serving_a_recording_as_another_game_is_refused(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--game",
            "crypt",
            "--players",
            "2",
            "--source",
            f"images:{SAMPLES / 'musee-2p'}",
            "--port",
            "0",
            "--db",
            str(tmp_path / "g.sqlite3"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "records a musee game for 2 players" in result.stderr


def test_demo_of_a_game_without_a_recording_says_which_exist(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--game", "chess"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "unknown game 'chess'" in result.stderr
