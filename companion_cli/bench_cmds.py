"""`companion bench vision|lens|cafe`: the benchmarks, which print their figures.

Imported only when one of these commands runs (OpenCV stays out of `companion games`).
"""

from __future__ import annotations

import json

import click

from ._shared import with_options


@click.group()
def bench():
    """Benchmarks."""


# Every benchmark prints its figures and writes them to a file only when asked.
JSON_OPTION = click.option(
    "--json",
    "json_path",
    type=click.Path(),
    default=None,
    help="also write the results to this JSON file",
)


def write_results(result, json_path: str | None) -> None:
    """The benchmark's results into `json_path` (nothing without one)."""
    if json_path:
        with open(json_path, "w") as handle:
            json.dump(result, handle, indent=1)


VISION_OPTIONS = (
    click.option("--quick", is_flag=True, help="few frames per cell (a smoke run, about a minute)"),
    click.option("--frames", type=int, default=None, help="frames per cell"),
    JSON_OPTION,
    click.option(
        "--boofcv",
        "boofcv_dir",
        type=click.Path(file_okay=False),
        default=None,
        help="instead: recall on the BoofCV QR photo set in this folder (vision/README.md)",
    ),
    click.option(
        "--category",
        "categories",
        multiple=True,
        help="with --boofcv: only this category (repeatable)",
    ),
    click.option(
        "--per-category",
        type=int,
        default=None,
        help="with --boofcv: at most this many photos per category",
    ),
    click.option(
        "--method",
        "methods",
        multiple=True,
        help="with --boofcv: companion, zxing-cpp, pyzbar, wechat (default: all four)",
    ),
    click.option(
        "--verbose",
        is_flag=True,
        help="with --boofcv: one line per photo; with --conditions: each code the "
        "pipeline missed or misread, by frame and seed",
    ),
    click.option(
        "--conditions",
        is_flag=True,
        help="instead: recall per hard rendered condition (lens, smear, glare, hands...)",
    ),
    click.option(
        "--motion",
        is_flag=True,
        help="instead: watcher fps with a still table and with a hand moving in every frame",
    ),
    click.option(
        "--recording",
        "recordings",
        multiple=True,
        type=click.Path(exists=True, file_okay=False),
        help="instead: replay this recording (companion record) against its confirmed table",
    ),
)


@bench.command("vision")
@with_options(VISION_OPTIONS)
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
    recordings,
):
    """Recall, precision, exact-state rate and ms/frame for the pipeline and alternatives."""
    if recordings:
        from .record_cmds import bench_recordings

        bench_recordings(recordings, json_path, verbose)
        return
    if motion:
        from vision.bench_motion import main as run_motion

        write_results(run_motion(log=click.echo), json_path)
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
@JSON_OPTION
def bench_lens(json_path):
    """Where a card's place at the mat's edges goes wrong with a wide-angle lens: the lens
    model, the homography's points, the code's corners, each changed alone."""
    from vision.bench_lens import main as run

    write_results(run(log=click.echo), json_path)


@bench.command("cafe")
@click.option(
    "--tables",
    default=20,
    show_default=True,
    type=click.IntRange(1, 250),
    help="simulated tables (ten to a process; the killed and the frozen one alone)",
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
@JSON_OPTION
@click.option(
    "--tables-nice",
    default=0,
    show_default=True,
    type=click.IntRange(0, 19),
    help="run the simulated tables this much nicer than the broker and the café (in a café "
    "each table has its own PC)",
)
def bench_cafe(tables, duration, keepalive, qos, json_path, tables_nice):
    """A café on 127.0.0.1: tables replaying recorded games through a real Mosquitto."""
    from cafe.bench import main as run

    run(
        tables=tables,
        duration_s=duration,
        keepalive_s=keepalive,
        json_path=json_path,
        qos=int(qos),
        tables_nice=tables_nice,
    )
