"""Printable sheets: cards (PDF with cut marks and duplex backs, or PNG per face), stickers,
tokens and the tiled mat. Every function returns a short summary for the CLI to print.

Every PDF embeds the Noto CJK font for its sheet text and opens its print dialog at actual
size; nothing is printed within SAFE_MM of a paper edge. Each part has its module (paper.py,
card_sheets.py, sticker_sheets.py, token_sheets.py, mat_sheets.py); this one is their front
door, and counts the sheets of a whole kit.
"""

from __future__ import annotations

import math

from companion.catalogue import load_catalogue

from .card_sheets import card_grid, card_mm_of, cards_pdf, cards_png
from .cards import render_piece
from .mat_sheets import SEAM_OVERLAP_MM, mat_pdf, mat_png, mat_tiles
from .paper import PAPERS, SAFE_MM, KitError, check_pdf_target
from .sticker_sheets import (
    LABEL_SHEETS,
    label_sheet,
    sticker_image,
    sticker_module_mm,
    sticker_pieces,
    stickers_pdf,
)
from .token_sheets import token_grid, tokens_pdf
from .tokens import token_groups

__all__ = [
    "LABEL_SHEETS",
    "PAPERS",
    "SAFE_MM",
    "SEAM_OVERLAP_MM",
    "KitError",
    "card_grid",
    "cards_pdf",
    "cards_png",
    "check_pdf_target",
    "label_sheet",
    "mat_pdf",
    "mat_png",
    "mat_tiles",
    "render_piece",
    "sheet_counts",
    "sticker_image",
    "sticker_module_mm",
    "sticker_pieces",
    "stickers_pdf",
    "tokens_pdf",
]


def sheet_counts(game: str, paper: str) -> dict[str, int]:
    """Sheets of paper for each part of a game's kit (cards two-sided count once)."""
    catalogue = load_catalogue(game)
    cards = math.ceil(len(catalogue.cards) / card_grid(paper, card_mm_of(game, None)).per_page)
    labels = label_sheet(None, paper)
    stickers = math.ceil(len(sticker_pieces(game)) / (labels.cols * labels.rows))
    groups = token_groups(game)
    cols, rows, _, _ = token_grid(game, paper)
    tokens = math.ceil(len(groups) / (cols * rows)) if groups else 0
    return {"cards": cards, "stickers": stickers, "tokens": tokens}
