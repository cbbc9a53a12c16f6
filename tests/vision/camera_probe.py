"""Run a CameraSource on a URL in its own process and print each change of its status.

    python camera_probe.py URL [reconnect_max_s]

One JSON line per change: {"t": time.monotonic(), "online": ..., "code": ..., "reason": ...}
(the monotonic clock is shared by every process on the machine, so the test can compare it
with the server's). Closing stdin (or 60 s) ends it: the source is closed and the process
exits 0. A crash inside OpenCV shows as a negative exit status (-11: segmentation fault).
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vision.sources import CameraSource, SourceConfig


def main() -> int:
    url = sys.argv[1]
    reconnect_max_s = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    # Default staleness and timeouts: the promise under test is the shipped one.
    source = CameraSource(url, SourceConfig(reconnect_min_s=0.2, reconnect_max_s=reconnect_max_s))
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    last = None
    deadline = time.monotonic() + 60
    while not done.is_set() and time.monotonic() < deadline:
        status = source.status()
        source.read()  # a consumer, as the dashboard's watcher is
        key = (status.online, status.code)
        if key != last:
            last = key
            print(
                json.dumps(
                    {
                        "t": time.monotonic(),
                        "online": status.online,
                        "code": status.code,
                        "reason": status.reason,
                        "frames": status.frames_read,
                    }
                ),
                flush=True,
            )
        time.sleep(0.02)
    source.close()
    print(json.dumps({"t": time.monotonic(), "closed": True}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
