"""Card faces: what a player reads without a phone, and the QR code the camera reads.

Design of a 63 x 88 mm card (every size scales with the card):

    +-----------------------------+  coloured frame (FRAME_MM): colour or type at a glance
    | 23            Musée 私藏美術館 |  top band: number or value, game
    |   +---------------------+   |
    |   |  quiet zone (white) |   |  the QR symbol: version 1 (21 x 21 modules), the
    |   |    +-----------+    |   |  largest whole-card square that still keeps the
    |   |    |  QR  21x21 |    |   |  4-module quiet zone light inside the frame
    |   |    +-----------+    |   |
    |   +---------------------+   |
    | 23 Seascape                 |  bottom band: the card's name in English
    | 23 海景                      |  and in Traditional Chinese
    +-----------------------------+

The QR module is (card width - 2 frame) / 29 (21 modules + 4 quiet each side): 2.0 mm on a
63 mm card, so a webcam seeing the mat at 1.6 px/mm still gets 3 px per module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from companion.catalogue import Piece, load_catalogue
from companion.errors import UnknownCardError

from .draw import QR_QUIET_MODULES, QR_SIZE_MODULES, draw_qr, fit_text, hex_rgb, lighten, px

FRAME_MM = 2.5
DEFAULT_CARD_MM = (63.0, 88.0)

GAME_NAMES = {
    "musee": ("Musée", "私藏美術館"),
    "cardcassonne": ("Cardcassonne", "卡卡頌卡牌版"),
    "crypt": ("Crypt", "皇家地窖"),
    "mythe": ("Mythe", "俠鼠神抽"),
    "masterpiece": ("Masterpiece", "曠世鉅作"),
}

# Accent colour by what a face says it is (theme, colour, type, role), first match wins.
PALETTE = {
    # Musée themes
    "landscape": "#8a8f96",
    "seascape": "#2f6fc0",
    "animals": "#3c9a4a",
    "people": "#c8382e",
    "buildings": "#e0b020",
    # colours (Cardcassonne rows, Masterpiece and Mythe pieces)
    "yellow": "#e0b020",
    "red": "#c8382e",
    "green": "#3c9a4a",
    "blue": "#2f6fc0",
    "purple": "#7b4bb0",
    "white": "#b8b8b8",
    "black": "#303030",
    # Crypt treasure types
    "idols": "#b8860b",
    "jewelry": "#b03a8c",
    "manuscripts": "#6b4f2a",
    "pottery": "#c0622e",
    "remains": "#6e6e6e",
    "tapestries": "#3a5fa0",
    # other kinds
    "dragon": "#a01818",
    "fairy": "#d070c0",
    "animal_joker": "#4f8f8f",
    "building_joker": "#8f7f4f",
    "obstacle": "#5a1a1a",
    "legendary": "#c89b1c",
    "number": "#2f6fc0",
    "torch": "#d0701c",
    "collector": "#5a5a8a",
}
# A shape and a letter per colour or type, drawn in the card's top-right corner: players who
# cannot tell red from green (about 1 boy in 12) read the symbol instead of the colour.
SYMBOLS = {
    "landscape": ("L", "circle"),
    "seascape": ("S", "square"),
    "animals": ("A", "triangle"),
    "people": ("P", "diamond"),
    "buildings": ("B", "hexagon"),
    "yellow": ("Y", "circle"),
    "red": ("R", "square"),
    "green": ("G", "triangle"),
    "blue": ("B", "diamond"),
    "purple": ("P", "hexagon"),
    "white": ("W", "pentagon"),
    "black": ("K", "star"),
    "idols": ("I", "circle"),
    "jewelry": ("J", "diamond"),
    "manuscripts": ("M", "square"),
    "pottery": ("P", "triangle"),
    "remains": ("R", "hexagon"),
    "tapestries": ("T", "pentagon"),
    "dragon": ("D", "star"),
    "fairy": ("F", "pentagon"),
    "animal_joker": ("A", "star"),
    "building_joker": ("B", "star"),
    "obstacle": ("X", "square"),
    "legendary": ("L", "star"),
    "number": ("N", "circle"),
    "torch": ("T", "star"),
    "collector": ("C", "hexagon"),
}
DEFAULT_ACCENT = "#555555"
BACK_ACCENT = "#4a3f6b"


@dataclass(frozen=True)
class CardGeometry:
    """Where the parts of a card lie, in mm from the card's top-left corner."""

    card_mm: tuple[float, float]
    module_mm: float
    qr_origin_mm: tuple[float, float]  # top-left of the 21x21 symbol (quiet zone excluded)

    @property
    def qr_side_mm(self) -> float:
        return QR_SIZE_MODULES * self.module_mm

    @property
    def quiet_box_mm(self) -> tuple[float, float, float, float]:
        q = QR_QUIET_MODULES * self.module_mm
        x, y = self.qr_origin_mm
        return (x - q, y - q, self.qr_side_mm + 2 * q, self.qr_side_mm + 2 * q)


def card_geometry(card_mm: tuple[float, float] = DEFAULT_CARD_MM) -> CardGeometry:
    w, h = card_mm
    total = QR_SIZE_MODULES + 2 * QR_QUIET_MODULES
    usable = min(w - 2 * FRAME_MM, h - 2 * FRAME_MM - 2 * _band_mm(card_mm))
    module = usable / total
    side = module * total
    qx = (w - side) / 2 + QR_QUIET_MODULES * module
    qy = (h - side) / 2 + QR_QUIET_MODULES * module
    return CardGeometry((w, h), module, (qx, qy))


def _band_mm(card_mm: tuple[float, float]) -> float:
    """Height kept for text above and below the QR square (at least 11 mm)."""
    w, h = card_mm
    return max(11.0, (h - w) / 2)


def accent_key(piece: Piece) -> str | None:
    """What a face says it is (theme, colour, type, role) when the palette knows it."""
    face = piece.face
    for key in ("theme", "colour", "player_colour", "type", "role"):
        value = face.get(key)
        if isinstance(value, str) and value in PALETTE:
            return value
    return None


def is_placeholder(piece: Piece) -> bool:
    """A card whose contents are not yet checked against the published game."""
    return bool(piece.face.get("unverified"))


def accent_of(piece: Piece) -> str:
    key = accent_key(piece)
    if key is not None:
        return PALETTE[key]
    if piece.kind == "back":
        return BACK_ACCENT
    return DEFAULT_ACCENT


def corner_mark(piece: Piece) -> str:
    """The big mark in the top-left corner: number or value, when the card has one."""
    face = piece.face
    for key in ("number", "value"):
        value = face.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if face.get("type") == "obstacle":
                return ""
            return f"{value:g}"
    if isinstance(face.get("value_k"), (int, float)):
        k = face["value_k"]
        return "$0" if k == 0 else f"${k / 1000:g}M"
    if isinstance(face.get("painting"), int):
        return f"#{face['painting']}"
    if isinstance(face.get("side"), str) and len(face["side"]) == 1:
        return face["side"]
    return ""


def find_piece(game: str, payload: str) -> Piece:
    catalogue = load_catalogue(game)
    return catalogue.piece(payload.upper())


def render_piece(
    game: str, piece: Piece, dpi: float, card_mm: tuple[float, float] | None = None
) -> Image.Image:
    """One card face (front or back) as an RGB image at dpi."""
    card_mm = card_mm or load_catalogue(game).card_size_mm or DEFAULT_CARD_MM
    geo = card_geometry(card_mm)
    w_mm, h_mm = card_mm
    W, H = px(w_mm, dpi), px(h_mm, dpi)
    accent = hex_rgb(accent_of(piece))
    img = Image.new("RGB", (W, H), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    frame = px(FRAME_MM, dpi)
    draw.rectangle([0, 0, W - 1, H - 1], fill=accent)
    inner = lighten(accent, 0.88) if piece.kind != "back" else lighten(accent, 0.75)
    draw.rectangle([frame, frame, W - 1 - frame, H - 1 - frame], fill=inner)
    # The quiet zone and symbol: pure white, nothing else drawn inside.
    qx, qy, qs, _ = geo.quiet_box_mm
    s = dpi / 25.4
    draw.rectangle(
        [int(qx * s), int(qy * s), int((qx + qs) * s), int((qy + qs) * s)], fill=(255, 255, 255)
    )
    draw_qr(img, piece.payload, geo.qr_origin_mm[0] * s, geo.qr_origin_mm[1] * s, geo.module_mm * s)
    band_top = qy * s  # px height of the top band
    band_bottom = H - (qy + qs) * s
    pad = px(FRAME_MM + 1.5, dpi)
    ink = (25, 25, 25)
    # Top band: big number or value on the left, game name on the right.
    mark = corner_mark(piece)
    top_h = int(band_top - frame)
    if mark:
        f = fit_text(draw, mark, int(W * 0.45), int(top_h * 0.95), bold=True)
        draw.text((pad, frame + top_h / 2), mark, font=f, fill=ink, anchor="lm")
    en, zh = GAME_NAMES.get(game, (game, game))
    key = accent_key(piece)
    name_right: float = W - pad
    if key in SYMBOLS:
        badge = top_h * 0.86
        _draw_symbol(draw, SYMBOLS[key], W - pad - badge / 2, frame + top_h / 2, badge)
        name_right = W - pad - badge - px(1.0, dpi)
    name_w = int(name_right - W * 0.5)
    gf = fit_text(draw, en, name_w, int(top_h * 0.36))
    draw.text((name_right, frame + top_h * 0.32), en, font=gf, fill=ink, anchor="rm")
    draw.text(
        (name_right, frame + top_h * 0.74),
        zh,
        font=fit_text(draw, zh, name_w, int(top_h * 0.36)),
        fill=ink,
        anchor="rm",
    )
    _bottom_band(draw, piece, (W, H), band_bottom, frame, pad)
    return img


def _bottom_band(draw, piece: Piece, size: tuple[int, int], band: float, frame: int, pad: int):
    """The name in both languages under the code (and a placeholder deck says so)."""
    W, H = size
    ink = (25, 25, 25)
    y0 = H - band
    bot_h = band - frame
    name_w = W - 2 * pad
    f_en = fit_text(draw, piece.name.en, name_w, int(bot_h * 0.42), bold=True)
    f_zh = fit_text(draw, piece.name.zh, name_w, int(bot_h * 0.42), bold=True)
    draw.text((W / 2, y0 + bot_h * 0.28), piece.name.en, font=f_en, fill=ink, anchor="mm")
    draw.text((W / 2, y0 + bot_h * 0.74), piece.name.zh, font=f_zh, fill=ink, anchor="mm")
    if is_placeholder(piece):
        # In the bottom frame, white on the frame colour: visible, but clear of the code.
        note = "PLACEHOLDER DECK · 暫代牌組"
        f = fit_text(draw, note, int(W * 0.8), max(4, int(frame * 0.85)), bold=True)
        draw.text((W / 2, H - frame / 2), note, font=f, fill=(255, 255, 255), anchor="mm")


def _polygon(cx: float, cy: float, r: float, corners: int, turn: float) -> list[tuple]:
    return [
        (
            cx + r * math.cos(turn + 2 * math.pi * k / corners),
            cy + r * math.sin(turn + 2 * math.pi * k / corners),
        )
        for k in range(corners)
    ]


def _draw_symbol(
    draw: ImageDraw.ImageDraw, symbol: tuple[str, str], cx: float, cy: float, size: float
) -> None:
    """A white shape with a dark outline and a bold letter in it."""
    letter, shape = symbol
    r = size / 2
    outline = max(1, int(size * 0.08))
    white, dark = (255, 255, 255), (20, 20, 20)
    if shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=white, outline=dark, width=outline)
    elif shape == "square":
        box = [cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85]
        draw.rectangle(box, fill=white, outline=dark, width=outline)
    elif shape == "star":
        points = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.62
            angle = -math.pi / 2 + math.pi * k / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        draw.polygon(points, fill=white, outline=dark, width=outline)
    else:
        corners, turn = {
            "triangle": (3, -math.pi / 2),
            "diamond": (4, -math.pi / 2),
            "pentagon": (5, -math.pi / 2),
            "hexagon": (6, 0.0),
        }[shape]
        shape_points = _polygon(cx, cy + (r * 0.15 if corners == 3 else 0), r, corners, turn)
        draw.polygon(shape_points, fill=white, outline=dark, width=outline)
    scale = {"triangle": 0.5, "star": 0.5}.get(shape, 0.72)
    f = fit_text(draw, letter, int(size * scale), int(size * scale), bold=True)
    draw.text(
        (cx, cy + (size * 0.1 if shape == "triangle" else 0)),
        letter,
        font=f,
        fill=(20, 20, 20),
        anchor="mm",
    )


def card_image(
    game: str, payload: str, dpi: float = 150, card_mm: tuple[float, float] | None = None
) -> Image.Image:
    """The printed face carrying `payload` (a card front or a card back) at dpi.

    Raises UnknownCardError for a payload that is not a card or back of that game."""
    piece = find_piece(game, payload)
    if piece.kind == "token":
        raise UnknownCardError(f"{payload} is a token, not a card: see render_token")
    return _cached_card(game, piece.payload, float(dpi), card_mm)


@lru_cache(maxsize=256)
def _cached_card(
    game: str, payload: str, dpi: float, card_mm: tuple[float, float] | None
) -> Image.Image:
    return render_piece(game, find_piece(game, payload), dpi, card_mm)


def blank_back(game: str, dpi: float, card_mm: tuple[float, float] | None = None) -> Image.Image:
    """The back of a card whose game never shows it face down: no code, just the game name."""
    card_mm = card_mm or load_catalogue(game).card_size_mm
    W, H = px(card_mm[0], dpi), px(card_mm[1], dpi)
    img = Image.new("RGB", (W, H), hex_rgb(BACK_ACCENT))
    draw = ImageDraw.Draw(img)
    frame = px(FRAME_MM, dpi)
    draw.rectangle(
        [frame, frame, W - 1 - frame, H - 1 - frame], fill=lighten(hex_rgb(BACK_ACCENT), 0.75)
    )
    en, zh = GAME_NAMES.get(game, (game, game))
    draw.text(
        (W / 2, H * 0.45),
        en,
        font=fit_text(draw, en, int(W * 0.8), int(H * 0.1), True),
        fill=(40, 30, 60),
        anchor="mm",
    )
    draw.text(
        (W / 2, H * 0.58),
        zh,
        font=fit_text(draw, zh, int(W * 0.8), int(H * 0.1), True),
        fill=(40, 30, 60),
        anchor="mm",
    )
    return img


def faces(game: str) -> list[tuple[Piece, str]]:
    """Every distinct printed card face of a game: (piece, "front" | "back")."""
    catalogue = load_catalogue(game)
    return [(p, "front") for p in catalogue.cards] + [(p, "back") for p in catalogue.backs]
