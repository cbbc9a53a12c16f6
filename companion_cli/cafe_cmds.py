"""`companion cafe`: every table of the café on one page. Its broker options are the ones
`serve` and `demo` take too (companion_cli._shared). paho and Flask are imported inside."""

from __future__ import annotations

import sys

import click

from ._shared import (
    address_of,
    broker_from,
    broker_options,
    listen,
    listen_options,
    log_to_stderr,
    with_options,
)

CAFE_PORT = 8780


def history_options(command):
    """--history PATH and --no-history."""
    command = click.option("--no-history", is_flag=True, help="keep no history (the floor only)")(
        command
    )
    return click.option(
        "--history",
        "history_path",
        type=click.Path(dir_okay=False),
        default=None,
        help="SQLite file keeping the evening's history "
        "[default: $XDG_DATA_HOME/companion/cafe-history.sqlite3]",
    )(command)


@click.command("cafe")
@broker_options
@click.option(
    "--venue",
    default="+",
    show_default=True,
    help="which venue to show ('+' or '*' shows every venue on the broker)",
)
@with_options(listen_options(CAFE_PORT))
@click.option(
    "--broker-port",
    default=1883,
    show_default=True,
    type=int,
    help="without --mqtt: the port of the local Mosquitto started for the demo",
)
@click.option(
    "--forget-after",
    default=120,
    show_default=True,
    type=click.IntRange(1),
    help="minutes after which a stopped table leaves the page",
)
@history_options
def cafe(venue, host, port, token, broker_port, forget_after, history_path, no_history, **options):
    """Every table of the café on one page (for staff and a TV)."""
    from cafe.app import create_cafe_app
    from web.serve import serve_until_stopped

    venue = _venue_to_show(venue)  # before a local broker starts: a refusal leaves nothing
    history, problem = _history(history_path, no_history)
    broker, local = _broker_or_local(options, broker_port)
    token = _token_for(host, token)
    log_to_stderr()  # warnings (a broker that refuses us) and the access log
    view = _start_view(broker, venue, forget_after * 60.0, history)
    app = create_cafe_app(view, host=host, token=token, history_problem=problem)

    def stop():
        view.close()
        if history:
            history.close()
        if local:
            local.close()  # and its temporary folder

    server = listen(app, host, port, stop, threads=32)
    _announce(broker, address_of(host, server.effective_port), token, history)
    sys.stdout.flush()
    serve_until_stopped(server, stop, before_stop=app.extensions["cafe_streams"].stop)


def _token_for(host: str, token: str | None) -> str | None:
    """The access token: given, or made up when the page is reachable beyond this machine."""
    from web import is_loopback

    if not token and not is_loopback(host):
        import secrets

        return secrets.token_urlsafe(18)
    return token


def _start_view(broker, venue: str, forget_after_s: float, history):
    from cafe.hub import CafeView

    # With a history file, a persistent session: the broker keeps what came while it was away.
    client_id = history.client_id if history else None
    return CafeView(
        broker, venue, forget_after_s=forget_after_s, history=history, client_id=client_id
    ).start()


def _announce(broker, address: str, token: str | None, history) -> None:
    click.echo(f"Café page (tables on {broker.display()}): {address}")
    if history:
        click.echo(f"History kept in {history.path}")
    if token:
        click.echo(f"Access token: {token}\nJoin link: {address}?token={token}")
    click.echo("Press Ctrl-C to stop.")


def _history(path: str | None, off: bool):
    """(HistoryStore or None, why there is none): a file that cannot be used is one line on
    stderr, and the floor runs without history."""
    if off:
        return None, "turned off (--no-history)"
    from cafe.history import open_history

    history, problem = open_history(path)
    if problem:
        click.echo(f"error: {problem}; the café page runs without its history", err=True)
    return history, problem


def _venue_to_show(venue: str) -> str:
    """The venue level of the topics read: one venue's name, or '+' for every venue ('*'
    reads better for that at head office); a name topics cannot carry is a one-line error."""
    if venue in ("+", "*"):
        return "+"
    from cafe.settings import check_name

    return check_name("venue", venue)


def _broker_or_local(options: dict, broker_port: int):
    """(broker settings, LocalBroker or None): --mqtt's broker, or without it the one
    listening on this machine's broker port, started here if none is."""
    broker = broker_from(options)
    if broker is not None:
        return broker, None
    from cafe.broker import LocalBroker, listening
    from cafe.settings import parse_broker

    local = None
    url = f"mqtt://127.0.0.1:{broker_port}"
    if listening("127.0.0.1", broker_port):
        # Debian starts its own mosquitto service on 1883 when the package is installed.
        click.echo(f"A broker is already listening at {url} (the mosquitto service?): using it.")
    else:
        local = LocalBroker(broker_port).start()
        click.echo(f"Started a local Mosquitto for this machine at {url}.")
    click.echo(f"Run each table with: companion demo --mqtt {url} --table t1 --port 0")
    return parse_broker(url, keepalive_s=options.get("mqtt_keepalive") or 5), local
