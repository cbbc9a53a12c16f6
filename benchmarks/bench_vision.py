"""Vision benchmark script (the same as `companion bench vision`).

python benchmarks/bench_vision.py            # full run, 3 frames per cell
python benchmarks/bench_vision.py --quick    # smoke run, 1 frame per cell, 2 degradations
"""

import argparse

from vision.bench import main

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--frames", type=int, default=None)
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args()
    main(quick=args.quick, frames=args.frames, json_path=args.json_path)
