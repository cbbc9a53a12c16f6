"""`companion packup`: the pack-up check on photos of a game's cards laid out face up
(issue 27, item 3). The core is companion/kit_check.py, the reading vision/packup.py."""

from __future__ import annotations

import json

import click


@click.command("packup")
@click.argument("images", nargs=-1, required=True, type=click.Path())
@click.option("--game", required=True, help="the box being checked: game slug or name")
@click.option(
    "--base-url",
    default="",
    metavar="URL",
    help="the dashboard's address, put before each replacement card's link "
    "(e.g. http://table1.local:8000)",
)
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def packup(images, game, base_url, as_json):
    """Check that every card of GAME is back: lay the cards out face up (rows may overlap
    where the codes stay visible) and give one or more photos of the layout.

    Lists the missing cards with where to print each again, cards found twice, cards of
    another game and cards lying face down. Exit status 0 when the box is complete, 1 when
    not, 2 on bad input (an unreadable image, an unknown game)."""
    from companion.games import find_game
    from companion.kit_check import replacement
    from vision.images import read_image
    from vision.packup import check_frames

    slug = find_game(game).info.slug  # an unknown game fails before any image is decoded
    frames = [read_image(path) for path in images]
    check = check_frames(slug, frames)
    if as_json:
        result = check.to_dict()
        for entry in result["missing"]:
            entry["replace"]["url"] = base_url.rstrip("/") + entry["replace"]["url"]
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        for sentence in check.sentences():
            click.echo(sentence.en)
            click.echo(sentence.zh)
        for piece in check.missing:
            links = replacement(slug, piece.payload)
            click.echo(
                f"  print {piece.payload} ({piece.name.en}) again: {links['command']}"
                f"  or  {base_url.rstrip('/')}{links['url']}"
            )
        if check.unknown:
            click.echo(f"codes of no game (ignored): {', '.join(check.unknown)}")
    raise SystemExit(0 if check.complete else 1)
