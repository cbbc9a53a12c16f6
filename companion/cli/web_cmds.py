"""`companion serve` (the live dashboard) and `companion demo` (the same, with no camera).

Flask and the web package are imported inside the commands, so `companion games` stays light.
"""

from __future__ import annotations

import secrets
import signal
import sys
import tempfile
import threading
from pathlib import Path

import click

DEFAULT_PORT = 8765
SAMPLE_FPS = 4.0  # sample_images/musee-2p was rendered to be played at 4 fps


def _names(value: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in value.split(",") if n.strip()) if value else ()


def _run(app, host: str, port: int, token: str | None, banner: list[str]) -> None:
    """Serve until Ctrl-C or SIGTERM; print the address (and join link) once bound."""
    from werkzeug.serving import make_server

    runtime = app.extensions["companion_runtime"]
    try:
        server = make_server(host, port, app, threaded=True)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{server.server_port}/"
    for line in banner:
        click.echo(line)
    click.echo(f"Dashboard: {address}")
    if token:
        click.echo(f"Access token: {token}")
        click.echo(f"Join link (open it once on each device): {address}?token={token}")
    click.echo("Press Ctrl-C to stop; the game is saved after every move.")
    sys.stdout.flush()

    def _stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        runtime.close()
        server.server_close()


def _token_for(host: str, token: str | None) -> str | None:
    from web import is_loopback

    if token:
        return token
    if is_loopback(host):
        return None
    return secrets.token_urlsafe(18)


def _describe_start(runtime, db: Path) -> str:
    session = runtime.session
    what = (f"{session.game.info.name.en}, {session.setup.players} players "
            f"({', '.join(session.setup.names)})")
    if runtime.resumed:
        return (f"Resumed unfinished game #{runtime.game_id} from {db}: {what}, "
                f"{len(session.records) - 1} log entries replayed. (--fresh starts a new one.)")
    return f"New game #{runtime.game_id} in {db}: {what}."


@click.command("serve")
@click.option("--game", default="musee", show_default=True, help="game slug or name")
@click.option("--players", default=2, show_default=True, type=int)
@click.option("--names", default=None, help="player names, comma separated: Amy,Ben")
@click.option("--source", default=None,
              help="camera:0, video:PATH or images:DIR (none: correct the table by hand)")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to bind; anything but localhost needs an access token")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=int,
              help="0 picks a free port")
@click.option("--db", default="games.sqlite3", show_default=True, type=click.Path(dir_okay=False),
              help="SQLite file keeping every game's log")
@click.option("--token", default=None, help="access token (generated when binding wider)")
@click.option("--fresh", is_flag=True, help="start a new game even if one is unfinished")
def serve(game, players, names, source, host, port, db, token, fresh):
    """Serve the live dashboard for a game at this table."""
    from web import create_app
    from web.camera import open_watcher

    token = _token_for(host, token)
    app = create_app({"db": db, "game": game, "players": players, "names": _names(names),
                      "host": host, "token": token, "fresh": fresh})
    runtime = app.extensions["companion_runtime"]
    banner = [_describe_start(runtime, Path(db))]
    if source:
        session = runtime.session
        runtime.watcher_factory = lambda slug, players: open_watcher(source, slug, players)
        watcher = runtime.watcher_factory(session.game.info.slug, session.setup.players)
        runtime.attach_watcher(watcher, source, interval_s=0.0)
        banner.append(f"Watching {source}.")
    else:
        banner.append("No camera (--source): enter corrections by hand on the dashboard.")
    _run(app, host, port, token, banner)


@click.command("demo")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=int,
              help="0 picks a free port")
@click.option("--db", default=None, type=click.Path(dir_okay=False),
              help="SQLite file (default: a new temporary one)")
@click.option("--token", default=None, help="access token (generated when binding wider)")
@click.option("--pace", default=0.5, show_default=True, type=float,
              help="seconds of wall-clock time per recorded frame (recorded at 4 fps)")
@click.option("--names", default="Amy,Ben", show_default=True)
@click.option("--simulated", is_flag=True,
              help="use the scripted camera even when the vision pipeline is installed")
def demo(host, port, db, token, pace, names, simulated):
    """Watch a bundled 2-player Musée game score itself, no camera needed."""
    from web import create_app
    from web.camera import SAMPLE_GAME, open_watcher, pipeline_available, sample_frames_available
    from web.demo import RecordedGameWatcher, ScriptedWatcher, musee_script

    if pace <= 0:
        raise click.BadParameter("must be more than 0", param_hint="--pace")
    db_path = Path(db) if db else Path(tempfile.mkdtemp(prefix="companion-demo-")) / "demo.sqlite3"
    token = _token_for(host, token)
    player_names = _names(names) or ("Amy", "Ben")
    if len(player_names) != 2:
        raise click.BadParameter("the demo game has two players", param_hint="--names")
    app = create_app({"db": str(db_path), "game": "musee", "players": 2, "names": player_names,
                      "host": host, "token": token, "fresh": True})
    runtime = app.extensions["companion_runtime"]
    if not simulated and pipeline_available() and sample_frames_available():
        # Frame time stays the recording's 4 fps (the tracker's timeouts are in seconds);
        # the thread hands over one frame every `pace` seconds of wall-clock time.
        spec = f"images:{SAMPLE_GAME}?fps={SAMPLE_FPS:g}"
        watcher = RecordedGameWatcher(open_watcher(spec, "musee", 2), SAMPLE_GAME)
        runtime.attach_watcher(watcher, f"demo: {SAMPLE_GAME.name} frames", interval_s=pace)
        how = f"Playing the rendered frames of {SAMPLE_GAME} as if from a camera."
    else:
        watcher = ScriptedWatcher(musee_script(), 2, player_names)
        # one scripted step is one settled placement, about four recorded frames
        runtime.attach_watcher(watcher, "demo: simulated camera", interval_s=pace * 4)
        how = ("Playing a scripted Musée game through a simulated camera "
               "(the vision pipeline or sample frames are not installed, or --simulated).")
    tip = ("Try it: switch to 中文 at the top right; click an empty space in the museum of "
           "the player who is NOT to move, then a card, and the rule it breaks appears in red.")
    _run(app, host, port, token, [f"Demo game in {db_path}.", how, tip])
