"""Writes companion/data/cards/musee.json: the 60 paintings and the 30 two-sided tokens.

Kept so the catalogue can be regenerated after a change of naming; the JSON is the data
the program reads (and what a café would edit).
"""

from catalogue_file import write_catalogue

THEMES = {  # number % 5 -> theme (mirrors companion/data/games/musee.json)
    1: ("landscape", "Landscape", "風景"),
    2: ("seascape", "Seascape", "海景"),
    3: ("animals", "Animals", "動物"),
    4: ("people", "People", "人物"),
    0: ("buildings", "Buildings", "建築"),
}

cards = []
for number in range(1, 61):
    key, en, zh = THEMES[number % 5]
    cards.append(
        {
            "payload": f"MU{number:02d}",
            "card": str(number),
            "name": {"en": f"{number} {en}", "zh-TW": f"{number} {zh}"},
            "face": {"number": number, "theme": key},
        }
    )
tokens = []
for index in range(1, 31):
    first_marker = 50 + 2 * (index - 1)
    tokens.append(
        {
            "payload": f"MUT{index:02d}C",
            "card": f"token{index}",
            "name": {"en": f"Token {index}: chandelier", "zh-TW": f"標記 {index}：吊燈"},
            "face": {"side": "chandelier", "token": index},
            "marker": first_marker,
        }
    )
    tokens.append(
        {
            "payload": f"MUT{index:02d}S",
            "card": f"token{index}",
            "name": {"en": f"Token {index}: staircase", "zh-TW": f"標記 {index}：樓梯"},
            "face": {"side": "staircase", "token": index},
            "marker": first_marker + 1,
        }
    )

out = write_catalogue("musee", cards=cards, tokens=tokens)
print(f"wrote {out}")
