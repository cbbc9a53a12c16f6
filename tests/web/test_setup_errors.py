"""An impossible set-up asked of the dashboard says what is wrong in the host's language.

For every game with set-up options: the new-game answer carries the game's own sentence in
both languages. The English (`message` and `text.en`) is the sentence scripts and logs have
always read; the Chinese names the option or the bad value, in Chinese words (beyond what the
request itself sent), never the catalogue's generic "could not be understood".
"""

from __future__ import annotations

import pytest
from test_screen_layouts import english_words

from web.errors import player_text

GENERIC = {
    player_text(400, code)["zh-TW"] for code in ("bad_request", "invalid_field", "companion")
}

# (game, players, options, the English sentence, what the Chinese sentence must contain,
#  Latin words the request itself sent, which the Chinese repeats as they were sent)
CASES = [
    # Musée: the only option the set-up page sends is the staircase layout
    (
        "musee",
        2,
        {"shuffle": True},
        "Musée has no set-up option 'shuffle'; the only one is 'staircases'",
        ["私藏美術館", "'shuffle'", "樓梯位置"],
        {"shuffle"},
    ),
    (
        "musee",
        2,
        {"staircases": "2,4,6"},
        "option 'staircases' must list the staircase columns of both token rows, "
        'e.g. {"T1": [2, 4, 6], "T2": [1, 3, 5]}',
        ["樓梯位置", "T1", "T2"],
        set(),
    ),
    (
        "musee",
        2,
        {"staircases": {"T1": [2, 4, 9], "T2": [1, 3, 5]}},
        "staircase column 9 in T1 must be between 1 and 6",
        ["樓梯", "9", "T1", "1 到 6"],
        set(),
    ),
    (
        "musee",
        3,
        {"staircases": {"T1": [2, 2], "T2": [1, 3, 5]}},
        "token row T1 needs 2 different staircase columns, got [2, 2]",
        ["T1", "2 個不同", "[2, 2]"],
        set(),
    ),
    # Mythe
    (
        "mythe",
        3,
        {"speed": 2},
        "Mythe has no set-up option 'speed'; options are share_only_drawn, heroes, hands, dummy",
        ["俠鼠神抽", "'speed'"],
        {"speed"},
    ),
    (
        "mythe",
        3,
        {"share_only_drawn": "yes"},
        "option 'share_only_drawn' must be true or false",
        ["只分出抽到的牌"],
        set(),
    ),
    (
        "mythe",
        3,
        {"heroes": ["red", "red", "blue"]},
        "option 'heroes' must name 3 different hero colours from red, blue, green, yellow, purple",
        ["3 種不同", "紅色", "紫色"],
        set(),
    ),
    (
        "mythe",
        3,
        {"hands": [0, 6, 7]},
        "option 'hands' must give 3 hand sizes of at least 1",
        ["手牌", "3 位", "1 張"],
        set(),
    ),
    (
        "mythe",
        3,
        {"hands": [4, 4, 4]},
        "the hands must add up to the 13 cards of the 3-player deck",
        ["13 張", "3 人"],
        set(),
    ),
    (
        "mythe",
        2,
        {"hands": [6, 6], "dummy": -1},
        "option 'dummy' must be the dummy deck's card count",
        ["額外牌組"],
        set(),
    ),
    (
        "mythe",
        3,
        {"dummy": 2},
        "only 2-player games have a dummy deck",
        ["2 人", "額外牌組"],
        set(),
    ),
    # Cardcassonne
    (
        "cardcassonne",
        2,
        {"shuffle": True},
        "Cardcassonne has no set-up option 'shuffle'; the options are 'dealer' and 'colours'",
        ["卡卡頌卡牌版", "'shuffle'", "發牌玩家"],
        {"shuffle"},
    ),
    (
        "cardcassonne",
        2,
        {"dealer": 5},
        "option 'dealer' must be a seat from 0 to 1, got 5",
        ["發牌玩家", "0 到 1", "5"],
        set(),
    ),
    (
        "cardcassonne",
        2,
        {"colours": ["red", "red"]},
        "option 'colours' must give each of the 2 players a different colour from: "
        "red, yellow, blue, green, black",
        ["2 位", "紅、黃、藍、綠、黑"],
        set(),
    ),
    (
        "cardcassonne",
        2,
        {"colours": ["red", {"pink": 1}]},
        "option 'colours' must give each of the 2 players a different colour from: "
        "red, yellow, blue, green, black",
        ["紅、黃、藍、綠、黑"],
        set(),
    ),
    # Crypt
    (
        "crypt",
        2,
        {"shuffle": True},
        "Crypt has no set-up option 'shuffle'; options are ['collectors', 'colours', 'leader']",
        ["皇家地窖", "'shuffle'", "收藏家卡", "玩家顏色", "起始火炬"],
        {"shuffle"},
    ),
    (
        "crypt",
        2,
        {"collectors": {"idols": "C"}},
        "option 'collectors' maps treasure types to 'A' or 'B', e.g. {\"idols\": \"B\"}",
        ["收藏家卡", "A 面", "B 面"],
        {"idols"},
    ),
    (
        "crypt",
        2,
        {"colours": ["red", "red"]},
        "option 'colours' needs 2 different colours from ['red', 'blue', 'green', 'yellow']",
        ["玩家顏色", "紅色、藍色、綠色、黃色", "2 種不同"],
        set(),
    ),
    (
        "crypt",
        3,
        {"leader": 5},
        "option 'leader' must be a seat from 0 to 2",
        ["起始火炬", "0 到 2"],
        set(),
    ),
    # Masterpiece (its set-up errors were the first to speak both languages)
    (
        "masterpiece",
        3,
        {"shuffle": True},
        "Masterpiece has no set-up option 'shuffle'; the options are 'banker' and 'pawns'",
        ["曠世鉅作", "'shuffle'", "銀行行長"],
        {"shuffle"},
    ),
    (
        "masterpiece",
        3,
        {"banker": 7},
        "option 'banker' must be a seat from 0 to 2",
        ["銀行行長", "0 到 2"],
        set(),
    ),
    (
        "masterpiece",
        3,
        {"pawns": [[1], [2], [3]]},
        "option 'pawns' must list 3 different pawn payloads from "
        "['MPPAWN1', 'MPPAWN2', 'MPPAWN3', 'MPPAWN4', 'MPPAWN5', 'MPPAWN6']",
        ["3 個不同", "MPPAWN1"],
        set(),
    ),
]


@pytest.mark.parametrize(
    "game, players, options, en, zh_has, sent",
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_an_impossible_setup_says_what_is_wrong_in_both_languages(
    client, game, players, options, en, zh_has, sent
):
    before = client.get("/api/state").get_json()
    refused = client.post(
        "/api/new-game", json={"game": game, "players": players, "options": options}
    )
    assert refused.status_code == 400, refused.get_data(as_text=True)
    error = refused.get_json()["error"]
    assert error["message"] == en and error["text"]["en"] == en
    zh = error["text"]["zh-TW"]
    assert zh not in GENERIC
    for part in zh_has:
        assert part in zh, (part, zh)
    assert {w.strip("'") for w in english_words(zh)} <= sent, zh
    after = client.get("/api/state").get_json()
    assert (after["game_id"], after["state_id"]) == (before["game_id"], before["state_id"])


@pytest.mark.parametrize(
    "game, players, options",
    [
        ("musee", 3, {"staircases": {"T1": [3, 5], "T2": [1, 2, 5]}}),
        ("musee", 2, {"staircases": [[1, 2, 3], [4, 5, 6]]}),
        (
            "mythe",
            2,
            {"share_only_drawn": True, "heroes": ["purple", "red"], "hands": [5, 4], "dummy": 4},
        ),
        ("cardcassonne", 3, {"dealer": 2, "colours": ["black", "red", "blue"]}),
        ("masterpiece", 3, {"banker": 1, "pawns": ["MPPAWN4", "MPPAWN1", "MPPAWN2"]}),
    ],
)
def test_a_possible_setup_with_options_starts_the_game(client, game, players, options):
    started = client.post(
        "/api/new-game", json={"game": game, "players": players, "options": options}
    )
    assert started.status_code == 200, started.get_data(as_text=True)
    assert started.get_json()["setup"]["options"] == options
