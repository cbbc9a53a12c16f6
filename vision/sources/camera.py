"""The camera source: one capture thread keeping the latest frame, and a watchdog that
reconnects when frames stop (see the package's docstring)."""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from typing import Any, Callable

import numpy as np

from ..contract import Frame, SourceStatus
from .config import SourceConfig, orient

# Every source logs under the package's name, the one the dashboard shows their problems under.
log = logging.getLogger(__package__)


def _fingerprint(image: np.ndarray) -> bytes:
    """A cheap signature to notice a driver that repeats one frozen image."""
    small = image[:: max(1, image.shape[0] // 24), :: max(1, image.shape[1] // 32)]
    return small.tobytes()


def _open_cv_capture(target: int | str, config: SourceConfig):
    import cv2

    if isinstance(target, str) and "://" in target:
        # A network stream: bound how long opening and each read may block inside FFmpeg
        # (its own default is 30 s), so an abandoned read ends and frees its connection.
        timeout_ms = int(config.network_timeout_s * 1000)
        capture = cv2.VideoCapture(
            target,
            cv2.CAP_FFMPEG,
            [
                cv2.CAP_PROP_OPEN_TIMEOUT_MSEC,
                timeout_ms,
                cv2.CAP_PROP_READ_TIMEOUT_MSEC,
                timeout_ms,
            ],
        )
    else:
        capture = cv2.VideoCapture(target)
    if config.width:
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, config.width)
    if config.height:
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, config.height)
    if config.fps:
        capture.set(cv2.CAP_PROP_FPS, config.fps)
    # Keep the driver from queueing old frames; backends without the setting say False.
    capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
    return capture


CaptureFactory = Callable[[Any, SourceConfig], Any]

# Capture threads whose read() has not returned yet after the watchdog gave up on them. Each
# holds a connection until its read times out; beyond this many, no new one is started.
MAX_ABANDONED_READS = 3

# Cameras still open when the program ends, even on an error path that never closed them:
# their threads are stopped before the interpreter shuts down, because a capture thread still
# inside FFmpeg then aborts the process ("terminate called without an active exception").
_OPEN_CAMERAS: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _close_open_cameras() -> None:
    for camera in list(_OPEN_CAMERAS):
        camera.close()


class CameraSource:
    """A webcam (index) or network stream (URL), read by one thread, watched by another.

    `capture_factory(target, config)` returns an object with OpenCV's `isOpened()`,
    `read()` and `release()`; tests pass a fake that stops delivering.

    Only the thread that opened a capture ever reads or releases it: releasing a capture
    while another thread is inside its read() frees what FFmpeg is still using and kills the
    process. The watchdog therefore never touches a capture; it abandons the thread (its
    generation goes stale) and starts a fresh one, and the old thread releases its capture
    when its read returns (at the latest after `network_timeout_s` for a network stream).
    """

    def __init__(
        self,
        target: int | str,
        config: SourceConfig | None = None,
        capture_factory: CaptureFactory = _open_cv_capture,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.target = target
        self.config = config or SourceConfig()
        self._factory = capture_factory
        self._clock = clock
        self._lock = threading.Lock()
        # Signalled by the capture thread on each new frame, so the watcher can wait for one
        # instead of polling (a poll interval would add its length to every frame's delay).
        self._new_frame = threading.Condition(self._lock)
        self._latest: Frame | None = None
        self._delivered_index = -1
        self._frames_read = 0
        self._last_frame_at: float | None = None
        self._last_change_at: float | None = None
        self._fingerprint: bytes | None = None
        self._online = False
        self._reason = "connecting"
        self._code = "connecting"
        self._generation = 0
        self._threads: dict[int, threading.Thread] = {}
        self._restart_pending = False
        self._reconnects = 0
        self._last_problem = ""
        self._closed = threading.Event()
        _OPEN_CAMERAS.add(self)
        self._start_capture_thread()
        self._watchdog = threading.Thread(target=self._watch, name="camera-watchdog", daemon=True)
        self._watchdog.start()

    # -- FrameSource ----------------------------------------------------------------------
    def read(self) -> Frame | None:
        with self._lock:
            frame = self._latest
            if frame is None or frame.index == self._delivered_index:
                return None
            self._delivered_index = frame.index
            return frame

    def wait_for_frame(self, timeout_s: float) -> bool:
        """Block until a frame that `read()` has not handed out yet is there, at most
        `timeout_s`; True when there is one. Frames arriving meanwhile replace each other:
        only the newest is kept, older ones are dropped, never queued."""
        with self._new_frame:
            return self._new_frame.wait_for(
                lambda: self._latest is not None and self._latest.index != self._delivered_index,
                timeout_s,
            )

    def status(self) -> SourceStatus:
        with self._lock:
            age = None if self._last_frame_at is None else self._clock() - self._last_frame_at
            return SourceStatus(
                self._online,
                self._reason,
                age,
                self._frames_read,
                code="" if self._online else self._code,
            )

    def close(self, wait_s: float = 1.0) -> None:
        """Stop every capture thread; each releases its own capture once its read returns.
        Waits up to `wait_s` for them, so a program that ends right after rarely leaves a
        read inside OpenCV while the interpreter shuts down."""
        self._closed.set()
        _OPEN_CAMERAS.discard(self)
        with self._lock:
            self._generation += 1
            self._online = False
            self._reason = "closed"
            self._code = "closed"
            threads = list(self._threads.values())
        deadline = time.monotonic() + wait_s
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    @property
    def reconnects(self) -> int:
        return self._reconnects

    # -- problems -------------------------------------------------------------------------
    def _problem(self, message: str, exc: BaseException) -> None:
        """Log a caught failure with its cause; the dashboard lists the companion's logged
        warnings (web.status.ProblemLog). The same failure again in a row (a camera that
        keeps failing while it reconnects) is logged at debug level only."""
        key = f"{message}: {exc!r}"
        repeated, self._last_problem = key == self._last_problem, key
        log.log(
            logging.DEBUG if repeated else logging.WARNING,
            "camera %r: %s",
            self.target,
            message,
            exc_info=exc,
        )

    # -- threads --------------------------------------------------------------------------
    def _abandoned_reads(self) -> int:
        """Capture threads of an older generation still running (blocked in read or open)."""
        with self._lock:
            for key in [k for k, t in self._threads.items() if not t.is_alive()]:
                del self._threads[key]
            return sum(1 for key in self._threads if key != self._generation)

    def _start_capture_thread(self) -> None:
        stuck = self._abandoned_reads()
        with self._lock:
            self._generation += 1  # any thread still running is now abandoned
            if stuck >= MAX_ABANDONED_READS:
                self._restart_pending = True
                self._online, self._code = False, "stuck"
                self._reason = (
                    f"camera {self.target!r} does not answer ({stuck} reads still "
                    f"blocked); waiting before reconnecting"
                )
                return
            self._restart_pending = False
            generation = self._generation
            thread = threading.Thread(
                target=self._capture_loop,
                args=(generation,),
                daemon=True,
                name=f"camera-capture-{generation}",
            )
            # Started under the lock, so close() and the count of abandoned reads only ever
            # see started threads (the new thread needs no lock to begin).
            thread.start()
            self._threads[generation] = thread

    def _current(self, generation: int) -> bool:
        return not self._closed.is_set() and generation == self._generation

    def _set_offline(self, reason: str, code: str) -> None:
        with self._lock:
            self._online = False
            self._reason = reason
            self._code = code

    def _open(self) -> tuple[Any, str]:
        """A capture that opened, or None and why not."""
        try:
            capture = self._factory(self.target, self.config)
        except Exception as exc:  # noqa: BLE001 - a driver error is a status, not a crash
            self._problem("opening the camera failed", exc)
            return None, f" ({exc})"
        try:
            if capture is not None and capture.isOpened():
                return capture, ""
        except Exception as exc:  # noqa: BLE001
            self._problem("the camera driver failed when asked if it is open", exc)
        self._release(capture)
        return None, ""

    def _release(self, capture) -> None:
        """Release a capture this thread owns (never one another thread may be reading)."""
        if capture is None:
            return
        try:
            capture.release()
        except Exception as exc:  # noqa: BLE001 - the capture is dropped either way
            self._problem("releasing the camera failed", exc)

    def _capture_loop(self, generation: int) -> None:
        backoff = self.config.reconnect_min_s
        while self._current(generation):
            capture, why = self._open()
            if capture is None:
                if not self._current(generation):
                    return
                self._set_offline(
                    f"could not open camera {self.target!r}{why}; retrying in {backoff:.1f} s",
                    "open_failed",
                )
            else:
                try:
                    failures = self._read_until_failure(capture, generation)
                finally:
                    self._release(capture)  # this thread's own capture, after its last read
                if not self._current(generation):
                    return
                self._set_offline(
                    f"camera {self.target!r} stopped delivering frames "
                    f"({failures} failed reads); reconnecting",
                    "stopped",
                )
            if self._closed.wait(backoff):
                return
            backoff = min(backoff * 2, self.config.reconnect_max_s)
            with self._lock:
                self._reconnects += 1

    def _read_until_failure(self, capture, generation: int) -> int:
        failures = 0
        while self._current(generation):
            try:
                ok, image = capture.read()
            except Exception as exc:  # noqa: BLE001 - counted as a failed read
                self._problem("reading from the camera failed", exc)
                ok, image = False, None
            if not self._current(generation):
                return failures  # the watchdog gave up on this thread while read() blocked
            if not ok or image is None or image.size == 0:
                failures += 1
                if failures >= 5:
                    return failures
                time.sleep(0.01)
                continue
            failures = 0
            image = orient(image, self.config)
            now = self._clock()
            signature = _fingerprint(image)
            with self._lock:
                if generation != self._generation:
                    return failures
                self._frames_read += 1
                self._latest = Frame(image, now, self._frames_read)
                self._last_frame_at = now
                self._new_frame.notify_all()
                # A frame equal to the last one seen (also the frozen one from before a
                # reconnect) does not bring the camera back online.
                if signature != self._fingerprint:
                    self._fingerprint = signature
                    self._last_change_at = now
                    self._online = True
                    self._reason = ""
                    self._code = ""
        return failures

    def _watch(self) -> None:
        # Checked often enough that a stall shows within stale_after_s + period (< 2 s).
        period = min(0.25, self.config.stale_after_s / 4)
        while not self._closed.wait(period):
            if self._restart_pending:
                self._start_capture_thread()
                continue
            now = self._clock()
            with self._lock:
                last, changed, online = self._last_frame_at, self._last_change_at, self._online
            if not online or last is None:
                continue
            if now - last > self.config.stale_after_s:
                reason = (
                    f"no frame from camera {self.target!r} for {now - last:.1f} s; reconnecting"
                )
                code = "no_frames"
            elif changed is not None and now - changed > self.config.stale_after_s:
                reason = (
                    f"camera {self.target!r} repeats the same image for {now - changed:.1f} s "
                    f"(frozen); reconnecting"
                )
                code = "frozen"
            else:
                continue
            self._set_offline(reason, code)
            with self._lock:
                self._reconnects += 1
            self._start_capture_thread()  # abandons the current one: it releases its own capture
