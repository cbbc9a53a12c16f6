"""Cardcassonne's sentences: every key speaks both languages with the same blanks, every key
the rules name exists, and every sentence in the catalogue is used."""

import ast
import string
from pathlib import Path

import pytest

from companion.games.cardcassonne.words import SENTENCES, refuse, say
from companion.model import Text

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "cardcassonne"
# Keys built from a value at run time: "now.<phase>", "note.table.<animal|building>" and
# "past_end_of_row.<card|follower>".
BUILT_KEYS = ("now.", "note.table.", "past_end_of_row.")
ENGLISH_ONLY_BLANKS = {"plural"}  # Chinese nouns have no plural ending


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


def code_strings() -> tuple[set[str], set[str]]:
    """(first arguments of say/refuse calls, every other string constant) in the rules code."""
    called, constants = set(), set()
    for path in PACKAGE.glob("*.py"):
        if path.name == "words.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "refuse")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                called.add(node.args[0].value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
    return called, constants


@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_every_sentence_has_both_languages_with_the_same_blanks(key):
    en, zh = SENTENCES[key]
    assert en.strip() and zh.strip(), f"{key}: a language is missing"
    assert placeholders(zh) <= placeholders(en), f"{key}: Chinese fills a blank English lacks"
    assert placeholders(en) - placeholders(zh) <= ENGLISH_ONLY_BLANKS, (
        f"{key}: English fills a blank Chinese lacks"
    )


def test_every_key_the_rules_name_is_in_the_catalogue_and_every_sentence_is_used():
    called, constants = code_strings()
    assert called, "the scan found no say/refuse calls: it no longer matches the code"
    assert called - set(SENTENCES) == set()
    unused = {
        key for key in SENTENCES if key not in called | constants and not key.startswith(BUILT_KEYS)
    }
    assert unused == set()


def test_say_fills_each_language_with_its_own_words():
    row = Text("the Yellow row", "黃色卡牌列")
    assert say("log.place_follower", player="Ann", row=row) == Text(
        "Ann places the follower at the end of the Yellow row",
        "Ann 把大玩家指示物放在黃色卡牌列最右邊",
    )
    refusal = refuse(
        "position_occupied.shared",
        cards=("CCF1",),
        region="row-yellow",
        other=Text("Leo's follower", "Leo 的大玩家指示物"),
        row=row,
    )
    assert refusal.code == "position_occupied" and refusal.region == "row-yellow"
    assert refusal.cards == ("CCF1",) and "Leo 的大玩家指示物" in refusal.message.zh
