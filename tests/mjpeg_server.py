"""A misbehaving network camera for fault-injection tests: an MJPEG stream on 127.0.0.1.

`mode` says what every open connection does right now:
  "stream"  a new picture every `period_s` (a counter drawn into it, so frames differ),
  "stall"   keep the connection open and send nothing (a frozen network camera),
  "freeze"  keep sending one and the same picture (a driver stuck on one image),
  "down"    drop every connection and refuse new ones at once (cable pulled).
"""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from http.server import BaseHTTPRequestHandler

import cv2
import numpy as np

BOUNDARY = b"frame"


def picture(number: int) -> bytes:
    image = np.full((120, 160, 3), 40, np.uint8)
    cv2.putText(image, str(number), (10, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (255, 255, 255), 3)
    cv2.rectangle(image, (number % 140, 100), (number % 140 + 20, 118), (0, 200, 0), -1)
    return cv2.imencode(".jpg", image)[1].tobytes()


class FlakyMjpegServer:
    def __init__(self, period_s: float = 0.04, pictures=picture):
        self.period_s = period_s
        self.pictures = pictures  # frame number -> JPEG bytes
        self.mode = "stream"
        self.last_new_frame_at: float | None = None  # time.monotonic() of the last new picture
        self.connections = 0
        self._frozen = picture(0)
        self._number = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sockets: set[socket.socket] = set()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # http.server's naming
                server._serve(self)

            def log_message(self, *args):
                pass

        self._httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/stream.mjpg"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def set_mode(self, mode: str) -> float:
        """Switch behaviour; returns the monotonic time of the switch."""
        assert mode in {"stream", "stall", "freeze", "down"}
        with self._lock:
            self.mode = mode
            if mode == "down":
                for sock in list(self._sockets):
                    try:
                        sock.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
            return time.monotonic()

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        with self._lock:
            if self.mode == "down":
                handler.close_connection = True
                return  # closes without an answer: the camera is unreachable
            self.connections += 1
            self._sockets.add(handler.connection)
        try:
            handler.send_response(200)
            handler.send_header(
                "Content-Type", "multipart/x-mixed-replace; boundary=" + BOUNDARY.decode()
            )
            handler.end_headers()
            while not self._stop.is_set():
                mode = self.mode
                if mode == "down":
                    return
                if mode == "stall":
                    time.sleep(0.02)
                    continue
                if mode == "freeze":
                    data = self._frozen
                else:
                    with self._lock:
                        self._number += 1
                        number = self._number
                    data = self.pictures(number)
                    self._frozen = data  # a freeze repeats the last picture sent
                handler.wfile.write(
                    b"--"
                    + BOUNDARY
                    + b"\r\nContent-Type: image/jpeg\r\n"
                    + b"Content-Length: %d\r\n\r\n" % len(data)
                    + data
                    + b"\r\n"
                )
                handler.wfile.flush()
                if mode == "stream":
                    self.last_new_frame_at = time.monotonic()
                time.sleep(self.period_s)
        except OSError:
            pass  # the client went away or the test pulled the cable
        finally:
            with self._lock:
                self._sockets.discard(handler.connection)

    def close(self) -> None:
        self._stop.set()
        self.set_mode("down")
        self._httpd.shutdown()
        self._httpd.server_close()
