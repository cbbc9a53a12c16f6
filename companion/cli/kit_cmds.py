"""`companion print ...`, `companion layout` and `companion calibrate`: the print-and-play kit
and the camera-to-table calibration. Heavy modules (OpenCV, Pillow, fpdf) load inside the
commands so that `companion games` stays light."""

from __future__ import annotations

import json

import click


@click.command("layout")
@click.argument("game")
@click.option("--players", "-n", type=int, required=True, help="number of players")
@click.option("--json", "as_json", is_flag=True, help="print the layout as JSON")
def layout(game: str, players: int, as_json: bool):
    """Show a game's play-mat layout (regions and slots in mat millimetres)."""
    from calibration.layouts import load_layout

    lay = load_layout(game, players)
    if as_json:
        click.echo(json.dumps(lay.to_dict(), ensure_ascii=False, indent=1))
        return
    w, h = lay.mat_size_mm
    click.echo(f"{lay.game} for {players} players: mat {w:g} x {h:g} mm, "
               f"{len(lay.markers)} markers")
    for r in lay.regions:
        x, y, rw, rh = r.rect_mm
        click.echo(f"  {r.name:<18} at ({x:g}, {y:g}) size {rw:g} x {rh:g} mm, "
                   f"{len(r.slots)} slots  {r.label.en} / {r.label.zh}")
