"""Drawing helpers shared by cards, tokens, stickers and mats: fonts, mm<->px, QR, ArUco."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.errors import CompanionError

CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FONT_BOLD = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
TC_INDEX = 3  # face "Noto Sans CJK TC" inside the collection: Traditional Chinese glyph forms

QR_QUIET_MODULES = 4
QR_SIZE_MODULES = 21  # version 1
ARUCO_CELLS = 6  # DICT_4X4: 4 data cells plus a one-cell black border each side


class MissingFontError(CompanionError):
    pass


def px(mm: float, dpi: float) -> int:
    return int(round(mm * dpi / 25.4))


@lru_cache(maxsize=64)
def font(size_px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans CJK TC at a pixel size: it covers Latin and Traditional Chinese."""
    path = CJK_FONT_BOLD if bold and CJK_FONT_BOLD.exists() else CJK_FONT
    if not path.exists():
        raise MissingFontError(
            f"the CJK font {CJK_FONT} is missing: install Debian's fonts-noto-cjk package "
            f"(apt-get install fonts-noto-cjk)"
        )
    return ImageFont.truetype(str(path), max(4, size_px), index=TC_INDEX)


def fit_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    max_w: int,
    size_px: int,
    bold: bool = False,
    min_px: int = 4,
) -> ImageFont.FreeTypeFont:
    """The largest font not above size_px whose rendering of text fits max_w pixels."""
    size = size_px
    while size > min_px:
        f = font(size, bold)
        if draw.textlength(text, font=f) <= max_w:
            return f
        size = int(size * 0.9)
    return font(min_px, bold)


def qr_matrix(payload: str) -> list[list[bool]]:
    """The version-1 QR symbol for a payload (dark = True), error correction level H.

    Level H at version 1 holds 10 alphanumeric characters, which is exactly the payload
    rule; see calibration/README.md for why H.
    """
    import segno

    qr = segno.make_qr(payload, version=1, error="h", boost_error=False)
    return [[bool(v) for v in row] for row in qr.matrix]


def draw_qr(img: Image.Image, payload: str, x0: float, y0: float, module_px: float) -> None:
    """Draw the symbol's 21x21 modules with their top-left at (x0, y0) px (no quiet zone:
    the caller keeps 4 modules around it light)."""
    draw = ImageDraw.Draw(img)
    for r, row in enumerate(qr_matrix(payload)):
        for c, dark in enumerate(row):
            if dark:
                # Edges computed from the module grid so neighbours never leave gaps.
                a, b = int(round(x0 + c * module_px)), int(round(y0 + r * module_px))
                e, f = int(round(x0 + (c + 1) * module_px)), int(round(y0 + (r + 1) * module_px))
                draw.rectangle([a, b, e - 1, f - 1], fill=(0, 0, 0))


@lru_cache(maxsize=512)
def aruco_cells(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The 6x6 cells (black border included) of a DICT_4X4_250 marker; True = black."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250)
    image = cv2.aruco.generateImageMarker(dictionary, marker_id, ARUCO_CELLS * 10)
    return tuple(
        tuple(bool(image[r * 10 + 5, c * 10 + 5] < 128) for c in range(ARUCO_CELLS))
        for r in range(ARUCO_CELLS)
    )


def draw_aruco(img: Image.Image, marker_id: int, x0: float, y0: float, side_px: float) -> None:
    """Draw a marker's black square (side_px wide) with its top-left at (x0, y0)."""
    draw = ImageDraw.Draw(img)
    cell = side_px / ARUCO_CELLS
    draw.rectangle(
        [
            int(round(x0)),
            int(round(y0)),
            int(round(x0 + side_px)) - 1,
            int(round(y0 + side_px)) - 1,
        ],
        fill=(0, 0, 0),
    )
    for r, row in enumerate(aruco_cells(marker_id)):
        for c, black in enumerate(row):
            if not black:
                a, b = int(round(x0 + c * cell)), int(round(y0 + r * cell))
                e, f = int(round(x0 + (c + 1) * cell)), int(round(y0 + (r + 1) * cell))
                draw.rectangle([a, b, e - 1, f - 1], fill=(255, 255, 255))


def hex_rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def lighten(rgb: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(int(round(v + (255 - v) * amount)) for v in rgb)  # type: ignore[return-value]


def check_writable(path: Path) -> None:
    """Raise a clear error before rendering when the output cannot be written."""
    import os

    parent = path if path.is_dir() else path.parent
    if not parent.exists():
        raise OutputPathError(f"cannot write {path}: folder {parent} does not exist")
    if not parent.is_dir():
        raise OutputPathError(f"cannot write {path}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK):
        raise OutputPathError(f"cannot write {path}: folder {parent} is not writable")
    if path.exists() and not path.is_dir() and not os.access(path, os.W_OK):
        raise OutputPathError(f"cannot write {path}: the file is read-only")


class OutputPathError(CompanionError):
    pass
