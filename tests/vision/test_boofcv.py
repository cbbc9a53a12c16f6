"""The real-photo benchmark's bookkeeping on a tiny self-made set (the BoofCV photos are not
needed by any test): both label layouts, the centre-inside-polygon rule, per-category
figures, and a broken photo that is reported, not the end of the run."""

import cv2
import numpy as np
import pytest

from vision.boofcv import (
    DatasetError,
    format_report,
    load_dataset,
    read_polygons,
    run_method,
    score,
)
from vision.sprites import card_sprite


def write_photo(folder, name, offset, layout):
    sprite, quad = card_sprite("MU07")
    sprite = cv2.resize(sprite, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    quad = quad / 2
    photo = np.full((sprite.shape[0] + 200, sprite.shape[1] + 300, 3), 110, np.uint8)
    photo[offset[1] : offset[1] + sprite.shape[0], offset[0] : offset[0] + sprite.shape[1]] = sprite
    quad = quad + offset
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / f"{name}.png"), photo)
    missing = np.array([[5, 5], [60, 5], [60, 60], [5, 60]], np.float32)  # no code there
    lines = ["# list of hand selected 2D points"]
    if layout == "sets":
        lines.append("SETS")
        lines += [" ".join(f"{v:.3f}" for v in q.ravel()) for q in (quad, missing)]
    else:
        lines += [f"{x:.3f} {y:.3f}" for q in (quad, missing) for x, y in q]
    (folder / f"{name}.txt").write_text("\n".join(lines) + "\n")
    return quad


def test_both_label_layouts_read_as_the_same_polygons(tmp_path):
    a = write_photo(tmp_path / "x", "sets", (40, 30), "sets")
    b = write_photo(tmp_path / "x", "points", (40, 30), "points")
    pa, pb = (
        read_polygons(tmp_path / "x" / "sets.txt"),
        read_polygons(tmp_path / "x" / "points.txt"),
    )
    assert len(pa) == len(pb) == 2
    assert np.allclose(pa[0], a, atol=1e-3) and np.allclose(pb[0], b, atol=1e-3)


def test_a_decode_counts_when_its_centre_is_inside_a_label():
    square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    other = square + 100
    assert score((square, other), [(5, 5), (6, 6), (50, 50)]) == (1, 1)
    assert score((square, other), []) == (0, 0)


def test_run_reports_categories_and_keeps_going_past_a_broken_photo(tmp_path):
    write_photo(tmp_path / "nominal", "image001", (40, 30), "sets")
    write_photo(tmp_path / "glare", "image001", (120, 90), "points")
    (tmp_path / "glare" / "image002.jpg").write_bytes(b"not a photo")
    (tmp_path / "glare" / "image002.txt").write_text("SETS\n1 1 5 1 5 5 1 5\n")
    photos = load_dataset(tmp_path)
    assert [p.category for p in photos] == ["glare", "glare", "nominal"]
    run = run_method("zxing-cpp", photos, log=lambda *_: None)
    assert run.categories() == {"glare": (1, 3), "nominal": (1, 2)}
    assert run.category_average() == pytest.approx((1 / 3 + 1 / 2) / 2)
    assert run.pooled() == pytest.approx(2 / 5)
    assert sum(bool(p.error) for p in run.photos) == 1
    report = format_report([run])
    assert "category average" in report and "photos with errors" in report


def test_a_folder_without_labels_is_a_clear_error(tmp_path):
    with pytest.raises(DatasetError, match="no labelled photos"):
        load_dataset(tmp_path)
    with pytest.raises(DatasetError, match="not a folder"):
        load_dataset(tmp_path / "nope")


def test_bench_command_compares_methods_on_a_folder(tmp_path):
    from click.testing import CliRunner

    from companion_cli import main as cli

    write_photo(tmp_path / "nominal", "image001", (40, 30), "sets")
    result = CliRunner().invoke(
        cli,
        [
            "bench",
            "vision",
            "--boofcv",
            str(tmp_path),
            "--method",
            "zxing-cpp",
            "--method",
            "pyzbar",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "zxing-cpp" in result.output and "pyzbar" in result.output
    nominal = next(line for line in result.output.splitlines() if line.startswith("nominal"))
    assert nominal.split()[1:4] == ["2", "50.0%", "50.0%"]
    missing = CliRunner().invoke(cli, ["bench", "vision", "--boofcv", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "not a folder" in missing.output
