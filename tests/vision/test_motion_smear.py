"""Cards smeared by motion (a card slid across the mat, a shaky camera arm): the card reader
estimates the smear's direction from the symbol's own edges and undoes it along that line
(`vision.crops.smear_direction`, `crop_unsmeared`; `CardReader.read_unsmeared`, tried in a
full decode on outlines every other view failed on, before the card-grid fit).

Frames come from the project's renderer, as `companion bench vision --conditions` renders
its smear conditions (a linear motion blur over the whole frame, lengths in QR modules)."""

import zlib

import cv2
import numpy as np
import pytest

from vision.bench import CONDITIONS, _in_frame, fitting_grid
from vision.crops import smear_direction
from vision.finder import Candidate
from vision.reader import SMEAR_ANISOTROPY, CardReader
from vision.render import Camera, Degradation, grid_scene, render_scene

PAYLOADS = [f"MU{i:02d}" for i in range(1, 37)]


def bench_frame(name: str, index: int):
    """Frame `index` of the benchmark's condition `name` (the seed run_conditions uses)."""
    condition = CONDITIONS[name]
    seed = zlib.crc32(f"{name}/{index}".encode()) % 100000
    columns, overlap, px_per_mm = fitting_grid(36, condition.module_px)
    scene = grid_scene(PAYLOADS, seed=seed, columns=columns, overlap=overlap)
    camera = Camera(px_per_mm=px_per_mm, tilt=0.08, k1=-0.03, k2=0.0, p1=0.0, p2=0.0)
    return render_scene(scene, seed=seed, camera=camera, degradation=condition.degradation)


def smeared_table(modules: float, angle: float, module_px: float = 3.0, cards: int = 12):
    columns, overlap, px_per_mm = fitting_grid(cards, module_px)
    scene = grid_scene(PAYLOADS[:cards], seed=5, columns=columns, overlap=overlap)
    camera = Camera(px_per_mm=px_per_mm, tilt=0.08, k1=-0.03)
    look = Degradation(motion_px=modules * module_px, motion_angle_deg=angle, noise_sigma=3)
    return render_scene(scene, seed=5, camera=camera, degradation=look)


def test_a_smeared_card_under_a_sleeve_highlight_is_read():
    """Frame 1 (seed 67116) of "smear 1.5m 3px 20° +glare": MU09, 1.5 modules of smear and
    a sleeve highlight, was the one card of the smear conditions no stage read."""
    rendered = bench_frame("smear 1.5m 3px 20° +glare", 1)
    read = {c.text for c in CardReader().read(rendered.image)}
    in_frame = {t.payload for t in rendered.truth if _in_frame(t.quad_px, rendered.image.shape)}
    assert "MU09" in read
    assert read <= in_frame  # no wrong identity


@pytest.mark.parametrize("angle", [0.0, 90.0])
def test_symbols_smeared_along_their_axes_read_without_the_grid_fit(angle):
    """1.5 modules of smear along a symbol's rows or columns: the crops, sharpened crops and
    rectified squares read few of them (before, most went on to the card-grid fit, tens of
    ms each, and only in a full decode); undone along the smear, every one reads from its
    outline, and as itself."""
    rendered = smeared_table(1.5, angle)
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    reader = CardReader()
    read, unsmeared = {}, 0
    for truth in rendered.truth:
        candidate = Candidate(truth.quad_px.astype(np.float32))
        code = reader.read_candidate(gray, candidate)
        if code is None:
            code = reader.read_unsmeared(gray, candidate)
            unsmeared += code is not None
        read[truth.payload] = code.text if code else None
    assert read == {t.payload: t.payload for t in rendered.truth}
    assert unsmeared >= 3  # read undone along the smear where every other view failed


@pytest.mark.parametrize("angle", [0.0, 35.0, 90.0, 150.0])
def test_the_smear_direction_is_found_from_the_symbol(angle):
    rendered = smeared_table(1.5, angle, cards=4)
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    for truth in rendered.truth:
        found, anisotropy = smear_direction(gray, truth.quad_px.astype(np.float32))
        off = abs((found - angle + 90) % 180 - 90)
        assert off < 20 and anisotropy > SMEAR_ANISOTROPY


def test_a_still_symbol_is_not_unsmeared():
    """Without motion the edges are about as strong every way: the stage gives up at once,
    so a still table pays nothing for it."""
    rendered = smeared_table(0.0, 0.0, cards=4)
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    for truth in rendered.truth:
        assert smear_direction(gray, truth.quad_px.astype(np.float32))[1] < SMEAR_ANISOTROPY
