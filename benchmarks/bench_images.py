"""What the safe image loader costs, and what it saves: vision.images against plain cv2.imdecode.

    python benchmarks/bench_images.py [--repeat 5]

Ordinary pictures (a 1080p frame, a 12 MP phone photo; JPEG and PNG): best-of-N time of
`cv2.imdecode` alone, of `vision.images.decode_image_bytes` (Pillow reads the header, then
the same imdecode) and of the header check alone, with the ratio safe / plain.

Hostile files (a JPEG whose header claims 20000×20000, a PNG claiming 100000×100000, a 1×4000
strip): each loader runs in a child process with a 20 s limit and its address space capped
at 2 GB, and the table says how it ended, how long it took and its peak memory. Plain
imdecode on the 20000×20000 claim decodes gray filler for about a minute; under the cap it
fails with an allocation error instead (uncapped it took 4.7 GB), so the figure shown for it
is a lower bound.
"""

from __future__ import annotations

import argparse
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vision.images import decode_image_bytes, image_header  # noqa: E402

SAMPLE = ROOT / "sample_images" / "musee-2p" / "0005.jpg"


def png_claiming(width: int, height: int) -> bytes:
    data = bytearray(cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1].tobytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def jpeg_claiming(width: int, height: int) -> bytes:
    data = bytearray(cv2.imencode(".jpg", np.full((16, 16, 3), 128, np.uint8))[1].tobytes())
    at = 2
    while data[at + 1] not in (0xC0, 0xC1, 0xC2):
        at += 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def best_ms(actions, repeat: int) -> list[float]:
    """Best-of-`repeat` milliseconds of each action, run in turns so that a busy moment of a
    shared machine does not fall on one of them only."""
    times = [[] for _ in actions]
    for _ in range(repeat):
        for slot, action in zip(times, actions):
            start = time.perf_counter()
            action()
            slot.append(time.perf_counter() - start)
    return [min(slot) * 1000 for slot in times]


def ordinary(repeat: int) -> None:
    base = cv2.imread(str(SAMPLE))
    print(
        f"{'picture':<18} {'imdecode ms':>12} {'safe ms':>9} {'safe/plain':>11} {'header ms':>10}"
    )
    for width, height in ((1920, 1080), (4032, 3024)):
        image = cv2.resize(base, (width, height))
        for suffix in (".jpg", ".png"):
            data = cv2.imencode(suffix, image)[1].tobytes()
            plain, safe, header = best_ms(
                [
                    lambda data=data: cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR),
                    lambda data=data: decode_image_bytes(data, "bench"),
                    lambda data=data: image_header(data, "bench"),
                ],
                repeat,
            )
            print(
                f"{f'{width}x{height}{suffix}':<18} {plain:>12.1f} {safe:>9.1f} "
                f"{safe / plain:>11.2f} {header:>10.3f}"
            )


CHILD = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
import re, cv2, numpy as np
sys.path.insert(0, {root!r})
from vision.images import decode_image_bytes
data = open({path!r}, "rb").read()
start = time.perf_counter()
try:
    if {safe!r}:
        decode_image_bytes(data, "file")
        said = "decoded"
    else:
        said = "decoded" if cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) is not None else "None"
except Exception as exc:
    code = re.search(r"\\(-\\d+:[^)]*\\)", str(exc))  # OpenCV's "(-4:Insufficient memory)"
    said = type(exc).__name__ + ": " + (code.group(0) if code else str(exc)[:70])
# VmHWM: this process's own peak (ru_maxrss would carry the parent's size over the fork)
peak = int(re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1)) // 1024
print(f"{{(time.perf_counter() - start) * 1000:.0f}}|{{peak}}|{{said}}")
"""


def hostile(tmp: Path) -> None:
    files = {
        "jpeg claims 20000x20000": jpeg_claiming(20000, 20000),
        "png claims 100000^2": png_claiming(100000, 100000),
        "png 1x4000 strip": cv2.imencode(".png", np.zeros((1, 4000, 3), np.uint8))[1].tobytes(),
    }
    print(f"\n{'file':<26} {'loader':<9} {'ms':>7} {'peak MB':>8}  ended")
    for name, data in files.items():
        path = tmp / (name.replace(" ", "_").replace("^", "") + ".img")
        path.write_bytes(data)
        for safe in (False, True):
            code = CHILD.format(root=str(ROOT), path=str(path), safe=safe)
            try:
                done = subprocess.run(
                    [sys.executable, "-c", code], capture_output=True, text=True, timeout=20
                )
                ms, peak, said = done.stdout.strip().split("|", 2)
            except subprocess.TimeoutExpired:
                ms, peak, said = ">20000", "?", "still decoding after 20 s (killed)"
            except ValueError:
                ms, peak, said = "?", "?", f"crashed (exit {done.returncode})"
            print(f"{name:<26} {'safe' if safe else 'imdecode':<9} {ms:>7} {peak:>8}  {said[:90]}")


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    ordinary(args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        hostile(Path(tmp))


if __name__ == "__main__":
    main()
