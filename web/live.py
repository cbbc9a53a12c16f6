"""Live streams for every viewer: Server-Sent Events of the state, and the MJPEG preview.

With fifty phones listening, building and serialising a snapshot per listener under the
game's lock made every command wait for all of them. Here one publisher thread builds each
state snapshot once per change, serialises it once (outside the lock, off the command path)
and hands the same bytes to every listener; listeners only wait and send. The preview works
the same way: the camera thread produces a frame, each viewer sends the one shared part.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Iterator

from .errors import ApiError

log = logging.getLogger(__name__)
MJPEG_BOUNDARY = "companionframe"
# At most this many state broadcasts a second: changes that come faster are coalesced (the
# latest state wins), so a burst of commands costs each listener one send, not one each.
# A change after a quiet moment goes out at once; only bursts wait (at most 0.2 s). Each
# broadcast wakes every listener's thread, and those wake-ups compete with commands for
# Python's one interpreter lock: this is what keeps 50 listeners from slowing commands.
MAX_STATE_RATE_HZ = 5
CAMERA_POLL_S = 0.25  # how soon a camera going on- or offline reaches every viewer


class LiveHub:
    def __init__(self, runtime, heartbeat_s: float = 1.0, max_streams: int = 60):
        self.runtime = runtime
        self.heartbeat_s = heartbeat_s
        self.max_streams = max_streams
        self._published = threading.Condition()
        self._state: tuple[int, bytes] | None = None  # (runtime version, SSE event bytes)
        self._camera: tuple[int, bytes] | None = None  # (tick, SSE event bytes)
        self._part: tuple[int, bytes] | None = None  # (frame number, MJPEG part bytes)
        self._streams = 0
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    # -- the one publisher ----------------------------------------------------------------
    def _ensure_publisher(self) -> None:
        with self._start_lock:
            if self._thread is None and not self._stopping.is_set():
                self._thread = threading.Thread(
                    target=self._publish_loop, name="live-publisher", daemon=True
                )
                self._thread.start()

    def _publish_loop(self) -> None:
        rt = self.runtime
        seen: int | None = None
        tick, last_camera, last_state = 0, 0.0, 0.0
        camera_sent: tuple | None = None  # (online, reason) of the last camera event sent
        while not self._stopping.is_set():
            with rt.changed:
                # wake at least every CAMERA_POLL_S: a camera going dark must reach the
                # page at once, not at the next heartbeat
                if rt.version == seen:
                    rt.changed.wait(timeout=min(self.heartbeat_s, CAMERA_POLL_S))
                version = rt.version
            if self._stopping.is_set():
                break
            try:
                if version != seen:
                    # coalesce a burst: wait out the rest of the interval since the last send
                    self._stopping.wait(
                        max(0.0, last_state + 1 / MAX_STATE_RATE_HZ - time.monotonic())
                    )
                    last_state = time.monotonic()
                    snap = rt.snapshot()  # the game's lock is held only while building
                    seen = snap["version"]
                    data = json.dumps(snap, ensure_ascii=False)
                    event = f"event: state\nid: {seen}\ndata: {data}\n\n".encode()
                    self._publish(state=(seen, event))
                status = rt.camera.status
                camera_now = (status.get("online"), status.get("reason"))
                if camera_now != camera_sent or time.monotonic() - last_camera >= self.heartbeat_s:
                    tick += 1
                    last_camera, camera_sent = time.monotonic(), camera_now
                    data = json.dumps(rt.camera_status(), ensure_ascii=False)
                    self._publish(camera=(tick, f"event: camera\ndata: {data}\n\n".encode()))
            except Exception:  # the stream must outlive one bad snapshot
                log.exception("building the live state for the dashboard failed")
                self._stopping.wait(self.heartbeat_s)

    def _publish(self, state=None, camera=None) -> None:
        with self._published:
            if state is not None:
                self._state = state
            if camera is not None:
                self._camera = camera
            self._published.notify_all()

    def stop(self) -> None:
        """End every stream (an orderly stop must not wait for phones to hang up)."""
        self._stopping.set()
        with self._published:
            self._published.notify_all()
        with self.runtime.changed:
            self.runtime.changed.notify_all()
        frame_ready = getattr(self.runtime, "frame_ready", None)
        if frame_ready is not None:
            with frame_ready:
                frame_ready.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    # -- streams --------------------------------------------------------------------------
    def open_stream(self) -> "StreamSlot":
        """A place for one more live viewer, or a 503 when the server has none to spare
        (commands must always find a free thread)."""
        with self._published:
            if self._streams >= self.max_streams:
                raise ApiError(
                    503,
                    f"too many live viewers ({self.max_streams}); close a "
                    "dashboard on another device and reload",
                    "too_many_viewers",
                )
            self._streams += 1
        return StreamSlot(self)

    def _release(self) -> None:
        with self._published:
            self._streams -= 1

    @property
    def streams(self) -> int:
        return self._streams

    def events(self, limit: int | None) -> Iterator[bytes]:
        """SSE: the current state first, then every change; a camera status in between."""
        self._ensure_publisher()
        rt = self.runtime
        sent_state: int | None = None
        sent_camera = self._camera[0] if self._camera else 0
        sent = 0
        yield b"retry: 2000\n\n"
        while limit is None or sent < limit:
            with self._published:
                while True:
                    if self._stopping.is_set():
                        return
                    state, camera = self._state, self._camera
                    # a change not yet published goes first: wait for it rather than send
                    # a camera heartbeat from before it
                    pending = state is None or rt.version != state[0]
                    if not pending and state is not None and state[0] != sent_state:
                        sent_state, chunk = state
                        break
                    if not pending and camera is not None and camera[0] != sent_camera:
                        sent_camera, chunk = camera
                        break
                    self._published.wait(timeout=self.heartbeat_s * 2)
            yield chunk
            sent += 1

    def preview_parts(self, limit: int | None) -> Iterator[bytes]:
        """MJPEG parts: a new one when the camera produced a new frame, and the same frame
        again every few seconds so a viewer that left is noticed (the write fails)."""
        rt = self.runtime
        sent, last = 0, None
        while limit is None or sent < limit:
            with rt.frame_ready:
                rt.frame_ready.wait_for(
                    lambda last=last: (
                        self._stopping.is_set()
                        or (rt.camera.jpeg is not None and rt.camera.frame_no != last)
                    ),
                    timeout=5.0,
                )
            if self._stopping.is_set():
                return
            part = self._current_part()
            if part is None:
                continue
            last = part[0]
            sent += 1
            yield part[1]

    def _current_part(self) -> tuple[int, bytes] | None:
        """The multipart chunk for the newest frame, built once and shared by every viewer."""
        camera = self.runtime.camera
        jpeg, number = camera.jpeg, camera.frame_no
        if jpeg is None:
            return None
        with self._published:
            if self._part is None or self._part[0] != number:
                head = (
                    f"--{MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                    f"Content-Length: {len(jpeg)}\r\n\r\n"
                ).encode()
                self._part = (number, head + jpeg + b"\r\n")
            return self._part


class StreamSlot:
    """Released exactly once, when the response is closed (also if it never started)."""

    def __init__(self, hub: LiveHub):
        self._hub = hub
        self._released = False
        self._lock = threading.Lock()

    def release(self) -> None:
        with self._lock:
            if self._released:
                return
            self._released = True
        self._hub._release()
