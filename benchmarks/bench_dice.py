"""Dice reading on rendered dice: accuracy, unread rate and wrong rate per condition.

    python benchmarks/bench_dice.py [--per-condition 200] [--seed 7]
    python benchmarks/bench_dice.py --frames sample_images/crypt-2p

`--frames` reads the dice of a recorded game's camera frames the way TableWatcher does
(vision.dice_watch.DiceWatcher.read on the whole 1920x1080 frame, mat calibrated from its
markers) and compares every die with the frame's JSON: read right, unread, wrong, invented.

Each die is drawn by vision.dice_render.render_die (four colours, random rotation, perspective
tilt, lighting gradient, drop shadow, QR-like print nearby; "sides" rows also show the
shaded side faces a camera off the vertical sees), then blurred, noised and
JPEG-compressed. "wrong" is a value reported that is not the true one: it must stay ~0;
"unread" is the reader declining. The baseline is the plain method (Otsu threshold on the
die crop's grey levels + count the blobs), run on the same crops.
"""

from __future__ import annotations

import argparse
import time

import cv2
import numpy as np

from vision.dice import COLOURS, find_dice
from vision.dice_render import render_die


def baseline(image: np.ndarray, centre: tuple[float, float], face: float) -> int | None:
    """Threshold + blob count on the die crop: pips are whatever Otsu splits off."""
    x, y = int(centre[0]), int(centre[1])
    r = int(face * 0.45)
    crop = cv2.cvtColor(image[max(0, y - r) : y + r, max(0, x - r) : x + r], cv2.COLOR_BGR2GRAY)
    if crop.size == 0:
        return None
    _, bright = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if np.mean(bright) > 127:  # yellow dice have dark pips: pips are the minority class
        bright = 255 - bright
    count, _, stats, _ = cv2.connectedComponentsWithStats(bright)
    blobs = sum(1 for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= 2)
    return blobs if 1 <= blobs <= 6 else None


def run(per_condition: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    conditions = [(face, blur, 0.0) for face in (15, 20, 25, 30, 40) for blur in (0.0, 0.75, 1.5)]
    conditions += [(face, 0.75, sides) for face in (20, 30) for sides in (0.15, 0.3)]
    print(
        f"{per_condition} dice per condition, noise sigma 4, JPEG q80, tilt 0.15, "
        f"colours {', '.join(COLOURS)}"
    )
    print(
        f"{'face px':>7} {'blur':>5} {'sides':>5} | {'correct':>8} {'unread':>7} {'wrong':>6} | "
        f"{'baseline ok':>11} {'base wrong':>10} | ms/die"
    )
    totals = {}
    for face, blur, sides in conditions:
        ok = unread = wrong = base_ok = base_wrong = 0
        spent = 0.0
        for i in range(per_condition):
            value = int(rng.integers(1, 7))
            colour = COLOURS[i % len(COLOURS)]
            image, centre = render_die(
                value, colour, face, rng, blur=blur, noise=4.0, jpeg=80, sides=sides
            )
            start = time.perf_counter()
            found = find_dice(image)
            spent += time.perf_counter() - start
            read = found[0].value if len(found) == 1 else None
            if read is None:
                unread += 1
            elif read == value:
                ok += 1
            else:
                wrong += 1
            guess = baseline(image, centre, face)
            base_ok += guess == value
            base_wrong += guess is not None and guess != value
        n = per_condition
        totals.setdefault(face >= 20, []).append((ok, unread, wrong, n))
        print(
            f"{face:>7} {blur:>5} {sides:>5} | {ok / n:>8.1%} {unread / n:>7.1%} {wrong / n:>6.1%} | "
            f"{base_ok / n:>11.1%} {base_wrong / n:>10.1%} | {spent / n * 1000:.1f}"
        )
    for big, label in ((True, ">= 20 px"), (False, "15 px")):
        rows = totals.get(big, [])
        n = sum(r[3] for r in rows)
        print(
            f"all conditions {label}: correct {sum(r[0] for r in rows) / n:.2%}, "
            f"unread {sum(r[1] for r in rows) / n:.2%}, wrong {sum(r[2] for r in rows) / n:.2%}"
        )


def run_frames(folder: str) -> None:
    import json
    from pathlib import Path

    from vision.pipeline import TableWatcher

    frames = sorted(Path(folder).glob("[0-9]*.jpg"))
    watcher = TableWatcher(None, "crypt", 2, preview_width=0)
    right = unread = wrong = invented = total = 0
    spent = 0.0
    for index, path in enumerate(frames):
        image = cv2.imread(str(path))
        watcher.process(image, float(index))  # calibrates from the mat's markers
        start = time.perf_counter()
        readings = watcher.dice.read(image, watcher.homography)
        spent += time.perf_counter() - start
        truth = json.loads(path.with_suffix(".json").read_text())["dice"]
        total += len(truth)
        left = [(d["payload"], d["region"], d["value"]) for d in truth]
        for reading, _, _, region, _ in readings:
            same_place = [t for t in left if t[:2] == (reading.payload, region)]
            if not same_place:
                invented += 1
                continue
            exact = [t for t in same_place if t[2] == reading.value]
            if reading.value is None:
                unread += 1
                left.remove(same_place[0])
            elif exact:
                right += 1
                left.remove(exact[0])
            else:
                wrong += 1
                left.remove(same_place[0])
    missed = total - right - unread - wrong
    print(f"{len(frames)} frames, {total} dice (about {total / max(1, len(frames)):.1f} a frame)")
    print(
        f"read right {right / total:.2%}, unread {unread / total:.2%}, not found "
        f"{missed / total:.2%}, wrong {wrong / total:.2%}, invented {invented}; "
        f"{spent / len(frames) * 1000:.0f} ms a frame"
    )


def run_still(folder: str, repeats: int = 20) -> None:
    """A still Crypt frame through TableWatcher: dice readings reused vs pips recounted."""
    from pathlib import Path

    from vision.pipeline import TableWatcher

    frames = sorted(Path(folder).glob("*.jpg"))
    image = cv2.imread(str(frames[len(frames) // 2]))
    for mode in ("reuse readings", "recount every frame"):
        watcher = TableWatcher(None, "crypt", 2, preview_width=0)
        if mode == "recount every frame":
            update = watcher.dice.update
            watcher.dice.update = lambda im, h, t, unchanged=False, update=update: update(im, h, t)
        watcher.process(image, 0.0)
        started = time.perf_counter()
        for index in range(1, repeats + 1):
            watcher.process(image, index / 4)
        spent = (time.perf_counter() - started) / repeats * 1000
        print(f"still frame, {mode:<20} {spent:6.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-condition", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--frames", default=None, help="a recorded Crypt game's folder")
    parser.add_argument(
        "--still",
        default=None,
        metavar="FOLDER",
        help="time a still frame of a recorded Crypt game through the watcher",
    )
    args = parser.parse_args()
    if args.still:
        run_still(args.still)
    elif args.frames:
        run_frames(args.frames)
    else:
        run(args.per_condition, args.seed)
