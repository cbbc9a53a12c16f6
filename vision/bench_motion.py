"""Moving hands at full rate: `companion bench vision --motion`.

A full 2-player Musée table (36 cards, 24 tokens) rendered at 1920x1080, watched by the real
`TableWatcher` two ways, side by side:

1. **CPU per frame** (no camera): every frame processed, CPU time of the whole process (all
   threads) per frame, with the table still and with a hand sweeping across it in every
   frame. This is the figure that does not depend on what else the machine runs.
2. **Live**: the real `CameraSource` (its own capture thread) on a replayed camera that
   delivers JPEG frames at 30 fps (each decoded on the capture thread, as a USB webcam's MJPEG
   is), and a loop calling `watcher.step()` as the dashboard does. It reports frames
   captured, processed and dropped (a frame replaced by a newer one before the watcher got to
   it), processed fps, wall-clock ms per processed frame (median and p95), and how many
   whole decodes ran in line (holding up a frame) and beside the frames on a thread of their
   own (`WatcherSettings.refresh_beside`, on for a live camera). Then the same camera
   offering 60 fps with the hand moving: how many frames a second the watcher sustains when
   the camera is not the limit.
3. **Placement latency** (live, hand moving in every frame): cards carried in by a hand and
   laid in their slots one after another; for each, the time from the capture of the frame in
   which the card first lies at its final place with its code in view, to the moment
   `step()` returns the `CardAdded` the rules engine receives. The tracker's settling rule:
   a card is added once read in 3 of the last 5 processed frames (and after every card that
   appeared before it), so the least possible delay is two frame periods plus one frame's
   processing.

Each live part runs once with the partial decode on one thread and once shared by two
(`TableWatcher(workers=...)`), in the same run. The watcher makes its preview pictures as
the dashboard's does (960 px wide, at most ten a second). The replayed camera and the live
loop are in `vision.bench_live`.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from dataclasses import replace

import cv2
import numpy as np

from .bench_live import FPS, live, p95, placement_latency
from .hands import Hand
from .render import Degradation, Placed, Rendered, layout_scene, render_scene

LOOK = Degradation(noise_sigma=3, jpeg_quality=85)


class Table:
    """The rendered frames: the table still, a hand sweeping over it, and placements."""

    def __init__(self, placed_before: int = 30):
        from companion.games import find_game

        from .samples import CAMERA, staircase_tokens

        slots = [(m, g, s) for m in range(2) for g in range(3) for s in range(6)]
        self.placements = [
            (f"MU{i + 1:02d}", f"museum{m}", [g, s]) for i, (m, g, s) in enumerate(slots)
        ]
        self.tokens = staircase_tokens(find_game("musee"))
        self.camera = CAMERA
        self.placed_before = placed_before

    def render(self, placements, hands=(), seed=0, carried: Placed | None = None) -> Rendered:
        scene = layout_scene("musee", 2, placements, self.tokens, list(hands), seed=1)
        if carried is not None:
            scene = replace(scene, pieces=scene.pieces + [carried])
            # The hand is drawn over every piece, the carried card included.
        return render_scene(scene, seed=seed, camera=self.camera, degradation=LOOK)

    def still(self) -> list[np.ndarray]:
        return [self.render(self.placements, seed=i).image for i in range(3)]

    def sweep(self, steps: int = 12) -> list[np.ndarray]:
        """A hand sweeping diagonally over the table, a little further every frame, and back."""
        frames = [
            self.render(
                self.placements, [Hand(80 + 24 * i, 150 + 8 * i, -90 + 4 * i, 1.2)], seed=40 + i
            ).image
            for i in range(steps)
        ]
        return frames + frames[::-1]

    def placing(self) -> tuple[list[np.ndarray], list[tuple[str, int]]]:
        """Cards after `placed_before` carried in one by one, a hand moving in every frame.
        Returns the frames and, per card, (payload, index of the first frame in which it lies
        at its final place with its code in view)."""
        from calibration.layouts import load_layout

        layout = load_layout("musee", 2)
        frames: list[np.ndarray] = []
        rests: list[tuple[str, int]] = []
        down = list(self.placements[: self.placed_before])
        seed = 100
        for payload, region, slot in self.placements[self.placed_before :]:
            x, y = layout.region(region).slot(slot).center_mm
            for i in range(4):  # carried in from the lower left, the hand holding its lower edge
                cx, cy = x - 110 + 27 * i, y + 50 - 12 * i
                card = Placed(payload, cx, cy, -12 + 3 * i)
                frames.append(
                    self.render(down, [Hand(cx + 5, cy + 70, -90, 1.2)], seed, carried=card).image
                )
                seed += 1
            down.append((payload, region, slot))
            rest = None
            for i in range(8):  # laid down; the hand lets go and moves away
                rendered = self.render(
                    down, [Hand(x + 10 + 22 * i, y + 75 + 30 * i, -90 + 5 * i, 1.2)], seed
                )
                seed += 1
                code = next(t for t in rendered.truth if t.payload == payload)
                if rest is None and not code.occluded:
                    rest = len(frames)
                frames.append(rendered.image)
            rests.append((payload, rest if rest is not None else len(frames) - 1))
        # The hand goes on moving over the full table (0.8 s), so the last card can settle.
        frames += self.sweep()[:24]
        return frames, rests


def _jpegs(frames: list[np.ndarray]) -> list[bytes]:
    return [cv2.imencode(".jpg", f, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes() for f in frames]


def cpu_per_frame(table: Table, still, sweep, workers: int, repeats: int = 2) -> dict:
    """Every frame processed in turn; CPU time of the whole process (all threads) per frame."""
    from .pipeline import TableWatcher

    watcher = TableWatcher(None, "musee", 2, workers=workers)  # previews as the dashboard
    t = 0.0

    def run(frames):
        nonlocal t
        cpu, wall = [], []
        for image in frames:
            start, start_cpu = time.perf_counter(), time.process_time()
            watcher.process(image, t)
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
            t += 1 / FPS
        return cpu, wall

    run([still[i % 3] for i in range(10)])  # every piece settled first
    still_cpu, _ = run([still[i % 3] for i in range(len(sweep) * repeats)])
    moving_cpu, moving_wall = run(sweep * repeats)
    tracked = len(watcher.tracker.alive())
    watcher.close()
    return {
        "workers": workers,
        "still_cpu_ms_median": statistics.median(still_cpu),
        "still_cpu_ms_p95": p95(still_cpu),
        "moving_cpu_ms_median": statistics.median(moving_cpu),
        "moving_cpu_ms_p95": p95(moving_cpu),
        "moving_cpu_fps": 1000 / statistics.mean(moving_cpu),
        "moving_wall_ms_median": statistics.median(moving_wall),
        "moving_wall_ms_p95": p95(moving_wall),
        "tracked": tracked,
    }


def main(log=print, workers_compared=(1, 2)) -> dict:
    load_before = os.getloadavg()[0]
    log("rendering the table (still, a hand sweeping over it, six cards carried in)...")
    table = Table()
    still, sweep = table.still(), table.sweep()
    placing, rests = table.placing()
    before = [
        table.render(table.placements[: table.placed_before], seed=200 + i).image for i in range(3)
    ]
    result: dict = {"cpu": [], "live": [], "latency": []}
    log("")
    _cpu_part(table, still, sweep, workers_compared, result, log)
    log("")
    _live_part(still, sweep, workers_compared, result, log)
    log("")
    _latency_part(table, placing, rests, before, workers_compared, result, log)
    load_after = os.getloadavg()[0]
    result["load_average"] = [load_before, load_after]
    log("")
    log(
        f"machine load average {load_before:.1f} at start, {load_after:.1f} at end "
        f"({os.cpu_count()} CPUs); live figures share the CPUs with whatever else runs"
    )
    return result


def _cpu_part(table: Table, still, sweep, workers_compared, result: dict, log) -> None:
    """1. CPU per frame, every frame processed."""
    log(
        "1. CPU per frame, every frame processed (36 cards + 24 tokens, 1920x1080; CPU time of "
        "all threads):"
    )
    for workers in workers_compared:
        cpu = cpu_per_frame(table, still, sweep, workers)
        result["cpu"].append(cpu)
        log(
            f"   {workers} thread(s): still table {cpu['still_cpu_ms_median']:.1f} ms median; "
            f"hand moving in every frame {cpu['moving_cpu_ms_median']:.1f} ms median, p95 "
            f"{cpu['moving_cpu_ms_p95']:.1f} ms = {cpu['moving_cpu_fps']:.0f} fps of one core's "
            f"CPU (wall {cpu['moving_wall_ms_median']:.1f} / p95 {cpu['moving_wall_ms_p95']:.1f} "
            f"ms); {cpu['tracked']} pieces tracked"
        )


def _live_part(still, sweep, workers_compared, result: dict, log) -> None:
    """2. Live at 30 fps, the table still and a hand moving; then 60 fps offered."""
    log("2. Live: CameraSource on a camera replaying JPEG frames at 30 fps, step() in a loop:")
    settle = _jpegs([still[i % 3] for i in range(45)])
    for workers in workers_compared:
        for label, frames in (
            ("still table", [still[i % 3] for i in range(len(sweep))]),
            ("hand moving in every frame", sweep),
        ):
            run = live(_jpegs(frames), workers, warmup=settle, seconds=8.0)
            run["phase"] = label
            result["live"].append(
                {k: v for k, v in run.items() if k not in ("captured_at", "reported_at")}
            )
            log(
                f"   {workers} thread(s), {label:<26}: {run['processed']}/{run['captured']} frames "
                f"processed = {run['fps']:.1f} fps, {run['dropped']} dropped; {run['ms_median']:.1f} "
                f"ms median, p95 {run['ms_p95']:.1f} ms per frame; {run['tracked']} tracked; whole "
                f"decodes {run['whole_decodes']} in line, {run['whole_in_background']} beside"
            )
    log(
        "   The same camera offering 60 fps, hand moving in every frame (what the watcher could "
        "sustain, beyond a 30 fps camera):"
    )
    for workers in workers_compared:
        run = live(_jpegs(sweep), workers, warmup=settle, seconds=8.0, fps=2 * FPS)
        run["phase"] = "hand moving, 60 fps offered"
        result["live"].append(
            {k: v for k, v in run.items() if k not in ("captured_at", "reported_at")}
        )
        log(
            f"   {workers} thread(s): {run['processed']}/{run['captured']} frames processed = "
            f"{run['fps']:.1f} fps; {run['ms_median']:.1f} ms median, p95 {run['ms_p95']:.1f} ms "
            f"per frame"
        )


def _latency_part(
    table: Table, placing, rests, before, workers_compared, result: dict, log
) -> None:
    """3. Placement latency, live at 30 fps with a hand moving in every frame: `placing` (the
    frames of cards carried in, `rests` where each lies still) after `before` (the table)."""
    slots = {p: (region, list(slot)) for p, region, slot in table.placements}
    log(
        f"3. Placement latency, live at 30 fps: {len(rests)} cards carried in and laid down while "
        f"a hand moves in every frame; from the capture of the first frame in which the card lies "
        f"at its final place with its code in view to step() returning the event that puts it "
        f"in its slot:"
    )
    warm = _jpegs([before[i % 3] for i in range(45)])
    for workers in workers_compared:
        run = live(
            _jpegs(placing),
            workers,
            warmup=warm,
            loop=False,
            placed={p: slots[p] for p, _ in rests},
        )
        latency = placement_latency(run, rests, len(warm))
        latency.update(
            workers=workers,
            processed=run["processed"],
            dropped=run["dropped"],
            captured=run["captured"],
        )
        result["latency"].append(latency)
        log(
            f"   {workers} thread(s): p50 {latency['ms_p50']:.0f} ms, p95 {latency['ms_p95']:.0f} ms, "
            f"max {latency['ms_max']:.0f} ms over {len(latency['latencies_ms'])} placements"
            + (
                f"; NEVER reported: {', '.join(latency['never_reported'])}"
                if latency["never_reported"]
                else ""
            )
            + f" ({run['processed']}/{run['captured']} frames processed, {run['dropped']} dropped)"
        )
    log(
        f"   settling rule: added once read in 3 of the last 5 processed frames; the least "
        f"possible delay is 2 frame periods ({2000 / FPS:.0f} ms) plus one frame's processing"
    )


if __name__ == "__main__":  # pragma: no cover
    threading.current_thread().name = "bench"
    main()
