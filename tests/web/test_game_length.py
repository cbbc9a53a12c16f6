"""The dashboard, the summary and the results picture disagreed on a game's length ("2
minutes" against "1 minute"), and an imported game showed its import time as its start
(issue 23, item 8): one reckoning (companion.record.game_times) from the record's own times,
kept through export, import and resume."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest
from PIL import Image
from webhelpers import BROWSER_TESTS

from companion.record import parse_record
from companion.session import Session

GOLDEN = Path(__file__).parents[1] / "golden"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
STARTED = time.mktime((2025, 3, 1, 14, 0, 0, 0, 0, -1))  # local time, as the page shows it


def timed_record(minutes_apart: float = 1.5) -> tuple[dict, int]:
    """Musée's golden game, played from 2025-03-01 14:00, a move every 1.5 minutes."""
    record = json.loads((GOLDEN / "musee" / "two-players-full.json").read_text())
    record.pop("expected", None)
    record["started"] = STARTED
    for i, entry in enumerate(record["log"]):
        entry["ts"] = STARTED + 60 * minutes_apart * (i + 1)
    minutes = round(minutes_apart * len(record["log"]))
    return record, minutes


def test_a_replayed_game_keeps_its_own_times():
    record, minutes = timed_record()
    session = Session.replay(parse_record(json.dumps(record)).records())
    assert session.records[0]["ts"] == STARTED
    assert [r["ts"] for r in session.records[1:]] == [r["ts"] for r in record["log"]]
    from companion.record import game_times, record_from_log

    assert game_times(session.records)["minutes"] == minutes
    assert record_from_log(session.records).to_dict()["started"] == STARTED  # kept on export


def post(url: str, path: str, body: bytes) -> dict:
    request = urllib.request.Request(
        url + path, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.browser
@pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason=BROWSER_TESTS[1].kwargs["reason"]
)
def test_every_screen_gives_an_imported_game_its_own_start_and_one_length(
    browser, start_server, lang, tmp_path
):
    server = start_server("serve", "--port", "0").drain()
    record, minutes = timed_record()
    post(server.url, "/api/games/import?open=1", json.dumps(record).encode())
    date = "2025/03/01 14:00" if lang == "zh-TW" else "2025-03-01 14:00"
    said = {"en": f"{minutes} minutes", "zh-TW": f"{minutes} 分鐘"}[lang]

    games = json.load(urllib.request.urlopen(server.url + "/api/games", timeout=10))["games"]
    assert games[0]["created"] == STARTED  # not the time of the import

    context = browser.new_context(**LAPTOP)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.goto(server.url + "/")
    page.locator("#end-panel #game-length").wait_for()
    page.wait_for_timeout(500)  # nothing later may rewrite it
    dashboard = page.locator("#end-panel #game-length").inner_text()
    page.goto(server.url + "/summary")
    page.locator("#summary-outcome #game-length").wait_for()
    page.wait_for_timeout(500)
    summary = page.locator("#summary-outcome #game-length").inner_text()
    meta = page.locator("#summary-meta").inner_text()
    context.close()
    # the pages join a date's pieces with word joiners (U+2060) so it breaks only before the time
    dashboard, summary, meta = (x.replace("\u2060", "") for x in (dashboard, summary, meta))
    with urllib.request.urlopen(f"{server.url}/results.png?lang={lang}", timeout=10) as answer:
        (tmp_path / "r.png").write_bytes(answer.read())
    picture = Image.open(tmp_path / "r.png").text["Comment"]

    for shown in (dashboard, summary, picture):
        assert said in shown, shown
    assert date in dashboard and date in meta and date in picture, (dashboard, meta, picture)
    lengths = {
        re.search(r"(\d+) (minutes|分鐘)", s).group(1) for s in (dashboard, summary, picture)
    }
    assert lengths == {str(minutes)}
