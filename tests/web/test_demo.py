"""`companion demo`'s cameras: the scripted stand-in and the recorded sample game."""

from __future__ import annotations

import pytest
from webhelpers import FakeWatcher

from companion.model import Move, Setup
from companion.session import Session
from web.camera import SAMPLE_GAME, pipeline_available, sample_frames_available
from web.demo import RecordedGameWatcher, ScriptedWatcher, musee_script


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
    import json

    final = json.loads(sorted(SAMPLE_GAME.glob("*.json"))[-1].read_text(encoding="utf-8"))
    moves = final.get("moves", [])
    declared = [i for i, m in enumerate(moves) if m["kind"] != "place"]
    if not declared:
        pytest.skip("the sample game declares nothing")
    before = sum(1 for m in moves[:declared[0]] if m["kind"] == "place")
    recorded = RecordedGameWatcher(FakeWatcher([]), SAMPLE_GAME)
    session = Session("musee", Setup(2, ("Amy", "Ben")))
    for data in moves[:declared[0]]:
        assert recorded.due_moves(session) == [], "too early: placements are still missing"
        session.play(Move.from_dict(data))
    assert recorded.due_moves(session) == [Move.from_dict(moves[declared[0]])]
    assert recorded.due_moves(session) == [], "each declaration is handed over once"
    assert before == sum(1 for m in session.moves if m.kind == "place")


@pytest.mark.slow
@pytest.mark.skipif(not (sample_frames_available() and pipeline_available()),
                    reason="needs the vision pipeline and sample_images/musee-2p")
def test_the_first_recorded_frames_reach_the_dashboard(runtime):
    from web.camera import open_watcher

    watcher = open_watcher(f"images:{SAMPLE_GAME}", "musee", 2)  # unpaced: as fast as read
    runtime.watcher = RecordedGameWatcher(watcher, SAMPLE_GAME)
    for _ in range(16):  # set-up plus the first two placements
        runtime.step_once()
    snap = runtime.snapshot()
    assert snap["camera"]["calibrated"] and snap["camera"]["has_preview"]
    import json

    expected = json.loads(sorted(SAMPLE_GAME.glob("*.json"))[15].read_text(encoding="utf-8"))
    settled = [m["card"] for m in expected["moves"] if m["kind"] == "place"]
    placed = [v["move"]["card"] for v in snap["log"] if v["accepted"] and v["move"]]
    assert len(settled) >= 2 and placed[:2] == settled[:2]
    assert snap["alerts"] == []
