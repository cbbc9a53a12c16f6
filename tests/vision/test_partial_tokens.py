"""A token beside one that moved stays read (the Masterpiece recording's lost pawn).

In the Masterpiece sample recorded before 52ab8e6 (1.5 px/mm), Dev's pawn (MPPAWN4, marker
143) left ring space 15 at frame 18 while Chen's (MPPAWN3, marker 142) stayed there beside
it. The thumbnail cells under MPPAWN3's own outline changed (MPPAWN4's edge was within a
cell of it), so the partial decode dropped it from the tokens it kept; the token search
box, grown from the changed pixels only, began exactly at MPPAWN3's left edge, and ArUco
finds no marker cut by the crop's border. MPPAWN3 went unread until it moved itself (frame
29): `companion bench vision --recording` on those frames read 1069 of 1073 pieces. The
frames here are lossless cut-outs (grey, x 1216-1600, y 704-1016) of frames 17 and 18.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.changes import ChangeDetector, changed_boxes
from vision.markers import detect_tokens
from vision.partial import PartialDecoder
from vision.reader import CardReader

DATA = Path(__file__).parent / "data"
CARD_PX, TOKEN_PX = 140.9, 31.2  # the watcher's figures for that recording
PAWN3, PAWN4 = 142, 143


def frame(number: int) -> np.ndarray:
    image = cv2.imread(str(DATA / f"masterpiece_pawns_frame{number}.png"), cv2.IMREAD_GRAYSCALE)
    assert image is not None
    return image


def test_a_token_beside_one_that_left_is_read_again_whole():
    before, after = frame(17), frame(18)
    markers_before = detect_tokens(before, TOKEN_PX)
    assert {m.id for m in markers_before} >= {PAWN3, PAWN4}
    pawn3 = next(m for m in markers_before if m.id == PAWN3)
    detector = ChangeDetector(threshold=14)  # WatcherSettings.change_threshold
    changed = detector.changed(detector.thumbnail(after), detector.thumbnail(before))
    boxes = changed_boxes(changed, after.shape, CARD_PX)
    assert boxes  # the pawn that left changed the picture

    partial = PartialDecoder(CardReader(), workers=1)
    _, markers = partial.decode(after, boxes, [], markers_before, {}, changed, CARD_PX, TOKEN_PX)

    found = {m.id: m for m in markers}
    assert (
        PAWN4 not in found
        or np.linalg.norm(
            np.subtract(
                found[PAWN4].center, next(m for m in markers_before if m.id == PAWN4).center
            )
        )
        > TOKEN_PX
    )  # Dev's pawn is gone from there
    assert PAWN3 in found, "Chen's pawn, which did not move, was lost"
    assert np.linalg.norm(np.subtract(found[PAWN3].center, pawn3.center)) < 3
