"""Generate the play-mat layouts under calibration/layouts/ (one JSON per game and player count).

Run `python -m calibration.gen_layouts` after changing a dimension here; the JSON files are
the data everything else reads (printing, the camera's region lookup, the dashboard).

All sizes in millimetres, for 63 x 88 mm cards. Every mat keeps a band of BORDER mm free of
regions around its edge: the ArUco markers (DICT_4X4_250, ids 0-49) live there, corners first
(ids 0-3: top-left, top-right, bottom-right, bottom-left), then edge markers every
EDGE_SPACING mm or less, so that a hand over one or two markers leaves plenty visible.
"""

from __future__ import annotations

import json
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

HERE = Path(__file__).resolve().parent
OUT = HERE / "layouts"
REPO = HERE.parent


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


# -- Musée ---------------------------------------------------------------------------------


def musee(players: int, d: Dims = STANDARD) -> dict:
    spaces = 5 if players == 3 else 6
    museums = 3 if players == 3 else 2
    # Three museums side by side are too wide for a compact mat: there each gallery runs
    # top to bottom instead (upper gallery on the left), tokens between the columns.
    down = d.MUSEUM_GALLERIES_DOWN and museums == 3
    gallery_names = [
        T("upper gallery", "上層展廳"),
        T("middle gallery", "中層展廳"),
        T("lower gallery", "下層展廳"),
    ]
    if down:
        width = 3 * d.SLOT_W + 2 * d.TOKEN_BAND + 2 * d.PAD
        height = d.HEADER + 2 * d.PAD + spaces * d.SLOT_H + (spaces - 1) * d.GAP
    else:
        width = spaces * d.SLOT_W + (spaces - 1) * d.GAP + 2 * d.PAD
        height = d.HEADER + 2 * d.PAD + 3 * d.SLOT_H + 2 * d.TOKEN_BAND
    regions = []
    x = d.BORDER
    for k in range(museums):
        if players == 4:
            label = T(
                f"Team {'AB'[k]} museum (players {k + 1} and {k + 3})",
                f"{'AB'[k]} 隊美術館（玩家 {k + 1}、{k + 3}）",
            )
        else:
            label = T(f"Museum of player {k + 1}", f"玩家 {k + 1} 的美術館")
        top = d.BORDER + d.HEADER
        slots, tokens = [], []
        for g in range(3):
            for c in range(spaces):
                if down:
                    sx = x + d.PAD + g * (d.SLOT_W + d.TOKEN_BAND)
                    sy = top + d.PAD + c * (d.SLOT_H + d.GAP)
                    token = rect(
                        sx + d.SLOT_W + d.TOKEN_INSET_Y,
                        sy + d.TOKEN_INSET_X,
                        d.TOKEN_BAND - 2 * d.TOKEN_INSET_Y,
                        d.SLOT_H - 2 * d.TOKEN_INSET_X,
                    )
                else:
                    sx = x + d.PAD + c * (d.SLOT_W + d.GAP)
                    sy = top + d.PAD + g * (d.SLOT_H + d.TOKEN_BAND)
                    token = rect(
                        sx + d.TOKEN_INSET_X,
                        sy + d.SLOT_H + d.TOKEN_INSET_Y,
                        d.SLOT_W - 2 * d.TOKEN_INSET_X,
                        d.TOKEN_BAND - 2 * d.TOKEN_INSET_Y,
                    )
                slots.append(
                    slot(
                        [g, c], rect(sx, sy, d.SLOT_W, d.SLOT_H), data={"gallery": gallery_names[g]}
                    )
                )
                if g < 2:
                    tokens.append(slot([g, c], token, label=f"T{g + 1}"))
        regions.append(
            region(f"museum{k}", rect(x, d.BORDER, width, height), label, "cards", slots)
        )
        xs = [t["rect_mm"][0] for t in tokens] + [t["rect_mm"][0] + t["rect_mm"][2] for t in tokens]
        ys = [t["rect_mm"][1] for t in tokens] + [t["rect_mm"][1] + t["rect_mm"][3] for t in tokens]
        # The token rows' bounding box also covers the gallery between them; `locate`
        # prefers the slot that contains a point, so cards still land in their gallery.
        regions.append(
            region(
                f"museum{k}-tokens",
                rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                T(f"{label['en']}: tokens", f"{label['zh-TW']}：標記"),
                "tokens",
                tokens,
            )
        )
        x += width + 3 * d.GAP
    return finish("musee", players, T("Musée", "私藏美術館"), regions, d)


# -- Cardcassonne -----------------------------------------------------------------------------

ROW_COLOURS = [
    ("yellow", T("yellow row", "黃色列"), "#f2d13a"),
    ("red", T("red row", "紅色列"), "#d9473b"),
    ("green", T("green row", "綠色列"), "#4aa352"),
    ("blue", T("blue row", "藍色列"), "#3b76d9"),
]
CC_POSITIONS = 14


def cardcassonne(players: int, d: Dims = STANDARD) -> dict:
    rows, y = (cardcassonne_fanned_rows if d.ROW_FAN_CARDS else cardcassonne_rows)(d)
    regions = list(rows)
    row_w = max(r["rect_mm"][0] + r["rect_mm"][2] for r in rows) - d.BORDER
    area_h = d.HEADER + d.SLOT_H + 2 * d.PAD
    deck_w = d.SLOT_W + 2 * d.PAD
    regions.append(
        region(
            "deck",
            rect(d.BORDER, y, deck_w, area_h),
            T("deck", "牌堆"),
            "cards",
            [slot([0], rect(d.BORDER + d.PAD, y + d.HEADER + d.PAD, d.SLOT_W, d.SLOT_H))],
        )
    )
    x0 = d.BORDER + deck_w + 2 * d.GAP
    each = (d.BORDER + row_w - x0 - (players - 1) * d.GAP) / players
    for k in range(players):
        regions.append(
            region(
                f"player{k}",
                rect(x0 + k * (each + d.GAP), y, each, area_h),
                T(f"player {k + 1}: animals and chest", f"玩家 {k + 1}：動物與寶箱"),
            )
        )
    return finish("cardcassonne", players, T("Cardcassonne", "卡卡頌卡牌版"), regions, d)


def cardcassonne_rows(d: Dims) -> tuple[list[dict], float]:
    """The four rows stacked, each a line of places growing right from its board; returns
    them and where the area below them starts."""
    pitch = d.SLOT_W + d.ROW_PITCH_EXTRA  # rows are long: tight spacing keeps the mat in view
    rows = []
    y = d.BORDER
    row_w = d.BOARD_W + d.PAD + CC_POSITIONS * pitch + d.PAD
    for colour, label, tint in ROW_COLOURS:
        slots = card_row(d, d.BORDER + d.BOARD_W + d.PAD, y + d.PAD, CC_POSITIONS, pitch=pitch)
        for s in slots:
            s["label"] = str(s["slot"][0] + 1)
        rows.append(
            region(
                f"row-{colour}",
                rect(d.BORDER, y, row_w, d.SLOT_H + 2 * d.PAD),
                label,
                "cards",
                slots,
                tint,
            )
        )
        y += d.SLOT_H + 2 * d.PAD + d.GAP
    return rows, y + d.GAP


def cardcassonne_fanned_rows(d: Dims) -> tuple[list[dict], float]:
    """The four rows side by side, yellow on the left, each a board band over columns of
    ROW_FAN_CARDS places: place i+1 lies below place i (on its foot) down a column, then
    the next column starts at the top, to the right. A place is FAN_STEP tall, the last of
    a column a whole card space."""
    per_column = d.ROW_FAN_CARDS
    columns = math.ceil(CC_POSITIONS / per_column)
    pitch = d.SLOT_W + d.ROW_PITCH_EXTRA
    width = min(d.SLOT_W, pitch)
    block_w = 2 * d.PAD + (columns - 1) * pitch + width
    block_h = d.BOARD_BAND + 2 * d.PAD + (per_column - 1) * d.FAN_STEP + d.SLOT_H
    rows = []
    for k, (colour, label, tint) in enumerate(ROW_COLOURS):
        x = d.BORDER + k * (block_w + d.GAP)
        top = d.BORDER + d.BOARD_BAND + d.PAD
        slots = []
        for i in range(CC_POSITIONS):
            column, step = divmod(i, per_column)
            last = step == per_column - 1 or i == CC_POSITIONS - 1
            slots.append(
                slot(
                    [i],
                    rect(
                        x + d.PAD + column * pitch,
                        top + step * d.FAN_STEP,
                        width,
                        d.SLOT_H if last else d.FAN_STEP,
                    ),
                    str(i + 1),
                )
            )
        rows.append(
            region(
                f"row-{colour}", rect(x, d.BORDER, block_w, block_h), label, "cards", slots, tint
            )
        )
    return rows, d.BORDER + block_h + 2 * d.GAP


# -- Crypt --------------------------------------------------------------------------------------

CRYPT_ROW = {1: 3, 2: 3, 3: 4, 4: 6}  # face up + face down cards per round (rules table)


def crypt_block(k: int, x: float, y: float, d: Dims) -> tuple[list[dict], float]:
    h = d.HEADER + d.SLOT_H + 2 * d.PAD
    coll_w = d.COLLECTION_CARDS * (d.SLOT_W + d.GAP) - d.GAP + 2 * d.PAD
    torch_w = 2 * (d.SLOT_W + d.GAP) - d.GAP + 2 * d.PAD
    out = [
        region(
            f"collection{k}",
            rect(x, y, coll_w, h),
            T(f"player {k + 1}: treasures", f"玩家 {k + 1}：寶藏"),
            "cards",
        ),
        region(
            f"exhausted{k}",
            rect(x + coll_w + d.GAP, y, d.DICE_W, h),
            T(f"player {k + 1}: exhausted dice", f"玩家 {k + 1}：疲憊的骰子"),
            "dice",
        ),
        region(
            f"player{k}",
            rect(x + coll_w + d.DICE_W + 2 * d.GAP, y, torch_w, h),
            T(f"player {k + 1}: torch cards", f"玩家 {k + 1}：火炬卡"),
            "cards",
        ),
    ]
    return out, coll_w + d.DICE_W + torch_w + 2 * d.GAP


def crypt(players: int, d: Dims = STANDARD) -> dict:
    bottom_seats = list(range(math.ceil(players / 2)))
    top_seats = list(range(len(bottom_seats), players))
    block_h = d.HEADER + d.SLOT_H + 2 * d.PAD
    regions: list[dict] = []
    y = d.BORDER
    if top_seats:
        x = d.BORDER
        for k in top_seats:
            blocks, bw = crypt_block(k, x, y, d)
            regions += blocks
            x += bw + 3 * d.GAP
        y += block_h + 3 * d.GAP
    n = CRYPT_ROW[players]
    row = card_row(d, d.BORDER + d.PAD, y + d.HEADER + d.PAD, n)
    crypt_w = n * (d.SLOT_W + d.GAP) - d.GAP + 2 * d.PAD
    regions.append(
        region(
            "crypt",
            rect(d.BORDER, y, crypt_w, block_h),
            T("the crypt", "地窖"),
            "cards",
            row,
            "#cdbfa6",
        )
    )
    regions.append(
        region(
            "roll",
            rect(d.BORDER + crypt_w + 3 * d.GAP, y, d.CRYPT_ROLL_W, block_h),
            T("roll dice here", "在這裡擲骰"),
            "dice",
        )
    )
    y += block_h + 3 * d.GAP
    x = d.BORDER
    for k in bottom_seats:
        blocks, bw = crypt_block(k, x, y, d)
        regions += blocks
        x += bw + 3 * d.GAP
    return finish("crypt", players, T("Crypt", "皇家地窖"), regions, d)


# -- Mythe -------------------------------------------------------------------------------------

PLACEHOLDER_MYTHE_COSTS = [1] * 6 + [2] * 6 + [3] * 6
PLACEHOLDER_DRAGON_COST = 3
PATH_COLS = 8


def mythe_spaces() -> list[dict]:
    """The 21 path spaces (kind, cost, name): from the Mythe engine's data file
    (companion/data/games/mythe.json, path.spaces) when it has them, else the placeholder
    path from the rules: Village, 18 spaces, the Dragon's lair, the Sacred Cheese."""
    path = REPO / "companion" / "data" / "games" / "mythe.json"
    try:
        spaces = json.loads(path.read_text(encoding="utf-8"))["path"]["spaces"]
        kinds = [sp.get("kind") for sp in spaces]
        if kinds == ["village"] + ["space"] * 18 + ["dragon", "cheese"] and all(
            isinstance(sp.get("cost"), int) for sp in spaces[1:20]
        ):
            return [{k: sp[k] for k in ("kind", "cost", "name") if k in sp} for sp in spaces]
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError):
        pass
    return (
        [{"kind": "village", "name": T("Village", "村莊")}]
        + [{"kind": "space", "cost": c} for c in PLACEHOLDER_MYTHE_COSTS]
        + [
            {
                "kind": "dragon",
                "cost": PLACEHOLDER_DRAGON_COST,
                "name": T("Red Dragon", "邪惡紅龍"),
            },
            {"kind": "cheese", "name": T("Sacred Cheese", "神聖起司")},
        ]
    )


def mythe(players: int, d: Dims = STANDARD) -> dict:
    pitch = d.CELL + d.CELL_GAP
    # Serpentine: row 0 left to right (Village is two cells wide), row 1 right to left,
    # row 2 left to right ending in the Dragon's lair and the Sacred Cheese (two cells each).
    cells: list[tuple[int, int, int]] = []  # (row, col, width in cells) per path space
    cells.append((0, 0, 2))
    for i in range(6):
        cells.append((0, 2 + i, 1))
    for i in range(8):
        cells.append((1, PATH_COLS - 1 - i, 1))
    for i in range(4):
        cells.append((2, i, 1))
    cells.append((2, 4, 2))
    cells.append((2, 6, 2))
    assert len(cells) == 21
    x0, y0 = d.BORDER + d.PAD, d.BORDER + d.HEADER + d.PAD
    slots = []
    for index, ((row, col, span), space) in enumerate(zip(cells, mythe_spaces())):
        r = rect(x0 + col * pitch, y0 + row * pitch, span * pitch - d.CELL_GAP, d.CELL)
        dots = "●" * space["cost"] if space.get("cost") else ""
        slots.append(slot([index], r, dots, space))
    path_w = PATH_COLS * pitch - d.CELL_GAP + 2 * d.PAD
    path_h = d.HEADER + 3 * pitch - d.CELL_GAP + 2 * d.PAD
    regions = [
        region(
            "path",
            rect(d.BORDER, d.BORDER, path_w, path_h),
            T("the path to the Dragon's lair", "通往龍穴之路"),
            "path",
            slots,
            "#e8dcc0",
        )
    ]
    y = d.BORDER + path_h + 3 * d.GAP
    h = d.HEADER + d.SLOT_H + 2 * d.PAD
    reveal_w = d.SLOT_W + 2 * d.PAD
    regions.append(
        region(
            "adventure",
            rect(d.BORDER, y, path_w - reveal_w - 3 * d.GAP, h),
            T("adventure: cards drawn this turn", "冒險：本回合抽到的牌"),
            "cards",
        )
    )
    regions.append(
        region(
            "reveal",
            rect(d.BORDER + path_w - reveal_w, y, reveal_w, h),
            T("legendary card", "傳奇裝備"),
            "cards",
            [
                slot(
                    [0],
                    rect(
                        d.BORDER + path_w - reveal_w + d.PAD,
                        y + d.HEADER + d.PAD,
                        d.SLOT_W,
                        d.SLOT_H,
                    ),
                )
            ],
        )
    )
    return finish("mythe", players, T("Mythe", "俠鼠神抽"), regions, d)


# -- Masterpiece ------------------------------------------------------------------------------

RING_COLS, RING_ROWS = 10, 7  # 2 * (10 + 7) - 4 = 30 spaces
SPACE_KINDS = {
    "bank_auction": T("Bank auction", "銀行拍賣"),
    "private_auction": T("Private auction", "私人拍賣"),
    "collect": T("$3M or value card", "300萬或價值卡"),
    "inherit": T("Inherit", "繼承"),
    "buy_bank": T("Buy from bank", "向銀行買"),
    "sell_value": T("Sell at value", "照價賣給銀行"),
    "buy_player": T("Buy from player", "向玩家買"),
    "must_sell": T("Must sell $3.5M", "必須以350萬賣出"),
}


def masterpiece_board() -> dict[int, dict]:
    path = REPO / "companion" / "data" / "games" / "masterpiece.json"
    try:
        spaces = json.loads(path.read_text(encoding="utf-8"))["board"]["spaces"]
        return {int(s["index"]): s for s in spaces}
    except (OSError, KeyError, TypeError, ValueError):
        return {}


def ring_cells() -> list[tuple[int, int]]:
    """(col, row) of spaces 0-29, clockwise from the top-left corner."""
    cells = [(c, 0) for c in range(RING_COLS)]
    cells += [(RING_COLS - 1, r) for r in range(1, RING_ROWS - 1)]
    cells += [(c, RING_ROWS - 1) for c in range(RING_COLS - 1, -1, -1)]
    cells += [(0, r) for r in range(RING_ROWS - 2, 0, -1)]
    assert len(cells) == 30
    return cells


def masterpiece(players: int, d: Dims = STANDARD) -> dict:
    board = masterpiece_board()
    pitch = d.RING_CELL + d.RING_GAP
    ring_x = d.BORDER + d.SIDE_W + 3 * d.GAP
    ring_y = d.BORDER
    x0, y0 = ring_x + d.PAD, ring_y + d.HEADER + d.PAD
    slots = []
    for index, (c, r) in enumerate(ring_cells()):
        space = board.get(index, {})
        data: dict[str, Any] = {}
        if space:
            data["kind"] = space.get("kind")
            if space.get("kind") in SPACE_KINDS:
                data["name"] = SPACE_KINDS[space["kind"]]
            if "price_k" in space:
                data["price_k"] = space["price_k"]
        slots.append(
            slot(
                [index],
                rect(x0 + c * pitch, y0 + r * pitch, d.RING_CELL, d.RING_CELL),
                str(index),
                data,
            )
        )
    ring_w = RING_COLS * pitch - d.RING_GAP + 2 * d.PAD
    ring_h = d.HEADER + RING_ROWS * pitch - d.RING_GAP + 2 * d.PAD
    regions = [
        region(
            "ring",
            rect(ring_x, ring_y, ring_w, ring_h),
            T("the board: 30 spaces, clockwise", "棋盤：30 格，順時針"),
            "ring",
            slots,
            "#efe4c8",
        )
    ]
    # Inside the ring: the easel (one card) and the dice tray.
    inner_x, inner_y = x0 + pitch + d.RING_INNER_INSET, y0 + pitch + d.RING_INNER_INSET
    inner_h = (RING_ROWS - 2) * pitch - 2 * d.RING_INNER_INSET
    easel_w = d.SLOT_W + 2 * d.PAD
    regions.append(
        region(
            "easel",
            rect(inner_x, inner_y, easel_w, d.HEADER + d.SLOT_H + 2 * d.PAD),
            T("easel", "畫架"),
            "cards",
            [slot([0], rect(inner_x + d.PAD, inner_y + d.HEADER + d.PAD, d.SLOT_W, d.SLOT_H))],
            "#f7efe0",
        )
    )
    roll_x = inner_x + easel_w + 4 * d.GAP
    regions.append(
        region(
            "roll",
            rect(roll_x, inner_y, d.MP_ROLL_W, inner_h),
            T("roll the die here", "在這裡擲骰"),
            "dice",
        )
    )
    # Player areas: right column first, then left, each split evenly.
    right_n = math.ceil(players / 2)
    columns = [
        (ring_x + ring_w + 3 * d.GAP, list(range(right_n))),
        (d.BORDER, list(range(right_n, players))),
    ]
    for cx, seats in columns:
        if not seats:
            continue
        each = (ring_h - (len(seats) - 1) * d.GAP) / len(seats)
        for i, k in enumerate(seats):
            regions.append(
                region(
                    f"player{k}",
                    rect(cx, ring_y + i * (each + d.GAP), d.SIDE_W, each),
                    T(f"player {k + 1}: paintings", f"玩家 {k + 1}：畫作"),
                    "cards",
                )
            )
    return finish("masterpiece", players, T("Masterpiece", "曠世鉅作"), regions, d)


GAMES = {
    "musee": (musee, (2, 3, 4)),
    "cardcassonne": (cardcassonne, (2, 3, 4, 5)),
    "crypt": (crypt, (1, 2, 3, 4)),
    "mythe": (mythe, (2, 3, 4, 5)),
    "masterpiece": (masterpiece, (3, 4, 5, 6)),
}


def generate(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game, (build, counts) in GAMES.items():
        for n in counts:
            for variant, dims in VARIANT_DIMS.items():
                suffix = "" if variant == "standard" else f"-{variant}"
                path = out / f"{game}-{n}p{suffix}.json"
                data = build(n, dims)
                if variant != "standard":
                    data["variant"] = variant
                path.write_text(
                    json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
                )
                written.append(path)
    return written


if __name__ == "__main__":
    for p in generate():
        data = json.loads(p.read_text(encoding="utf-8"))
        print(
            f"{p.name}: mat {data['mat_size_mm'][0]} x {data['mat_size_mm'][1]} mm, "
            f"{len(data['markers'])} markers, {len(data['regions'])} regions"
        )
