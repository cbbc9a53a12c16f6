"""`companion record` on image and video sources (there is no webcam here): the real server
keeps the frames, what the camera read and a player's correction; `companion bench vision
--recording` replays the folder and reports the correction as a misread; the folder replays
like any recorded game (`--source images:DIR`, `companion demo`)."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import cv2
import numpy as np
import pytest
from webhelpers import ServerProcess

from web.camera import SAMPLES, open_watcher
from web.recording import confirmed_tables, load_recording

pytestmark = pytest.mark.slow
FRAMES = 28  # the sample game's first six placements (frames 0-27)
READ_LAST = "MU38"  # what the camera reads in museum1 gallery 0 space 5 ...
CONFIRMED_LAST = "MU39"  # ... and what the players say lies there (the deliberate misread)


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


@pytest.fixture(scope="module")
def sample_frames(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("frames")
    for index in range(FRAMES):
        shutil.copy(SAMPLES / "musee-2p" / f"{index:04d}.jpg", folder)
    return folder


def wait_until_finished(url: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = get(url + "/api/state")
        if state["camera"]["finished"]:
            return state
        time.sleep(0.5)
    raise AssertionError(f"the source did not finish: {state['camera']}")


def record(tmp_path: Path, source: str, *options: str) -> tuple[Path, ServerProcess]:
    out = tmp_path / "evening"
    server = ServerProcess(
        ["record", str(out), "--source", source, "--names", "Amy,Ben", "--port", "0", *options],
        tmp_path,
        timeout=60,
    )
    return out, server


def stop(server: ServerProcess) -> str:
    server.proc.send_signal(signal.SIGTERM)
    output, _ = server.proc.communicate(timeout=30)
    assert server.proc.returncode == 0, output
    return output


def bench(folder: Path, tmp_path: Path) -> dict:
    report_file = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "-m", "companion", "bench", "vision", "--recording", str(folder)]
        + ["--json", str(report_file)],
        capture_output=True,
        text=True,
        timeout=600,  # a long recording (Cardcassonne, 192 frames) on a loaded machine
    )
    assert result.returncode == 0, result.stderr
    (report,) = json.loads(report_file.read_text())
    report["printed"] = result.stdout
    return report


@pytest.fixture(scope="module")
def corrected_recording(sample_frames, tmp_path_factory):
    """An evening recorded from an image folder, every frame kept, in which the players
    corrected the last card the camera read (their word against the camera's)."""
    tmp_path = tmp_path_factory.mktemp("record")
    out, server = record(tmp_path, f"images:{sample_frames}", "--fps", "10")
    try:
        state = wait_until_finished(server.url)
        read = {p["payload"]: p["where"] for p in state["table"]}
        assert read[READ_LAST]["region"] == "museum1" and read[READ_LAST]["slot"] == [0, 5]
        status, answer = post(
            server.url + "/api/correct",
            {
                "state_id": state["state_id"],
                "action": "add",
                "payload": CONFIRMED_LAST,
                "region": "museum1",
                "slot": [0, 5],
            },
        )
        assert status == 200, answer
        output = stop(server)
    finally:
        server.kill()
    return out, output, tmp_path


def test_record_keeps_every_frame_the_reads_and_the_correction(corrected_recording):
    out, output, _ = corrected_recording
    assert "Recording saved: 28 frames" in output
    assert len(list(out.glob("*.jpg"))) == FRAMES
    recording = load_recording(out)
    assert (recording.version, recording.game, recording.players) == (2, "musee", 2)
    assert recording.names == ("Amy", "Ben") and recording.fps == 10
    tables = confirmed_tables(recording)
    assert [t.moves for t in tables] == [1, 2, 3, 4, 5, 6]
    last = {(p[1], p[2]): p[0] for p in tables[-1].pieces if p[3] == "card"}
    assert last[("museum1", (0, 5))] == CONFIRMED_LAST, "the players' word is the confirmed one"
    sources = [
        (e["record"]["event"]["source"], e["record"]["event"]["type"])
        for e in recording.log
        if e["record"]["type"] == "event"
    ]
    assert ("camera", "card_added") in sources
    assert ("manual", "card_removed") in sources and ("manual", "card_added") in sources
    assert recording.frames["kept"] == FRAMES and recording.frames["mat_only"] is False


def test_the_bench_reports_the_misread_where_the_players_corrected_it(corrected_recording):
    out, _, tmp_path = corrected_recording
    report = bench(out, tmp_path)
    assert report["misread"] == 1 and report["missed"] == report["extra"] == 0
    (finding,) = report["findings"]
    assert finding == {
        "frame": FRAMES - 1,
        "kind": "misread",
        "payload": CONFIRMED_LAST,
        "region": "museum1",
        "slot": [0, 5],
        "read": READ_LAST,
    }
    assert report["pieces_right"] == report["pieces_compared"] - 1
    assert report["tables_exact"] == 5 and report["correction_needed_at_frames"] == [FRAMES - 1]
    assert report["corrected_while_recording_at_frames"] == [FRAMES - 1]
    assert report["settle_s"]["max"] <= 0.5  # 3 of 5 frames at 10 a second
    assert "read MU38, confirmed MU39" in report["printed"]


def test_the_recording_replays_like_any_recorded_game(corrected_recording, runtime):
    """What `companion demo` and `--source images:DIR` do with the folder: the same frames at
    the recording's rate, read by the pipeline into the same six placements."""
    out, _, _ = corrected_recording
    watcher = open_watcher(f"images:{out}", "musee", 2)
    assert watcher.recording.version == 2
    runtime.watcher = watcher
    for _ in range(FRAMES + 2):
        runtime.step_once()
    watcher.close()
    assert runtime.camera.status["frames_read"] == FRAMES
    cards = {p.payload: p.where for p in runtime.session.table.values() if p.kind == "card"}
    assert cards[READ_LAST].region == "museum1" and cards[READ_LAST].slot == (0, 5)
    assert len(runtime.session.moves) == 6


def test_a_video_recorded_with_the_mat_only_keeps_no_pixel_beside_the_mat(sample_frames, tmp_path):
    video = tmp_path / "evening.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 4, (1920, 1080))
    for path in sorted(sample_frames.glob("*.jpg")):
        frame = cv2.imread(str(path))
        frame[:60, :300] = (40, 90, 200)  # a face in the corner of the room, beside the mat
        writer.write(frame)
    writer.release()
    out, server = record(tmp_path, f"video:{video}", "--fps", "4", "--mat-only")
    try:
        wait_until_finished(server.url)
        output = stop(server)
    finally:
        server.kill()
    recording = load_recording(out)
    kept = sorted(out.glob("*.jpg"))
    assert recording.frames["mat_only"] is True
    # the first frame is read before the mat is found: it is not kept at all
    assert recording.frames["withheld_until_the_mat_was_found"] == 1
    assert len(kept) == FRAMES - 1 and f"{FRAMES - 1} frames" in output
    first = cv2.imread(str(kept[0]))
    x0, y0 = recording.frames["crops"][0]
    assert first.shape[0] < 1080 and first.shape[1] <= 1920
    assert y0 > 60, "the corner of the room (the face) is cropped away"
    assert first[0, 0].max() < 30 and first[0, -1].max() < 30, "beside the mat: black"
    report = bench(out, tmp_path)
    # the cropped frames still calibrate on the mat's markers and read every card
    assert report["pieces_compared"] > 100
    assert report["pieces_right"] == report["pieces_compared"]
    assert report["misread"] == report["missed"] == report["extra"] == 0


def test_record_refuses_a_folder_that_holds_something(tmp_path, sample_frames):
    (tmp_path / "evening").mkdir()
    (tmp_path / "evening" / "notes.txt").write_text("mine")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "record", str(tmp_path / "evening")]
        + ["--source", f"images:{sample_frames}", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "is not empty" in result.stderr
    assert (tmp_path / "evening" / "notes.txt").read_text() == "mine"


def test_the_bench_replays_a_bundled_recording_against_its_frames_truth(tmp_path):
    """A version 1 recording (rendered frames with their truth files) is measured too."""
    folder = tmp_path / "short"
    folder.mkdir()
    for index in range(12):
        for suffix in (".jpg", ".json"):
            shutil.copy(SAMPLES / "musee-2p" / f"{index:04d}{suffix}", folder)
    shutil.copy(SAMPLES / "musee-2p" / "inputs.json", folder)
    report = bench(folder, tmp_path)
    assert report["confirmed_tables"] == 3  # the set-up and two placements
    assert report["pieces_right"] == report["pieces_compared"] > 48
    assert np.isclose(report["share_right"], 1.0)
