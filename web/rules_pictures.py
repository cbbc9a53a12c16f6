"""The pictures of the rules page: the game's own mat and cards, drawn by the print kit, with
the region a rule is about outlined (`GET /rules/<game>/picture/<rule>.png`). The lesson panel
draws its step's picture with the same renderer (`picture_response`, web/lesson.py).

A picture depends only on the installed data, so each is drawn once per process and then
served from memory (and the browser may keep it for a day)."""

from __future__ import annotations

import io
import threading
from functools import lru_cache

from flask import Blueprint, Response

from companion.games import find_game
from companion.rules_pages import load_rules_page

from .errors import ApiError
from .kit import kit_available

bp = Blueprint("rules_pictures", __name__)
WIDTH_PX = 720  # the mat's width in a picture: sharp on a phone, light on the wire
CARD_HEIGHT_PX = 170
GAP_PX = 12
HIGHLIGHT = (230, 120, 0)  # the lesson's highlight orange
_draw_lock = threading.Lock()  # one drawing at a time: two cores are shared with the camera


@bp.get("/rules/<slug>/picture/<rule_id>.png")
def rule_picture(slug: str, rule_id: str):
    game_slug = find_game(slug).info.slug
    page = load_rules_page(game_slug)
    rule = page.rule(rule_id)
    if rule is None or rule.picture is None:
        raise ApiError(404, f"{game_slug}'s rules have no picture {rule_id!r}", "not_found")
    return picture_response(game_slug, page.players, rule.picture.region, rule.picture.cards)


def picture_response(game: str, players: int, region: str | None, cards: list[str]) -> Response:
    """The game's mat with `region` outlined and/or `cards` drawn below it, as a cached PNG:
    the one renderer of the rules pages and the lesson panel (web/lesson.py)."""
    if not kit_available():
        raise ApiError(404, "the print kit (calibration.kit) is not installed", "not_found")
    with _draw_lock:
        png = _picture_png(game, players, region, tuple(cards))
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@lru_cache(maxsize=128)
def _picture_png(game: str, players: int, region: str | None, cards: tuple[str, ...]) -> bytes:
    from PIL import Image

    parts = []
    if region is not None:
        parts.append(_mat_with_region(game, players, region))
    if cards:
        parts.append(_cards_row(game, list(cards)))
    width = max(p.width for p in parts)
    height = sum(p.height for p in parts) + GAP_PX * (len(parts) - 1)
    out = Image.new("RGB", (width, height), (255, 255, 255))
    y = 0
    for part in parts:
        out.paste(part, ((width - part.width) // 2, y))
        y += part.height + GAP_PX
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _mat_with_region(game: str, players: int, region_name: str):
    """The whole mat, faded, with the region at full strength and outlined."""
    from PIL import Image, ImageDraw

    from calibration.kit.mat import render_layout
    from calibration.layouts import load_layout

    layout = load_layout(game, players)
    dpi = WIDTH_PX / (layout.mat_size_mm[0] / 25.4)
    mat = render_layout(layout, dpi)
    faded = Image.blend(mat, Image.new("RGB", mat.size, (255, 255, 255)), 0.6)
    s = dpi / 25.4
    x, y, w, h = layout.region(region_name).rect_mm
    box = (int(x * s), int(y * s), int((x + w) * s), int((y + h) * s))
    faded.paste(mat.crop(box), box[:2])
    ImageDraw.Draw(faded).rounded_rectangle(box, radius=6, outline=HIGHLIGHT, width=5)
    return faded


def _cards_row(game: str, payloads: list[str]):
    from PIL import Image

    from calibration.kit.cards import card_image
    from companion.catalogue import load_catalogue

    card_h_mm = load_catalogue(game).card_size_mm[1]
    dpi = CARD_HEIGHT_PX / (card_h_mm / 25.4)
    cards = [card_image(game, payload, dpi=dpi) for payload in payloads]
    width = sum(c.width for c in cards) + GAP_PX * (len(cards) - 1)
    row = Image.new("RGB", (width, max(c.height for c in cards)), (255, 255, 255))
    x = 0
    for card in cards:
        row.paste(card.convert("RGB"), (x, 0))
        x += card.width + GAP_PX
    return row
