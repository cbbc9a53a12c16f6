"""Real photographs: the public BoofCV QR data set (v3) as a recall benchmark.

The set has 536 photos in 16 categories (blurred, glare, curved, lots, ...); next to each
photo a `.txt` file lists the hand-labelled corner polygons of its QR codes, in one of two
layouts BoofCV uses:

    # list of hand selected 2D points          # list of hand selected 2D points
    SETS                                       x1 y1
    x1 y1 x2 y2 x3 y3 x4 y4   (one code/line)  x2 y2      (four lines per code)
                                               ...

The labels carry no texts, so a decode counts as found when its centre lies inside a
labelled polygon (each polygon counts once however many decodes land in it); decodes
outside every polygon are counted separately. Every method runs in its own child process so
its peak resident memory is its own, and one image that breaks a method is reported, never
the end of the run. Where the photos come from and how to get them: vision/README.md.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


class DatasetError(ValueError):
    """The folder does not hold a BoofCV-style labelled data set."""


@dataclass(frozen=True)
class LabelledPhoto:
    category: str
    path: Path
    polygons: tuple[np.ndarray, ...]  # each 4x2 float32, in stored pixel coordinates


def read_polygons(label_path: Path) -> tuple[np.ndarray, ...]:
    """The code outlines in one BoofCV label file (either layout)."""
    numbers: list[list[float]] = []
    sets_layout = False
    for line in label_path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.upper() == "SETS":
            sets_layout = True
            continue
        try:
            numbers.append([float(v) for v in line.split()])
        except ValueError as exc:
            raise DatasetError(f"{label_path}: not a number in {line!r}") from exc
    if sets_layout:
        rows = numbers
    else:  # one point per line, four lines per code
        flat = [v for row in numbers for v in row]
        rows = [flat[i : i + 8] for i in range(0, len(flat), 8)]
    polygons = []
    for row in rows:
        if len(row) < 8 or len(row) % 2:
            raise DatasetError(f"{label_path}: a polygon needs 4 corners, got {len(row) / 2:g}")
        polygons.append(np.array(row, np.float32).reshape(-1, 2))
    return tuple(polygons)


def load_dataset(
    root: str | Path, categories: list[str] | None = None, per_category: int | None = None
) -> list[LabelledPhoto]:
    """Every labelled photo under `root/<category>/`, in a stable order."""
    root = Path(root)
    if not root.is_dir():
        raise DatasetError(f"{root} is not a folder (see vision/README.md for the data set)")
    photos = []
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    for folder in folders:
        if categories and folder.name not in categories:
            continue
        images = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        labelled = [p for p in images if p.with_suffix(".txt").is_file()]
        for path in labelled[:per_category]:
            photos.append(LabelledPhoto(folder.name, path, read_polygons(path.with_suffix(".txt"))))
    if not photos:
        raise DatasetError(f"{root} holds no labelled photos (<category>/<name>.jpg + .txt)")
    return photos


def score(polygons, centres) -> tuple[int, int]:
    """(labelled codes with a decode centre inside, decodes inside no labelled code)."""
    import cv2

    hit = [False] * len(polygons)
    outside = 0
    for centre in centres:
        point = (float(centre[0]), float(centre[1]))
        inside = [
            i
            for i, poly in enumerate(polygons)
            if cv2.pointPolygonTest(poly.reshape(-1, 1, 2), point, False) >= 0
        ]
        for i in inside:
            hit[i] = True
        outside += not inside
    return sum(hit), outside


# -- the methods compared --------------------------------------------------------------------

METHODS = ("companion", "zxing-cpp", "pyzbar", "wechat")


class MethodUnavailable(RuntimeError):
    """A method's library or model files are missing here (the message says how to get them)."""


def make_decoder(method: str):
    """A callable image -> [Code] for each method compared."""
    from .backends import PyzbarDecoder, ZxingDecoder
    from .decode import decode_image
    from .wechat import WeChatDecoder

    if method == "companion":
        return decode_image
    factories = {
        "zxing-cpp": ZxingDecoder,  # whole image, its own defaults for a hard search
        "pyzbar": PyzbarDecoder,
        "wechat": WeChatDecoder,  # OpenCV contrib's CNN detector and super-resolution
    }
    if method not in factories:
        raise DatasetError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    decoder = factories[method]()
    if not decoder.available:
        raise MethodUnavailable(decoder.reason)
    return decoder.decode


@dataclass
class PhotoResult:
    category: str
    name: str
    labelled: int
    found: int
    outside: int
    ms: float  # wall-clock time
    cpu_ms: float = float("nan")  # this process's CPU time: what a free core would take
    error: str = ""


@dataclass
class MethodRun:
    method: str
    photos: list[PhotoResult] = field(default_factory=list)
    peak_rss_mb: float = float("nan")
    note: str = ""

    def categories(self) -> dict[str, tuple[int, int]]:
        """category -> (found, labelled)"""
        table: dict[str, list[int]] = {}
        for photo in self.photos:
            cell = table.setdefault(photo.category, [0, 0])
            cell[0] += photo.found
            cell[1] += photo.labelled
        return {k: (v[0], v[1]) for k, v in sorted(table.items())}

    def category_average(self) -> float:
        recalls = [f / n for f, n in self.categories().values() if n]
        return statistics.mean(recalls) if recalls else float("nan")

    def pooled(self) -> float:
        labelled = sum(p.labelled for p in self.photos)
        return sum(p.found for p in self.photos) / labelled if labelled else float("nan")

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "peak_rss_mb": self.peak_rss_mb,
            "note": self.note,
            "category_average": self.category_average(),
            "pooled": self.pooled(),
            "categories": {
                k: {"found": f, "labelled": n} for k, (f, n) in self.categories().items()
            },
            "photos": [vars(p) for p in self.photos],
        }


def run_method(method: str, photos: list[LabelledPhoto], log=print) -> MethodRun:
    """Decode every photo with one method in this process (errors are kept per photo)."""
    import resource

    from .images import read_image

    run = MethodRun(method)
    try:
        decode = make_decoder(method)
    except (DatasetError, MethodUnavailable, ImportError, OSError) as exc:  # unknown, or missing
        run.note = f"not run: {exc}"
        return run
    for photo in photos:
        name = f"{photo.category}/{photo.path.name}"
        try:
            image = read_image(photo.path, stored_orientation=True)  # labels use stored pixels
            start, start_cpu = time.perf_counter(), time.process_time()
            codes = decode(image)
            cpu_ms = (time.process_time() - start_cpu) * 1000
            ms = (time.perf_counter() - start) * 1000
            found, outside = score(photo.polygons, [c.center for c in codes])
            result = PhotoResult(
                photo.category, name, len(photo.polygons), found, outside, ms, cpu_ms
            )
        except Exception as exc:  # noqa: BLE001 - a foreign decoder may raise anything: a result
            result = PhotoResult(
                photo.category,
                name,
                len(photo.polygons),
                0,
                0,
                float("nan"),
                error=f"{type(exc).__name__}: {exc}",
            )
        run.photos.append(result)
        log(
            f"  {method:<10} {name:<28} {result.found}/{result.labelled}"
            f"{'' if not result.outside else f' +{result.outside} outside'} {result.ms:8.0f} ms"
            f" ({result.cpu_ms:.0f} ms CPU)" + (f"  ERROR {result.error}" if result.error else "")
        )
    run.peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return run


def _child(method, photos, verbose, queue):
    import cv2

    cv2.setNumThreads(1)  # figures are for one core
    run = run_method(method, photos, log=print if verbose else (lambda *_: None))
    queue.put(run)


def run_isolated(method: str, photos: list[LabelledPhoto], verbose: bool) -> MethodRun:
    """`run_method` in a fresh process, so peak memory is this method's alone."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_child, args=(method, photos, verbose, queue))
    process.start()
    run = queue.get()  # before join: a large result would block the child's exit
    process.join()
    return run


def format_report(runs: list[MethodRun]) -> str:
    """Recall per category, then the summary rows (recall, CPU, memory), one column a method."""
    width = 14
    lines = _category_rows(runs, width) + [""] + _summary_rows(runs, width)
    for run in runs:
        if run.note:
            lines.append(f"{run.method}: {run.note}")
    return "\n".join(lines)


def _category_rows(runs: list[MethodRun], width: int) -> list[str]:
    categories = sorted({c for run in runs for c in run.categories()})
    lines = [f"{'category':<14} {'codes':>5} " + "".join(f"{r.method:>{width}}" for r in runs)]
    for category in categories:
        labelled = max(r.categories().get(category, (0, 0))[1] for r in runs)
        cells = []
        for run in runs:
            found, n = run.categories().get(category, (0, 0))
            cells.append(f"{100 * found / n:>{width - 1}.1f}%" if n else f"{'-':>{width}}")
        lines.append(f"{category:<14} {labelled:>5} " + "".join(cells))
    return lines


def _summary_rows(runs: list[MethodRun], width: int) -> list[str]:
    def percent(v: float) -> str:  # a method not run has no figures: "-", never "nan"
        return f"{'-':>{width}}" if math.isnan(v) else f"{100 * v:>{width - 1}.1f}%"

    def whole(v: float) -> str:
        return f"{'-':>{width}}" if math.isnan(v) else f"{v:>{width}.0f}"

    def count(v: int) -> str:
        return f"{v:>{width}}"

    rows: list[tuple[str, list, Callable[[Any], str]]] = [
        ("category average", [r.category_average() for r in runs], percent),
        ("pooled recall", [r.pooled() for r in runs], percent),
        ("CPU ms/image median", [_ms(r, statistics.median) for r in runs], whole),
        ("CPU ms/image mean", [_ms(r, statistics.mean) for r in runs], whole),
        ("CPU ms/image max", [_ms(r, max) for r in runs], whole),
        ("photos over 1 s CPU", [sum(p.cpu_ms > 1000 for p in r.photos) for r in runs], count),
        ("'lots' max CPU ms", [_ms(r, max, "lots") for r in runs], whole),
        ("wall ms/image max", [_ms(r, max, field="ms") for r in runs], whole),
        ("decodes outside labels", [sum(p.outside for p in r.photos) for r in runs], count),
        ("photos with errors", [sum(bool(p.error) for p in r.photos) for r in runs], count),
        ("peak RSS MB", [r.peak_rss_mb for r in runs], whole),
    ]
    return [f"{label:<20} " + "".join(fmt(v) for v in values) for label, values, fmt in rows]


def _ms(run: MethodRun, pick, category: str | None = None, field: str = "cpu_ms") -> float:
    values = [
        getattr(p, field)
        for p in run.photos
        if not math.isnan(getattr(p, field)) and (category is None or p.category == category)
    ]
    return pick(values) if values else float("nan")


def main(
    root: str,
    methods=METHODS,
    categories: list[str] | None = None,
    per_category: int | None = None,
    json_path: str | None = None,
    verbose: bool = False,
    isolate: bool = True,
) -> list[MethodRun]:
    import os

    photos = load_dataset(root, categories, per_category)
    load_before = os.getloadavg()[0]
    print(
        f"BoofCV QR set at {root}: {len(photos)} photos, "
        f"{sum(len(p.polygons) for p in photos)} labelled codes, "
        f"{len({p.category for p in photos})} categories; one process per method, one thread; "
        f"times are CPU time (wall time swells when other work shares the machine)"
    )
    runs = []
    for method in methods:
        started = time.perf_counter()
        run = run_isolated(method, photos, verbose) if isolate else run_method(method, photos)
        print(f"  {method}: {time.perf_counter() - started:.0f} s")
        runs.append(run)
    print()
    print(format_report(runs))
    print(
        f"machine load average {load_before:.1f} at start, {os.getloadavg()[0]:.1f} at end "
        f"({os.cpu_count()} CPUs): timings are slower when other work shares the CPUs"
    )
    if json_path:
        Path(json_path).write_text(json.dumps([r.to_dict() for r in runs], indent=1))
    return runs
