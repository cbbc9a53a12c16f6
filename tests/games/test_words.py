"""Every sentence a game speaks exists in English and Traditional Chinese.

A game split into a package keeps its sentences in `<game>/words.py` (a `Words` table); every
key there must have both languages, and the Chinese may only fill in values the English names.
A game still in one module is held to what it has: every `Text(...)` it writes has two
sentences, or is empty in both (a fragment left out).
"""

import ast
import importlib
import importlib.util
import inspect
from pathlib import Path

import pytest

from companion.games import all_games
from companion.games.words import Words
from companion.model import Text

GAMES = all_games()
SLUGS = [g.info.slug for g in GAMES]


def words_of(slug: str) -> Words | None:
    name = f"companion.games.{slug}.words"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # the game is a single module, not a package
        return None
    if not found:
        return None
    module = importlib.import_module(name)
    # A package's sentences: a `Words` table, or the plain key -> (en, zh) dict it wraps.
    return module.WORDS if hasattr(module, "WORDS") else Words(module.SENTENCES)


def text_calls_missing_a_language(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Text"
        ):
            continue
        args = list(node.args) + [k.value for k in node.keywords]
        empty = [isinstance(a, ast.Constant) and not str(a.value).strip() for a in args]
        if len(args) != 2 or empty[0] != empty[1]:  # Text("", "") is an empty fragment in both
            found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("slug", SLUGS)
def test_every_sentence_of_the_game_has_both_languages(slug):
    words = words_of(slug)
    if words is not None:
        assert len(words) > 0
        assert words.problems() == []
    else:
        module = importlib.import_module(f"companion.games.{slug}")
        assert text_calls_missing_a_language(Path(inspect.getfile(module))) == []


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_the_game_s_name_and_summary_have_both_languages(game):
    for text in (game.info.name, game.info.summary):
        assert text.en.strip() and text.zh.strip()


def test_a_missing_language_is_found():
    words = Words(
        {
            "fine": ("Hello {name}", "{name} 你好"),
            "no_zh": ("Hello", ""),
            "one_only": ("Hello",),
            "extra_field": ("Hello", "{name} 你好"),
        }
    )
    problems = words.problems()
    assert [p.split(":")[0] for p in problems] == ["no_zh", "one_only", "extra_field"]


def test_a_text_value_is_filled_in_per_language():
    words = Words({"hang": ("{name} hangs it in the {gallery}", "{name} 把它掛在{gallery}")})
    assert words("hang", name="Ann", gallery=Text("upper gallery", "上層展覽廳")) == Text(
        "Ann hangs it in the upper gallery", "Ann 把它掛在上層展覽廳"
    )
    violation = words.refusal("oops", "hang", cards=("MU01",), name="Bo", gallery=Text("a", "乙"))
    assert (violation.code, violation.message.zh, violation.cards) == (
        "oops",
        "Bo 把它掛在乙",
        ("MU01",),
    )


def test_an_unconverted_game_s_empty_sentence_is_found(tmp_path):
    source = tmp_path / "game.py"
    source.write_text(
        'a = Text("Hello", "你好")\nb = Text("Hello", "")\nc = Text("Hi")\nd = Text("", "")\n'
    )
    assert text_calls_missing_a_language(source) == ["game.py:2", "game.py:3"]
