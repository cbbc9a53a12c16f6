"""Serving the dashboard with waitress, a production WSGI server, instead of Werkzeug's
development server: read timeouts, a body-size limit, enough threads for a café of phones
on the live stream, an access log with the token redacted, and an orderly stop.

Waitress hands each request to a worker thread and flushes every chunk a streaming response
yields (send_bytes is 1 since waitress 3), so Server-Sent Events and the MJPEG preview stream
as they are produced. A stream holds its thread for as long as the viewer stays, so the pool
is sized for the live viewers plus room for commands, and web.live caps the streams below it.
"""

from __future__ import annotations

import logging
import re
import signal
import time
from typing import Any, Callable

# 50 phones on the live stream + a preview viewer or two + commands and page loads.
THREADS = 72
# Streams (SSE + MJPEG) beyond this get a 503: commands must always find a free thread.
MAX_STREAMS = THREADS - 12
# A connection that sends nothing for this long (say a body shorter than its Content-Length)
# is closed; streams are not affected while their response is running.
READ_TIMEOUT_S = 10
# The biggest body any route accepts (an imported game record); waitress refuses more
# before reading it. Flask applies smaller limits per route (web.limits).
MAX_BODY_BYTES = 8 * 1024 * 1024
CONNECTION_LIMIT = 200

access_log = logging.getLogger("web.access")
_TOKEN_IN_QUERY = re.compile(r"(?i)(^|[?&])(token=)[^&]*")


def redact(path_and_query: str) -> str:
    """`/?token=abc&x=1` -> `/?token=[redacted]&x=1`: access tokens never reach a log."""
    return _TOKEN_IN_QUERY.sub(r"\1\2[redacted]", path_and_query)


class AccessLog:
    """WSGI middleware logging one line per request (method, path, status, time to first
    byte), with the access token redacted from the query string."""

    def __init__(self, app: Callable):
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        started = time.monotonic()
        path = environ.get("PATH_INFO", "")
        if environ.get("QUERY_STRING"):
            path += "?" + environ["QUERY_STRING"]

        def logged_start_response(status, headers, exc_info=None):
            access_log.info(
                "%s %s %s %s %.1fms",
                environ.get("REMOTE_ADDR", "-"),
                environ.get("REQUEST_METHOD", "-"),
                redact(path),
                status.split(" ", 1)[0],
                (time.monotonic() - started) * 1000,
            )
            return start_response(status, headers, exc_info)

        return self.app(environ, logged_start_response)


def create_server(app, host: str, port: int, *, threads: int = THREADS):
    """A bound waitress server (not yet running); `.effective_port` is the real port."""
    from waitress import create_server as waitress_server

    server = waitress_server(
        AccessLog(app),
        host=host,
        port=port,
        threads=threads,
        channel_timeout=READ_TIMEOUT_S,
        cleanup_interval=2,
        max_request_body_size=MAX_BODY_BYTES,
        connection_limit=CONNECTION_LIMIT,
        ident="table-companion",
        clear_untrusted_proxy_headers=True,
    )
    server.channel_class = _json_error_channel()
    return server


def _json_error_channel():
    """waitress answers some requests itself, before the app sees them (a body over
    MAX_BODY_BYTES is refused unread; a malformed request line; headers too large). Its
    channel's `error_task_class` is the hook waitress offers for that answer: ours speaks the
    dashboard's one JSON error shape, with the sentence in both languages."""
    import json

    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask

    from .errors import error_body
    from .security import STATIC_HEADERS

    class JsonErrorTask(ErrorTask):
        def execute(self):
            error = self.request.error
            # waitress's own words stay the precise detail, as Flask's do in `message`
            body = json.dumps(
                error_body(error.code, f"{error.reason}: {error.body}"), ensure_ascii=False
            ).encode("utf-8")
            self.status = f"{error.code} {error.reason}"
            self.response_headers.append(("Content-Type", "application/json"))
            self.response_headers.extend(STATIC_HEADERS.items())
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class JsonErrorChannel(HTTPChannel):
        error_task_class = JsonErrorTask

    return JsonErrorChannel


def serve_until_stopped(
    server, on_stop: Callable[[], None], before_stop: Callable[[], None] | None = None
) -> None:
    """Run until Ctrl-C or SIGTERM. `before_stop` ends the live streams (so the worker
    threads are free at once); `on_stop` (which closes the store) runs on every orderly
    stop, also when serving itself fails."""

    stopped = False

    def end_streams():
        nonlocal stopped
        if before_stop is not None and not stopped:
            stopped = True
            before_stop()

    def _terminate(signum, frame):
        # Streams end first: waitress then waits for its worker threads, which are free.
        end_streams()
        raise SystemExit(0)  # ends waitress's loop (it catches SystemExit itself)

    previous = {sig: signal.signal(sig, _terminate) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        try:
            server.run()
        except KeyboardInterrupt:
            pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        end_streams()
        try:
            server.close()
        finally:
            on_stop()
