"""A real Mosquitto per test on a free loopback port, a recorder of what it delivers, the café
view of venue "cafe" on it, and table apps publishing to it."""

from __future__ import annotations

import pytest
from cafehelpers import Recorder, settings_for

from cafe.broker import LocalBroker, mosquitto_binary
from cafe.hub import CafeView
from cafe.table import TablePublisher
from web import create_app

if mosquitto_binary() is None:
    pytest.skip(
        "the mosquitto binary is missing: scripts/bootstrap --test installs Debian's "
        "mosquitto package",
        allow_module_level=True,
    )


@pytest.fixture
def broker(tmp_path):
    with LocalBroker(folder=tmp_path / "broker") as running:
        yield running


@pytest.fixture
def recorder_for():
    made: list[Recorder] = []

    def make(broker, topic: str = "companion/#", **options) -> Recorder:
        recorder = Recorder(broker, topic, **options)
        made.append(recorder)
        return recorder

    yield make
    for recorder in made:
        recorder.close()


@pytest.fixture
def cafe_view(broker):
    """The café view of venue "cafe", listening."""
    view = CafeView(settings_for(broker), "cafe").start()
    yield view
    view.close()


@pytest.fixture
def publishing_table(broker, tmp_path):
    """Makes table t1 of venue "cafe": a dashboard app (Musée, Amy and Ben) whose publisher
    polls every 0.05 s. `piece(app)` installs a café piece on the app first; `desks` (the
    piece's desk, as `help_desk=` or `packup_desk=`) go to the publisher. Returns
    (app, runtime); both are closed after the test."""
    made = []

    def make(piece=None, **desks):
        config = {"db": str(tmp_path / "t1.sqlite3"), "game": "musee", "players": 2}
        app = create_app(config | {"names": ["Amy", "Ben"]})
        if piece is not None:
            piece(app)
        runtime = app.extensions["companion_runtime"]
        publisher = TablePublisher(
            runtime, settings_for(broker), "cafe", "t1", poll_s=0.05, **desks
        ).start()
        made.append((publisher, runtime))
        return app, runtime

    yield make
    for publisher, runtime in made:
        publisher.close(timeout_s=0.5)
        runtime.close()
