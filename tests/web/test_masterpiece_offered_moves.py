"""Masterpiece's `/api/legal-moves`, which a viewer and every seat's phone may read, never
depends on anyone's cash (issue 23, item 2's family): it offered a buy only to a buyer who
could pay, so anyone reading it learnt that the active player had at least the price. Cash is
secret until the end (shared/rules/masterpiece.md); an unaffordable buy is refused when played.

Through the real Flask app: a game played by the host to a buy space, then the same table with
other cash, read as a viewer and as a seat that is not acting."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import find_game
from web import create_app
from web.roles import role_tokens, seat_token

HOST_TOKEN = "host-s3cret"
GAME = find_game("masterpiece")
NAMES = ["Ana", "Ben", "Chen"]


@pytest.fixture(scope="module")
def at_a_buy(tmp_path_factory):
    """The app, with a game played by random legal moves until a buy space."""
    app = create_app(
        {
            "db": str(tmp_path_factory.mktemp("mp") / "g.sqlite3"),
            "host": "0.0.0.0",
            "token": HOST_TOKEN,
            "game": "masterpiece",
            "players": 3,
            "names": NAMES,
        }
    )
    runtime = app.extensions["companion_runtime"]
    rnd = random.Random(5)
    with runtime.lock:
        session = runtime.session
        while session.state.phase not in ("buy_bank", "buy_player"):
            moves = list(GAME.legal_moves(session.state))
            kind = rnd.choice(sorted({m.kind for m in moves if m.kind != "buy"}))
            session.play(rnd.choice([m for m in moves if m.kind == kind]))
    yield app, runtime
    runtime.close()


def fetch(client, who: str) -> dict:
    token = seat_token(HOST_TOKEN, int(who[5:])) if who.startswith("seat-") else None
    headers = {"X-Companion-Token": token or role_tokens(HOST_TOKEN)[who]}
    answer = client.get("/api/legal-moves", headers=headers)
    assert answer.status_code == 200
    return answer.get_json()


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cash=st.lists(st.integers(0, 80).map(lambda n: n * 500), min_size=3, max_size=3))
def test_viewers_and_other_seats_read_the_same_moves_whatever_the_cash(at_a_buy, cash):
    app, runtime = at_a_buy
    client = app.test_client()
    with runtime.lock:
        real = runtime.session.state
        others = [f"seat-{s}" for s in range(3) if s != real.active]
    seen = {}
    try:
        for label, amounts in (("real", real.cash), ("other", tuple(cash))):
            with runtime.lock:
                runtime.session.state = replace(real, cash=amounts)
            seen[label] = {who: fetch(client, who) for who in ["viewer", *others]}
    finally:
        with runtime.lock:
            runtime.session.state = real
    assert seen["other"] == seen["real"]
    assert any(m["kind"] == "buy" for m in seen["real"]["viewer"]["moves"])
