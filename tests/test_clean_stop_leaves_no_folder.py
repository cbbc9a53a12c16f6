"""`companion demo` and `companion cafe` made temporary folders (the demo's database, the
café's own Mosquitto with its persistence file) and left them behind after a clean stop
(issue 23, item 8). Each command runs as a real process with its own empty TMPDIR, serves its
page, is stopped with Ctrl-C (SIGINT) or SIGTERM, and must leave that TMPDIR empty."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cafe.broker import free_port, mosquitto_binary


def run_until_served(args: list[str], tmpdir: Path, ready: str) -> tuple[subprocess.Popen, str]:
    """The process and the page address it printed on the line starting with `ready`."""
    # The café's history goes to $XDG_DATA_HOME: beside TMPDIR (which must end empty), never
    # the user's data folder, which tests running at the same time would share.
    data = tmpdir.parent / "data"
    env = dict(os.environ, PYTHONUNBUFFERED="1", TMPDIR=str(tmpdir), XDG_DATA_HOME=str(data))
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmpdir.parent,
    )
    seen = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            break
        seen.append(line)
        if line.startswith(ready):
            return process, line.rsplit(" ", 1)[-1].strip()
    process.kill()
    raise AssertionError("did not start:\n" + "".join(seen))


def stop(process: subprocess.Popen, sig: int) -> None:
    process.send_signal(sig)
    assert process.wait(timeout=20) == 0
    process.stdout.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_demo_removes_its_folders(tmp_path, sig):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    process, url = run_until_served(
        ["demo", "--simulated", "--port", "0", "--pace", "0.05"], tmpdir, "Dashboard:"
    )
    with urllib.request.urlopen(url + "api/state", timeout=10) as answer:
        assert answer.status == 200
    assert list(tmpdir.iterdir())  # its database is there while it runs
    stop(process, sig)
    assert list(tmpdir.iterdir()) == []


@pytest.mark.skipif(mosquitto_binary() is None, reason="needs Debian's mosquitto package")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_cafe_removes_its_brokers_folder(tmp_path, sig):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    args = ["cafe", "--port", "0", "--broker-port", str(free_port())]
    process, url = run_until_served(args, tmpdir, "Café page")
    with urllib.request.urlopen(url, timeout=10) as answer:
        assert answer.status == 200
    assert list(tmpdir.iterdir())  # the local broker's configuration and persistence
    stop(process, sig)
    assert list(tmpdir.iterdir()) == []
