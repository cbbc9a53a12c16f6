"""Recording format version 2: what a recorded game keeps of the log (the confirmed table at
each move that stood, corrections included), and bad files refused with a clear error."""

from __future__ import annotations

import json

import pytest
from webhelpers import FakeWatcher, live_step, placed

from companion.errors import MalformedRecordError
from web.camera import SAMPLES
from web.game_recorder import GameRecorder, RecordingError, recorded_game
from web.recording import (
    RECORDING_FORMAT,
    ConfirmedTable,
    confirmed_tables,
    load_recording,
    write_recording,
)


def cards(table: dict) -> dict:
    return {(p["region"], tuple(p["slot"])): p["payload"] for p in table["table"]}


def test_a_corrected_misread_leaves_only_the_players_table_confirmed(runtime):
    runtime.watcher = FakeWatcher(
        [
            live_step([placed("MU10", 0, 0, 0)]),
            live_step([placed("MU20", 1, 0, 1)]),  # the camera's reading of MU21
        ]
    )
    start = len(runtime.session.records)
    runtime.step_once()  # frame 0's events
    runtime.step_once()  # frame 1's
    marks = [start, len(runtime.session.records) - 1]  # the log's length as each was read
    runtime.correct(runtime.session.state_id, "add", "MU21", "museum1", [0, 1])
    game = recorded_game(runtime.session.records, start, marks)
    confirmed = game["confirmed"]
    assert [(t["frame"], t["moves"]) for t in confirmed] == [(0, 1), (1, 2)]
    assert cards(confirmed[-1]) == {("museum0", (0, 0)): "MU10", ("museum1", (0, 1)): "MU21"}
    kinds = [(e["after_frame"], e["record"]["type"]) for e in game["log"]]
    assert kinds == [(0, "event"), (1, "event"), (1, "undo"), (1, "event"), (1, "event")]
    assert game["inputs"] == []


def test_moves_typed_on_the_dashboard_become_inputs_a_replay_plays(runtime):
    from companion.model import Move

    start = len(runtime.session.records)
    runtime.play(Move.from_dict({"kind": "cannot_play", "player": 0}), None)
    game = recorded_game(runtime.session.records, start, [start])
    (entry,) = game["inputs"]
    assert entry["move"] == {"kind": "cannot_play", "player": 0}
    assert entry["after_frame"] == 0 and entry["after_moves"] == 0


def test_recording_needs_a_camera_and_a_fresh_folder(runtime, tmp_path):
    with pytest.raises(RecordingError, match="no camera"):
        GameRecorder(runtime, tmp_path / "a").start()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "000000.jpg").write_bytes(b"x")
    with pytest.raises(RecordingError, match="holds frames already"):
        GameRecorder(runtime, tmp_path / "b").start()
    with pytest.raises(RecordingError, match="between 0 and 30"):
        GameRecorder(runtime, tmp_path / "c", fps=0)


def test_version_2_round_trips_and_version_1_has_no_confirmed_tables(tmp_path):
    table = [{"payload": "MU10", "region": "museum0", "slot": [0, 0], "kind": "card"}]
    extra = {
        "confirmed": [{"frame": 3, "moves": 1, "table": table}],
        "log": [{"after_frame": 3, "record": {"type": "undo"}}],
        "frames": {"kept": 4, "mat_only": True},
    }
    write_recording(tmp_path, "musee", {"players": 2, "names": ["A", "B"]}, 2, [], extra)
    recording = load_recording(tmp_path)
    assert recording.version == 2 and recording.frames["mat_only"] is True
    assert recording.confirmed == (ConfirmedTable(3, 1, (("MU10", "museum0", (0, 0), "card"),)),)
    assert recording.log == ({"after_frame": 3, "record": {"type": "undo"}},)
    old = load_recording(SAMPLES / "musee-2p")
    assert old.version == 1 and old.confirmed is None and old.log == ()
    derived = confirmed_tables(old)
    assert derived[0].frame == 0 and derived[0].moves == 0
    assert [t.moves for t in derived] == list(range(len(derived)))


@pytest.mark.parametrize(
    "extra,message",
    [
        ({"confirmed": [{"frame": -1, "moves": 0, "table": []}]}, "expected a count"),
        ({"confirmed": [{"frame": 1, "moves": 0}]}, "malformed"),
        (
            {"confirmed": [{"frame": 1, "moves": 0, "table": [{"payload": "MU1", "slot": ["x"]}]}]},
            "expected a slot number",
        ),
        ({"confirmed": [{"frame": 1, "moves": 0, "table": [{"payload": 7}]}]}, "short text"),
        ({"confirmed": "all of it"}, "malformed"),
        ({"log": [{"after_frame": 1, "record": "undo"}]}, "record must be an object"),
    ],
)
def test_a_broken_version_2_file_is_a_clear_error(tmp_path, extra, message):
    data = {
        "format": RECORDING_FORMAT,
        "version": 2,
        "game": "musee",
        "players": 2,
        "inputs": [],
        **extra,
    }
    (tmp_path / "inputs.json").write_text(json.dumps(data))
    with pytest.raises(MalformedRecordError, match=message):
        load_recording(tmp_path)
