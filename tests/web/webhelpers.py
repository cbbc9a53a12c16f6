"""Helpers shared by the dashboard tests: a fake camera, commands, real server processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.events import CardAdded, Where
from vision.contract import SourceStatus, WatchStep


class FakeWatcher:
    """Stands in for vision.pipeline.TableWatcher: hands out prepared WatchSteps."""

    def __init__(self, steps: list[WatchStep]):
        self.steps = list(steps)
        self.corners = None
        self.closed = False

    def step(self) -> WatchStep:
        if self.steps:
            return self.steps.pop(0)
        return WatchStep([], None, SourceStatus(False, "camera unplugged", 9.0, 3))

    def set_manual_corners(self, points):
        if points[0] == (666.0, 666.0):
            raise RuntimeError("the fake camera broke")  # lets a test provoke a 500
        self.corners = points

    def close(self):
        self.closed = True


def placed(payload: str, museum: int, gallery: int, space: int, track: str | None = None):
    return CardAdded(track or f"t-{payload}", payload, Where(f"museum{museum}", (gallery, space)))


def live_step(events, jpeg=b"\xff\xd8fakejpeg\xff\xd9") -> WatchStep:
    return WatchStep(
        list(events),
        jpeg,
        SourceStatus(True, "", 0.0, 1),
        calibrated=True,
        reprojection_error_mm=1.2,
    )


def post(client, path, state_id=None, **body):
    if state_id is not None:
        body["state_id"] = state_id
    return client.post(path, json=body)


def add_by_hand(client, payload: str, region: str, slot: list):
    """The dashboard's correction "this card lies here" (a card laid by hand, no camera)."""
    return post(
        client,
        "/api/correct",
        state_id(client),
        action="add",
        payload=payload,
        region=region,
        slot=slot,
    )


def state_id(client) -> int:
    return client.get("/api/state").get_json()["state_id"]


# -- real server processes -------------------------------------------------------------------
class ServerProcess:
    def __init__(self, args: list[str], cwd: Path, timeout: float = 20.0):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", *args],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        self.url = None
        self.token = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                if self.proc.poll() is not None:
                    break
                continue
            self.lines.append(line.rstrip())
            if line.startswith("Access token:"):
                self.token = line.split(":", 1)[1].strip()
            if line.startswith("Dashboard:"):
                self.url = line.split(":", 1)[1].strip().rstrip("/")
            if line.startswith("Press Ctrl-C"):
                break
        if self.url is None:
            self.kill()
            raise RuntimeError("server did not start:\n" + "\n".join(self.lines))

    def drain(self) -> "ServerProcess":
        """Keeps reading the server's output (its access log) into `lines`, so that a server
        serving many requests never blocks on a full pipe; for servers shared by many tests.
        Once is enough (start_server_module drains every server it starts)."""
        import threading

        if getattr(self, "_draining", False):
            return self
        self._draining = True

        def read() -> None:
            try:
                for line in self.proc.stdout:
                    self.lines.append(line.rstrip())
            except (ValueError, OSError):
                pass  # the pipe was closed by kill()

        threading.Thread(target=read, name="server-output", daemon=True).start()
        return self

    def kill(self, sig: int = 9) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=10)
        if self.proc.stdout:
            self.proc.stdout.close()


def answer_of(url, path, body=None, token=None, timeout=10) -> tuple[int, dict]:
    """GET `path` (POST `body` as JSON) on a real server, with the access token when given:
    the HTTP status and the JSON answer, an error's too ({} for an empty one)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, method="GET" if body is None else "POST"
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("X-Companion-Token", token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def place_command(state_id, player, card, museum, space, gallery=0) -> dict:
    """The body of a Musée "place" move as /api/move takes it."""
    move = {"kind": "place", "player": player, "card": card, "museum": museum}
    return {"state_id": state_id, "move": move | {"gallery": gallery, "space": space}}


def place_in_turn(url, places) -> int:
    """Musée cards placed one after another on a real server, each accepted; `places` are
    (player, card, museum, gallery, space). The state id after the last."""
    state_id = 0
    for player, card, museum, gallery, space in places:
        status, answer = answer_of(
            url, "/api/move", place_command(state_id, player, card, museum, space, gallery)
        )
        assert status == 200, answer
        state_id = answer["state"]["state_id"]
    return state_id


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# -- real browser: Playwright driving Debian's Chromium (browsers cannot be downloaded here) --
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(os.environ.get("COMPANION_SCREENSHOTS", "/tmp/companion-screenshots"))
BROWSER_TESTS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="browser tests need Debian's Chromium at /usr/bin/chromium "
        "(apt-get install chromium); Playwright cannot download one here",
    ),
]


# One Playwright per process: its sync API refuses a second `sync_playwright()` while one runs
# ("using Playwright Sync API inside the asyncio loop"). The dashboard tests' session-wide
# `browser` fixture keeps one running, so a café test that started its own failed whenever a
# parallel worker had run a dashboard test first (serially the café tests come first).
_PLAYWRIGHT: list = []


def playwright():
    """This process's Playwright, started on first use (tests/conftest.py stops it)."""
    if not _PLAYWRIGHT:
        sync_api = pytest.importorskip(
            "playwright.sync_api", reason="the playwright Python package is not installed"
        )
        _PLAYWRIGHT.append(sync_api.sync_playwright().start())
    return _PLAYWRIGHT[0]


def stop_playwright() -> None:
    while _PLAYWRIGHT:
        _PLAYWRIGHT.pop().stop()


@contextmanager
def chromium() -> Iterator:
    """A Chromium of its own, pages' Content-Security-Policy in force, closed on leaving."""
    browser = playwright().chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    try:
        yield browser
    finally:
        browser.close()


def call(url: str, path: str, body: dict | None = None) -> dict:
    """GET, or POST a command with the current state id (as the dashboard does)."""
    if body is None:
        with urllib.request.urlopen(url + path, timeout=10) as answer:
            return json.load(answer)
    state = call(url, "/api/state")
    data = json.dumps(dict(body, state_id=state["state_id"])).encode()
    request = urllib.request.Request(
        url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def play(url: str, **move) -> None:
    answer = call(url, "/api/move", {"move": move})
    assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]


# -- a game's screen in a real browser on a real server --------------------------------------
def serve_game(start_server, tmp_path, game: str, players: int, names: str = "", db: str = ""):
    """`companion serve` of a new game of `game` on a free port (`names`: "Ann,Bo"), its
    database tmp_path/<db> (default <game>.sqlite3)."""
    args = ["serve", "--game", game, "--players", str(players)]
    if names:
        args += ["--names", names]
    return start_server(*args, "--port", "0", "--db", str(tmp_path / (db or f"{game}.sqlite3")))


def open_screen(browser, url: str, size: tuple[int, int], ready: str = ""):
    """The dashboard at `url` in a new page of `size` (width, height), in English, once
    `ready` (a selector) is there; each wait up to 15 s. The page, and the list its script
    errors are added to."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/")
    if ready:
        page.wait_for_selector(ready)
    page.click("#lang-en")
    return page, errors


def wait_state(page, expression: str, arg=None) -> None:
    """Wait until the page's snapshot `S.snap` makes `expression` (JavaScript) true."""
    page.wait_for_function(f"(arg) => S.snap && ({expression})", arg=arg)


def import_game(url: str, record: dict) -> None:
    """Import a game record into the server and open it (as the dashboard's import does)."""
    request = urllib.request.Request(
        url + "/api/games/import?open=1",
        method="POST",
        data=json.dumps(record).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201
