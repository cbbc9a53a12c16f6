"""How small the codes of a laid-out box may be for the pack-up check (issue 27, item 3).

    python benchmarks/bench_packup.py

A whole Musée box (60 cards) in rows of 12, each row tucked a fifth of a card under the next,
two cards taken and a Mythe card added (tests/vision/packup_frames.py renders the project's
own printed cards), read by the real decoder (vision.packup) at several pixels per QR module,
clean and through a webcam's blur, noise and JPEG. Prints the frame size, how many of the 58
cards were read, what was reported missing and foreign, and the decode time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "vision"))

from packup_frames import kit_frame

from vision.packup import check_frames
from vision.scene import Degradation

CONDITIONS = {
    "clean": None,
    "blur0.8+noise4+jpeg80": Degradation(blur_sigma=0.8, noise_sigma=4, jpeg_quality=80),
}


def main() -> None:
    print("| px/module | condition | frame | read | missing | foreign | decode ms |")
    print("|---|---|---|---|---|---|---|")
    for module_px in (2.5, 3.0, 3.5, 4.0):
        for name, degradation in CONDITIONS.items():
            frame = kit_frame(
                "musee", {"MU17", "MU42"}, [("mythe", "MYN1A")], 12, 3, 0.2, degradation, module_px
            )
            start = time.perf_counter()
            check = check_frames("musee", [frame])
            ms = (time.perf_counter() - start) * 1000
            missing = " ".join(p.payload for p in check.missing)
            foreign = " ".join(s.payload for s in check.foreign)
            print(
                f"| {module_px:g} | {name} | {frame.shape[1]}x{frame.shape[0]} | "
                f"{len(check.present)}/58 | {missing} | {foreign} | {ms:.0f} |"
            )


if __name__ == "__main__":
    main()
