"""The camera's picture with what was read: the data the dashboard and the TV draw over it.

`GET /api/overlay` says, for the newest camera frame, every card read in it with its outline
in the picture's pixels and its state: `read` (a card on the table), `just_laid` (the card
whose placement made the last move), `illegal` (on the table against the rules, with the
reason in both languages), `uncertain` (read, but not counted: vision/uncertainty.py), and
`unread` (a card the table holds that this frame did not read: its place outlined).
`GET /api/overlay/<frame>.jpg` is that frame's picture, undrawn. The frame number ties the
two: the page asks for the picture of the frame the data describes, and a few recent frames
are kept, so the picture and the outlines always come from the same frame (a frame replaced
since is a 404, and the page asks for the data again).

A hidden card is never named (`Catalogue.may_name`, the rule the preview and "Not sure yet"
share): a face-down card (its back's code) is outlined without a name, and a card whose face
its game hides (it has a `back`) is named only once it lies face up on the table, where the
dashboard's state already shows it; a glimpse of one being moved is an unnamed outline.

No camera: no picture, no data (404), and nothing is computed. The pictures come from the
camera thread (vision.overlay.FramePicture, made with the preview); the JPEG is encoded only
when a page asks for it.
"""

from __future__ import annotations

import collections
import threading
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, jsonify

from .errors import ApiError

if TYPE_CHECKING:  # pragma: no cover
    from .runtime import Runtime

bp = Blueprint("overlay", __name__, url_prefix="/api")
KEEP_FRAMES = 8  # about a second of previews: a page that asked for the data still gets its picture


class PictureShelf:
    """The last few frames' pictures by frame number (the runtime's `camera.frame_no`)."""

    def __init__(self, keep: int = KEEP_FRAMES):
        self._frames: collections.OrderedDict[int, Any] = collections.OrderedDict()
        self._keep = keep
        self._lock = threading.Lock()

    def add(self, frame_no: int, picture: Any) -> None:
        """Keep `picture` as frame `frame_no` (None, from a watcher that makes none: nothing)."""
        if picture is None:
            return
        with self._lock:
            self._frames[frame_no] = picture
            while len(self._frames) > self._keep:
                self._frames.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._frames.clear()

    def latest(self) -> tuple[int, Any] | None:
        with self._lock:
            return next(reversed(self._frames.items()), None)

    def get(self, frame_no: int) -> Any:
        with self._lock:
            return self._frames.get(frame_no)


def overlay_view(rt: "Runtime") -> dict:
    """The newest frame's outlines and states (see the module doc); ApiError 404 without."""
    if rt.watcher is None:
        raise ApiError(404, "no camera is attached", "no_camera")
    latest = rt.pictures.latest()
    if latest is None:
        raise ApiError(404, "no camera frame yet", "no_frame")
    frame_no, picture = latest
    with rt.lock:
        items = _items(rt, picture)
    width, height = picture.size
    to_mat = picture.picture_to_mat()
    return {
        "frame": frame_no,
        "picture": f"/api/overlay/{frame_no}.jpg",
        "width": width,
        "height": height,
        "picture_to_mat": to_mat.round(6).tolist() if to_mat is not None else None,
        "items": items,
    }


def _items(rt: "Runtime", picture: Any) -> list[dict]:
    """Cards read in the frame, then cards the table holds that it did not read, then
    readings in doubt (vision/uncertainty.py) whose code this frame did not read."""
    session = rt.session
    catalogue = session.game.catalogue
    items, read_tracks = [], set()
    for code in picture.codes:
        printed = catalogue.get(code.payload)
        if printed is None or printed.kind == "token":
            continue
        face_down = printed.kind == "back"
        on_table = _on_table(session.table, code, face_down)
        if on_table is not None:
            read_tracks.add(on_table.track_id)
            items.append(_placed(on_table, code.polygon, session))
        else:
            # not on the table: a back, or a hidden face glimpsed, stays unnamed
            name = code.payload if catalogue.may_name(code.payload) else None
            items.append(_item(name, code.polygon, "uncertain", face_down))
    for piece in session.table.values():
        polygon = picture.place_polygon(piece.where.region, piece.where.slot)
        if piece.kind == "token" or piece.track_id in read_tracks or polygon is None:
            continue
        item = _placed(piece, polygon, session)
        if item["state"] != "illegal":
            item["state"] = "unread"
        items.append(item)
    read_codes = {item["code"] for item in items if item["code"] is not None}
    face_up = {piece.payload for piece in session.table.values() if not piece.face_down}
    for reading in rt.camera.uncertain:  # already unnamed where the rules hide the card
        polygon = picture.place_polygon(reading["region"], reading["slot"])
        if reading["kind"] == "token" or reading["payload"] in read_codes or polygon is None:
            continue
        payload = reading["payload"]
        named = catalogue.may_name(payload, face_up)
        items.append(_item(payload if named else None, polygon, "uncertain"))
    return items


def _on_table(table: dict, code: Any, face_down: bool) -> Any:
    """The table's piece this code is: by the tracker's track, else (a face's payload is one
    physical card) by payload, as after a restart, when the tracker counts its tracks anew."""
    piece = table.get(code.track_id) if code.track_id is not None else None
    if piece is None and not face_down:
        piece = next((p for p in table.values() if p.payload == code.payload), None)
    return piece


def _placed(piece: Any, polygon, session: Any) -> dict:
    """A card the table holds: illegal (with why), just laid, or read."""
    name = None if piece.face_down else piece.payload
    violations = session.alerts.get(piece.payload, ())
    if violations:
        item = _item(name, polygon, "illegal", piece.face_down)
        item["reasons"] = [v.message.to_dict() for v in violations]
        return item
    just_laid = piece.payload == session.last_move_piece and not piece.face_down
    return _item(name, polygon, "just_laid" if just_laid else "read", piece.face_down)


def _item(code: str | None, polygon, state: str, face_down: bool = False) -> dict:
    return {
        "code": code,
        "state": state,
        "face_down": face_down,
        "polygon": [[float(x), float(y)] for x, y in polygon],
    }


@bp.get("/overlay")
def overlay():
    return jsonify(overlay_view(current_app.extensions["companion_runtime"]))


@bp.get("/overlay/<int:frame_no>.jpg")
def overlay_picture(frame_no: int):
    rt = current_app.extensions["companion_runtime"]
    picture = rt.pictures.get(frame_no)
    if picture is None:
        raise ApiError(404, f"frame {frame_no} is no longer kept; ask /api/overlay", "frame_gone")
    response = Response(picture.jpeg(), mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame"] = str(frame_no)
    return response
