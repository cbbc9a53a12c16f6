"""`companion decode`, `companion recognize` and `companion bench vision`.

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
    from vision.pipeline import recognize as recognize_image

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


@click.group()
def bench():
    """Benchmarks."""


@bench.command("vision")
@click.option("--quick", is_flag=True, help="few frames per cell (a smoke run, about a minute)")
@click.option("--frames", type=int, default=None, help="frames per cell")
@click.option(
    "--json",
    "json_path",
    type=click.Path(),
    default=None,
    help="also write the results to this JSON file",
)
@click.option(
    "--boofcv",
    "boofcv_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="instead: recall on the BoofCV QR photo set in this folder (vision/README.md)",
)
@click.option(
    "--category", "categories", multiple=True, help="with --boofcv: only this category (repeatable)"
)
@click.option(
    "--per-category",
    type=int,
    default=None,
    help="with --boofcv: at most this many photos per category",
)
@click.option(
    "--method",
    "methods",
    multiple=True,
    help="with --boofcv: companion, zxing-cpp, pyzbar (default: all three)",
)
@click.option(
    "--verbose",
    is_flag=True,
    help="with --boofcv: one line per photo; with --conditions: each code the "
    "pipeline missed or misread, by frame and seed",
)
@click.option(
    "--conditions",
    is_flag=True,
    help="instead: recall per hard rendered condition (lens, smear, glare, hands...)",
)
@click.option(
    "--motion",
    is_flag=True,
    help="instead: watcher fps with a still table and with a hand moving in every frame",
)
def bench_vision(
    quick,
    frames,
    json_path,
    boofcv_dir,
    categories,
    per_category,
    methods,
    verbose,
    conditions,
    motion,
):
    """Recall, precision, exact-state rate and ms/frame for the pipeline and alternatives."""
    if motion:
        from vision.bench_motion import main as run_motion

        result = run_motion(log=click.echo)
        if json_path:
            with open(json_path, "w") as handle:
                json.dump(result, handle, indent=1)
        return
    if conditions:
        from vision.bench import main_conditions

        main_conditions(frames=frames or (1 if quick else 3), json_path=json_path, misses=verbose)
        return
    if boofcv_dir:
        from vision.boofcv import METHODS, DatasetError
        from vision.boofcv import main as run_boofcv

        try:
            run_boofcv(
                boofcv_dir,
                methods=methods or METHODS,
                categories=list(categories),
                per_category=per_category,
                json_path=json_path,
                verbose=verbose,
            )
        except DatasetError as exc:
            raise click.ClickException(str(exc)) from None
        return
    from vision.bench import main as run

    run(quick=quick, frames=frames, json_path=json_path)


@bench.command("lens")
@click.option(
    "--json",
    "json_path",
    type=click.Path(),
    default=None,
    help="also write the results to this JSON file",
)
def bench_lens(json_path):
    """Where a card's place at the mat's edges goes wrong with a wide-angle lens: the lens
    model, the homography's points, the code's corners, each changed alone."""
    from calibration.bench_lens import main as run

    result = run(log=click.echo)
    if json_path:
        with open(json_path, "w") as handle:
            json.dump(result, handle, indent=1)


@bench.command("cafe")
@click.option(
    "--tables",
    default=20,
    show_default=True,
    type=click.IntRange(1, 100),
    help="simulated tables, each its own process",
)
@click.option(
    "--duration",
    default=60.0,
    show_default=True,
    type=click.FloatRange(20, 900),
    help="seconds of play (the broker restarts at 35 %, tables die at 60 %)",
)
@click.option(
    "--keepalive",
    default=5,
    show_default=True,
    type=click.IntRange(2, 60),
    help="MQTT keep-alive of every table, seconds",
)
@click.option(
    "--qos",
    default=1,
    show_default=True,
    type=click.Choice(["1", "2"]),
    help="events QoS (1 as published by the tables; 2 to compare)",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(),
    default=None,
    help="also write the results to this JSON file",
)
def bench_cafe(tables, duration, keepalive, qos, json_path):
    """A café on 127.0.0.1: tables replaying recorded games through a real Mosquitto."""
    from cafe.bench import main as run

    run(
        tables=tables, duration_s=duration, keepalive_s=keepalive, json_path=json_path, qos=int(qos)
    )


def _lens_source_spec(source: str) -> str:
    """A project source spec from what a user types: 0 (a webcam), a URL, a video file."""
    from pathlib import Path

    if source.split(":", 1)[0] in ("camera", "video", "images", "folder", "scene"):
        return source
    if source.isdigit() or "://" in source:
        return f"camera:{source}"
    if Path(source).is_dir():
        return f"images:{source}"
    return f"video:{source}"


def _lens_photos(paths) -> list:
    """Photo files, a folder standing for the images in it."""
    from pathlib import Path

    from vision.sources import IMAGE_SUFFIXES

    files = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        else:
            files.append(path)
    return files


def _collect_live(spec: str, views: int, coverage: float, seconds: float):
    """Board views from a live source, with a progress line whenever one is kept."""
    import time

    from calibration.lens import ViewCollector
    from vision.sources import SourceError, open_source

    try:
        source = open_source(spec)
    except SourceError as exc:
        raise click.ClickException(str(exc)) from None
    collector = ViewCollector(wanted=views, wanted_coverage=coverage)
    click.echo(
        f"reading {spec}: hold the printed board still in one place after another, "
        f"tilted, near every edge and corner of the picture (Ctrl-C stops)"
    )
    deadline, last_report = time.monotonic() + seconds, time.monotonic()
    try:
        while not collector.done and time.monotonic() < deadline:
            wait = getattr(source, "wait_for_frame", None)
            if wait is not None:
                wait(0.5)
            frame = source.read()
            if frame is None:
                status = source.status()
                if status.finished:
                    break
                if time.monotonic() - last_report > 3:  # say why nothing arrives
                    click.echo(f"  no frame yet: {status.reason or 'waiting for the camera'}")
                    last_report = time.monotonic()
                if wait is None:
                    time.sleep(0.01)
                continue
            if collector.add(frame.image) or time.monotonic() - last_report > 3:
                click.echo(f"  {collector.progress()}")
                last_report = time.monotonic()
    except KeyboardInterrupt:
        click.echo("  stopped")
    finally:
        source.close()
    if not collector.done:
        click.echo(f"  stopped before the goal: {collector.progress()}")
    return collector


@click.command("lens")
@click.argument("photos", nargs=-1, type=click.Path())
@click.option("--camera", required=True, help="the camera's name (the lens is saved under it)")
@click.option(
    "--source",
    default=None,
    help="where frames come from: a webcam index (0), a stream URL, a video file, or "
    "a source spec (camera:0, video:PATH); default camera:0 unless PHOTOS given",
)
@click.option(
    "--views",
    default=15,
    show_default=True,
    type=click.IntRange(3, 100),
    help="live: distinct still board views to collect",
)
@click.option(
    "--coverage",
    default=0.7,
    show_default=True,
    type=click.FloatRange(0, 1),
    help="live: share of the picture the board's corners must have reached",
)
@click.option(
    "--seconds",
    default=120.0,
    show_default=True,
    type=click.FloatRange(1, 3600),
    help="live: give up collecting after this long",
)
@click.option(
    "--board",
    "board_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="write the printable ChArUco board (PNG, 254 dpi: print at 100 %) and stop",
)
@click.option(
    "--save-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="where calibrations are kept (default: ~/.config/table-companion/calibration)",
)
def calibrate_lens(photos, camera, source, views, coverage, seconds, board_path, save_dir):
    """Solve a camera's lens (intrinsics and distortion) from a printed ChArUco board.

    Live (default): frames from --source are watched and a view is kept whenever the board
    lies still somewhere new; progress says how many views and how much of the picture they
    cover. Or give PHOTOS (files or a folder) of the board: 8-20, tilted differently and
    reaching every corner of the frame. The lens is saved under --camera, with its
    reprojection error, and `companion serve --lens NAME` uses it."""
    from calibration.lens import (
        LensCalibration,
        LensError,
        ViewCollector,
        board_image,
        per_view_errors,
    )

    if board_path:
        import cv2

        cv2.imwrite(board_path, board_image())
        click.echo(f"board written to {board_path}: print at 100 % (7 x 5 squares of 30 mm)")
        return
    if photos and source:
        raise click.UsageError("give PHOTOS or --source, not both")
    if photos:
        from vision.images import read_image

        files = _lens_photos(photos)
        collector = ViewCollector(
            wanted=len(files), wanted_coverage=0.0, still_px=None, distinct=0.0
        )
        for path in files:
            collector.add(read_image(path))
        what = f"{len(collector.objects)} of {len(files)} photos"
    else:
        collector = _collect_live(_lens_source_spec(source or "0"), views, coverage, seconds)
        what = f"{len(collector.objects)} views"
    try:
        lens: LensCalibration = collector.solve()
    except LensError as exc:
        raise click.ClickException(str(exc)) from None
    path = lens.save(camera, save_dir)
    errors = per_view_errors(lens, collector.objects, collector.images)
    k1, k2, p1, p2 = (float(v) for v in lens.distortion[:4])
    click.echo(
        f"lens of {camera}: reprojection error {lens.rms_px:.2f} px over {what} (worst "
        f"view {max(errors):.2f} px); picture covered {collector.coverage:.0%}; focal "
        f"{lens.camera_matrix[0, 0]:.0f} px, k1 {k1:.3f} k2 {k2:.3f} p1 {p1:.4f} "
        f"p2 {p2:.4f}; saved to {path}"
    )
    if collector.coverage < 0.5:
        click.echo(
            "warning: the board never reached much of the picture; the distortion near "
            "the edges is guessed, not measured: add views near the edges and corners"
        )


class CalibrateCommands(click.Group):
    """`companion calibrate IMAGE ...` checks a frame of the mat (and saves its homography);
    `companion calibrate lens ...` solves the camera's lens. Anything but a subcommand name
    goes to the mat check, as before."""

    def resolve_command(self, ctx, args):
        if args and args[0] in self.commands:
            return super().resolve_command(ctx, args)
        from .kit_cmds import calibrate as calibrate_mat

        return "", calibrate_mat, args  # usage reads "companion calibrate IMAGE"

    def format_usage(self, ctx, formatter):
        formatter.write_usage(
            "companion calibrate",
            "IMAGE --game G --players N [OPTIONS] | lens --camera NAME [OPTIONS]",
        )


@click.group(
    "calibrate",
    cls=CalibrateCommands,
    invoke_without_command=False,
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
)
def calibrate():
    """Calibrate the camera: IMAGE --game G --players N checks a frame of the mat (see
    `companion calibrate IMAGE --help`); `lens --camera NAME` solves its lens."""


calibrate.add_command(calibrate_lens)
