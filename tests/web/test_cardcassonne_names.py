"""One name per Cardcassonne card, the catalogue's (companion/data/cards/cardcassonne.json),
on every page: the card picker said 龍 / "dragon" where the log said "Dragon joker" /
火龍萬用卡 for the same card (walk-through). The dashboard (rows, picker, log, hints) and the
TV, in English and in Chinese: every card drawn carries its catalogue name, and no word for a
kind of card is left on the page once the catalogue's names are taken out of its text.
Run alone with `flock /tmp/heavy.lock pytest tests/web/test_cardcassonne_names.py`."""

from __future__ import annotations

import json
import re
from pathlib import Path

from webhelpers import BROWSER_TESTS, call

pytestmark = BROWSER_TESTS

CATALOGUE = Path(__file__).parents[2] / "companion" / "data" / "cards" / "cardcassonne.json"
CARDS = json.loads(CATALOGUE.read_text(encoding="utf-8"))["cards"]
NAMES = {lang: {c["payload"]: c["name"][lang] for c in CARDS} for lang in ("en", "zh-TW")}
# words that name one card or a kind of joker: once the catalogue's names are gone, none may be
# left ("jokers" / 萬用卡 for all of them, as a rule says, may)
KIND_WORDS = {
    "en": r"\b(dragons?|fair(y|ies)|(animal|building) jokers?)\b|龍|精靈",
    "zh-TW": r"龍|精靈|萬用(?!卡)",
}
SETUP = [
    ("CCDRAGON", "yellow"),
    ("CCY01", None),
    ("CCR01", None),
    ("CCG01", None),
    ("CCB01", None),
    ("CCFAIRY", "red"),
    ("CCJA1", "green"),
    ("CCJB1", "blue"),
    ("CCY02", None),
    ("CCR02", None),
]

CARDS_DRAWN = """() => [...document.querySelectorAll('.cc-card.face[data-payload]')].map((e) => ({
  payload: e.dataset.payload, title: e.title,
  label: (e.querySelector('.cc-type') || {}).textContent || '',
  mark: (e.querySelector('.cc-value') || {}).textContent || ''}))"""


def left_over_kind_words(text: str, lang: str) -> list[str]:
    for name in sorted(set(NAMES[lang].values()), key=len, reverse=True):
        text = re.sub(re.escape(name), "", text, flags=re.IGNORECASE)
    return [
        text[max(0, m.start() - 40) : m.end() + 40]
        for m in re.finditer(KIND_WORDS[lang], text, flags=re.IGNORECASE)
    ]


def check_page(page, lang: str) -> None:
    drawn = page.evaluate(CARDS_DRAWN)
    assert any(card["payload"] == "CCDRAGON" for card in drawn)
    for card in drawn:
        name = NAMES[lang][card["payload"]]
        assert card["label"] == name, card
        assert card["title"].startswith(name), card
        assert not re.search(r"[\u4e00-\u9fff]", card["mark"]), card  # a mark is no word
    for title in page.eval_on_selector_all(".cc-pick", "(bs) => bs.map((b) => b.title)"):
        assert title in NAMES[lang].values(), title
    text = page.inner_text("body")
    assert not left_over_kind_words(text, lang), left_over_kind_words(text, lang)


def test_every_card_name_on_the_dashboard_and_the_tv_is_the_catalogues(
    browser, start_server, tmp_path
):
    server = start_server(
        "serve", "--game", "cardcassonne", "--players", "2", "--port", "0",
        "--db", str(tmp_path / "cc.sqlite3"),
    )  # fmt: skip
    url = server.url
    call(url, "/api/new-game", {"game": "cardcassonne", "players": 2, "names": ["Mia", "Leo"]})
    dealer = call(url, "/api/state")["state"]["dealer"]
    for card, row in SETUP:
        move = {"kind": "reveal", "player": dealer, "card": card}
        call(url, "/api/move", {"move": dict(move, row=row) if row else move})
    for _ in range(2):  # each player's first card face down
        turn = call(url, "/api/state")["state"]["turn"]
        move = {"kind": "play_card", "player": turn, "card": None, "row": "blue"}
        call(url, "/api/move", {"move": dict(move, face_down=True)})

    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/")
    page.wait_for_selector(".cc-view")
    page.click("#cc-open-faceup")
    page.wait_for_selector("#cc-picker .cc-pick[data-card='CCJA2']")
    assert "Dragon joker" in page.inner_text("#log")
    check_page(page, "en")
    page.click("#lang-zh")
    page.wait_for_function("() => document.documentElement.lang === 'zh-TW'")
    page.click("#cc-open-faceup")
    page.wait_for_selector("#cc-picker .cc-pick[data-card='CCJA2']")
    assert "火龍萬用卡" in page.inner_text("#log")
    check_page(page, "zh-TW")
    page.close()

    for lang in ("en", "zh-TW"):
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        tv.on("pageerror", lambda exc: errors.append(str(exc)))
        tv.goto(f"{url}/tv?lang={lang}")
        tv.wait_for_function("() => document.querySelector('.tv-board').dataset.fit")
        check_page(tv, lang)
        tv.close()
    assert not errors
