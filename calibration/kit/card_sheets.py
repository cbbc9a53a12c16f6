"""Card sheets: a PDF with cut marks and duplex backs, or one PNG per card face."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from companion.catalogue import load_catalogue

from .cards import GAME_NAMES, blank_back, card_geometry, card_image, faces
from .paper import (
    CUT_MARK_MM,
    LINE_MM,
    SAFE_MM,
    KitError,
    check_pdf_target,
    new_pdf,
    paper_size,
    plural,
    prepare_folder,
    save_pdf,
    sheet_note,
)

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


def cut_marks(pdf, grid: Grid, paper: str) -> None:
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


def with_bleed(image: Image.Image, bleed_px: tuple[int, ...]) -> Image.Image:
    """The card with its frame colour carried past the cut (left, top, right, bottom px):
    a cut a little off, or a back printed a little off, shows more frame, never white or
    the neighbour's colour."""
    left, top, right, bottom = bleed_px
    out = Image.new(
        "RGB", (image.width + left + right, image.height + top + bottom), image.getpixel((0, 0))
    )
    out.paste(image, (left, top))
    return out


def card_mm_of(game: str, card_mm: tuple[float, float] | None) -> tuple[float, float]:
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
    card_mm = card_mm_of(game, card_mm)
    grid = card_grid(paper, card_mm)
    cards = list(load_catalogue(game).cards)
    coded_backs = any(p.back for p in cards)
    sides = ("front", "back") if (coded_backs or not plain_backs) else ("front",)
    pdf = new_pdf(paper, duplex=len(sides) == 2)
    pw, ph = paper_size(paper)
    name = GAME_NAMES.get(game, (game, game))
    blank = None
    sheets = math.ceil(len(cards) / grid.per_page)
    for sheet in range(sheets):
        batch = cards[sheet * grid.per_page : (sheet + 1) * grid.per_page]
        for side in sides:
            pdf.add_page()
            for i, piece in enumerate(batch):
                if side == "front":
                    image = card_image(game, piece.payload, dpi, card_mm)
                elif piece.back:
                    image = card_image(game, piece.back, dpi, card_mm)
                elif plain_backs:
                    continue
                else:
                    blank = blank or blank_back(game, dpi, card_mm)
                    image = blank
                _place_card(pdf, grid, i, side == "back", image, card_mm, dpi)
            cut_marks(pdf, grid, paper)
            how = "two-sided, flip on long edge" if len(sides) == 2 else "one-sided"
            sheet_note(
                pdf,
                SAFE_MM,
                SAFE_MM,
                f"{name[0]} {name[1]} cards - sheet {sheet + 1} of {sheets}, {side}s. "
                f"Print at actual size (100 %, no fit to page), {how}.",
            )
            _scale_check(pdf, pw, ph - SAFE_MM - LINE_MM, grid)
    save_pdf(pdf, out)
    pages = "fronts and backs" if len(sides) == 2 else "fronts only, one-sided"
    return (
        f"{out}: {len(cards)} cards on {sheets} {paper} {plural(sheets, 'sheet')} "
        f"({len(sides) * sheets} pages, {pages}; {grid.per_page} per sheet)"
    )


def _place_card(pdf, grid: Grid, i: int, mirrored: bool, image, card_mm, dpi: float) -> None:
    """Card `i` in its cell; its colour bleeds into the gaps between cards only, so the
    outer edge stays clean."""
    s = dpi / 25.4
    x, y = grid.cell(i, mirrored)
    c, r = grid.column_row(i, mirrored)
    edges = (c > 0, r > 0, c < grid.cols - 1, r < grid.rows - 1)
    b = [math.ceil(grid.gap / 2 * s) if inner else 0 for inner in edges]  # no hairline left
    pdf.image(
        with_bleed(image, tuple(b)),
        x=x - b[0] / s,
        y=y - b[1] / s,
        w=card_mm[0] + (b[0] + b[2]) / s,
        h=card_mm[1] + (b[1] + b[3]) / s,
    )


def _scale_check(pdf, pw: float, y: float, grid: Grid) -> None:
    """A line of text at the foot of a card sheet: the printed card must measure its size."""
    sheet_note(
        pdf,
        SAFE_MM,
        y,
        f"Scale check: each card must measure {grid.w:g} x {grid.h:g} mm. "
        f"Cut on the marks; the gaps between cards go to waste.",
        width=pw - 2 * SAFE_MM,
    )


def cards_png(
    game: str, out: Path, dpi: float = 300, card_mm: tuple[float, float] | None = None
) -> str:
    """One PNG per distinct card face (each front, each back design) and manifest.json."""
    card_mm = card_mm_of(game, card_mm)
    prepare_folder(out)
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
