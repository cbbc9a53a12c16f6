"""The play mat as an image: every region with its label (English and Chinese), every slot,
and the ArUco markers the camera calibrates from. Drawn straight from the layout data."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..layouts import Layout, Region, load_layout
from .draw import draw_aruco, fit_text, hex_rgb, lighten

INK = (40, 40, 40)
SLOT_LINE = (150, 150, 150)
DEFAULT_TINT = "#eeeeee"
LABEL_GREY = (100, 100, 100)  # slot marks (T1, T2, row numbers): 5.9:1 on white, still quiet


def render_layout(layout: Layout, dpi: float) -> Image.Image:
    s = dpi / 25.4
    w_mm, h_mm = layout.mat_size_mm
    img = Image.new("RGB", (int(round(w_mm * s)), int(round(h_mm * s))), (255, 255, 255))
    draw = ImageDraw.Draw(img)

    def box(rect):
        x, y, w, h = rect
        return [x * s, y * s, (x + w) * s, (y + h) * s]

    # Big regions first so the token bands drawn later stay visible on top.
    for region in sorted(layout.regions, key=lambda r: -r.rect_mm[2] * r.rect_mm[3]):
        _draw_region(draw, region, box, s, layout.card_size_mm[1])
    for marker in layout.markers:
        side = marker.size_mm * s
        cx, cy = marker.center_mm[0] * s, marker.center_mm[1] * s
        draw_aruco(img, marker.id, cx - side / 2, cy - side / 2, side)
    _draw_title_and_scale(draw, layout, s)
    return img


FAN_HINT = (
    "1 → 14: down each column; every card lies on the foot of the one above",
    "1 → 14：由上往下排列，每張牌壓住上一張的下緣",
)


def _draw_region(draw: ImageDraw.ImageDraw, region: Region, box, s: float, card_h: float) -> None:
    tint = hex_rgb(region.color or DEFAULT_TINT)
    line = max(1, int(0.6 * s))
    # A tokens region's box spans the galleries between its token rows: outlining it would
    # cut through card spaces, so only its token spaces are drawn.
    if region.kind != "tokens":
        fill = lighten(tint, 0.55) if region.color else tint
        draw.rounded_rectangle(
            box(region.rect_mm), radius=3 * s, fill=fill, outline=INK, width=line
        )
    x, y, w, h = region.rect_mm
    if region.kind != "tokens":
        label = f"{region.label.en}   {region.label.zh}"
        f = fit_text(draw, label, int((w - 6) * s), int(7 * s))
        if f.size >= int(5 * s):
            draw.text(((x + 3) * s, (y + 6.5) * s), label, font=f, fill=INK, anchor="lm")
        else:  # a narrow region: English and Chinese on two lines
            for i, text in enumerate((region.label.en, region.label.zh)):
                f = fit_text(draw, text, int((w - 6) * s), int(4.5 * s))
                draw.text(((x + 3) * s, (y + 3.5 + 5 * i) * s), text, font=f, fill=INK, anchor="lm")
    if region.kind == "cards" and any(sl.rect_mm[3] < card_h for sl in region.slots):
        # A fanned row (the compact Cardcassonne mat): say how its cards lie.
        for i, text in enumerate(FAN_HINT):
            f = fit_text(draw, text, int((w - 6) * s), int(4 * s))
            draw.text(((x + 3) * s, (y + 14 + 5 * i) * s), text, font=f, fill=INK, anchor="lm")
    for slot in region.slots:
        sx, sy, sw, sh = slot.rect_mm
        draw.rectangle(
            box(slot.rect_mm),
            fill=(255, 255, 255) if region.kind != "tokens" else None,
            outline=SLOT_LINE,
            width=max(1, int(0.35 * s)),
        )
        _draw_slot_text(draw, region, slot, s)


def _draw_slot_text(draw, region: Region, slot, s: float) -> None:
    sx, sy, sw, sh = slot.rect_mm
    cx, cy = (sx + sw / 2) * s, (sy + sh / 2) * s
    grey = (120, 120, 120)
    name = slot.data.get("name")
    if region.kind == "path":
        if slot.label:
            f = fit_text(draw, slot.label, int(sw * 0.8 * s), int(14 * s))
            draw.text(
                (cx, (sy + sh * 0.68) * s), slot.label, font=f, fill=(30, 30, 30), anchor="mm"
            )
        draw.text(
            ((sx + 2) * s, (sy + 1.5) * s),
            str(slot.slot[0]),
            font=fit_text(draw, "00", int(8 * s), int(5 * s)),
            fill=grey,
            anchor="lt",
        )
        if isinstance(name, dict):
            for i, key in enumerate(("en", "zh-TW")):
                f = fit_text(draw, name[key], int(sw * 0.9 * s), int(6 * s))
                draw.text(
                    (cx, (sy + sh * (0.25 + 0.17 * i)) * s),
                    name[key],
                    font=f,
                    fill=INK,
                    anchor="mm",
                )
    elif region.kind == "ring":
        draw.text(
            ((sx + 2) * s, (sy + 1.5) * s),
            str(slot.slot[0]),
            font=fit_text(draw, "00", int(10 * s), int(6 * s)),
            fill=grey,
            anchor="lt",
        )
        lines = []
        if isinstance(name, dict):
            lines = [name["en"], name["zh-TW"]]
        if "price_k" in slot.data:
            lines.append(f"${slot.data['price_k'] / 1000:g}M")
        for i, text in enumerate(lines):
            f = fit_text(draw, text, int(sw * 0.92 * s), int(6 * s))
            draw.text((cx, (sy + sh * (0.42 + 0.18 * i)) * s), text, font=f, fill=INK, anchor="mm")
    elif slot.label:
        f = fit_text(draw, slot.label, int(sw * 0.8 * s), int(min(sh * 0.45, 8) * s))
        where = (cx, cy) if region.kind == "tokens" else (cx, (sy + sh - 5) * s)
        draw.text(where, slot.label, font=f, fill=LABEL_GREY, anchor="mm")
    elif isinstance(slot.data.get("gallery"), dict):
        # Musée: which gallery an empty space belongs to (the compact 3-player mat runs its
        # galleries in columns, where top, middle and bottom would not tell).
        gallery = slot.data["gallery"]
        text = f"{gallery['en']} {gallery['zh-TW']}"
        f = fit_text(draw, text, int(sw * 0.9 * s), int(4 * s))
        draw.text((cx, (sy + sh - 4) * s), text, font=f, fill=LABEL_GREY, anchor="mm")


def _draw_title_and_scale(draw: ImageDraw.ImageDraw, layout: Layout, s: float) -> None:
    """Title in the top margin and a 100 mm scale bar in the bottom margin, each in the gap
    after the first corner marker, so a printout can be checked for 100 % scale."""
    w_mm, h_mm = layout.mat_size_mm
    top = sorted(m.center_mm[0] for m in layout.markers if m.center_mm[1] < h_mm / 4)
    bottom = sorted(m.center_mm[0] for m in layout.markers if m.center_mm[1] > 3 * h_mm / 4)
    size = max((m.size_mm for m in layout.markers), default=36.0)
    if len(top) >= 2:
        x0, x1 = top[0] + size / 2 + 8, top[1] - size / 2 - 8
        y = min(m.center_mm[1] for m in layout.markers)
        title = layout.title
        text = (
            f"{title.en} {title.zh} · {layout.players} player{'s' if layout.players != 1 else ''} / {layout.players} 人"
            if title
            else f"{layout.game} · {layout.players}"
        )
        f = fit_text(draw, text, int((x1 - x0) * s), int(8 * s))
        draw.text((x0 * s, y * s), text, font=f, fill=INK, anchor="lm")
    if len(bottom) >= 2 and bottom[1] - bottom[0] - size > 120:
        x0 = bottom[0] + size / 2 + 8
        y = max(m.center_mm[1] for m in layout.markers)
        draw.rectangle([x0 * s, (y - 1.5) * s, (x0 + 100) * s, (y + 1.5) * s], fill=INK)
        for k in range(0, 101, 10):
            draw.line(
                [
                    ((x0 + k) * s, (y - 4) * s),
                    ((x0 + k) * s, (y + (4 if k % 50 == 0 else 1.5)) * s),
                ],
                fill=INK,
                width=max(1, int(0.3 * s)),
            )
        note = "100 mm"
        draw.text(
            ((x0 + 50) * s, (y - 5) * s),
            note,
            font=fit_text(draw, note, int(40 * s), int(5 * s)),
            fill=INK,
            anchor="mb",
        )


def mat_image(game: str, players: int, dpi: float = 100, variant: str | None = None) -> Image.Image:
    """The whole mat of a game for a player count, as an RGB image at dpi."""
    return render_layout(load_layout(game, players, variant), dpi)
