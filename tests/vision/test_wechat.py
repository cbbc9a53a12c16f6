"""OpenCV's WeChat QR reader as an optional backend and a benchmark method (vision/wechat.py).

It needs OpenCV's contrib wheel and the WeChat team's model files, neither of which the
project installs: where either is missing, the decoder must say what and how to get it, the
benchmark must report the method as not run (never as 0 % read), and `companion decode`
must go on without it. The tests that read with the real models skip, saying why, where
they are absent (vision/README.md, "OpenCV's WeChat QR reader")."""

import hashlib

import cv2
import numpy as np
import pytest
from test_boofcv import write_photo

from vision.boofcv import format_report, load_dataset, run_method
from vision.photo import PhotoReader
from vision.sprites import card_sprite
from vision.wechat import CAFFE_MODELS, MODELS_ENV, WeChatDecoder, caffe_problem, models_folder


def real_models():
    decoder = WeChatDecoder()
    if not decoder.available:
        pytest.skip(f"the WeChat reader is not available here: {decoder.reason}")
    return decoder


def test_missing_models_are_named_with_how_to_get_them(tmp_path):
    decoder = WeChatDecoder(tmp_path)
    assert not decoder.available
    assert "vision/README.md" in decoder.reason
    # Whatever this OpenCV is, the reason names what is missing: contrib, or the files.
    assert "contrib" in decoder.reason or str(tmp_path) in decoder.reason
    assert decoder.decode(np.zeros((50, 50, 3), np.uint8)) == []


def test_a_model_file_that_is_not_the_published_one_is_named(tmp_path):
    assert caffe_problem(tmp_path) == f"{tmp_path / 'detect.prototxt'} is missing"
    for name in CAFFE_MODELS:
        (tmp_path / name).write_text("not a model")
    assert "detect.prototxt is not the published file" in caffe_problem(tmp_path)
    # The checksums are the published files' (a file with the right bytes passes).
    fake = b"layer {}"
    assert hashlib.md5(fake).hexdigest() != CAFFE_MODELS["detect.prototxt"]


def test_the_model_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    assert models_folder() == tmp_path
    assert models_folder(tmp_path / "given") == tmp_path / "given"
    monkeypatch.delenv(MODELS_ENV)
    assert models_folder().name == "wechat_qrcode"


def test_the_bench_reports_an_unavailable_method_as_not_run(tmp_path, monkeypatch):
    monkeypatch.setenv(MODELS_ENV, str(tmp_path / "no-models"))
    write_photo(tmp_path / "set" / "nominal", "image001", (40, 30), "sets")
    photos = load_dataset(tmp_path / "set")
    skipped = run_method("wechat", photos, log=lambda *_: None)
    assert skipped.photos == [] and skipped.note.startswith("not run: ")
    read = run_method("zxing-cpp", photos, log=lambda *_: None)
    report = format_report([read, skipped])
    nominal = next(line for line in report.splitlines() if line.startswith("nominal"))
    assert nominal.split()[1:] == ["2", "50.0%", "-"]  # not run is not 0 %
    average = next(line for line in report.splitlines() if line.startswith("category average"))
    assert average.split()[2:] == ["50.0%", "-"] and "nan" not in report
    assert f"wechat: not run: {skipped.note[len('not run: ') :]}" in report


def test_the_photo_reader_goes_on_without_the_wechat_reader(tmp_path, monkeypatch):
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    from vision import wechat

    wechat.shared_decoder.cache_clear()
    try:
        reader = PhotoReader()
        sprite, _ = card_sprite("MU07")
        codes = reader.decode(sprite)
    finally:
        wechat.shared_decoder.cache_clear()
    assert not reader.decoders["wechat"].available
    assert [c.text for c in codes] == ["MU07"]
    assert "wechat" not in reader.stats  # the pass never ran


def test_the_bench_counts_what_the_wechat_reader_reads(tmp_path):
    real_models()
    write_photo(tmp_path / "nominal", "image001", (40, 30), "sets")
    run = run_method("wechat", load_dataset(tmp_path), log=lambda *_: None)
    assert run.note == ""
    assert run.categories() == {"nominal": (1, 2)}  # the card read, the empty label not
    assert run.photos[0].outside == 0


def test_the_wechat_reader_reads_a_card_with_its_corners():
    decoder = real_models()
    sprite, quad = card_sprite("MU07")
    photo = cv2.copyMakeBorder(sprite, 60, 60, 80, 80, cv2.BORDER_CONSTANT, value=(120,) * 3)
    (code,) = decoder.decode(photo)
    assert code.text == "MU07" and code.backend == "wechat"
    assert np.allclose(np.sort(code.corners, axis=0), np.sort(quad + (80, 60), axis=0), atol=6)


def test_a_symbol_without_its_quiet_zone_is_read_by_the_wechat_pass():
    """BoofCV's "pathological" photos: symbols printed edge to edge on a dark ground, with no
    light margin round the finder patterns. No scan-line pass of `companion decode` reads
    one; the WeChat pass does, where it is installed (as does, without it, the pass that
    finds finder patterns by their nesting, vision/nesting.py, which runs after it)."""
    import io

    import segno

    from vision.photo import PASSES

    real_models()
    buffer = io.BytesIO()
    segno.make_qr("TABLE 42", error="m").save(buffer, kind="png", scale=8, border=0)
    bare = cv2.imdecode(np.frombuffer(buffer.getvalue(), np.uint8), cv2.IMREAD_GRAYSCALE)
    photo = cv2.copyMakeBorder(bare, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=0)
    without = PhotoReader(tuple(p for p in PASSES if p.name not in ("wechat", "nested")))
    assert without.decode(photo) == []
    (code,) = PhotoReader().decode(photo)
    assert code.text == "TABLE 42" and code.backend == "wechat"
    assert np.hypot(*np.subtract(code.center, (40 + bare.shape[1] / 2,) * 2)) < 6
