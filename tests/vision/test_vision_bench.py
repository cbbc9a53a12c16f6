"""The benchmark's bookkeeping on one small cell (figures are printed, never asserted)."""

from vision.bench import Cell, fitting_grid, format_table, run_cells, summary
from vision.render import Degradation


def test_grid_fits_or_says_it_cannot():
    assert fitting_grid(18, 3) is not None
    columns, overlap, px_per_mm = fitting_grid(36, 4)
    assert columns * 63 * px_per_mm < 1920 and 0 <= overlap < 0.5
    assert fitting_grid(60, 5) is None  # 60 printed cards at 5 px/module exceed 1920x1080


def test_one_cell_counts_truths_and_methods():
    lines = []
    cells = run_cells(
        1,
        card_counts=(18,),
        module_pxs=(4,),
        degradations={"clean": Degradation()},
        log=lines.append,
    )
    by_method = {c.method: c for c in cells}
    assert set(by_method) == {"pipeline", "zxing whole frame", "pyzbar whole frame"}
    pipeline = by_method["pipeline"]
    assert pipeline.truths == 18 and pipeline.correct == 18 and pipeline.wrong == 0
    assert pipeline.exact_frames == 1 and len(pipeline.ms) == 1
    table = format_table(cells)
    assert "100.0%" in table and "pipeline" in summary(cells)
    assert lines and "18 cards" in lines[0]


def test_a_cell_that_does_not_fit_is_reported_not_measured():
    cell = Cell(60, 5, "clean", "pipeline", note="does not fit in 1920x1080")
    assert "n/a" in format_table([cell])
