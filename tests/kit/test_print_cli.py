"""`companion print ...` through click's CliRunner: files, page counts, manifests, errors."""

import json
import math
import os
import re

import pytest
from click.testing import CliRunner
from PIL import Image

from calibration.kit.sheets import card_grid, mat_tiles
from calibration.layouts import load_layout
from companion.catalogue import load_catalogue
from companion_cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result


def pages(pdf_path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf_path.read_bytes()))


@pytest.mark.parametrize("game,paper", [("musee", "a4"), ("cardcassonne", "letter")])
def test_cards_pdf_has_a_front_and_a_back_page_per_sheet(tmp_path, game, paper):
    out = tmp_path / "cards.pdf"
    result = run("print", "cards", game, "--dpi", 50, "--paper", paper, "--out", out)
    assert result.exit_code == 0, result.output
    cards = len(load_catalogue(game).cards)
    grid = card_grid(paper, (63, 88))
    assert grid.per_page == {"a4": 9, "letter": 6}[paper]
    assert 2.0 <= grid.gap <= 3.0
    assert pages(out) == 2 * math.ceil(cards / grid.per_page)


def test_duplex_backs_are_mirrored():
    grid = card_grid("a4", (63, 88))
    assert grid.cell(0, mirrored=True) == grid.cell(2)
    assert grid.cell(4, mirrored=True) == grid.cell(4)
    # Centred on the sheet, so the mirrored back lands exactly behind its front.
    x_front, _ = grid.cell(0)
    x_back, _ = grid.cell(0, mirrored=True)
    assert x_front + x_back + grid.w == pytest.approx(210.0)
    assert grid.cell(1)[0] - grid.cell(0)[0] == pytest.approx(63 + grid.gap)


def test_cards_png_manifest_lists_every_face(
    tmp_path,
):
    out = tmp_path / "crypt"
    result = run("print", "cards", "crypt", "--format", "png", "--dpi", 40, "--out", out)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    catalogue = load_catalogue("crypt")
    expected = {p.payload for p in catalogue.cards} | {p.payload for p in catalogue.backs}
    assert {f["payload"] for f in manifest["faces"]} == expected
    assert {f["side"] for f in manifest["faces"]} == {"front", "back"}
    for face in manifest["faces"]:
        assert (out / face["file"]).is_file()
        assert catalogue.piece(face["payload"]).card == face["card"]
    assert len(list(out.glob("*.png"))) == len(expected)
    size = Image.open(out / manifest["faces"][0]["file"]).size
    assert size == (round(63 * 40 / 25.4), round(88 * 40 / 25.4))


def test_card_size_option(tmp_path):
    out = tmp_path / "big"
    result = run(
        "print",
        "cards",
        "mythe",
        "--format",
        "png",
        "--dpi",
        40,
        "--card-size",
        "70x120",
        "--out",
        out,
    )
    assert result.exit_code == 0, result.output
    first = json.loads((out / "manifest.json").read_text())["faces"][0]["file"]
    assert Image.open(out / first).size == (round(70 * 40 / 25.4), round(120 * 40 / 25.4))
    bad = run("print", "cards", "mythe", "--card-size", "huge", "--out", tmp_path / "x.pdf")
    assert bad.exit_code == 2 and "error:" in bad.output


def test_stickers_tokens_and_mat_pdfs(tmp_path):
    stickers = tmp_path / "stickers.pdf"
    assert run("print", "stickers", "musee", "--dpi", 60, "--out", stickers).exit_code == 0
    assert pages(stickers) == math.ceil(60 / 9)  # card stickers: 3 x 3 on A4
    letter = tmp_path / "stickers-letter.pdf"
    assert (
        run(
            "print",
            "stickers",
            "musee",
            "--labels",
            "5163",
            "--paper",
            "letter",
            "--dpi",
            60,
            "--out",
            letter,
        ).exit_code
        == 0
    )
    assert pages(letter) == math.ceil(60 / 10)  # Avery 5163: 2 x 5
    tokens = tmp_path / "tokens.pdf"
    result = run("print", "tokens", "musee", "--dpi", 60, "--out", tokens)
    assert result.exit_code == 0 and "30 tokens (60 marker sides)" in result.output
    mat = tmp_path / "mat.pdf"
    result = run("print", "mat", "musee", "--players", 2, "--dpi", 30, "--out", mat)
    assert result.exit_code == 0, result.output
    tiles = mat_tiles(load_layout("musee", 2), "a4").tiles
    assert pages(mat) == len(tiles) + 1 > 2  # the assembly page, then the sheets


def test_mat_tiles_cover_the_mat_with_overlap():
    w, h = load_layout("cardcassonne", 5).mat_size_mm
    for paper in ("a4", "letter", "a3"):
        tiling = mat_tiles(load_layout("cardcassonne", 5), paper)
        for n, (_, _, tile_w, tile_h) in enumerate(tiling.tiles):
            tw, th = tiling.printable_mm(n)
            assert tile_w <= tw + 1e-9 and tile_h <= th + 1e-9
        xs = sorted({(x, x + tw_) for x, _, tw_, _ in tiling.tiles})
        ys = sorted({(y, y + th_) for _, y, _, th_ in tiling.tiles})
        assert xs[0][0] == 0 and ys[0][0] == 0 and xs[-1][1] == w and ys[-1][1] == h
        assert all(b[0] < a[1] for a, b in zip(xs, xs[1:]))  # neighbours overlap
        assert all(b[0] < a[1] for a, b in zip(ys, ys[1:]))


def test_mat_png_is_to_scale(tmp_path):
    out = tmp_path / "mat.png"
    result = run("print", "mat", "mythe", "-n", 3, "--format", "png", "--dpi", 50, "--out", out)
    assert result.exit_code == 0, result.output
    w, h = load_layout("mythe", 3).mat_size_mm
    assert Image.open(out).size == (round(w * 50 / 25.4), round(h * 50 / 25.4))


@pytest.mark.parametrize(
    "args,needle",
    [
        (["print", "cards", "chess"], "unknown game"),
        (["print", "mat", "musee", "--players", "7"], "not 7"),
        (["print", "mat", "crypt", "--players", "0"], "not 0"),
        (["print", "tokens", "nosuch"], "unknown game"),
    ],
)
def test_bad_input_exits_2_with_a_clear_error(tmp_path, args, needle):
    result = run(*args, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "error:" in result.output and needle in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_unwritable_output_path(tmp_path):
    missing = tmp_path / "no" / "such" / "cards.pdf"
    result = run("print", "cards", "musee", "--dpi", 50, "--out", missing)
    assert result.exit_code == 2 and "error: cannot write" in result.output
    a_file = tmp_path / "plain.txt"
    a_file.write_text("x")
    result = run("print", "tokens", "mythe", "--dpi", 50, "--out", a_file / "tokens.pdf")
    assert result.exit_code == 2 and "error: cannot write" in result.output
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        result = run("print", "mat", "musee", "-n", 2, "--out", locked / "mat.pdf")
        assert result.exit_code == 2 and "not writable" in result.output
    finally:
        os.chmod(locked, 0o700)


def test_png_output_onto_a_file_is_refused(tmp_path):
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = run("print", "cards", "musee", "--format", "png", "--out", target)
    assert result.exit_code == 2 and "is a file" in result.output
