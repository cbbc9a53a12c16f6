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
from pathlib import Path
from typing import Any

CARD_W, CARD_H = 63.0, 88.0
SLOT_W, SLOT_H = CARD_W + 6, CARD_H + 6  # a card space: the card plus 3 mm play each side
GAP = 4.0  # between neighbouring card spaces
HEADER = 12.0  # band at the top of a region for its printed label
PAD = 5.0  # inside a region, around its slots
MARKER_SIZE = 36.0
MARKER_INSET = 27.0  # marker centre distance from the mat edge
BORDER = 56.0  # regions start this far from the mat edge
EDGE_SPACING = 300.0

HERE = Path(__file__).resolve().parent
OUT = HERE / "layouts"
REPO = HERE.parent


def T(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


def rect(x: float, y: float, w: float, h: float) -> list[float]:
    return [round(x, 2), round(y, 2), round(w, 2), round(h, 2)]


def region(name: str, r: list[float], label: dict, kind: str = "area", slots=(),
           color: str | None = None) -> dict:
    out: dict[str, Any] = {"name": name, "rect_mm": r, "label": label, "kind": kind,
                           "slots": list(slots)}
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


def markers_for(w: float, h: float) -> list[dict]:
    """Corner markers, then edge markers clockwise from the top edge."""
    a, b = MARKER_INSET, (w - MARKER_INSET, h - MARKER_INSET)
    corners = [(a, a), (b[0], a), (b[0], b[1]), (a, b[1])]
    out = [{"id": i, "center_mm": [round(x, 2), round(y, 2)], "size_mm": MARKER_SIZE}
           for i, (x, y) in enumerate(corners)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        parts = math.ceil(length / EDGE_SPACING)
        for k in range(1, parts):
            t = k / parts
            out.append({"id": len(out), "center_mm": [round(x0 + t * (x1 - x0), 2),
                                                       round(y0 + t * (y1 - y0), 2)],
                        "size_mm": MARKER_SIZE})
    assert len(out) <= 50, "mat marker ids are 0-49"
    return out


def finish(game: str, players: int, title: dict, regions: list[dict]) -> dict:
    right = max(r["rect_mm"][0] + r["rect_mm"][2] for r in regions)
    bottom = max(r["rect_mm"][1] + r["rect_mm"][3] for r in regions)
    w, h = math.ceil(right + BORDER), math.ceil(bottom + BORDER)
    return {"game": game, "players": players, "title": title, "mat_size_mm": [w, h],
            "card_size_mm": [CARD_W, CARD_H], "markers": markers_for(w, h), "regions": regions}


def card_row(x: float, y: float, n: int, index=lambda i: [i], pitch: float = SLOT_W + GAP):
    return [slot(index(i), rect(x + i * pitch, y, SLOT_W, SLOT_H)) for i in range(n)]


# -- Musée ---------------------------------------------------------------------------------

TOKEN_BAND = 34.0  # between two galleries: the token row


def musee(players: int) -> dict:
    spaces = 5 if players == 3 else 6
    museums = 3 if players == 3 else 2
    gallery_names = [T("upper gallery", "上層展廳"), T("middle gallery", "中層展廳"),
                     T("lower gallery", "下層展廳")]
    width = spaces * SLOT_W + (spaces - 1) * GAP + 2 * PAD
    regions = []
    x = BORDER
    for k in range(museums):
        if players == 4:
            label = T(f"Team {'AB'[k]} museum (players {k + 1} and {k + 3})",
                      f"{'AB'[k]} 隊美術館（玩家 {k + 1}、{k + 3}）")
        else:
            label = T(f"Museum of player {k + 1}", f"玩家 {k + 1} 的美術館")
        top = BORDER + HEADER
        slots, tokens = [], []
        for g in range(3):
            gy = top + PAD + g * (SLOT_H + TOKEN_BAND)
            for c in range(spaces):
                sx = x + PAD + c * (SLOT_W + GAP)
                slots.append(slot([g, c], rect(sx, gy, SLOT_W, SLOT_H),
                                  data={"gallery": gallery_names[g]}))
                if g < 2:
                    ty = gy + SLOT_H + 3
                    tokens.append(slot([g, c], rect(sx + 12, ty, SLOT_W - 24, TOKEN_BAND - 6),
                                       label=f"T{g + 1}"))
        height = HEADER + 2 * PAD + 3 * SLOT_H + 2 * TOKEN_BAND
        regions.append(region(f"museum{k}", rect(x, BORDER, width, height), label, "cards",
                              slots))
        tx, ty = tokens[0]["rect_mm"][:2]
        last = tokens[-1]["rect_mm"]
        # The token rows' bounding box also covers the gallery between them; `locate`
        # prefers the slot that contains a point, so cards still land in their gallery.
        regions.append(region(f"museum{k}-tokens",
                              rect(tx, ty, last[0] + last[2] - tx, last[1] + last[3] - ty),
                              T(f"{label['en']}: tokens", f"{label['zh-TW']}：標記"),
                              "tokens", tokens))
        x += width + 3 * GAP
    return finish("musee", players, T("Musée", "私藏美術館"), regions)


# -- Cardcassonne -----------------------------------------------------------------------------

ROW_COLOURS = [("yellow", T("yellow row", "黃色列"), "#f2d13a"),
               ("red", T("red row", "紅色列"), "#d9473b"),
               ("green", T("green row", "綠色列"), "#4aa352"),
               ("blue", T("blue row", "藍色列"), "#3b76d9")]
CC_POSITIONS = 14
BOARD_W = 72.0


def cardcassonne(players: int) -> dict:
    pitch = SLOT_W + 2.0  # rows are long: tighter spacing keeps the mat inside a webcam view
    regions = []
    y = BORDER
    row_w = BOARD_W + PAD + CC_POSITIONS * pitch + PAD
    for colour, label, tint in ROW_COLOURS:
        slots = card_row(BORDER + BOARD_W + PAD, y + PAD, CC_POSITIONS, pitch=pitch)
        for s in slots:
            s["label"] = str(s["slot"][0] + 1)
        regions.append(region(f"row-{colour}", rect(BORDER, y, row_w, SLOT_H + 2 * PAD), label,
                              "cards", slots, tint))
        y += SLOT_H + 2 * PAD + GAP
    y += GAP
    area_h = HEADER + SLOT_H + 2 * PAD
    deck_w = SLOT_W + 2 * PAD
    regions.append(region("deck", rect(BORDER, y, deck_w, area_h), T("deck", "牌堆"), "cards",
                          [slot([0], rect(BORDER + PAD, y + HEADER + PAD, SLOT_W, SLOT_H))]))
    x0 = BORDER + deck_w + 2 * GAP
    each = (BORDER + row_w - x0 - (players - 1) * GAP) / players
    for k in range(players):
        regions.append(region(f"player{k}", rect(x0 + k * (each + GAP), y, each, area_h),
                              T(f"player {k + 1}: animals and chest", f"玩家 {k + 1}：動物與寶箱")))
    return finish("cardcassonne", players, T("Cardcassonne", "卡卡頌卡牌版"), regions)


# -- Crypt --------------------------------------------------------------------------------------

CRYPT_ROW = {1: 3, 2: 3, 3: 4, 4: 6}  # face up + face down cards per round (rules table)
COLLECTION_CARDS = 4
DICE_W = 84.0


def crypt_block(k: int, x: float, y: float) -> tuple[list[dict], float]:
    h = HEADER + SLOT_H + 2 * PAD
    coll_w = COLLECTION_CARDS * (SLOT_W + GAP) - GAP + 2 * PAD
    torch_w = 2 * (SLOT_W + GAP) - GAP + 2 * PAD
    out = [
        region(f"collection{k}", rect(x, y, coll_w, h),
               T(f"player {k + 1}: treasures", f"玩家 {k + 1}：寶藏"), "cards"),
        region(f"exhausted{k}", rect(x + coll_w + GAP, y, DICE_W, h),
               T(f"player {k + 1}: exhausted dice", f"玩家 {k + 1}：疲憊的骰子"), "dice"),
        region(f"player{k}", rect(x + coll_w + DICE_W + 2 * GAP, y, torch_w, h),
               T(f"player {k + 1}: torch cards", f"玩家 {k + 1}：火炬卡"), "cards"),
    ]
    return out, coll_w + DICE_W + torch_w + 2 * GAP


def crypt(players: int) -> dict:
    bottom_seats = list(range(math.ceil(players / 2)))
    top_seats = list(range(len(bottom_seats), players))
    block_h = HEADER + SLOT_H + 2 * PAD
    regions: list[dict] = []
    y = BORDER
    if top_seats:
        x = BORDER
        for k in top_seats:
            blocks, bw = crypt_block(k, x, y)
            regions += blocks
            x += bw + 3 * GAP
        y += block_h + 3 * GAP
    n = CRYPT_ROW[players]
    row = card_row(BORDER + PAD, y + HEADER + PAD, n)
    crypt_w = n * (SLOT_W + GAP) - GAP + 2 * PAD
    regions.append(region("crypt", rect(BORDER, y, crypt_w, block_h),
                          T("the crypt", "地窖"), "cards", row, "#cdbfa6"))
    regions.append(region("roll", rect(BORDER + crypt_w + 3 * GAP, y, 160, block_h),
                          T("roll dice here", "在這裡擲骰"), "dice"))
    y += block_h + 3 * GAP
    x = BORDER
    for k in bottom_seats:
        blocks, bw = crypt_block(k, x, y)
        regions += blocks
        x += bw + 3 * GAP
    return finish("crypt", players, T("Crypt", "皇家地窖"), regions)


# -- Mythe -------------------------------------------------------------------------------------

PLACEHOLDER_MYTHE_COSTS = [1] * 6 + [2] * 6 + [3] * 6
PLACEHOLDER_DRAGON_COST = 3
CELL = 62.0
CELL_GAP = 5.0
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
                isinstance(sp.get("cost"), int) for sp in spaces[1:20]):
            return [{k: sp[k] for k in ("kind", "cost", "name") if k in sp} for sp in spaces]
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError):
        pass
    return ([{"kind": "village", "name": T("Village", "村莊")}]
            + [{"kind": "space", "cost": c} for c in PLACEHOLDER_MYTHE_COSTS]
            + [{"kind": "dragon", "cost": PLACEHOLDER_DRAGON_COST,
                "name": T("Red Dragon", "邪惡紅龍")},
               {"kind": "cheese", "name": T("Sacred Cheese", "神聖起司")}])


def mythe(players: int) -> dict:
    pitch = CELL + CELL_GAP
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
    x0, y0 = BORDER + PAD, BORDER + HEADER + PAD
    slots = []
    for index, ((row, col, span), space) in enumerate(zip(cells, mythe_spaces())):
        r = rect(x0 + col * pitch, y0 + row * pitch, span * pitch - CELL_GAP, CELL)
        dots = "●" * space["cost"] if space.get("cost") else ""
        slots.append(slot([index], r, dots, space))
    path_w = PATH_COLS * pitch - CELL_GAP + 2 * PAD
    path_h = HEADER + 3 * pitch - CELL_GAP + 2 * PAD
    regions = [region("path", rect(BORDER, BORDER, path_w, path_h),
                      T("the path to the Dragon's lair", "通往龍穴之路"), "path", slots, "#e8dcc0")]
    y = BORDER + path_h + 3 * GAP
    h = HEADER + SLOT_H + 2 * PAD
    reveal_w = SLOT_W + 2 * PAD
    regions.append(region("adventure", rect(BORDER, y, path_w - reveal_w - 3 * GAP, h),
                          T("adventure: cards drawn this turn", "冒險：本回合抽到的牌"), "cards"))
    regions.append(region("reveal", rect(BORDER + path_w - reveal_w, y, reveal_w, h),
                          T("legendary card", "傳奇裝備"), "cards",
                          [slot([0], rect(BORDER + path_w - reveal_w + PAD, y + HEADER + PAD,
                                          SLOT_W, SLOT_H))]))
    return finish("mythe", players, T("Mythe", "俠鼠神抽"), regions)


# -- Masterpiece ------------------------------------------------------------------------------

RING_COLS, RING_ROWS = 10, 7  # 2 * (10 + 7) - 4 = 30 spaces
RING_CELL = 60.0
RING_GAP = 2.0
SIDE_W = 176.0
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


def masterpiece(players: int) -> dict:
    board = masterpiece_board()
    pitch = RING_CELL + RING_GAP
    ring_x = BORDER + SIDE_W + 3 * GAP
    ring_y = BORDER
    x0, y0 = ring_x + PAD, ring_y + HEADER + PAD
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
        slots.append(slot([index], rect(x0 + c * pitch, y0 + r * pitch, RING_CELL, RING_CELL),
                          str(index), data))
    ring_w = RING_COLS * pitch - RING_GAP + 2 * PAD
    ring_h = HEADER + RING_ROWS * pitch - RING_GAP + 2 * PAD
    regions = [region("ring", rect(ring_x, ring_y, ring_w, ring_h),
                      T("the board: 30 spaces, clockwise", "棋盤：30 格，順時針"), "ring", slots,
                      "#efe4c8")]
    # Inside the ring: the easel (one card) and the dice tray.
    inner_x, inner_y = x0 + pitch + 8, y0 + pitch + 8
    inner_h = (RING_ROWS - 2) * pitch - 16
    easel_w = SLOT_W + 2 * PAD
    regions.append(region("easel", rect(inner_x, inner_y, easel_w, HEADER + SLOT_H + 2 * PAD),
                          T("easel", "畫架"), "cards",
                          [slot([0], rect(inner_x + PAD, inner_y + HEADER + PAD, SLOT_W, SLOT_H))],
                          "#f7efe0"))
    roll_x = inner_x + easel_w + 4 * GAP
    regions.append(region("roll", rect(roll_x, inner_y, 150, inner_h),
                          T("roll the die here", "在這裡擲骰"), "dice"))
    # Player areas: right column first, then left, each split evenly.
    right_n = math.ceil(players / 2)
    columns = [(ring_x + ring_w + 3 * GAP, list(range(right_n))),
               (BORDER, list(range(right_n, players)))]
    for cx, seats in columns:
        if not seats:
            continue
        each = (ring_h - (len(seats) - 1) * GAP) / len(seats)
        for i, k in enumerate(seats):
            regions.append(region(f"player{k}", rect(cx, ring_y + i * (each + GAP), SIDE_W, each),
                                  T(f"player {k + 1}: paintings", f"玩家 {k + 1}：畫作"), "cards"))
    return finish("masterpiece", players, T("Masterpiece", "曠世鉅作"), regions)


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
            path = out / f"{game}-{n}p.json"
            path.write_text(json.dumps(build(n), ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for p in generate():
        data = json.loads(p.read_text(encoding="utf-8"))
        print(f"{p.name}: mat {data['mat_size_mm'][0]} x {data['mat_size_mm'][1]} mm, "
              f"{len(data['markers'])} markers, {len(data['regions'])} regions")
