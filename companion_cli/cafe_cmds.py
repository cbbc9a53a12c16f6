"""`companion cafe`: every table of the café on one page. Its broker options are the ones
`serve` and `demo` take too (companion_cli._shared). paho and Flask are imported inside."""

from __future__ import annotations

import sys

import click

from ._shared import address_of, broker_from, broker_options, listen, log_to_stderr

CAFE_PORT = 8780


@click.command("cafe")
@broker_options
@click.option(
    "--venue",
    default="+",
    show_default=True,
    help="which venue to show ('+' or '*' shows every venue on the broker)",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="address to bind; anything but localhost needs an access token",
)
@click.option("--port", default=CAFE_PORT, show_default=True, type=int, help="0 picks a free port")
@click.option("--token", default=None, help="access token (generated when binding wider)")
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
def cafe(venue, host, port, token, broker_port, forget_after, **options):
    """Every table of the café on one page (for staff and a TV)."""
    import secrets

    from cafe.app import create_cafe_app
    from cafe.hub import CafeView
    from web import is_loopback
    from web.serve import serve_until_stopped

    venue = _venue_to_show(venue)  # before a local broker starts: a refusal leaves nothing
    broker, local = _broker_or_local(options, broker_port)
    if not token and not is_loopback(host):
        token = secrets.token_urlsafe(18)
    log_to_stderr()  # warnings (a broker that refuses us) and the access log
    view = CafeView(broker, venue, forget_after_s=forget_after * 60.0).start()
    app = create_cafe_app(view, host=host, token=token)

    def stop():
        view.close()
        if local:
            local.close()  # and its temporary folder

    server = listen(app, host, port, stop, threads=32)
    address = address_of(host, server.effective_port)
    click.echo(f"Café page (tables on {broker.display()}): {address}")
    if token:
        click.echo(f"Access token: {token}\nJoin link: {address}?token={token}")
    click.echo("Press Ctrl-C to stop.")
    sys.stdout.flush()
    serve_until_stopped(server, stop, before_stop=app.extensions["cafe_streams"].stop)


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
