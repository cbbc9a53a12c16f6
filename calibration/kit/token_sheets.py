"""Token pages: the ArUco tokens for a game's small pieces, each named underneath."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

from companion.catalogue import Piece

from .cards import GAME_NAMES
from .draw import fit_text, px
from .paper import (
    LINE_MM,
    MIN_MARGIN_MM,
    SAFE_MM,
    check_pdf_target,
    new_pdf,
    paper_size,
    save_pdf,
    sheet_note,
)
from .tokens import render_token_piece, token_groups, token_size_mm

# -- tokens -----------------------------------------------------------------------------------


def tokens_pdf(game: str, out: Path, paper: str = "a4", dpi: float = 300) -> str:
    """Tokens in a grid, each with its name underneath (on the sheet, outside the cut line).
    A piece with two sides (Musée) prints as a strip of two squares: fold on the middle line
    and glue back to back."""
    check_pdf_target(out)
    groups = token_groups(game)
    if not groups:
        return f"{game} has no tokens: nothing to print, no file written"
    side = token_size_mm(game)
    gw = side * max(len(g) for g in groups)
    cols, rows, cell_w, cell_h = token_grid(game, paper)
    per = cols * rows
    pdf = new_pdf(paper)
    name = GAME_NAMES.get(game, (game, game))
    for i, group in enumerate(groups):
        if i % per == 0:
            pdf.add_page()
            sheet_note(
                pdf,
                SAFE_MM,
                SAFE_MM,
                f"{name[0]} {name[1]} tokens. Print at actual size (100 %). Cut along the outlines"
                + (
                    "; fold two-sided tokens on the dashed line."
                    if any(len(g) > 1 for g in groups)
                    else "."
                ),
            )
        r, c = divmod(i % per, cols)
        x0 = MIN_MARGIN_MM + c * cell_w
        y0 = MIN_MARGIN_MM + LINE_MM + 2 + r * cell_h
        for j, piece in enumerate(group):
            pdf.image(render_token_piece(game, piece, dpi), x=x0 + j * side, y=y0, w=side, h=side)
        if len(group) > 1:
            pdf.set_dash_pattern(dash=1, gap=1)
            pdf.set_draw_color(120, 120, 120)
            for j in range(1, len(group)):
                pdf.line(x0 + j * side, y0 - 2, x0 + j * side, y0 + side + 2)
            pdf.set_dash_pattern()
        label = _token_label(group)
        pdf.image(label_image(label, gw, 9, dpi), x=x0, y=y0 + side + 1, w=gw, h=9)
    save_pdf(pdf, out)
    count = sum(len(g) for g in groups)
    return f"{out}: {len(groups)} tokens ({count} marker sides) on {math.ceil(len(groups) / per)} pages"


def token_grid(game: str, paper: str) -> tuple[int, int, float, float]:
    """Columns, rows and cell size (mm) of a tokens page: a token (or folded pair) with its
    name underneath."""
    pw, ph = paper_size(paper)
    side = token_size_mm(game)
    groups = token_groups(game)
    gw = side * max((len(g) for g in groups), default=1)
    cell_w, cell_h = gw + 8, side + 14
    cols = int((pw - 2 * MIN_MARGIN_MM) // cell_w)
    rows = int((ph - 2 * MIN_MARGIN_MM - LINE_MM - 2) // cell_h)
    return cols, rows, cell_w, cell_h


def _token_label(group: list[Piece]) -> tuple[str, str]:
    if len(group) == 1:
        return group[0].name.en, group[0].name.zh
    return (" | ".join(p.name.en for p in group), " | ".join(p.name.zh for p in group))


def label_image(lines: tuple[str, ...], w_mm: float, h_mm: float, dpi: float) -> Image.Image:
    W, H = px(w_mm, dpi), px(h_mm, dpi)
    img = Image.new("RGB", (W, H), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    for i, text in enumerate(lines):
        f = fit_text(draw, text, W, int(H / len(lines) * 0.8))
        draw.text((W / 2, H * (i + 0.5) / len(lines)), text, font=f, fill=(30, 30, 30), anchor="mm")
    return img
