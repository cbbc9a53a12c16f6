"""Loading pictures safely: the one place where an image file becomes pixels.

The size an image claims is read from its header first (Pillow reads only the header on
open), so a file that claims 65000×65000 pixels (a decompression bomb) or a 20000×20000
photo is refused in milliseconds instead of taking a minute and gigabytes in the decoder;
slivers like 1×4000 are refused too, since no card fits in them. Only then does OpenCV
decode it. Every refusal is an `ImageError`: one line naming the file and what is wrong.
"""

from __future__ import annotations

import io
import re
import struct
import warnings
from pathlib import Path

import numpy as np

from companion.errors import CompanionError

# 40 megapixels: every phone's default photo (12–24 MP) and 4K video frames fit; decoding
# one takes about 120 MB and well under a second. Larger photos must be shrunk first.
MAX_IMAGE_PIXELS = 40_000_000
# No side shorter than a version-1 QR code with its quiet zone at one pixel per module.
MIN_IMAGE_SIDE = 29
# A file larger than this is not a photo of a table (a 40 MP PNG of a photo is ~100 MB).
MAX_IMAGE_BYTES = 160 * 1024 * 1024
# What both Pillow (the header) and OpenCV (the pixels) read.
FORMATS = {
    "JPEG": "JPEG",
    "MPO": "JPEG",
    "PNG": "PNG",
    "BMP": "BMP",
    "WEBP": "WebP",
    "TIFF": "TIFF",
}


class ImageError(CompanionError):
    """An image file that cannot be used: missing, not a picture, too large or too small."""


def image_header(data: bytes, name: str) -> tuple[int, int, str]:
    """(width, height, format) as the file's header claims them, without decoding pixels."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Its bomb warning: our limit is lower and said in our words below.
            warnings.simplefilter(
                "ignore"
            )  # Pillow also warns on damaged EXIF: refused or not, the pixels decide
            with Image.open(io.BytesIO(data)) as header:
                width, height = header.size
                kind = header.format or ""
    except Image.DecompressionBombError as exc:
        raise ImageError(
            f"{name} claims to be {_pillow_bomb_size(exc)}; the limit is "
            f"{MAX_IMAGE_PIXELS / 1e6:.0f} megapixels"
        ) from None
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        SyntaxError,
        EOFError,
        struct.error,
        MemoryError,
    ):  # what Pillow raises on a damaged header
        raise ImageError(
            f"{name} is not a readable image (empty, truncated or not a picture)"
        ) from None
    if kind not in FORMATS:
        raise ImageError(
            f"{name} is a {kind or 'unknown'} image; use {', '.join(sorted(set(FORMATS.values())))}"
        )
    return width, height, FORMATS[kind]


def check_size(width: int, height: int, name: str, max_pixels: int = MAX_IMAGE_PIXELS) -> None:
    if width * height > max_pixels:
        raise ImageError(
            f"{name} is {width}×{height} pixels ({width * height / 1e6:.0f} "
            f"megapixels); the limit is {max_pixels / 1e6:.0f}: shrink it first"
        )
    if min(width, height) < MIN_IMAGE_SIDE:
        raise ImageError(
            f"{name} is {width}×{height} pixels: too small to show a card "
            f"(each side needs at least {MIN_IMAGE_SIDE} pixels)"
        )


def decode_image_bytes(
    data: bytes,
    name: str = "image",
    stored_orientation: bool = False,
    max_pixels: int = MAX_IMAGE_PIXELS,
) -> np.ndarray:
    """Encoded image bytes (JPEG, PNG, ...) as a BGR uint8 array, or an ImageError.

    A phone photo's EXIF orientation is applied unless `stored_orientation` (then pixels are
    as stored in the file, which is what `companion decode` reports corners in)."""
    import cv2

    if len(data) > MAX_IMAGE_BYTES:
        raise ImageError(
            f"{name} is {len(data) / 2**20:.0f} MB; the limit is {MAX_IMAGE_BYTES / 2**20:.0f} MB"
        )
    width, height, kind = image_header(data, name)
    check_size(width, height, name, max_pixels)
    flags = cv2.IMREAD_COLOR | (cv2.IMREAD_IGNORE_ORIENTATION if stored_orientation else 0)
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    except cv2.error as exc:
        first = str(exc).strip().splitlines()[-1] if str(exc).strip() else "decoder error"
        raise ImageError(f"{name}: the {kind} decoder refused it ({first})") from None
    if image is None or image.size == 0:
        raise ImageError(f"{name} is not a readable image (empty, truncated or not a picture)")
    # The decoder must have made what the header promised (rotated by EXIF, perhaps).
    if sorted(image.shape[:2]) != sorted((height, width)):
        raise ImageError(
            f"{name}: its header says {width}×{height} but it decodes as "
            f"{image.shape[1]}×{image.shape[0]}"
        )
    return image


def read_image(
    path: str | Path, stored_orientation: bool = False, max_pixels: int = MAX_IMAGE_PIXELS
) -> np.ndarray:
    """An image file as a BGR uint8 array; an ImageError with one line for anything else."""
    path = Path(path)
    if not path.is_file():
        raise ImageError(f"image {path} does not exist")
    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ImageError(
            f"{path} is {size / 2**20:.0f} MB; the limit is {MAX_IMAGE_BYTES / 2**20:.0f} MB"
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImageError(f"cannot read {path}: {exc.strerror or exc}") from None
    return decode_image_bytes(data, str(path), stored_orientation, max_pixels)


def _pillow_bomb_size(exc: Exception) -> str:
    """Pillow says "Image size (W pixels) exceeds limit ..."; keep the pixel count."""
    found = re.search(r"\((\d+) pixels\)", str(exc))
    return f"{int(found.group(1)) / 1e6:.0f} megapixels" if found else "too many pixels"
