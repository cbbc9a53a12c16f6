"""What every tools/make_<game>_catalogue.py ends with: the catalogue written as
companion/data/cards/<game>.json in the one layout the program reads (the game, the card size,
then its parts in the order given: cards, backs, tokens)."""

import json
from pathlib import Path

CARDS = Path(__file__).resolve().parent.parent / "companion" / "data" / "cards"


def write_catalogue(game: str, **parts: list) -> Path:
    """Write `game`'s catalogue from its parts (cards=..., backs=..., tokens=...) and return
    the file's path."""
    out = CARDS / f"{game}.json"
    catalogue = {"game": game, "card_size_mm": [63, 88], **parts}
    out.write_text(json.dumps(catalogue, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return out
