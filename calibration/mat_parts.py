"""The parts every play-mat layout is built from (calibration/gen_layouts.py builds them):
the two sets of dimensions, regions and slots, the marker band, and a mat's final size.

All sizes in millimetres, for 63 x 88 mm cards. Every mat keeps a band of BORDER mm free of
regions around its edge: the ArUco markers (DICT_4X4_250, ids 0-49) live there, corners first
(ids 0-3: top-left, top-right, bottom-right, bottom-left), then edge markers every
EDGE_SPACING mm or less, so that a hand over one or two markers leaves plenty visible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CARD_W, CARD_H = 63.0, 88.0


@dataclass(frozen=True)
class Dims:
    """Every dimension a mat is drawn from (mm). STANDARD is roomy; COMPACT is sized for a
    café table and a 1080p webcam: 1 mm play around a card, thinner marker band."""

    SLOT_W: float = CARD_W + 6  # a card space: the card plus 3 mm play each side
    SLOT_H: float = CARD_H + 6
    GAP: float = 4.0  # between neighbouring card spaces
    HEADER: float = 12.0  # band at the top of a region for its printed label
    PAD: float = 5.0  # inside a region, around its slots
    MARKER_SIZE: float = 36.0
    MARKER_INSET: float = 27.0  # marker centre distance from the mat edge
    BORDER: float = 56.0  # regions start this far from the mat edge
    EDGE_SPACING: float = 300.0
    # Musée: the token row between two galleries, and a token space's inset in it
    TOKEN_BAND: float = 34.0
    TOKEN_INSET_X: float = 12.0
    TOKEN_INSET_Y: float = 3.0
    MUSEUM_GALLERIES_DOWN: bool = False  # galleries as columns (compact 3 players)
    # Cardcassonne
    BOARD_W: float = 72.0
    ROW_PITCH_EXTRA: float = 2.0  # card space pitch along a row, beyond the space
    # 0: a row's 14 places side by side. n: a row fans down columns of n cards, each card
    # covering the foot of the one before (the rules only ever add at a row's end), so a
    # row needs 3 card widths instead of 14; the board is a band on top of its columns.
    ROW_FAN_CARDS: int = 0
    # What a fanned card keeps in view: its value band and its code with the quiet zone
    # (73 mm of an 88 mm card, calibration.kit.cards.card_geometry), plus 1 mm play.
    FAN_STEP: float = 74.0
    BOARD_BAND: float = 26.0
    # Crypt
    DICE_W: float = 84.0
    COLLECTION_CARDS: int = 4
    CRYPT_ROLL_W: float = 160
    # Mythe
    CELL: float = 62.0
    CELL_GAP: float = 5.0
    # Masterpiece
    RING_CELL: float = 60.0
    RING_GAP: float = 2.0
    SIDE_W: float = 176.0
    RING_INNER_INSET: float = 8.0
    MP_ROLL_W: float = 150


STANDARD = Dims()
COMPACT = Dims(
    SLOT_W=CARD_W + 2,
    SLOT_H=CARD_H + 2,
    GAP=2.0,
    HEADER=8.0,
    PAD=2.0,
    MARKER_SIZE=24.0,
    MARKER_INSET=16.0,
    BORDER=32.0,
    EDGE_SPACING=250.0,
    TOKEN_BAND=28.0,
    TOKEN_INSET_X=8.0,
    TOKEN_INSET_Y=1.5,
    MUSEUM_GALLERIES_DOWN=True,
    BOARD_W=66.0,
    ROW_PITCH_EXTRA=-1.0,
    ROW_FAN_CARDS=5,
    DICE_W=60.0,
    COLLECTION_CARDS=3,
    CRYPT_ROLL_W=110,
    CELL=54.0,
    CELL_GAP=2.0,
    RING_CELL=52.0,
    RING_GAP=1.0,
    SIDE_W=140.0,
    RING_INNER_INSET=4.0,
    MP_ROLL_W=130,
)
VARIANT_DIMS = {"standard": STANDARD, "compact": COMPACT}

REPO = Path(__file__).resolve().parent.parent


def T(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


def rect(x: float, y: float, w: float, h: float) -> list[float]:
    return [round(x, 2), round(y, 2), round(w, 2), round(h, 2)]


def region(
    name: str, r: list[float], label: dict, kind: str = "area", slots=(), color: str | None = None
) -> dict:
    out: dict[str, Any] = {
        "name": name,
        "rect_mm": r,
        "label": label,
        "kind": kind,
        "slots": list(slots),
    }
    if color:
        out["color"] = color
    return out


def slot(index: list[int], r: list[float], label: str | None = None, data: dict | None = None):
    out: dict[str, Any] = {"slot": index, "rect_mm": r}
    if label is not None:
        out["label"] = label
    if data:
        out["data"] = data
    return out


def markers_for(w: float, h: float, d: Dims) -> list[dict]:
    """Corner markers, then edge markers clockwise from the top edge."""
    a, b = d.MARKER_INSET, (w - d.MARKER_INSET, h - d.MARKER_INSET)
    corners = [(a, a), (b[0], a), (b[0], b[1]), (a, b[1])]
    out = [
        {"id": i, "center_mm": [round(x, 2), round(y, 2)], "size_mm": d.MARKER_SIZE}
        for i, (x, y) in enumerate(corners)
    ]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        parts = math.ceil(length / d.EDGE_SPACING)
        for k in range(1, parts):
            t = k / parts
            out.append(
                {
                    "id": len(out),
                    "center_mm": [round(x0 + t * (x1 - x0), 2), round(y0 + t * (y1 - y0), 2)],
                    "size_mm": d.MARKER_SIZE,
                }
            )
    assert len(out) <= 50, "mat marker ids are 0-49"
    return out


def finish(game: str, players: int, title: dict, regions: list[dict], d: Dims) -> dict:
    right = max(r["rect_mm"][0] + r["rect_mm"][2] for r in regions)
    bottom = max(r["rect_mm"][1] + r["rect_mm"][3] for r in regions)
    w, h = math.ceil(right + d.BORDER), math.ceil(bottom + d.BORDER)
    return {
        "game": game,
        "players": players,
        "title": title,
        "mat_size_mm": [w, h],
        "card_size_mm": [CARD_W, CARD_H],
        "markers": markers_for(w, h, d),
        "regions": regions,
    }


def card_row(d: Dims, x: float, y: float, n: int, index=lambda i: [i], pitch: float | None = None):
    pitch = d.SLOT_W + d.GAP if pitch is None else pitch
    width = min(d.SLOT_W, pitch)  # spaces never overlap, however tight the row
    return [slot(index(i), rect(x + i * pitch, y, width, d.SLOT_H)) for i in range(n)]
