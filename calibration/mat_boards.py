"""The mats of the board games: Mythe's path and Masterpiece's ring (built by
gen_layouts.py). Their spaces come from the games' data files."""

from __future__ import annotations

import json
import math
from typing import Any

from .mat_parts import (
    REPO,
    STANDARD,
    Dims,
    T,
    finish,
    rect,
    region,
    slot,
)

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


def path_cells() -> list[tuple[int, int, int]]:
    """(row, column, width in cells) of each path space. Serpentine: row 0 left to right
    (Village is two cells wide), row 1 right to left, row 2 left to right ending in the
    Dragon's lair and the Sacred Cheese (two cells each)."""
    cells = [(0, 0, 2)]
    cells += [(0, 2 + i, 1) for i in range(6)]
    cells += [(1, PATH_COLS - 1 - i, 1) for i in range(8)]
    cells += [(2, i, 1) for i in range(4)]
    cells += [(2, 4, 2), (2, 6, 2)]
    assert len(cells) == 21
    return cells


def mythe(players: int, d: Dims = STANDARD) -> dict:
    pitch = d.CELL + d.CELL_GAP
    x0, y0 = d.BORDER + d.PAD, d.BORDER + d.HEADER + d.PAD
    slots = []
    for index, ((row, col, span), space) in enumerate(zip(path_cells(), mythe_spaces())):
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
    slots = [
        slot(
            [index],
            rect(x0 + c * pitch, y0 + r * pitch, d.RING_CELL, d.RING_CELL),
            str(index),
            _space_data(board.get(index, {})),
        )
        for index, (c, r) in enumerate(ring_cells())
    ]
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
    regions += _player_areas(d, players, (ring_x, ring_y, ring_w, ring_h))
    return finish("masterpiece", players, T("Masterpiece", "曠世鉅作"), regions, d)


def _space_data(space: dict) -> dict[str, Any]:
    """What a ring space's slot carries: its kind, the kind's name, its price."""
    data: dict[str, Any] = {}
    if space:
        data["kind"] = space.get("kind")
        if space.get("kind") in SPACE_KINDS:
            data["name"] = SPACE_KINDS[space["kind"]]
        if "price_k" in space:
            data["price_k"] = space["price_k"]
    return data


def _player_areas(d: Dims, players: int, ring: tuple[float, float, float, float]) -> list[dict]:
    """Each player's paintings area: right of the ring first, then left, split evenly."""
    ring_x, ring_y, ring_w, ring_h = ring
    right_n = math.ceil(players / 2)
    columns = [
        (ring_x + ring_w + 3 * d.GAP, list(range(right_n))),
        (d.BORDER, list(range(right_n, players))),
    ]
    regions = []
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
    return regions
