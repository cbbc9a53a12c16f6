"""The final table as a picture to share (a chat, a café's wall): drawn on the server with
Pillow in Noto Sans CJK TC, the font the printable kit uses, so it reads the same in English
and Traditional Chinese on any phone, with nothing to install there.

The ranking is the page's (web/static/app.js renderResults): the winners the engine named
come first, then by total; equal totals on the same side of that line share a rank. The PNG
also carries it as text (`Title`, `Description`: one line per side, rank TAB name TAB total),
which image viewers show and which a test compares against the page.
"""

from __future__ import annotations

import io
import time
from typing import Any

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

from . import i18n

WIDTH = 1200
MIN_HEIGHT = 630  # the usual share-card proportion (1.91:1) when the table is short
MARGIN = 64
PAPER = (251, 248, 240)
INK = (34, 31, 26)
MUTED = (110, 102, 90)
WINNER = (46, 125, 50)
BAND = (60, 52, 40)


def ranking(snapshot: dict) -> list[dict]:
    """Each side with its rank, winners first, then by total (ties share a rank)."""
    outcome = snapshot.get("outcome") or {}
    winners = list(outcome.get("winners") or [])
    sides = sorted(
        snapshot.get("scores") or [], key=lambda s: (s["side"] not in winners, -s["total"])
    )
    ranked, rank = [], 0
    for i, side in enumerate(sides):
        previous = sides[i - 1] if i else None
        tied = (
            previous is not None
            and previous["total"] == side["total"]
            and ((previous["side"] in winners) == (side["side"] in winners))
        )
        if not tied:
            rank = i + 1
        ranked.append({**side, "rank": rank, "winner": side["side"] in winners})
    return ranked


def _font(size: int, bold: bool = False):
    from calibration.kit.draw import font  # Noto Sans CJK TC (Debian's fonts-noto-cjk)

    return font(size, bold)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> list[str]:
    """Lines no wider than `width`: English breaks between words, Chinese between any two
    characters (it has no spaces)."""
    lines, line = [], ""
    tokens: list[str] = []
    for char in text:
        if (
            tokens
            and char != " "
            and tokens[-1][-1:] not in (" ", "")
            and char.isascii()
            and tokens[-1][-1].isascii()
        ):
            tokens[-1] += char  # a Latin word grows
        else:
            tokens.append(char)
    for token in tokens:
        if line and draw.textlength(line + token, font=font) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _pick(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return i18n.local_names(str(value.get(lang) or value.get("en") or ""), lang)
    return "" if value is None else i18n.local_names(str(value), lang)


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _money(k: float, lang: str) -> str:
    """$3.5M / $500K, or 350 萬元 in Chinese: Masterpiece's one money format."""
    from companion.games.masterpiece.words import money

    said = money(k)
    return said.zh if lang == "zh-TW" else said.en


def _amount(value: float, game: dict, lang: str) -> str:
    return _money(value, lang) if game.get("score_unit") == "money_k" else _points(value)


def _total(value: float, game: dict, lang: str) -> str:
    if game.get("score_unit") == "money_k":
        return _money(value, lang)
    return i18n.say("scores.total", lang, n=value)


def results_png(snapshot: dict, lang: str) -> bytes:
    """The picture of `snapshot`'s results in `lang` (en or zh-TW), as PNG bytes; its start
    and length are the snapshot's `times` (companion.record.game_times), as on the page."""
    times = snapshot.get("times") or {}
    started = times.get("started")
    lang = lang if lang in i18n.LANGS else "en"
    game_name = _pick(snapshot["game"]["name"], lang)
    title = i18n.say("summary.title", lang, game=game_name, id=snapshot.get("game_id", ""))
    names = ", ".join(_pick(name, lang) for name in snapshot["setup"].get("names") or [])
    meta = i18n.say(
        "summary.meta", lang, date=i18n.format_date(started or time.time(), lang), names=names
    )
    moves = sum(1 for v in snapshot.get("log") or [] if v.get("accepted") and v.get("move"))
    length = i18n.say("results.moves", lang, n=moves)
    if times.get("minutes"):
        length += " · " + i18n.say("results.minutes", lang, n=times["minutes"])
    ranked = ranking(snapshot)
    game = snapshot.get("game") or {}
    steps, band, bottom = _layout(title, meta, snapshot.get("outcome"), ranked, length, lang, game)
    image = _draw(steps, band, max(MIN_HEIGHT, bottom + 60))
    return _png(image, title, ranked, lang, game, comment=meta + "\n" + length)


def _layout(title: str, meta: str, outcome, ranked, length: str, lang: str, game: dict):
    """Everything laid out once as (y, drawing) steps, so the height is known first:
    (steps, the title band's bottom, the last step's y)."""
    f_title, f_big, f_small = _font(44, True), _font(34, True), _font(22)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inner = WIDTH - 2 * MARGIN
    steps: list[tuple[int, Any]] = []
    y = 40
    for line in _wrap(probe, title, f_title, inner):
        steps.append((y, ("text", line, f_title, (255, 255, 255))))
        y += 58
    steps.append((y, ("text", meta, f_small, (230, 222, 205))))
    y += 36
    band = y + 20
    y = _outcome_steps(steps, probe, outcome, lang, band + 30) + 16
    for side in ranked:
        colour = WINNER if side["winner"] else INK
        rank = i18n.say("results.rank", lang, n=side["rank"])
        total = _total(side["total"], game, lang)
        steps.append((y, ("row", rank, _pick(side["label"], lang), total, colour, f_big)))
        y += 48
        for line in side.get("lines") or []:
            said = f"+{_amount(line['points'], game, lang)}  "
            said += _pick(line.get("source"), lang)
            for part in _wrap(probe, said, f_small, inner - 80):
                steps.append((y, ("text-indent", part, f_small, MUTED)))
                y += 30
        y += 14
    steps.append((y + 6, ("text", length + " · " + i18n.say("brand", lang), f_small, MUTED)))
    return steps, band, y


def _outcome_steps(steps: list, probe, outcome, lang: str, y: int) -> int:
    """The winner and any tie-break (or "not over yet") from `y` on; returns the next y."""
    f_text, f_small = _font(26), _font(22)
    inner = WIDTH - 2 * MARGIN
    colon = "：" if lang == "zh-TW" else ": "  # a full-width colon after Chinese words
    if not outcome:
        steps.append((y, ("text", i18n.say("summary.ongoing", lang), f_text, MUTED)))
        return y + 36
    said = i18n.say("end.winner", lang) + colon + _pick(outcome.get("explanation"), lang)
    for line in _wrap(probe, said, f_text, inner):
        steps.append((y, ("text", line, f_text, WINNER)))
        y += 36
    if outcome.get("tie_break"):
        said = i18n.say("end.tiebreak", lang) + colon + _pick(outcome["tie_break"], lang)
        for line in _wrap(probe, said, f_small, inner):
            steps.append((y, ("text", line, f_small, MUTED)))
            y += 30
    return y


def _draw(steps: list, band: int, height: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, WIDTH, band], fill=BAND)
    for top, step in steps:
        kind = step[0]
        if kind == "text":
            draw.text((MARGIN, top), step[1], font=step[2], fill=step[3])
        elif kind == "text-indent":
            draw.text((MARGIN + 80, top), step[1], font=step[2], fill=step[3])
        else:
            _, rank, name, total, colour, f = step
            draw.text((MARGIN, top), rank, font=f, fill=colour)
            draw.text((MARGIN + 160, top), name, font=f, fill=colour)
            draw.text((WIDTH - MARGIN, top), total, font=f, fill=colour, anchor="ra")
    return image


def _png(image: Image.Image, title: str, ranked, lang: str, game: dict, comment: str) -> bytes:
    """PNG bytes with the title, the ranking, and the date and length (`Comment`) as text
    (for screen readers and search)."""
    info = PngInfo()
    info.add_itxt("Title", title, lang=lang)
    info.add_itxt("Comment", comment, lang=lang)
    info.add_itxt(
        "Description",
        "\n".join(
            f"{side['rank']}\t{_pick(side['label'], lang)}\t{_total(side['total'], game, lang)}"
            for side in ranked
        ),
        lang=lang,
    )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", pnginfo=info, optimize=True)
    return buffer.getvalue()
