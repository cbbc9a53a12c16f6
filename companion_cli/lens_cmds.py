"""`companion calibrate IMAGE ...` (the mat, in kit_cmds) and `companion calibrate lens ...`
(the camera's lens, here), and the older spelling `companion calibrate-lens`.

Imported only when one of these commands runs (OpenCV stays out of `companion games`).
"""

from __future__ import annotations

import click

from ._shared import with_options


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


LENS_OPTIONS = (
    click.option("--camera", required=True, help="the camera's name (the lens is saved under it)"),
    click.option(
        "--source",
        default=None,
        help="where frames come from: a webcam index (0), a stream URL, a video file, or "
        "a source spec (camera:0, video:PATH); default camera:0 unless PHOTOS given",
    ),
    click.option(
        "--views",
        default=15,
        show_default=True,
        type=click.IntRange(3, 100),
        help="live: distinct still board views to collect",
    ),
    click.option(
        "--coverage",
        default=0.7,
        show_default=True,
        type=click.FloatRange(0, 1),
        help="live: share of the picture the board's corners must have reached",
    ),
    click.option(
        "--seconds",
        default=120.0,
        show_default=True,
        type=click.FloatRange(1, 3600),
        help="live: give up collecting after this long",
    ),
    click.option(
        "--board",
        "board_path",
        type=click.Path(dir_okay=False),
        default=None,
        help="write the printable ChArUco board (PNG, 254 dpi: print at 100 %) and stop",
    ),
    click.option(
        "--save-dir",
        type=click.Path(file_okay=False),
        default=None,
        help="where calibrations are kept (default: ~/.config/table-companion/calibration)",
    ),
)


@click.command("lens")
@click.argument("photos", nargs=-1, type=click.Path())
@with_options(LENS_OPTIONS)
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
