"""The mats of the card games: Musée, Cardcassonne and Crypt (built by gen_layouts.py)."""

from __future__ import annotations

import math

from .mat_parts import (
    STANDARD,
    Dims,
    T,
    card_row,
    finish,
    rect,
    region,
    slot,
)

# -- Musée ---------------------------------------------------------------------------------


def musee(players: int, d: Dims = STANDARD) -> dict:
    spaces = 5 if players == 3 else 6
    museums = 3 if players == 3 else 2
    # Three museums side by side are too wide for a compact mat: there each gallery runs
    # top to bottom instead (upper gallery on the left), tokens between the columns.
    down = d.MUSEUM_GALLERIES_DOWN and museums == 3
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
        slots, tokens = _museum_spaces(d, x, d.BORDER + d.HEADER, spaces, down)
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


GALLERY_NAMES = [
    T("upper gallery", "上層展廳"),
    T("middle gallery", "中層展廳"),
    T("lower gallery", "下層展廳"),
]


def _museum_spaces(d: Dims, x: float, top: float, spaces: int, down: bool):
    """(painting slots, token slots) of one museum: three galleries of `spaces` spaces, the
    token rows between them (galleries side by side when `down`)."""
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
                slot([g, c], rect(sx, sy, d.SLOT_W, d.SLOT_H), data={"gallery": GALLERY_NAMES[g]})
            )
            if g < 2:
                tokens.append(slot([g, c], token, label=f"T{g + 1}"))
    return slots, tokens


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
