"""Every QR code in any photo (`companion decode`): a chain of cheap passes, then a closer
look at full resolution only where a symbol seems to be but was not read.

A phone photo is 12 megapixels; decoding it whole with every decoder and every image
treatment takes tens of seconds and gigabytes. So only the first pass (zxing-cpp, fast at
any size) sees the whole photo at full resolution; the treatments (equalized, blurred,
sharpened, closed, enlarged, other binarizers, pyzbar) work at a reduced scale, every code
already read is painted out before the next pass (in a photo of 60 codes, later passes
neither re-read them nor pair up their finder patterns), and only a large photo's QR-like
patches are looked at again at full resolution. Passes that read nothing new on the BoofCV
photo set were dropped, and the order is what each adds per millisecond on that set
(`companion bench vision --boofcv DIR`, vision/README.md).
The result is a union: a code is reported once (where two passes read the same place, the
earlier pass's reading stands), and only codes a decoder read with its error correction
intact are reported, so a text is never guessed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

from .backends import Decoder, OpenCVDecoder, PyzbarDecoder, ZxingDecoder, to_gray
from .codes import Code
from .nesting import NestedFinderReader
from .reader import CardReader
from .sampler import SymbolSampler
from .tallies import StageTallies
from .wechat import shared_decoder as wechat_decoder


@dataclass(frozen=True)
class Pass:
    """One decoder on one treatment of the photo at one scale."""

    name: str
    decoder: str  # a key of PhotoReader.decoders
    long_side: int | None = None  # work with the photo's longer side at most this (px)
    treat: Callable[[np.ndarray], np.ndarray] | None = None  # gray -> gray
    min_long_side: int = 0  # skip photos smaller than this (the pass adds nothing there)
    max_long_side: int | None = None  # skip photos larger than this
    # A pass that works within a CPU budget (`decode(image, budget_s)`) ends by the time the
    # photo has cost this many CPU seconds, and is skipped when too little is left.
    photo_cpu_s: float | None = None


def sharpen(gray: np.ndarray, sigma: float = 2.0, amount: float = 1.5) -> np.ndarray:
    """Unsharp mask: undoes some of the lens or motion blur before binarization."""
    blurred = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.addWeighted(gray, 1 + amount, blurred, -amount, 0)


def equalize(gray: np.ndarray) -> np.ndarray:
    """Local contrast equalization (CLAHE): lifts symbols in shadow, tames glare."""
    return cv2.createCLAHE(clipLimit=3.0, tileGridSize=(8, 8)).apply(gray)


def lift_dim(gray: np.ndarray) -> np.ndarray:
    """Strong local equalization, then sharpened: a dim, soft symbol beside a bright lamp
    (the lamp sets the exposure) gets back contrast and edges."""
    return sharpen(cv2.createCLAHE(clipLimit=8.0, tileGridSize=(8, 8)).apply(gray), 2.0, 2.0)


def enlarge(gray: np.ndarray) -> np.ndarray:
    """Twice the size: small, soft symbols get enough pixels per module to sample."""
    return cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)


def widen(gray: np.ndarray) -> np.ndarray:
    """Twice as wide: a symbol seen at a steep angle from the side is foreshortened across,
    and a detector's finder-pattern checks expect roughly square modules."""
    return cv2.resize(gray, None, fx=2, fy=1, interpolation=cv2.INTER_LINEAR)


def heighten(gray: np.ndarray) -> np.ndarray:
    """Twice as tall: the same for a symbol seen at a steep angle from above or below."""
    return cv2.resize(gray, None, fx=1, fy=2, interpolation=cv2.INTER_LINEAR)


def invert(gray: np.ndarray) -> np.ndarray:
    return 255 - gray


def blur(gray: np.ndarray) -> np.ndarray:
    """A slight blur: evens out sensor noise, JPEG blocks and moiré before binarization."""
    return cv2.GaussianBlur(gray, (0, 0), 1.0)


def close_gaps(gray: np.ndarray) -> np.ndarray:
    """Grey closing: fills thin light scratches and specks inside dark modules."""
    return cv2.morphologyEx(gray, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))


# In the order that reads the most per millisecond on the BoofCV set (greedy selection over
# 20 treatment x decoder x scale variants; variants that added nothing were dropped).
PASSES: tuple[Pass, ...] = (
    Pass("zxing", "zxing"),
    Pass("zxing-fixed", "zxing-fixed", long_side=2400),
    Pass("zxing-enlarged", "zxing", treat=enlarge, max_long_side=1200),
    Pass("zxing-global", "zxing-global", long_side=2400),
    Pass("zxing-equalized", "zxing", long_side=2400, treat=equalize),
    Pass(
        "zxing-enlarged-sharpened",
        "zxing",
        treat=lambda g: sharpen(enlarge(g), 3.0, 2.0),
        max_long_side=1200,
    ),
    Pass("zxing-blurred", "zxing", long_side=2400, treat=blur),
    Pass("pyzbar", "pyzbar", long_side=1280),
    Pass("zxing-equalized-1000", "zxing", long_side=1000, treat=equalize),
    Pass("zxing-closed", "zxing", long_side=2400, treat=close_gaps),
    Pass("zxing-global-1000", "zxing-global", long_side=1000),
    Pass("zxing-sharpened", "zxing", long_side=2400, treat=sharpen),
    Pass("zxing-widened", "zxing", long_side=1280, treat=widen),
    Pass("zxing-heightened", "zxing", long_side=1280, treat=heighten),
    Pass("zxing-lifted", "zxing", long_side=1280, treat=lift_dim),
    # OpenCV's WeChat reader, where it is installed with its models (vision/wechat.py): its
    # CNN finds symbols without a quiet zone, under glare or worn that no pass above
    # locates. At 1600 px: at full resolution it spent up to 5 s on a 12 MP photo whose
    # codes were all read already, and at 1280 px it lost a worn symbol.
    Pass("wechat", "wechat", long_side=1600),
    # Full resolution, only where it holds detail the passes above did not see: QR-like
    # patches of a large photo, each decoded on its own enlarged, sharpened, rectified crop.
    Pass("candidates", "candidates", min_long_side=2401),
    # Symbols zxing-cpp still locates but cannot decode (bent, torn, glare): their module
    # grid sampled again, bending to follow the paper (vision/sampler.py).
    Pass("sampler", "sampler"),
    # Last, symbols whose finder patterns zxing-cpp does not find at all (no light quiet
    # zone: printed edge to edge on a dark ground, cut off by a dark border; a finder
    # washed out by glare): the patterns found by their nesting, a missing third guessed,
    # the grid sampled at full resolution (vision/nesting.py).
    Pass("nested", "nested", photo_cpu_s=0.8),
)
MIN_PASS_CPU_S = 0.05  # a budgeted pass with less CPU time than this left is not started


class PhotoReader:
    name = "photo"

    def __init__(self, passes: tuple[Pass, ...] = PASSES):
        self.passes = passes
        self.decoders: dict[str, Decoder] = {
            "zxing": ZxingDecoder(),
            "zxing-global": ZxingDecoder(binarizer="GlobalHistogram"),
            "zxing-fixed": ZxingDecoder(binarizer="FixedThreshold"),
            "pyzbar": PyzbarDecoder(),
            "opencv": OpenCVDecoder(),
            "wechat": wechat_decoder(),
            "candidates": _QuickCandidates(),
            "nested": NestedFinderReader(),
            "sampler": SymbolSampler(),
        }
        self.available, self.reason = True, ""
        self.stats = StageTallies()  # pass -> [new codes, runs, total ms]

    def decode(self, image: np.ndarray) -> list[Code]:
        gray = to_gray(image)
        if gray.size == 0:
            return []
        photo_started = time.process_time()
        scaled: dict[int | None, tuple[np.ndarray, float]] = {}
        found: list[Code] = []
        longest = max(gray.shape[:2])
        for step in self.passes:
            decoder = self.decoders[step.decoder]
            if (
                not decoder.available
                or longest < step.min_long_side
                or (step.max_long_side is not None and longest > step.max_long_side)
            ):
                continue
            start = time.perf_counter()
            if step.long_side not in scaled:
                scaled[step.long_side] = _at_most(gray, step.long_side)
            factor: float | np.ndarray  # one scale, or one per axis after a treatment
            view, factor = scaled[step.long_side]
            if found:  # later passes look only at what is still unread
                view = _without(view, found, factor)
            if step.treat is not None:  # a treatment may resize, each axis its own way
                base = scaled[step.long_side][0]
                view = step.treat(view)
                factor = factor * np.array(
                    [view.shape[1] / base.shape[1], view.shape[0] / base.shape[0]]
                )
            if step.photo_cpu_s is None:
                read = decoder.decode(view)
            else:  # within what is left of the photo's time (NestedFinderReader)
                left = photo_started + step.photo_cpu_s - time.process_time()
                read = decoder.decode(view, left) if left > MIN_PASS_CPU_S else []  # type: ignore[call-arg]
            new = [
                code
                for code in (_rescaled(c, 1 / factor, step.name) for c in read)
                if not any(same_place(code, kept) for kept in found)
            ]
            found.extend(new)
            self.stats.count(step.name, len(new), start)
        return found


class _QuickCandidates:
    """The card reader's candidate search on any payload, with only its quick stages (the
    enlarged and sharpened crops): a large photo can hold hundreds of QR-like patches."""

    name, available, reason = "candidates", True, ""

    def __init__(self):
        self.reader = CardReader(accept=bool, max_side_px=600)

    def decode(self, image: np.ndarray) -> list[Code]:
        return self.reader.read(image, thorough=False)


def _at_most(gray: np.ndarray, long_side: int | None) -> tuple[np.ndarray, float]:
    """The photo with its longer side at most `long_side`, and the scale factor used."""
    longest = max(gray.shape[:2])
    if long_side is None or longest <= long_side:
        return gray, 1.0
    factor = long_side / longest
    return cv2.resize(gray, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA), factor


def _without(view: np.ndarray, codes: list[Code], factor) -> np.ndarray:
    """The view with every code already read painted over (a little beyond its outline):
    later passes neither read it again nor, in a photo of dozens of codes, spend their time
    pairing up its finder patterns with other symbols'."""
    view = view.copy()
    for code in codes:
        corners = code.corners * factor
        centre = corners.mean(axis=0)
        grown = centre + (corners - centre) * 1.15
        cv2.fillConvexPoly(view, np.round(grown).astype(np.int32), 255)
    return view


def _rescaled(code: Code, factor, backend: str) -> Code:
    """The code in the photo's pixels; `factor` is one scale or an (x, y) pair."""
    return Code(code.text, (code.corners * factor).astype(np.float32), backend, code.raw)


def same_place(a: Code, b: Code) -> bool:
    """Two readings of one symbol: either's centre lies inside the other's outline."""
    return (
        cv2.pointPolygonTest(b.corners.reshape(-1, 1, 2), a.center, False) >= 0
        or cv2.pointPolygonTest(a.corners.reshape(-1, 1, 2), b.center, False) >= 0
    )
