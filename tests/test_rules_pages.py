"""Each game's "how to play" page (companion/data/rules/<game>.json): it loads, it has the four
sections in both languages, and every rule a lesson or a refusal cites has its anchor there.

The refusal codes a game can give are read from its source (every `refuse(...)`,
`refusal(...)` and `Violation(...)` with a written code, and the `key = ...` a refusal is
built from): a new refusal whose code no rule explains, and that the page does not list as
bad input (`not_rules`), fails here until the page says which rule it breaks."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path

import pytest

from companion import lesson_format, lessons
from companion.games import all_games
from companion.lesson_format import LessonError
from companion.model import Move, Setup
from companion.rules_pages import (
    SECTIONS,
    RulesPageError,
    load_rules_page,
    load_rules_page_file,
    parse_rules_page,
    rule_links,
)
from companion.session import Session

SLUGS = sorted(game.info.slug for game in all_games())
GAMES_DIR = Path(__file__).resolve().parents[1] / "companion" / "games"
REFUSING_CALLS = {"refuse", "refusal", "Violation"}


def refusal_codes(slug: str) -> set[str]:
    """Every refusal code written in the game's modules (a key's code is its part before the
    first dot: "not_now.pick" is refused as "not_now")."""
    keys: set[str] = set()
    for path in sorted((GAMES_DIR / slug).glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(function, (ast.FunctionDef, ast.Module)):
                keys |= _refusal_keys(function)
    return {key.split(".")[0] for key in keys if re.fullmatch(r"[a-z_]+(\.[a-z_]+)*\.?", key)}


def _refusal_keys(function: ast.AST) -> set[str]:
    """The keys refused with in one function: written in the call, or in the variable the
    call names (`key = "a" if ... else "b"`, `key, start = "c", None`)."""
    keys: set[str] = set()
    named: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name in REFUSING_CALLS:
                first = node.args[0]
                if isinstance(first, ast.Name):
                    named.add(first.id)
                keys |= _written_keys(first)
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id in named:
                keys |= _written_keys(node.value)
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                for part, value in zip(target.elts, node.value.elts):
                    if isinstance(part, ast.Name) and part.id in named:
                        keys |= _written_keys(value)
    return keys


def _written_keys(node: ast.AST) -> set[str]:
    """The strings a key expression can be: literals, either side of an `if`, and the written
    start of an f-string ("past_end_of_row.{what}")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _written_keys(node.body) | _written_keys(node.orelse)
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return {first.value}
    return set()


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text))


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_a_page_of_four_sections_in_both_languages(slug):
    page = load_rules_page(slug)
    assert [s.id for s in page.sections] == list(SECTIONS)
    for section in page.sections:
        texts = [section.title, *(w for r in section.rules for w in (r.title, *r.say))]
        for words in texts:
            assert not english_words(words.zh), (slug, words.zh)
            assert not re.search(r"[\u4e00-\u9fff]", words.en), (slug, words.en)
            # full-width punctuation in Chinese: no ASCII comma, colon or semicolon (a
            # thousands separator is no comma: 1,500 萬元)
            assert not re.search(r"(?<!\d),|,(?!\d{3})|[:;]", words.zh), (slug, words.zh)
    assert any(r.picture for r in page.rules()), "the page is illustrated"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_a_lesson_cites_has_its_anchor_on_the_page(slug):
    lesson = lessons.load_lesson(slug)
    cited = set(lesson.rules)
    cited |= {step.rule for step in lesson.steps if step.rule}
    cited |= {moment.rule for moment in lesson.moments}
    anchors = {rule.id for rule in load_rules_page(slug).rules()}
    assert cited - anchors == set(), f"{slug}: the rules page has no anchor for these"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_refusal_code_links_to_a_rule_or_is_bad_input(slug):
    page = load_rules_page(slug)
    codes = refusal_codes(slug)
    assert len(codes) >= 10, "the scan finds the game's refusals"
    explained = set(rule_links(slug))
    missing = codes - explained - set(page.not_rules)
    assert missing == set(), f"{slug}: no rule on the page explains these refusals"
    stale = (explained | set(page.not_rules)) - codes
    assert stale == set(), f"{slug}: the page names codes the game never refuses with"


def test_a_refused_move_while_teaching_names_the_rule_it_breaks():
    session = Session("musee", Setup(2, ("Mia", "Leo")))
    game = session.game
    run = lessons.start(lessons.load_lesson("musee"), game, session.state)
    run = lessons.tap(lessons.tap(run, game, session.state), game, session.state)
    first = lessons.view(run, game, session.state)["step"]
    assert (first["id"], first["rule_id"]) == ("first_painting", "rising")
    for number, space in ((20, 2), (30, 0)):  # 30 left of 20 in Mia's upper gallery
        where = {"museum": 0, "gallery": 0, "space": space}
        verdict = session.play(Move("place", 0, {"card": game.payload(number), **where}))
        run = lessons.after_verdicts(run, game, session.state, [verdict])
        if number == 20:
            session.play(
                Move("place", 1, {"card": game.payload(5), "museum": 1, "gallery": 0, "space": 0})
            )
    assert not verdict.accepted
    assert verdict.violations[0].code == "numbers_must_rise"
    shown = lessons.view(run, game, session.state)
    assert shown["refusal"]["rule"] == "rising"


def test_the_snapshot_carries_each_refusal_codes_rule():
    snapshot = Session("crypt", Setup(2, ("Mia", "Leo"))).snapshot()
    assert snapshot["rule_links"]["push_not_higher"] == "push"
    assert snapshot["rule_links"]["lights_out_one_card"] == "lights_out"
    assert "unknown_card" not in snapshot["rule_links"]


def _musee_page() -> dict:
    path = Path(__file__).resolve().parents[1] / "companion" / "data" / "rules" / "musee.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["sections"][1]["rules"][1]["picture"].update(region="museum9"),
            "rule \"rising\", field 'picture.region': musee's mat for 2 players has no region",
        ),
        (
            lambda d: d["sections"][1]["rules"][1]["picture"].update(cards=["CCY01"]),
            "rule \"rising\", field 'picture.cards': no card 'CCY01'",
        ),
        (
            lambda d: d["sections"][1]["rules"][0]["codes"].append("numbers_must_rise"),
            "rule \"rising\", field 'codes': 'numbers_must_rise' is explained twice",
        ),
        (
            lambda d: d["sections"][2]["rules"][0].update(id="rising"),
            "rule \"rising\", field 'id': another rule or section has this id",
        ),
        (
            lambda d: d["sections"][1]["rules"][1]["say"][0].pop("zh-TW"),
            "section 2, rule 2 (\"rising\"), field 'say.0.zh-TW': Field required",
        ),
        (
            lambda d: d.update(players="2"),
            "field 'players': Input should be a valid integer",
        ),
        (lambda d: d["sections"].reverse(), "field 'sections': they are how_set_up"),
        (lambda d: d.update(game="chess"), "musee.json: field 'game': "),
    ],
)
def test_a_bad_page_is_one_clear_error_naming_the_rule_and_field(change, message):
    data = copy.deepcopy(_musee_page())
    change(data)
    with pytest.raises(RulesPageError) as caught:
        parse_rules_page(data, "musee.json")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("load", "error"),
    [(load_rules_page_file, RulesPageError), (lesson_format.load_lesson_file, LessonError)],
)
def test_a_page_or_lesson_that_is_not_json_is_one_error_naming_the_file(tmp_path, load, error):
    bad = tmp_path / "musee.json"
    bad.write_text('{"game": "musee",', encoding="utf-8")
    with pytest.raises(error) as caught:
        load(bad)
    assert str(caught.value).startswith("musee.json: cannot be read as JSON: ")
    assert "\n" not in str(caught.value)


def test_a_game_without_a_page_has_no_links():
    with pytest.raises(RulesPageError, match="no rules page"):
        load_rules_page("../lessons/musee")
    assert rule_links("chess") == {}
