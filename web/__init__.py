"""The live dashboard: a Flask app factory in front of one game session and its camera.

    app = create_app({"db": "games.sqlite3", "game": "musee", "players": 2})

Config keys (all optional except where said):
    db         SQLite file for the append-only game logs (default: games.sqlite3 in the cwd)
    game       game slug or name (default "musee"); players (default 2); names; options
    fresh      True: start a new game even if the db has an unfinished one of this game
    host       the address the server binds; anything but loopback requires `token`
    token      access token every page and API call must carry when bound wider
    runtime    a ready web.runtime.Runtime (tests build their own)
    teach      True: follow the game's lesson (web.lesson); the set-up page can start one too
    max_streams  live streams (SSE + MJPEG) served at once; more get 503 (web.serve.MAX_STREAMS)
    sse_heartbeat_s  seconds between camera beats on the live stream (default 1)
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any, Mapping

from flask import Flask
from flask.json.provider import DefaultJSONProvider

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}


class TokenRequiredError(ValueError):
    pass


def is_loopback(host: str | None) -> bool:
    """None (not said) is the default 127.0.0.1; an empty host binds every interface."""
    host = "127.0.0.1" if host is None else host.strip().strip("[]")
    if not host:
        return False
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def trusted_hosts(host: str | None) -> list[str] | None:
    """The Host names a loopback-bound server accepts: the loopback names and the address it
    is bound to (127.0.0.2 is loopback too, and the printed link names it), so that a page on
    another site cannot reach it through a DNS name pointing at this machine (DNS rebinding).
    None (any name) for a server bound to the network, which a token guards instead."""
    if not is_loopback(host):
        return None
    names = ["localhost", "127.0.0.1", "::1", "[::1]"]
    bound = (host or "127.0.0.1").strip().strip("[]")
    for name in (bound, f"[{bound}]" if ":" in bound else bound):
        if name not in names:
            names.append(name)
    return names


class PlainJSON(DefaultJSONProvider):
    """JSON as written: Chinese stays readable (no \\u escapes), keys keep their order."""

    ensure_ascii = False
    sort_keys = False


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from companion.model import Setup
    from companion.store import open_store

    from . import api, kit, overlay, pages, recording_api, rules_pictures
    from .errors import register_error_handlers
    from .lesson import install_lessons
    from .live import LiveHub
    from .roles import install_token_guard
    from .runtime import Runtime
    from .security import install_security
    from .serve import MAX_STREAMS

    config = dict(config or {})
    app = Flask(__name__)
    app.config["JSON_AS_ASCII"] = False
    app.json = PlainJSON(app)
    app.config["SSE_HEARTBEAT_S"] = float(config.get("sse_heartbeat_s", 1.0))
    token = config.get("token") or None
    if not is_loopback(config.get("host")) and not token:
        raise TokenRequiredError(
            f"binding to {config.get('host')} exposes the dashboard to the network: "
            "an access token is required"
        )
    app.config["ACCESS_TOKEN"] = token
    app.config["BIND_HOST"] = config.get("host")  # join links show this machine's LAN address
    hosts = trusted_hosts(config.get("host"))
    if hosts is not None:
        # DNS rebinding: only loopback names and the bound address are accepted.
        app.config["TRUSTED_HOSTS"] = hosts

    runtime = config.get("runtime")
    if runtime is None:
        players = int(config.get("players", 2))
        names = tuple(config.get("names") or ())
        setup = Setup(players, names, config.get("options") or {})
        store = open_store(
            Path(config.get("db") or "games.sqlite3"), fresh=bool(config.get("fresh"))
        )
        runtime = Runtime(
            store, config.get("game", "musee"), setup, fresh=bool(config.get("fresh"))
        )
    app.extensions["companion_runtime"] = runtime
    hub = LiveHub(
        runtime, app.config["SSE_HEARTBEAT_S"], int(config.get("max_streams", MAX_STREAMS))
    )
    app.extensions["companion_live"] = hub
    runtime.on_close.append(hub.stop)

    register_error_handlers(app)
    install_token_guard(app)
    install_security(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(kit.bp)
    app.register_blueprint(recording_api.bp)
    app.register_blueprint(rules_pictures.bp)
    app.register_blueprint(overlay.bp)
    install_lessons(app, runtime, teach=bool(config.get("teach")))
    return app


__all__ = ["create_app", "is_loopback", "trusted_hosts", "TokenRequiredError"]
