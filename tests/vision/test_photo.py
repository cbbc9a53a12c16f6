"""The photo reader (`companion decode`): later passes read what whole-photo zxing-cpp
misses, every code is reported once, and a photo full of codes is read whole."""

import io
import os
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from vision.backends import ZxingDecoder
from vision.photo import PASSES, Pass, PhotoReader


def symbol(text: str, scale: int = 6) -> np.ndarray:
    buffer = io.BytesIO()
    segno.make_qr(text, error="l").save(buffer, kind="png", scale=scale, border=4)
    return cv2.imdecode(np.frombuffer(buffer.getvalue(), np.uint8), cv2.IMREAD_GRAYSCALE)


def test_a_small_soft_symbol_missed_whole_is_read_by_a_later_pass():
    canvas = np.full((500, 700), 200, np.uint8)
    code = symbol("HELLO TABLE 42")
    canvas[100 : 100 + code.shape[0], 150 : 150 + code.shape[1]] = code
    small = cv2.resize(canvas, None, fx=0.33, fy=0.33, interpolation=cv2.INTER_AREA)
    photo = cv2.GaussianBlur(small, (0, 0), 0.9)  # ~2 px per module, soft
    assert ZxingDecoder().decode(photo) == []
    reader = PhotoReader()
    codes = reader.decode(photo)
    assert [c.text for c in codes] == ["HELLO TABLE 42"]
    assert codes[0].backend != "zxing"  # read by one of the later passes
    x, y = codes[0].center
    assert (
        abs(x - (150 + code.shape[1] / 2) * 0.33) < 8
        and abs(y - (100 + code.shape[0] / 2) * 0.33) < 8
    )


def test_many_codes_each_reported_once_with_corners_in_photo_pixels():
    texts = [f"CODE {i:02d}" for i in range(20)]
    photo = np.full((1300, 2400), 230, np.uint8)
    places = {}
    for i, text in enumerate(texts):
        code = symbol(text, scale=5)
        y, x = 40 + (i // 5) * 310, 40 + (i % 5) * 470
        photo[y : y + code.shape[0], x : x + code.shape[1]] = code
        places[text] = (x + code.shape[1] / 2, y + code.shape[0] / 2)
    # Every pass re-reading the same photo must not duplicate a code.
    reader = PhotoReader(
        passes=(Pass("a", "zxing"), Pass("b", "zxing-global", long_side=1200), Pass("c", "pyzbar"))
    )
    codes = reader.decode(cv2.cvtColor(photo, cv2.COLOR_GRAY2BGR))
    assert sorted(c.text for c in codes) == texts
    for code in codes:
        assert np.hypot(*np.subtract(code.center, places[code.text])) < 5


def test_an_empty_or_blank_photo_reads_nothing():
    reader = PhotoReader()
    assert reader.decode(np.zeros((0, 0), np.uint8)) == []
    assert reader.decode(np.full((300, 400, 3), 128, np.uint8)) == []


def seen_from_the_side(text: str, squeeze: float, px: int = 12) -> tuple[np.ndarray, np.ndarray]:
    """A symbol on a card turned nearly edge-on: foreshortened to `squeeze` of its width,
    its far side shorter (perspective). Returns the photo and the symbol's true centre."""
    flat = symbol(text, scale=px)
    h, w = flat.shape
    taper = 0.15
    outline = np.float32(
        [
            [30, 30],
            [30 + w * squeeze, 30 + h * taper],
            [30 + w * squeeze, 30 + h * (1 - taper)],
            [30, 30 + h],
        ]
    )
    warp = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), outline)
    photo = cv2.warpPerspective(
        flat, warp, (int(w * squeeze) + 60, h + 60), borderValue=120, flags=cv2.INTER_AREA
    )
    return cv2.GaussianBlur(photo, (0, 0), 0.6), outline.mean(axis=0)


def test_a_symbol_seen_nearly_edge_on_is_read_once_stretched_across():
    photo, centre = seen_from_the_side("https://example.org/table/42", 0.18)
    without = PhotoReader(
        tuple(p for p in PASSES if p.name not in ("zxing-widened", "zxing-heightened"))
    )
    assert without.decode(photo) == []
    for image, where in ((photo, centre), (photo.T.copy(), centre[::-1])):  # and from above
        codes = PhotoReader().decode(image)
        assert [c.text for c in codes] == ["https://example.org/table/42"]
        assert codes[0].backend in ("zxing-widened", "zxing-heightened")
        assert np.linalg.norm(np.array(codes[0].center) - where) < 6  # in the photo's pixels


BOOFCV = Path(os.environ.get("BOOFCV_DIR", Path.home() / "data" / "boofcv"))


@pytest.mark.skipif(
    not (BOOFCV / "bright_spots" / "image029.jpg").is_file(),
    reason="the BoofCV photos are not here (set BOOFCV_DIR; vision/README.md)",
)
@pytest.mark.parametrize(
    "name, backend", [("image029.jpg", "zxing-lifted"), ("image024.jpg", "sampler")]
)
def test_dim_symbols_beside_a_lamp_in_real_photos(name, backend):
    """BoofCV bright-spot photos: a lamp sets the exposure and the symbols beside it are dark
    and soft; they are read only after strong equalization and sharpening (a decode pass at
    1280 px, and a view the sampler locates symbols in). Every reading lies in a labelled
    code."""
    from vision.boofcv import read_polygons, score
    from vision.images import read_image

    path = BOOFCV / "bright_spots" / name
    codes = PhotoReader().decode(read_image(path, stored_orientation=True))
    found, outside = score(read_polygons(path.with_suffix(".txt")), [c.center for c in codes])
    assert backend in [c.backend for c in codes]
    assert outside == 0 and found == len(codes)
