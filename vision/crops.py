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
    if sharpen is not None and blurred is not None:
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


def smear_direction(gray: np.ndarray, quad: np.ndarray) -> tuple[float, float]:
    """The direction (degrees, 0 = along x, y down) in which the picture around `quad` is
    smeared, and how anisotropic its edges are (0 = not at all, towards 1 = every edge
    across it). A QR symbol's edges run equally along its two axes whatever its rotation, so
    its gradients' structure tensor is round; a linear motion smear weakens the gradients
    along the motion, and the tensor's weakest axis is the smear's direction."""
    x0, y0 = np.maximum(quad.min(axis=0), 0).astype(int)
    x1, y1 = quad.max(axis=0).astype(int)
    patch = gray[y0 : y1 + 1, x0 : x1 + 1].astype(np.float32)
    if min(patch.shape[:2]) < 8:
        return 0.0, 0.0
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3)
    jxx, jyy, jxy = float((gx * gx).mean()), float((gy * gy).mean()), float((gx * gy).mean())
    values, vectors = np.linalg.eigh(np.array([[jxx, jxy], [jxy, jyy]]))
    weak = vectors[:, 0]  # eigh sorts ascending: the weakest gradients lie along the motion
    angle = float(np.degrees(np.arctan2(weak[1], weak[0]))) % 180.0
    anisotropy = float((values[1] - values[0]) / max(values[1] + values[0], 1e-9))
    return angle, anisotropy


def line_psf(length_px: float, angle_deg: float) -> np.ndarray:
    """A straight motion blur `length_px` long along `angle_deg`: a box sampled finely along
    the line and shared bilinearly between pixels (fractional lengths stay fractional)."""
    size = int(np.ceil(length_px)) + 2 | 1
    psf = np.zeros((size + 1, size + 1), np.float64)
    c = size // 2
    a = np.radians(angle_deg)
    t = np.linspace(-length_px / 2, length_px / 2, 128)
    x, y = c + t * np.cos(a), c + t * np.sin(a)
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    for dx, dy, weight in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy))):
        np.add.at(psf, (y0 + dy, x0 + dx), weight)
    for dx, dy, weight in ((0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        np.add.at(psf, (y0 + dy, x0 + dx), weight)
    return psf[:size, :size] / psf.sum()


def deblurred(patch: np.ndarray, psf: np.ndarray, noise: float = 0.03) -> np.ndarray:
    """Wiener deconvolution of `patch` by `psf` (reflected borders keep the edges from
    ringing); `noise` is the noise-to-signal power the filter leaves alone."""
    pad = psf.shape[0]
    padded = cv2.copyMakeBorder(
        patch.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_REFLECT
    ).astype(np.float64)
    h, w = padded.shape
    kernel = np.zeros((h, w))
    k = psf.shape[0]
    kernel[:k, :k] = psf
    kernel = np.roll(kernel, (-(k // 2), -(k // 2)), axis=(0, 1))
    spectrum = np.fft.rfft2(kernel)
    image = np.fft.rfft2(padded)
    restored = np.fft.irfft2(image * np.conj(spectrum) / (np.abs(spectrum) ** 2 + noise), (h, w))
    return np.clip(restored[pad:-pad, pad:-pad], 0, 255).astype(np.uint8)


def crop_unsmeared(
    gray: np.ndarray,
    quad: np.ndarray,
    length_px: float,
    angle_deg: float,
    target_module_px: float,
    module_px: float | None = None,
    margin: float = 0.35,
    noise: float = 0.03,
) -> tuple[np.ndarray, np.ndarray]:
    """`crop_enlarged`'s crop with a motion smear of `length_px` along `angle_deg` undone
    first, at the frame's own scale (where the smear has that length)."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    pad = min(x1 - x0, y1 - y0) * margin
    h, w = gray.shape[:2]
    left, top = int(max(0, x0 - pad)), int(max(0, y0 - pad))
    right, bottom = int(min(w, x1 + pad)), int(min(h, y1 + pad))
    crop = gray[top:bottom, left:right]
    if min(crop.shape[:2]) < 8:
        return crop[:0], np.eye(3)
    crop = deblurred(crop, line_psf(length_px, angle_deg), noise)
    local = (quad - [left, top]).astype(np.float32)
    view, back = crop_enlarged(crop, local, target_module_px, margin=1.0, module_px=module_px)
    return view, np.array([[1, 0, left], [0, 1, top], [0, 0, 1]], np.float64) @ back
