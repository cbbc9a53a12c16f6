"""The camera side of the pack-up check (companion/kit_check.py): every code in a frame of
cards laid out face up, counted. No mat is needed: the cards may lie anywhere, in rows,
overlapping where their codes stay visible, so the whole-photo reader (vision.photo) reads
them, and a code read at two places is two printed copies of one card."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

import numpy as np

from companion.kit_check import KitCheck, check_kit, merge_frames

from .decode import decode_image
from .photo import PhotoReader


def codes_in_frame(image: np.ndarray, reader: PhotoReader | None = None) -> Counter[str]:
    """payload -> how many places of the frame show it."""
    return Counter(code.text for code in decode_image(image, reader))


def check_frames(game: str, frames: Iterable[np.ndarray]) -> KitCheck:
    """The pack-up check over one or several frames of one layout (a card seen in two frames
    counts once; a box too large for one frame is laid out and checked in batches)."""
    reader = PhotoReader()
    return check_kit(game, merge_frames(codes_in_frame(f, reader) for f in frames))
