"""Crypt's "claim by hand" form offers only claims the rules allow (walk-through finding: the
Face list offered 1–6 on a card where Ann's die showed 4, so a tie or less could be chosen
and was refused only after the tap). To push dice off a card, dice × face must beat the
effort there (rules: crypt.md, Claim); a claim typed otherwise is still refused in words."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from webhelpers import BROWSER_TESTS, call, play

pytestmark = BROWSER_TESTS


def options(page, selector: str) -> list[int]:
    return [
        int(v)
        for v in page.eval_on_selector_all(f"{selector} option", "(os) => os.map((o) => o.value)")
    ]


def test_the_claim_form_offers_only_faces_and_dice_that_beat_the_effort_there(
    browser, start_server, tmp_path
):
    server = start_server(
        "serve", "--game", "crypt", "--players", "2", "--names", "Ann,Ben", "--port", "0",
        "--db", str(tmp_path / "crypt.sqlite3"),
    )  # fmt: skip
    url = server.url
    play(url, kind="deal", card="CRIDOL4A", index=0)
    play(url, kind="deal", card="CRJEWL3A", index=1)
    play(url, kind="deal", back="CRBPOTT", index=2)
    play(url, kind="claim", player=0, placements=[{"card": 0, "dice": 1, "effort": 4}])
    page = browser.new_page(viewport={"width": 1440, "height": 1200})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/?lang=en")
    page.wait_for_selector("#crypt-claim-card-0")
    page.wait_for_function("() => S.snap && S.snap.state.actor === 1")

    # a free card: any face with one die
    page.select_option("#crypt-claim-card-0", "1")
    page.wait_for_function("() => document.querySelector('#crypt-claim-card-0').value === '1'")
    assert options(page, "#crypt-claim-effort-0") == [1, 2, 3, 4, 5, 6]
    # Ann's die shows 4 on the Idol: one die of Ben's must show 5 or 6, two dice 3 or more
    page.select_option("#crypt-claim-card-0", "0")
    page.wait_for_function("() => document.querySelector('#crypt-claim-card-0').value === '0'")
    assert options(page, "#crypt-claim-dice-0") == [1, 2, 3]
    assert options(page, "#crypt-claim-effort-0") == [5, 6]
    page.select_option("#crypt-claim-dice-0", "2")
    page.wait_for_function("() => document.querySelector('#crypt-claim-dice-0').value === '2'")
    assert options(page, "#crypt-claim-effort-0") == [3, 4, 5, 6]
    # a second card shares the three dice: two on the Idol leave one for the Jewelry
    page.click("#crypt-claim-more")
    page.wait_for_selector("#crypt-claim-card-1")
    assert options(page, "#crypt-claim-card-1") == [1, 2]
    assert options(page, "#crypt-claim-dice-1") == [1]
    page.select_option("#crypt-claim-effort-0", "3")
    page.click("#crypt-claim-btn")
    page.wait_for_function("() => S.snap.state.actor === 0")
    row = call(url, "/api/state")["state"]["row"]
    assert row[0]["claimant"] == 1 and row[0]["effort"] == 6, row[0]
    assert not errors, errors


def test_a_claim_typed_otherwise_is_still_refused_in_words(start_server, tmp_path):
    server = start_server("serve", "--game", "crypt", "--players", "2", "--port", "0",
                          "--db", str(tmp_path / "crypt.sqlite3"))  # fmt: skip
    url = server.url
    play(url, kind="deal", card="CRIDOL4A", index=0)
    play(url, kind="deal", card="CRJEWL3A", index=1)
    play(url, kind="deal", back="CRBPOTT", index=2)
    play(url, kind="claim", player=0, placements=[{"card": 0, "dice": 1, "effort": 4}])
    state = call(url, "/api/state")
    body = {"move": {"kind": "claim", "player": 1, "placements": [{"card": 0, "dice": 1, "effort": 4}]},
            "state_id": state["state_id"]}  # fmt: skip
    request = urllib.request.Request(url + "/api/move", data=json.dumps(body).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a tie was accepted")
    except urllib.error.HTTPError as refused:
        error = json.load(refused)["error"]
    words = [v["message"] for v in error["violations"]]
    assert any("more than 4" in w["en"] for w in words), words
    assert all(w["zh-TW"] for w in words), words
