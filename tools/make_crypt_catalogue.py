"""Writes companion/data/cards/crypt.json: 48 treasures, 6 backs, 2 torch cards, 6 collectors.

Payload scheme (all fit a version-1 QR code):
- treasure  CR<TYPE><value><copy>  e.g. CRIDOL3A, CRIDOL3B (the two copies of idol 3);
  copy A is the one used with 1-2 players, both copies of 2 and 3 with 3 players.
- back      CRB<TYPE>              e.g. CRBIDOL: a face-down treasure shows only its type.
- torch     CRLEADER, CRLIGHTS.
- collector CRC<TYPE>A / CRC<TYPE>B: one physical card, a code on each side, so the camera
  reads which side lies up; set-up may also name the sides (option "collectors").
Regenerate after a naming change; the JSON is the data the program reads.
"""

from catalogue_file import write_catalogue

TYPES = [  # key, payload code, English, zh-TW (names as in the seed text)
    ("idols", "IDOL", "Idol", "偶像"),
    ("jewelry", "JEWL", "Jewelry", "珠寶"),
    ("manuscripts", "MANU", "Manuscript", "手稿"),
    ("pottery", "POTT", "Pottery", "陶器"),
    ("remains", "REMN", "Remains", "遺骨"),
    ("tapestries", "TAPE", "Tapestry", "掛毯"),
]

cards, backs = [], []
for key, code, en, zh in TYPES:
    backs.append(
        {
            "payload": f"CRB{code}",
            "card": f"back-{key}",
            "name": {"en": f"{en} (face down)", "zh-TW": f"{zh}（背面）"},
            "face": {"type": key},
        }
    )
for key, code, en, zh in TYPES:
    for value in range(1, 5):
        for copy in "AB":
            cards.append(
                {
                    "payload": f"CR{code}{value}{copy}",
                    "card": f"{key}-{value}",
                    "name": {"en": f"{en} {value}", "zh-TW": f"{zh} {value}"},
                    "face": {"role": "treasure", "type": key, "value": value, "copy": copy},
                    "back": f"CRB{code}",
                }
            )
cards.append(
    {
        "payload": "CRLEADER",
        "card": "torch-leader",
        "name": {"en": "Leader torch", "zh-TW": "起始火炬（LEADER）"},
        "face": {"role": "torch", "torch": "leader"},
    }
)
cards.append(
    {
        "payload": "CRLIGHTS",
        "card": "torch-lights-out",
        "name": {"en": "Lights Out torch", "zh-TW": "熄燈火炬（LIGHTS OUT）"},
        "face": {"role": "torch", "torch": "lights_out"},
    }
)
for key, code, en, zh in TYPES:
    for side in "AB":
        cards.append(
            {
                "payload": f"CRC{code}{side}",
                "card": f"collector-{key}",
                "name": {"en": f"{en} collector, side {side}", "zh-TW": f"{zh}收藏家 {side} 面"},
                "face": {"role": "collector", "type": key, "side": side},
            }
        )

out = write_catalogue("crypt", cards=cards, backs=backs)
print(f"wrote {out}")
