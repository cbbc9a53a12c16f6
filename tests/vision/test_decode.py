"""Decoders on the project's rendered cards; the card reader beats whole-frame decoding."""

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from companion_cli import main as cli
from vision.backends import (
    ChainDecoder,
    OpenCVDecoder,
    PyzbarDecoder,
    ZxingDecoder,
    backend_report,
)
from vision.reader import CardReader
from vision.render import Camera, Degradation, grid_scene, render_scene
from vision.sprites import card_sprite, qr_module_mm


@pytest.mark.parametrize(
    "decoder",
    [ZxingDecoder(), PyzbarDecoder(), OpenCVDecoder(), ChainDecoder()],
    ids=lambda d: d.name,
)
def test_every_backend_reads_a_printed_card(decoder):
    if not decoder.available:
        pytest.skip(decoder.reason)
    sprite, quad = card_sprite("MU23")
    small = cv2.resize(sprite, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    codes = decoder.decode(small)
    assert [c.text for c in codes] == ["MU23"]
    # Corners land on the symbol the kit printed (within a module).
    assert np.abs(np.sort(codes[0].corners, axis=0) - np.sort(quad / 2, axis=0)).max() < 12


def test_missing_zbar_is_reported_not_raised(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_zbar(name, *args, **kwargs):
        if name.startswith("pyzbar"):
            raise ImportError("Unable to find zbar shared library")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zbar)
    decoder = PyzbarDecoder()
    assert not decoder.available and "libzbar0" in decoder.reason
    assert decoder.decode(np.zeros((10, 10), np.uint8)) == []
    chain = ChainDecoder([ZxingDecoder(), decoder])
    assert chain.available and "zbar" in chain.reason


def test_backend_report_lists_three_backends():
    assert [b["name"] for b in backend_report()] == ["zxing-cpp", "pyzbar", "opencv"]


def test_card_reader_beats_whole_frame_on_a_degraded_scene():
    payloads = [f"MU{i:02d}" for i in range(1, 19)]
    scene = grid_scene(payloads, seed=4, columns=9, overlap=0.1)
    camera = Camera(px_per_mm=3.2 / qr_module_mm(), tilt=0.08)
    degraded = Degradation(blur_sigma=1.5, noise_sigma=6, jpeg_quality=80, light=0.25)
    image = render_scene(scene, seed=4, camera=camera, degradation=degraded).image
    ours = {c.text for c in CardReader().read(image)}
    whole = {c.text for c in ZxingDecoder().decode(image)}
    assert ours <= set(payloads)  # never a wrong identity
    assert len(ours) >= 12
    assert len(ours) > len(whole)


def test_decode_cli_prints_one_json_line_per_image(tmp_path):
    sprite, _ = card_sprite("MU07")
    photo = cv2.copyMakeBorder(sprite, 80, 80, 120, 120, cv2.BORDER_CONSTANT, value=(90, 90, 90))
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), photo)
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), np.full((50, 50, 3), 255, np.uint8))
    result = CliRunner().invoke(cli, ["decode", str(path), str(empty)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert lines[0]["image"] == str(path) and lines[0]["codes"][0]["text"] == "MU07"
    corners = np.array(lines[0]["codes"][0]["corners"])
    assert corners.shape == (4, 2) and corners[:, 0].min() > 120  # stored pixel coordinates
    assert lines[1]["codes"] == []


def test_decode_cli_unreadable_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not an image")
    result = CliRunner().invoke(cli, ["decode", str(bad)])
    assert result.exit_code == 2
    assert "not a readable image" in result.output


def test_companion_package_does_not_import_vision():
    code = (
        "import sys, companion.session, companion.games, companion_cli; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('cv2', 'vision', 'flask')]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_decode_reports_corners_in_stored_orientation_despite_exif(tmp_path):
    from PIL import Image

    sprite, _ = card_sprite("MU31")
    canvas = np.full((900, 2000, 3), 120, np.uint8)
    small = cv2.resize(sprite, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA)
    canvas[100 : 100 + small.shape[0], 50 : 50 + small.shape[1]] = small
    image = Image.fromarray(cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB))
    exif = image.getexif()
    exif[274] = 6  # "rotate 90 degrees to display": viewers show it portrait
    path = tmp_path / "phone.jpg"
    image.save(path, exif=exif, quality=92)
    result = CliRunner().invoke(cli, ["decode", str(path)])
    corners = np.array(json.loads(result.output)["codes"][0]["corners"])
    assert corners[:, 0].max() < 50 + small.shape[1] and corners[:, 1].max() < 900
