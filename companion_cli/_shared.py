"""What several commands share: the café broker options of `serve`, `demo` and `cafe` (and the
publisher they start), the log on stderr, and listening on an address. Private to the
command line; each command's module imports from here, never from another command's module.
paho and Flask are imported inside the functions."""

from __future__ import annotations

import logging
import sys
import uuid

import click


def with_options(options):
    """A decorator applying click options kept in a tuple, the first one first in --help
    (a command's long list of options stays out of the function it decorates)."""

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def listen_options(port: int) -> tuple:
    """--host, --port and --token: where a command serves its pages and who may open them
    (`serve`, `demo`, `record` and `cafe` alike; `port` is the command's own default)."""
    return (
        click.option(
            "--host",
            default="127.0.0.1",
            show_default=True,
            help="address to bind; anything but localhost needs an access token",
        ),
        click.option(
            "--port", default=port, show_default=True, type=int, help="0 picks a free port"
        ),
        click.option("--token", default=None, help="access token (generated when binding wider)"),
    )


def _file_option(flag: str, help: str):
    """An option naming a file the command reads (none by default)."""
    return click.option(flag, default=None, type=click.Path(dir_okay=False), help=help)


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
        _file_option(
            "--mqtt-password-file",
            "file holding the broker password (or set COMPANION_MQTT_PASSWORD)",
        ),
        _file_option("--mqtt-ca", "TLS: CA certificate that signed the broker's"),
        _file_option("--mqtt-cert", "TLS: client certificate"),
        _file_option("--mqtt-key", "TLS: client certificate's key"),
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
    from cafe.packup import PackupDesk
    from cafe.packup_web import install_packup

    desk = HelpDesk(FloorSettings.load().help)  # "Call staff" on the dashboard, stuck play
    boxes = PackupDesk()  # "Check the box" on the host's dashboard

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
            packup_desk=boxes,
        ).start()

    def install(app) -> None:
        install_help(app, desk)
        install_packup(app, boxes)

    start.install = install  # type: ignore[attr-defined]
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


def log_to_stderr() -> None:
    """The access log (token redacted) and every warning, one line each, on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name, level in (
        ("web.access", logging.INFO),
        ("companion", logging.WARNING),
        ("web", logging.WARNING),
        ("vision", logging.WARNING),
        ("waitress", logging.WARNING),
        ("cafe", logging.INFO),
    ):
        logger = logging.getLogger(name)
        logger.setLevel(min(logger.level or level, level))
        if handler not in logger.handlers and not any(
            isinstance(h, logging.StreamHandler) and getattr(h, "stream", None) is sys.stderr
            for h in logger.handlers
        ):
            logger.addHandler(handler)
        if name == "web.access":
            logger.propagate = False  # not twice through the "web" handler


def listen(app, host: str, port: int, cleanup, **server_options):
    """The WSGI server bound to host:port; if it cannot bind, `cleanup()` and one line."""
    from web.serve import create_server

    try:
        return create_server(app, host, port, **server_options)
    except (OSError, ValueError) as exc:
        cleanup()
        reason = getattr(exc, "strerror", None) or exc
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason}") from None


def address_of(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"
