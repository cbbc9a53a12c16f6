"""`companion serve --host 127.0.0.2` (any loopback address, not only 127.0.0.1): the link it
prints opens the dashboard. The trusted hosts once listed 127.0.0.1 only, so the printed
http://127.0.0.2:PORT/ answered 400 "Host not trusted" (walk-through finding)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from web import create_app, trusted_hosts

pytestmark = pytest.mark.slow


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_printed_link_of_a_server_on_127_0_0_2_opens_the_dashboard(start_server, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    server = start_server(
        "serve",
        "--game",
        "musee",
        "--players",
        "2",
        "--host",
        "127.0.0.2",
        "--port",
        "0",
        "--db",
        db,
    )
    assert server.url.startswith("http://127.0.0.2:"), server.lines
    assert status_of(server.url + "/") == 200
    assert status_of(server.url + "/api/state") == 200
    # a DNS name pointing at the machine is still refused (DNS rebinding)
    request = urllib.request.Request(server.url + "/api/state", headers={"Host": "evil.example"})
    try:
        urllib.request.urlopen(request, timeout=10)
        refused = False
    except urllib.error.HTTPError as exc:
        refused = exc.code == 400
    assert refused


@pytest.mark.parametrize("host", ["127.0.0.2", "127.1.2.3", "::1", "localhost", None])
def test_the_bound_loopback_address_is_trusted(host, tmp_path):
    hosts = trusted_hosts(host)
    assert hosts is not None
    shown = {None: "127.0.0.1"}.get(host, host)
    assert shown in hosts or f"[{shown}]" in hosts
    app = create_app({"db": str(tmp_path / "g.sqlite3"), "host": host})
    assert app.config["TRUSTED_HOSTS"] == hosts


def test_a_network_address_trusts_any_host_name():
    assert trusted_hosts("0.0.0.0") is None
    assert trusted_hosts("192.168.1.20") is None
