"""Fixtures for the dashboard: an app on a temporary database, and a fake camera."""

from __future__ import annotations

from pathlib import Path

import pytest
from webhelpers import CHROMIUM, CHROMIUM_ARGS, ServerProcess, playwright

from web import create_app


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def app(db_path):
    app = create_app(
        {
            "db": str(db_path),
            "game": "musee",
            "players": 2,
            "names": ["Amy", "Ben"],
            "sse_heartbeat_s": 0.05,
        }
    )
    yield app
    app.extensions["companion_runtime"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runtime(app):
    return app.extensions["companion_runtime"]


@pytest.fixture
def start_server(tmp_path):
    started: list[ServerProcess] = []

    def start(*args: str) -> ServerProcess:
        server = ServerProcess(list(args), tmp_path)
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()


@pytest.fixture(scope="module")
def start_server_module(tmp_path_factory):
    """Servers shared by a module's tests (each in its own folder, killed at the end). Their
    output is always drained: a server that serves a module's pages fills its pipe with its
    access log and then blocks on it (a page load timed out after 15 tests of
    test_rules_page.py once each page loaded more scripts)."""
    started: list[ServerProcess] = []

    def start(*args: str) -> ServerProcess:
        server = ServerProcess(list(args), tmp_path_factory.mktemp("server")).drain()
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (tests using it carry webhelpers.BROWSER_TESTS),
    one per process, from the process's one Playwright (webhelpers.playwright)."""
    unguarded = playwright().chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield TestBrowser(unguarded)
    unguarded.close()


class TestBrowser:
    """Pages that tests open may run test code (Playwright evaluates string predicates with
    eval), which the dashboard's Content-Security-Policy rightly forbids: tests bypass it.
    test_browser_csp.py opens the pages with the policy in force."""

    __test__ = False  # not a test class

    def __init__(self, browser):
        self.unguarded = browser

    def new_page(self, **options):
        return self.unguarded.new_page(**{"bypass_csp": True, **options})

    def new_context(self, **options):
        return self.unguarded.new_context(**{"bypass_csp": True, **options})

    def __getattr__(self, name):
        return getattr(self.unguarded, name)
