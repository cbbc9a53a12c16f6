"""Every QR code in any photo: what `companion decode` prints (`decode_image`).

The reading chain, each module importing only those before it: `codes` (the shape of a read
code), `qr_matrix` (the QR standard's layout and error correction), `backends` (zxing-cpp,
pyzbar, OpenCV), `finder` (where a frame seems to hold symbols), `sampler` and `cardgrid`
(a symbol's module grid sampled again), `nesting` (symbols located by their finder
patterns' nesting), `reader` (the card reader for table frames), `photo` (the chain of
passes for any photo), and this entry point.
"""

from __future__ import annotations

import numpy as np

from .backends import Decoder
from .codes import Code
from .photo import PhotoReader


def decode_image(image: np.ndarray, decoder: Decoder | None = None) -> list[Code]:
    """Every QR code in any photo (the `companion decode` diagnostic); vision/photo.py."""
    return (decoder or PhotoReader()).decode(image)
