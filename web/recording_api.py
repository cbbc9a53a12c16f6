"""The camera check's "Save a recording of this game" button (web/static/recording.js).

    GET  /api/recording                        whether a recording runs, its folder, frames,
                                               whether one can (can_record: a camera)
    POST /api/recording {"action": "start", "mat_only": true, "fps": 2}    (host only)
    POST /api/recording {"action": "stop"}                                  (host only)

A recording goes into a new folder under `recordings/` beside the game's database (the
app's `RECORDINGS_DIR` config overrides it), named after the game and the time; stopping
writes its inputs.json (web/game_recorder.py). A recording still running when the server
stops is written then.
"""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Blueprint, current_app, jsonify

from .api import body, runtime
from .errors import ApiError
from .game_recorder import GameRecorder, can_record, default_folder

bp = Blueprint("recording", __name__, url_prefix="/api")
_lock = threading.Lock()
EXTENSION = "companion_recorder"


def _recorder() -> GameRecorder | None:
    return current_app.extensions.get(EXTENSION)


def _status() -> dict:
    """The recording's state, and whether one could start: `can_record` is false on a
    table with no camera (the page disables the button and says why)."""
    recorder = _recorder()
    rt = runtime()
    with rt.lock:
        possible = can_record(rt)
    if recorder is None:
        status = {"recording": False, "folder": None, "frames_kept": 0, "written": None}
    else:
        status = recorder.status()
    return dict(status, can_record=possible)


@bp.get("/recording")
def recording_status():
    return jsonify(_status())


@bp.post("/recording")
def recording_command():
    data = body()
    action = data.get("action")
    with _lock:
        if action == "start":
            _start(data)
        elif action == "stop":
            recorder = _recorder()
            if recorder is None or not recorder.recording:
                raise ApiError(409, "nothing is being recorded")
            recorder.stop()
        else:
            raise ApiError(400, "action must be 'start' or 'stop'")
    return jsonify(_status())


def _start(data: dict) -> None:
    recorder = _recorder()
    if recorder is not None and recorder.recording:
        raise ApiError(409, "a recording is already running")
    mat_only = data.get("mat_only", False)
    fps = data.get("fps", 2)
    if not isinstance(mat_only, bool):
        raise ApiError(400, "mat_only must be true or false")
    if isinstance(fps, bool) or not isinstance(fps, (int, float)):
        raise ApiError(400, "fps must be a number")
    rt = runtime()
    base = current_app.config.get("RECORDINGS_DIR") or Path(rt.store.path).parent / "recordings"
    folder = default_folder(base, rt.session.game.info.slug)
    recorder = GameRecorder(
        rt, folder, float(fps), mat_only=mat_only, source_label=rt.camera.source or ""
    )
    recorder.start()
    current_app.extensions[EXTENSION] = recorder

    def stop_on_close() -> None:
        if recorder.recording:
            recorder.stop()

    rt.on_close.append(stop_on_close)
