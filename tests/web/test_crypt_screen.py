"""The Crypt screen in a real browser (Playwright + Debian's Chromium) on `companion serve`.

A 2-player round is driven through the API (what the camera would report) and the screen's
own controls (what it cannot see): a claim typed in, an illegal push-off refused with its
reason on the screen, a legal push-off explained, exhaustion rolls entered with their outcome,
the running scores; then the hand-checked 2-player golden game is imported and its final
scores shown, in English and Traditional Chinese. Screenshots: $COMPANION_SCREENSHOTS/crypt-*.png
(default /tmp/companion-screenshots).
"""

from __future__ import annotations

import contextlib
import json
import urllib.error
from pathlib import Path

from webhelpers import (
    BROWSER_TESTS,
    SHOTS,
    call,
    import_game,
    open_screen,
    play,
    serve_game,
    wait_state,
)

GOLDEN = (
    Path(__file__).resolve().parents[1]
    / "golden"
    / "crypt"
    / "two-players-full-with-illegal-attempts.json"
)

pytestmark = BROWSER_TESTS


def test_crypt_round_push_off_rolls_and_final_scores(browser, start_server, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = serve_game(start_server, tmp_path, "crypt", 2, "Ann,Ben").url
    page, errors = open_screen(browser, url, (1440, 1200), "#crypt-row")
    assert "Deal 2 cards face up, then 1 face down" in page.locator("#crypt-status").inner_text()

    # The camera sees the deal: two face-up treasures and a face-down pottery.
    play(url, kind="deal", card="CRIDOL4A", index=0)
    play(url, kind="deal", card="CRJEWL3A", index=1)
    play(url, kind="deal", back="CRBPOTT", index=2)
    wait_state(page, "S.snap.state.phase === 'claim'")
    row = page.locator("#crypt-row .crypt-card")
    assert row.count() == 3
    assert "Idol" in row.nth(0).inner_text() and "4" in row.nth(0).inner_text()
    assert "Pottery" in row.nth(2).inner_text() and "?" in row.nth(2).inner_text()
    assert "Ann's turn" in page.locator("#crypt-turn").inner_text()
    assert "Leader: Ann" in page.locator("#crypt-torches").inner_text()

    # Ann claims the Idol 4 with one die showing 2, typed in on the screen.
    page.select_option("#crypt-claim-card-0", "0")
    page.select_option("#crypt-claim-effort-0", "2")
    page.click("#crypt-claim-btn")
    wait_state(page, "S.snap.state.actor === 1")
    idol = page.locator('#crypt-row .crypt-card[data-index="0"]')
    assert "Ann" in idol.inner_text() and "Effort 2" in idol.inner_text()
    assert idol.locator(".crypt-die").count() == 1

    # Ben tries to push her off with an effort that only ties (the form offers only faces
    # that beat 2, so it is typed elsewhere): refused, the reason shown.
    assert "2" not in page.eval_on_selector_all(
        "#crypt-claim-effort-0 option", "(os) => os.map((o) => o.value)"
    )
    tie = {"kind": "claim", "player": 1, "placements": [{"card": 0, "dice": 1, "effort": 2}]}
    with contextlib.suppress(urllib.error.HTTPError):
        call(url, "/api/move", {"move": tie})
    page.wait_for_selector("#crypt-refused")
    refused = page.locator("#crypt-refused").inner_text()
    assert "Not allowed" in refused and "To push them off you need more than 2" in refused
    assert call(url, "/api/state")["state"]["actor"] == 1  # still Ben's turn
    page.screenshot(path=str(SHOTS / "crypt-refused-en.png"), full_page=True)

    # Then with effort 3: Ann's die is pushed off, back to her ready; the screen says so.
    play(url, kind="claim", player=1, placements=[{"card": 0, "dice": 1, "effort": 3}])
    page.wait_for_selector("#crypt-pushes")
    pushes = page.locator("#crypt-pushes").inner_text()
    assert (
        "Ben pushed Ann's die off the Idol 4 (crypt card 1)" in pushes
        and "effort 3 beats 2" in pushes
    )
    assert page.locator("#crypt-refused").count() == 0
    assert "dice on one card only" in page.locator("#crypt-lastturn").inner_text()

    # Ann's Lights Out turn: two dice showing 2 on the Jewelry 3.
    play(url, kind="claim", player=0, placements=[{"card": 1, "dice": 2, "effort": 2}])
    page.wait_for_selector("#crypt-rolls")
    rolls = page.locator("#crypt-rolls .crypt-roll")
    assert rolls.count() == 3 and "waiting for the roll" in rolls.nth(0).inner_text()

    # Rolls the camera could not see, entered on the screen: Ben 2 (< 3, exhausted), Ann 5, 4.
    # Each face button is named for a screen reader (a walk-through found pictures only).
    assert page.get_by_role("button", name="Rolled 2", exact=True).first.get_attribute("id") == (
        "crypt-roll-0-2"
    )
    page.click("#crypt-roll-0-2")
    wait_state(page, "S.snap.state.rolls[0].exhausted === true")
    assert "rolled 2: exhausted" in page.locator("#crypt-roll-0").inner_text()
    assert page.locator("#crypt-reroll-0-6").count() == 1  # Ben may flip his idol to re-roll
    page.click("#crypt-roll-1-5")
    wait_state(page, "S.snap.state.rolls[1].exhausted === false")
    page.click("#crypt-roll-1-4")
    wait_state(page, "S.snap.state.rolls[2].exhausted === false")
    assert "rolled 4: ready" in page.locator("#crypt-roll-2").inner_text()
    page.screenshot(path=str(SHOTS / "crypt-rolls-en.png"), full_page=True)
    page.click("#crypt-end-collect")
    wait_state(page, "S.snap.state.phase === 'reveal' && S.snap.state.round === 2")

    # Scores so far with their breakdown: Ann Jewelry 3 + 3 ready dice; Ben Idol 4 + 2 ready.
    scores = page.locator("#crypt-scores")
    ann = scores.locator('.crypt-score[data-side="p0"]').inner_text()
    ben = scores.locator('.crypt-score[data-side="p1"]').inner_text()
    assert "6 points" in ann and "Jewelry: 3" in ann and "3 ready dice" in ann
    assert "6 points" in ben and "Idols: 4" in ben and "2 ready dice" in ben
    assert "Leader: Ben" in page.locator("#crypt-torches").inner_text()  # torches passed

    page.click("#lang-zh")
    assert "6 分" in scores.locator('.crypt-score[data-side="p0"]').inner_text()
    assert "起始火炬：Ben" in page.locator("#crypt-torches").inner_text()
    assert "翻開地窖的寶藏" in page.locator("#crypt-status").inner_text()
    page.screenshot(path=str(SHOTS / "crypt-round2-zh.png"), full_page=True)

    # The hand-checked 2-player game: final scores 37 and 31, with collectors earned.
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    import_game(url, record)
    page.wait_for_selector(".crypt-scores.final")
    final = page.locator("#crypt-scores")
    assert "Ann 以 37 分獲勝" in page.locator("#crypt-outcome").inner_text()
    assert "37 分" in final.locator('.crypt-score[data-side="p0"]').inner_text()
    assert "31 分" in final.locator('.crypt-score[data-side="p1"]').inner_text()
    assert "掛毯收藏家 A 面" in final.inner_text()
    tapestry = page.locator('.crypt-collector[data-type="tapestries"]').inner_text()
    assert "Ann：+5" in tapestry
    page.screenshot(path=str(SHOTS / "crypt-final-zh.png"), full_page=True)
    page.click("#lang-en")
    assert "Ann wins with 37 points" in page.locator("#crypt-outcome").inner_text()
    assert "Ann: +5" in page.locator('.crypt-collector[data-type="tapestries"]').inner_text()
    page.screenshot(path=str(SHOTS / "crypt-final-en.png"), full_page=True)
    assert not errors, errors


def test_solo_ghost_placements_and_rank(browser, start_server, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = serve_game(start_server, tmp_path, "crypt", 1, "Mei", "solo.sqlite3").url
    page, _ = open_screen(browser, url, (1440, 1200), "#crypt-row")
    for index, card in enumerate(("CRIDOL4A", "CRJEWL3A")):
        play(url, kind="deal", card=card, index=index)
    play(url, kind="deal", back="CRBPOTT", index=2)
    play(url, kind="claim", player=0, placements=[{"card": 0, "dice": 1, "effort": 3}])
    page.wait_for_selector("#crypt-ghost-btn")
    assert "Roll 3 ghost dice" in page.locator("#crypt-ghost").inner_text()
    for i, value in enumerate(("5", "2", "2")):
        page.select_option(f"#crypt-ghost-die-{i}", value)
    page.click("#crypt-ghost-btn")
    wait_state(page, "S.snap.state.ghost.placements.length === 2")
    ghost = page.locator("#crypt-ghost").inner_text()
    assert "Set the ghost's dice: 1 × 5 on the Idol 4" in ghost
    assert "Set the ghost's dice: 2 × 2 on the Jewelry 3" in ghost
    assert "Mei's turn" in page.locator("#crypt-turn").inner_text()  # she holds both torches
    page.click("#lang-zh")
    assert "擺放鬼魂的骰子：1 顆 5 點放在偶像 4" in page.locator("#crypt-ghost").inner_text()
    page.screenshot(path=str(SHOTS / "crypt-ghost-zh.png"), full_page=True)

    record = json.loads((GOLDEN.parent / "solo-with-ghost.json").read_text(encoding="utf-8"))
    import_game(url, record)
    page.wait_for_selector("#crypt-rank")
    assert "小資國王" in page.locator("#crypt-rank").inner_text()
    page.click("#lang-en")
    assert "The Petty King" in page.locator("#crypt-rank").inner_text()
    assert (
        f"{record['expected']['scores']['p0']} points" in page.locator("#crypt-scores").inner_text()
    )
    page.screenshot(path=str(SHOTS / "crypt-solo-final-en.png"), full_page=True)
