"""A simulated table for any bundled recorded game: `companion demo --simulated --game GAME`.

The bundled recordings (`sample_images/<game>-<N>p`) keep, beside every frame, what truly
lay on the table (`NNNN.json`: cards, tokens and dice with their region and slot). This
watcher plays those tables without the camera pipeline: each step compares one frame's table
with the one before and emits the settled events the tracker would (added, moved, removed),
and shows the recorded frame itself as the camera picture. Wrapped in
`web.recording.RecordedInputs`, the players' typed inputs (bids, "stop drawing") follow as in
the recording, so the chosen game is played to its end, not the scripted Musée game.
"""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any

from companion.events import CardAdded, CardMoved, CardRemoved, TableEvent, Where
from vision.contract import SourceStatus, WatchStep

Piece = tuple[str, str, bool, Where, Any]  # key, payload, face down, where, die value


def frame_tables(folder: Path) -> list[list[dict]]:
    """Every frame's pieces in order (cards, tokens and dice; a piece under a hand is still
    on the table)."""
    tables = []
    for truth in sorted(folder.glob("[0-9]*.json")):
        data = json.loads(truth.read_text(encoding="utf-8"))
        pieces = [dict(p, kind="card") for p in data.get("cards", ())]
        pieces += [dict(p, kind="token") for p in data.get("tokens", ())]
        pieces += [dict(p, kind="die") for p in data.get("dice", ())]
        tables.append(pieces)
    return tables


def table_steps(game: str, players: int, tables: list[list[dict]]) -> list[list[TableEvent]]:
    """One step of events per frame: what changed on the table since the frame before."""
    from calibration.layouts import load_layout
    from companion.catalogue import load_catalogue

    layout = load_layout(game, players)
    catalogue = load_catalogue(game)
    before: dict[str, Piece] = {}
    steps = []
    for t, table in enumerate(tables):
        now = _keyed(table, layout, catalogue)
        events: list[TableEvent] = []
        for key, (_, payload, face_down, where, value) in now.items():
            kind = _kind_of(key)
            if key not in before:
                events.append(
                    CardAdded(key, payload, where, kind, face_down, float(t), value=value)
                )
            elif (before[key][3].region, before[key][3].slot, before[key][4]) != (
                where.region,
                where.slot,
                value,
            ):
                events.append(
                    CardMoved(
                        key, payload, where, before[key][3], kind, face_down, float(t), value=value
                    )
                )
        for key, (_, payload, *_rest) in before.items():
            if key not in now:
                events.append(CardRemoved(key, payload, _kind_of(key), float(t)))
        steps.append(events)
        before = now
    return steps


def _kind_of(key: str) -> str:
    return key.split(":", 1)[0]


def _keyed(table: list[dict], layout, catalogue) -> dict[str, Piece]:
    """Pieces by a stable key: a face by its payload; a card back by its place (backs are
    shared); a die by its colour and its order among that colour's dice."""
    keyed: dict[str, Piece] = {}
    seen: dict[str, int] = {}
    for piece in table:
        payload, kind = piece["payload"], piece["kind"]
        known = catalogue.get(payload)
        face_down = known is not None and known.kind == "back"
        slot = tuple(piece["slot"]) if piece.get("slot") is not None else None
        count = seen[payload] = seen.get(payload, 0) + 1
        if kind == "die":
            key = f"die:{payload}:{count}"
        elif face_down:
            key = f"card:{payload}:{piece.get('region')}:{slot}:{count}"
        else:
            key = f"{kind}:{payload}"
        where = _where(piece, slot, layout, count)
        keyed[key] = (key, payload, face_down, where, piece.get("value"))
    return keyed


def _where(piece: dict, slot: tuple | None, layout, count: int) -> Where:
    region = piece.get("region")
    x, y = piece.get("x_mm"), piece.get("y_mm")
    if x is None and region is not None:
        try:
            area = layout.region(region)
            if slot is not None:
                x, y = area.slot(slot).center_mm
            else:
                rx, ry, _, _ = area.rect_mm
                x, y = rx + 40.0 * count, ry + 50.0
        except KeyError:
            x, y = None, None
    return Where(region, slot, x, y)


# The tracker settles a piece once seen in 3 of the last 5 frames: what changed in frame N
# reaches the game two frames later. The recordings' typed inputs (a value card drawn, a
# bid) are timed for that delay, so the simulated table keeps it.
SETTLE_FRAMES = 2


class SimulatedTable:
    """The recorded tables of `folder`, one frame per `step()`, like a camera at a steady
    pace (a watcher: see vision.contract.WatchStep)."""

    def __init__(self, folder: Path, game: str, players: int, pictures: bool = True):
        self.folder = folder
        self._frames = sorted(folder.glob("[0-9]*.jpg")) if pictures else []
        steps = table_steps(game, players, frame_tables(folder))
        self._steps: list[list[TableEvent]] = [[] for _ in range(SETTLE_FRAMES)] + steps
        self._next = 0
        self._last_frame: float | None = None
        self.manual_corners: list[tuple] | None = None

    def step(self) -> WatchStep:
        if self._next >= len(self._steps):
            age = None if self._last_frame is None else time.monotonic() - self._last_frame
            status = SourceStatus(False, "demo recording finished", age, self._next, finished=True)
            return WatchStep([], None, status, calibrated=True)
        events = self._steps[self._next]
        shown = min(self._next, len(self._frames) - 1)
        picture = self._frames[shown] if shown >= 0 else None
        self._next += 1
        self._last_frame = time.monotonic()
        return WatchStep(
            list(events),
            _preview(picture),
            SourceStatus(True, "simulated table (demo)", 0.0, self._next),
            calibrated=True,
            reprojection_error_mm=0.0,
        )

    def set_manual_corners(self, points) -> None:
        self.manual_corners = [tuple(p) for p in points]

    def close(self) -> None:
        self._next = len(self._steps)


def _preview(picture: Path | None, width: int = 960) -> bytes | None:
    """The recorded frame, shrunk to the preview's width, marked as a simulation."""
    if picture is None:
        return None
    from PIL import Image, ImageDraw

    from .demo import _font

    with Image.open(picture) as opened:
        image = opened.convert("RGB")
    image.thumbnail((width, width))
    draw = ImageDraw.Draw(image)
    draw.text((10, image.height - 22), "DEMO - simulated table", fill="#ffd54f", font=_font(14))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def attach_simulated_table(runtime, folder: Path, game: str, players: int, pace: float) -> str:
    """Play the recorded game of `folder` on `runtime` through a simulated table, its typed
    inputs included; returns the sentence `companion demo` prints."""
    from .recording import RecordedInputs, load_recording

    table = SimulatedTable(folder, game, players)
    runtime.attach_watcher(
        RecordedInputs(table, load_recording(folder)), "demo: simulated table", pace
    )
    return f"Playing the recorded {game} game of {folder} through a simulated table."


def play_demo(
    runtime, folder: Path | None, slug: str, players: int, names, pace: float, simulated: bool
) -> str:
    """Attach the recorded frames of `folder` (when given and the vision pipeline is
    installed, and not `simulated`), else the recorded tables of the chosen game without
    the camera (web.simulated; Musée: the scripted game); returns the sentence saying which."""
    from .camera import open_watcher, pipeline_available
    from .demo import ScriptedWatcher, musee_script

    if folder is not None and pipeline_available() and not simulated:
        # Frame time stays the recording's (the tracker's timeouts are in seconds of frame
        # time); the thread hands over one frame every `pace` seconds of wall-clock time.
        watcher = open_watcher(f"images:{folder}", slug, players)
        runtime.attach_watcher(watcher, f"demo: {folder.name} frames", interval_s=pace)
        return f"Playing the rendered frames of {folder} as if from a camera."
    if slug != "musee" and folder is not None:
        return attach_simulated_table(runtime, folder, slug, players, pace)
    # one scripted step is one settled placement, about four recorded frames
    runtime.attach_watcher(
        ScriptedWatcher(musee_script(), 2, names), "demo: simulated camera", interval_s=pace * 4
    )
    return (
        "Playing a scripted Musée game through a simulated camera "
        "(the vision pipeline or sample frames are not installed, or --simulated)."
    )
