"""The JSON API: state, live events (SSE), preview, and commands carrying the state id."""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.errors import MalformedRecordError
from companion.model import Move, Setup
from companion.validation import load_json

from .errors import ApiError
from .live import MJPEG_BOUNDARY, LiveHub
from .roles import require_own_seat, role_of_request, visitor_of_request
from .runtime import Runtime
from .security import COMMAND_BODY_LIMIT

bp = Blueprint("api", __name__, url_prefix="/api")


def runtime() -> Runtime:
    return current_app.extensions["companion_runtime"]


def live() -> LiveHub:
    return current_app.extensions["companion_live"]


# A command nests a few levels at most (a move with a slot list); records allow more.
MAX_COMMAND_DEPTH = 16


def body() -> dict:
    """The request's JSON object, read with the core's safe loader (size, depth, number
    length, lone surrogates): anything else is a 400 in the common shape."""
    raw = request.get_data(cache=True)
    if not raw:
        raise ApiError(
            400, "the request body must be a JSON object (it is empty)", "malformed_json"
        )
    try:
        data = load_json(
            raw, "the command", max_bytes=COMMAND_BODY_LIMIT, max_depth=MAX_COMMAND_DEPTH
        )
    except MalformedRecordError as exc:
        raise ApiError(400, str(exc), "malformed_json") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object", "malformed_json")
    return data


def state_id_of(data: dict) -> int:
    """Commands must say which state they were made against, so a stale page gets 409."""
    value = data.get("state_id")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(
            400,
            "commands need 'state_id', the whole number from the last state",
            "missing_state_id",
        )
    return value


def _answer(rt: Runtime, verdicts) -> Response:
    return jsonify({"verdicts": [v.to_dict() for v in verdicts], "state": rt.snapshot()})


# -- reading --------------------------------------------------------------------------------
@bp.get("/state")
def state():
    return jsonify(runtime().snapshot())


@bp.get("/private")
def private():
    """What only one seat may see (Masterpiece: its own cash), never in the shared state.

    A seat's phone gets its own; the host asks for a seat (`?seat=N`: the host's screen shows
    it only while that player asks); a viewer gets nothing of anyone's."""
    visitor = visitor_of_request()
    if visitor is None or visitor.role == "viewer":
        raise ApiError(403, "a viewer sees no seat's private part", "viewer_only")
    seat = visitor.seat if visitor.role == "player" else request.args.get("seat", type=int)
    rt = runtime()
    with rt.lock:
        session = rt.session
        if seat is None or not 0 <= seat < session.setup.players:
            raise ApiError(400, "say which 'seat' (a seat number of this game)", "bad_player")
        return jsonify(
            {
                "state_id": session.state_id,
                "seat": seat,
                "private": session.game.private_view(session.state, seat),
            }
        )


@bp.get("/legal-moves")
def legal_moves():
    """Moves legal now (for game views that offer them as buttons), at most `limit`; every
    role may read them, so they never depend on a secret (`Game.offered_moves`)."""
    try:
        limit = max(1, min(int(request.args.get("limit", 300)), 2000))
    except ValueError:
        raise ApiError(400, "'limit' must be a whole number", "bad_limit") from None
    rt = runtime()
    with rt.lock:
        session = rt.session
        moves = []
        for move in session.game.offered_moves(session.state):
            if len(moves) == limit:
                break
            moves.append(session.game.public_move(session.state, move).to_dict())
        state_id = session.state_id
    return jsonify({"state_id": state_id, "moves": moves, "truncated": len(moves) == limit})


@bp.get("/camera")
def camera():
    return jsonify(runtime().camera_status())


@bp.get("/preview.jpg")
def preview():
    rt = runtime()
    with rt.lock:
        jpeg = rt.camera.jpeg
        status = rt.camera_status()
    if jpeg is None:
        raise ApiError(404, "no camera frame yet", "no_frame")
    response = Response(jpeg, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Age"] = str(status["preview_age_s"])
    response.headers["X-Camera-Online"] = "1" if status["online"] else "0"
    return response


@bp.get("/preview.mjpeg")
def preview_stream():
    """The annotated preview as MJPEG (for a second screen or a video player); a new part
    only when the camera produced a new frame. `?max=N` ends after N frames."""
    return _stream(
        live().preview_parts(request.args.get("max", type=int)),
        f"multipart/x-mixed-replace; boundary={MJPEG_BOUNDARY}",
    )


def _stream(chunks, mimetype: str) -> Response:
    """A live stream holding one of the server's stream places until the viewer leaves."""
    slot = live().open_stream()
    response = Response(chunks, mimetype=mimetype)
    response.call_on_close(slot.release)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("/catalogue")
def catalogue():
    return jsonify({"pieces": runtime().catalogue()})


@bp.get("/layout")
def layout():
    """The table's regions and, for each, the range of every slot coordinate, for this game
    at this player count (the declarations that judge a camera event): what the
    hand-correction pickers offer instead of a region and slot typed by hand."""
    from companion.validation import Context, declarations_of

    session = runtime().session
    ctx = Context(session.game, session.setup)
    regions = declarations_of(session.game.info.slug).regions(ctx)
    return jsonify(
        {
            "regions": [
                {"region": name, "slots": [list(spec.bounds(ctx)) for spec in shape.coordinates]}
                for name, shape in regions.items()
            ]
        }
    )


@bp.get("/games")
def games():
    return jsonify(
        {
            "games": runtime().games(),
            "current": runtime().game_id,
            "available": Runtime.available_games(),
        }
    )


def _require_stored(game_id: int) -> dict:
    for stored in runtime().games():
        if stored["id"] == game_id:
            return stored
    raise ApiError(404, f"there is no stored game #{game_id}", "no_such_game")


@bp.get("/games/<int:game_id>/record")
def export_record(game_id: int):
    stored = _require_stored(game_id)
    if stored["result"] is None and role_of_request() != "host":
        # A game still being played keeps secrets (Masterpiece's value cards under the
        # paintings): its record, every card in it, is the host's until the game ends.
        raise ApiError(403, "an unfinished game's record is the host's", "host_only")
    record = runtime().export_record(game_id)
    response = Response(
        json.dumps(record.to_dict(), ensure_ascii=False, indent=1), mimetype="application/json"
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{record.game}-game-{game_id}.json"'
    )
    return response


@bp.get("/kit")
def kit():
    from .kit import kit_links

    session = runtime().session
    return jsonify(kit_links(session.game.info.slug, session.setup.players))


@bp.get("/events")
def events():
    """Server-Sent Events: `state` on every change, `camera` about once a second.

    `?max=N` ends the stream after N events (tests and simple scripts use it). Every
    listener sends the same bytes, built once per change by web.live.
    """
    return _stream(live().events(request.args.get("max", type=int)), "text/event-stream")


# -- commands -------------------------------------------------------------------------------
@bp.post("/move")
def move():
    data = body()
    move_data = data.get("move")
    if not isinstance(move_data, dict):
        raise ApiError(400, "a move command needs 'move', an object with a 'kind'", "bad_move")
    move = Move.from_dict(move_data)
    require_own_seat(move.player)
    rt = runtime()
    verdict = rt.play(move, state_id_of(data))
    return _answer(rt, [verdict])


@bp.post("/undo")
def undo():
    data = body()
    rt = runtime()
    verdict = rt.undo(state_id_of(data))
    return _answer(rt, [verdict])


@bp.post("/redo")
def redo():
    """Play the move undone last again (as a new, checked move; a new move ends redo)."""
    data = body()
    rt = runtime()
    verdict = rt.redo(state_id_of(data))
    return _answer(rt, [verdict])


@bp.post("/cannot-play")
def cannot_play():
    """Musée: a player declares they cannot place any card from hand (hands are hidden)."""
    data = body()
    player = data.get("player")
    if not isinstance(player, int) or isinstance(player, bool):
        raise ApiError(400, "say which 'player' (seat number) cannot play", "bad_player")
    require_own_seat(player)
    rt = runtime()
    verdict = rt.play(Move("cannot_play", player), state_id_of(data))
    return _answer(rt, [verdict])


@bp.post("/correct")
def correct():
    """Manual correction: add a misread/missing card to a slot, or remove one."""
    data = body()
    action = data.get("action")
    payload = data.get("payload")
    if not isinstance(payload, str) or not payload.strip():
        raise ApiError(400, "a correction needs 'payload', the card's code", "bad_payload")
    slot = data.get("slot")
    if slot is not None and not (
        isinstance(slot, list) and all(isinstance(s, (int, str)) for s in slot)
    ):
        raise ApiError(400, "'slot' must be a list", "bad_slot")
    region = data.get("region")
    if action == "add" and not isinstance(region, str):
        raise ApiError(400, "adding a card needs 'region'", "bad_region")
    rt = runtime()
    verdicts = rt.correct(
        state_id_of(data), str(action), payload, region, slot, kind=str(data.get("kind", "card"))
    )
    return _answer(rt, verdicts)


@bp.post("/new-game")
def new_game():
    data = body()
    game = data.get("game")
    if not isinstance(game, str):
        raise ApiError(400, "say which 'game' to start", "bad_game")
    names = data.get("names") or []
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    # No player-count check here: Setup refuses a count beyond any table before allocating,
    # and the game refuses a count it does not seat in its own two languages.
    setup = Setup.from_dict(
        {"players": data.get("players"), "names": names, "options": data.get("options") or {}}
    )
    rt = runtime()
    rt.new_game(game, setup)
    return jsonify(rt.snapshot())


@bp.post("/games/<int:game_id>/open")
def open_game(game_id: int):
    _require_stored(game_id)
    rt = runtime()
    rt.open_game(game_id)
    return jsonify(rt.snapshot())


@bp.post("/games/import")
def import_game():
    """Import a record (the JSON that export gives, or a JSONL log) as a new stored game."""
    raw = request.get_data(as_text=True)
    open_it = request.args.get("open") in ("1", "true", "yes")
    rt = runtime()
    game_id = rt.import_record(raw, open_it=open_it)  # read with the core's safe loader
    return jsonify({"game_id": game_id, "games": rt.games()}), 201


@bp.post("/calibration/corners")
def corners():
    data = body()
    points: Any = data.get("points")
    if not (
        isinstance(points, list)
        and len(points) == 4
        and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(c, (int, float)) for c in p)
            for p in points
        )
    ):
        raise ApiError(400, "'points' must be four [x, y] pixel positions", "bad_points")
    runtime().set_manual_corners([(float(x), float(y)) for x, y in points])
    return jsonify(runtime().camera_status())


@bp.get("/health")
def health():
    return jsonify({"ok": True, "time": time.time()})
