"""Printable sheets: cards (PDF with cut marks and duplex backs, or PNG per face), stickers,
tokens and the tiled mat. Every function returns a short summary for the CLI to print.

PDF text is kept to Latin-1 (fpdf2's core fonts); anything in Chinese is drawn into the
images with the CJK font.
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
from .cards import GAME_NAMES, blank_back, card_image, faces, render_piece
from .draw import check_writable, draw_qr, fit_text, px
from .mat import render_layout
from .tokens import render_token_piece, token_groups, token_size_mm

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MIN_MARGIN_MM = 8.0
CUT_MARK_MM = 5.0


class KitError(CompanionError):
    pass


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise KitError(f"unknown paper {paper!r}; choose {' or '.join(PAPERS)}") from None


def _new_pdf(paper: str, orientation: str = "P"):
    from fpdf import FPDF

    pdf = FPDF(orientation=orientation, unit="mm", format=paper_size(paper))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_font("Helvetica", size=7)
    return pdf


def _ascii(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


def _save_pdf(pdf, out: Path) -> None:
    check_writable(out)
    try:
        pdf.output(str(out))
    except OSError as exc:
        raise KitError(f"cannot write {out}: {exc.strerror or exc}") from None


# -- cards ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    w: float
    h: float

    def cell(self, i: int, mirrored: bool = False) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        if mirrored:  # the back of a sheet flipped on its long edge
            c = self.cols - 1 - c
        return self.x0 + c * self.w, self.y0 + r * self.h

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


CARD_MARGIN_MM = 7.0  # 3 x 3 cards of 63 x 88 mm fit on letter paper with this margin


def card_grid(paper: str, card_mm: tuple[float, float]) -> Grid:
    pw, ph = paper_size(paper)
    w, h = card_mm
    cols = int((pw - 2 * CARD_MARGIN_MM) // w)
    rows = int((ph - 2 * CARD_MARGIN_MM) // h)
    if cols < 1 or rows < 1:
        raise KitError(f"a {w:g} x {h:g} mm card does not fit on {paper} paper")
    return Grid(cols, rows, (pw - cols * w) / 2, (ph - rows * h) / 2, w, h)


def _cut_marks(pdf, grid: Grid) -> None:
    """Short lines in the margin at every card edge: cut along them with a ruler."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    top, bottom = grid.y0, grid.y0 + grid.rows * grid.h
    left, right = grid.x0, grid.x0 + grid.cols * grid.w
    gap = 1.0
    mark = min(CUT_MARK_MM, grid.y0 - gap - 1, grid.x0 - gap - 1)
    for c in range(grid.cols + 1):
        x = left + c * grid.w
        pdf.line(x, top - gap - mark, x, top - gap)
        pdf.line(x, bottom + gap, x, bottom + gap + mark)
    for r in range(grid.rows + 1):
        y = top + r * grid.h
        pdf.line(left - gap - mark, y, left - gap, y)
        pdf.line(right + gap, y, right + gap + mark, y)


def _card_mm(game: str, card_mm: tuple[float, float] | None) -> tuple[float, float]:
    if card_mm is None:
        return tuple(float(v) for v in load_catalogue(game).card_size_mm)  # type: ignore
    if min(card_mm) < 30 or max(card_mm) > 200:
        raise KitError(f"card size {card_mm[0]:g}x{card_mm[1]:g} mm is not sensible (30-200 mm)")
    return card_mm


def cards_pdf(game: str, out: Path, paper: str = "a4", dpi: float = 300,
              card_mm: tuple[float, float] | None = None) -> str:
    """Fronts and backs on alternate pages; backs mirrored so that printing two-sided
    (flip on the long edge) puts each back behind its front."""
    check_writable(out)
    card_mm = _card_mm(game, card_mm)
    grid = card_grid(paper, card_mm)
    cards = list(load_catalogue(game).cards)
    pdf = _new_pdf(paper)
    name = GAME_NAMES.get(game, (game, game))[0]
    blank = None
    sheets = math.ceil(len(cards) / grid.per_page)
    for sheet in range(sheets):
        batch = cards[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        for side in ("front", "back"):
            pdf.add_page()
            for i, piece in enumerate(batch):
                x, y = grid.cell(i, mirrored=(side == "back"))
                if side == "front":
                    image = card_image(game, piece.payload, dpi, card_mm)
                elif piece.back:
                    image = card_image(game, piece.back, dpi, card_mm)
                else:
                    blank = blank or blank_back(game, dpi, card_mm)
                    image = blank
                pdf.image(image, x=x, y=y, w=card_mm[0], h=card_mm[1])
            _cut_marks(pdf, grid)
            if grid.y0 >= 12:  # room for a line of instructions above the cut marks
                pdf.set_xy(grid.x0, 1.5)
                pdf.cell(0, 4, _ascii(
                    f"{name} cards - sheet {sheet + 1} of {sheets}, {side}s. "
                    f"Print at 100% (no fit to page), two-sided, flip on long edge."))
    _save_pdf(pdf, out)
    return f"{out}: {len(cards)} cards on {sheets} sheets ({2 * sheets} pages, fronts and backs)"


def cards_png(game: str, out: Path, dpi: float = 300,
              card_mm: tuple[float, float] | None = None) -> str:
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
        manifest.append({"file": file, "payload": piece.payload, "card": piece.card,
                         "side": side, "name": piece.name.to_dict(), "back": piece.back})
    data = {"game": game, "dpi": dpi, "card_size_mm": list(card_mm), "faces": manifest}
    (out / "manifest.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                       encoding="utf-8")
    return f"{out}: {len(manifest)} card faces and manifest.json"


def _prepare_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise KitError(f"cannot write PNG files into {out}: it is a file, not a folder")
    check_writable(out)
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise KitError(f"cannot create folder {out}: {exc.strerror or exc}") from None


# -- stickers ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class LabelSheet:
    """A commercial label sheet: label size, grid and the first label's position (mm)."""

    code: str
    paper: str
    cols: int
    rows: int
    w: float
    h: float
    left: float
    top: float
    pitch_x: float
    pitch_y: float


LABEL_SHEETS = {
    # Avery L7160: A4, 3 x 7 labels of 63.5 x 38.1 mm (the common A4 address label).
    "L7160": LabelSheet("L7160", "a4", 3, 7, 63.5, 38.1, 7.25, 15.15, 66.04, 38.1),
    # Avery L7159: A4, 3 x 8 labels of 63.5 x 33.9 mm.
    "L7159": LabelSheet("L7159", "a4", 3, 8, 63.5, 33.9, 7.25, 12.9, 66.04, 33.9),
    # Avery 5163: US letter, 2 x 5 labels of 101.6 x 50.8 mm.
    "5163": LabelSheet("5163", "letter", 2, 5, 101.6, 50.8, 4.0, 12.7, 104.8, 50.8),
}
DEFAULT_LABELS = {"a4": "L7160", "letter": "5163"}


def sticker_image(game: str, piece: Piece, sheet: LabelSheet, dpi: float) -> Image.Image:
    """QR (with its quiet zone) on the left, the card in words on the right."""
    W, H = px(sheet.w, dpi), px(sheet.h, dpi)
    img = Image.new("RGB", (W, H), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    inset = 1.5  # labels are die-cut with some play: keep clear of the edges
    module = (sheet.h - 2 * inset) / 29
    s = dpi / 25.4
    q0 = inset + 4 * module
    draw_qr(img, piece.payload, q0 * s, q0 * s, module * s)
    x = (2 * inset + 29 * module + 1) * s
    text_w = W - x - inset * s
    lines = [(piece.name.en, True), (piece.name.zh, True),
             (f"{GAME_NAMES.get(game, (game,))[0]} · {piece.payload}", False)]
    for i, (text, bold) in enumerate(lines):
        f = fit_text(draw, text, int(text_w), int(H * 0.2), bold=bold)
        draw.text((x, H * (0.25 + 0.25 * i)), text, font=f, fill=(20, 20, 20), anchor="lm")
    return img


def stickers_pdf(game: str, out: Path, paper: str = "a4", labels: str | None = None,
                 dpi: float = 300) -> str:
    check_writable(out)
    paper_size(paper)  # an unknown paper raises here, with the list of papers
    code = labels or DEFAULT_LABELS[paper.lower()]
    sheet = LABEL_SHEETS.get(str(code).upper()) or LABEL_SHEETS.get(str(code))
    if sheet is None:
        raise KitError(f"unknown label sheet {code!r}; choose one of {', '.join(LABEL_SHEETS)}")
    catalogue = load_catalogue(game)
    pieces = list(catalogue.cards) + list(catalogue.backs)
    pdf = _new_pdf(sheet.paper)
    per = sheet.cols * sheet.rows
    for i, piece in enumerate(pieces):
        if i % per == 0:
            pdf.add_page()
        r, c = divmod(i % per, sheet.cols)
        pdf.image(sticker_image(game, piece, sheet, dpi), x=sheet.left + c * sheet.pitch_x,
                  y=sheet.top + r * sheet.pitch_y, w=sheet.w, h=sheet.h)
    _save_pdf(pdf, out)
    return (f"{out}: {len(pieces)} stickers on {math.ceil(len(pieces) / per)} "
            f"{sheet.code} sheets ({sheet.cols} x {sheet.rows}, {sheet.w} x {sheet.h} mm)")


# -- tokens -----------------------------------------------------------------------------------

def tokens_pdf(game: str, out: Path, paper: str = "a4", dpi: float = 300) -> str:
    """Tokens in a grid, each with its name underneath (on the sheet, outside the cut line).
    A piece with two sides (Musée) prints as a strip of two squares: fold on the middle line
    and glue back to back."""
    check_writable(out)
    groups = token_groups(game)
    if not groups:
        raise KitError(f"{game} has no tokens to print")
    pw, ph = paper_size(paper)
    side = token_size_mm(game)
    gw = side * max(len(g) for g in groups)
    cell_w, cell_h = gw + 8, side + 14
    cols = int((pw - 2 * MIN_MARGIN_MM) // cell_w)
    rows = int((ph - 2 * MIN_MARGIN_MM - 6) // cell_h)
    per = cols * rows
    pdf = _new_pdf(paper)
    name = GAME_NAMES.get(game, (game, game))[0]
    for i, group in enumerate(groups):
        if i % per == 0:
            pdf.add_page()
            pdf.set_xy(MIN_MARGIN_MM, 3)
            pdf.cell(0, 4, _ascii(f"{name} tokens. Print at 100%. Cut along the outlines"
                                  + ("; fold two-sided tokens on the dashed line." if
                                     any(len(g) > 1 for g in groups) else ".")))
        r, c = divmod(i % per, cols)
        x0 = MIN_MARGIN_MM + c * cell_w
        y0 = MIN_MARGIN_MM + 4 + r * cell_h
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

TILE_OVERLAP_MM = 12.0
ALIGN_STEP_MM = 40.0


def mat_png(game: str, players: int, out: Path, dpi: float = 150) -> str:
    check_writable(out)
    layout = load_layout(game, players)
    try:
        render_layout(layout, dpi).save(out, dpi=(dpi, dpi))
    except OSError as exc:
        raise KitError(f"cannot write {out}: {exc.strerror or exc}") from None
    w, h = layout.mat_size_mm
    return f"{out}: {game} mat for {players} players, {w:g} x {h:g} mm at {dpi:g} dpi"


def mat_tiles(mat_mm: tuple[float, float], paper: str) -> tuple[str, list[tuple[float, float]],
                                                                   tuple[float, float]]:
    """Choose the orientation needing fewer sheets; return it, the tiles' top-left corners
    in mat mm and the printable tile size."""
    best = None
    for orientation in ("P", "L"):
        pw, ph = paper_size(paper)
        if orientation == "L":
            pw, ph = ph, pw
        tw, th = pw - 2 * MIN_MARGIN_MM, ph - 2 * MIN_MARGIN_MM - 6
        nx = 1 if mat_mm[0] <= tw else math.ceil((mat_mm[0] - TILE_OVERLAP_MM) / (tw - TILE_OVERLAP_MM))
        ny = 1 if mat_mm[1] <= th else math.ceil((mat_mm[1] - TILE_OVERLAP_MM) / (th - TILE_OVERLAP_MM))
        if best is None or nx * ny < best[0]:
            best = (nx * ny, orientation, nx, ny, tw, th)
    _, orientation, nx, ny, tw, th = best
    tiles = [(i * (tw - TILE_OVERLAP_MM), j * (th - TILE_OVERLAP_MM))
             for j in range(ny) for i in range(nx)]
    return orientation, tiles, (tw, th)


def mat_pdf(game: str, players: int, out: Path, paper: str = "a4", dpi: float = 150) -> str:
    """The mat tiled over sheets. Neighbouring sheets overlap by TILE_OVERLAP_MM; the middle
    of every overlap carries a dashed seam with crosses at the same mat points on both
    sheets: trim one sheet along its seam, lay it on the other so the crosses match, tape."""
    check_writable(out)
    layout = load_layout(game, players)
    image = render_layout(layout, dpi)
    s = dpi / 25.4
    mat_w, mat_h = layout.mat_size_mm
    orientation, tiles, (tw, th) = mat_tiles(layout.mat_size_mm, paper)
    nx = len({x for x, _ in tiles})
    seams_x = sorted({x + TILE_OVERLAP_MM / 2 for x, _ in tiles if x > 0})
    seams_y = sorted({y + TILE_OVERLAP_MM / 2 for _, y in tiles if y > 0})
    pdf = _new_pdf(paper, orientation)
    title = GAME_NAMES.get(game, (game,))[0]
    for n, (mx, my) in enumerate(tiles):
        w, h = min(tw, mat_w - mx), min(th, mat_h - my)
        crop = image.crop((int(round(mx * s)), int(round(my * s)),
                           int(round((mx + w) * s)), int(round((my + h) * s))))
        pdf.add_page()
        ox, oy = MIN_MARGIN_MM, MIN_MARGIN_MM + 6
        pdf.image(crop, x=ox, y=oy, w=w, h=h)
        row, col = divmod(n, nx)
        pdf.set_xy(MIN_MARGIN_MM, 3)
        pdf.cell(0, 4, _ascii(
            f"{title} mat, {players} players: sheet {n + 1} of {len(tiles)} (row {row + 1}, "
            f"column {col + 1}). Print at 100% (no fit to page); the scale bar must measure 100 mm."))
        # Sheet outline (cut line) and the seams with alignment crosses.
        pdf.set_draw_color(160, 160, 160)
        pdf.set_line_width(0.15)
        pdf.rect(ox, oy, w, h)
        pdf.set_draw_color(0, 0, 0)
        pdf.set_line_width(0.25)
        for sx in seams_x:
            if mx <= sx <= mx + w:
                _seam(pdf, ox + sx - mx, oy, ox + sx - mx, oy + h, vertical=True,
                      start=my, origin=oy)
        for sy in seams_y:
            if my <= sy <= my + h:
                _seam(pdf, ox, oy + sy - my, ox + w, oy + sy - my, vertical=False,
                      start=mx, origin=ox)
    _save_pdf(pdf, out)
    return (f"{out}: {game} mat for {players} players, {mat_w:g} x {mat_h:g} mm on "
            f"{len(tiles)} {paper} sheets")


def _seam(pdf, x0, y0, x1, y1, vertical: bool, start: float, origin: float) -> None:
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
        pdf.line(cx - 3, cy, cx + 3, cy)
        pdf.line(cx, cy - 3, cx, cy + 3)
        k += 1


__all__ = ["cards_pdf", "cards_png", "stickers_pdf", "tokens_pdf", "mat_pdf", "mat_png",
           "LABEL_SHEETS", "PAPERS", "KitError", "render_piece"]
