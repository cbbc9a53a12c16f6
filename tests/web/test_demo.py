"""`companion demo`'s cameras: the scripted stand-in and the recorded sample game."""

from __future__ import annotations

import json

import pytest
from webhelpers import FakeWatcher

from companion.model import Move, Setup
from companion.session import Session
from web.camera import SAMPLE_GAME, pipeline_available, sample_frames_available
from web.demo import ScriptedWatcher, musee_script
from web.recording import RecordedInputs, load_recording


def test_the_scripted_game_is_legal_apart_from_its_one_deliberate_mistake():
    steps = musee_script()
    session = Session("musee", Setup(2, ("Amy", "Ben")))
    verdicts = [v for step in steps for event in step for v in session.observe(event)]
    rejected = [v for v in verdicts if not v.accepted]
    assert len(rejected) == 1 and rejected[0].violations[0].code == "wrong_museum"
    assert session.alerts == {}, "the misplaced card is taken back"
    assert sum(1 for m in session.moves if m.kind == "place") >= 20


def test_the_scripted_watcher_speaks_the_watch_step_contract_then_finishes():
    watcher = ScriptedWatcher(musee_script()[:2], 2, ("Amy", "Ben"))
    first = watcher.step()
    assert first.status.online and first.preview_jpeg.startswith(b"\xff\xd8")
    assert len(first.events) == 1
    watcher.step()
    done = watcher.step()
    assert done.events == [] and done.preview_jpeg is None
    assert not done.status.online and done.status.finished


@pytest.mark.skipif(not sample_frames_available(), reason="sample_images/musee-2p is missing")
def test_recorded_declarations_wait_for_the_placements_before_them():
    recording = load_recording(SAMPLE_GAME)
    first = recording.inputs[0]
    assert first.move.kind == "cannot_play" and first.after_moves > 0
    recorded = RecordedInputs(FakeWatcher([]), recording)
    recorded.frames_read = first.after_frame + 1  # the frame it follows has been read
    final = json.loads(sorted(SAMPLE_GAME.glob("0*.json"))[-1].read_text(encoding="utf-8"))
    session = Session("musee", Setup(2, recording.names))
    for data in final["moves"][: first.after_moves]:
        assert recorded.due_moves(session) == [], "too early: placements are still missing"
        session.play(Move.from_dict(data))
    assert recorded.due_moves(session)[0] == first.move
    assert first.move not in recorded.due_moves(session), "each declaration is handed over once"


@pytest.mark.slow
@pytest.mark.skipif(
    not (sample_frames_available() and pipeline_available()),
    reason="needs the vision pipeline and sample_images/musee-2p",
)
def test_the_first_recorded_frames_reach_the_dashboard(runtime):
    from web.camera import open_watcher

    runtime.watcher = open_watcher(f"images:{SAMPLE_GAME}", "musee", 2)  # unpaced: as fast as read
    for _ in range(16):  # set-up plus the first two placements
        runtime.step_once()
    snap = runtime.snapshot()
    assert snap["camera"]["calibrated"] and snap["camera"]["has_preview"]
    expected = json.loads(sorted(SAMPLE_GAME.glob("0*.json"))[15].read_text(encoding="utf-8"))
    settled = [m["card"] for m in expected["moves"] if m["kind"] == "place"]
    placed = [v["move"]["card"] for v in snap["log"] if v["accepted"] and v["move"]]
    assert len(settled) >= 2 and placed[:2] == settled[:2]
    assert snap["alerts"] == []
