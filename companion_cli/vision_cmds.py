"""`companion decode` and `companion recognize`: the camera pipeline on photos.

Imported only when one of these commands runs (OpenCV stays out of `companion games`).
"""

from __future__ import annotations

import json

import click


@click.command()
@click.argument("images", nargs=-1, required=True, type=click.Path())
def decode(images):
    """Print every QR code in each IMAGE as one JSON line (corners in stored pixels).

    An image that cannot be read or decoded gets a line with its "error" (and a one-line
    message on stderr); the batch goes on and exits with status 2 at the end."""
    import cv2

    import vision.decode
    from vision.images import read_image

    failed = 0
    for path in images:
        try:
            image = read_image(path, stored_orientation=True)  # EXIF rotation is not applied
            entry = {
                "image": path,
                "codes": [c.to_dict() for c in vision.decode.decode_image(image)],
            }
        except (ValueError, RuntimeError, cv2.error) as exc:  # one bad image never ends the batch
            failed += 1
            message = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
            entry = {"image": path, "error": message}
            click.echo(f"error: {path}: {message}", err=True)
        click.echo(json.dumps(entry, ensure_ascii=False))
    if failed:
        raise SystemExit(2)


@click.command()
@click.argument("images", nargs=-1, required=True, type=click.Path())
@click.option("--game", required=True, help="game slug or name, e.g. musee")
@click.option("--players", required=True, type=int, help="number of players (picks the mat)")
@click.option("--json", "as_json", is_flag=True, help="one JSON object per image")
def recognize(images, game, players, as_json):
    """Print the table state seen in each IMAGE: cards by region and slot, tokens, warnings.

    An image that cannot be used gets a one-line message on stderr (and, with --json, a line
    with its "error"); the batch goes on and exits with status 2 at the end."""
    from companion.errors import CompanionError
    from vision.images import read_image
    from vision.still import recognize as recognize_image

    failed = 0
    for path in images:
        try:
            image = read_image(path)
        except CompanionError as exc:  # a bad image never ends the batch
            failed += 1
            click.echo(f"error: {exc}", err=True)  # the message names the file
            if as_json:
                click.echo(json.dumps({"image": path, "error": str(exc)}, ensure_ascii=False))
            continue
        result = recognize_image(image, game, players)
        result["image"] = path
        if as_json:
            click.echo(json.dumps(result, ensure_ascii=False))
            continue
        click.echo(
            f"{path}: {len(result['cards'])} cards, {len(result['tokens'])} tokens"
            + ("" if result["calibrated"] else " (not calibrated)")
        )
        for kind in ("cards", "tokens"):
            for entry in result[kind]:
                slot = entry["slot"]
                where = entry["region"] or "outside every region"
                if slot is not None:
                    where += " " + json.dumps(slot)
                extra = " (face down)" if entry.get("face_down") else ""
                click.echo(f"  {entry['payload']:<8} {where}{extra}")
        for warning in result["warnings"]:
            click.echo(f"  warning: {warning}")
    if failed:
        raise SystemExit(2)
