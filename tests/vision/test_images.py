"""Hostile and clumsy image files: every one ends in a one-line ImageError, fast and small.

The pixel count an image claims is checked from its header before anything is decoded, so
decompression bombs (a PNG or JPEG whose header says 65000×65000) and a 20000×20000 photo are
refused in milliseconds; slivers (1×1, 1×4000) are refused before they reach the decoders.
`companion decode`, `recognize` and `calibrate` and the image-folder source all load through
vision.images. Longer fuzzing: `pytest --hypothesis-profile=fuzz tests/vision/test_images.py`.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion_cli import main as cli
from vision.images import (
    MAX_IMAGE_PIXELS,
    MIN_IMAGE_SIDE,
    ImageError,
    decode_image_bytes,
    read_image,
)
from vision.sources import open_source

# Property tests scale with the profile: about a hundred cheap examples by default.
CHEAP = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
COSTLY = settings(
    deadline=None,
    max_examples=max(15, settings().max_examples // 8),
    suppress_health_check=[HealthCheck.too_slow],
)
ENCODINGS = [".png", ".jpg", ".bmp", ".webp", ".tiff"]


def encoded(width: int, height: int, suffix: str = ".png", seed: int = 0) -> bytes:
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 255, (height, width, 3), dtype=np.uint8)
    ok, data = cv2.imencode(suffix, image)
    assert ok
    return data.tobytes()


def png_claiming(width: int, height: int) -> bytes:
    """A valid little PNG whose IHDR (with a correct CRC) claims another size."""
    data = bytearray(encoded(8, 8, ".png"))
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def jpeg_claiming(width: int, height: int) -> bytes:
    """A valid little JPEG whose start-of-frame claims another size (libjpeg would allocate
    it all and decode gray filler for a minute)."""
    data = bytearray(encoded(16, 16, ".jpg"))
    at = 2
    while data[at + 1] not in (0xC0, 0xC1, 0xC2):
        at += 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def one_line(error: Exception | str) -> str:
    text = str(error)
    assert text and "\n" not in text and "Traceback" not in text
    return text


# -- the findings ---------------------------------------------------------------------------


@pytest.mark.parametrize("width, height", [(1, 1), (1, 4000), (4000, 1), (28, 500)])
def test_slivers_are_refused_before_any_decoder_sees_them(tmp_path, width, height):
    path = tmp_path / "sliver.png"
    path.write_bytes(encoded(width, height))
    with pytest.raises(ImageError, match="too small") as caught:
        read_image(path)
    assert f"{width}×{height}" in one_line(caught.value)


@pytest.mark.parametrize(
    "name, data, said",
    [
        ("bomb.png", png_claiming(100_000, 100_000), "10000 megapixels"),
        ("bomb.jpg", jpeg_claiming(65_000, 65_000), "4225 megapixels"),
        ("big.jpg", jpeg_claiming(20_000, 20_000), "400 megapixels"),
        ("wide.png", png_claiming(2**31 - 1, 1), "megapixels"),
    ],
)
def test_headers_claiming_huge_sizes_are_refused_without_decoding(tmp_path, name, data, said):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ImageError, match="megapixels") as caught:
        read_image(path)
    assert said in one_line(caught.value) and "the limit is 40" in str(caught.value)


def test_a_real_photo_under_the_limit_loads(tmp_path):
    path = tmp_path / "photo.jpg"
    path.write_bytes(encoded(640, 480, ".jpg"))
    assert read_image(path).shape == (480, 640, 3)
    assert MAX_IMAGE_PIXELS >= 4032 * 3024  # a phone's 12 MP default photo


def run_cli(*args: str, timeout: float = 60) -> tuple[int, str, str, int]:
    """`companion ARGS` in a child process: (exit status, stdout, stderr, peak memory in MB)."""
    # VmHWM is this process's own peak (getrusage's ru_maxrss would carry pytest's size over
    # from the fork).
    code = (
        "import re, sys\nfrom companion_cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit as exc:\n    status = exc.code\n"
        "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())\n"
        "print(f'peak_mb={int(hwm.group(1)) // 1024}', file=sys.stderr)\nsys.exit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout
    )
    *lines, peak = done.stderr.strip().splitlines()
    return done.returncode, done.stdout, "\n".join(lines), int(peak.split("=")[1])


def test_decode_batch_reports_each_bad_image_in_one_line_and_goes_on(tmp_path):
    """1×1, 1×4000, two bombs and a 20000×20000 JPEG among good images: each bad one is one
    line on stderr, the good ones are decoded, exit status 2, and memory stays small."""
    good = tmp_path / "good.png"
    good.write_bytes(encoded(64, 48))
    bad = {
        "one.png": encoded(1, 1),
        "strip.png": encoded(4000, 1),
        "bomb.png": png_claiming(100_000, 100_000),
        "bomb.jpg": jpeg_claiming(65_000, 65_000),
        "big.jpg": jpeg_claiming(20_000, 20_000),
        "text.jpg": b"hello, not a picture",
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
    paths = [str(good), *(str(tmp_path / name) for name in bad), str(good)]
    status, out, err, peak_mb = run_cli("decode", *paths)
    assert status == 2
    entries = [json.loads(line) for line in out.splitlines()]
    assert [e["image"] for e in entries] == paths
    assert "codes" in entries[0] and "codes" in entries[-1]
    errors = err.splitlines()
    assert len(errors) == len(bad), err
    for name, entry, line in zip(bad, entries[1:-1], errors):
        assert name in entry["error"] and "\n" not in entry["error"]
        assert line.startswith("error: ") and name in line, line
    assert peak_mb < 500, f"decoding the batch took {peak_mb} MB"


def test_recognize_and_calibrate_end_a_bad_image_with_one_line_and_exit_2(tmp_path):
    bomb = tmp_path / "bomb.jpg"
    bomb.write_bytes(jpeg_claiming(20_000, 20_000))
    sliver = tmp_path / "sliver.png"
    sliver.write_bytes(encoded(4000, 1))
    runner = CliRunner()
    result = runner.invoke(
        cli, ["recognize", "--game", "musee", "--players", "2", str(bomb), str(sliver)]
    )
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("error: ") for line in lines), result.output
    for path in (bomb, sliver, tmp_path / "missing.png"):
        result = runner.invoke(cli, ["calibrate", str(path), "--game", "musee", "--players", "2"])
        assert result.exit_code == 2, result.output
        assert one_line(result.output.strip()).startswith("error: ")


def test_an_image_folder_skips_a_bad_picture_says_so_and_goes_on(tmp_path, caplog):
    (tmp_path / "0001.png").write_bytes(encoded(64, 48, seed=1))
    (tmp_path / "0002.jpg").write_bytes(jpeg_claiming(20_000, 20_000))
    (tmp_path / "0003.png").write_bytes(encoded(1, 1))
    (tmp_path / "0004.png").write_bytes(encoded(64, 48, seed=4))
    source = open_source(f"images:{tmp_path}")
    frames = []
    with caplog.at_level("WARNING", logger="vision.sources"):
        while (frame := source.read()) is not None:
            frames.append(frame)
    assert [f.name for f in frames] == ["0001.png", "0004.png"]
    assert [f.index for f in frames] == [0, 3]  # the skipped pictures' time passed
    assert source.status().finished
    said = [r.getMessage() for r in caplog.records]  # the dashboard lists logged warnings
    assert len(said) == 2
    assert "0002.jpg" in said[0] and "megapixels" in said[0]
    assert "0003.png" in said[1] and "too small" in said[1]


def test_a_folder_of_only_bad_pictures_ends_and_says_why(tmp_path):
    (tmp_path / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n broken")
    source = open_source(f"images:{tmp_path}?loop=1")
    assert source.read() is None and source.read() is None
    assert source.status().finished and "no readable image" in source.status().reason


# -- fuzzing --------------------------------------------------------------------------------


def loads_or_refuses(data: bytes) -> np.ndarray | None:
    """The property: an image within the limits, or an ImageError in one line; nothing else."""
    try:
        image = decode_image_bytes(data, "fuzz")
    except ImageError as exc:
        one_line(exc)
        return None
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    height, width = image.shape[:2]
    assert min(width, height) >= MIN_IMAGE_SIDE and width * height <= MAX_IMAGE_PIXELS
    return image


@CHEAP
@given(st.binary(max_size=4096))
def test_random_bytes_never_crash(data):
    assert loads_or_refuses(data) is None or len(data) > 0


@CHEAP
@given(st.sampled_from(ENCODINGS), st.integers(1, 80), st.integers(1, 80), st.data())
def test_truncated_and_damaged_files_never_crash(suffix, width, height, data):
    whole = encoded(width, height, suffix)
    cut = data.draw(st.integers(0, len(whole)), label="cut")
    damaged = bytearray(whole[:cut])
    for _ in range(data.draw(st.integers(0, 3), label="flips")):
        if damaged:
            at = data.draw(st.integers(0, len(damaged) - 1), label="at")
            damaged[at] = data.draw(st.integers(0, 255), label="byte")
    loads_or_refuses(bytes(damaged))


@CHEAP
@given(st.sampled_from([".png", ".jpg"]), st.integers(1, 2**16 - 1), st.integers(1, 2**16 - 1))
def test_any_claimed_size_is_judged_from_the_header(suffix, width, height):
    data = png_claiming(width, height) if suffix == ".png" else jpeg_claiming(width, height)
    too_big = width * height > MAX_IMAGE_PIXELS
    too_small = min(width, height) < MIN_IMAGE_SIDE
    try:
        image = decode_image_bytes(data, "claim")
    except ImageError as exc:
        text = one_line(exc)
        if too_big:
            assert "megapixels" in text
        elif too_small:
            assert "too small" in text
        return  # the few pixels present do not match the claim: refused as damaged
    assert not (too_big or too_small) and image.shape[:2] == (height, width)


def reads_the_table_or_refuses(width: int, height: int, suffix: str) -> None:
    """Whatever loads also goes through the decoders and the pipeline without raising."""
    from vision.decode import decode_image
    from vision.still import recognize

    image = loads_or_refuses(encoded(width, height, suffix))
    if image is None:
        assert min(width, height) < MIN_IMAGE_SIDE
        return
    decode_image(image)
    recognize(image, "musee", 2)


@COSTLY
@given(st.sampled_from(ENCODINGS), st.integers(1, 100), st.integers(1, 100))
def test_odd_sizes_end_in_a_table_reading_or_a_clear_refusal(suffix, width, height):
    reads_the_table_or_refuses(width, height, suffix)


@pytest.mark.parametrize("width, height", [(MIN_IMAGE_SIDE, 1000), (1000, MIN_IMAGE_SIDE)])
def test_the_thinnest_accepted_strips_go_through_the_pipeline(width, height):
    reads_the_table_or_refuses(width, height, ".png")
