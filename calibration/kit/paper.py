"""Paper for the print kit: sizes, the band a printer cannot reach, a PDF set to print at
actual size with the CJK font embedded, and where the files go."""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError

from .draw import check_writable

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


def new_pdf(paper: str, orientation: str = "P", duplex: bool = False):
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


def sheet_note(pdf, x: float, y: float, text: str, width: float = 0, align: str = "L") -> None:
    """One line of sheet text with its top at y (callers keep it inside the safe area)."""
    pdf.set_xy(x, y)
    pdf.cell(width, LINE_MM, text, align=align)


def save_pdf(pdf, out: Path) -> None:
    check_writable(out)
    try:
        pdf.output(str(out))
    except OSError as exc:
        raise KitError(f"cannot write {out}: {exc.strerror or exc}") from None


def prepare_folder(out: Path) -> None:
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


def plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
