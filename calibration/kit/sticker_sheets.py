"""Sticker sheets: a QR sticker for each face of the real game's cards, on label sheets."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from companion.catalogue import Piece, load_catalogue

from .card_sheets import MARK_ROOM_MM, Grid, cut_marks
from .cards import GAME_NAMES
from .draw import draw_qr, fit_text, px
from .paper import (
    LINE_MM,
    SAFE_MM,
    KitError,
    check_pdf_target,
    new_pdf,
    paper_size,
    plural,
    save_pdf,
    sheet_note,
)

# -- stickers ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabelSheet:
    """A label sheet: label size, grid and the first label's position (mm). `paper` None
    means plain full-sheet sticker paper of any size, cut along printed marks."""

    code: str
    paper: str | None
    cols: int
    rows: int
    w: float
    h: float
    left: float
    top: float
    pitch_x: float
    pitch_y: float
    note: str = ""


# A card-width sticker: a 2 mm module QR symbol (42 mm, 58 mm with its quiet zone) with the
# card's name underneath, 63 x 74 mm so that it covers the middle of a 63 x 88 mm card.
STICKER_MM = (63.0, 74.0)
STICKER_GAP_MM = 2.0

LABEL_SHEETS = {
    "card": LabelSheet(
        "card", None, 0, 0, *STICKER_MM, 0, 0, 0, 0, "full-sheet sticker paper, cut on the marks"
    ),
    # Small commercial address labels: the QR modules come out 1.1-1.7 mm, which a webcam
    # reads only close up; kept for owners of these sheets.
    "L7160": LabelSheet(
        "L7160",
        "a4",
        3,
        7,
        63.5,
        38.1,
        7.25,
        15.15,
        66.04,
        38.1,
        "1.2 mm modules: too small for most webcams",
    ),
    "L7159": LabelSheet(
        "L7159",
        "a4",
        3,
        8,
        63.5,
        33.9,
        7.25,
        12.9,
        66.04,
        33.9,
        "1.1 mm modules: too small for most webcams",
    ),
    "5163": LabelSheet(
        "5163",
        "letter",
        2,
        5,
        101.6,
        50.8,
        4.0,
        12.7,
        104.8,
        50.8,
        "1.6 mm modules: too small for most webcams",
    ),
}
DEFAULT_LABELS = "card"


def label_sheet(code: str | None, paper: str) -> LabelSheet:
    """The label sheet for a --labels value on a paper; a sheet made for another paper size
    is an error, never a silent change of paper."""
    paper = paper.lower()
    paper_size(paper)
    key = code or DEFAULT_LABELS
    sheet = LABEL_SHEETS.get(key) or LABEL_SHEETS.get(key.upper()) or LABEL_SHEETS.get(key.lower())
    if sheet is None:
        raise KitError(f"unknown label sheet {code!r}; choose one of {', '.join(LABEL_SHEETS)}")
    if sheet.paper is None:
        pw, ph = paper_size(paper)
        gap = STICKER_GAP_MM
        cols = int((pw - 2 * (SAFE_MM + MARK_ROOM_MM) + gap) // (sheet.w + gap))
        rows = int((ph - 2 * (SAFE_MM + MARK_ROOM_MM + LINE_MM) + gap) // (sheet.h + gap))
        bw, bh = cols * sheet.w + (cols - 1) * gap, rows * sheet.h + (rows - 1) * gap
        return LabelSheet(
            sheet.code,
            paper,
            cols,
            rows,
            sheet.w,
            sheet.h,
            (pw - bw) / 2,
            (ph - bh) / 2,
            sheet.w + gap,
            sheet.h + gap,
            sheet.note,
        )
    if sheet.paper != paper:
        others = [c for c, s in LABEL_SHEETS.items() if s.paper in (None, paper)]
        raise KitError(
            f"label sheet {sheet.code} is {sheet.paper.upper() if sheet.paper == 'a4' else sheet.paper} "
            f"paper, not {paper}; on {paper} use --labels {' or '.join(others)}"
        )
    return sheet


def sticker_module_mm(sheet: LabelSheet) -> float:
    return _sticker_layout(sheet)[0]


def _sticker_layout(sheet: LabelSheet) -> tuple[float, float, float, bool]:
    """(module mm, symbol left mm, symbol top mm, text below?) for a label size."""
    inset = 1.5  # labels are die-cut with some play: keep clear of the edges
    if sheet.h > sheet.w:  # tall card sticker: the symbol on top, the words underneath
        module = (sheet.w - 2 * inset) / 29 if sheet.w < 58 + 2 * inset else 2.0
        side = 29 * module
        return module, (sheet.w - side) / 2 + 4 * module, inset + 4 * module, True
    module = (sheet.h - 2 * inset) / 29
    return module, inset + 4 * module, inset + 4 * module, False


def sticker_image(
    game: str, piece: Piece, sheet: LabelSheet, dpi: float, note: str = ""
) -> Image.Image:
    """The QR symbol with the card in words (beside it or underneath)."""
    W, H = px(sheet.w, dpi), px(sheet.h, dpi)
    img = Image.new("RGB", (W, H), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    s = dpi / 25.4
    module, qx, qy, below = _sticker_layout(sheet)
    draw_qr(img, piece.payload, qx * s, qy * s, module * s)
    lines = [
        (piece.name.en, True),
        (piece.name.zh, True),
        (f"{GAME_NAMES.get(game, (game,))[0]} · {piece.payload}{note}", False),
    ]
    if below:
        top = (qy + 25 * module) * s
        line_h = (H - top - 1.0 * s) / 3
        for i, (text, bold) in enumerate(lines):
            f = fit_text(draw, text, int(W - 3 * s), int(line_h * 0.9), bold=bold)
            draw.text(
                (W / 2, top + line_h * (i + 0.5)), text, font=f, fill=(20, 20, 20), anchor="mm"
            )
        return img
    x = (qx + 25 * module + 1) * s
    text_w = W - x - 1.5 * s
    for i, (text, bold) in enumerate(lines):
        f = fit_text(draw, text, int(text_w), int(H * 0.2), bold=bold)
        draw.text((x, H * (0.25 + 0.25 * i)), text, font=f, fill=(20, 20, 20), anchor="lm")
    return img


def sticker_pieces(game: str) -> list[tuple[Piece, str]]:
    """One sticker per physical card face: every front, then one back sticker for every
    card that has a coded back (so a back goes on each card, not one per design)."""
    catalogue = load_catalogue(game)
    out = [(p, "") for p in catalogue.cards]
    out += [(catalogue.piece(p.back), f" · back of {p.payload}") for p in catalogue.cards if p.back]
    return out


def stickers_pdf(
    game: str, out: Path, paper: str = "a4", labels: str | None = None, dpi: float = 300
) -> str:
    check_pdf_target(out)
    sheet = label_sheet(labels, paper)
    pieces = sticker_pieces(game)
    paper = sheet.paper or paper  # label_sheet gives plain sticker paper the paper's size
    pdf = new_pdf(paper)
    per = sheet.cols * sheet.rows
    pages = math.ceil(len(pieces) / per)
    plain_paper = LABEL_SHEETS[sheet.code].paper is None
    cut_grid = Grid(
        sheet.cols, sheet.rows, sheet.left, sheet.top, sheet.w, sheet.h, sheet.pitch_x - sheet.w
    )
    name = GAME_NAMES.get(game, (game, game))
    for i, (piece, note) in enumerate(pieces):
        if i % per == 0:
            pdf.add_page()
            if plain_paper:
                cut_marks(pdf, cut_grid, paper)
                sheet_note(
                    pdf,
                    SAFE_MM,
                    SAFE_MM,
                    f"{name[0]} {name[1]} stickers - sheet "
                    f"{i // per + 1} of {pages}. Print at actual size on sticker paper; "
                    f"cut on the marks; one sticker on each card face listed.",
                )
        r, c = divmod(i % per, sheet.cols)
        pdf.image(
            sticker_image(game, piece, sheet, dpi, note),
            x=sheet.left + c * sheet.pitch_x,
            y=sheet.top + r * sheet.pitch_y,
            w=sheet.w,
            h=sheet.h,
        )
    save_pdf(pdf, out)
    module = sticker_module_mm(sheet)
    warning = f"; note: {sheet.note}" if module < 2 else ""
    return (
        f"{out}: {len(pieces)} stickers on {pages} {sheet.paper} {plural(pages, 'sheet')} "
        f"({sheet.code}: {sheet.cols} x {sheet.rows}, {sheet.w:g} x {sheet.h:g} mm, "
        f"{module:.1f} mm QR modules){warning}"
    )
