"""Writes companion/data/cards/mythe.json: the placeholder adventure deck, its back, and the
hero and dragon tokens.

The real card list was not found in any public source: every card's face says
"unverified": true, and the deck (counts, numbers, 4+ / 5+ marks) mirrors the placeholder in
shared/rules/mythe.md and companion/data/games/mythe.json. Regenerate after changing either.
"""

from catalogue_file import write_catalogue

cards = []


def card(payload, card_id, en, zh, face):
    cards.append(
        {
            "payload": payload,
            "card": card_id,
            "name": {"en": en, "zh-TW": zh},
            "face": {**face, "unverified": True},
            "back": "MYBACK",
        }
    )


# Number cards: the number is the adventure points. min_players 4 = marked "4+", 5 = "5+".
for number, copies in ((1, 3), (2, 3), (3, 2)):
    for copy in range(copies):
        letter = "ABCDEFGH"[copy]
        card(
            f"MYN{number}{letter}",
            f"number{number}",
            f"Adventure {number}",
            f"冒險 {number}",
            {"type": "number", "value": number, "min_players": 2},
        )
card(
    "MYN2P4",
    "number2",
    "Adventure 2 (4+)",
    "冒險 2（4+）",
    {"type": "number", "value": 2, "min_players": 4},
)

LEGENDARY = {
    "sword": ("Sword", "劍", "MYSWORD"),
    "shield": ("Shield", "盾牌", "MYSHIELD"),
    "fairy": ("Fairy", "仙女", "MYFAIRY"),
}
for kind, (en, zh, payload) in LEGENDARY.items():
    card(
        payload,
        kind,
        f"{en} 4 (legendary)",
        f"{zh} 4（傳奇裝備）",
        {"type": "legendary", "legendary": kind, "value": 4, "min_players": 2},
    )

for payload, min_players, suffix_en, suffix_zh in (
    ("MYOBSA", 2, "", ""),
    ("MYOBSB", 2, "", ""),
    ("MYOBSP4", 4, " (4+)", "（4+）"),
    ("MYOBSP5", 5, " (5+)", "（5+）"),
):
    card(
        payload,
        "obstacle",
        f"Obstacle{suffix_en}",
        f"障礙{suffix_zh}",
        {"type": "obstacle", "value": 0, "min_players": min_players},
    )

backs = [
    {
        "payload": "MYBACK",
        "card": "back",
        "name": {"en": "Adventure card back", "zh-TW": "冒險卡背面"},
        "face": {},
    }
]

HEROES = (
    ("red", "Red", "紅"),
    ("blue", "Blue", "藍"),
    ("green", "Green", "綠"),
    ("yellow", "Yellow", "黃"),
    ("purple", "Purple", "紫"),
)
tokens = []
for index, (key, en, zh) in enumerate(HEROES):
    tokens.append(
        {
            "payload": f"MYH{key.upper()}",
            "card": f"hero-{key}",
            "name": {"en": f"{en} mouse hero", "zh-TW": f"{zh}色俠鼠英雄"},
            "face": {"type": "hero", "hero": index, "colour": key},
            "marker": 130 + index,
        }
    )
tokens.append(
    {
        "payload": "MYDRAGON",
        "card": "dragon",
        "name": {"en": "Red Dragon", "zh-TW": "邪惡紅龍"},
        "face": {"type": "dragon"},
        "marker": 135,
    }
)

out = write_catalogue("mythe", cards=cards, backs=backs, tokens=tokens)
print(f"wrote {out}")
