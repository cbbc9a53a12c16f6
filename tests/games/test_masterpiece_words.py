"""Masterpiece's sentences: all of them live in words.py, keyed, in both languages; every key
the rules use exists, every sentence in the table is used, and no key is written twice."""

import ast
from pathlib import Path

import pytest

from companion.games.masterpiece.words import WORDS, refuse
from companion.model import Text

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "masterpiece"
CODE = sorted(p for p in PACKAGE.glob("*.py") if p.name != "words.py")
# functions that take a sentence key, and the position of the key among their arguments
TAKES_A_KEY = {"WORDS": 0, "refuse": 0, "listed": 0, "nothing": 2}
# families of keys whose last part is known only at run time (a move's kind, a phase, a space)
BUILT_AT_RUN_TIME = ("move.", "wants_painting.", "space.")


def calls(name: str):
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if called == name:
                    yield path, node


def literal_keys() -> set[str]:
    found = set()
    for name, position in TAKES_A_KEY.items():
        for _, node in calls(name):
            if len(node.args) > position and isinstance(node.args[position], ast.Constant):
                found.add(node.args[position].value)
    return found


def strings_in_code() -> set[str]:
    return {
        node.value
        for path in CODE
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_no_key_is_written_twice():
    tree = ast.parse((PACKAGE / "words.py").read_text(encoding="utf-8"))
    table = next(
        node.value.args[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "WORDS"
    )
    keys = [k.value for k in table.keys]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []


def test_every_key_the_rules_pass_is_in_the_table():
    used = literal_keys()
    assert len(used) > 100, "the scan found too few keys: it no longer matches the code"
    assert used - set(WORDS) == set()


def test_every_sentence_in_the_table_is_used():
    named = strings_in_code()
    unused = {k for k in WORDS if k not in named and not k.startswith(BUILT_AT_RUN_TIME)}
    assert unused == set()


def test_no_sentence_is_written_inside_the_logic():
    """A Text made from written words outside words.py is a sentence the table does not hold
    (a player's own name as a label is not)."""
    written = [
        f"{path.name}:{node.lineno}"
        for path, node in calls("Text")
        if any(isinstance(arg, (ast.Constant, ast.JoinedStr)) for arg in node.args)
    ]
    assert written == []


@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_sentence_has_both_languages(key):
    en, zh = WORDS[key]
    assert en.strip() and zh.strip(), f"{key}: a language is missing"


def test_a_refusal_takes_its_code_from_its_key_and_fills_each_language():
    refusal = refuse(
        "not_your_painting",
        cards=("MP01",),
        region="player1",
        name="Ann",
        painting=Text("Sunflowers", "向日葵"),
        where=Text("it is on the easel.", "它在畫架上。"),
    )
    assert refusal.code == "not_your_painting" and refusal.region == "player1"
    assert refusal.message == Text(
        "Ann does not own Sunflowers: it is on the easel.", "Ann 沒有向日葵：它在畫架上。"
    )
    assert refuse("not_now.place_pawn").code == "not_now"


@pytest.mark.parametrize(
    "options, en",
    [
        (
            {"shuffle": True},
            "Masterpiece has no set-up option 'shuffle'; the options are 'banker' and 'pawns'",
        ),
        ({"banker": 7}, "option 'banker' must be a seat from 0 to 2"),
        ({"pawns": ["MPX"]}, "option 'pawns' must list 3 different pawn payloads from ["),
    ],
)
def test_an_impossible_setup_is_refused_in_both_languages(options, en):
    from companion.errors import CompanionError
    from companion.games import find_game
    from companion.model import Setup

    with pytest.raises(CompanionError) as refused:
        find_game("masterpiece").new_game(Setup(3, options=options))
    assert str(refused.value).startswith(en) and refused.value.text.en == str(refused.value)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in refused.value.text.zh)
