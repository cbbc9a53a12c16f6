"""The widened renderer: every hard condition renders, and `truth` still says where each code
ended up after the lens, the rolling shutter and a smear (the benchmark's per-condition
figures rest on it)."""

import numpy as np
import pytest

from vision.bench import (
    CONDITIONS,
    WIDE_LENS,
    Cell,
    format_conditions,
    run_conditions,
    smear_conditions,
)
from vision.hands import Hand
from vision.optics import lens_model, smear_kernel
from vision.reader import CardReader
from vision.render import Camera, Degradation, grid_scene, render_scene


def test_lens_model_matches_opencv():
    import cv2

    k1, k2, p1, p2 = WIDE_LENS
    points = np.array([[0.3, -0.2], [-0.45, 0.25], [0.0, 0.0]])
    x, y = lens_model(points[:, 0], points[:, 1], k1, k2, p1, p2)
    projected, _ = cv2.projectPoints(
        np.c_[points, np.ones(3)], np.zeros(3), np.zeros(3), np.eye(3), np.array([k1, k2, p1, p2])
    )
    assert np.allclose(np.c_[x, y], projected.reshape(-1, 2), atol=1e-9)


@pytest.mark.parametrize(
    "camera,look",
    [
        (
            Camera(
                px_per_mm=1.9,
                tilt=0.05,
                k1=WIDE_LENS[0],
                k2=WIDE_LENS[1],
                p1=WIDE_LENS[2],
                p2=WIDE_LENS[3],
            ),
            Degradation(),
        ),
        (Camera(px_per_mm=1.9, tilt=0.05, k1=0), Degradation(rolling_shutter_px=30)),
        (
            Camera(px_per_mm=1.9, tilt=0.05),
            Degradation(card_bend=0.05, motion_px=4, motion_angle_deg=40, specular=0.5),
        ),
    ],
    ids=["wide-lens", "rolling-shutter", "bent-smeared-glare"],
)
def test_truth_follows_the_frame(camera, look):
    payloads = [f"MU{i:02d}" for i in range(1, 13)]
    scene = grid_scene(payloads, seed=2, columns=6)
    rendered = render_scene(scene, seed=2, camera=camera, degradation=look)
    codes = {c.text: c for c in CardReader().read(rendered.image)}
    assert len(codes) >= 10 and set(codes) <= set(payloads)
    for item in rendered.truth:
        if item.payload in codes:
            centre = item.quad_px.mean(axis=0)
            assert np.hypot(*(np.subtract(codes[item.payload].center, centre))) < 6


def test_hands_of_every_skin_tone_cover_codes():
    from dataclasses import replace

    from vision.hands import SKIN_TONES

    scene = grid_scene([f"MU{i:02d}" for i in range(1, 13)], seed=1, columns=6)
    hands = [Hand(30 + 90 * i, 160, 90, 0.55, skin=i) for i in range(len(SKIN_TONES))]
    rendered = render_scene(
        replace(scene, hands=hands), seed=1, camera=Camera(px_per_mm=1.9, tilt=0.0, k1=0)
    )
    covered = [t.occluded for t in rendered.truth]
    assert any(covered) and not all(covered)
    palms = [rendered.mat_to_px @ np.array([h.x_mm, h.y_mm, 1.0]) for h in hands]
    brightness = [float(rendered.image[int(p[1] / p[2]), int(p[0] / p[2])].mean()) for p in palms]
    assert brightness == sorted(brightness, reverse=True)  # light skin to dark skin


def test_conditions_report_names_the_worst():
    chosen = {k: CONDITIONS[k] for k in ("clean", "hands")}
    cells = run_conditions(1, chosen, cards=12, module_px=4, log=lambda *_: None)
    pipeline = [c for c in cells if c.method == "pipeline"]
    assert all(c.wrong == 0 and c.frames == 1 for c in pipeline)
    assert pipeline[0].truths == 12 and pipeline[0].correct == 12
    text = format_conditions(cells)
    assert "worst condition: pipeline:" in text and "hands" in text
    cell = Cell(12, 3, "x", "pipeline")
    assert "n/a" in format_conditions([cell])


def test_conditions_list_each_code_the_pipeline_missed_by_frame_and_seed(monkeypatch):
    """`--conditions --verbose`: every miss is named with the frame and seed that render it
    again, so a miss in a long run can be looked at alone."""
    import zlib

    import vision.bench as bench

    class MissesMU03(CardReader):
        def decode(self, image):
            return [c for c in super().decode(image) if c.text != "MU03"]

    monkeypatch.setattr(bench, "CardReader", MissesMU03)
    lines: list[str] = []
    cells = run_conditions(
        1, {"clean": CONDITIONS["clean"]}, cards=12, module_px=4, log=lines.append, misses=True
    )
    assert [c.correct for c in cells if c.method == "pipeline"] == [11]
    seed = zlib.crc32(b"clean/0") % 100000
    assert f"    clean, frame 0 (seed {seed}): missed MU03; misread none" in lines
    quiet: list[str] = []
    run_conditions(1, {"clean": CONDITIONS["clean"]}, cards=12, module_px=4, log=quiet.append)
    assert not any("missed" in line for line in quiet)


def test_smear_conditions_state_their_length_in_modules():
    conditions = smear_conditions()
    for name, condition in conditions.items():
        modules = float(name.split()[1].rstrip("m"))
        assert condition.degradation.motion_px == pytest.approx(modules * condition.module_px)
    assert {c.module_px for c in conditions.values()} == {3, 4, 5}
    angles = [c.degradation.motion_angle_deg for c in conditions.values()]
    assert len(set(angles)) == len(angles)  # every condition smears its own way
    assert set(conditions) <= set(CONDITIONS)


@pytest.mark.parametrize("length,angle", [(4.5, 30.0), (1.5, 0.0), (7.5, 100.0)])
def test_a_fractional_smear_is_as_long_as_stated(length, angle):
    """A box `length` px long has variance length^2/12 along the motion; the bilinear share
    between pixels adds a little (rounding 4.5 to 4 would fall short by 0.35 px^2)."""
    kernel = smear_kernel(length, angle).astype(np.float64)
    assert kernel.sum() == pytest.approx(1.0, abs=1e-5)
    ys, xs = np.indices(kernel.shape)
    a = np.radians(angle)
    cx, cy = (kernel * xs).sum(), (kernel * ys).sum()
    along = (xs - cx) * np.cos(a) + (ys - cy) * np.sin(a)
    across = -(xs - cx) * np.sin(a) + (ys - cy) * np.cos(a)
    share = 0.25  # the bilinear share adds about 1/6 px^2 each way
    assert length**2 / 12 - 0.02 <= (kernel * along**2).sum() <= length**2 / 12 + share
    assert (kernel * across**2).sum() <= share
