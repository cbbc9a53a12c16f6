"""The recorded 2-player Crypt game in sample_images/crypt-2p, replayed as `companion serve` does.

The frames are the hand-checked golden game tests/golden/crypt/two-players-full-with-illegal-
attempts.json (Ann 37, Ben 31) played on the mat by tools/make_crypt_samples.py: cards dealt
into the crypt, servant dice carried onto them with their effort on top, pushed off, rolled in
the roll area. One pass runs every frame through the watcher `companion serve --source
images:DIR` opens (the real TableWatcher, its dice reader, plus the folder's inputs.json)
inside the dashboard's Runtime. Checked: every die of every frame is read with its top face or
reported unread (never a wrong value), every die the game depends on is read, Ben's push-off
with a 2 against Ann's 2 is refused with its reason, Ann's Lights Out die on a second card is
refused, and the game ends with the hand-checked scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.model import Move
from companion.record import load_record

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_images" / "crypt-2p"
GOLDEN = ROOT / "tests" / "golden" / "crypt" / "two-players-full-with-illegal-attempts.json"
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="sample_images/crypt-2p missing")


def sidecar(index: int) -> dict:
    return json.loads((SAMPLES / f"{index:04d}.json").read_text())


class Checked:
    """The recorded watcher, checking each frame's dice against the frame's JSON."""

    def __init__(self, watcher):
        self.watcher = watcher
        self.frames = 0
        self.finished = False
        self.dice = self.unread = 0

    def step(self):
        step = self.watcher.step()
        self.finished = step.status.finished
        if step.status.frames_read > self.frames:
            self.frames = step.status.frames_read
            want = sidecar(self.frames - 1)
            readings = self.watcher.watcher.dice.last_readings
            truth = {(d["payload"], d["region"], d["value"]) for d in want["dice"]}
            for reading, _x, _y, region, _slot in readings:
                assert (reading.payload, region) in {(p, r) for p, r, _ in truth}, (
                    f"frame {self.frames - 1}: a {reading.payload} die invented in {region}"
                )
                if reading.value is None:
                    self.unread += 1
                else:  # never a wrong value: an unsure face is None
                    assert (reading.payload, region, reading.value) in truth, (
                        f"frame {self.frames - 1}: {reading} misread"
                    )
            self.dice += len(want["dice"])
            assert len(readings) <= len(want["dice"])
        return step

    def due_moves(self, session) -> list[Move]:
        return self.watcher.due_moves(session)

    def close(self) -> None:
        self.watcher.close()


def test_recorded_game_reads_every_die_refuses_the_push_off_and_scores_as_hand_checked(tmp_path):
    from web import create_app
    from web.camera import open_watcher
    from web.recording import load_recording

    record = load_record(GOLDEN)
    assert record.expected["scores"] == {"p0": 37, "p1": 31}  # the game the notes checked
    recording = load_recording(SAMPLES)
    assert list(recording.names) == ["Ann", "Ben"] and recording.game == "crypt"
    kinds = {i.move.kind for i in recording.inputs}
    assert kinds <= {"end_turn", "recover", "end_collect", "reroll"}, "only what no camera sees"
    app = create_app(
        {
            "db": str(tmp_path / "crypt.sqlite3"),
            "game": "crypt",
            "players": 2,
            "names": list(recording.names),
        }
    )
    runtime = app.extensions["companion_runtime"]
    checked = Checked(open_watcher(f"images:{SAMPLES}", "crypt", 2, preview_width=0))
    runtime.watcher = checked
    try:
        while not checked.finished:
            runtime.step_once()
    finally:
        runtime.close()

    session = runtime.session
    assert checked.frames == len(list(SAMPLES.glob("*.jpg")))
    assert checked.watcher.pending == 0, "every typed input was handed over"
    # Dice are read in almost every frame; a frame's unread die is read in the next ones.
    assert checked.unread <= checked.dice // 20, (checked.unread, checked.dice)

    # Every die the game depends on was read: each effort and each roll the camera saw.
    final = sidecar(len(list(SAMPLES.glob("*.jpg"))) - 1)
    camera = [
        m.to_dict() for m in session.moves if m.kind in ("place_die", "roll", "deal", "identify")
    ]
    wanted = [
        m for m in final["final_moves"] if m["kind"] in ("place_die", "roll", "deal", "identify")
    ]

    def essentials(m):
        return (
            m["kind"],
            m.get("player"),
            m.get("card"),
            m.get("effort"),
            m.get("value"),
            m.get("back"),
            m.get("index"),
        )

    assert [essentials(m) for m in camera] == [essentials(m) for m in wanted]
    assert all(
        m.get("effort") or m.get("value")
        for m in camera
        if m["kind"] != "deal" and m["kind"] != "identify"
    )

    # The refusals, with their reasons.
    refused = [v for v in session.verdicts if not v.accepted]
    codes = [[x.code for x in v.violations] for v in refused]
    assert codes == [["push_not_higher"], ["lights_out_one_card"]], codes
    push = refused[0].violations[0].message
    assert "Ann's dice there add up to 2" in push.en and "more than 2" in push.en
    assert "大於 2" in push.zh
    assert refused[1].source == "camera"  # the camera refused the second card at once

    # The hand-checked final scores.
    assert session.state.phase == "over"
    totals = {s.side: s.total for s in session.game.score(session.state)}
    assert totals == record.expected["scores"] == final["final_scores"]
    assert session.game.outcome(session.state).winners == ("p0",)
