"""A chain of cafés, really run: two venues, each with its own Mosquitto bridged to a third at
head office with the bridge lines of the README; a head-office view sees both venues' tables,
and an acknowledgement from head office reaches the table through the bridge."""

from __future__ import annotations

import json
import urllib.request

import pytest
from cafehelpers import place, settings_for, wait_until
from test_cafe_page import start_cafe

from cafe.broker import LocalBroker
from cafe.hub import CafeView
from cafe.table import TablePublisher
from companion.model import Setup
from companion.store import GameStore
from web.runtime import RuleBreak, Runtime


def tables_at(url: str) -> list[dict]:
    with urllib.request.urlopen(url + "/api/tables", timeout=5) as answer:
        return json.load(answer)["tables"]


def bridge_config(venue: str, head_office: LocalBroker) -> str:
    """The README's venue bridge, to a head office on loopback without TLS."""
    return "\n".join(
        [
            f"connection hq-{venue}",
            f"address 127.0.0.1:{head_office.port}",
            f"remote_clientid bridge-{venue}",
            "cleansession false",
            f"topic companion/{venue}/tables/+/state out 1",
            f"topic companion/{venue}/tables/+/alerts out 1",
            f"topic companion/{venue}/tables/+/status out 1",
            f"topic companion/{venue}/tables/+/heartbeat out 0",
            f"topic companion/{venue}/tables/+/log out 1",
            f"topic companion/{venue}/tables/+/ack in 1",
            "",
        ]
    )


@pytest.fixture
def chain(tmp_path):
    head_office = LocalBroker(folder=tmp_path / "hq").start()
    venues = {}
    try:
        for venue in ("north", "south"):
            venues[venue] = LocalBroker(
                folder=tmp_path / venue, extra_config=bridge_config(venue, head_office)
            ).start()
        yield head_office, venues
    finally:
        for broker in venues.values():
            broker.stop()
        head_office.stop()


def test_head_office_sees_both_venues_and_its_acknowledgement_reaches_a_table(chain, tmp_path):
    head_office, venues = chain
    made = []
    for venue, broker in venues.items():
        runtime = Runtime(GameStore(tmp_path / f"{venue}.sqlite3"), "musee", Setup(2, ("A", "B")))
        publisher = TablePublisher(runtime, settings_for(broker), venue, "t1", poll_s=0.05)
        made.append((runtime, publisher.start()))
    view = CafeView(settings_for(head_office), "+").start()
    try:
        tiles = wait_until(
            lambda: (
                {t["key"]: t for t in view.snapshot()["tables"] if t["state"] and t["online"]}
                if len(view.snapshot()["tables"]) == 2
                else None
            ),
            30,
            "both venues' tables at head office",
        )
        assert set(tiles) == {"north/t1", "south/t1"}

        north = made[0][0]
        north.play(place(0, 10, 0), None)
        wait_until(
            lambda: (
                next(t for t in view.snapshot()["tables"] if t["key"] == "north/t1")["state"][
                    "turn"
                ]
                == ["B"]
            ),
            20,
            "north's move at head office",
        )
        with pytest.raises(RuleBreak):
            north.correct(None, "add", "MU20", "museum0", [0, 1])
        alert = wait_until(
            lambda: next(t for t in view.snapshot()["tables"] if t["key"] == "north/t1")["alerts"],
            20,
            "north's alert at head office",
        )[0]
        assert view.acknowledge("north", "t1", alert["id"])
        wait_until(
            lambda: next(t for t in view.snapshot()["tables"] if t["key"] == "north/t1")["alerts"][
                0
            ]["acknowledged"],
            20,
            "the acknowledgement through the bridge and back",
        )
        south = next(t for t in view.snapshot()["tables"] if t["key"] == "south/t1")
        assert not south["alerts"], "the other venue is untouched"

        # The head office's own page: `companion cafe --venue '*'`.
        cafe, url = start_cafe(["--mqtt", head_office.url, "--venue", "*"], tmp_path)
        try:
            keys = wait_until(
                lambda: (
                    sorted(t["key"] for t in tables_at(url)) if len(tables_at(url)) == 2 else None
                ),
                20,
                "both venues on the head office's page",
            )
            assert keys == ["north/t1", "south/t1"]
        finally:
            cafe.terminate()
            cafe.wait(timeout=15)
    finally:
        view.close()
        for runtime, publisher in made:
            publisher.close(timeout_s=0.5)
            runtime.close()
