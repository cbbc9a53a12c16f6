"""Correcting a placed Musée card by taps with no camera (walk-through: the correction got
stuck). The host taps an occupied space and picks another card: if that card's placement
was the last move it is replaced; otherwise one refusal in words, and nothing changes: no
phantom "left its space" alert, no log line without words, no ghost card on the table."""

from __future__ import annotations

from webhelpers import add_by_hand, post, state_id


def add(client, card: str, region: str, slot: list):
    return add_by_hand(client, card, region, slot)


def lay(client, player: int, card: str, gallery: int, space: int):
    move = {"kind": "place", "player": player, "card": card, "museum": player}
    move.update(gallery=gallery, space=space)
    assert post(client, "/api/move", state_id(client), move=move).status_code == 200


def test_replacing_a_card_laid_before_the_last_move_is_one_refusal_in_words(client, runtime):
    assert runtime.watcher is None
    for card, region, slot in [("MU01", "museum0", [0, 0]), ("MU30", "museum1", [0, 0])]:
        assert add(client, card, region, slot).status_code == 200
    assert add(client, "MU03", "museum0", [0, 1]).status_code == 200
    before = client.get("/api/state").get_json()
    answer = add(client, "MU31", "museum1", [0, 0])
    assert answer.status_code == 422
    violations = answer.get_json()["error"]["violations"]
    assert [v["code"] for v in violations] == ["correction_after_later_moves"]
    assert "30 Buildings" in violations[0]["message"]["en"]
    assert "復原" in violations[0]["message"]["zh-TW"]
    snap = client.get("/api/state").get_json()
    assert snap["log"] == before["log"] and snap["alerts"] == []
    assert sorted(p["payload"] for p in snap["table"]) == ["MU01", "MU03", "MU30"]
    assert snap["state"]["museums"][1]["galleries"][0][0]["card"] == "MU30"
    assert len(runtime.session.records) == len(before["log"]) + 1  # nothing logged


def test_replacing_the_card_of_the_last_move_undoes_it_and_lays_the_right_one(client, runtime):
    assert add(client, "MU01", "museum0", [0, 0]).status_code == 200
    assert add(client, "MU30", "museum1", [0, 0]).status_code == 200
    assert add(client, "MU31", "museum1", [0, 0]).status_code == 200
    snap = client.get("/api/state").get_json()
    assert snap["state"]["museums"][1]["galleries"][0][0]["card"] == "MU31"
    assert sorted(p["payload"] for p in snap["table"]) == ["MU01", "MU31"]
    assert snap["alerts"] == []
    assert all(v["text"] or v["note"] for v in snap["log"])  # every log line has words


def test_a_refused_card_by_hand_leaves_no_ghost_and_no_lasting_alert(client, runtime):
    """A painting laid from a phone is not on the hand table: picking another card for its
    space is refused (the space holds it) and 31 never lies there as a red ghost, and no
    alert stays after later moves."""
    lay(client, 0, "MU01", 0, 0)
    lay(client, 1, "MU30", 0, 0)
    lay(client, 0, "MU02", 0, 1)
    answer = add(client, "MU31", "museum1", [0, 0])
    assert answer.status_code == 422
    assert [v["code"] for v in answer.get_json()["error"]["violations"]] == ["space_occupied"]
    lay(client, 1, "MU35", 0, 1)
    snap = client.get("/api/state").get_json()
    assert snap["table"] == [] and snap["alerts"] == []
    assert [v["accepted"] for v in snap["log"]] == [True, True, True, True]
