"""Printable sheets: cards (PDF with cut marks and duplex backs, or PNG per face), stickers,
tokens and the tiled mat. Every function returns a short summary for the CLI to print.

Every PDF embeds the Noto CJK font for its sheet text and opens its print dialog at actual
size; nothing is printed within SAFE_MM of a paper edge.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from companion.catalogue import Piece, load_catalogue
from companion.errors import CompanionError

from ..layouts import load_layout
from .cards import GAME_NAMES, blank_back, card_geometry, card_image, faces, render_piece
from .draw import check_writable, draw_qr, fit_text, px
from .mat import render_layout
from .tokens import render_token_piece, token_groups, token_size_mm

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
# Office printers cannot print the last few millimetres of a sheet (4-6 mm): nothing is put
# closer than this to any paper edge, neither text nor cut marks.
SAFE_MM = 6.0
LINE_MM = 3.5  # one line of sheet text (7 pt)
MIN_MARGIN_MM = SAFE_MM + 2.0  # tokens and stickers: the safe band plus room for the outline
CUT_MARK_MM = 5.0


class KitError(CompanionError):
    pass


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise KitError(f"unknown paper {paper!r}; choose {', '.join(PAPERS)}") from None


def _new_pdf(paper: str, orientation: str = "P", duplex: bool = False):
    """A PDF whose print dialog opens at actual size (and two-sided, long-edge flip, for
    card sheets), with the Noto CJK font embedded so the sheet text prints the same
    anywhere, Chinese included."""
    from fpdf import FPDF
    from fpdf.prefs import ViewerPreferences

    from .draw import CJK_FONT, TC_INDEX, font

    font(8)  # a missing font raises its clear error (which Debian package to install)
    pdf = FPDF(orientation=orientation, unit="mm", format=paper_size(paper))
    pdf.viewer_preferences = ViewerPreferences(
        print_scaling="None", duplex="DuplexFlipLongEdge" if duplex else "Simplex"
    )
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.add_font("noto", "", str(CJK_FONT), collection_font_number=TC_INDEX)
    pdf.set_font("noto", size=7)
    pdf.set_text_color(0, 0, 0)
    return pdf


def _note(pdf, x: float, y: float, text: str, width: float = 0, align: str = "L") -> None:
    """One line of sheet text with its top at y (callers keep it inside the safe area)."""
    pdf.set_xy(x, y)
    pdf.cell(width, LINE_MM, text, align=align)


def _save_pdf(pdf, out: Path) -> None:
    check_writable(out)
    try:
        pdf.output(str(out))
    except OSError as exc:
        raise KitError(f"cannot write {out}: {exc.strerror or exc}") from None


# -- cards ------------------------------------------------------------------------------------

CARD_GAP_MM = (2.0, 3.0)  # smallest and largest gap between neighbouring cards
MARK_ROOM_MM = 2.5  # beside the cards: a cut mark at least 2 mm long plus 0.5 mm clearance


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    w: float
    h: float
    gap: float = 0.0

    def cell(self, i: int, mirrored: bool = False) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        if mirrored:  # the back of a sheet flipped on its long edge
            c = self.cols - 1 - c
        return self.x0 + c * (self.w + self.gap), self.y0 + r * (self.h + self.gap)

    def column_row(self, i: int, mirrored: bool = False) -> tuple[int, int]:
        r, c = divmod(i, self.cols)
        return (self.cols - 1 - c if mirrored else c), r

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def block_mm(self) -> tuple[float, float]:
        return (
            self.cols * self.w + (self.cols - 1) * self.gap,
            self.rows * self.h + (self.rows - 1) * self.gap,
        )


def card_grid(paper: str, card_mm: tuple[float, float]) -> Grid:
    """As many cards as fit with 2-3 mm gaps, cut marks beside them and a line of text
    above, all inside the safe area; centred so a back flipped on the long edge lands
    behind its front."""
    pw, ph = paper_size(paper)
    w, h = card_mm
    room_x = pw - 2 * (SAFE_MM + MARK_ROOM_MM)
    room_y = ph - 2 * (SAFE_MM + MARK_ROOM_MM) - 2 * LINE_MM  # text above, same room below
    small, large = CARD_GAP_MM
    cols = int((room_x + small) // (w + small))
    rows = int((room_y + small) // (h + small))
    if cols < 1 or rows < 1:
        raise KitError(f"a {w:g} x {h:g} mm card does not fit on {paper} paper")
    gaps = [large]
    if cols > 1:
        gaps.append((room_x - cols * w) / (cols - 1))
    if rows > 1:
        gaps.append((room_y - rows * h) / (rows - 1))
    gap = max(small, min(gaps))
    bw, bh = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    return Grid(cols, rows, (pw - bw) / 2, (ph - bh) / 2, w, h, gap)


def _cut_marks(pdf, grid: Grid, paper: str) -> None:
    """Short lines beside the cards at every cut: the marks of a cut run from the safe
    edge of the paper to 0.5 mm from the cards, so a ruler laid on two marks cuts true."""
    pw, ph = paper_size(paper)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    bw, bh = grid.block_mm
    left, top = grid.x0, grid.y0
    right, bottom = left + bw, top + bh
    clear = 0.5
    top_end = max(SAFE_MM + LINE_MM + 0.5, top - clear - CUT_MARK_MM)
    bottom_end = min(ph - SAFE_MM - LINE_MM - 0.5, bottom + clear + CUT_MARK_MM)
    for c in range(grid.cols):
        for x in (left + c * (grid.w + grid.gap), left + c * (grid.w + grid.gap) + grid.w):
            pdf.line(x, top_end, x, top - clear)
            pdf.line(x, bottom + clear, x, bottom_end)
    side_left = max(SAFE_MM, left - clear - CUT_MARK_MM)
    side_right = min(pw - SAFE_MM, right + clear + CUT_MARK_MM)
    for r in range(grid.rows):
        for y in (top + r * (grid.h + grid.gap), top + r * (grid.h + grid.gap) + grid.h):
            pdf.line(side_left, y, left - clear, y)
            pdf.line(right + clear, y, side_right, y)


def with_bleed(image: Image.Image, bleed_px: tuple[int, int, int, int]) -> Image.Image:
    """The card with its frame colour carried past the cut (left, top, right, bottom px):
    a cut a little off, or a back printed a little off, shows more frame, never white or
    the neighbour's colour."""
    left, top, right, bottom = bleed_px
    out = Image.new(
        "RGB", (image.width + left + right, image.height + top + bottom), image.getpixel((0, 0))
    )
    out.paste(image, (left, top))
    return out


def _card_mm(game: str, card_mm: tuple[float, float] | None) -> tuple[float, float]:
    if card_mm is None:
        return tuple(float(v) for v in load_catalogue(game).card_size_mm)  # type: ignore
    if min(card_mm) < 30 or max(card_mm) > 200:
        raise KitError(f"card size {card_mm[0]:g}x{card_mm[1]:g} mm is not sensible (30-200 mm)")
    module = card_geometry(card_mm).module_mm
    if module < MIN_MODULE_MM:
        raise KitError(
            f"a {card_mm[0]:g}x{card_mm[1]:g} mm card has {module:.2f} mm QR modules, too small "
            f"for a webcam to read (at least {MIN_MODULE_MM:g} mm: cards {_min_card_width():g} mm "
            f"wide or more)"
        )
    return card_mm


MIN_MODULE_MM = 1.8  # below this a 1080p webcam over a 60 cm mat sees under 3 px per module


def _min_card_width() -> float:
    from .cards import FRAME_MM
    from .draw import QR_QUIET_MODULES, QR_SIZE_MODULES

    return math.ceil(MIN_MODULE_MM * (QR_SIZE_MODULES + 2 * QR_QUIET_MODULES) + 2 * FRAME_MM)


def cards_pdf(
    game: str,
    out: Path,
    paper: str = "a4",
    dpi: float = 300,
    card_mm: tuple[float, float] | None = None,
    plain_backs: bool = False,
) -> str:
    """Fronts and backs on alternate pages; backs mirrored so that printing two-sided
    (flip on the long edge) puts each back behind its front. Neighbouring cards are 2-3 mm
    apart and each card's frame colour runs half that gap past its cut.

    plain_backs: cards whose back carries no code (it only decorates) get a white back,
    saving toner; a game whose backs all decorate then prints one-sided."""
    check_pdf_target(out)
    paper_size(paper)
    card_mm = _card_mm(game, card_mm)
    grid = card_grid(paper, card_mm)
    cards = list(load_catalogue(game).cards)
    coded_backs = any(p.back for p in cards)
    sides = ("front", "back") if (coded_backs or not plain_backs) else ("front",)
    pdf = _new_pdf(paper, duplex=len(sides) == 2)
    pw, ph = paper_size(paper)
    name = GAME_NAMES.get(game, (game, game))
    blank = None
    sheets = math.ceil(len(cards) / grid.per_page)
    s = dpi / 25.4
    bleed = grid.gap / 2
    for sheet in range(sheets):
        batch = cards[sheet * grid.per_page : (sheet + 1) * grid.per_page]
        for side in sides:
            pdf.add_page()
            for i, piece in enumerate(batch):
                mirrored = side == "back"
                x, y = grid.cell(i, mirrored)
                if side == "front":
                    image = card_image(game, piece.payload, dpi, card_mm)
                elif piece.back:
                    image = card_image(game, piece.back, dpi, card_mm)
                elif plain_backs:
                    continue
                else:
                    blank = blank or blank_back(game, dpi, card_mm)
                    image = blank
                # Bleed into the gaps between cards only: the outer edge stays clean.
                c, r = grid.column_row(i, mirrored)
                edges = (c > 0, r > 0, c < grid.cols - 1, r < grid.rows - 1)
                b = [math.ceil(bleed * s) if inner else 0 for inner in edges]  # no hairline left
                pdf.image(
                    with_bleed(image, tuple(b)),
                    x=x - b[0] / s,
                    y=y - b[1] / s,
                    w=card_mm[0] + (b[0] + b[2]) / s,
                    h=card_mm[1] + (b[1] + b[3]) / s,
                )
            _cut_marks(pdf, grid, paper)
            how = "two-sided, flip on long edge" if len(sides) == 2 else "one-sided"
            _note(
                pdf,
                SAFE_MM,
                SAFE_MM,
                f"{name[0]} {name[1]} cards - sheet {sheet + 1} of {sheets}, {side}s. "
                f"Print at actual size (100 %, no fit to page), {how}.",
            )
            _scale_check(pdf, pw, ph - SAFE_MM - LINE_MM, grid)
    _save_pdf(pdf, out)
    pages = "fronts and backs" if len(sides) == 2 else "fronts only, one-sided"
    return (
        f"{out}: {len(cards)} cards on {sheets} {paper} {_plural(sheets, 'sheet')} "
        f"({len(sides) * sheets} pages, {pages}; {grid.per_page} per sheet)"
    )


def _scale_check(pdf, pw: float, y: float, grid: Grid) -> None:
    """A line of text at the foot of a card sheet: the printed card must measure its size."""
    _note(
        pdf,
        SAFE_MM,
        y,
        f"Scale check: each card must measure {grid.w:g} x {grid.h:g} mm. "
        f"Cut on the marks; the gaps between cards go to waste.",
        width=pw - 2 * SAFE_MM,
    )


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def cards_png(
    game: str, out: Path, dpi: float = 300, card_mm: tuple[float, float] | None = None
) -> str:
    """One PNG per distinct card face (each front, each back design) and manifest.json."""
    card_mm = _card_mm(game, card_mm)
    _prepare_folder(out)
    manifest = []
    for piece, side in faces(game):
        file = f"{piece.payload}.png"
        try:
            card_image(game, piece.payload, dpi, card_mm).save(out / file)
        except OSError as exc:
            raise KitError(f"cannot write {out / file}: {exc.strerror or exc}") from None
        manifest.append(
            {
                "file": file,
                "payload": piece.payload,
                "card": piece.card,
                "side": side,
                "name": piece.name.to_dict(),
                "back": piece.back,
            }
        )
    data = {"game": game, "dpi": dpi, "card_size_mm": list(card_mm), "faces": manifest}
    (out / "manifest.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return f"{out}: {len(manifest)} card faces and manifest.json"


def _prepare_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise KitError(f"cannot write PNG files into {out}: it is a file, not a folder")
    check_writable(out)
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise KitError(f"cannot create folder {out}: {exc.strerror or exc}") from None


def check_pdf_target(out: Path) -> None:
    """A PDF goes to a file: a folder (`--out .`) is refused before anything is rendered."""
    if out.is_dir():
        raise KitError(
            f"cannot write the PDF to {out}: it is a folder; give a file name "
            f"such as {out / 'kit.pdf'}"
        )
    check_writable(out)


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
    pdf = _new_pdf(sheet.paper)
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
                _cut_marks(pdf, cut_grid, sheet.paper)
                _note(
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
    _save_pdf(pdf, out)
    module = sticker_module_mm(sheet)
    warning = f"; note: {sheet.note}" if module < 2 else ""
    return (
        f"{out}: {len(pieces)} stickers on {pages} {sheet.paper} {_plural(pages, 'sheet')} "
        f"({sheet.code}: {sheet.cols} x {sheet.rows}, {sheet.w:g} x {sheet.h:g} mm, "
        f"{module:.1f} mm QR modules){warning}"
    )


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
    cols, rows, cell_w, cell_h = _token_grid(game, paper)
    per = cols * rows
    pdf = _new_pdf(paper)
    name = GAME_NAMES.get(game, (game, game))
    for i, group in enumerate(groups):
        if i % per == 0:
            pdf.add_page()
            _note(
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
    _save_pdf(pdf, out)
    count = sum(len(g) for g in groups)
    return f"{out}: {len(groups)} tokens ({count} marker sides) on {math.ceil(len(groups) / per)} pages"


def _token_grid(game: str, paper: str) -> tuple[int, int, float, float]:
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


def sheet_counts(game: str, paper: str) -> dict[str, int]:
    """Sheets of paper for each part of a game's kit (cards two-sided count once)."""
    catalogue = load_catalogue(game)
    cards = math.ceil(len(catalogue.cards) / card_grid(paper, _card_mm(game, None)).per_page)
    labels = label_sheet(None, paper)
    stickers = math.ceil(len(sticker_pieces(game)) / (labels.cols * labels.rows))
    groups = token_groups(game)
    cols, rows, _, _ = _token_grid(game, paper)
    tokens = math.ceil(len(groups) / (cols * rows)) if groups else 0
    return {"cards": cards, "stickers": stickers, "tokens": tokens}


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


# -- mat --------------------------------------------------------------------------------------

SEAM_OVERLAP_MM = 6.0  # neighbouring sheets share this much, the seam line in its middle
ALIGN_STEP_MM = 40.0
MAT_HEADER_MM = LINE_MM + 1.0
MARKER_CLEARANCE_MM = 3.0  # a seam keeps this far from a marker's black square


@dataclass(frozen=True)
class MatTiling:
    """How a mat is cut into sheets: rows of sheets, each row's page orientation, the seams
    (mat mm) and each sheet's share of the mat as (x, y, w, h) mat mm, overlap included, row
    by row. The horizontal seams run the mat's width; each row of sheets has its own
    vertical seams, staggered like bricks, since they need only miss the markers beside
    that row; a row of upright sheets and a row of sideways ones may share a mat."""

    orientations: tuple[str, ...]  # "P" or "L", one per row of sheets, top row first
    seams_y: tuple[float, ...]
    seams_x: tuple[tuple[float, ...], ...]  # one tuple per row of sheets
    tiles: tuple[tuple[float, float, float, float], ...]
    paper: str

    def place(self, n: int) -> tuple[int, int]:
        """Row and column (from 0) of sheet n (from 0)."""
        for row, seams in enumerate(self.seams_x):
            if n <= len(seams):
                return row, n
            n -= len(seams) + 1
        raise IndexError(n)

    def printable_mm(self, n: int) -> tuple[float, float]:
        """The part of sheet n's page the mat may use (width, height)."""
        return _printable(self.paper, self.orientations[self.place(n)[0]])


def _printable(paper: str, orientation: str) -> tuple[float, float]:
    pw, ph = paper_size(paper)
    if orientation == "L":
        pw, ph = ph, pw
    return pw - 2 * SAFE_MM, ph - 2 * SAFE_MM - MAT_HEADER_MM


def _axis_seams(
    length: float, printable: float, forbidden: list[tuple[float, float]]
) -> tuple[float, ...] | None:
    """Seams along one axis for sheets that each carry `printable` mm: as few sheets as
    fit. None when no placement works."""
    if length <= printable:
        return ()
    for n in range(2, 60):
        seams = _fit_seams(length, [printable] * n, forbidden)
        if seams is not None:
            return seams
    return None


def _fit_seams(
    length: float, sizes: list[float], forbidden: list[tuple[float, float]]
) -> tuple[float, ...] | None:
    """Seams along one axis for exactly these sheets in order (each carrying sizes[k] mm),
    each seam as near its sheet's even share of what is left as the markers allow (a seam
    that would cross a marker's square moves to one side of it). None when none works."""
    half = SEAM_OVERLAP_MM / 2

    def place(start: float, k: int) -> list[float] | None:
        first = start - (half if start > 0 else 0.0)  # where this sheet's print begins
        printable = sizes[k]
        if k == len(sizes) - 1:
            return [] if length - first <= printable + 1e-6 else None
        ideal = start + (length - start) * printable / sum(sizes[k:])
        farthest = first + printable - half  # the most this sheet can carry
        options = [ideal]
        for a, b in forbidden:
            if a < ideal < b:
                options = sorted((a, b), key=lambda v: abs(v - ideal))
            if a < farthest < b:
                farthest = a
        options.append(farthest)  # when an even share fails, fill this sheet instead
        for seam in options:
            if start < seam < length and seam + half - first <= printable + 1e-6:
                rest = place(seam, k + 1)
                if rest is not None:
                    return [seam, *rest]
        return None

    seams = place(0.0, 0)
    return None if seams is None else tuple(seams)


def mat_tiles(layout, paper: str) -> MatTiling:
    """Cut a mat into as few sheets as possible: rows of sheets, upright or sideways (some
    rows of each when that saves a sheet), then each row's own vertical seams, spread
    evenly and kept off the marker squares. Neighbouring sheets both print
    SEAM_OVERLAP_MM / 2 past their seam."""
    mat_w, mat_h = layout.mat_size_mm
    half = SEAM_OVERLAP_MM / 2

    def clear(m) -> float:
        return m.size_mm / 2 + MARKER_CLEARANCE_MM

    forbid_y = _merge(
        [(m.center_mm[1] - clear(m), m.center_mm[1] + clear(m)) for m in layout.markers]
    )

    def rows_for(orientations: tuple[str, ...]):
        sy = _fit_seams(mat_h, [_printable(paper, o)[1] for o in orientations], forbid_y)
        if sy is None:
            return None
        ys = [0.0, *sy, float(mat_h)]
        rows = []
        for orientation, top, bottom in zip(orientations, ys, ys[1:]):
            # Only markers beside this row's sheets (overlap included) bar a vertical seam.
            top, bottom = max(0.0, top - half), min(float(mat_h), bottom + half)
            beside = [
                m
                for m in layout.markers
                if m.center_mm[1] + clear(m) > top and m.center_mm[1] - clear(m) < bottom
            ]
            seams = _axis_seams(
                mat_w,
                _printable(paper, orientation)[0],
                _merge([(m.center_mm[0] - clear(m), m.center_mm[0] + clear(m)) for m in beside]),
            )
            if seams is None:
                return None
            rows.append(seams)
        return sy, tuple(rows)

    best, first_fit = None, None
    for n in range(1, 40):
        # n rows: k upright and n - k sideways, the upright ones on top or at the bottom.
        for k in range(n + 1):
            for orientations in {("P",) * k + ("L",) * (n - k), ("L",) * (n - k) + ("P",) * k}:
                found = rows_for(orientations)
                if found is None:
                    continue
                first_fit = first_fit or n
                count = sum(len(r) + 1 for r in found[1])
                # Fewest sheets; then one orientation throughout, simpler to print.
                key = (count, len(set(orientations)))
                if best is None or key < best[0]:
                    best = (key, orientations, *found)
        if best is not None and (n >= best[0][0] or n >= first_fit + 2):
            break  # more rows than that only add sheets
    if best is None:
        raise KitError(f"cannot tile the {mat_w:g} x {mat_h:g} mm mat on {paper} paper")
    _, orientations, sy, rows = best
    ys = [0.0, *sy, float(mat_h)]
    tiles = []
    for j, seams in enumerate(rows):
        y0, y1 = max(0.0, ys[j] - half), min(float(mat_h), ys[j + 1] + half)
        xs = [0.0, *seams, float(mat_w)]
        for i in range(len(xs) - 1):
            x0, x1 = max(0.0, xs[i] - half), min(float(mat_w), xs[i + 1] + half)
            tiles.append((x0, y0, x1 - x0, y1 - y0))
    return MatTiling(orientations, sy, rows, tuple(tiles), paper)


def _merge(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def mat_png(
    game: str, players: int, out: Path, dpi: float = 150, variant: str | None = None
) -> str:
    check_writable(out)
    if out.is_dir():
        raise KitError(f"cannot write the PNG to {out}: it is a folder; give a file name")
    layout = load_layout(game, players, variant)
    try:
        render_layout(layout, dpi).save(out, dpi=(dpi, dpi))
    except OSError as exc:
        raise KitError(f"cannot write {out}: {exc.strerror or exc}") from None
    w, h = layout.mat_size_mm
    return (
        f"{out}: {game} mat for {players} {_plural(players, 'player')}, "
        f"{w:g} x {h:g} mm at {dpi:g} dpi"
    )


def mat_pdf(
    game: str,
    players: int,
    out: Path,
    paper: str = "a4",
    dpi: float = 150,
    variant: str | None = None,
) -> str:
    """An assembly page (the whole mat in miniature with every sheet numbered), then the
    mat tiled over sheets. Each seam is a dashed line with crosses at the same mat points
    on both sheets: trim the upper or left sheet along its seam, lay it over its neighbour
    so that the crosses match, and tape it from the back."""
    check_pdf_target(out)
    layout = load_layout(game, players, variant)
    tiling = mat_tiles(layout, paper)
    image = render_layout(layout, dpi)
    s = dpi / 25.4
    mat_w, mat_h = layout.mat_size_mm
    title = GAME_NAMES.get(game, (game, game))
    who = f"{players} {_plural(players, 'player')}"
    pdf = _new_pdf(paper, "L" if mat_w >= mat_h else "P")
    _assembly_page(pdf, layout, image, tiling, paper, f"{title[0]} {title[1]} mat, {who}")
    for n, (mx, my, w, h) in enumerate(tiling.tiles):
        crop = image.crop(
            (
                int(round(mx * s)),
                int(round(my * s)),
                int(round((mx + w) * s)),
                int(round((my + h) * s)),
            )
        )
        row, col = tiling.place(n)
        pdf.add_page(orientation=tiling.orientations[row])
        ox, oy = SAFE_MM, SAFE_MM + MAT_HEADER_MM
        pdf.image(crop, x=ox, y=oy, w=w, h=h)
        _note(
            pdf,
            SAFE_MM,
            SAFE_MM,
            f"{title[0]} mat, {who}: sheet {n + 1} of {len(tiling.tiles)} (row {row + 1}, "
            f"column {col + 1}). Actual size; the scale bar measures 100 mm.",
        )
        # Sheet outline and the seams with alignment crosses.
        pdf.set_draw_color(160, 160, 160)
        pdf.set_line_width(0.15)
        pdf.rect(ox, oy, w, h)
        pdf.set_line_width(0.3)
        for sx in tiling.seams_x[row]:
            if mx <= sx <= mx + w:
                _seam(
                    pdf, ox + sx - mx, oy, ox + sx - mx, oy + h, vertical=True, start=my, origin=oy
                )
        for sy in tiling.seams_y:
            if my <= sy <= my + h:
                _seam(
                    pdf, ox, oy + sy - my, ox + w, oy + sy - my, vertical=False, start=mx, origin=ox
                )
    _save_pdf(pdf, out)
    sheets = len(tiling.tiles)
    return (
        f"{out}: {game} mat for {who}, {mat_w:g} x {mat_h:g} mm on "
        f"{sheets} {paper} {_plural(sheets, 'sheet')} and an assembly page"
    )


def _assembly_page(
    pdf, layout, image: Image.Image, tiling: MatTiling, paper: str, title: str
) -> None:
    """Page 1: the mat in miniature with each sheet's outline and number."""
    pdf.add_page()
    pw, ph = pdf.w, pdf.h
    mat_w, mat_h = layout.mat_size_mm
    lines = [
        f"{title}: {mat_w:g} x {mat_h:g} mm, {len(tiling.tiles)} sheets. How to assemble:",
        "1. Print every page at actual size (100 %, no fit to page). Measure the 100 mm "
        "scale bar on the mat.",
        "2. Lay the sheets out as in the map below. Where two sheets meet, trim the "
        "left or upper sheet along its dashed seam line,",
        "   lay it over its neighbour so the crosses on the seam match, and tape from "
        "the back. Never cut through a black-and-white marker.",
        "組裝：以實際大小列印；依下圖排列；沿虛線裁切上方或左方的紙，對齊十字後從背面貼膠帶。",
    ]
    for i, line in enumerate(lines):
        _note(pdf, SAFE_MM, SAFE_MM + i * LINE_MM, line)
    top = SAFE_MM + (len(lines) + 1) * LINE_MM
    box_w, box_h = pw - 2 * SAFE_MM, ph - top - SAFE_MM
    k = min(box_w / mat_w, box_h / mat_h)
    ox, oy = SAFE_MM + (box_w - mat_w * k) / 2, top
    thumb = image.resize((max(1, int(mat_w * k * 4)), max(1, int(mat_h * k * 4))))
    pdf.image(thumb, x=ox, y=oy, w=mat_w * k, h=mat_h * k)
    pdf.set_draw_color(200, 30, 30)
    pdf.set_line_width(0.4)
    pdf.set_text_color(200, 30, 30)
    pdf.set_font("noto", size=max(8, min(28, int(k * 120))))
    for n, (x, y, w, h) in enumerate(tiling.tiles):
        pdf.rect(ox + x * k, oy + y * k, w * k, h * k)
        pdf.set_xy(ox + x * k, oy + y * k)
        pdf.cell(w * k, h * k, str(n + 1), align="C")
    pdf.set_font("noto", size=7)
    pdf.set_text_color(0, 0, 0)


def _seam(pdf, x0, y0, x1, y1, vertical: bool, start: float, origin: float) -> None:
    # White under the dashes so the seam shows on dark print too.
    pdf.set_draw_color(255, 255, 255)
    pdf.set_line_width(0.6)
    pdf.line(x0, y0, x1, y1)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.set_dash_pattern(dash=2, gap=2)
    pdf.line(x0, y0, x1, y1)
    pdf.set_dash_pattern()
    # Crosses at mat coordinates that are multiples of ALIGN_STEP_MM, so both sheets
    # sharing the seam show them at the same mat points.
    length = (y1 - y0) if vertical else (x1 - x0)
    k = math.ceil(start / ALIGN_STEP_MM)
    while k * ALIGN_STEP_MM - start <= length:
        t = k * ALIGN_STEP_MM - start
        cx, cy = (x0, origin + t) if vertical else (origin + t, y0)
        if 3 <= t <= length - 3:  # whole crosses only: none pokes out of the sheet's image
            pdf.line(cx - 3, cy, cx + 3, cy)
            pdf.line(cx, cy - 3, cx, cy + 3)
        k += 1


__all__ = [
    "cards_pdf",
    "cards_png",
    "stickers_pdf",
    "tokens_pdf",
    "mat_pdf",
    "mat_png",
    "LABEL_SHEETS",
    "PAPERS",
    "KitError",
    "render_piece",
]
