"""The card reader's fallback for a symbol smeared by motion (a card slid across the mat, a
shaky camera arm): whether an outline's edges show a smear, and the views with it undone
for a few lengths (the image operations themselves are in `vision.crops`). Only outlines
every other view failed on come here, so a still table never pays for it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .crops import crop_unsmeared, smear_direction
from .finder import Candidate

SMEAR_ANISOTROPY = (
    0.25  # (strong - weak) / (strong + weak) gradient energy; 1.5-module smears: 0.26+
)
SMEAR_MODULES = (1.5, 1.75, 1.25, 2.0, 1.0, 2.25)  # smear lengths tried (modules)
UNSMEARED_MODULE_PX = 10.0  # the module size (px) each unsmeared view is enlarged to


def unsmeared_views(
    gray: np.ndarray, candidate: Candidate
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each view of `candidate` with a smear undone (and the matrix mapping it back to the
    frame), most likely length first; none when its edges are as strong every way. The
    smear's direction is where the edges are weakest; its length is tried in modules."""
    angle, anisotropy = smear_direction(gray, candidate.quad)
    if anisotropy < SMEAR_ANISOTROPY:
        return  # edges as strong every way: no smear to undo
    box = candidate.quad.max(axis=0) - candidate.quad.min(axis=0)
    module = candidate.module_px or float(box.min()) / 23.0  # as crop_enlarged guesses
    for modules in SMEAR_MODULES:
        yield crop_unsmeared(
            gray,
            candidate.quad,
            modules * module,
            angle,
            UNSMEARED_MODULE_PX,
            module_px=candidate.module_px,
        )
