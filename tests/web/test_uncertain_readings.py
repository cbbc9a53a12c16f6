"""Confidence shown, never guessed: a card the camera reads only now and then is marked "not
sure yet" on the dashboard instead of being scored, and the host is asked to confirm it."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest
from webhelpers import BROWSER_TESTS, FakeWatcher, call

from vision.contract import SourceStatus, WatchStep
from web.camera import SAMPLES

READING = {
    "payload": "MU21",
    "kind": "card",
    "region": "museum0",
    "slot": [1, 3],
    "why": "not_counted",
    "read_in": 1,
    "of_frames": 5,
    "needed": 3,
    "unsettled_s": 2.5,
    "ask": True,
}


def test_an_unsettled_reading_is_shown_not_scored_until_the_host_confirms_it(client, runtime):
    step = WatchStep([], b"\xff\xd8x\xff\xd9", SourceStatus(True, "", 0.0, 1), uncertain=[READING])
    runtime.watcher = FakeWatcher([step])
    runtime.step_once()
    assert client.get("/api/camera").get_json()["uncertain"] == [READING]
    state = client.get("/api/state").get_json()
    assert state["table"] == []
    assert not runtime.session.table, "a reading in doubt is never scored"
    answer = client.post(
        "/api/correct",
        json={
            "state_id": state["state_id"],
            "action": "add",
            "payload": "MU21",
            "region": "museum0",
            "slot": [1, 3],
        },
    )
    assert answer.status_code == 200
    assert client.get("/api/camera").get_json()["uncertain"] == [], "confirmed: no longer asked"


def half_read_frames(folder, repeats: int = 12) -> None:
    """Frame 7 of the sample game (MU21 alone in museum0), first with MU21's code covered by a
    grey patch, then covered in two frames of every three: read one frame in three, never
    settled."""
    from vision.decode import decode_image

    frame = cv2.imread(str(SAMPLES / "musee-2p" / "0007.jpg"))
    (code,) = [c for c in decode_image(frame) if c.text == "MU21"]
    covered = frame.copy()
    centre = np.mean(code.corners, axis=0)
    grown = centre + (np.asarray(code.corners) - centre) * 1.3
    cv2.fillConvexPoly(covered, np.round(grown).astype(np.int32), (150, 150, 150))
    for index in range(6):  # the mat and its tokens first, the card under a hand
        cv2.imwrite(str(folder / f"a{index:03d}.jpg"), covered)
    for index in range(3 * repeats):
        cv2.imwrite(str(folder / f"b{index:03d}.jpg"), frame if index % 3 == 0 else covered)


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
@pytest.mark.slow
def test_the_dashboard_marks_a_half_read_card_and_the_host_confirms_it(
    browser, start_server, tmp_path
):
    frames = tmp_path / "frames"
    frames.mkdir()
    half_read_frames(frames)
    server = start_server(
        "serve", "--source", f"images:{frames}?fps=4&loop=1", "--port", "0", "--names", "Amy,Ben"
    )
    deadline = time.monotonic() + 60
    while not any(r["ask"] for r in call(server.url, "/api/camera")["uncertain"]):
        assert time.monotonic() < deadline, "the half-read card was never marked"
        assert not call(server.url, "/api/state")["table"] or all(
            p["payload"] != "MU21" for p in call(server.url, "/api/state")["table"]
        ), "never scored while in doubt"
        time.sleep(0.3)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#unsure-panel:not([hidden]) .unsure-confirm", timeout=20000)
    item = page.locator("#unsure-list li").first
    assert "MU21" in item.inner_text() and "not counted yet" in item.inner_text()
    button = page.locator(".unsure-confirm").first
    assert button.inner_text() == "Yes, it is MU21"
    assert button.bounding_box()["height"] >= 44
    button.click()
    page.wait_for_selector("#unsure-panel[hidden]", state="attached", timeout=20000)
    table = call(server.url, "/api/state")["table"]
    (mu21,) = [p for p in table if p["payload"] == "MU21"]
    assert mu21["where"]["region"] == "museum0" and mu21["where"]["slot"] == [1, 3]
    context.close()
