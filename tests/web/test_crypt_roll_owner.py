"""Players roll their own dice (rules/crypt.md, Collect; seed 「玩家骰自己宣告在寶藏卡上的僕人骰子」):
a roll is recorded in its owner's name. The host may enter it for them and the log credits
the owner; a seat's phone may not roll somebody else's die, in either name."""

from __future__ import annotations

import pytest

from web import create_app
from web.roles import role_tokens, seat_token

HOST_TOKEN = "host-s3cret"


@pytest.fixture
def table(tmp_path):
    app = create_app(
        {
            "db": str(tmp_path / "c.db"),
            "host": "0.0.0.0",
            "token": HOST_TOKEN,
            "game": "crypt",
            "players": 2,
            "names": ["Amy", "Ben"],
        }
    )
    client = app.test_client()
    for move in (
        {"kind": "deal", "player": None, "card": "CRIDOL4A"},
        {"kind": "deal", "player": None, "card": "CRJEWL3A"},
        {"kind": "deal", "player": None, "back": "CRBPOTT"},
        {"kind": "claim", "player": 0, "placements": [{"card": 0, "dice": 1, "effort": 3}]},
        {"kind": "recover", "player": 1},
        {"kind": "recover", "player": 0},
    ):
        assert send(client, "host", move)["verdicts"][0]["accepted"], move
    yield client
    app.extensions["companion_runtime"].close()


def send(client, role: str, move: dict):
    token = seat_token(HOST_TOKEN, int(role[5:])) if role.startswith("seat-") else None
    headers = {"X-Companion-Token": token or role_tokens(HOST_TOKEN)[role]}
    state_id = client.get("/api/state", headers=headers).get_json()["state_id"]
    answer = client.post("/api/move", json={"state_id": state_id, "move": move}, headers=headers)
    return answer.get_json() | {"status": answer.status_code}


def amys_roll(player):
    return {"kind": "roll", "player": player, "card": 0, "value": 5}


def test_bens_phone_cannot_roll_amys_die_in_his_name_or_hers(table):
    as_ben = send(table, "seat-1", amys_roll(1))
    assert as_ben["status"] == 422 and as_ben["error"]["code"] == "rule_break"
    refusal = as_ben["error"]["violations"][0]
    assert refusal["code"] == "not_your_die" and "Amy" in refusal["message"]["en"]
    as_amy = send(table, "seat-1", amys_roll(0))
    assert as_amy["status"] == 403 and as_amy["error"]["code"] == "not_your_seat"
    waiting = table.get("/api/state", headers={"X-Companion-Token": HOST_TOKEN}).get_json()
    assert waiting["state"]["phase"] == "collect"  # Amy's die still waits for her roll
    assert waiting["state"]["rolls"][0]["value"] is None and waiting["current_players"] == [0]


def test_amy_rolls_her_own_die_or_the_host_enters_it_and_the_log_credits_amy(table):
    entered = send(table, "host", amys_roll(0))
    assert entered["verdicts"][0]["accepted"]
    assert entered["verdicts"][0]["text"]["en"].startswith("Amy rolls a 5")
    assert entered["state"]["state"]["phase"] == "reveal"


def test_amys_own_phone_rolls_her_die(table):
    own = send(table, "seat-0", amys_roll(0))
    assert own["verdicts"][0]["accepted"] and own["verdicts"][0]["move"]["player"] == 0
