"""`companion demo --simulated --game GAME` plays GAME: the recorded tables of its bundled
game without the camera pipeline. It once played the scripted Musée game whatever the game
(a Masterpiece table on the café page showed Musée's cards; walk-through finding)."""

from __future__ import annotations

import json

import pytest

from companion.model import Setup
from companion.session import Session
from web.camera import sample_recordings
from web.recording import RecordedInputs, load_recording
from web.simulated import SimulatedTable

RECORDED = sorted(slug for slug in sample_recordings() if slug != "musee")


def played(slug: str) -> tuple[Session, list[dict]]:
    folder = sample_recordings()[slug]
    recording = load_recording(folder)
    session = Session(slug, Setup(recording.players, recording.names, recording.options))
    table = SimulatedTable(folder, slug, recording.players, pictures=False)
    watcher = RecordedInputs(table, recording)
    while True:
        step = watcher.step()
        if step.status.finished:
            break
        for event in step.events:
            session.observe(event)
        for move in watcher.due_moves(session):
            session.play(move, source="demo")
    for move in watcher.due_moves(session):  # inputs after the last frame
        session.play(move, source="demo")
    last = sorted(folder.glob("[0-9]*.json"))[-1]
    return session, json.loads(last.read_text(encoding="utf-8"))["moves"]


@pytest.mark.parametrize("slug", RECORDED)
def test_the_simulated_table_plays_the_recorded_game_of_the_chosen_game(slug):
    session, truth = played(slug)
    assert session.game.info.slug == slug
    made = [m.to_dict() for m in session.moves]
    assert len(made) >= len(truth) * 0.9, (len(made), len(truth))
    kinds = {m["kind"] for m in made}
    assert "place" not in kinds or slug == "musee"  # Musée's move, not this game's
    assert {m["kind"] for m in truth} <= kinds | {"deal"}


def test_demo_simulated_masterpiece_serves_a_masterpiece_table(start_server):
    pytest.importorskip("PIL")
    server = start_server(
        "demo", "--simulated", "--game", "masterpiece", "--port", "0", "--pace", "0.05"
    )
    assert any("masterpiece" in line.lower() for line in server.lines), server.lines
    assert not any("Musée" in line for line in server.lines if "Playing" in line)
    import time
    import urllib.request

    for _ in range(100):
        with urllib.request.urlopen(server.url + "/api/state", timeout=10) as response:
            state = json.loads(response.read())
        if len(state["log"]) >= 5:
            break
        time.sleep(0.1)
    assert len(state["log"]) >= 5
    with urllib.request.urlopen(server.url + "/api/preview.jpg", timeout=10) as answer:
        assert answer.read().startswith(b"\xff\xd8")
    assert all("MU" not in json.dumps(entry) for entry in state["log"])
