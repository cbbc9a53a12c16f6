"""Plays logged where players keep them: the recorded Musée game (sample_images/musee-2p)
played to its end, its BG Stats import link parsed back field by field (also out of the QR
code, decoded by OpenCV), the JSON and CSV downloads, and the QR code on the summary page and
the TV in both languages."""

from __future__ import annotations

import csv
import io
import json
import sys
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from cafe.plays import bgstats_link, play_of, plays_csv
from cafe.plays_web import install_plays
from companion.model import Move, Setup
from companion.session import Session
from web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from webhelpers import BROWSER_TESTS, CHROMIUM, SHOTS, chromium

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images" / "musee-2p"
START = 1764590400.0  # 2025-12-01 12:00:00 UTC


def recorded_moves() -> list[Move]:
    """The recorded game's placements and declarations, in order, to its end."""
    last = json.loads(sorted(SAMPLES.glob("[0-9]*.json"))[-1].read_text())
    inputs = json.loads((SAMPLES / "inputs.json").read_text())["inputs"]
    moves = [Move.from_dict(m) for m in last["moves"]]
    final = Move.from_dict(inputs[-1]["move"])
    return moves if moves[-1] == final else [*moves, final]


def finished_session() -> Session:
    now = [START]
    session = Session("musee", Setup(2, ("Amy", "Ben")), clock=lambda: now[0])
    for move in recorded_moves():
        now[0] += 60  # a move a minute
        assert session.play(move).accepted
    return session


def parse_link(link: str) -> dict:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "bgstats",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    return json.loads(parse_qs(parts.query)["data"][0])


def test_the_bgstats_link_of_a_finished_game_parses_back_field_by_field():
    session = finished_session()
    play = play_of(session, 7, "Café Meeple")
    data = parse_link(bgstats_link(play))
    moves = len(recorded_moves())
    first_move = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(START + 60))
    assert data["playDate"] == first_move, "the table's local time of the first move"
    assert data["durationMin"] == moves - 1
    assert data["location"] == "Café Meeple"
    assert data["game"] == {
        "name": "Musée",
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "musee",
    }, "no bggId until one is checked (cafe/plays.json)"
    outcome = session.game.outcome(session.state)
    scores = {s.label.en: s.total for s in session.game.score(session.state)}
    players = {p["name"]: p for p in data["players"]}
    assert set(players) == {"Amy", "Ben"}
    for name, player in players.items():
        assert player["score"] == scores[name]
    winner = "Ben" if outcome.winners == ("p1",) else "Amy"
    assert players[winner]["winner"] and players[winner]["rank"] == 1
    loser = ({"Amy", "Ben"} - {winner}).pop()
    assert not players[loser]["winner"] and players[loser]["rank"] == 2
    assert players["Amy"]["startPlayer"] and not players["Ben"]["startPlayer"]


def test_the_qr_code_decodes_to_the_link():
    cv2 = pytest.importorskip("cv2")
    import numpy
    import segno

    link = bgstats_link(play_of(finished_session(), 1))
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=6, border=4)
    image = cv2.imdecode(numpy.frombuffer(buffer.getvalue(), numpy.uint8), cv2.IMREAD_GRAYSCALE)
    decoded, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert decoded == link


@pytest.fixture
def table(tmp_path):
    """A table's dashboard app with the plays piece, its game played to the end by hand."""
    app = create_app(
        {"db": str(tmp_path / "t.sqlite3"), "game": "musee", "players": 2, "names": ["Amy", "Ben"]}
    )
    install_plays(app, location="Café Meeple")
    yield app, app.extensions["companion_runtime"]
    app.extensions["companion_runtime"].close()


def play_to_the_end(runtime) -> None:
    for move in recorded_moves():
        runtime.play(move, runtime.session.state_id)


def test_downloads_one_play_per_row_and_the_qr_only_at_the_end(table):
    app, runtime = table
    client = app.test_client()
    assert client.get("/plays/current.json").get_json() == {"play": None, "bgstats": None}
    assert client.get("/plays/bgstats.svg").status_code == 404
    assert client.get("/plays.json").get_json() == {"plays": []}
    play_to_the_end(runtime)
    current = client.get("/plays/current.json").get_json()
    assert parse_link(current["bgstats"])["location"] == "Café Meeple"
    svg = client.get("/plays/bgstats.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    plays = client.get("/plays.json").get_json()["plays"]
    assert [p["game"] for p in plays] == ["musee"] and plays[0]["bgg_id"] is None
    rows = list(csv.DictReader(io.StringIO(client.get("/plays.csv").get_data(as_text=True))))
    assert len(rows) == 1
    assert rows[0]["players"] == "Amy;Ben" and rows[0]["game"] == "Musée"
    scores = [str(p["score"]) for p in plays[0]["players"]]
    assert rows[0]["scores"] == ";".join(scores)
    assert rows[0]["winners"] in ("Amy", "Ben") and rows[0]["start_player"] == "Amy"
    assert plays_csv(plays) == client.get("/plays.csv").get_data(as_text=True)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=BROWSER_TESTS[1].kwargs["reason"])
def test_the_summary_page_and_the_tv_show_the_qr_code_in_both_languages(table):
    sync_api = pytest.importorskip("playwright.sync_api")
    from web.serve import create_server

    SHOTS.mkdir(parents=True, exist_ok=True)
    app, runtime = table
    server = create_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.effective_port}"
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(15000)
            page.goto(url + "/tv")
            assert page.locator("#cafe-plays").is_hidden(), "no QR code while the game goes on"
            play_to_the_end(runtime)
            # English on the TV, then the summary page switched to Chinese; the TV follows.
            for path, lang in (
                ("/tv", "en"),
                ("/summary", "en"),
                ("/summary", "zh"),
                ("/tv", "zh"),
            ):
                page.goto(url + path)
                box = page.locator("#cafe-plays")
                box.wait_for(state="visible")
                qr = page.locator("#cafe-plays-qr")
                qr.wait_for(state="visible")
                deadline = time.monotonic() + 10
                while not qr.evaluate("img => img.complete && img.naturalWidth > 0"):
                    assert time.monotonic() < deadline, "the QR code image did not load"
                    time.sleep(0.05)
                href = page.locator("#cafe-plays-open").get_attribute("href")
                assert parse_link(href)["game"]["sourceGameId"] == "musee"
                links = page.locator("#cafe-plays a:visible").count()
                assert links == (0 if path == "/tv" else 3), "nobody taps a TV"
                if path == "/summary" and lang == "zh":
                    page.click("#lang-zh")
                wanted = (
                    "開啟 BG Stats" if lang == "zh" else "scan with your phone to open BG Stats"
                )
                sync_api.expect(page.locator("#cafe-plays-scan")).to_contain_text(wanted)
                page.screenshot(path=str(SHOTS / f"plays{path.replace('/', '-')}-{lang}.png"))
            browser.close()
    finally:
        server.close()


def test_a_play_downloaded_later_carries_the_games_date_not_the_download_time(tmp_path):
    """A game finished a year ago, the table restarted since: its play in /plays.json and
    /plays.csv (and the BG Stats link) is dated when it was played, and lasts what it lasted
    (the log's times, not the replay's)."""
    from companion.store import GameStore

    store = GameStore(tmp_path / "t.sqlite3")
    now = [START]
    session = Session("musee", Setup(2, ("Amy", "Ben")), clock=lambda: now[0])
    game_id = store.new_game(session)
    for move in recorded_moves():
        now[0] += 60
        assert session.play(move).accepted
    store.finish(game_id, session)
    store.close()
    app = create_app(
        {"db": str(tmp_path / "t.sqlite3"), "game": "musee", "players": 2, "names": ["Amy", "Ben"]}
    )
    install_plays(app)
    try:
        client = app.test_client()
        played = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(START + 60))
        plays = client.get("/plays.json").get_json()["plays"]
        assert [(p["date"], p["duration_min"]) for p in plays] == [
            (played, len(recorded_moves()) - 1)
        ]
        rows = list(csv.DictReader(io.StringIO(client.get("/plays.csv").get_data(as_text=True))))
        assert [row["date"] for row in rows] == [played]
        reopened = GameStore(tmp_path / "t.sqlite3")
        again = Session.replay(reopened.records(game_id))
        reopened.close()
        assert parse_link(bgstats_link(play_of(again, game_id)))["playDate"] == played
    finally:
        app.extensions["companion_runtime"].close()
