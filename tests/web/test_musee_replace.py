"""Musée, no camera: the host replaces a misread card laid before the last move in one tap, as
on a real table (walk-through: the dashboard said to undo back to it). The game is re-judged
from the log with the corrected card: the moves back to it are undone, the right card is
laid, and every later move is played again. Where the corrected card makes a later move
illegal the replacement is refused in words and nothing changes: nothing logged, no alert."""

from __future__ import annotations

from test_musee_correction import add

from companion.session import Session


def cards(snap, museum: int) -> list:
    return [c and c["card"] for c in snap["state"]["museums"][museum]["galleries"][0]]


def test_a_card_laid_before_the_last_move_is_replaced_and_the_game_rejudged(client, runtime):
    assert runtime.watcher is None
    for card, region, slot in [
        ("MU01", "museum0", [0, 0]),
        ("MU30", "museum1", [0, 0]),
        ("MU03", "museum0", [0, 1]),
    ]:
        assert add(client, card, region, slot).status_code == 200
    before = client.get("/api/state").get_json()
    answer = add(client, "MU31", "museum1", [0, 0])
    assert answer.status_code == 200, answer.get_json()
    snap = client.get("/api/state").get_json()
    assert cards(snap, 1)[0] == "MU31" and cards(snap, 0)[:2] == ["MU01", "MU03"]
    assert sorted(p["payload"] for p in snap["table"]) == ["MU01", "MU03", "MU31"]
    assert snap["alerts"] == []
    assert snap["current_players"] == before["current_players"]  # Ben to play, as before
    assert all(line["text"] or line["note"] for line in snap["log"])  # every line in words
    assert any("31" in (line["note"] or line["text"])["en"] for line in snap["log"][-3:])
    rebuilt = Session.replay(runtime.session.records)
    assert rebuilt.state == runtime.session.state and not rebuilt.alerts


def test_a_replacement_a_later_move_forbids_is_refused_in_words(client, runtime):
    for card, region, slot in [
        ("MU05", "museum0", [0, 0]),
        ("MU30", "museum1", [0, 0]),
        ("MU07", "museum0", [0, 1]),  # 7 right of 5; right of a 9 it could not lie
    ]:
        assert add(client, card, region, slot).status_code == 200
    before = client.get("/api/state").get_json()
    records = len(runtime.session.records)
    answer = add(client, "MU09", "museum0", [0, 0])
    assert answer.status_code == 422
    violations = answer.get_json()["error"]["violations"]
    assert [v["code"] for v in violations] == ["replacement_breaks_later_move"]
    message = violations[0]["message"]
    assert "9" in message["en"] and "7" in message["en"], message["en"]
    assert "9" in message["zh-TW"] and "。" in message["zh-TW"], message["zh-TW"]
    snap = client.get("/api/state").get_json()
    assert snap["log"] == before["log"] and snap["alerts"] == []
    assert cards(snap, 0)[:2] == ["MU05", "MU07"]
    assert sorted(p["payload"] for p in snap["table"]) == ["MU05", "MU07", "MU30"]
    assert len(runtime.session.records) == records  # nothing logged
