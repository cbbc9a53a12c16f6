"""`companion print ...`, `companion layout` and `companion calibrate`: the print-and-play kit
and the camera-to-table calibration. Heavy modules (OpenCV, Pillow, fpdf) load inside the
commands so that `companion games` stays light."""

from __future__ import annotations

import json

import click


@click.command("layout")
@click.argument("game")
@click.option("--players", "-n", type=int, required=True, help="number of players")
@click.option(
    "--layout",
    "variant",
    type=click.Choice(["standard", "compact"]),
    default=None,
    help="mat variant (default standard; or GAME:compact)",
)
@click.option("--json", "as_json", is_flag=True, help="print the layout as JSON")
def layout(game: str, players: int, variant: str | None, as_json: bool):
    """Show a game's play-mat layout (regions and slots in mat millimetres)."""
    from calibration.layouts import load_layout

    lay = load_layout(game, players, variant)
    if as_json:
        click.echo(json.dumps(lay.to_dict(), ensure_ascii=False, indent=1))
        return
    w, h = lay.mat_size_mm
    click.echo(
        f"{lay.game} for {players} player{'s' if players != 1 else ''}: mat {w:g} x {h:g} mm, "
        f"{len(lay.markers)} markers"
    )
    for r in lay.regions:
        x, y, rw, rh = r.rect_mm
        click.echo(
            f"  {r.name:<18} at ({x:g}, {y:g}) size {rw:g} x {rh:g} mm, "
            f"{len(r.slots)} slots  {r.label.en} / {r.label.zh}"
        )


def _resolve(game: str) -> str:
    """A game slug with a catalogue (UnknownGameError otherwise)."""
    from calibration.layouts import resolve_game

    return resolve_game(game)


def _card_size(value: str | None):
    if value is None:
        return None
    from companion.errors import CompanionError

    try:
        w, h = (float(v) for v in value.lower().replace("×", "x").split("x"))
    except ValueError:
        raise CompanionError(f"--card-size must look like 63x88 (mm), not {value!r}") from None
    return (w, h)


_paper = click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "a3"], case_sensitive=False),
    default="a4",
    show_default=True,
)


def _out(help_text: str):
    return click.option("--out", "-o", "out", required=True, type=click.Path(), help=help_text)


@click.group("print")
def print_group():
    """Print-and-play kit: cards, stickers, tokens and the play mat."""


@print_group.command("cards")
@click.argument("game")
@click.option(
    "--format", "fmt", type=click.Choice(["pdf", "png"]), default="pdf", show_default=True
)
@_paper
@click.option("--dpi", type=click.IntRange(30, 1200), default=300, show_default=True)
@click.option(
    "--card-size", default=None, help="card size in mm, e.g. 63x88 (default: the catalogue's)"
)
@click.option(
    "--plain-backs",
    is_flag=True,
    help="leave backs that carry no code white (saves toner; a game with no coded "
    "backs then prints one-sided)",
)
@_out("output file (PDF), or folder for --format png")
def print_cards(game, fmt, paper, dpi, card_size, plain_backs, out):
    """Every card of GAME: a PDF with cut marks and duplex backs, or one PNG per face."""
    from pathlib import Path

    from calibration.kit import sheets

    slug = _resolve(game)
    size = _card_size(card_size)
    if fmt == "pdf":
        click.echo(sheets.cards_pdf(slug, Path(out), paper, dpi, size, plain_backs))
    else:
        click.echo(sheets.cards_png(slug, Path(out), dpi, size))


@print_group.command("card")
@click.argument("game")
@click.argument("payload")
@click.option("--dpi", type=click.IntRange(30, 1200), default=300, show_default=True)
@_out("output file (PNG), printed at the card's size")
def print_card(game, payload, dpi, out):
    """One card of GAME again (the one whose code is PAYLOAD, e.g. MU17): a lost card's
    replacement, as `companion packup` names it."""
    from calibration.kit.cards import card_image

    image = card_image(_resolve(game), payload.upper(), dpi=dpi)
    image.save(out, dpi=(dpi, dpi))
    click.echo(f"{out}: {payload.upper()} at {dpi} dpi, {image.width} x {image.height} px")


@print_group.command("stickers")
@click.argument("game")
@_paper
@click.option(
    "--labels",
    default=None,
    help="label stock: card (default: 63 x 74 mm stickers with 2 mm QR modules on "
    "full-sheet sticker paper, any --paper), or the small address labels "
    "L7160 / L7159 (A4) and 5163 (letter), read by a webcam only close up",
)
@click.option("--dpi", type=click.IntRange(30, 1200), default=300, show_default=True)
@_out("output file (PDF)")
def print_stickers(game, paper, labels, dpi, out):
    """QR stickers for the real game's cards (one per card face), each with the card in
    words."""
    from pathlib import Path

    from calibration.kit import sheets

    click.echo(sheets.stickers_pdf(_resolve(game), Path(out), paper, labels, dpi))


@print_group.command("tokens")
@click.argument("game")
@_paper
@click.option("--dpi", type=click.IntRange(30, 1200), default=300, show_default=True)
@_out("output file (PDF)")
def print_tokens(game, paper, dpi, out):
    """ArUco tokens for GAME's small pieces (Musée tokens fold into two sides). A game
    without tokens prints nothing and says so."""
    from pathlib import Path

    from calibration.kit import sheets

    click.echo(sheets.tokens_pdf(_resolve(game), Path(out), paper, dpi))


@print_group.command("mat")
@click.argument("game")
@click.option("--players", "-n", type=int, required=True)
@click.option(
    "--layout",
    "variant",
    type=click.Choice(["standard", "compact"]),
    default="standard",
    show_default=True,
    help="compact: a smaller mat for a café table and a 1080p webcam",
)
@click.option(
    "--format", "fmt", type=click.Choice(["pdf", "png"]), default="pdf", show_default=True
)
@_paper
@click.option("--dpi", type=click.IntRange(30, 600), default=150, show_default=True)
@_out("output file (PDF or PNG)")
def print_mat(game, players, variant, fmt, paper, dpi, out):
    """The play mat: one PNG, or a PDF with an assembly page and the mat tiled over sheets."""
    from pathlib import Path

    from calibration.kit import sheets

    slug = _resolve(game)
    if fmt == "pdf":
        click.echo(sheets.mat_pdf(slug, players, Path(out), paper, dpi, variant))
    else:
        click.echo(sheets.mat_png(slug, players, Path(out), dpi, variant))


@click.command("calibrate")
@click.argument("image", type=click.Path(dir_okay=False))
@click.option("--game", required=True)
@click.option("--players", "-n", type=int, required=True)
@click.option(
    "--layout",
    "variant",
    type=click.Choice(["standard", "compact"]),
    default=None,
    help="the mat printed (default standard; or --game GAME:compact)",
)
@click.option("--camera", default=None, help="camera id: save the calibration under it")
@click.option(
    "--save-dir",
    default=None,
    type=click.Path(file_okay=False),
    help="where calibrations are saved (default ~/.config/table-companion/calibration)",
)
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def calibrate(image, game, players, variant, camera, save_dir, as_json):
    """Say whether a camera frame of the mat is usable and, if not, why.

    Exit status 0 when usable, 1 when not, 2 on bad input."""
    import sys

    from calibration.calibrate import Calibrator
    from calibration.layouts import load_layout
    from vision.images import read_image

    lay = load_layout(game, players, variant)
    frame = read_image(image)  # one line and exit status 2 for a missing or bad image
    cal = Calibrator(lay)
    result = cal.update(frame)
    saved = cal.save(camera, save_dir) if (camera and result.usable) else None
    if as_json:
        data = result.to_dict()
        data["saved_to"] = str(saved) if saved else None
        click.echo(json.dumps(data, indent=1))
    else:
        total = len(lay.markers)
        click.echo(
            f"{lay.game}, {players} player{'s' if players != 1 else ''}: {len(result.markers_seen)} of {total} mat "
            f"markers seen"
        )
        if result.error_mm is not None:
            click.echo(f"reprojection error: {result.error_mm:.2f} mm")
        if result.px_per_module is not None:
            click.echo(
                f"QR module at the far edge: {result.px_per_module:.1f} px; "
                f"near/far scale ratio {result.scale_ratio:.2f}"
            )
        for warning in result.warnings:
            click.echo(f"warning: {warning}")
        click.echo("usable" if result.usable else f"not usable: {result.reason}")
        if saved:
            click.echo(f"saved to {saved}")
    sys.exit(0 if result.usable else 1)
