"""The pack-up check's core (companion/kit_check.py): any subset of a box, with copies, strays
of other games and codes of no game, is reported exactly."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalogue import load_catalogue
from companion.errors import CompanionError
from companion.kit_check import check_kit, merge_frames

GAMES = ("musee", "cardcassonne", "crypt", "mythe", "masterpiece")
LATIN = re.compile(r"[A-Za-z]")


@st.composite
def a_table(draw):
    game = draw(st.sampled_from(GAMES))
    cards = [p.payload for p in load_catalogue(game).cards]
    kept = draw(st.sets(st.sampled_from(cards), max_size=len(cards)))
    copies = draw(st.dictionaries(st.sampled_from(sorted(kept) or cards), st.integers(2, 4)))
    other = draw(st.sampled_from([g for g in GAMES if g != game]))
    strays = draw(st.sets(st.sampled_from([p.payload for p in load_catalogue(other).cards])))
    unknown = draw(st.sets(st.from_regex(r"ZZ[0-9]{1,6}", fullmatch=True), max_size=3))
    read = {p: 1 for p in kept} | {p: n for p, n in copies.items() if p in kept}
    read |= {p: 1 for p in strays} | {p: 1 for p in unknown}
    return game, cards, kept, read, strays, unknown


@settings(max_examples=60, deadline=None)
@given(a_table())
def test_any_subset_is_reported_exactly(table):
    game, cards, kept, read, strays, unknown = table
    check = check_kit(game, read)
    assert {p.payload for p in check.missing} == set(cards) - kept
    assert {p.payload for p in check.present} == kept
    assert {p.payload: n for p, n in check.duplicates} == {p: n for p, n in read.items() if n > 1}
    assert {s.payload for s in check.foreign} == strays
    assert set(check.unknown) == unknown
    assert check.complete == (kept == set(cards) and not strays and not check.duplicates)
    sentences = check.sentences()
    for piece in check.missing:  # every missing card named in both languages
        assert any(piece.name.en in t.en for t in sentences)
        assert any(piece.name.zh in t.zh for t in sentences)
    if game == "musee" and not strays:  # Musée names have no Latin letters in Chinese
        assert not any(LATIN.search(t.zh) for t in sentences)


def test_the_issue_example_names_the_two_missing_cards():
    read = {f"MU{i:02d}": 1 for i in range(1, 61) if i not in (17, 42)}
    check = check_kit("musee", read | {"MYN1A": 1})
    missing = [t for t in check.sentences() if t.en.startswith("Missing")]
    assert missing[0].en == "Missing: Musée 17 Seascape and 42 Seascape."
    assert missing[0].zh == "缺少：《私藏美術館》17 海景、42 海景。"
    assert [s.game for s in check.foreign] == ["mythe"]


def test_a_back_read_means_a_card_lies_face_down():
    back = load_catalogue("crypt").backs[0].payload
    read = {p.payload: 1 for p in load_catalogue("crypt").cards} | {back: 1}
    check = check_kit("crypt", read)
    assert check.face_down == (back,) and not check.complete and not check.missing


def test_frames_of_one_layout_do_not_add_up():
    merged = merge_frames([{"MU01": 1, "MU02": 2}, {"MU01": 1, "MU03": 1}])
    assert merged == {"MU01": 1, "MU02": 2, "MU03": 1}


@pytest.mark.parametrize("read", [{"MU01": 0}, {"MU01": -1}, {"MU01": "1"}, {5: 1}])
def test_bad_counts_are_a_clear_error(read):
    with pytest.raises(CompanionError):
        check_kit("musee", read)
