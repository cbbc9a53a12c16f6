"""`companion serve` (the live dashboard) and `companion demo` (the same, with no camera).

Flask and the web package are imported inside the commands, so `companion games` stays light.
"""

from __future__ import annotations

import secrets
import shutil
import sys
import tempfile
from pathlib import Path

import click

from ._shared import (
    address_of,
    listen,
    listen_options,
    log_to_stderr,
    pop_table_options,
    publisher_factory,
    table_options,
    with_options,
)

DEFAULT_PORT = 8765


def _names(value: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in value.split(",") if n.strip()) if value else ()


def _run(
    app, host: str, port: int, token: str | None, banner: list[str], start_publisher=None
) -> None:
    """Serve with waitress until Ctrl-C or SIGTERM; print the address (and join link) once
    bound; on every orderly stop the store is closed (its write-ahead log checkpointed).

    `start_publisher(runtime, address)`, when given, starts publishing to the café's broker
    once the dashboard's address is known (the café links each tile to it)."""
    from web.serve import serve_until_stopped

    runtime = app.extensions["companion_runtime"]
    live = app.extensions.get("companion_live")
    from cafe.plays_web import install_plays

    install_plays(app)  # the BG Stats QR code and play downloads (cafe/plays_web.py)
    if hasattr(start_publisher, "install"):
        start_publisher.install(app)  # the café's "Call staff" button (cafe/help_web.py)
    server = listen(app, host, port, runtime.close)
    log_to_stderr()
    shown_host = f"[{host}]" if ":" in host else host
    address = address_of(host, server.effective_port)
    for line in banner:
        click.echo(line)
    # No browser opens 0.0.0.0: a wildcard is reached through loopback on this computer.
    here = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "[::1]"}.get(host, shown_host)
    click.echo(f"Dashboard: http://{here}:{server.effective_port}/")
    if token:
        click.echo(f"Access token: {token}")
        # The host's token opens everything: offer it for this computer only (a wildcard
        # address is reached through loopback); phones get their seat's link below.
        click.echo(
            f"Host link on this computer (keep it to yourself): "
            f"http://{here}:{server.effective_port}/?token={token}"
        )
        _print_join_links(
            host,
            server.effective_port,
            token,
            runtime.session.setup.names,
            runtime.session.setup.players,
        )
    if start_publisher is not None:
        start_publisher(runtime, address)  # stops with the runtime (Runtime.on_close)
    click.echo("Press Ctrl-C to stop; the game is saved after every move.")
    sys.stdout.flush()

    def stop():
        runtime.close()
        click.echo("Stopped; every move is saved.")

    serve_until_stopped(server, stop, before_stop=live.stop if live is not None else None)


def _print_join_links(host: str, port: int, token: str, names, seats: int) -> None:
    """The host's, the viewers' and each seat's link with this machine's LAN address (a phone
    cannot open 0.0.0.0), and the viewers' QR code right in the terminal (each seat's QR code
    is on the set-up page)."""
    from web.roles import join_links, lan_address, qr_terminal

    lan = lan_address(host)
    if lan is None:
        click.echo("No local network address found: phones cannot reach this computer.")
        return
    links = join_links(token, lan, port, seats=seats)
    click.echo(f"Host link (keep it to yourself): {links['host']}")
    for seat in range(seats):
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        click.echo(f"{name}'s seat: {links[f'seat-{seat}']}")
    click.echo(f"Viewers join: {links['viewer']}")
    click.echo(f"Each seat's QR code: {links['host'].replace('/?', '/setup?')}")
    click.echo(qr_terminal(links["viewer"]))


def _check_bind(host: str, port: int) -> str:
    """`--host ""` means every interface, like 0.0.0.0 (never a link to http://:PORT/)."""
    if not 0 <= port <= 65535:
        raise click.BadParameter(
            f"{port} is not a port (0-65535; 0 picks a free one)", param_hint="--port"
        )
    host = host.strip()
    return host or "0.0.0.0"


def _check_names(names: tuple[str, ...], players: int) -> None:
    if names and len(names) != players:
        raise click.BadParameter(f"{len(names)} names for {players} players", param_hint="--names")


def _token_for(host: str, token: str | None) -> str | None:
    from web import is_loopback

    if token:
        return token
    if is_loopback(host):
        return None
    return secrets.token_urlsafe(18)


def _describe_start(runtime, db: Path) -> str:
    session = runtime.session
    what = (
        f"{session.game.info.name.en}, {session.setup.players} players "
        f"({', '.join(session.setup.names)})"
    )
    if runtime.resumed:
        return (
            f"Resumed unfinished game #{runtime.game_id} from {db}: {what}, "
            f"{len(session.records) - 1} log entries replayed. (--fresh starts a new one.)"
        )
    return f"New game #{runtime.game_id} in {db}: {what}."


SERVE_OPTIONS = (
    click.option(
        "--game", default=None, help="game slug or name  [default: musee, or the recording's]"
    ),
    click.option("--players", default=None, type=int, help="[default: 2, or the recording's]"),
    click.option("--names", default=None, help="player names, comma separated: Amy,Ben"),
    click.option(
        "--source",
        default=None,
        help="camera:0, video:PATH or images:DIR (none: correct the table by hand)",
    ),
    *listen_options(DEFAULT_PORT),
    click.option(
        "--db",
        default="games.sqlite3",
        show_default=True,
        type=click.Path(dir_okay=False),
        help="SQLite file keeping every game's log",
    ),
    click.option("--fresh", is_flag=True, help="start a new game even if one is unfinished"),
    click.option(
        "--lens",
        "lens_camera",
        default=None,
        help="undistort with the lens saved for this camera (companion calibrate lens)",
    ),
    click.option(
        "--layout",
        "mat_layout",
        type=click.Choice(["standard", "compact"]),
        default="standard",
        show_default=True,
        help="the mat printed (companion print mat --layout)",
    ),
    click.option("--teach", is_flag=True, help="teach the game step by step as it is played"),
)


@click.command("serve")
@with_options(SERVE_OPTIONS)
@table_options
def serve(
    game,
    players,
    names,
    source,
    host,
    port,
    db,
    token,
    fresh,
    lens_camera,
    mat_layout,
    teach,
    **cafe_options,
):
    """Serve the live dashboard for a game at this table."""
    start_publisher = publisher_factory(pop_table_options(cafe_options))
    from web import create_app

    game, players, names = _recorded_defaults(source, game, players, names)
    host = _check_bind(host, port)
    _check_names(_names(names), players)
    token = _token_for(host, token)
    app = create_app(
        {
            "db": db,
            "game": game,
            "players": players,
            "names": _names(names),
            "host": host,
            "token": token,
            "fresh": fresh,
            "teach": teach,
        }
    )
    runtime = app.extensions["companion_runtime"]
    banner = [_describe_start(runtime, Path(db))]
    if source:
        _watch(runtime, source, lens_camera, mat_layout)
        banner.append(f"Watching {source}.")
    else:
        banner.append("No camera (--source): enter corrections by hand on the dashboard.")
    _run(app, host, port, token, banner, start_publisher)


def _recorded_defaults(source: str | None, game, players, names):
    """(game, players, names): a recorded game says which game it is and who played it;
    options given win, and without either Musée for two."""
    from web.camera import recording_folder
    from web.recording import has_recording, load_recording

    folder = recording_folder(source) if source else None
    if folder is not None and has_recording(folder):
        recording = load_recording(folder)
        game = game or recording.game
        players = players or recording.players
        names = names or ",".join(recording.names)
    return game or "musee", players or 2, names


def _watch(runtime, source: str, lens_camera: str | None, mat_layout: str) -> None:
    """Attach the camera (or video, or image folder) `source` to the runtime; a new game
    opens its watcher again through `runtime.watcher_factory`."""
    from web.camera import open_watcher

    session = runtime.session
    options = {}
    if lens_camera:
        from calibration.lens import LensCalibration

        options["lens"] = LensCalibration.load(lens_camera)
    runtime.watcher_factory = lambda slug, players: open_watcher(
        source, slug, players, layout=mat_layout, **options
    )
    watcher = runtime.watcher_factory(session.game.info.slug, session.setup.players)
    runtime.attach_watcher(watcher, source, interval_s=0.0)


def _bundled_recording(game: str):
    """(slug, every bundled recording, this game's folder, its recording): the folder and
    recording are None for Musée without one (the scripted game plays instead)."""
    from companion.games import find_game
    from web.camera import sample_recordings
    from web.recording import load_recording

    slug = find_game(game).info.slug
    recordings = sample_recordings()
    folder = recordings.get(slug)
    if folder is None and slug != "musee":
        known = ", ".join(sorted(recordings)) or "none"
        raise click.BadParameter(
            f"no recorded {slug} game is bundled (recorded games: {known})", param_hint="--game"
        )
    recording = load_recording(folder) if folder is not None else None
    return slug, recordings, folder, recording


DEMO_OPTIONS = (
    click.option(
        "--game",
        default="musee",
        show_default=True,
        help="which bundled recorded game to play (see sample_images/)",
    ),
    *listen_options(DEFAULT_PORT),
    click.option(
        "--db",
        default=None,
        type=click.Path(dir_okay=False),
        help="SQLite file (default: a new temporary one)",
    ),
    click.option(
        "--pace",
        default=0.5,
        show_default=True,
        type=float,
        help="seconds of wall-clock time per recorded frame",
    ),
    click.option("--names", default=None, help="player names (default: the recording's)"),
    click.option(
        "--simulated",
        is_flag=True,
        help="play the recorded game's tables without the camera pipeline (Musée: a scripted game)",
    ),
    click.option("--teach", is_flag=True, help="teach the game step by step as it is played"),
)


@click.command("demo")
@with_options(DEMO_OPTIONS)
@table_options
def demo(game, host, port, db, token, pace, names, simulated, teach, **cafe_options):
    """Watch a bundled recorded game score itself, no camera needed."""
    start_publisher = publisher_factory(pop_table_options(cafe_options))
    from web import create_app

    if pace <= 0:
        raise click.BadParameter("must be more than 0", param_hint="--pace")
    host = _check_bind(host, port)
    slug, recordings, folder, recording = _bundled_recording(game)
    players = recording.players if recording else 2
    player_names = _names(names) or (recording.names if recording else ("Amy", "Ben"))
    if len(player_names) != players:
        raise click.BadParameter(f"the demo game has {players} players", param_hint="--names")
    # the demo's own database lives in a temporary folder, removed again when it stops
    temporary = None if db else Path(tempfile.mkdtemp(prefix="companion-demo-"))
    db_path = Path(db) if db else temporary / "demo.sqlite3"
    token = _token_for(host, token)
    app = create_app(
        {
            "db": str(db_path),
            "game": slug,
            "players": players,
            "names": player_names,
            "options": recording.options if recording else {},
            "host": host,
            "token": token,
            "fresh": True,
            "teach": teach,
        }
    )
    runtime = app.extensions["companion_runtime"]
    from web.simulated import play_demo

    how = play_demo(runtime, folder, slug, players, player_names, pace, simulated)
    tip = (
        "Try it: switch to 中文 at the top right; click an empty space in the museum of "
        "the player who is NOT to move, then a card, and the rule it breaks appears in red."
        if slug == "musee"
        else "Switch to 中文 at the top right at any time."
    )
    others = ", ".join(s for s in sorted(recordings) if s != slug)
    lines = [f"Demo game in {db_path}.", how, tip]
    if others:
        lines.append(f"Other recorded games: companion demo --game {{{others}}}")
    try:
        _run(app, host, port, token, lines, start_publisher)
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)
