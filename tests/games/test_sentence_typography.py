"""Every game's sentences, scanned as tests/test_rules_pages.py scans the rules pages:

- Chinese: full-width punctuation (no ASCII , : ; ? ! or brackets in a sentence's own words)
  and no half-width space between two Chinese characters once filled ("放在 星夜 下面" was
  Masterpiece's TV line with a Chinese painting title);
- English: a count says its noun in the singular for 1 ("1 Idols still face down", "1 players
  still need a painting" were on screens);
- money in Chinese in one form, 「5,600 萬元」 (it was 「$5,600萬」).

The sentence tables are the games' `Words` (companion/games/*/words.py) and the page's
catalogue (web/static/catalogue.json). Walk-through findings.
"""

from __future__ import annotations

import importlib
import json
import re
import string
from pathlib import Path

import pytest

from companion.games import all_games
from companion.games.masterpiece.words import money
from companion.games.words import Words, tidy_zh

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("musee", "cardcassonne", "crypt", "mythe", "masterpiece")
CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
# fields that hold a count which can be 1 (a player count never is: every game has 2 or more)
COUNTS = {
    "count",
    "ready",
    "need",
    "left",
    "held",
    "counted",
    "points",
    "total",
    "best",
    "lost",
    "paintings",
    "bonus",
    "buildings",
    "face_up",
    "face_down",
    "hand",
    "limit",
    "deck",
    "dice",
    "cost",
    "n",
    "value",
}
NOT_PLURAL = {"is", "was", "has", "its", "this", "bonus", "plus", "as", "us", "remains", "yes"}


def tables() -> list[tuple[str, Words]]:
    found = []
    for module in ["companion.games.words"] + [f"companion.games.{g}.words" for g in GAMES]:
        loaded = importlib.import_module(module)
        for name, value in vars(loaded).items():
            if isinstance(value, Words):
                found.append((f"{module}.{name}", value))
    return found


def own_words(template: str) -> str:
    """The template's own text: fields and repr'd values taken out."""
    return re.sub(r"\{[^{}]*\}", "", template)


def fill(template: str, chosen: str | None, value: object) -> str:
    """The template with `chosen` set to `value`, every other field to a Chinese word or 2."""
    values = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if not name:
            continue
        if name == chosen:
            values[name] = value
        else:
            values[name] = 2 if spec else "星夜"
    return Words({"k": (template, template)})("k", **values).zh


def test_the_chinese_sentences_use_full_width_punctuation():
    bad = []
    for where, words in tables():
        for key, (_, zh) in words.items():
            if key.startswith("setup.") or key.startswith("list."):
                continue  # set-up errors quote option names; separators are checked below
            text = own_words(zh)
            if re.search(rf"[{CJK}][,:;?!()]|[,:;?!()][{CJK}]", text):
                bad.append(f"{where}[{key}]: {zh}")
    assert not bad, "\n".join(bad)


def test_no_half_width_space_between_chinese_words_once_filled():
    bad = []
    for where, words in tables():
        for key, (_, zh) in words.items():
            try:
                filled = fill(zh, None, None)
            except (ValueError, KeyError, IndexError, TypeError):
                continue
            if re.search(rf"[{CJK}] +[{CJK}]", filled):
                bad.append(f"{where}[{key}]: {filled}")
    assert not bad, "\n".join(bad)
    assert tidy_zh("放在 星夜 下面") == "放在星夜下面"
    assert tidy_zh("第 1 格：Amy 出價") == "第 1 格：Amy 出價"


@pytest.mark.parametrize("where,words", tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_count_of_one_says_its_noun_in_the_singular(where, words):
    bad = []
    for key, (en, _) in words.items():
        if key.endswith(".many") or f"{key}.one" in words:
            continue  # said only of 2 or more: the ".one" sentence says 1
        for _, name, spec, _ in string.Formatter().parse(en):
            if name not in COUNTS or (spec and "|" not in spec and spec != "g"):
                continue
            values = {
                n: (1 if n == name else (2 if s else "X"))
                for _, n, s, _ in string.Formatter().parse(en)
                if n
            }
            try:
                said = Words({"k": (en, en)})("k", **values).en
            except (ValueError, KeyError, IndexError, TypeError):
                continue
            for match in re.finditer(r"(?<![\d.$])\b1 ((?:[a-z-]+ ){0,2}?)([a-z]+)\b", said):
                noun = match.group(2)
                if noun == "dice" or (noun.endswith("s") and noun not in NOT_PLURAL):
                    bad.append(f"[{key}] {said!r}")
    assert not bad, "\n".join(bad)


def test_the_page_catalogue_counts_use_plural_forms():
    catalogue = json.loads((ROOT / "web/static/catalogue.json").read_text(encoding="utf-8"))
    bad = []
    for key, entry in catalogue.items():
        en = entry.get("en") if isinstance(entry, dict) else None
        nouns = re.findall(r"\{n\} ([a-z]+)\b", en) if isinstance(en, str) else []
        if any(w.endswith("s") and w not in NOT_PLURAL | {"wins"} for w in nouns):
            bad.append(f"{key}: {en}")
        zh = entry.get("zh-TW") if isinstance(entry, dict) else None
        if isinstance(zh, str) and re.search(rf"[{CJK}] +[{CJK}]", re.sub(r"\{\w+\}", "1", zh)):
            bad.append(f"{key}: {zh}")
    assert not bad, "\n".join(bad)


def test_money_in_chinese_has_one_form_everywhere():
    assert money(56000).zh == "5,600 萬元" and money(500).zh == "50 萬元"
    assert money(3500).en == "$3.5M" and money(500).en == "$500K"
    assert money(-1000).zh == "-100 萬元" and money(0).zh == "0 元"
    old_form = re.compile(r"\$\s?[\d,.]+\s?萬|[\u4e00-\u9fff，：]\$\d")
    bad = []
    for folder in ("companion", "web", "cafe"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".js", ".json", ".html") and path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                bad += [f"{path.relative_to(ROOT)}: {m}" for m in old_form.findall(text)]
    assert not bad, "\n".join(bad)


def test_every_game_is_scanned():
    assert {g.info.slug for g in all_games()} == set(GAMES)


def test_musee_says_a_space_with_one_number_left_as_that_number():
    from companion.model import Move, Setup
    from companion.session import Session

    session = Session("musee", Setup(2, ("Amy", "Ben")))
    for player, card, space in ((0, "MU05", 0), (1, "MU20", 0), (0, "MU07", 2), (1, "MU30", 1)):
        move = {"card": card, "museum": player, "gallery": 0, "space": space}
        assert session.play(Move("place", player, move)).accepted
    one = next(
        h.text
        for h in session.game.hints(session.state)
        if h.region == "museum0" and h.data.get("gallery") == 0 and h.data.get("space") == 1
    )
    assert one.en.endswith("space 2: only painting 6") and one.zh.endswith("第 2 格：只能放 6")
    assert "6 to 6" not in one.en and "6 到 6" not in one.zh


def test_a_score_line_does_not_repeat_its_own_amount():
    """A breakdown line shows its amount beside its words: Masterpiece's cash line said
    "$30M Cash: $30M" (walk-through finding)."""
    from companion.record import load_record
    from companion.session import Session

    record = load_record(ROOT / "tests/golden/masterpiece/three-players-every-space.json")
    session = Session.replay(record.records())
    assert session.game.is_over(session.state)
    for side in session.game.score(session.state):
        for line in side.lines:
            if not line.points:
                continue  # "worth $0" says why: a forgery
            amount = money(line.points)
            assert amount.en not in line.source.en and amount.zh not in line.source.zh, line


# Chinese letters (not full-width punctuation, which needs no space beside a Latin word)
HAN = "\u2e80-\u2fff\u3040-\u9fff\uf900-\ufaff"
TOUCHING_LATIN = re.compile(rf"[{HAN}][A-Za-z]|[A-Za-z][{HAN}]|\d萬")


# fields that hold a player's name, or start with one (Musée's museum is "Ben 的美術館")
NAME_FIELDS = {
    "name",
    "names",
    "who",
    "expected",
    "by",
    "caller",
    "picker",
    "owner",
    "winner",
    "bidder",
    "seller",
    "buyer",
    "from",
    "museum",
    "hero",
}


def fill_latin(template: str) -> str:
    """The template with every name field a Latin name, other words Chinese, counts 2."""
    values = {
        n: (2 if s else "Amy" if n in NAME_FIELDS else "星夜")
        for _, n, s, _ in string.Formatter().parse(template)
        if n
    }
    return Words({"k": (template, template)})("k", **values).zh


def test_a_latin_name_or_an_amount_stands_apart_from_chinese_words():
    """「不能掛在Ben 的美術館」 (Musée) lacked the space before a Latin name; 「至少多 50萬」 the
    one between an amount and its unit (walk-through)."""
    bad = []
    for where, words in tables():
        for key, (_, zh) in words.items():
            if key.startswith("setup."):
                continue
            try:
                filled = fill_latin(zh)
            except (ValueError, KeyError, IndexError, TypeError):
                continue
            if TOUCHING_LATIN.search(own_words(zh)) or TOUCHING_LATIN.search(filled):
                bad.append(f"{where}[{key}]: {filled}")
    assert not bad, "\n".join(bad)


def catalogue_zh() -> dict[str, str]:
    catalogue = json.loads((ROOT / "web/static/catalogue.json").read_text(encoding="utf-8"))
    found = {}
    for key, entry in catalogue.items():
        zh = entry.get("zh-TW") if isinstance(entry, dict) else None
        for form, said in zh.items() if isinstance(zh, dict) else [("", zh)]:
            if isinstance(said, str):
                found[key + (f".{form}" if form else "")] = said
    return found


def test_the_page_catalogue_keeps_latin_names_and_amounts_apart_in_chinese():
    """「把Amy 的俠鼠移到草地（第 1 格）」 (Mythe's button: its hero is 「Amy 的俠鼠」) and
    「300萬或價值卡」 beside 「350 萬元」 (walk-through)."""
    bad = []
    for key, zh in catalogue_zh().items():
        if re.search(rf"[{HAN}]\{{{NAMED}\}}|\{{{NAMED}\}}[{HAN}]", zh):
            bad.append(f"{key}: {zh} (a name touching Chinese words)")
        elif TOUCHING_LATIN.search(re.sub(r"\{\w+\}", "", zh)):
            bad.append(f"{key}: {zh}")
        elif re.search(rf"\}}[,:;?!]|[{HAN}][,:;?!()]", zh):
            bad.append(f"{key}: {zh} (ASCII punctuation)")
    assert not bad, "\n".join(bad)


# catalogue fields that hold or start with a player's name (Mythe's hero is "Amy 的俠鼠"); the
# page's formatter takes out a space left between two Chinese words (a Chinese name)
NAMED = "(?:" + "|".join(sorted(NAME_FIELDS | {"player", "seat"})) + ")"


def test_the_page_scripts_join_chinese_words_with_full_width_commas():
    """Masterpiece's refused bid read 「Cai, 100 萬元：…」: a script joined a name and an
    amount with an ASCII comma in both languages."""
    bad = []
    for path in sorted((ROOT / "web/static").rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r'\+ ", " \+ (?:money|fmtMoney|C\(\)\.fmtMoney)\(', text):
            bad.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not bad, "\n".join(bad)
