"""The views of a candidate outline the card reader decodes: an enlarged (and perhaps
unsharp-masked) crop, a crop rectified to an upright square, and codes read in a view mapped
back to the frame's pixels."""

from __future__ import annotations

import cv2
import numpy as np

from .codes import Code, order_quad


def crop_enlarged(
    gray: np.ndarray,
    quad: np.ndarray,
    target_module_px: float,
    margin: float = 0.35,
    module_px: float | None = None,
    sharpen: tuple[float, float] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """An axis-aligned crop around `quad`, enlarged so a module is ~target px, optionally
    unsharp-masked with (sigma in frame px, amount).

    Returns the crop and the 3x3 matrix mapping crop pixels back to frame pixels.
    """
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    side = min(x1 - x0, y1 - y0)  # the symbol's side when the blob also holds text
    pad = side * margin
    h, w = gray.shape[:2]
    left, top = int(max(0, x0 - pad)), int(max(0, y0 - pad))
    right, bottom = int(min(w, x1 + pad)), int(min(h, y1 + pad))
    crop = gray[top:bottom, left:right]
    if crop.size == 0:
        return crop, np.eye(3)
    if module_px is None:
        module_px = side / 23.0  # 21 modules plus a little of the quiet zone inside the blob
    factor = float(np.clip(target_module_px / max(module_px, 0.5), 1.0, 5.0))
    blurred = None
    if sharpen is not None:
        # Blurring before enlarging is the same unsharp mask as blurring the enlarged crop
        # with sigma x factor, at 1/factor^2 of the cost (this runs for every candidate).
        blurred = cv2.GaussianBlur(crop, (0, 0), sharpen[0])
    if factor > 1.05:
        crop = cv2.resize(crop, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
        if blurred is not None:
            blurred = cv2.resize(blurred, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    if blurred is not None:
        crop = cv2.addWeighted(crop, 1 + sharpen[1], blurred, -sharpen[1], 0)
    back = np.array([[1 / factor, 0, left], [0, 1 / factor, top], [0, 0, 1]], np.float64)
    return crop, back


def sharpen(gray: np.ndarray, sigma: float, amount: float = 0.8) -> np.ndarray:
    """Unsharp mask: undoes some of the camera's blur before the decoder binarizes."""
    blurred = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.addWeighted(gray, 1 + amount, blurred, -amount, 0)


def rectified(
    gray: np.ndarray, quad: np.ndarray, module_px: int = 6, modules: int = 31
) -> tuple[np.ndarray, np.ndarray]:
    """Warp the candidate outline to an upright square with a quiet zone around it."""
    side = module_px * modules
    inner = module_px * 4
    ordered = order_quad(quad)
    target = np.array(
        [
            [inner, inner],
            [side - inner, inner],
            [side - inner, side - inner],
            [inner, side - inner],
        ],
        np.float32,
    )
    matrix = cv2.getPerspectiveTransform(ordered, target)
    warped = cv2.warpPerspective(
        gray, matrix, (side, side), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )
    return warped, np.linalg.inv(matrix)


def map_back(codes: list[Code], matrix: np.ndarray, backend: str) -> list[Code]:
    out = []
    for code in codes:
        points = (
            cv2.perspectiveTransform(code.corners.reshape(-1, 1, 2).astype(np.float64), matrix)
            .reshape(4, 2)
            .astype(np.float32)
        )
        out.append(Code(code.text, points, backend))
    return out
