"""The recorded 3-player Mythe game in sample_images/mythe-3p, replayed through the camera.

Every frame goes through the real TableWatcher (calibration from the mat markers, QR cards,
ArUco hero tokens, tracker) into a Session; the moves the camera cannot see ("stop drawing",
the share hand counts) are played from the frame JSON in order, as the dashboard buttons
would. Checked: each frame is recognised as its JSON says (cards under a hand may be missed,
never invented); before each new action every hero stands where the hand-checked transcript
(tests/golden/mythe/three-players-camera.json) puts it; the camera's wrong hero placements
are refused with the transcript's reasons; and Bo, who revealed the sword, beats the dragon.
Regenerate the frames with `python tools/make_mythe_samples.py`.
"""

import json
from pathlib import Path

import pytest

from companion.model import Move, Setup
from companion.session import Session
from vision.pipeline import TableWatcher
from vision.sources import open_source

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_images" / "mythe-3p"
GOLDEN = ROOT / "tests" / "golden" / "mythe" / "three-players-camera.json"
DECLARED = {"stop", "share"}  # moves made on the dashboard, not on the table
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="sample_images/mythe-3p missing")


def expected(name: str) -> dict:
    return json.loads((SAMPLES / f"{Path(name).stem}.json").read_text(encoding="utf-8"))


def pieces(items: list[dict]) -> set:
    return {
        (c["payload"], c["region"], tuple(c["slot"]) if c["slot"] is not None else None)
        for c in items
    }


def test_mythe_game_replayed_from_frames_moves_every_hero_as_the_transcript_says():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    source = open_source(f"images:{SAMPLES}?fps=1000")
    watcher = TableWatcher(source, "mythe", 3, preview_width=0)
    session = Session("mythe", Setup.from_dict(golden["setup"]))
    rejected: list[list[str]] = []
    frames = checkpoints = 0
    while not source.status().finished:
        frame = source.read()
        if frame is None:
            continue
        want = expected(frame.name)
        frames += 1
        for move in want["moves"][len(session.moves) :]:
            if move["kind"] not in DECLARED:
                break  # the camera has not settled an earlier move yet
            verdict = session.play(Move.from_dict(move), source="demo")
            assert verdict.accepted, (frame.name, verdict.to_dict())
        if want["hand"]:
            # A hand starts the next action: everything before it has settled.
            assert [m.to_dict() for m in session.moves] == want["moves"], frame.name
            assert list(session.state.positions) == want["positions"], frame.name
            checkpoints += 1
        step = watcher.process(frame.image, want["t"])
        seen = {(d.payload, d.region, d.slot) for d in watcher._last_seen.detections}
        on_table = pieces(want["cards"]) | pieces(want["tokens"])
        visible = {p for p in on_table if p[0] not in want["hidden"]}
        assert seen <= on_table, f"{frame.name}: invented {seen - on_table}"
        assert visible <= seen, f"{frame.name}: missed {visible - seen}"
        for event in step.events:
            for verdict in session.observe(event):
                if not verdict.accepted:
                    rejected.append([v.code for v in verdict.violations])

    final = expected(sorted(SAMPLES.glob("[0-9]*.json"))[-1].name)
    assert frames == len(list(SAMPLES.glob("*.jpg"))) and checkpoints > 50
    assert [m.to_dict() for m in session.moves] == final["moves"]
    # The hand-checked transcript: where every hero ends, the refusals, the winner.
    assert list(session.state.positions) == golden["expected"]["positions"]
    assert rejected == [r["codes"] for r in golden["expected"]["rejections"]]
    outcome = session.game.outcome(session.state)
    assert outcome is not None and list(outcome.winners) == golden["expected"]["winners"] == ["p1"]
    assert session.state.revealed == "MYSWORD" and session.state.winner == 1
    reveal = next(m for m in session.moves if m.kind == "reveal")
    assert reveal.player == 1 and reveal["card"] == "MYSWORD"
    assert session.moves[-1] == Move("move", 1, {"to": session.game.dragon})
    assert final["final"] == {"positions": golden["expected"]["positions"], "winner": 1}


def test_frames_are_full_hd_and_the_folder_stays_small():
    import cv2

    jpgs = sorted(SAMPLES.glob("*.jpg"))
    for path in (jpgs[0], jpgs[len(jpgs) // 2], jpgs[-1]):
        assert cv2.imread(str(path)).shape == (1080, 1920, 3)
    size = sum(p.stat().st_size for p in SAMPLES.iterdir())
    assert size < 15.5e6, f"{size / 1e6:.1f} MB"


def test_the_dashboard_runtime_plays_the_folder_to_the_dragon_win(tmp_path):
    """What `companion serve --source images:sample_images/mythe-3p` runs: the dashboard's
    own camera thread over the frames, with the recording's inputs.json pressed in turn."""
    import time

    from web import create_app
    from web.camera import open_watcher

    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    app = create_app(
        {
            "db": str(tmp_path / "g.sqlite3"),
            "game": "mythe",
            "players": 3,
            "names": golden["setup"]["names"],
        }
    )
    runtime = app.extensions["companion_runtime"]
    runtime.attach_watcher(open_watcher(f"images:{SAMPLES}", "mythe", 3), "mythe-3p")
    try:
        deadline = time.monotonic() + 120
        while not runtime.camera.status.get("finished") and time.monotonic() < deadline:
            time.sleep(0.2)
        with runtime.lock:
            session = runtime.session
            assert runtime.camera.status.get("finished")
            assert list(session.state.positions) == golden["expected"]["positions"]
            refused = [
                [v.code for v in verdict.violations]
                for verdict in session.verdicts
                if not verdict.accepted
            ]
            assert refused == [r["codes"] for r in golden["expected"]["rejections"]]
            outcome = session.game.outcome(session.state)
            assert outcome is not None and list(outcome.winners) == ["p1"]
            sources = {v.source for v in session.verdicts if v.move is not None}
            assert {"camera", "demo"} <= sources
    finally:
        runtime.close()
