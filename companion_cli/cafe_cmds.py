"""`companion cafe` (every table of the café on one page) and the broker options that
`companion serve` and `companion demo` share. paho and Flask are imported inside commands."""

from __future__ import annotations

import sys
import uuid

import click

CAFE_PORT = 8780


def broker_options(command):
    """--mqtt and its credentials, TLS files and keep-alive (one definition for every command)."""
    options = [
        click.option(
            "--mqtt",
            "mqtt_url",
            default=None,
            metavar="mqtt://HOST:PORT",
            help="publish to (or read from) this MQTT broker; mqtts:// for TLS",
        ),
        click.option("--mqtt-user", default=None, help="broker user name"),
        click.option(
            "--mqtt-password-file",
            default=None,
            type=click.Path(dir_okay=False),
            help="file holding the broker password (or set COMPANION_MQTT_PASSWORD)",
        ),
        click.option(
            "--mqtt-ca",
            default=None,
            type=click.Path(dir_okay=False),
            help="TLS: CA certificate that signed the broker's",
        ),
        click.option(
            "--mqtt-cert",
            default=None,
            type=click.Path(dir_okay=False),
            help="TLS: client certificate",
        ),
        click.option(
            "--mqtt-key",
            default=None,
            type=click.Path(dir_okay=False),
            help="TLS: client certificate's key",
        ),
        click.option(
            "--mqtt-keepalive",
            default=5,
            show_default=True,
            type=int,
            help="seconds; tables send a heartbeat every third of it, and the café "
            "shows a table whose PC hangs or loses its cable as 'not heard from' "
            "within it (the broker's last will follows after 1.5x this plus up to "
            "5 s); a stopped or killed table shows offline at once",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def table_options(command):
    """What `serve` and `demo` add: the broker options, the table's name and its venue."""
    command = click.option(
        "--venue", default="cafe", show_default=True, help="venue name in the topics (one per café)"
    )(command)
    command = click.option(
        "--table",
        "table_name",
        default=None,
        help="this table's name in the topics (needed with --mqtt)",
    )(command)
    return broker_options(command)


def broker_from(options: dict):
    """BrokerSettings from the parsed options, or None without --mqtt."""
    if not options.get("mqtt_url"):
        return None
    from cafe.settings import parse_broker

    return parse_broker(
        options["mqtt_url"],
        username=options.get("mqtt_user"),
        password_file=options.get("mqtt_password_file"),
        ca_file=options.get("mqtt_ca"),
        cert_file=options.get("mqtt_cert"),
        key_file=options.get("mqtt_key"),
        keepalive_s=options.get("mqtt_keepalive") or 5,
    )


def pop_table_options(kwargs: dict) -> dict:
    keys = (
        "mqtt_url",
        "mqtt_user",
        "mqtt_password_file",
        "mqtt_ca",
        "mqtt_cert",
        "mqtt_key",
        "mqtt_keepalive",
        "venue",
        "table_name",
    )
    return {key: kwargs.pop(key) for key in keys if key in kwargs}


def publisher_factory(options: dict):
    """A function (runtime, dashboard address) -> started TablePublisher, or None."""
    broker = broker_from(options)
    if broker is None:
        if options.get("table_name"):
            raise click.BadParameter(
                "a table name only makes sense with --mqtt", param_hint="--table"
            )
        return None
    if not options.get("table_name"):
        raise click.BadParameter(
            "name this table for the café, e.g. --table t1", param_hint="--table"
        )
    from cafe.settings import check_name

    venue = check_name("venue", options["venue"])
    table = check_name("table", options["table_name"])
    instance = uuid.uuid4().hex[:12]
    claim = _refuse_a_name_in_use(broker, venue, table, instance)
    from cafe.floor import FloorSettings
    from cafe.help import HelpDesk
    from cafe.help_web import install_help

    desk = HelpDesk(FloorSettings.load().help)  # "Call staff" on the dashboard, stuck play

    def start(runtime, address: str):
        from cafe.table import TablePublisher

        click.echo(
            f"Café: publishing as {venue}/{table} to {broker.display()} "
            f"(the game goes on if the broker is away)."
        )
        return TablePublisher(
            runtime,
            broker,
            venue,
            table,
            dashboard_url=address,
            check_name_first=claim is None,
            instance=instance,
            claim=claim,
            help_desk=desk,
        ).start()

    start.install = lambda app: install_help(app, desk)  # type: ignore[attr-defined]
    return start


def _refuse_a_name_in_use(broker, venue: str, table: str, instance: str):
    """Take this table's name (`cafe.table.claim_name`), or stop here in one line if another
    running table already publishes under it (two would push each other off the broker).
    None if the broker cannot be reached now: the table then claims its name before it
    first publishes."""
    from cafe.table import NameClaim, TableNameTakenError, claim_name, name_taken_message

    try:
        claim = claim_name(broker, venue, table, instance)
    except (OSError, ConnectionError):
        click.echo(
            f"Café: the broker {broker.display()} is not reachable now; this table "
            f"will check its name and publish when it is."
        )
        return None
    if not isinstance(claim, NameClaim):
        raise TableNameTakenError(name_taken_message(venue, table, claim))
    return claim


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
    from web.serve import create_server, serve_until_stopped

    venue = "+" if venue == "*" else venue  # '*' reads better for "every venue" at head office
    if venue != "+":  # before a local broker starts: a refused name must leave nothing running
        from cafe.settings import check_name

        check_name("venue", venue)
    broker = broker_from(options)
    local = None
    if broker is None:
        from cafe.broker import LocalBroker, listening
        from cafe.settings import parse_broker

        url = f"mqtt://127.0.0.1:{broker_port}"
        if listening("127.0.0.1", broker_port):
            # Debian starts its own mosquitto service on 1883 when the package is installed.
            click.echo(
                f"A broker is already listening at {url} (the mosquitto service?): using it."
            )
        else:
            local = LocalBroker(broker_port).start()
            click.echo(f"Started a local Mosquitto for this machine at {url}.")
        click.echo(f"Run each table with: companion demo --mqtt {url} --table t1 --port 0")
        broker = parse_broker(url, keepalive_s=options.get("mqtt_keepalive") or 5)
    if not token and not is_loopback(host):
        token = secrets.token_urlsafe(18)
    import logging

    from .web_cmds import _log_to_stderr

    _log_to_stderr(logging)  # warnings (a broker that refuses us) and the access log
    view = CafeView(broker, venue, forget_after_s=forget_after * 60.0).start()
    app = create_cafe_app(view, host=host, token=token)
    try:
        server = create_server(app, host, port, threads=32)
    except (OSError, ValueError) as exc:
        view.close()
        if local:
            local.stop()
        reason = getattr(exc, "strerror", None) or exc
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason}") from None
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{server.effective_port}/"
    click.echo(f"Café page (tables on {broker.display()}): {address}")
    if token:
        click.echo(f"Access token: {token}\nJoin link: {address}?token={token}")
    click.echo("Press Ctrl-C to stop.")
    sys.stdout.flush()

    def stop():
        view.close()
        if local:
            local.stop()

    serve_until_stopped(server, stop, before_stop=app.extensions["cafe_streams"].stop)


__all__ = ["cafe", "table_options", "broker_options", "publisher_factory", "pop_table_options"]
