"""Any payload is reported, never an exception; one bad image never ends a `decode` batch."""

import io
import json

import cv2
import numpy as np
import pytest
import segno
from click.testing import CliRunner

from companion_cli import main as cli
from vision.backends import OpenCVDecoder, PyzbarDecoder, ZxingDecoder
from vision.decode import decode_image

PAYLOADS = {
    "shift_jis": ("テーブル".encode("shift_jis"), "テーブル"),
    "utf-8": ("桌遊 ok".encode("utf-8"), "桌遊 ok"),
    "binary": (bytes(range(0, 256, 7)), bytes(range(0, 256, 7)).decode("latin-1")),
}


def symbol_image(data: bytes, scale: int = 8) -> np.ndarray:
    buffer = io.BytesIO()
    segno.make_qr(data).save(buffer, kind="png", scale=scale, border=4)
    return cv2.imdecode(np.frombuffer(buffer.getvalue(), np.uint8), cv2.IMREAD_COLOR)


@pytest.mark.parametrize("kind", sorted(PAYLOADS))
@pytest.mark.parametrize(
    "decoder", [ZxingDecoder(), PyzbarDecoder(), OpenCVDecoder()], ids=lambda d: d.name
)
def test_every_backend_reports_any_payload(decoder, kind):
    if not decoder.available:
        pytest.skip(decoder.reason)
    raw, text = PAYLOADS[kind]
    codes = decoder.decode(symbol_image(raw))
    assert [c.text for c in codes] == [text]


@pytest.mark.parametrize("kind", sorted(PAYLOADS))
def test_decode_image_reports_one_code_with_its_bytes(kind):
    raw, text = PAYLOADS[kind]
    codes = decode_image(symbol_image(raw))
    assert [c.text for c in codes] == [text]
    entry = codes[0].to_dict()
    if raw == text.encode("utf-8"):
        assert "bytes" not in entry
    else:  # the payload's own bytes, for texts that are not plain UTF-8
        assert bytes.fromhex(entry["bytes"]) == raw


def test_decode_batch_goes_on_past_bad_images(tmp_path):
    odd = tmp_path / "a-shift-jis.png"
    cv2.imwrite(str(odd), symbol_image(PAYLOADS["shift_jis"][0]))
    broken = tmp_path / "b-broken.jpg"
    broken.write_bytes(b"\xff\xd8 not really a jpeg")
    good = tmp_path / "c-good.png"
    cv2.imwrite(str(good), symbol_image(b"MU07"))
    result = CliRunner().invoke(cli, ["decode", str(odd), str(broken), str(good)])
    assert result.exit_code == 2  # the batch says something failed, after doing the rest
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(odd), str(broken), str(good)]
    assert [c["text"] for c in lines[0]["codes"]] == ["テーブル"]
    assert "not a readable image" in lines[1]["error"] and "codes" not in lines[1]
    assert [c["text"] for c in lines[2]["codes"]] == ["MU07"]
    assert "b-broken.jpg" in result.stderr


def test_decode_batch_goes_on_when_a_decoder_fails(tmp_path, monkeypatch):
    import vision.decode

    def broken(image, decoder=None):
        raise RuntimeError("decoder crashed")

    path = tmp_path / "one.png"
    cv2.imwrite(str(path), symbol_image(b"MU07"))
    monkeypatch.setattr(vision.decode, "decode_image", broken)
    result = CliRunner().invoke(cli, ["decode", str(path), str(path)])
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 2 and all("decoder crashed" in line["error"] for line in lines)
    assert result.exit_code == 2


def test_micro_qr_is_never_reported():
    # zxing-cpp's "QRCode" family includes Micro QR, whose smallest size (M1) only detects
    # errors: random card texture then decoded as digits ("91449") on a rendered table.
    # The project prints only full QR codes, so only those are read.
    buffer = io.BytesIO()
    segno.make_micro("91449").save(buffer, kind="png", scale=8, border=4)
    image = cv2.imdecode(np.frombuffer(buffer.getvalue(), np.uint8), cv2.IMREAD_COLOR)
    assert ZxingDecoder().decode(image) == []
    assert decode_image(image) == []
