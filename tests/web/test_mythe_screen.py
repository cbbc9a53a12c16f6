"""The Mythe screen in a real browser (Playwright + Debian's Chromium) on `companion serve`.

A 3-player game is driven through the API (what the camera would report) and through the
screen's own buttons (what the camera cannot see: stop drawing, done sharing). Checked: the
running total and the exact space a hero must stop on, a turn ending on an obstacle explained
in English and, after switching, in Chinese, the at-least-one-card rule of the share form,
and the "unverified" placeholder note. Screenshots: $COMPANION_SCREENSHOTS/mythe-*.png
(default /tmp/companion-screenshots).
"""

from __future__ import annotations

import json
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

pytestmark = BROWSER_TESTS


def test_obstacle_turn_and_stop_hint_in_both_languages(browser, start_server, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = serve_game(start_server, tmp_path, "mythe", 3, "Ann,Bo,Cy").url
    page, errors = open_screen(browser, url, (1440, 1100), "#mythe-path")

    # The placeholder deck and path are flagged on the screen.
    assert "unverified" in page.locator("#mythe-unverified").inner_text()
    assert page.locator("#mythe-path .mythe-space").count() == len(
        call(url, "/api/state")["state"]["path"]
    )
    assert page.locator('.mythe-space[data-space="0"] .mythe-hero').count() == 3

    # Turn 1, a normal draw: Ann draws a 3 and a 2 -> 5 points reach the Bridge (space 5).
    play(url, kind="draw", player=0, card="MYN3A", **{"from": 1})
    play(url, kind="draw", player=0, card="MYN2A", **{"from": 2})
    wait_state(page, "S.snap.state.points === 5")
    total = page.locator("#mythe-total").inner_text()
    assert "5 points: you can reach the Bridge (space 5)" in total
    # the number once ("★7 7 點" said it twice on the TV: walk-through finding)
    said = page.locator("#mythe-total .mythe-points").inner_text()
    assert said.strip().startswith("5 points: you can reach"), said
    assert "must stop on the Bridge (space 5)" in page.locator("#mythe-muststop").inner_text()
    assert page.locator(".mythe-space.target").get_attribute("data-space") == "5"
    assert page.locator("#mythe-drawn .mythe-card").count() == 2
    page.screenshot(path=str(SHOTS / "mythe-draw-en.png"), full_page=True)
    page.click("#lang-zh")
    must_stop = page.locator("#mythe-muststop")
    assert "你的英雄必須停在小橋（第 5 格）" in must_stop.inner_text()
    total = page.locator("#mythe-total").inner_text()
    assert "5 點：你可以走到小橋（第 5 格）" in total
    said = page.locator("#mythe-total .mythe-points").inner_text()
    assert said.replace(" ", "").startswith("5點：你可以"), said
    page.screenshot(path=str(SHOTS / "mythe-draw-zh.png"), full_page=True)
    page.click("#lang-en")

    # "Stop drawing" is a button (the camera cannot see it), then the hero moves there.
    page.click("#mythe-stop")
    wait_state(page, "S.snap.state.phase === 'move'")
    assert "move Ann's mouse to the Bridge (space 5)" in must_stop.inner_text()
    page.click("#mythe-move")
    wait_state(page, "S.snap.state.phase === 'share'")
    assert page.locator('.mythe-space[data-space="5"] .mythe-hero[data-seat="0"]').count() == 1

    # Share: counts start from what the companion knows (Ann 5 + 2 drawn, Bo 3, Cy 3).
    assert [page.locator(f"#mythe-count-{s}-n").inner_text() for s in range(3)] == ["7", "3", "3"]
    assert "everyone must keep at least one card" in page.locator("#mythe-share-rule").inner_text()
    page.click("#mythe-done")
    wait_state(page, "S.snap.state.turn === 1")

    # Turn 2: Bo draws an obstacle from Ann: the hero does not move this turn.
    play(url, kind="draw", player=1, card="MYN1A", **{"from": 0})
    play(url, kind="draw", player=1, card="MYOBSA", **{"from": 0})
    wait_state(page, "S.snap.state.obstacle === 'MYOBSA'")
    obstacle = page.locator("#mythe-obstacle").inner_text()
    assert "Oh no, an obstacle!" in obstacle
    assert "Bo's mouse does not move this turn and stays on Village" in obstacle
    assert page.locator("#mythe-muststop").count() == 0  # no destination after an obstacle
    assert page.locator("#mythe-stop").count() == 0
    page.screenshot(path=str(SHOTS / "mythe-obstacle-en.png"), full_page=True)

    page.click("#lang-zh")
    obstacle = page.locator("#mythe-obstacle").inner_text()
    assert "哎呀，遇到障礙了！" in obstacle
    assert "Bo 的俠鼠這回合不能前進，留在村莊" in obstacle
    assert "每個人手上至少要留一張牌" in page.locator("#mythe-share-rule").inner_text()
    page.screenshot(path=str(SHOTS / "mythe-obstacle-zh.png"), full_page=True)

    # The at-least-one-card rule in the form: giving Bo's last cards away is refused.
    for _ in range(int(page.locator("#mythe-count-1-n").inner_text())):
        page.click("#mythe-count-1 .minus")
    assert "Bo 至少要有一張牌" in page.locator("#mythe-count-status").inner_text()
    assert page.locator("#mythe-done").is_disabled()
    page.click("#mythe-count-1 .plus")
    page.click("#mythe-count-0 .plus")  # Bo gave Ann a card...
    # ...Bo held 3 + 2 drawn = 5, keeps 1, Ann has 6: the total no longer matches
    assert "請再數一次" in page.locator("#mythe-count-status").inner_text()
    for _ in range(3):  # Bo gave the other three cards to Cy
        page.click("#mythe-count-2 .plus")
    assert not page.locator("#mythe-done").is_disabled()
    page.click("#mythe-done")
    wait_state(page, "S.snap.state.turn === 2")
    assert call(url, "/api/state")["state"]["hands"] == [6, 1, 6]
    assert call(url, "/api/state")["state"]["heroes"][1]["space"] == 0
    assert not errors, errors


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mythe" / "three-players-camera.json"


def test_revealed_sword_and_the_dragon_beaten(browser, start_server, tmp_path):
    """The hand-checked camera game: Bo shows the sword, then beats the dragon."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    server = serve_game(start_server, tmp_path, "mythe", 3)
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    reveal_at = next(
        i
        for i, e in enumerate(record["log"])
        if e["type"] == "event" and (e["event"].get("where") or {}).get("region") == "reveal"
    )
    partial = dict(record, log=record["log"][: reveal_at + 3])  # the sword, then a 3 and a 3
    partial.pop("expected")
    import_game(server.url, partial)
    page, _ = open_screen(browser, server.url, (1440, 1100), "#mythe-reveal")
    assert "Sword 4 (legendary) revealed!" in page.locator("#mythe-reveal").inner_text()
    assert "does not count" in page.locator("#mythe-reveal").inner_text()
    # 6 points from the Rope bridge: two 3-dot spaces, then the heroes on 17 and 18 are
    # jumped for free; the dragon would cost 3 more.
    total = page.locator("#mythe-total").inner_text()
    assert "6 points: you can reach the Castle gate (space 16)" in total
    assert page.locator(".mythe-space.target").get_attribute("data-space") == "16"
    page.screenshot(path=str(SHOTS / "mythe-reveal-en.png"), full_page=True)
    page.click("#lang-zh")
    assert "亮出了劍 4（傳奇裝備）！" in page.locator("#mythe-reveal").inner_text()
    page.screenshot(path=str(SHOTS / "mythe-reveal-zh.png"), full_page=True)

    import_game(server.url, record)
    page.wait_for_selector(".mythe-stage.won")
    assert "Bo 打敗了紅龍！" in page.locator("#mythe-stage").inner_text()
    assert page.locator('.mythe-space[data-space="19"] .mythe-hero[data-seat="1"]').count() == 1
    page.screenshot(path=str(SHOTS / "mythe-won-zh.png"), full_page=True)
    page.click("#lang-en")
    assert "Bo showed the sword, beat the Red Dragon" in page.locator("#mythe-stage").inner_text()
    page.screenshot(path=str(SHOTS / "mythe-won-en.png"), full_page=True)


def test_two_players_confirm_hands_and_the_extra_deck_when_the_source_is_unknown(
    browser, start_server, tmp_path
):
    """The camera saw a card drawn but not whose: the share form asks for every count,
    the 2-player dummy deck included, and the engine takes the confirmed counts."""
    url = serve_game(start_server, tmp_path, "mythe", 2, "Ann,Bo", "mythe2.sqlite3").url
    assert call(url, "/api/state")["state"]["hands"] == [5, 4]
    page, _ = open_screen(browser, url, (1440, 1100))
    play(url, kind="draw", player=0, card="MYN3A")  # no "from": nobody told the camera
    wait_state(page, "S.snap.state.points === 3")
    page.click("#mythe-stop")
    wait_state(page, "S.snap.state.phase === 'move'")
    page.click("#mythe-move")
    wait_state(page, "S.snap.state.phase === 'share'")
    share = page.locator("#mythe-share").inner_text()
    # no camera here: the page does not speak of one (issue 23); one card: singular
    assert "Nobody entered whose hand 1 card came from" in share
    # The form's first guess: from Bo's hand. It really came from the extra deck.
    counts = ["#mythe-count-0-n", "#mythe-count-1-n", "#mythe-count-dummy-n"]
    assert [page.locator(c).inner_text() for c in counts] == ["6", "3", "4"]
    page.click("#mythe-count-1 .plus")
    page.click("#lang-zh")  # the screen is redrawn (as on any table change): counts stay
    page.click("#lang-en")
    assert page.locator("#mythe-count-1-n").inner_text() == "4"
    assert "Count again: the game has 13 cards." in page.locator("#mythe-count-status").inner_text()
    assert page.locator("#mythe-done").is_disabled()
    page.click("#mythe-count-dummy .minus")
    page.screenshot(path=str(SHOTS / "mythe-share-dummy-en.png"), full_page=True)
    page.click("#mythe-done")
    wait_state(page, "S.snap.state.turn === 1")
    state = call(url, "/api/state")["state"]
    assert state["hands"] == [6, 4] and state["dummy"] == 3
    assert state["heroes"][0]["space"] == 3


def test_card_drawn_by_hand_asks_whose_hand_and_counts_agree(browser, start_server, tmp_path):
    """Walk-through (no camera, 3 players, taps only): "Card drawn" never asked whose hand the
    card came from, so at sharing the form guessed (Amy 6, Ben 3, Cal 4) while the Turn panel
    and the "Cards in hand" row said Amy 5 · Ben 4 · Cal 4 on the same screen."""
    url = serve_game(start_server, tmp_path, "mythe", 3, "Amy,Ben,Cal", "mythe3.sqlite3").url
    page, _ = open_screen(browser, url, (1366, 1100))
    page.wait_for_selector("#mythe-draw-pick")
    page.select_option("#mythe-draw-pick", "MYN2A")
    assert page.locator("#mythe-draw").is_disabled()  # whose hand, first
    assert "Whose hand" in page.locator(".mythe-draw .choose-first").inner_text()
    # only the other players' hands are offered (Amy cannot draw from herself)
    offered = page.locator("#mythe-draw-from option").all_inner_texts()
    assert offered[1:] == ["Ben", "Cal"]
    page.select_option("#mythe-draw-from", "1")
    page.click("#mythe-draw")
    wait_state(page, "S.snap.state.points === 2")
    state = call(url, "/api/state")["state"]
    assert state["drawn"][0]["from"] == 1 and state["hands"] == [5, 3, 4]
    page.click("#mythe-stop")
    wait_state(page, "S.snap.state.phase === 'move'")
    page.click("#mythe-move")
    wait_state(page, "S.snap.state.phase === 'share'")
    share = page.locator("#mythe-share").inner_text()
    assert "Nobody entered" not in share
    counts = [page.locator(f"#mythe-count-{s}-n").inner_text() for s in range(3)]
    assert counts == ["6", "3", "4"]
    # Amy's 6 is her 5 in hand and the 1 card drawn: said beside her count
    assert "5 in hand + 1 drawn" in page.locator("#mythe-count-0").inner_text()
    assert (
        page.locator(".hands")
        .inner_text()
        .endswith("Amy has 5 cards · Ben has 3 cards · Cal has 4 cards")
    )
    row = page.locator("#mythe-hands").inner_text().replace("\n", " ")
    assert "Ben × 3" in row and "Cal × 4" in row and "Amy × 5" in row, row
    page.click("#lang-zh")
    assert "手上 5 張＋抽到 1 張" in page.locator("#mythe-count-0").inner_text()
    page.screenshot(path=str(SHOTS / "mythe-share-from-zh.png"), full_page=True)
    page.click("#lang-en")
    page.screenshot(path=str(SHOTS / "mythe-share-from-en.png"), full_page=True)
    page.click("#mythe-done")
    wait_state(page, "S.snap.state.turn === 1")
    assert call(url, "/api/state")["state"]["hands"] == [6, 3, 4]
