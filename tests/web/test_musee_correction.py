"""Correcting a placed Musée card by taps with no camera (walk-through: the correction got
stuck). The host taps an occupied space and picks another card: if that card's placement
was the last move it is replaced (one laid before it: tests/web/test_musee_replace.py); a
refusal is one sentence, and nothing changes: no phantom "left its space" alert, no log line
without words, no ghost card on the table."""

from __future__ import annotations

from webhelpers import add_by_hand, post, state_id


def add(client, card: str, region: str, slot: list):
    return add_by_hand(client, card, region, slot)


def lay(client, player: int, card: str, gallery: int, space: int):
    move = {"kind": "place", "player": player, "card": card, "museum": player}
    move.update(gallery=gallery, space=space)
    assert post(client, "/api/move", state_id(client), move=move).status_code == 200


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
