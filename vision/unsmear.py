"""The card reader's fallback for a symbol smeared by motion (a card slid across the mat, a
shaky camera arm): whether an outline's edges show a smear, and the views with it undone
for a few lengths (the image operations themselves are in `vision.crops`). Only outlines
every other view failed on come here, so a still table never pays for it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .cardgrid import read_card_symbol
from .crops import crop_unsmeared, deblurred, line_psf, smear_direction
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


def read_unsmeared_symbol(gray: np.ndarray, quad: np.ndarray) -> tuple[str, np.ndarray] | None:
    """The card-grid fit (`vision.cardgrid.read_card_symbol`) on the outline's surroundings
    with a smear of the most likely length (1.5 modules) undone along its direction, for a
    smeared symbol a sleeve's highlight also covers: the unsmeared views lose the modules
    under the highlight (no erasures in zxing-cpp), the plain grid fit the smeared ones. Text
    and frame corners, or None (also when the edges show no smear)."""
    angle, anisotropy = smear_direction(gray, quad)
    if anisotropy < SMEAR_ANISOTROPY:
        return None
    extent = np.ptp(quad, axis=0)
    x0, y0 = np.maximum(quad.min(axis=0) - extent, 0).astype(int)
    x1, y1 = (quad.max(axis=0) + extent).astype(int)
    region = gray[y0:y1, x0:x1]
    if min(region.shape[:2]) < 8:
        return None
    module = float(extent.min()) / 23.0  # as unsmeared_views guesses without a module size
    local = deblurred(region, line_psf(SMEAR_MODULES[0] * module, angle))
    origin = np.array([x0, y0], np.float32)
    (left, top), (right, bottom) = quad.min(axis=0), quad.max(axis=0)
    box = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    # A smeared blob's outline can lie at a wrong angle (the smear stretches it); the fit
    # then searches the wrong turns, so the outline's upright box is tried too.
    for outline in (quad, box) if not np.allclose(quad, box) else (quad,):
        result = read_card_symbol(local, (outline - origin).astype(np.float32))
        if result is not None:
            return result[0], result[1] + origin
    return None
