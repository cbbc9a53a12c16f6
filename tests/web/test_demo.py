"""`companion demo`'s cameras: the scripted stand-in and the recorded sample game."""

from __future__ import annotations

import pytest
from webhelpers import FakeWatcher

from companion.games import find_game
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
    recorded = RecordedGameWatcher(FakeWatcher([]), SAMPLE_GAME)
    session = Session("musee", Setup(2, ("Amy", "Ben")))
    assert recorded.due_moves(session) == []
    game = find_game("musee")
    while sum(1 for m in session.moves if m.kind == "place") < 22:
        move = next(m for m in game.legal_moves(session.state) if m.kind == "place")
        session.play(move)
    due = recorded.due_moves(session)
    assert due == [Move("cannot_play", 0)]
    assert recorded.due_moves(session) == [], "each declaration is handed over once"


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
    placed = [v["move"]["card"] for v in snap["log"] if v["accepted"] and v["move"]]
    assert placed[:2] == ["MU21", "MU24"] and snap["alerts"] == []
