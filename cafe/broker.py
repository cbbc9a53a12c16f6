"""A local Mosquitto on loopback: for a one-machine café demo, the tests and the benchmark.

The broker is Debian's `mosquitto` package (`sudo apt-get install mosquitto`); this module
only writes its configuration, starts it, waits for it to listen and stops it. Persistence is
on, so a restart keeps the retained messages and the queues of persistent subscribers (the
café view), as a production broker would.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from companion.errors import CompanionError

INSTALL_HINT = (
    "the MQTT broker Mosquitto is not installed: run 'sudo apt-get install "
    "mosquitto' (Debian/Ubuntu; scripts/bootstrap --cafe does it), or point at a "
    "running broker with --mqtt mqtt://HOST:PORT"
)


class BrokerUnavailableError(CompanionError):
    pass


def mosquitto_binary() -> str | None:
    """Debian installs it in /usr/sbin, which is not on every user's PATH."""
    return shutil.which("mosquitto") or next(
        (p for p in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto") if os.access(p, os.X_OK)),
        None,
    )


def mosquitto_passwd_binary() -> str | None:
    return shutil.which("mosquitto_passwd") or next(
        (p for p in ("/usr/bin/mosquitto_passwd",) if os.access(p, os.X_OK)), None
    )


def listening(host: str, port: int) -> bool:
    """Does something accept connections there (a broker already running)?"""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalBroker:
    """`mosquitto -c <generated config>` listening on 127.0.0.1:`port` until `stop()`."""

    def __init__(
        self,
        port: int | None = None,
        *,
        folder: str | Path | None = None,
        password_file: str | Path | None = None,
        acl_file: str | Path | None = None,
        tls_files: tuple[str | Path, str | Path, str | Path] | None = None,
        extra_config: str = "",
    ):
        """`tls_files`: (CA certificate, broker certificate, broker key) for a TLS listener."""
        binary = mosquitto_binary()
        if binary is None:
            raise BrokerUnavailableError(INSTALL_HINT)
        self.binary = binary
        self.port = port or free_port()
        # a folder made here is temporary: close() removes it (a given one is the caller's)
        self.made_folder = folder is None
        self.folder = Path(folder or tempfile.mkdtemp(prefix="companion-mosquitto-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.config_path = self.folder / "mosquitto.conf"
        self.log_path = self.folder / "mosquitto.log"
        self.tls = tls_files is not None
        lines = [f"listener {self.port} 127.0.0.1"]
        if tls_files:
            ca, cert, key = tls_files
            lines += [f"cafile {ca}", f"certfile {cert}", f"keyfile {key}"]
        lines += [
            "persistence true",
            f"persistence_location {self.folder}/",
            f"log_dest file {self.log_path}",
            "log_type error",
            "log_type warning",
            "log_type notice",
            # a café view that was away gets everything it missed, not the last 1000
            "max_queued_messages 100000",
            "max_inflight_messages 100",
        ]
        if os.geteuid() == 0:
            # As root Mosquitto would switch to the 'mosquitto' user, who cannot write here.
            lines.append("user root")
        if password_file:
            lines += ["allow_anonymous false", f"password_file {password_file}"]
        else:
            lines.append("allow_anonymous true")
        if acl_file:
            lines.append(f"acl_file {acl_file}")
        self.config_path.write_text("\n".join(lines) + "\n" + extra_config, encoding="utf-8")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 10.0) -> "LocalBroker":
        self.process = subprocess.Popen(
            [self.binary, "-c", str(self.config_path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                stderr = self.process.stderr.read() if self.process.stderr else b""
                error = stderr.decode(errors="replace").strip()
                log = (
                    self.log_path.read_text(errors="replace")[-400:]
                    if self.log_path.exists()
                    else ""
                )
                raise BrokerUnavailableError(
                    f"mosquitto exited at start on port {self.port}: {error or log}".strip()
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise BrokerUnavailableError(
            f"mosquitto did not listen on port {self.port} within {timeout_s:.0f} s"
        )

    def stop(self, timeout_s: float = 10.0) -> None:
        """SIGTERM (Mosquitto saves its persistence file), then wait; kill if it hangs."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def close(self) -> None:
        """Stop for good: also removes the folder made for it (configuration, persistence)."""
        self.stop()
        if self.made_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def __enter__(self) -> "LocalBroker":
        return self.start() if not self.running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()
