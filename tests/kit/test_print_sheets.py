"""The printed sheets as a café's office printer meets them: one-line errors for bad options,
nothing in the printer's unprintable margin, seams off the markers, the print dialog preset."""

import os
import re

import numpy as np
import pypdfium2
import pytest
from click.testing import CliRunner

from calibration.kit import sheets
from calibration.kit.sheets import SAFE_MM, label_sheet, mat_tiles, sticker_module_mm
from calibration.layouts import available_layouts, load_layout
from companion.catalogue import load_catalogue
from companion_cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def page_images(pdf_path, dpi=40):
    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for page in doc:
            yield np.asarray(page.render(scale=dpi / 72).to_pil().convert("L"))
    finally:
        doc.close()


def ink_in_margin(image: np.ndarray, dpi: float, margin_mm: float) -> int:
    """Dark pixels closer than margin_mm to an edge (less half a pixel of anti-aliasing)."""
    k = max(1, int(margin_mm * dpi / 25.4) - 1)
    band = np.ones(image.shape, bool)
    band[k:-k, k:-k] = False
    return int((image[band] < 200).sum())


@pytest.mark.parametrize(
    "args,needle",
    [
        (["print", "cards", "musee", "--paper", "b5"], "'b5' is not one of"),
        (["print", "cards", "musee", "--card-size", "44x68"], "too small for a webcam"),
        (["print", "stickers", "musee", "--labels", "L7160", "--paper", "letter"], "L7160 is A4"),
        (["print", "stickers", "musee", "--labels", "L9999"], "unknown label sheet"),
        (["print", "mat", "musee", "-n", 2, "--layout", "tiny"], "'tiny' is not one of"),
        (["print", "cards", "musee", "--dpi", "abc"], "'abc' is not a valid integer"),
    ],
)
def test_every_bad_option_is_one_error_line(tmp_path, args, needle):
    out = tmp_path / "x.pdf"
    result = run(*args, "--out", out)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and needle in lines[0], lines
    assert not out.exists()


@pytest.mark.parametrize(
    "args,needle",
    [
        (["layout", "musee", "-n", 2, "--layout", "tiny"], "'tiny' is not one of"),
        (["layout", "musee", "-n", "two"], "'two' is not a valid integer"),
        (["layout", "musee"], "Missing option '--players'"),
        (["layout", "musee", "-n", 2, "--colour", "red"], "No such option '--colour'"),
        (
            ["calibrate", "frame.png", "--game", "musee", "-n", 2, "--layout", "tiny"],
            "'tiny' is not one of",
        ),
        (["calibrate", "frame.png", "--game", "musee", "-n", "x"], "'x' is not a valid integer"),
        (["calibrate", "frame.png", "-n", 2], "Missing option '--game'"),
        (["calibrate", "--game", "musee", "-n", 2], "Missing argument 'IMAGE'"),
    ],
)
def test_layout_and_calibrate_say_a_bad_option_in_one_line(args, needle):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and needle in lines[0], lines


def test_a_folder_as_pdf_output_is_refused_before_rendering(tmp_path, monkeypatch):
    def no_render(*args, **kwargs):
        raise AssertionError("rendered before checking the output path")

    from calibration.kit import card_sheets, mat_sheets

    monkeypatch.setattr(card_sheets, "card_image", no_render)
    monkeypatch.setattr(mat_sheets, "render_layout", no_render)
    for args in (
        ["cards", "musee"],
        ["mat", "musee", "-n", 2],
        ["stickers", "crypt"],
        ["tokens", "musee"],
    ):
        result = run("print", *args, "--out", tmp_path)
        assert result.exit_code == 2 and "is a folder" in result.output, result.output


def test_a_game_without_tokens_prints_nothing_and_succeeds(tmp_path):
    assert not load_catalogue("crypt").tokens
    out = tmp_path / "tokens.pdf"
    result = run("print", "tokens", "crypt", "--out", out)
    assert result.exit_code == 0 and "no tokens" in result.output
    assert not out.exists()


def test_help_names_only_options_that_exist():
    result = run("print", "tokens", "--help")
    assert result.exit_code == 0 and "--format" not in result.output


def test_player_counts_read_right(tmp_path):
    result = run(
        "print",
        "mat",
        "crypt",
        "-n",
        1,
        "--format",
        "png",
        "--dpi",
        30,
        "--out",
        tmp_path / "m.png",
    )
    assert result.exit_code == 0 and "mat for 1 player," in result.output
    result = run("layout", "crypt", "-n", 1)
    assert "for 1 player:" in result.output


def test_pdfs_preset_actual_size_and_duplex_and_embed_the_font(tmp_path):
    cards, mat = tmp_path / "cards.pdf", tmp_path / "mat.pdf"
    assert run("print", "cards", "mythe", "--dpi", 40, "--out", cards).exit_code == 0
    assert run("print", "mat", "mythe", "-n", 2, "--dpi", 30, "--out", mat).exit_code == 0
    data = cards.read_bytes()
    assert re.search(rb"/PrintScaling\s*/None", data)
    assert re.search(rb"/Duplex\s*/DuplexFlipLongEdge", data)
    assert re.search(rb"/FontFile[23]?\s", data) and b"NotoSansCJK" in data
    assert re.search(rb"/PrintScaling\s*/None", mat.read_bytes())
    assert re.search(rb"/Duplex\s*/Simplex", mat.read_bytes())


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_nothing_is_printed_within_6_mm_of_the_paper_edge(tmp_path, paper):
    dpi = 40
    outputs = []
    for kind, args in (
        ("cards", ["cards", "crypt"]),
        ("stickers", ["stickers", "musee"]),
        ("tokens", ["tokens", "musee"]),
        ("mat", ["mat", "musee", "-n", 2]),
    ):
        out = tmp_path / f"{kind}.pdf"
        result = run("print", *args, "--paper", paper, "--dpi", 40, "--out", out)
        assert result.exit_code == 0, result.output
        outputs.append(out)
    for out in outputs:
        for n, image in enumerate(page_images(out, dpi)):
            assert ink_in_margin(image, dpi, SAFE_MM) == 0, (out.name, n)
            assert ink_in_margin(image, dpi, SAFE_MM + 6) > 0, (out.name, n)  # not blank


def assert_seams_miss_markers(tiling, markers):
    """No seam crosses a marker's square: a horizontal seam runs the mat's width, a vertical
    one the height of its row of sheets (overlap included)."""
    edges = [0.0, *tiling.seams_y, None]
    for row, seams in enumerate(tiling.seams_x):
        top = max(0.0, edges[row] - sheets.SEAM_OVERLAP_MM / 2)
        bottom = (
            float("inf") if edges[row + 1] is None else edges[row + 1] + sheets.SEAM_OVERLAP_MM / 2
        )
        for m in markers:
            half = m.size_mm / 2
            if m.center_mm[1] + half > top and m.center_mm[1] - half < bottom:
                assert not any(abs(s - m.center_mm[0]) < half for s in seams), (row, m)
    for m in markers:
        assert not any(abs(s - m.center_mm[1]) < m.size_mm / 2 for s in tiling.seams_y), m


def test_mat_seams_stay_off_the_markers_and_share_the_mat_evenly():
    for game, counts in available_layouts().items():
        for players in counts:
            layout = load_layout(game, players)
            for paper in ("a4", "letter", "a3"):
                tiling = mat_tiles(layout, paper)
                assert_seams_miss_markers(tiling, layout.markers)
                # No thin strips: every sheet carries at least half the largest share.
                widths = [w for _, _, w, _ in tiling.tiles]
                heights = [h for _, _, _, h in tiling.tiles]
                assert min(widths) >= 0.5 * max(widths), (game, players, paper, widths)
                assert min(heights) >= 0.5 * max(heights), (game, players, paper, heights)


def test_standard_masterpiece_mat_takes_near_its_area_in_a4_sheets():
    """1116 x 566 mm is 11.5 A4 sheets' printable area; a grid whose seams must miss the
    markers along the whole mat took 20. Each row of sheets staggers its own seams (they
    need only miss the markers in that row), as bricks do."""
    tiling = mat_tiles(load_layout("masterpiece", 4), "a4")
    assert len(tiling.tiles) <= 14, len(tiling.tiles)
    assert len(set(tiling.seams_x)) > 1  # the rows do not share one set of seams


def test_a_mat_mixes_upright_and_sideways_rows_when_that_saves_sheets(tmp_path):
    """The compact Cardcassonne mat (854 x 586 mm) is just over two upright A4 rows or three
    sideways ones: one upright row and two sideways rows take 13 sheets, either kind alone
    15 or 16. The PDF turns each page as its row needs."""
    tiling = mat_tiles(load_layout("cardcassonne", 4, "compact"), "a4")
    assert len(tiling.tiles) <= 13 and set(tiling.orientations) == {"P", "L"}, tiling
    out = tmp_path / "mat.pdf"
    assert (
        run(
            "print",
            "mat",
            "cardcassonne",
            "-n",
            4,
            "--layout",
            "compact",
            "--dpi",
            30,
            "--out",
            out,
        ).exit_code
        == 0
    )
    doc = pypdfium2.PdfDocument(str(out))
    try:
        sizes = [tuple(round(v) for v in page.get_size()) for page in doc]
    finally:
        doc.close()
    assert len(sizes) == len(tiling.tiles) + 1
    expected = [
        (595, 842) if tiling.orientations[tiling.place(n)[0]] == "P" else (842, 595)
        for n in range(len(tiling.tiles))
    ]
    assert sizes[1:] == expected


def test_masterpiece_a4_mat_needs_fewer_sheets_on_a3():
    layout = load_layout("masterpiece", 3)
    a4, a3 = len(mat_tiles(layout, "a4").tiles), len(mat_tiles(layout, "a3").tiles)
    assert a3 <= a4 * 2 / 3, (a4, a3)  # 9 A3 sheets against 14 A4


def test_stickers_carry_2_mm_modules_on_every_paper_and_one_back_per_card():
    for paper in ("a4", "letter", "a3"):
        sheet = label_sheet(None, paper)
        assert sticker_module_mm(sheet) >= 2.0 and sheet.w <= 63.5
        assert sheet.cols >= 3 and sheet.rows >= 3
    pieces = sheets.sticker_pieces("crypt")
    catalogue = load_catalogue("crypt")
    backs = [p for p, _ in pieces if p.kind == "back"]
    assert len(backs) == sum(1 for c in catalogue.cards if c.back) == 48
    assert len(pieces) == len(catalogue.cards) + 48


def test_plain_backs_leave_decorative_backs_white(tmp_path):
    plain, full = tmp_path / "plain.pdf", tmp_path / "full.pdf"
    assert (
        run("print", "cards", "musee", "--plain-backs", "--dpi", 40, "--out", plain).exit_code == 0
    )
    assert run("print", "cards", "musee", "--dpi", 40, "--out", full).exit_code == 0
    assert len(list(page_images(plain))) * 2 == len(list(page_images(full)))
    # Masterpiece: value cards keep their coded back, paintings' backs go white.
    out = tmp_path / "mp.pdf"
    assert (
        run("print", "cards", "masterpiece", "--plain-backs", "--dpi", 40, "--out", out).exit_code
        == 0
    )
    images = list(page_images(out, 30))
    ink = [float((img < 128).mean()) for img in images]
    assert len(images) % 2 == 0 and min(ink[1::2]) < 0.01 < max(ink[1::2])


def test_every_part_of_every_kit_fits_every_paper(game):
    from calibration.kit.sheets import PAPERS, sheet_counts

    tokens = bool(load_catalogue(game).tokens)
    for paper in PAPERS:
        counts = sheet_counts(game, paper)
        assert counts["cards"] >= 1 and counts["stickers"] >= 1
        assert (counts["tokens"] >= 1) == tokens
        for players in available_layouts()[game]:
            for variant in ("standard", "compact"):
                assert mat_tiles(load_layout(game, players, variant), paper).tiles


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("KIT_PRINT_ALL"), reason="set KIT_PRINT_ALL=1")
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_every_kit_prints_inside_the_margins(tmp_path, game, paper):
    """KIT_PRINT_ALL=1 .venv/bin/python -m pytest -q -m slow tests/kit/test_print_sheets.py"""
    jobs = [["cards", game], ["stickers", game], ["tokens", game]]
    for players in available_layouts()[game]:
        for variant in ("standard", "compact"):
            jobs.append(["mat", game, "-n", players, "--layout", variant])
    for n, args in enumerate(jobs):
        out = tmp_path / f"{n}.pdf"
        result = run("print", *args, "--paper", paper, "--dpi", 30, "--out", out)
        assert result.exit_code == 0, (args, result.output)
        if not out.exists():  # a game without tokens
            continue
        for page, image in enumerate(page_images(out, 30)):
            assert ink_in_margin(image, 30, SAFE_MM) == 0, (args, page)


def test_card_frames_run_into_the_gaps_and_the_outer_edge_stays_white(tmp_path):
    from calibration.kit.sheets import card_grid

    out = tmp_path / "cards.pdf"
    assert run("print", "cards", "mythe", "--dpi", 60, "--out", out).exit_code == 0
    doc = pypdfium2.PdfDocument(str(out))
    dpi = 100
    page = np.asarray(doc[0].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    grid = card_grid("a4", (63, 88))
    s = dpi / 25.4
    x0, y0 = grid.cell(0)
    row = int((y0 + 44) * s)
    gap_middle = page[row, int((x0 + 63 + grid.gap / 2) * s)]
    frame = page[row, int((x0 + 1) * s)]
    assert np.abs(gap_middle - frame).max() < 40 and frame.min() < 200  # frame colour, not white
    outside = page[row, int((x0 - 1.5) * s)]
    assert outside.min() > 245  # left of the first column: white paper, only cut marks


def test_mat_tiling_properties_hold_for_any_mat():
    """Any mat size and marker grid: the sheets cover the mat, each fits its page, no seam
    crosses a marker, neighbours overlap. (Sized for the default run.)"""
    from types import SimpleNamespace

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from calibration.layouts import Marker
    from calibration.mat_parts import Dims, markers_for

    @settings(max_examples=60, deadline=None)
    @given(
        w=st.integers(150, 2000),
        h=st.integers(120, 1200),
        size=st.integers(18, 40),
        spacing=st.integers(150, 320),
        paper=st.sampled_from(["a4", "letter", "a3"]),
    )
    def check(w, h, size, spacing, paper):
        dims = Dims(MARKER_SIZE=size, MARKER_INSET=size / 2 + 4, EDGE_SPACING=spacing)
        markers = tuple(
            Marker(m["id"], tuple(m["center_mm"]), m["size_mm"]) for m in markers_for(w, h, dims)
        )
        tiling = mat_tiles(SimpleNamespace(mat_size_mm=(w, h), markers=markers), paper)
        for n, (x, y, tile_w, tile_h) in enumerate(tiling.tiles):
            tw, th = tiling.printable_mm(n)
            assert 0 <= x and 0 <= y and x + tile_w <= w + 1e-6 and y + tile_h <= h + 1e-6
            assert tile_w <= tw + 1e-6 and tile_h <= th + 1e-6
        xs = sorted({(x, x + tile_w) for x, _, tile_w, _ in tiling.tiles})
        ys = sorted({(y, y + tile_h) for _, y, _, tile_h in tiling.tiles})
        assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(w)
        assert ys[0][0] == 0 and ys[-1][1] == pytest.approx(h)
        assert all(b[0] < a[1] for a, b in zip(xs, xs[1:]))
        assert all(b[0] < a[1] for a, b in zip(ys, ys[1:]))
        assert_seams_miss_markers(tiling, markers)

    check()


def test_the_mat_is_tiled_the_same_way_in_every_run():
    """Two tilings with as many sheets (the upright rows on top, or at the bottom) were once
    picked by a set's iteration order, which changes with each process's hash seed: the
    same command printed differently cut mats from one run to the next."""
    import subprocess
    import sys

    code = (
        "from calibration.layouts import load_layout\n"
        "from calibration.kit.sheets import mat_tiles\n"
        "print(mat_tiles(load_layout('cardcassonne', 5), 'a4'))\n"
    )
    tilings = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(6)
    }
    assert len(tilings) == 1, tilings
