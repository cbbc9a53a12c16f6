"""Writes companion/data/cards/masterpiece.json: 24 paintings, 42 value cards, 6 pawns.

The value cards follow the deck in companion/data/games/masterpiece.json (a placeholder
distribution, marked unverified there), so change the deck there and rerun this script.
Value cards are kept hidden under their paintings, so each names the common back MPBACK.
"""

import json
from pathlib import Path

from catalogue_file import write_catalogue

from companion.games.masterpiece.words import money

ROOT = Path(__file__).resolve().parent.parent
GAME = json.loads((ROOT / "companion/data/games/masterpiece.json").read_text(encoding="utf-8"))

# Well-known paintings, so children recognise them; the original game's set is not reproduced.
PAINTINGS = [
    ("Mona Lisa", "蒙娜麗莎", "Leonardo da Vinci"),
    ("The Starry Night", "星夜", "Vincent van Gogh"),
    ("Girl with a Pearl Earring", "戴珍珠耳環的少女", "Johannes Vermeer"),
    ("The Night Watch", "夜巡", "Rembrandt"),
    ("The Birth of Venus", "維納斯的誕生", "Sandro Botticelli"),
    ("The Scream", "吶喊", "Edvard Munch"),
    ("Sunflowers", "向日葵", "Vincent van Gogh"),
    ("The Great Wave off Kanagawa", "神奈川沖浪裏", "Katsushika Hokusai"),
    ("The Kiss", "吻", "Gustav Klimt"),
    ("Water Lilies", "睡蓮", "Claude Monet"),
    ("A Sunday on La Grande Jatte", "大傑特島的星期天下午", "Georges Seurat"),
    ("American Gothic", "美國哥德式", "Grant Wood"),
    ("Nighthawks", "夜鷹", "Edward Hopper"),
    ("The Arnolfini Portrait", "阿諾菲尼夫婦像", "Jan van Eyck"),
    ("Las Meninas", "侍女", "Diego Velázquez"),
    ("The Last Supper", "最後的晚餐", "Leonardo da Vinci"),
    ("Impression, Sunrise", "印象·日出", "Claude Monet"),
    ("The Persistence of Memory", "記憶的永恆", "Salvador Dalí"),
    ("Liberty Leading the People", "自由引導人民", "Eugène Delacroix"),
    ("The Gleaners", "拾穗", "Jean-François Millet"),
    ("The Hay Wain", "乾草車", "John Constable"),
    ("Along the River During the Qingming Festival", "清明上河圖", "Zhang Zeduan"),
    ("Dwelling in the Fuchun Mountains", "富春山居圖", "Huang Gongwang"),
    ("Luncheon of the Boating Party", "船上的午宴", "Pierre-Auguste Renoir"),
]
assert len(PAINTINGS) == GAME["paintings"]

COLOURS = {"red": "紅", "yellow": "黃", "blue": "藍", "green": "綠", "purple": "紫", "white": "白"}
FIRST_PAWN_MARKER = 140


cards = []
for number, (en, zh, artist) in enumerate(PAINTINGS, start=1):
    cards.append(
        {
            "payload": f"MPP{number:02d}",
            "card": f"painting{number}",
            "name": {"en": en, "zh-TW": zh},
            "face": {"painting": number, "artist": artist},
        }
    )
number = 0
for entry in GAME["value_deck"]["cards"]:
    for _ in range(entry["count"]):
        number += 1
        value_k, forgery = entry["value_k"], bool(entry.get("forgery", False))
        said = money(value_k)  # as the game says amounts: $7.5M / 750 萬元
        en, zh = said.en, said.zh
        name = (
            {"en": "Value card: forgery ($0)", "zh-TW": "價值卡：贗品（$0）"}
            if forgery
            else {"en": f"Value card: {en}", "zh-TW": f"價值卡：{zh}"}
        )
        cards.append(
            {
                "payload": f"MPV{number:02d}",
                "card": "forgery" if forgery else f"value{value_k}",
                "name": name,
                "face": {"value_k": value_k, "forgery": forgery},
                "back": "MPBACK",
            }
        )
backs = [
    {
        "payload": "MPBACK",
        "card": "back",
        "name": {"en": "Value card (hidden)", "zh-TW": "價值卡（背面）"},
    }
]
tokens = []
for seat, (colour, zh) in enumerate(COLOURS.items()):
    tokens.append(
        {
            "payload": f"MPPAWN{seat + 1}",
            "card": f"pawn{seat + 1}",
            "name": {"en": f"Pawn {seat + 1} ({colour})", "zh-TW": f"棋子 {seat + 1}（{zh}色）"},
            "face": {"pawn": seat + 1, "colour": colour},
            "marker": FIRST_PAWN_MARKER + seat,
        }
    )

out = write_catalogue("masterpiece", cards=cards, backs=backs, tokens=tokens)
print(f"wrote {out}: {len(cards)} cards, {len(backs)} back, {len(tokens)} tokens")
