"""QR decoding behind one interface: zxing-cpp, pyzbar, OpenCV, and a chain of them.

Every backend takes a BGR or grayscale image and returns `Code`s (text plus the symbol's
four corners in the image's pixel coordinates). A backend whose library is missing says so
(`available`, `reason`) instead of crashing; `ChainDecoder` simply skips it.
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

import cv2
import numpy as np

from .codes import Code, payload_text, same_symbol


class Decoder(Protocol):
    name: str
    available: bool
    reason: str

    def decode(self, image: np.ndarray) -> list[Code]: ...


def to_gray(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


class ZxingDecoder:
    name = "zxing-cpp"
    _zx: Any  # the zxingcpp module (None when it is not installed: `available` is False)

    def __init__(self, binarizer: str = "LocalAverage", try_harder: bool = True):
        try:
            import zxingcpp
        except ImportError as exc:  # pragma: no cover - installed with the project
            self._zx, self.available, self.reason = (
                None,
                False,
                f"zxing-cpp is not installed ({exc})",
            )
            return
        self._zx = zxingcpp
        # Full QR codes only: zxing-cpp's QRCode family also holds Micro QR, whose M1 size
        # has no error correction and reads random texture as digits.
        self._formats = (
            (zxingcpp.BarcodeFormat.QRCodeModel2, zxingcpp.BarcodeFormat.QRCodeModel1)
            if hasattr(zxingcpp.BarcodeFormat, "QRCodeModel2")
            else zxingcpp.BarcodeFormat.QRCode
        )
        self._binarizer = getattr(zxingcpp.Binarizer, binarizer)
        self._try_harder = try_harder
        self.available, self.reason = True, ""

    def decode(self, image: np.ndarray) -> list[Code]:
        if not self.available:
            return []
        results = self._zx.read_barcodes(
            np.ascontiguousarray(to_gray(image)),
            formats=self._formats,
            try_rotate=self._try_harder,
            try_downscale=self._try_harder,
            try_invert=False,
            binarizer=self._binarizer,
            text_mode=self._zx.TextMode.Plain,
        )  # the payload's text, control bytes kept as is
        codes = []
        for result in results:
            p = result.position
            corners = np.array(
                [
                    [p.top_left.x, p.top_left.y],
                    [p.top_right.x, p.top_right.y],
                    [p.bottom_right.x, p.bottom_right.y],
                    [p.bottom_left.x, p.bottom_left.y],
                ],
                np.float32,
            )
            codes.append(Code(result.text, corners, self.name, bytes(result.bytes)))
        return codes


class PyzbarDecoder:
    name = "pyzbar"

    def __init__(self):
        try:
            from pyzbar import pyzbar

            self._pyzbar = pyzbar
            self._symbols = [pyzbar.ZBarSymbol.QRCODE]
            self.available, self.reason = True, ""
        except (ImportError, OSError) as exc:  # OSError: libzbar shared library missing
            self._pyzbar = None
            self.available = False
            self.reason = (
                f"pyzbar backend unavailable: {exc}. Install the zbar library "
                f"(Debian/Ubuntu: apt install libzbar0; macOS: brew install zbar)"
            )

    def decode(self, image: np.ndarray) -> list[Code]:
        if not self.available:
            return []
        codes = []
        for result in self._pyzbar.decode(to_gray(image), symbols=self._symbols):
            points = np.array([(p.x, p.y) for p in result.polygon], np.float32)
            if len(points) != 4:
                rect = cv2.minAreaRect(points) if len(points) else None
                if rect is None:
                    continue
                points = cv2.boxPoints(rect).astype(np.float32)
            text, raw = _zbar_payload(result.data)
            codes.append(Code(text, points, self.name, raw))
        return codes


def _zbar_payload(data: bytes) -> tuple[str, bytes]:
    """zbar hands back its guess at the text re-encoded as UTF-8, and it guesses Shift_JIS
    or ISO-8859-1 for some UTF-8 payloads; the symbol's bytes are recovered by undoing that
    guess, then read as every other backend reads bytes (`payload_text`)."""
    try:
        guessed = data.decode("utf-8")
    except UnicodeDecodeError:
        return payload_text(data), data
    for encoding in ("shift_jis", "latin-1"):
        try:
            raw = guessed.encode(encoding)
        except UnicodeEncodeError:
            continue
        if raw != data:
            try:
                return raw.decode("utf-8"), raw  # the bytes were UTF-8 all along
            except UnicodeDecodeError:
                return guessed, raw
    return guessed, data


class OpenCVDecoder:
    name = "opencv"

    def __init__(self):
        self._detector = cv2.QRCodeDetector()
        self.available, self.reason = True, ""

    def decode(self, image: np.ndarray) -> list[Code]:
        # The bytes form: the text form raises UnicodeDecodeError on a non-UTF-8 payload.
        try:
            ok, payloads, points, _ = self._detector.detectAndDecodeBytesMulti(image)
        except cv2.error:
            return []
        if not ok or points is None:
            return []
        return [
            Code(
                payload_text(bytes(raw)),
                np.asarray(quad, np.float32).reshape(4, 2),
                self.name,
                bytes(raw),
            )
            for raw, quad in zip(payloads, points)
            if raw
        ]


def merge_codes(groups: Iterable[Sequence[Code]]) -> list[Code]:
    """Union of several decoders' results, one entry per physical symbol."""
    merged: list[Code] = []
    for group in groups:
        for code in group:
            if not any(same_symbol(code, kept) for kept in merged):
                merged.append(code)
    return merged


class ChainDecoder:
    """Runs backends in order and merges their results (skipping unavailable ones)."""

    name = "chain"

    def __init__(self, backends: Sequence[Decoder] | None = None, stop_early: bool = False):
        self.backends = list(backends) if backends is not None else default_backends()
        self.stop_early = stop_early
        self.available = any(b.available for b in self.backends)
        self.reason = "; ".join(b.reason for b in self.backends if not b.available)

    def decode(self, image: np.ndarray) -> list[Code]:
        groups = []
        for backend in self.backends:
            if not backend.available:
                continue
            found = backend.decode(image)
            groups.append(found)
            if found and self.stop_early:
                break
        return merge_codes(groups)


def default_backends() -> list[Decoder]:
    return [ZxingDecoder(), PyzbarDecoder(), OpenCVDecoder()]


def backend_report() -> list[dict]:
    """Which backends work here (for `companion bench` and error messages)."""
    return [
        {"name": b.name, "available": b.available, "reason": b.reason} for b in default_backends()
    ]
