"""Vision benchmark: recall, precision, exact-table rate and speed on rendered 1920x1080 frames.

For 18, 36 and 60 cards, each degradation, and 3, 4 and 5 pixels per QR module, compares
the project's pipeline (`CardReader`) with whole-frame pyzbar and whole-frame zxing-cpp, then
measures the sustained frame rate of the whole `TableWatcher` (tracking + change detection)
on a 36-card Musée table. Run: `companion bench vision [--quick]` or
`python benchmarks/bench_vision.py [--quick]`.
"""

from __future__ import annotations

import json
import math
import statistics
import time
import tracemalloc
import zlib
from dataclasses import dataclass, field, replace

import numpy as np

from .backends import Decoder, PyzbarDecoder, ZxingDecoder
from .hands import SKIN_TONES
from .reader import CardReader
from .render import Camera, Degradation, grid_scene, render_scene
from .sprites import qr_module_mm

CARD_COUNTS = (18, 36, 60)
MODULE_PX = (3, 4, 5)
DEGRADATIONS = {
    "clean": Degradation(),
    "blur1.5": Degradation(blur_sigma=1.5),
    "noise8": Degradation(noise_sigma=8.0),
    "jpeg80": Degradation(jpeg_quality=80),
    "light+shadow+glare": Degradation(light=0.35, shadow=0.4, glare=0.6),
    "all": Degradation(
        blur_sigma=1.5, noise_sigma=6.0, jpeg_quality=80, light=0.25, shadow=0.25, glare=0.3
    ),
}


@dataclass
class Cell:
    cards: int
    module_px: float
    degradation: str
    method: str
    truths: int = 0
    correct: int = 0
    wrong: int = 0
    exact_frames: int = 0
    frames: int = 0
    ms: list[float] = field(default_factory=list)
    note: str = ""

    @property
    def recall(self) -> float:
        return self.correct / self.truths if self.truths else float("nan")

    @property
    def precision(self) -> float:
        found = self.correct + self.wrong
        return self.correct / found if found else float("nan")

    def to_dict(self) -> dict:
        return {
            "cards": self.cards,
            "module_px": self.module_px,
            "degradation": self.degradation,
            "method": self.method,
            "recall": self.recall,
            "precision": self.precision,
            "wrong": self.wrong,
            "exact_rate": self.exact_frames / self.frames if self.frames else None,
            "ms_median": statistics.median(self.ms) if self.ms else None,
            "ms_p95": _p95(self.ms),
            "frames": self.frames,
            "note": self.note,
        }


def _p95(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def fitting_grid(cards: int, module_px: float, width: int = 1920, height: int = 1080):
    """Columns, overlap and camera scale that fit `cards` in the frame, or None.

    Cards are tucked under the row below (as players overlap a row of cards) but every QR
    symbol and its quiet zone stay visible."""
    module_mm = qr_module_mm()
    px_per_mm = module_px / module_mm
    usable_w, usable_h = width * 0.92 / px_per_mm, height * 0.9 / px_per_mm
    card_w, card_h = 63.0, 88.0
    gap = 4.0
    visible_h = card_h * 0.84  # top band + symbol + quiet zone of the printed card
    for overlap in (0.0, 0.1, 1 - visible_h / card_h):
        columns = max(1, int((usable_w - gap) // (card_w + gap)))
        rows = math.ceil(cards / columns)
        pitch_y = card_h * (1 - overlap) + gap
        if rows * pitch_y + card_h * overlap <= usable_h:
            return columns, overlap, px_per_mm
    return None


def run_cells(
    frames: int, card_counts=CARD_COUNTS, module_pxs=MODULE_PX, degradations=DEGRADATIONS, log=print
) -> list[Cell]:
    methods: dict[str, Decoder] = {
        "pipeline": CardReader(),
        "zxing whole frame": ZxingDecoder(),
        "pyzbar whole frame": PyzbarDecoder(),
    }
    cells: list[Cell] = []
    for cards in card_counts:
        for module_px in module_pxs:
            fit = fitting_grid(cards, module_px)
            for name, degradation in degradations.items():
                group = {m: Cell(cards, module_px, name, m) for m in methods}
                cells.extend(group.values())
                if fit is None:
                    for cell in group.values():
                        cell.note = "does not fit in 1920x1080"
                    continue
                columns, overlap, px_per_mm = fit
                for index in range(frames):
                    seed = zlib.crc32(f"{cards}/{module_px}/{name}/{index}".encode()) % 100000
                    payloads = [f"MU{i:02d}" for i in range(1, 61)][:cards]
                    scene = grid_scene(payloads, seed=seed, columns=columns, overlap=overlap)
                    camera = Camera(px_per_mm=px_per_mm, tilt=0.08, k1=-0.03)
                    rendered = render_scene(
                        scene, seed=seed, camera=camera, degradation=degradation
                    )
                    visible = {
                        t.payload
                        for t in rendered.truth
                        if _in_frame(t.quad_px, rendered.image.shape)
                    }
                    for method, decoder in methods.items():
                        cell = group[method]
                        if not decoder.available:
                            cell.note = decoder.reason
                            continue
                        start = time.perf_counter()
                        codes = decoder.decode(rendered.image)
                        cell.ms.append((time.perf_counter() - start) * 1000)
                        read = {c.text for c in codes}
                        cell.truths += len(visible)
                        cell.correct += len(read & visible)
                        cell.wrong += len(read - visible)
                        cell.frames += 1
                        cell.exact_frames += read == visible
                log(
                    f"  {cards:>2} cards {module_px} px/module {name:<20} "
                    + "  ".join(f"{m}: {c.correct}/{c.truths}" for m, c in group.items())
                )
    return cells


@dataclass(frozen=True)
class Condition:
    """One hard condition of the widened renderer: a look, a lens, and whether hands reach in."""

    degradation: Degradation = Degradation()
    lens: tuple[float, float, float, float] = (-0.03, 0.0, 0.0, 0.0)  # k1, k2, p1, p2
    hands: int = 0
    exposures: tuple[float, ...] = ()  # per-frame exposure, cycled (auto-exposure swings)
    module_px: float | None = None  # pixels per QR module; None = the run's (3)
    slides: int = 0  # cards sliding while the shutter is open (the others lie still)
    slide_modules: float = 0.0  # how far each slides, in QR modules (each its own direction)


WIDE_LENS = (-0.12, 0.035, 0.004, -0.003)  # a cheap wide-angle webcam, slightly tilted lens
CONDITIONS = {
    "clean": Condition(),
    "blur1.5": Condition(Degradation(blur_sigma=1.5)),
    "motion4 (smear)": Condition(Degradation(motion_px=4, motion_angle_deg=25)),
    "rolling shutter": Condition(Degradation(rolling_shutter_px=14, motion_px=2)),
    "wide lens": Condition(lens=WIDE_LENS),
    "vignette": Condition(Degradation(vignette=0.55), lens=WIDE_LENS),
    "exposure swings": Condition(exposures=(0.55, 1.45, 0.7, 1.3)),
    "warm cast": Condition(Degradation(colour_cast=(0.65, 0.9, 1.25))),
    "cool cast": Condition(Degradation(colour_cast=(1.3, 1.0, 0.7))),
    "dim room": Condition(Degradation(exposure=0.3, noise_sigma=5, jpeg_quality=85)),
    "specular glare": Condition(Degradation(specular=0.9, glare=0.4)),
    "curved cards": Condition(Degradation(card_bend=0.05)),
    "hands": Condition(Degradation(light=0.2), hands=3),
    "all at once": Condition(
        Degradation(
            blur_sigma=1.2,
            motion_px=4,
            motion_angle_deg=60,
            noise_sigma=5,
            jpeg_quality=85,
            light=0.25,
            shadow=0.25,
            glare=0.3,
            vignette=0.4,
            specular=0.7,
            card_bend=0.04,
            rolling_shutter_px=8,
            colour_cast=(0.8, 0.95, 1.15),
            exposure=0.7,
        ),
        lens=WIDE_LENS,
        hands=2,
    ),
}


def smear_conditions() -> dict[str, Condition]:
    """Motion smear stated in QR modules (0.5, 1 and 1.5) at 3, 4 and 5 px per module, each
    in its own direction, then the longest smear with blur (0.4 module), sleeve glare and
    hands: a linear motion blur over the whole rendered frame (a shaky camera arm)."""
    angles = iter((0, 90, 45, 135, 20, 160, 70, 110, 15, 60, 120, 170, 35, 100, 150, 80, 5, 125))
    out = {}
    for px in (3, 4, 5):
        for modules in (0.5, 1.0, 1.5):
            angle = next(angles)
            look = Degradation(motion_px=modules * px, motion_angle_deg=angle)
            out[f"smear {modules:g}m {px}px {angle}°"] = Condition(look, module_px=px)
        for extra, hands in (("+blur", 0), ("+glare", 0), ("+hands", 3)):
            angle = next(angles)
            smear = Degradation(motion_px=1.5 * px, motion_angle_deg=angle)
            look = {
                "+blur": replace(smear, blur_sigma=0.4 * px),
                "+glare": replace(smear, specular=0.9, glare=0.4),
                "+hands": replace(smear, light=0.2),
            }[extra]
            out[f"smear 1.5m {px}px {angle}° {extra}"] = Condition(look, hands=hands, module_px=px)
    return out


CONDITIONS.update(smear_conditions())

SLIDING_CARDS = 8  # of the 36: each slides its own random direction, the rest lie still


def slide_conditions() -> dict[str, Condition]:
    """Cards slid across the mat: only those cards smear (along their own slide, each a
    random direction), the table and the other cards stay sharp; 0.5, 1 and 1.5 modules at
    3, 4 and 5 px per module, the longest also with blur (0.4 module), sleeve glare and
    hands."""
    out = {}
    for px in (3, 4, 5):
        for modules in (0.5, 1.0, 1.5):
            out[f"slide {modules:g}m {px}px"] = Condition(
                module_px=px, slides=SLIDING_CARDS, slide_modules=modules
            )
        for extra, look, hands in (
            ("+blur", Degradation(blur_sigma=0.4 * px), 0),
            ("+glare", Degradation(specular=0.9, glare=0.4), 0),
            ("+hands", Degradation(light=0.2), 3),
        ):
            out[f"slide 1.5m {px}px {extra}"] = Condition(
                look, hands=hands, module_px=px, slides=SLIDING_CARDS, slide_modules=1.5
            )
    return out


CONDITIONS.update(slide_conditions())


def sliding(scene, condition: Condition, module_px: float, px_per_mm: float, seed: int):
    """`scene` with `condition.slides` of its cards sliding `condition.slide_modules` QR
    modules (module_px / px_per_mm mm each), each in a direction of its own."""
    if not condition.slides:
        return scene
    rng = np.random.default_rng(seed + 7919)
    chosen = set(rng.permutation(len(scene.pieces))[: condition.slides].tolist())
    slide_mm = condition.slide_modules * module_px / px_per_mm
    pieces = [
        replace(p, slide_mm=slide_mm, slide_angle_deg=float(rng.uniform(0, 360)))
        if i in chosen
        else p
        for i, p in enumerate(scene.pieces)
    ]
    return replace(scene, pieces=pieces)


def run_conditions(
    frames: int,
    conditions=CONDITIONS,
    cards: int = 36,
    module_px: float = 3,
    log=print,
    misses: bool = False,
) -> list[Cell]:
    """Recall and exact-table share per condition of the widened renderer, at `module_px`
    pixels per QR module, for the pipeline and whole-frame zxing-cpp and pyzbar. Codes a hand
    covers are not expected (reading one anyway counts as right, never as wrong). With
    `misses`, every code the pipeline missed or misread is logged with its frame and seed
    (the frame is rendered again from those alone: `grid_scene(..., seed=seed)` as here)."""
    from .hands import Hand

    methods: dict[str, Decoder] = {
        "pipeline": CardReader(),
        "zxing whole frame": ZxingDecoder(),
        "pyzbar whole frame": PyzbarDecoder(),
    }
    payloads = [f"MU{i:02d}" for i in range(1, cards + 1)]
    cells: list[Cell] = []
    for name, condition in conditions.items():
        columns, overlap, px_per_mm = fitting_grid(cards, condition.module_px or module_px)
        group = {m: Cell(cards, condition.module_px or module_px, name, m) for m in methods}
        cells.extend(group.values())
        for index in range(frames):
            seed = zlib.crc32(f"{name}/{index}".encode()) % 100000
            rng = np.random.default_rng(seed)
            scene = grid_scene(payloads, seed=seed, columns=columns, overlap=overlap)
            scene = sliding(scene, condition, condition.module_px or module_px, px_per_mm, seed)
            k1, k2, p1, p2 = condition.lens
            camera = Camera(px_per_mm=px_per_mm, tilt=0.08, k1=k1, k2=k2, p1=p1, p2=p2)
            degradation = condition.degradation
            if condition.exposures:
                degradation = replace(
                    degradation, exposure=condition.exposures[index % len(condition.exposures)]
                )
            if condition.hands:
                xs = [p.x_mm for p in scene.pieces]
                ys = [p.y_mm for p in scene.pieces]
                scene = replace(
                    scene,
                    hands=[
                        Hand(
                            float(rng.uniform(min(xs), max(xs))),
                            float(rng.uniform(min(ys), max(ys))),
                            float(rng.uniform(0, 360)),
                            float(rng.uniform(0.9, 1.3)),
                            skin=int((index * condition.hands + h) % len(SKIN_TONES)),
                        )
                        for h in range(condition.hands)
                    ],
                )
            rendered = render_scene(scene, seed=seed, camera=camera, degradation=degradation)
            in_frame = {
                t.payload for t in rendered.truth if _in_frame(t.quad_px, rendered.image.shape)
            }
            visible = {
                t.payload
                for t in rendered.truth
                if _in_frame(t.quad_px, rendered.image.shape) and not t.occluded
            }
            for method, decoder in methods.items():
                cell = group[method]
                if not decoder.available:
                    cell.note = decoder.reason
                    continue
                start = time.process_time()  # CPU time: the machine may be shared
                read = {c.text for c in decoder.decode(rendered.image)}
                cell.ms.append((time.process_time() - start) * 1000)
                cell.truths += len(visible)
                cell.correct += len(read & visible)
                cell.wrong += len(read - in_frame)
                cell.frames += 1
                cell.exact_frames += visible <= read and not (read - in_frame)
                if misses and method == "pipeline" and (visible - read or read - in_frame):
                    log(
                        f"    {name}, frame {index} (seed {seed}): missed "
                        f"{', '.join(sorted(visible - read)) or 'none'}; misread "
                        f"{', '.join(sorted(read - in_frame)) or 'none'}"
                    )
        log(
            f"  {name:<26} "
            + "  ".join(
                f"{m}: {c.correct}/{c.truths}" + (f" ({c.wrong} wrong)" if c.wrong else "")
                for m, c in group.items()
            )
        )
    return cells


def format_conditions(cells: list[Cell]) -> str:
    """Per condition: recall, wrong identities and exact tables for each method, and the
    worst condition of each method (what the pipeline is judged by)."""
    methods = list(dict.fromkeys(c.method for c in cells))
    conditions = list(dict.fromkeys(c.degradation for c in cells))
    by = {(c.degradation, c.method): c for c in cells}
    width = max([18] + [len(n) for n in conditions])
    lines = [
        f"{'condition':<{width}} "
        + "".join(f"{m + ' recall/wrong/exact/CPU ms':>46}" for m in methods)
    ]
    for name in conditions:
        row = []
        for method in methods:
            cell = by[(name, method)]
            if not cell.frames:
                row.append(f"{'n/a':>46}")
                continue
            row.append(
                f"{cell.recall * 100:>22.2f}% {cell.wrong:>5} "
                f"{cell.exact_frames:>4}/{cell.frames:<4} {statistics.median(cell.ms):>5.0f}"
            )
        lines.append(f"{name:<{width}} " + "".join(f"{r:>46}" for r in row))
    worst = []
    for method in methods:
        measured = [by[(n, method)] for n in conditions if by[(n, method)].frames]
        if measured:
            cell = min(measured, key=lambda c: c.recall)
            worst.append(f"{method}: {cell.recall * 100:.2f}% ({cell.degradation})")
    lines.append("worst condition: " + "; ".join(worst))
    return "\n".join(lines)


def _in_frame(quad: np.ndarray, shape) -> bool:
    h, w = shape[:2]
    return bool(
        (quad[:, 0] >= 2).all()
        and (quad[:, 0] <= w - 3).all()
        and (quad[:, 1] >= 2).all()
        and (quad[:, 1] <= h - 3).all()
    )


def sustained_rate(frames: int, log=print) -> dict:
    """The whole TableWatcher on a full 2-player Musée table (36 cards, 24 tokens) at 30 fps:
    a still table, a hand bringing the last card, the card settling, the hand leaving.

    Reports ms per frame and how long after the card lay in plain view the tracker reported
    it (frame time at 30 fps plus the processing time of the frame that settled it)."""
    from companion.events import CardAdded
    from companion.games import find_game

    from .hands import Hand
    from .pipeline import TableWatcher
    from .render import layout_scene
    from .samples import CAMERA, staircase_tokens

    slots = [(m, g, sp) for m in range(2) for g in range(3) for sp in range(6)]
    placements = [(f"MU{i + 1:02d}", f"museum{m}", [g, sp]) for i, (m, g, sp) in enumerate(slots)]
    tokens = staircase_tokens(find_game("musee"))
    last_card, region, slot = placements[-1]
    from calibration.layouts import load_layout

    x, y = load_layout("musee", 2).region(region).slot(slot).center_mm
    look = Degradation(noise_sigma=3, jpeg_quality=85)

    def frame(cards, hand, seed):
        scene = layout_scene("musee", 2, cards, tokens, [hand] if hand else [], seed=1)
        return render_scene(scene, seed=seed, camera=CAMERA, degradation=look).image

    still = [frame(placements[:-1], None, i) for i in range(3)]
    reaching = [
        frame(placements[:-1], Hand(x - 120 + 30 * i, y + 60, -90, 1.25), 10 + i) for i in range(4)
    ]
    leaving = [
        frame(placements, Hand(x + 40 * i, y + 120 + 50 * i, -90, 1.25), 20 + i) for i in range(3)
    ]
    settled = [frame(placements, None, 30 + i) for i in range(3)]
    quiet = max(10, frames // 3)
    sequence = (
        [still[i % 3] for i in range(quiet)]
        + reaching
        + leaving
        + [settled[i % 3] for i in range(max(10, frames - quiet - 7))]
    )
    in_view_at = quiet + len(reaching) + len(leaving)  # first frame without the hand
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    times, reported_at = [], None
    for index, image in enumerate(sequence):
        start = time.perf_counter()
        step = watcher.process(image, index / 30)
        times.append((time.perf_counter() - start) * 1000)
        if reported_at is None and any(
            isinstance(e, CardAdded) and e.payload == last_card for e in step.events
        ):
            reported_at = index
    steady = times[1:]
    latency = None
    if reported_at is not None:
        latency = (reported_at - in_view_at) * 1000 / 30 + times[reported_at]
    result = {
        "cards": len(placements),
        "tokens": len(tokens),
        "frames": len(sequence),
        "ms_median": statistics.median(steady),
        "ms_p95": _p95(steady),
        "fps": 1000 / statistics.mean(steady),
        "first_frame_ms": times[0],
        "still_frames_reused": watcher.full_decodes_skipped,
        "partial_decodes": watcher.partial_decodes,
        "tracked": len(watcher.tracker.alive()),
        "settle_latency_ms": latency,
        "hand_frames_ms": statistics.median(times[quiet : quiet + 7]),
    }
    log(
        f"  sustained: {result['fps']:.1f} fps, median {result['ms_median']:.1f} ms, "
        f"{result['tracked']} pieces tracked, new card reported {latency} ms after it lay in view"
    )
    return result


def format_table(cells: list[Cell]) -> str:
    lines = [
        f"{'cards':>5} {'px/mod':>6} {'degradation':<20} {'method':<20} {'recall':>7} "
        f"{'precis.':>7} {'wrong':>5} {'exact':>6} {'ms med':>7} {'ms p95':>7}"
    ]
    for cell in cells:
        d = cell.to_dict()
        if cell.note and not cell.frames:
            lines.append(
                f"{cell.cards:>5} {cell.module_px:>6} {cell.degradation:<20} "
                f"{cell.method:<20} n/a: {cell.note}"
            )
            continue
        lines.append(
            f"{cell.cards:>5} {cell.module_px:>6} {cell.degradation:<20} {cell.method:<20} "
            f"{d['recall'] * 100:6.1f}% {d['precision'] * 100 if d['precision'] == d['precision'] else 0:6.1f}% "
            f"{cell.wrong:>5} {d['exact_rate'] * 100:5.0f}% {d['ms_median']:7.1f} {d['ms_p95']:7.1f}"
        )
    return "\n".join(lines)


def summary(cells: list[Cell]) -> str:
    out = []
    for method in sorted({c.method for c in cells}):
        chosen = [c for c in cells if c.method == method and c.frames]
        truths = sum(c.truths for c in chosen)
        correct = sum(c.correct for c in chosen)
        wrong = sum(c.wrong for c in chosen)
        exact = sum(c.exact_frames for c in chosen)
        frames = sum(c.frames for c in chosen)
        ms = [m for c in chosen for m in c.ms]
        if not frames:
            continue
        out.append(
            f"{method:<20} recall {correct / max(truths, 1) * 100:6.2f}%  wrong {wrong}  "
            f"exact tables {exact}/{frames}  ms median {statistics.median(ms):.1f} "
            f"p95 {_p95(ms):.1f}"
        )
    return "\n".join(out)


def peak_memory(log=print) -> dict:
    """Peak memory each method allocates while decoding one 60-card frame (tracemalloc
    counts Python and NumPy buffers, not the decoders' internal C++ allocations), and the
    process's peak resident size for the whole run."""
    fit = fitting_grid(60, 3)
    columns, overlap, px_per_mm = fit
    scene = grid_scene(
        [f"MU{i:02d}" for i in range(1, 61)], seed=1, columns=columns, overlap=overlap
    )
    image = render_scene(
        scene,
        seed=1,
        camera=Camera(px_per_mm=px_per_mm, tilt=0.08),
        degradation=DEGRADATIONS["all"],
    ).image
    peaks = {}
    readers: dict[str, Decoder] = {
        "pipeline": CardReader(),
        "zxing whole frame": ZxingDecoder(),
        "pyzbar whole frame": PyzbarDecoder(),
    }
    for method, decoder in readers.items():
        if not decoder.available:
            continue
        tracemalloc.start()
        decoder.decode(image)
        peaks[method] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    import resource

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    log(
        "  peak memory while decoding one 60-card frame: "
        + ", ".join(f"{m} {v:.1f} MB" for m, v in peaks.items())
    )
    return {"decode_peak_mb": peaks, "process_peak_rss_mb": rss}


def main_conditions(
    frames: int = 3, json_path: str | None = None, misses: bool = False
) -> list[Cell]:
    """`companion bench vision --conditions`: the widened renderer, judged by the worst."""
    import os

    load_before = os.getloadavg()[0]
    print(
        "vision conditions: 36 cards at 3 px per QR module (smears and sliding cards at 3, 4 "
        f"and 5), 1920x1080, {frames} frame(s) per condition"
    )
    cells = run_conditions(frames, misses=misses)
    print()
    print(format_conditions(cells))
    print(f"machine load average {load_before:.1f} at start, {os.getloadavg()[0]:.1f} at end")
    if json_path:
        with open(json_path, "w") as handle:
            json.dump([c.to_dict() for c in cells], handle, indent=1)
    return cells


def main(quick: bool = False, frames: int | None = None, json_path: str | None = None) -> dict:
    import os

    frames = frames or (1 if quick else 3)
    degradations = DEGRADATIONS if not quick else {k: DEGRADATIONS[k] for k in ("clean", "all")}
    load_before = os.getloadavg()[0]
    print(
        f"vision benchmark: {frames} frame(s) per cell, 1920x1080, "
        f"QR module {qr_module_mm():.2f} mm on the printed card"
    )
    cells = run_cells(frames, degradations=degradations)
    rate = sustained_rate(40 if quick else 150)
    memory = peak_memory()
    load_after = os.getloadavg()[0]
    print()
    print(format_table(cells))
    print()
    print("overall (all cells):")
    print(summary(cells))
    print()
    print(
        f"TableWatcher on a full 2-player Musee table ({rate['cards']} cards + {rate['tokens']} "
        f"tokens, {rate['frames']} frames at 30 fps, a hand bringing the last card): "
        f"{rate['fps']:.1f} fps sustained (median {rate['ms_median']:.1f} ms, p95 "
        f"{rate['ms_p95']:.1f} ms; frames with the hand {rate['hand_frames_ms']:.0f} ms; "
        f"first full decode {rate['first_frame_ms']:.0f} ms; {rate['still_frames_reused']} still "
        f"frames reused, {rate['partial_decodes']} partial decodes)"
    )
    latency = rate["settle_latency_ms"]
    print(
        "new card settled and reported "
        + (
            f"{latency:.0f} ms after it lay in plain view"
            if latency is not None
            else "NEVER (tracker did not report it)"
        )
    )
    print(
        "peak memory decoding one 60-card frame (tracemalloc): "
        + ", ".join(f"{m} {v:.1f} MB" for m, v in memory["decode_peak_mb"].items())
        + f"; whole benchmark process peak RSS {memory['process_peak_rss_mb']:.0f} MB "
        f"(renderer included)"
    )
    print(
        f"machine load average {load_before:.1f} at start, {load_after:.1f} at end "
        f"({os.cpu_count()} CPUs): timings are slower when other work shares the CPUs"
    )
    result = {
        "cells": [c.to_dict() for c in cells],
        "sustained": rate,
        "memory": memory,
        "load_average": [load_before, load_after],
    }
    if json_path:
        with open(json_path, "w") as handle:
            json.dump(result, handle, indent=1)
    return result
