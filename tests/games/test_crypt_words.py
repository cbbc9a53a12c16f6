"""Crypt's sentences: every key speaks both languages with the same placeholders, every key
the rules use exists, and every sentence in the catalogue is used."""

import ast
import string
from pathlib import Path

import pytest

from companion.games.crypt.words import WORDS, refuse
from companion.model import Text

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "crypt"
# functions that take a sentence key, and the position of the key among their arguments
TAKES_A_KEY = {"WORDS": 0, "refuse": 0, "listed": 0, "bonus": 1, "wrong_phase": 3}


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


def keys_in(node: ast.expr) -> tuple[set[str], bool]:
    """The literal keys an argument may be, and whether it may be something else too."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}, False
    if isinstance(node, ast.IfExp):
        (a, a_open), (b, b_open) = keys_in(node.body), keys_in(node.orelse)
        return a | b, a_open or b_open
    return set(), True


def keys_used() -> tuple[set[str], list[str]]:
    used, computed = set(), []
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        # a function that takes a key passes it on: its own calls are not uses
        passing_on = {
            id(n)
            for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef) and f.name in TAKES_A_KEY
            for n in ast.walk(f)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in passing_on:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            position = TAKES_A_KEY.get(name)
            if position is None or len(node.args) <= position:
                continue
            keys, is_open = keys_in(node.args[position])
            used |= keys
            if is_open:
                computed.append(f"{path.name}:{node.lineno}")
    return used, computed


def test_no_key_is_written_twice():
    """A dict literal keeps the last of two equal keys without a word: one sentence would
    silently replace another."""
    tree = ast.parse((PACKAGE / "words.py").read_text())
    table = next(
        node.value.args[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "WORDS"
    )
    keys = [k.value for k in table.keys]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []


@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_sentence_has_both_languages_with_the_same_placeholders(key):
    en, zh = WORDS[key]
    assert en.strip() and zh.strip(), f"{key}: a language is missing"
    assert placeholders(en) == placeholders(zh), f"{key}: the languages fill different blanks"


def test_every_key_the_rules_use_is_in_the_catalogue_and_every_sentence_is_used():
    used, computed = keys_used()
    assert len(used) > 100, "the scan found too few keys: it no longer matches the code"
    assert used - set(WORDS) == set()
    assert computed == [], "a key computed at run time hides whether it exists"
    assert set(WORDS) - used == set()


def test_a_sentence_is_filled_in_each_language_with_its_own_words():
    here = Text("the Idol 3", "偶像 3")
    assert WORDS("mixed_effort.claim", here=here) == Text(
        "All dice on the Idol 3 must show the same number.", "放在偶像 3上的骰子必須是同一個點數。"
    )
    refusal = refuse("wrong_phase.deal", region="crypt")
    assert refusal.code == "wrong_phase" and refusal.region == "crypt"
