"""QR decoding behind one interface: zxing-cpp, pyzbar, OpenCV, and a chain of them.

Every backend takes a BGR or grayscale image and returns `Code`s (text plus the symbol's
four corners in the image's pixel coordinates). A backend whose library is missing says so
(`available`, `reason`) instead of crashing; `ChainDecoder` simply skips it.

`CardReader` is the project's pipeline for table frames. Whole-frame decoders miss small,
blurred symbols, so it first finds places that look like QR symbols (dense dark/light
texture of the right size), then decodes each candidate on an enlarged, sharpened crop, and
only if that fails on a crop rectified to a square from the candidate's outline. Crops are
small, so this is faster than running a decoder over 1920x1080 and reads symbols at 3 px per
module that whole-frame decoders cannot.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable, Protocol, Sequence

import cv2
import numpy as np

from companion.catalogue import PAYLOAD_PATTERN


@dataclass(frozen=True)
class Code:
    text: str
    corners: np.ndarray = field(compare=False, repr=False)  # 4x2 float32, symbol corners (px)
    backend: str = ""
    raw: bytes | None = field(default=None, compare=False, repr=False)  # payload bytes, if known

    @cached_property  # asked for often when merging results; corners never change
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    @cached_property
    def size_px(self) -> float:
        """Mean side length of the symbol in pixels."""
        sides = np.linalg.norm(np.roll(self.corners, -1, axis=0) - self.corners, axis=1)
        return float(sides.mean())

    def to_dict(self) -> dict:
        entry = {
            "text": self.text,
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
        }
        if self.raw is not None and self.raw != self.text.encode("utf-8"):
            entry["bytes"] = self.raw.hex()  # binary or non-UTF-8 payloads, exactly as stored
        return entry


def payload_text(raw: bytes) -> str:
    """Text of a payload's bytes without an encoding declared: UTF-8 when the bytes are valid
    UTF-8, else Shift_JIS (common in QR codes), else ISO-8859-1 (the QR standard's default,
    which any byte string decodes as). Never raises."""
    for encoding in ("utf-8", "shift_jis"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


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


def _same_symbol(a: Code, b: Code) -> bool:
    if a.text != b.text:
        return False
    distance = np.linalg.norm(np.subtract(a.center, b.center))
    return distance < 0.5 * max(a.size_px, b.size_px, 1.0)


def merge_codes(groups: Iterable[Sequence[Code]]) -> list[Code]:
    """Union of several decoders' results, one entry per physical symbol."""
    merged: list[Code] = []
    for group in groups:
        for code in group:
            if not any(_same_symbol(code, kept) for kept in merged):
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


# -- the project's card reader --------------------------------------------------------------


@dataclass
class Candidate:
    """A place in the frame that looks like a QR symbol; `quad` is its outline (px)."""

    quad: np.ndarray  # 4x2 float32
    expected: str | None = None  # payload a tracker or layout expects here, if any
    module_px: float | None = None  # known module size (tiles sized from read symbols)
    coarse: bool = False  # found on a coarser copy of the frame: tried briefly, never tiled

    @cached_property  # asked for against every code read so far; the outline never changes
    def center(self) -> tuple[float, float]:
        c = self.quad.mean(axis=0)
        return float(c[0]), float(c[1])


WINDOW_DIV, OPEN_DIV = 4.0, 2.0  # tuned on rendered scenes (benchmarks)


LEVEL_STEP = 2.0  # each coarser search level looks for symbols twice as large
FINE_REACH = 3.0  # symbol side / min_side_px the finest level surely reads whole


def find_candidates(
    gray: np.ndarray,
    min_side_px: float = 40,
    max_side_px: float = 400,
    scale: float = 0.5,
    coarse_levels: bool = True,
    relit: bool = False,
) -> list[Candidate]:
    """Outlines of QR-like texture: many strong dark/light edges packed in a square blob.

    The texture measure spans a few modules of the smallest symbol; inside a symbol several
    times larger it would fall between module edges and break the symbol into fragments. So
    larger symbols are looked for again on coarser copies of the frame (the same measure, the
    same size in the copy's pixels); their outlines come first, so the fragments a finer
    level also reports fall inside a symbol already read and are skipped. `relit` adds, last,
    the finest level's outlines once the light is evened out (`_texture_blobs`)."""
    found = _texture_blobs(gray, min_side_px, max_side_px, scale, split=True, relit=relit)
    level_min = min_side_px * LEVEL_STEP
    while coarse_levels and level_min <= max_side_px:
        level_scale = scale * min_side_px / level_min
        coarse = _texture_blobs(gray, level_min, max_side_px, level_scale, split=False)
        # A blob wider than the largest symbol is a cluster of small ones: the finest level's.
        found = [c for c in coarse if _extent(c.quad) <= 1.3 * max_side_px] + found
        level_min *= LEVEL_STEP
    return found


RELIT_SIGMA = (
    1.0  # light evened out over about a symbol: follows a hand's shadow, in smallest sides
)
RELIT_SHADE = 0.8  # shade: light under this share of the light where the ordinary blobs lie
RELIT_SAME = 0.3  # blob centres closer than this share of its extent: the same place


def _texture_blobs(
    gray: np.ndarray,
    min_side_px: float,
    max_side_px: float,
    scale: float,
    split: bool,
    relit: bool = False,
) -> list[Candidate]:
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    # Local contrast (standard deviation over a few modules) is high inside a symbol and low
    # on plain card faces, the table and the mat; it survives blur, shadows and uneven light.
    window = max(3, int(round(min_side_px * scale / WINDOW_DIV)))
    mean = cv2.boxFilter(small, -1, (window, window))
    mean_sq = cv2.boxFilter(small * small, -1, (window, window))
    std = np.sqrt(np.maximum(mean_sq - mean * mean, 0))
    # Drop thin things (card edges, text strokes), then join each symbol into one blob.
    opening = max(3, int(round(min_side_px * scale / OPEN_DIV)) | 1)
    lo, hi = min_side_px * scale, max_side_px * scale
    quads = _contrast_blobs(std, lo, hi, opening, split)
    if relit:
        quads += _relit_blobs(small, std, quads, lo, hi, opening, split)
    return [Candidate(quad / scale, coarse=not split) for quad in quads]


def _relit_blobs(
    small: np.ndarray,
    std: np.ndarray,
    found: list[np.ndarray],
    lo: float,
    hi: float,
    opening: int,
    split: bool,
) -> list[np.ndarray]:
    """Blobs of contrast relative to the local light, in places darker than where the
    ordinary blobs lie and away from them. The threshold follows the frame's strongest
    contrast, so a symbol in a hand's shadow can fall under it in part and its blob break
    up; divided by the light around it, it stands out like the others. Elsewhere the same
    division only lifts wood grain and dims symbols under a highlight, so these blobs are
    kept to the shade and only ever add to the ordinary ones."""
    light = _local_light(small, RELIT_SIGMA * lo)
    centres = np.array([quad.mean(axis=0) for quad in found]).reshape(-1, 2)
    at = np.clip(centres.round().astype(int), 0, np.array(light.shape[::-1]) - 1)
    usual = (
        float(np.median(light[at[:, 1], at[:, 0]]))
        if len(found)
        else float(np.percentile(light, 90))
    )
    shade = RELIT_SHADE * usual
    if float(light.min()) >= shade:
        return []  # evenly lit: nothing the ordinary threshold could have missed for light
    evened = std * (128.0 / light)
    return [
        quad
        for quad in _contrast_blobs(evened, lo, hi, opening, split, within=light < shade)
        if not _near_any(quad, centres)
    ]


def _contrast_blobs(
    std: np.ndarray,
    lo: float,
    hi: float,
    opening: int,
    split: bool,
    within: np.ndarray | None = None,
) -> list[np.ndarray]:
    """Blobs where the contrast passes a threshold set by the frame's strongest; `within`
    (a boolean map) limits them to a region, sparing the search everywhere else."""
    strong = float(np.percentile(std[::4, ::4], 99.5))  # a subsample is plenty, 10x faster
    mask = std > max(14.0, 0.25 * strong)
    if within is not None:
        mask &= within
    mask = mask.astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((opening, opening), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # Coarse levels neither split nor tile (clusters of small symbols are the finest level's
    # to split) but take a symbol with the card's printed header or name joined to one side.
    return (
        _blobs(mask, lo, hi, opening, depth=0)
        if split
        else _blobs(mask, lo, hi, opening, depth=2, tiles=False, aspect=1.6)
    )


def _local_light(image: np.ndarray, sigma_px: float) -> np.ndarray:
    """Brightness around each pixel: a wide blur, computed at an eighth of the size."""
    tiny = cv2.resize(image, None, fx=0.125, fy=0.125, interpolation=cv2.INTER_AREA)
    light = cv2.GaussianBlur(tiny, (0, 0), max(sigma_px / 8, 1.0))
    light = cv2.resize(light, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.maximum(light, 8.0)


def _near_any(quad: np.ndarray, centres: np.ndarray) -> bool:
    """Whether one of `centres` lies at the same place as `quad`'s centre."""
    distances = np.hypot(*(centres - quad.mean(axis=0)).T)
    return bool((distances < RELIT_SAME * _extent(quad)).any())


def _blobs(
    mask: np.ndarray,
    lo: float,
    hi: float,
    opening: int,
    depth: int,
    tiles: bool = True,
    aspect: float = 1.35,
) -> list[np.ndarray]:
    """Square blobs of the mask; blobs merged with a neighbour or with printed text are
    eroded apart (up to three times) and each part grown back to its size."""
    found = []
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        rect = cv2.minAreaRect(contour)
        (w, h) = rect[1]
        short, long = min(w, h), max(w, h)
        if long < lo:
            continue
        area = cv2.contourArea(contour)
        square = lo <= short <= hi and long <= aspect * short and area >= 0.6 * w * h
        if square:
            found.append(cv2.boxPoints(rect).astype(np.float32))
            continue
        if depth < 3 and short >= lo * 0.8:
            x, y, bw, bh = cv2.boundingRect(contour)
            pad = opening
            piece = np.zeros((bh + 2 * pad, bw + 2 * pad), np.uint8)
            cv2.drawContours(piece, [contour - (x - pad, y - pad)], -1, 255, -1)
            erode = max(3, int(opening * 0.6)) | 1
            piece = cv2.erode(piece, np.ones((erode, erode), np.uint8))
            parts = _blobs(piece, max(lo - erode, 4), hi, opening, depth + 1)
            for quad in parts:
                centre = quad.mean(axis=0)
                grown = centre + (quad - centre) * (
                    (np.linalg.norm(quad[0] - centre) + erode * 0.7)
                    / max(np.linalg.norm(quad[0] - centre), 1)
                )
                found.append((grown + (x - pad, y - pad)).astype(np.float32))
            if parts:
                continue
        # Symbols merged with their neighbours or with the card's printed number: cover the
        # long blob with overlapping squares; the crop decoder finds each symbol in one.
        if tiles and lo <= short <= hi and area >= 0.3 * w * h:
            found.extend(_tiles(rect))
    return found


def _tiles(rect) -> list[np.ndarray]:
    (cx, cy), (w, h), angle = rect
    short, long = min(w, h), max(w, h)
    axis = np.deg2rad(angle if w >= h else angle + 90)
    direction = np.array([np.cos(axis), np.sin(axis)])
    count = max(1, int(np.ceil((long - short) / (short / 2)))) + 1
    tiles = []
    for offset in np.linspace(-(long - short) / 2, (long - short) / 2, count):
        centre = (cx + direction[0] * offset, cy + direction[1] * offset)
        side = short * 1.1
        tiles.append(cv2.boxPoints((centre, (side, side), angle)).astype(np.float32))
    return tiles


def _crop_enlarged(
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


def _sharpen(gray: np.ndarray, sigma: float, amount: float = 0.8) -> np.ndarray:
    """Unsharp mask: undoes some of the camera's blur before the decoder binarizes."""
    blurred = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.addWeighted(gray, 1 + amount, blurred, -amount, 0)


def _rectified(
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


def order_quad(quad: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left (image orientation)."""
    quad = np.asarray(quad, np.float32).reshape(4, 2)
    center = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - center[1], quad[:, 0] - center[0])
    ordered = quad[np.argsort(angles)]  # from -pi: top-left first in image coordinates
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0)


def _map_back(codes: list[Code], matrix: np.ndarray, backend: str) -> list[Code]:
    out = []
    for code in codes:
        points = (
            cv2.perspectiveTransform(code.corners.reshape(-1, 1, 2).astype(np.float64), matrix)
            .reshape(4, 2)
            .astype(np.float32)
        )
        out.append(Code(code.text, points, backend))
    return out


def plausible_payload(text: str) -> bool:
    return bool(PAYLOAD_PATTERN.match(text))


class CardReader:
    """Reads every card QR in a table frame: candidates, enlarged crops, rectified retry.

    `read(frame, hints)` takes optional extra `Candidate`s (where the tracker saw a card last,
    or where the layout expects one) so a card whose texture the finder misses is still tried.
    """

    name = "pipeline"

    def __init__(
        self,
        target_module_px: float = 5.0,
        whole_frame_first: bool = False,
        min_side_px: float = 40,
        max_side_px: float = 420,
        fallbacks: Sequence[str] = (),
        accept: Callable[[str], bool] = plausible_payload,
    ):
        self.zxing = ZxingDecoder(try_harder=False)
        self.zxing_hard = ZxingDecoder(binarizer="GlobalHistogram", try_harder=True)
        # pyzbar and OpenCV never read a crop that zxing-cpp missed in the benchmark and cost
        # ~40 ms per failed candidate, so they are off here (on in ChainDecoder, `decode`).
        self.fallback = [
            b for b in (PyzbarDecoder(), OpenCVDecoder()) if b.available and b.name in fallbacks
        ]
        self.target_module_px = target_module_px
        self.whole_frame_first = whole_frame_first
        self.min_side_px = min_side_px
        self.max_side_px = max_side_px
        self.available, self.reason = True, ""
        # Only texts shaped like the project's payloads count (a wrong identity is worse than
        # a miss); `companion decode` accepts any text.
        self.accept = accept
        self.stats: dict[str, list] = {}  # stage -> [successes, attempts, total ms]
        self.symbol_side: float | None = None  # median side of the codes last read (px)
        self._settings = dict(
            target_module_px=target_module_px,
            whole_frame_first=whole_frame_first,
            min_side_px=min_side_px,
            max_side_px=max_side_px,
            fallbacks=tuple(fallbacks),
            accept=accept,
        )

    # A reader crosses to another process (the watcher's whole decode) as its settings: the
    # decoders hold modules, so they are made anew there.
    def __getstate__(self) -> dict:
        return {"settings": self._settings, "symbol_side": self.symbol_side}

    def __setstate__(self, state: dict) -> None:
        CardReader.__init__(self, **state["settings"])
        self.symbol_side = state["symbol_side"]

    def decode(self, image: np.ndarray) -> list[Code]:
        return self.read(image)

    def read(
        self,
        image: np.ndarray,
        hints: Sequence[Candidate] = (),
        thorough: bool = True,
        known: Sequence[Code] = (),
        attention: Callable[[np.ndarray], str] | None = None,
    ) -> list[Code]:
        """Every card code in the image. `thorough=False` stops after the two cheap stages
        that read ~99% of what is readable (for frames where only a hand moved). Candidates
        holding one of the `known` codes (read before, unchanged since) are not decoded.

        `attention(outline)`, given, says how hard to try each candidate: "read" (every stage
        allowed), "look" (the crop and the first sharpened crop only) or "skip" (the caller
        knows these very pixels failed before). Under a moving hand a symbol is mostly covered
        or smeared, and the later stages, each several times dearer than the crop, rarely
        read it there; the caller tries it again once still. In a quick read, an outline of
        the same place as one that failed (a hint and the finder's blob of one card) is not
        tried twice."""
        gray = to_gray(image)
        found: list[Code] = []
        if self.whole_frame_first:
            found = [c for c in self.zxing.decode(gray) if self.accept(c.text)]
        # The finest level alone reads symbols up to about four times the smallest size. A
        # quick decode (a hand's area) skips the coarse levels while the table's symbols are
        # known to be well within that.
        coarse = (
            thorough or self.symbol_side is None or self.symbol_side > FINE_REACH * self.min_side_px
        )
        candidates = list(hints) + find_candidates(
            gray, self.min_side_px, self.max_side_px, coarse_levels=coarse, relit=thorough
        )
        if known:
            candidates = [c for c in candidates if not any(_inside(k, c) for k in known)]
        failed, holding, off_centre = [], [], []
        missed: list[Candidate] = []  # quick reads only: outlines every allowed stage failed on
        for candidate in candidates:
            if any(_within(candidate, code) for code in found):
                continue  # a part of a symbol already read (a finer level's fragment)
            if any(_same_outline(candidate, other) for other in missed):
                continue  # a hint and the finder's blob of one card: the same crop again
            if len(found) >= 2 and _extent(candidate.quad) < FRAGMENT_SHARE * float(
                np.median([c.size_px for c in found])
            ):
                continue  # a card's printed text or a piece of a symbol, not a whole card code
            if any(_inside(code, candidate) for code in found):
                if not candidate.coarse:
                    holding.append(candidate)  # may hold more symbols than the one read
                    off_centre.append(candidate)
                continue
            look = attention(candidate.quad) if attention is not None else "read"
            if look == "skip":
                continue
            code = self.read_candidate(
                gray,
                candidate,
                thorough and not candidate.coarse,
                stages=BRIEF_STAGES if look == "look" else None,
            )
            if code is None and not thorough:
                missed.append(candidate)
            if code is None and look == "look":
                continue  # the caller looks again once it is still: no tiles, no grid here
            if code is None or any(_same_symbol(code, kept) for kept in found):
                if not candidate.coarse:  # a coarse blob may be a cluster of small symbols
                    failed.append(candidate)  # nothing new here yet: tiles look again below
                continue
            if _extent(candidate.quad) > 1.6 * code.size_px and not candidate.coarse:
                holding.append(candidate)  # one symbol read; the blob may hold more
            if not candidate.coarse and not _within(candidate, code):
                off_centre.append(candidate)  # a neighbour read at its edge: its own unread?
            found.append(code)
        if (failed or holding) and found and thorough:
            # Second pass with the symbol size this frame has shown: blobs holding several
            # symbols, or outlines that missed the symbol, are covered by symbol-sized tiles.
            side = float(np.median([c.size_px for c in found]))
            failed += [c for c in holding if _extent(c.quad) > 1.6 * side]
            for candidate in failed:
                for tile in _symbol_tiles(candidate.quad, side):
                    if any(_inside(code, tile) for code in found):
                        continue
                    code = self.read_candidate(gray, tile, thorough=False)
                    if code is not None and not any(_same_symbol(code, k) for k in found):
                        found.append(code)
        if (failed or off_centre) and thorough:
            self._grid_pass(gray, [c for c in failed + off_centre if c.module_px is None], found)
        if found and thorough:
            self.symbol_side = float(np.median([c.size_px for c in found]))
        return found

    def read_candidate(
        self,
        gray: np.ndarray,
        candidate: Candidate,
        thorough: bool = True,
        stages: Sequence[str] | None = None,
    ) -> Code | None:
        """Enlarged crop first, then sharpened, then rectified, then wider (only `stages`,
        if given)."""
        for name, attempt in self._stages(gray, candidate):
            if (not thorough and name not in QUICK_STAGES) or (stages and name not in stages):
                break
            start = time.perf_counter()
            code = attempt()
            tally = self.stats.setdefault(name, [0, 0, 0.0])
            tally[0] += code is not None
            tally[1] += 1
            tally[2] += (time.perf_counter() - start) * 1000
            if code is not None:
                return code
        return None

    def _stages(self, gray: np.ndarray, candidate: Candidate):
        known = candidate.module_px
        crop, back = _crop_enlarged(gray, candidate.quad, self.target_module_px, module_px=known)
        if crop.size == 0:
            return
        yield "crop", lambda: self._try(self.zxing, [crop], back, candidate)
        # Small, blurred symbols: enlarge (a module ~10 px, then ~14 px) and unsharp-mask at
        # the scale of the camera blur (~1.2-1.6 source pixels), found best by the benchmark:
        # 10 px reads most of them at half the cost, 14 px the rest.
        for module_px, label in ((10.0, "sharpen-1.2"), (14.0, "sharpen-1.2-large")):
            yield (
                label,
                (
                    lambda module_px=module_px: self._try(
                        self.zxing,
                        *_crop_enlarged(
                            gray, candidate.quad, module_px, module_px=known, sharpen=(1.2, 3.0)
                        ),
                        candidate,
                    )
                ),
            )
        yield (
            "sharpen-1.6",
            lambda: self._try(
                self.zxing,
                *_crop_enlarged(gray, candidate.quad, 14.0, module_px=known, sharpen=(1.6, 2.0)),
                candidate,
            ),
        )
        warped, back_warp = _rectified(gray, candidate.quad)
        views = [warped, _sharpen(warped, 6.0, 2.0)]
        for decoder in [self.zxing_hard, *self.fallback]:
            yield (
                f"rectified-{decoder.name}",
                (lambda decoder=decoder: self._try(decoder, views, back_warp, candidate)),
            )
        # The texture finder may see only part of a symbol (glare, a shadow edge): look wider.
        wide, back_wide = _crop_enlarged(
            gray, candidate.quad, self.target_module_px, margin=1.0, module_px=known
        )
        yield (
            "wide",
            lambda: self._try(self.zxing, [wide, _sharpen(wide, 2.0, 1.5)], back_wide, candidate),
        )

    def _grid_pass(self, gray: np.ndarray, failed: list[Candidate], found: list[Code]) -> None:
        """Last, for what no decoder could even locate (a highlight over a finder pattern):
        fit the card symbol's fixed patterns to the outline and decode with erasures. It
        costs tens of ms a candidate, so only outlines of a symbol's size away from every
        code read are tried."""
        from .cardgrid import read_card_symbol

        side = float(np.median([c.size_px for c in found])) if len(found) >= 2 else None
        tried: list[tuple[float, float]] = []
        for candidate in failed:
            extent = _extent(candidate.quad)
            if side is not None and not GRID_SIZES[0] * side <= extent <= GRID_SIZES[1] * side:
                continue
            if any(
                _inside(c, candidate)
                or np.linalg.norm(np.subtract(candidate.center, c.center))
                < GRID_CLEARANCE * c.size_px
                for c in found
            ):
                continue  # holds a code already read, or is too close to hold another
            piece = side is not None and extent < side
            # Overlapping tiles of one blob, or pieces of one symbol (the fit searches a
            # few modules around the outline, and symbols lie over a side apart): fitted once.
            same_place = 0.5 * side if piece else 0.3 * extent
            if any(
                np.hypot(candidate.center[0] - x, candidate.center[1] - y) < same_place
                for x, y in tried
            ):
                continue
            tried.append(candidate.center)
            quad = candidate.quad
            if piece:
                # A piece of a symbol (a highlight or a shadow's edge cut its texture): the
                # fit searches sizes around the outline's, so give it the symbol's size.
                centre = quad.mean(axis=0)
                quad = (centre + (quad - centre) * (side / extent)).astype(np.float32)
            start = time.perf_counter()
            result = read_card_symbol(gray, quad)
            code = (
                Code(result[0], result[1], self.name)
                if result is not None and self.accept(result[0])
                else None
            )
            tally = self.stats.setdefault("grid", [0, 0, 0.0])
            tally[0] += code is not None
            tally[1] += 1
            tally[2] += (time.perf_counter() - start) * 1000
            if code is not None and not any(_same_symbol(code, k) for k in found):
                found.append(code)

    def _try(self, decoder: Decoder, views, back: np.ndarray, candidate: Candidate) -> Code | None:
        if isinstance(views, np.ndarray):
            views = [views]
        for view in views:
            if view.size == 0:
                continue
            codes = [c for c in decoder.decode(view) if self.accept(c.text)]
            if codes:
                return self._closest(_map_back(codes, back, self.name), candidate)
        return None

    @staticmethod
    def _closest(codes: list[Code], candidate: Candidate) -> Code:
        return min(codes, key=lambda c: np.linalg.norm(np.subtract(c.center, candidate.center)))


# Every card code on a table prints at one module size, so in one frame symbols differ only
# by perspective: a blob under this share of the symbols already read is not one of them.
FRAGMENT_SHARE = 0.4
GRID_SIZES = (0.6, 2.5)  # outline extent / symbol side worth fitting a grid to
# Two symbols with their quiet zones lie at least 25/21 sides apart: a blob centred closer to
# a code read is its card's printed text.
GRID_CLEARANCE = 25 / 21
QUICK_STAGES = ("crop", "sharpen-1.2", "sharpen-1.2-large")
BRIEF_STAGES = ("crop", "sharpen-1.2")  # CardReader.read's "look" at a changing outline


def _extent(quad: np.ndarray) -> float:
    return float((quad.max(axis=0) - quad.min(axis=0)).max())


def _symbol_tiles(quad: np.ndarray, side: float) -> list[Candidate]:
    """Squares a little bigger than one symbol, half a symbol apart, covering `quad`'s box."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    size = side * 1.15
    tiles = []
    for cy in _steps(y0, y1, size):
        for cx in _steps(x0, x1, size):
            h = size / 2
            tiles.append(
                Candidate(
                    np.array(
                        [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]],
                        np.float32,
                    ),
                    module_px=side / 21.0,
                )
            )
    return tiles


def _steps(low: float, high: float, size: float) -> np.ndarray:
    if high - low <= size:
        return np.array([(low + high) / 2])
    count = int(np.ceil((high - low - size) / (size / 2))) + 1
    return np.linspace(low + size / 2, high - size / 2, count)


def contains(quad: np.ndarray, point) -> bool:
    """Whether `point` (x, y) lies in the outline `quad` (px), edge included."""
    return (
        cv2.pointPolygonTest(
            np.asarray(quad, np.float32).reshape(-1, 1, 2),
            (float(point[0]), float(point[1])),
            False,
        )
        >= 0
    )


def _same_outline(a: Candidate, b: Candidate) -> bool:
    """Two outlines of one place: centred within each other, of about the same size."""
    ratio = _extent(a.quad) / max(_extent(b.quad), 1.0)
    return 0.75 <= ratio <= 1.33 and contains(b.quad, a.center) and contains(a.quad, b.center)


def _inside(code: Code, candidate: Candidate) -> bool:
    return contains(candidate.quad, code.center)


def _within(candidate: Candidate, code: Code) -> bool:
    return contains(code.corners, candidate.center)


def decode_image(image: np.ndarray, decoder: Decoder | None = None) -> list[Code]:
    """Every QR code in any photo (the `companion decode` diagnostic); vision/photo.py."""
    from .photo import PhotoReader

    return (decoder or PhotoReader()).decode(image)
