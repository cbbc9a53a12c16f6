"""The printable kit: the `companion print` commands, and PDF downloads when calibration.kit
is installed (generated on first request, then kept for the server's lifetime)."""

from __future__ import annotations

import atexit
import importlib.util
import shutil
import tempfile
import threading
from pathlib import Path

from flask import Blueprint, current_app, request, send_file

from .errors import ApiError

bp = Blueprint("kit", __name__)
KINDS = ("cards", "stickers", "tokens", "mat")
_cache_lock = threading.Lock()
_cache_dir: Path | None = None


def cache_dir() -> Path:
    """Made on the first download and removed when the server process ends (it used to be
    made at import and left behind in /tmp by every run)."""
    global _cache_dir
    if _cache_dir is None:
        _cache_dir = Path(tempfile.mkdtemp(prefix="companion-kit-"))
        atexit.register(shutil.rmtree, _cache_dir, ignore_errors=True)
    return _cache_dir


def kit_available() -> bool:
    try:
        return importlib.util.find_spec("calibration.kit.sheets") is not None
    except (ImportError, ValueError):
        return False


def kit_links(game: str, players: int) -> dict:
    commands = [
        f"companion print cards {game} --out {game}-cards.pdf",
        f"companion print stickers {game} --out {game}-stickers.pdf",
        f"companion print tokens {game} --out {game}-tokens.pdf",
        f"companion print mat {game} --players {players} --out {game}-mat.pdf",
    ]
    downloads = []
    if kit_available():
        downloads = [
            {"name": kind, "url": f"/kit/{game}/{kind}.pdf?players={players}"} for kind in KINDS
        ]
    return {"commands": commands, "downloads": downloads}


@bp.get("/kit/<game>/card/<payload>.png")
def card_png(game: str, payload: str):
    """One card at 300 dpi: the replacement for a card the pack-up check found missing
    (companion/kit_check.py names this link)."""
    import io

    from companion.errors import UnknownCardError
    from companion.games import find_game

    if not kit_available():
        raise ApiError(404, "the print kit (calibration.kit) is not installed")
    slug = find_game(game).info.slug
    from calibration.kit.cards import card_image

    try:
        image = card_image(slug, payload.upper(), dpi=300)
    except UnknownCardError as exc:
        raise ApiError(404, str(exc)) from None
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(300, 300))
    buffer.seek(0)
    return send_file(buffer, mimetype="image/png", download_name=f"{slug}-{payload}.png")


@bp.get("/kit/<game>/<kind>.pdf")
def download(game: str, kind: str):
    from companion.games import find_game

    if kind not in KINDS:
        raise ApiError(404, f"the kit has no {kind!r}; it has {', '.join(KINDS)}")
    if not kit_available():
        raise ApiError(404, "the print kit (calibration.kit) is not installed")
    info = find_game(game).info
    slug = info.slug
    players = request.args.get("players", default=2, type=int)
    if players not in info.player_counts:
        raise ApiError(400, f"players must be one of {', '.join(map(str, info.player_counts))}")
    paper = request.args.get("paper", default="a4")
    if paper not in ("a4", "letter", "a3"):
        raise ApiError(400, "paper must be a4, letter or a3")
    with _cache_lock:  # one generation at a time: rendering sheets is heavy on two cores
        out = cache_dir() / f"{slug}-{kind}-{players}-{paper}.pdf"
        if not out.exists():
            from calibration.kit import sheets

            partial = out.with_suffix(".part.pdf")
            if kind == "mat":
                sheets.mat_pdf(slug, players, partial, paper)
            elif kind == "cards":
                sheets.cards_pdf(slug, partial, paper)
            elif kind == "stickers":
                sheets.stickers_pdf(slug, partial, paper)
            else:
                summary = sheets.tokens_pdf(slug, partial, paper)
                if not partial.exists():  # a game without tokens: nothing was printed
                    raise ApiError(404, summary)
            partial.rename(out)
    current_app.logger.info("kit %s served", out.name)
    return send_file(
        out, mimetype="application/pdf", as_attachment=True, download_name=f"{slug}-{kind}.pdf"
    )
