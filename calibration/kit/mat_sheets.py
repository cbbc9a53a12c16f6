"""The play mat: one PNG, or a PDF of overlapping sheets with an assembly page."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..layouts import load_layout
from .cards import GAME_NAMES
from .draw import check_writable
from .mat import render_layout
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
    forbid_y = _merge(
        [(m.center_mm[1] - _clear(m), m.center_mm[1] + _clear(m)) for m in layout.markers]
    )
    best, first_fit = None, 0
    for n in range(1, 40):
        # n rows: k upright and n - k sideways, the upright ones on top or at the bottom (in
        # that order, so that a tie between them is always settled the same way).
        for k in range(n + 1):
            upright_on_top = ("P",) * k + ("L",) * (n - k)
            for orientations in dict.fromkeys((upright_on_top, upright_on_top[::-1])):
                found = _rows_for(layout, paper, orientations, forbid_y)
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


def _clear(m) -> float:
    """How far a seam keeps from a marker's centre."""
    return m.size_mm / 2 + MARKER_CLEARANCE_MM


def _rows_for(layout, paper: str, orientations: tuple[str, ...], forbid_y):
    """(horizontal seams, each row's vertical seams) for rows of sheets in these
    orientations, or None if they cannot cover the mat clear of the markers."""
    mat_w, mat_h = layout.mat_size_mm
    half = SEAM_OVERLAP_MM / 2
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
            if m.center_mm[1] + _clear(m) > top and m.center_mm[1] - _clear(m) < bottom
        ]
        seams = _axis_seams(
            mat_w,
            _printable(paper, orientation)[0],
            _merge([(m.center_mm[0] - _clear(m), m.center_mm[0] + _clear(m)) for m in beside]),
        )
        if seams is None:
            return None
        rows.append(seams)
    return sy, tuple(rows)


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
        f"{out}: {game} mat for {players} {plural(players, 'player')}, "
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
    who = f"{players} {plural(players, 'player')}"
    pdf = new_pdf(paper, "L" if mat_w >= mat_h else "P")
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
        sheet_note(
            pdf,
            SAFE_MM,
            SAFE_MM,
            f"{title[0]} mat, {who}: sheet {n + 1} of {len(tiling.tiles)} (row {row + 1}, "
            f"column {col + 1}). Actual size; the scale bar measures 100 mm.",
        )
        _outline_and_seams(pdf, tiling, row, (mx, my, w, h), (ox, oy))
    save_pdf(pdf, out)
    sheets = len(tiling.tiles)
    return (
        f"{out}: {game} mat for {who}, {mat_w:g} x {mat_h:g} mm on "
        f"{sheets} {paper} {plural(sheets, 'sheet')} and an assembly page"
    )


def _outline_and_seams(pdf, tiling: MatTiling, row: int, tile, origin) -> None:
    """A sheet's outline, and the seams crossing it as dashed lines with alignment crosses."""
    mx, my, w, h = tile
    ox, oy = origin
    pdf.set_draw_color(160, 160, 160)
    pdf.set_line_width(0.15)
    pdf.rect(ox, oy, w, h)
    pdf.set_line_width(0.3)
    for sx in tiling.seams_x[row]:
        if mx <= sx <= mx + w:
            _seam(pdf, ox + sx - mx, oy, ox + sx - mx, oy + h, vertical=True, start=my, origin=oy)
    for sy in tiling.seams_y:
        if my <= sy <= my + h:
            _seam(pdf, ox, oy + sy - my, ox + w, oy + sy - my, vertical=False, start=mx, origin=ox)


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
        sheet_note(pdf, SAFE_MM, SAFE_MM + i * LINE_MM, line)
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
