"""The one translation catalogue (web/static/catalogue.json): complete in both languages,
used by the page and the server alike, and free of developer words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from web import i18n
from web.errors import _HTTP_CODES

WEB = Path(i18n.__file__).parent
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# Latin letters a zh-TW sentence may keep: file formats and codes players see printed.
ZH_ALLOWED_LATIN = {
    "PDF",
    "QR",
    "A",
    "B",
    "C",
    "D",
    "T1",
    "T2",
    "M",
    "mm",
    "VP",
    "URL",
    "Wi",
    "Fi",
    "USB",
}
# Words that mean nothing to a player at a table.
DEVELOPER_WORDS = re.compile(
    r"--[a-z]|reprojection|amount_k|data file|\.json\b|TypeError|"
    r"Failed to fetch|traceback|homography",
    re.I,
)


def forms(value):
    return list(value.values()) if isinstance(value, dict) else [value]


def keys_used_in_code() -> set[str]:
    used = set()
    call = re.compile(r"""\b(?:t|tr|say|text)\(\s*["']([a-z][A-Za-z0-9_.-]*)["']""")
    for path in list((WEB / "static").rglob("*.js")) + list(WEB.glob("*.py")):
        used |= set(call.findall(path.read_text(encoding="utf-8")))
    attr = re.compile(r'data-i18n(?:-placeholder)?="([^"]+)"')
    for path in (WEB / "templates").glob("*.html"):
        used |= set(attr.findall(path.read_text(encoding="utf-8")))
    return used


def test_the_catalogue_is_one_json_object_of_keyed_entries():
    raw = json.loads(i18n.CATALOGUE_FILE.read_text(encoding="utf-8"))
    assert isinstance(raw, dict) and len(raw) > 300


@pytest.mark.parametrize("key", sorted(i18n.catalogue()))
def test_every_entry_has_both_languages_with_the_same_placeholders(key):
    entry = i18n.catalogue()[key]
    assert set(entry) == {"en", "zh-TW"}, f"{key}: needs exactly en and zh-TW"
    for lang in ("en", "zh-TW"):
        for form in forms(entry[lang]):
            assert isinstance(form, str) and form.strip(), f"{key}: empty {lang} text"
    if isinstance(entry["en"], dict):
        assert {"one", "other"} <= set(entry["en"]), f"{key}: an English plural needs one/other"
    en_names = {n for f in forms(entry["en"]) for n in PLACEHOLDER.findall(f)}
    zh_names = {n for f in forms(entry["zh-TW"]) for n in PLACEHOLDER.findall(f)}
    assert en_names == zh_names, f"{key}: placeholders differ between en and zh-TW"


def test_zh_tw_sentences_have_no_english_words():
    offenders = {}
    for key, entry in i18n.catalogue().items():
        for form in forms(entry["zh-TW"]):
            words = set(re.findall(r"[A-Za-z][A-Za-z0-9]*", PLACEHOLDER.sub("", form)))
            if words - ZH_ALLOWED_LATIN:
                offenders[key] = sorted(words - ZH_ALLOWED_LATIN)
    assert not offenders


def test_no_developer_words_reach_players():
    offenders = {
        key: form
        for key, entry in i18n.catalogue().items()
        for lang in ("en", "zh-TW")
        for form in forms(entry[lang])
        if DEVELOPER_WORDS.search(form)
    }
    assert not offenders


def test_every_key_the_code_uses_is_in_the_catalogue():
    keys = set(i18n.catalogue())
    # t("camera.reason." + code): a prefix must at least begin some entries
    missing = sorted(
        k
        for k in keys_used_in_code()
        if not (any(x.startswith(k) for x in keys) if k.endswith(".") else k in keys)
    )
    assert not missing


def test_every_error_code_has_a_sentence_in_both_languages():
    for code in _HTTP_CODES.values():
        assert i18n.has("error." + code), code


def test_plurals_numbers_and_dates():
    assert i18n.say("scores.total", "en", n=1) == "1 point"
    assert i18n.say("scores.total", "en", n=2) == "2 points"
    assert i18n.say("scores.total", "zh-TW", n=1) == "1 分"
    assert i18n.say("scores.total", "en", n=12000) == "12,000 points"
    stamp = 1764547200  # 2025-12-01 (local time may shift the day, never the order)
    assert re.fullmatch(r"20\d\d/\d\d/\d\d \d\d:\d\d", i18n.format_date(stamp, "zh-TW"))
    assert re.fullmatch(r"20\d\d-\d\d-\d\d \d\d:\d\d", i18n.format_date(stamp, "en"))


def test_error_answers_carry_their_sentence_in_both_languages(client):
    answer = client.get("/api/no-such-thing").get_json()["error"]
    assert answer["code"] == "not_found"
    assert answer["text"]["zh-TW"] == i18n.say("error.not_found", "zh-TW")
    assert answer["text"]["en"] == i18n.say("error.not_found", "en")


def test_pages_inline_the_catalogue_and_speak_the_visitors_language(client):
    page = client.get("/", headers={"Accept-Language": "zh-TW,zh;q=0.9"}).get_data(as_text=True)
    assert '<html lang="zh-TW">' in page
    assert 'id="i18n-catalogue"' in page and "桌遊小幫手" in page
    client.set_cookie("companion_lang", "en")
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)


def test_every_source_of_a_log_entry_has_its_badge_word():
    from companion.validation import EVENT_SOURCES

    assert [s for s in EVENT_SOURCES if not i18n.has("log.source." + s)] == []


def test_every_region_of_every_game_has_a_name_for_the_correction_pickers():
    """app.js regionName(): "player1" is region.player with the player's name filled in."""
    import re

    from companion.games import all_games
    from companion.model import Setup
    from companion.validation import Context, declarations_of

    missing = set()
    for game in all_games():
        for players in game.info.player_counts:
            ctx = Context(game, Setup(players, (), {}))
            for region in declarations_of(game.info.slug).regions(ctx):
                seat = re.fullmatch(r"(.*?)(\d+)(-tokens)?", region)
                key = "region." + (seat[1] + (seat[3] or "") if seat else region)
                if not i18n.has(key):
                    missing.add(f"{game.info.slug}: {key}")
    assert not missing
