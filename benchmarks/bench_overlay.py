"""What the camera overlay (web/overlay.py, vision/overlay.py) costs, per preview and per ask.

    python benchmarks/bench_overlay.py [--frames 60]

Plays the bundled Musée game (sample_images/musee-2p) through the real TableWatcher into an
in-process dashboard, then, on the same decoded frames, times: the preview alone as before
(shrink + draw + JPEG), the preview with the overlay's picture (the same, plus a copy of the
shrunk frame and each card's outline), the picture's JPEG (encoded only when a page asks),
and the JSON a page gets (`GET /api/overlay`, through the Flask test client). Prints
milliseconds (median and p95 over the frames); no camera attached costs nothing at all (no
watcher: no picture is made, and /api/overlay answers 404 at once).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.overlay import preview_and_picture
from vision.pipeline import TableWatcher
from vision.sources import ImageFolderSource, SourceConfig
from web import create_app
from web.camera import SAMPLE_GAME


def timed(fn, repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def figures(name: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"{name:<42} median {statistics.median(values):6.2f} ms   p95 {p95:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {"db": str(folder / "g.sqlite3"), "game": "musee", "players": 2, "names": ["Amy", "Ben"]}
    )
    runtime = app.extensions["companion_runtime"]
    ticks = iter(range(0, 10**12, 3600))
    source = ImageFolderSource(SAMPLE_GAME, SourceConfig(fps=4), clock=lambda: float(next(ticks)))
    watcher = runtime.watcher = TableWatcher(source, "musee", 2)
    client = app.test_client()
    before, after, encode, answer, items = [], [], [], [], []
    for _ in range(args.frames):
        runtime.step_once()
        image, seen = watcher.last_image, watcher.last_seen
        if image is None or seen is None:
            continue
        before.append(timed(partial(watcher.preview, image, seen), 3))
        after.append(timed(partial(preview_and_picture, watcher, image, seen), 3))
        latest = runtime.pictures.latest()
        if latest is not None:
            picture = latest[1]
            encode.append(timed(picture.jpeg))  # the first ask encodes; later ones reuse it
            start = time.perf_counter()
            data = client.get("/api/overlay").get_json()
            answer.append((time.perf_counter() - start) * 1000)
            items.append(len(data["items"]))
    runtime.close()
    print(
        f"overlay cost over {len(before)} frames of {SAMPLE_GAME.name} (1920x1080, preview 960 px)"
    )
    print(figures("preview alone (as before)", before))
    print(figures("preview + overlay picture", after))
    extra = [a - b for a, b in zip(after, before)]
    print(figures("  difference (made with every preview)", extra))
    print(figures("picture JPEG, first ask only", encode))
    print(figures("GET /api/overlay (JSON, test client)", answer))
    print(f"cards outlined per frame: median {statistics.median(items):.0f}, max {max(items)}")


if __name__ == "__main__":
    main()
