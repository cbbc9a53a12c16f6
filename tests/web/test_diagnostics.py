"""The host's camera check: the camera's state in plain words with what to do, the figures,
and the raw status folded away."""

from __future__ import annotations

import pytest
from webhelpers import BROWSER_TESTS, FakeWatcher

from web import create_app


def test_only_the_host_opens_the_camera_check(tmp_path):
    from web.roles import role_tokens

    app = create_app({"db": str(tmp_path / "g.db"), "host": "0.0.0.0", "token": "h0st"})
    client = app.test_client()
    tokens = role_tokens("h0st")
    assert (
        client.get("/diagnostics", headers={"X-Companion-Token": tokens["host"]}).status_code == 200
    )
    for role in ("player", "viewer"):
        answer = client.get("/diagnostics", headers={"X-Companion-Token": tokens[role]})
        assert answer.status_code == 403 and answer.mimetype == "text/html"
    app.extensions["companion_runtime"].close()


def browser_test(test):
    for mark in BROWSER_TESTS:
        test = mark(test)
    return test


@browser_test
@pytest.mark.parametrize(
    "lang, none, todo",
    [
        ("en", "No camera is connected", "plug in a webcam"),
        ("zh-TW", "沒有接上攝影機", "網路攝影機"),
    ],
)
def test_no_camera_is_said_in_plain_words(browser, start_server, lang, none, todo):
    server = start_server("serve", "--game", "musee", "--players", "2", "--port", "0")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(server.url + "/diagnostics")
    page.wait_for_function("() => document.querySelector('#diag-state').textContent.length > 0")
    assert none in page.locator("#diag-state").inner_text()
    assert todo in page.locator("#diag-do").inner_text()
    assert not page.locator("#diag-raw").is_visible()  # developer detail folded away
    context.close()


def test_an_uncalibrated_camera_says_to_show_the_four_markers(client, runtime):
    from vision.contract import SourceStatus, WatchStep

    runtime.watcher = FakeWatcher(
        [WatchStep([], b"\xff\xd8x\xff\xd9", SourceStatus(True, "", 0.0, 1), calibrated=False)]
    )
    runtime.step_once()
    camera = client.get("/api/camera").get_json()
    assert camera["online"] and camera["calibrated"] is False
    # the page's verdict for this status (the same function the page runs)
    from web import i18n

    assert "four corner markers" in i18n.say("diag.do.uncalibrated", "en")


@browser_test
@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_the_camera_check_counts_what_each_decoding_pass_read(
    browser, start_server, tmp_path, lang
):
    """Real decoders on two sample photos: per pass of the card reader, how many symbols it
    tried and read and how many it missed, said in words; the pass's developer name and its
    milliseconds are folded away."""
    import re
    import shutil
    from pathlib import Path

    from test_screen_layouts import english_words
    from webhelpers import call

    photos = tmp_path / "photos"
    photos.mkdir()
    for name in ("0000.jpg", "0001.jpg"):
        shutil.copy(Path(__file__).parents[2] / "sample_images" / "musee-2p" / name, photos)
    server = start_server(
        "serve",
        "--game",
        "musee",
        "--players",
        "2",
        "--names",
        "Amy,Ben",
        "--source",
        f"images:{photos}",
        "--port",
        "0",
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    # the page is compared with the server once both photos are read (the source does not
    # loop, so the counts stop changing); comparing earlier raced the second photo
    import time

    deadline = time.monotonic() + 60
    while (call(server.url, "/api/camera")["decoding"] or {}).get("frames", 0) < 2:
        assert time.monotonic() < deadline, "the server never read both sample photos"
        time.sleep(0.1)
    page = context.new_page()
    page.goto(server.url + "/diagnostics")
    page.wait_for_function(
        "() => document.querySelectorAll('#diag-decoding li').length > 0", timeout=30000
    )
    counts = call(server.url, "/api/camera")["decoding"]
    assert counts["frames"] == 2
    shown = page.locator("#diag-decoding li").all_inner_texts()
    passes = [p for p in counts["passes"] if p["tried"]]
    assert len(shown) == len(passes) and passes
    for line, figures in zip(shown, passes):  # the page's figures are the server's
        numbers = [int(n) for n in re.findall(r"\d+", line.replace(",", ""))]
        assert figures["read"] in numbers and figures["tried"] - figures["read"] in numbers
        # plain words, not the developer's name
        assert not re.search(rf"\b{re.escape(figures['pass'])}\b", line), line
    summary = page.locator("#diag-decoding-summary").inner_text()
    assert str(counts["frames"]) in summary
    text = page.locator("body").inner_text()
    if lang == "zh-TW":
        assert not english_words(text), english_words(text)
    assert not page.locator("#diag-decoding-raw").is_visible()
    page.locator("#diag-decoding-detail summary").click()
    assert passes[0]["pass"] in page.locator("#diag-decoding-raw").inner_text()
    context.close()


def test_every_pass_of_the_card_reader_has_plain_words():
    """The camera check names each pass (vision.reader.CardReader) in both languages; a pass
    added to the reader without a sentence fails here."""
    import numpy as np

    from vision.finder import Candidate
    from vision.reader import CardReader
    from web import i18n

    reader = CardReader(fallbacks=("pyzbar", "opencv"))
    gray = np.full((240, 240), 255, np.uint8)
    quad = np.array([[40, 40], [200, 40], [200, 200], [40, 200]], np.float32)
    passes = [name for name, _ in reader._stages(gray, Candidate(quad))]
    passes.append("grid")  # CardReader._grid_pass: the last try, outside the stages
    for name in passes + [f"rectified-{b}" for b in ("zxing-cpp", "pyzbar", "opencv")]:
        entry = i18n.catalogue().get(f"diag.pass.{name}")
        assert entry and entry["en"] and entry["zh-TW"], name


def small_cards_warning() -> str:
    """The calibration's own warning for cards read at about 2.54 px per QR module."""
    import numpy as np

    from calibration.kit.cards import card_geometry
    from calibration.layouts import load_layout
    from calibration.markers import judge_view

    layout = load_layout("musee", 2)
    mm_per_px = card_geometry(layout.card_size_mm).module_mm / 2.54
    _, warnings, ppm, _ = judge_view(layout, np.diag([mm_per_px, mm_per_px, 1.0]), None)
    assert 2.5 < ppm < 2.6
    (warning,) = [w for w in warnings if "per QR module" in w]
    return warning


@browser_test
def test_the_small_cards_warning_is_said_in_chinese(browser, start_server, client, runtime):
    """The calibration warns in English (logs, the CLI); a zh-TW page says it in Chinese."""
    from test_screen_layouts import english_words

    from vision.contract import SourceStatus, WatchStep

    warning = small_cards_warning()
    runtime.watcher = FakeWatcher(
        [WatchStep([], None, SourceStatus(True, "", 0.0, 1), warnings=[warning])]
    )
    runtime.step_once()
    assert warning in client.get("/api/camera").get_json()["warnings"]  # the API keeps it
    server = start_server("serve", "--game", "musee", "--players", "2", "--port", "0")
    said = {}
    for lang in ("zh-TW", "en"):
        context = browser.new_context()
        context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_function("() => window.Companion && Companion.t('camera.details') !== ''")
        said[lang] = page.evaluate("(w) => Companion.sayCameraWarning(w).textContent", warning)
        context.close()
    assert said["en"] == warning  # the English sentence unchanged
    assert "2.54" in said["zh-TW"] and "：" in said["zh-TW"] and ":" not in said["zh-TW"]
    assert not english_words(said["zh-TW"]), said["zh-TW"]
