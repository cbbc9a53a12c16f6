"""A recorded evening replays to the game it recorded: the bundled sample games recorded
with `companion record` from an images source at a chosen rate, then replayed with `companion
serve --source images:DIR` and measured with `companion bench vision --recording DIR`: the
same final scores, and a clean report for a game nobody corrected."""

from __future__ import annotations

import json
import signal
import time
import urllib.request

import pytest
from test_game_recording import bench  # the bench of a recording, through the CLI
from webhelpers import ServerProcess

from web import create_app
from web.camera import SAMPLES, open_watcher
from web.game_recorder import GameRecorder
from web.recording import load_recording

pytestmark = pytest.mark.slow


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def played_out(url: str, timeout: float = 240) -> dict:
    """The state once the source has finished and the game stands still (or is over)."""
    deadline = time.monotonic() + timeout
    state = get(url + "/api/state")
    while time.monotonic() < deadline:
        state = get(url + "/api/state")
        if state["camera"]["finished"]:
            time.sleep(1.0)  # the last step's declarations
            return get(url + "/api/state")
        time.sleep(0.5)
    raise AssertionError(f"the source did not finish: {state['camera']}")


def totals(state: dict) -> tuple:
    return state["over"], [score["total"] for score in state["scores"]]


def clean(report: dict) -> None:
    assert report["findings_text"] == [], report["printed"]
    assert report["correction_needed_at_frames"] == [] and report["never_settled"] == []
    assert report["pieces_right"] == report["pieces_compared"] > 0
    assert "a correction needed at frames: none" in report["printed"]


@pytest.mark.parametrize(
    "sample,game,players,names,fps",
    [
        ("musee-2p", "musee", 2, "Amy,Ben", "2"),  # the newcomer's: half the 4 a second
        ("cardcassonne-3p", "cardcassonne", 3, "Amy,Ben,Cy", "0.5"),  # half its 1 a second
    ],
)
def test_a_game_recorded_at_a_chosen_rate_replays_to_its_scores(
    tmp_path, sample, game, players, names, fps
):
    out = tmp_path / "evening"
    args = ["record", str(out), "--source", f"images:{SAMPLES / sample}", "--game", game]
    args += ["--players", str(players), "--names", names, "--fps", fps, "--mat-only"]
    server = ServerProcess([*args, "--port", "0"], tmp_path, timeout=60)
    try:
        original = played_out(server.url)
        server.proc.send_signal(signal.SIGINT)  # Ctrl-C
        output, _ = server.proc.communicate(timeout=60)
    finally:
        server.kill()
    assert "Recording saved" in output and totals(original)[0] is True, output
    recording = load_recording(out)
    assert recording.frames["kept"] >= recording.frames["kept_while_a_reading_settled"] > 0
    replay = ServerProcess(
        ["serve", "--source", f"images:{out}", "--game", game, "--players", str(players)]
        + ["--names", names, "--db", str(tmp_path / "replay.sqlite3"), "--port", "0"],
        tmp_path,
        timeout=60,
    )
    try:
        replayed = played_out(replay.url)
    finally:
        replay.kill()
    assert totals(replayed) == totals(original)
    clean(bench(out, tmp_path))


@pytest.mark.parametrize("recorded_by", ["yesterday", "today"])
def test_a_recording_stopped_as_the_last_cards_are_laid_replays_to_the_end(
    runtime, tmp_path, monkeypatch, recorded_by
):
    """The newcomer's recording: a camera stopped (Ctrl-C) right after the last card, MU09,
    was laid, kept at 2 of its 4 frames a second. Yesterday's recorder kept frames at that
    rate only: the last cards lie in its last kept frames alone, and the replay holds the
    last frame so they settle. Today's keeps every frame while a reading settles and the
    last one at the stop: it replays to the end even without the hold. Either way Ben's "I
    cannot play" after the last card is played, the game ends as it did, and the bench
    finds nothing to correct."""
    import vision.recorder

    out = tmp_path / "tuesday-musee"
    live = open_watcher(f"images:{SAMPLES / 'musee-2p'}", "musee", 2)
    live.watcher.source.config = live.watcher.source.config.model_copy(update={"hold_last": 0})
    runtime.watcher = live
    recorder = GameRecorder(runtime, out, 2.0, mat_only=True)
    recorder.start()
    if recorded_by == "yesterday":
        recorder.frames.busy = None
        monkeypatch.setattr(recorder.frames, "finish", lambda: None)
    else:
        monkeypatch.setattr(vision.recorder, "replay_hold_frames", lambda fps: 0)
    original = play_out(runtime)
    recorder.stop()
    assert original[0] is True, "the recorded game ended"
    recording = load_recording(out)
    if recorded_by == "yesterday":
        events = [e["after_frame"] for e in recording.log if e["record"]["type"] == "event"]
        assert max(events) >= recording.frames["kept"] - 2, "the last cards: in the last frames"
    app = create_app(
        {"db": str(tmp_path / "replay.sqlite3"), "game": "musee", "players": 2, "fresh": True}
    )
    replay = app.extensions["companion_runtime"]
    try:
        replay.watcher = open_watcher(f"images:{out}", "musee", 2)
        assert play_out(replay) == original
    finally:
        replay.close()
    if recorded_by == "yesterday":
        clean(bench(out, tmp_path))


def play_out(runtime, limit: int = 2000) -> tuple:
    for _ in range(limit):
        runtime.step_once()
        if runtime.camera.status.get("finished") and runtime.watcher.pending == 0:
            break
    for _ in range(3):
        runtime.step_once()
    session = runtime.session
    scores = [sum(line.points for line in side.lines) for side in session.game.score(session.state)]
    return session.game.is_over(session.state), scores, len(session.moves)
