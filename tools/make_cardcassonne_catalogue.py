"""Writes companion/data/cards/cardcassonne.json: the 130 cards, their back and the followers.

Payloads: CC + row colour letter (Y R G B) + number 01-30 per colour (01-16 persons: 01-08
value 1, 09-13 value 2, 14-16 value 3; 17-21 buildings; 22-30 animals); CCDRAGON, CCFAIRY,
CCJA1-CCJA4 animal jokers, CCJB1-CCJB4 building jokers; every card shares the back CCBACK.
Followers: CCF{n}L (large, claims a row) and CCF{n}S (small, score marker) for the five
player colours, ArUco markers 110-119 (120-129 stay free for later Cardcassonne tokens).

Kept so the catalogue can be regenerated; the JSON is the data the program reads.
"""

from catalogue_file import write_catalogue

COLOURS = [
    ("Y", "yellow", "Yellow", "黃"),
    ("R", "red", "Red", "紅"),
    ("G", "green", "Green", "綠"),
    ("B", "blue", "Blue", "藍"),
]
PERSON_VALUES = [1] * 8 + [2] * 5 + [3] * 3  # 16 person cards per colour
PLAYER_COLOURS = [
    ("red", "Red", "紅"),
    ("yellow", "Yellow", "黃"),
    ("blue", "Blue", "藍"),
    ("green", "Green", "綠"),
    ("black", "Black", "黑"),
]
FIRST_MARKER = 110


def card(payload, card_id, en, zh, face):
    return {
        "payload": payload,
        "card": card_id,
        "name": {"en": en, "zh-TW": zh},
        "face": face,
        "back": "CCBACK",
    }


cards = []
for letter, colour, en_colour, zh_colour in COLOURS:
    number = 0
    for value in PERSON_VALUES:
        number += 1
        cards.append(
            card(
                f"CC{letter}{number:02d}",
                f"{colour}-person-{value}",
                f"{en_colour} person {value}",
                f"{zh_colour}色人民卡 {value}",
                {"colour": colour, "type": "person", "value": value},
            )
        )
    for _ in range(5):
        number += 1
        cards.append(
            card(
                f"CC{letter}{number:02d}",
                f"{colour}-building",
                f"{en_colour} building",
                f"{zh_colour}色建築物卡",
                {"colour": colour, "type": "building"},
            )
        )
    for _ in range(9):
        number += 1
        cards.append(
            card(
                f"CC{letter}{number:02d}",
                f"{colour}-animal",
                f"{en_colour} animal",
                f"{zh_colour}色動物卡",
                {"colour": colour, "type": "animal"},
            )
        )
cards.append(
    card("CCDRAGON", "dragon", "Dragon joker", "火龍萬用卡", {"colour": None, "type": "dragon"})
)
cards.append(
    card("CCFAIRY", "fairy", "Fairy joker", "精靈萬用卡", {"colour": None, "type": "fairy"})
)
for n in range(1, 5):
    cards.append(
        card(
            f"CCJA{n}",
            "animal-joker",
            "Animal joker",
            "動物萬用卡",
            {"colour": None, "type": "animal_joker"},
        )
    )
for n in range(1, 5):
    cards.append(
        card(
            f"CCJB{n}",
            "building-joker",
            "Building joker",
            "建築物萬用卡",
            {"colour": None, "type": "building_joker"},
        )
    )
assert len(cards) == 130

backs = [
    {"payload": "CCBACK", "card": "back", "name": {"en": "Card back", "zh-TW": "卡背"}, "face": {}}
]

tokens = []
for index, (colour, en, zh) in enumerate(PLAYER_COLOURS, start=1):
    marker = FIRST_MARKER + 2 * (index - 1)
    tokens.append(
        {
            "payload": f"CCF{index}L",
            "card": f"follower-{colour}",
            "name": {"en": f"{en} large follower", "zh-TW": f"{zh}色大玩家指示物"},
            "face": {"player_colour": colour, "size": "large"},
            "marker": marker,
        }
    )
    tokens.append(
        {
            "payload": f"CCF{index}S",
            "card": f"marker-{colour}",
            "name": {"en": f"{en} small follower", "zh-TW": f"{zh}色小玩家指示物"},
            "face": {"player_colour": colour, "size": "small"},
            "marker": marker + 1,
        }
    )

out = write_catalogue("cardcassonne", cards=cards, backs=backs, tokens=tokens)
print(f"wrote {out}")
