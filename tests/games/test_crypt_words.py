"""Crypt's sentences: every key speaks both languages with the same placeholders, every key
the rules use exists, and every sentence in the catalogue is used."""

import re
import string
from pathlib import Path

import pytest

from companion.games.crypt import DECLARATIONS
from companion.games.crypt.words import SENTENCES, refuse, say
from companion.model import Text

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "crypt"
KEY_USE = re.compile(r'(?:(?:refuse|say)\(\s*|_wrong_phase\(\s*state, "[a-z_]+", )"([a-z_.]+)"')


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_every_sentence_has_both_languages_with_the_same_placeholders(key):
    en, zh = SENTENCES[key]
    assert en.strip() and zh.strip(), f"{key}: a language is missing"
    assert placeholders(en) == placeholders(zh), f"{key}: the languages fill different blanks"


def test_every_key_the_rules_use_is_in_the_catalogue_and_every_sentence_is_used():
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(KEY_USE.findall(path.read_text()))
    assert used, "the scan found no keys: the pattern no longer matches the code"
    assert used - set(SENTENCES) == set()
    # what an incomplete move lacks is looked up by its kind ("bad_move.<kind>")
    by_kind = {"bad_move"} | {f"bad_move.{kind}" for kind in DECLARATIONS.moves}
    assert set(SENTENCES) - used - by_kind == set()


def test_say_fills_each_language_with_its_own_words():
    here = Text("the Idol 3", "偶像 3")
    assert say("mixed_effort.claim", here=here) == Text(
        "All dice on the Idol 3 must show the same number.", "放在偶像 3上的骰子必須是同一個點數。")
    refusal = refuse("wrong_phase.deal", region="crypt")
    assert refusal.code == "wrong_phase" and refusal.region == "crypt"
