"""Tokens: small pieces carrying an ArUco marker (DICT_4X4_250) instead of a QR code.

A token is a white square with the marker's black square in the middle, one marker cell of
white around it (ArUco needs that light border), and a thin cut line in the piece's colour.
Sizes fit the mat's slots: a Musée token sits in the token band between two galleries, a
Masterpiece pawn shares a 60 mm ring space with others.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.catalogue import Piece, load_catalogue
from companion.errors import UnknownCardError

from .cards import PALETTE, accent_of
from .draw import ARUCO_CELLS, draw_aruco, hex_rgb, px

TOKEN_MM = {"musee": 24.0, "cardcassonne": 40.0, "crypt": 30.0, "mythe": 34.0, "masterpiece": 26.0}
DEFAULT_TOKEN_MM = 30.0


def token_size_mm(game: str) -> float:
    return TOKEN_MM.get(game, DEFAULT_TOKEN_MM)


def marker_size_mm(game: str) -> float:
    """The black square of a token's marker: the token less one white cell each side."""
    return token_size_mm(game) * ARUCO_CELLS / (ARUCO_CELLS + 2)


def render_token_piece(game: str, piece: Piece, dpi: float) -> Image.Image:
    if piece.marker is None:
        raise UnknownCardError(f"{piece.payload} has no marker id")
    side = px(token_size_mm(game), dpi)
    img = Image.new("RGB", (side, side), (255, 255, 255))
    marker = side * ARUCO_CELLS / (ARUCO_CELLS + 2)
    draw_aruco(img, piece.marker, (side - marker) / 2, (side - marker) / 2, marker)
    colour = hex_rgb(accent_of(piece)) if accent_of(piece) in PALETTE.values() else (90, 90, 90)
    width = max(1, px(0.5, dpi))
    ImageDraw.Draw(img).rectangle([0, 0, side - 1, side - 1], outline=colour, width=width)
    return img


def render_token(game: str, payload: str, dpi: float = 150) -> Image.Image:
    """The printed token side carrying `payload` (e.g. MUT01C) at dpi."""
    piece = load_catalogue(game).piece(payload.upper())
    if piece.kind != "token":
        raise UnknownCardError(f"{payload} is a card, not a token: see render_card")
    return render_token_piece(game, piece, dpi)


def token_groups(game: str) -> list[list[Piece]]:
    """Tokens grouped by physical piece: Musée's two sides of one token print side by side
    to be folded and glued; other games' tokens are one side each."""
    groups: dict[str, list[Piece]] = {}
    for piece in load_catalogue(game).tokens:
        groups.setdefault(piece.card, []).append(piece)
    return list(groups.values())
