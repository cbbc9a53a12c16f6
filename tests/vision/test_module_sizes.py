"""The card reader reads at any module size a camera gives: from a webcam high above a large
mat (3 px per QR module) to one close over a small mat, or a 4K camera (15 px per module)."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from vision.reader import CardReader
from vision.render import Camera, Degradation, grid_scene, render_scene
from vision.sprites import qr_module_mm

PAYLOADS = ["MU03", "MU11", "MU27", "MU40", "MU52", "MU58"]


def watcher_reader() -> CardReader:
    return CardReader(min_side_px=36, max_side_px=520)  # as TableWatcher sets it up


def frame_at(module_px: float, seed: int):
    """Six cards straight below a camera whose frame just holds them, at `module_px`."""
    px_per_mm = module_px / qr_module_mm()
    scene = grid_scene(PAYLOADS, seed=seed, columns=3)
    width = int(3 * (63 + 6) * px_per_mm + 80)
    height = int(2 * (88 + 6) * px_per_mm + 80)
    camera = Camera(width=width, height=height, px_per_mm=px_per_mm, tilt=0.05, k1=0.0, yaw_deg=3.0)
    return render_scene(
        scene, seed=seed, camera=camera, degradation=Degradation(blur_sigma=0.8, noise_sigma=3)
    )


@pytest.mark.parametrize("module_px", [3.0, 4.5, 6.0, 7.0, 7.8, 9.0, 11.0, 13.0, 15.0])
def test_every_card_is_read_at_any_module_size(module_px):
    rendered = frame_at(module_px, seed=int(module_px * 10))
    codes = watcher_reader().read(rendered.image)
    assert sorted(c.text for c in codes) == sorted(PAYLOADS)
    for code in codes:  # each reading sits on its own card's symbol
        truth = next(t for t in rendered.truth if t.payload == code.text)
        assert np.linalg.norm(np.subtract(code.center, truth.quad_px.mean(axis=0))) < 2 * module_px


def _kit_helpers():
    path = Path(__file__).resolve().parents[1] / "kit" / "test_camera_view.py"
    spec = importlib.util.spec_from_file_location("kit_camera_view", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_camera_close_over_the_compact_crypt_mat_reads_every_card():
    """The print kit's own table at 7.8 px per module (found reading 0 of 5 cards)."""
    from calibration.kit.camera import simulate_frame

    kit = _kit_helpers()
    layout, table, placed = kit.assembled_table("crypt", 1, "compact")
    frame, _ = simulate_frame(
        table, kit.SHARP_PX_PER_MM, layout.mat_size_mm, px_per_mm=3.9, resolution=(2400, 1350)
    )
    cards = {p for p in placed if p.startswith("CR")}
    read = {c.text for c in watcher_reader().read(frame)}
    assert cards and cards <= read


@pytest.mark.parametrize("module_px", [9.0, 13.0, 15.0])
def test_a_quick_decode_after_a_full_one_still_reads_large_symbols(module_px):
    """The watcher's quick decodes (a hand's area) skip the coarse search while the table's
    symbols are known to be small; once a full decode has seen large ones, they use it."""
    rendered = frame_at(module_px, seed=3)
    reader = watcher_reader()
    assert len(reader.read(rendered.image)) == len(PAYLOADS)
    quick = reader.read(rendered.image, thorough=False)
    assert sorted(c.text for c in quick) == sorted(PAYLOADS)
