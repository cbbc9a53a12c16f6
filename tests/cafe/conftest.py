"""A real Mosquitto per test on a free loopback port, and a recorder of what it delivers."""

from __future__ import annotations

import pytest
from cafehelpers import Recorder

from cafe.broker import LocalBroker, mosquitto_binary

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
