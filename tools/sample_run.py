"""What every tools/make_<game>_samples.py does when run: render the frames into the folder
--out names (default: the game's folder in sample_images/), write the recording's inputs.json
there when players typed moves in it (make_recording_inputs.py), and say how much it wrote."""

import argparse
from collections.abc import Callable
from pathlib import Path


def run_generator(
    generate: Callable[[Path], int], out: Path, description: str, inputs: str = ""
) -> None:
    """`generate(folder)` renders the frames and returns how many; `inputs` names the sample
    in make_recording_inputs.BUILDERS whose inputs.json follows the frames."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=str(out))
    folder = Path(parser.parse_args().out)
    count = generate(folder)
    if inputs:
        # What the players typed on the dashboard goes into inputs.json (web/recording.py);
        # play the folder with `companion demo`.
        from make_recording_inputs import refresh

        refresh(inputs, folder)
    size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
    print(f"wrote {count} frames to {folder} ({size:.1f} MB)")
