"""The watcher's whole decode in a process of its own ends with the program that started
it, even when that program is killed without a chance to shut it down."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import time
import numpy as np
from vision.pipeline import TableWatcher

watcher = TableWatcher(None, "musee", 2, preview_width=0, refresh_beside=True)  # as live
frame = 0
while watcher.refresher.process_pool is None and frame < 1000:
    image = np.full((240, 320), 200, np.uint8)
    x = 40 + (7 * frame) % 200  # a small change in every frame: partial decodes, then a
    image[100:140, x:x + 40] = 0  # whole decode beside them is due
    watcher.process(image, frame / 30)
    frame += 1
print(next(iter(watcher.refresher.process_pool._processes)), flush=True)
time.sleep(120)
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # a zombie has ended; only its exit status waits to be collected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_refresh_process_ends_when_its_program_is_killed():
    program = subprocess.Popen(
        [sys.executable, "-c", PROGRAM],
        cwd=ROOT,
        text=True,
        stdout=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    try:
        worker = int(program.stdout.readline())
        deadline = time.monotonic() + 30
        while not _running(worker):  # spawned: give it a moment to be there
            assert time.monotonic() < deadline, "the refresh process never started"
            time.sleep(0.1)
        program.send_signal(signal.SIGKILL)  # no shutdown, no atexit
        program.wait(timeout=10)
        deadline = time.monotonic() + 20
        while _running(worker):
            assert time.monotonic() < deadline, "the refresh process outlived its program"
            time.sleep(0.1)
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
