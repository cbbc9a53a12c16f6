"""`companion record` (serve a game and keep it as a recording) and the recordings part of
`companion bench vision --recording DIR`.

Imported only when one of these runs (OpenCV and Flask stay out of `companion games`).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from ._shared import listen_options, with_options
from .web_cmds import DEFAULT_PORT, _check_bind, _check_names, _names, _run, _token_for

# What `record` takes (the decorators as a list, so the command itself stays short).
RECORD_OPTIONS = (
    click.argument("out", type=click.Path(file_okay=False)),
    click.option("--source", required=True, help="camera:0, video:PATH or images:DIR"),
    click.option("--game", default="musee", show_default=True, help="game slug or name"),
    click.option("--players", default=2, show_default=True, type=int),
    click.option("--names", default=None, help="player names, comma separated: Amy,Ben"),
    click.option(
        "--fps",
        default=2.0,
        show_default=True,
        type=click.FloatRange(min=0, min_open=True, max=30),
        help="frames kept per second of play",
    ),
    click.option(
        "--mat-only",
        is_flag=True,
        help="privacy: keep only the mat region of each frame (no faces or hands beside it)",
    ),
    *listen_options(DEFAULT_PORT),
    click.option(
        "--db",
        default=None,
        type=click.Path(dir_okay=False),
        help="SQLite file for the game (default: OUT/game.sqlite3)",
    ),
    click.option(
        "--layout",
        "mat_layout",
        type=click.Choice(["standard", "compact"]),
        default="standard",
        show_default=True,
    ),
)


@click.command("record")
@with_options(RECORD_OPTIONS)
def record(out, source, game, players, names, fps, mat_only, host, port, db, token, mat_layout):
    """Serve the dashboard for a new game and keep it in OUT: the camera's frames (FPS a
    second), what the companion read, and the players' moves and corrections. Ctrl-C ends
    the recording; OUT then replays with `companion serve --source images:OUT` and is
    measured by `companion bench vision --recording OUT`."""
    from web.camera import open_watcher
    from web.game_recorder import GameRecorder

    frames = _empty_folder(Path(out))
    host = _check_bind(host, port)
    _check_names(_names(names), players)
    token = _token_for(host, token)
    frames.mkdir(parents=True, exist_ok=True)
    app = _fresh_app(db or str(frames / "game.sqlite3"), game, players, names, host, token)
    runtime = app.extensions["companion_runtime"]
    session = runtime.session
    watcher = open_watcher(source, session.game.info.slug, session.setup.players, layout=mat_layout)
    recorder = GameRecorder(runtime, frames, fps, mat_only=mat_only, source_label=source)
    runtime.watcher = watcher
    recorder.start()  # before the first frame is read
    runtime.attach_watcher(watcher, source, interval_s=0.0)
    banner = [
        f"Recording {session.game.info.name.en} for {players} players into {frames} "
        f"({fps:g} frames a second{', the mat only' if mat_only else ''}).",
        "Play, confirm and correct on the dashboard as usual; Ctrl-C ends the recording.",
    ]
    try:
        _run(app, host, port, token, banner)
    finally:
        written = recorder.stop()
        click.echo(
            f"Recording saved: {recorder.frames.saved} frames, {written.name} and the game's "
            f"database in {frames}. "
            f"Replay: companion serve --source images:{frames}; measure: companion bench "
            f"vision --recording {frames}"
        )


def _empty_folder(folder: Path) -> Path:
    """OUT as given, refused when it holds anything or has no parent to be made in."""
    if folder.exists() and any(folder.iterdir()):
        raise click.BadParameter(f"{folder} is not empty: choose a new folder", param_hint="OUT")
    if not folder.parent.is_dir():
        raise click.BadParameter(f"{folder.parent} does not exist", param_hint="OUT")
    return folder


def _fresh_app(db: str, game, players: int, names, host: str, token):
    """The dashboard's app for a new game of its own (a recording never resumes one)."""
    from web import create_app

    return create_app(
        {
            "db": db,
            "game": game,
            "players": players,
            "names": _names(names),
            "host": host,
            "token": token,
            "fresh": True,
        }
    )


def bench_recordings(folders, json_path: str | None, verbose: bool, log=click.echo) -> list:
    """`companion bench vision --recording DIR...`: one report per recording."""
    from vision.replay_bench import compare, replay_frames
    from web.recording import confirmed_tables, load_recording

    reports = []
    for folder in folders:
        recording = load_recording(folder)
        confirmed = confirmed_tables(recording)
        if not confirmed:
            raise click.ClickException(
                f"{folder} says nothing about the confirmed table (no 'confirmed' in its "
                "inputs.json and no truth file beside its frames): nothing to compare with"
            )
        replayed = replay_frames(recording.folder, recording.game, recording.players, recording.fps)
        report = {"recording": str(folder), "game": recording.game, **compare(replayed, confirmed)}
        report["corrected_while_recording_at_frames"] = _corrected_frames(recording)
        reports.append(report)
        _print_report(report, verbose, log)
    if json_path:
        Path(json_path).write_text(json.dumps(reports, indent=1, ensure_ascii=False) + "\n")
    return reports


def _corrected_frames(recording) -> list[int]:
    """Frames after which the players corrected the table by hand while recording."""
    frames = []
    for entry in recording.log:
        event = entry["record"].get("event") if entry["record"].get("type") == "event" else None
        if isinstance(event, dict) and event.get("source") == "manual":
            if entry["after_frame"] not in frames:
                frames.append(entry["after_frame"])
    return frames


def _print_report(report: dict, verbose: bool, log) -> None:
    share = report["share_right"]
    settle = report["settle_s"] or {}
    cpu = report["cpu_ms_per_frame"] or {}
    log(f"{report['recording']} ({report['game']}, {report['frames']} frames)")
    log(
        f"  pieces read right: {report['pieces_right']} of {report['pieces_compared']}"
        + (f" ({100 * share:.1f} %)" if share is not None else "")
        + f" over {report['confirmed_tables']} confirmed tables, "
        f"{report['tables_exact']} exactly right"
    )
    log(
        f"  misreads {report['misread']}, misplaced {report['misplaced']}, "
        f"missed {report['missed']}, extra {report['extra']}"
    )
    log(
        f"  time to settle: median {settle.get('median', '-')} s, max {settle.get('max', '-')} s;"
        f" never settled: {len(report['never_settled'])}"
    )
    needed = report["correction_needed_at_frames"]
    log(f"  a correction needed at frames: {', '.join(map(str, needed)) or 'none'}")
    corrected = report["corrected_while_recording_at_frames"]
    log(f"  corrected while recording at frames: {', '.join(map(str, corrected)) or 'none'}")
    log(f"  CPU ms per frame: median {cpu.get('median', '-')}, max {cpu.get('max', '-')}")
    shown = report["findings_text"] if verbose else report["findings_text"][:10]
    for line in shown:
        log(f"    {line}")
    if len(shown) < len(report["findings_text"]):
        log(f"    ... {len(report['findings_text']) - len(shown)} more (--verbose)")
