"""Generate the play-mat layouts under calibration/layouts/ (one JSON per game and player count).

Run `python -m calibration.gen_layouts` after changing a dimension here; the JSON files are
the data everything else reads (printing, the camera's region lookup, the dashboard).

The dimensions and parts are in mat_parts.py, the card games' mats in mat_cards.py, the board
games' in mat_boards.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from .mat_boards import masterpiece, mythe
from .mat_cards import cardcassonne, crypt, musee
from .mat_parts import VARIANT_DIMS

OUT = Path(__file__).resolve().parent / "layouts"

GAMES = {
    "musee": (musee, (2, 3, 4)),
    "cardcassonne": (cardcassonne, (2, 3, 4, 5)),
    "crypt": (crypt, (1, 2, 3, 4)),
    "mythe": (mythe, (2, 3, 4, 5)),
    "masterpiece": (masterpiece, (3, 4, 5, 6)),
}


def generate(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game, (build, counts) in GAMES.items():
        for n in counts:
            for variant, dims in VARIANT_DIMS.items():
                suffix = "" if variant == "standard" else f"-{variant}"
                path = out / f"{game}-{n}p{suffix}.json"
                data = build(n, dims)
                if variant != "standard":
                    data["variant"] = variant
                path.write_text(
                    json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
                )
                written.append(path)
    return written


if __name__ == "__main__":
    for p in generate():
        data = json.loads(p.read_text(encoding="utf-8"))
        print(
            f"{p.name}: mat {data['mat_size_mm'][0]} x {data['mat_size_mm'][1]} mm, "
            f"{len(data['markers'])} markers, {len(data['regions'])} regions"
        )
