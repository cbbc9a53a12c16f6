"""What can be played now, summarised (issue 26, item 4): a sentence a teacher would say in
place of a list of alike options, in both languages; the full list (`hints`, which the
dashboard's Musée view reads to colour spaces) stays as it was."""

import random
import re

import pytest
from test_properties import pick

from companion.games import all_games, find_game
from companion.model import Move, Setup
from companion.session import Session

MUSEE = find_game("musee")
CHINESE_NAMES = ("小明", "小華", "小美", "小強", "小安", "小玉")


def place(state, seat, number, gallery, space, museum=None):
    museum = seat if museum is None else museum
    move = Move(
        "place",
        seat,
        {"card": MUSEE.payload(number), "museum": museum, "gallery": gallery, "space": space},
    )
    return MUSEE.apply(state, move)


def test_musee_first_turn_is_one_sentence_not_eighteen_alike_lines():
    state = MUSEE.new_game(Setup(2, ("Mia", "Leo")))
    hints = MUSEE.hints(state)
    assert len([h for h in hints if "gallery" in h.data]) == 18  # the full list stays
    summary = MUSEE.hint_summary(state)
    assert [t.en for t in summary] == [
        "Mia: any empty space in your museum; in each gallery the numbers must rise from left "
        "to right.",
        'Mia: if no card in your hand fits any space, say "I cannot play"; you then stop for '
        "the rest of the game.",
    ]
    assert (
        summary[0].zh == "Mia：美術館裡任何一個空位都可以；每一排展廳的數字必須由左到右越來越大。"
    )


def test_musee_says_each_run_of_spaces_that_takes_the_same_numbers_once():
    state = MUSEE.new_game(Setup(2, ("Mia", "Leo")))
    state = place(state, 0, 12, 0, 2)
    state = place(state, 1, 40, 0, 0)
    state = place(state, 0, 30, 0, 4)
    state = place(state, 1, 41, 1, 0)
    upper = MUSEE.gallery_name(0)
    lines = [t.en for t in MUSEE.hint_summary(state)]
    assert lines[1] == (
        f"{upper.en}: spaces 1–2 from 1 to 11; space 4 from 13 to 29; space 6 from 31 to 50."
    )
    assert len(lines) == 3  # the two untouched galleries are in the first sentence
    zh = [t.zh for t in MUSEE.hint_summary(state)]
    assert (
        zh[1]
        == f"{upper.zh}：第 1 到 2 格可放 1 到 11；第 4 格可放 13 到 29；第 6 格可放 31 到 50。"
    )
    # the dashboard's Musée view still finds every space's range in the hints
    data = {(h.data["gallery"], h.data["space"]): h.data for h in MUSEE.hints(state) if h.data}
    assert (data[(0, 3)]["low"], data[(0, 3)]["high"]) == (13, 29)


def test_musee_names_a_run_no_painting_can_fill_any_more():
    state = MUSEE.new_game(Setup(2, ("Mia", "Leo")))
    state = place(state, 0, 1, 0, 0)
    state = place(state, 1, 3, 0, 0)
    state = place(state, 0, 2, 0, 2)  # space 2 lies between 1 and 2: nothing fits
    state = place(state, 1, 40, 1, 0)
    lines = [t.en for t in MUSEE.hint_summary(state)]
    assert lines[1].startswith(f"{MUSEE.gallery_name(0).en}: space 2 no painting fits any more; ")


def test_cardcassonne_says_the_follower_rows_in_one_sentence():
    game = find_game("cardcassonne")
    rnd = random.Random(3)
    session = Session(game, Setup(2, CHINESE_NAMES[:2]))
    while game.describe(session.state)["phase"] != "play":
        session.play(pick(list(game.legal_moves(session.state)), rnd))
    hints = game.hints(session.state)
    rows = [h for h in hints if "cards" in h.data]
    assert len(rows) == 4
    summary = game.hint_summary(session.state)
    assert len(summary) == len(hints) - 3
    follower = summary[-1]
    counts = [f"{len(h.data['cards'])} from the" for h in rows]
    assert all(c in follower.en for c in counts), follower.en
    assert follower.zh.count("張") == 4


CASES = [(g.info.slug, n) for g in all_games() for n in g.info.player_counts]


@pytest.mark.parametrize("slug,players", CASES)
def test_every_game_summarises_in_both_languages_without_losing_a_hint(slug, players):
    game = find_game(slug)
    rnd = random.Random(players)
    session = Session(game, Setup(players, CHINESE_NAMES[:players]))
    for _ in range(400):
        if game.is_over(session.state):
            break
        hints, summary = game.hints(session.state), game.hint_summary(session.state)
        assert bool(hints) == bool(summary)
        assert len(summary) <= len(hints)
        # no list of alike lines: no two sentences differ only in their numbers (the ghost's
        # dice are a plan of separate things to do, each one said)
        plan = {h.text for h in hints if h.data.get("ghost")}
        shapes = [re.sub(r"\d+", "#", text.en) for text in summary if text not in plan]
        assert len(set(shapes)) == len(shapes), shapes
        for text in summary:
            assert text.en.strip() and text.zh.strip()
            assert not re.search(r"[A-Za-z]{2,}", text.zh), text.zh
        session.play(pick(list(game.legal_moves(session.state)), rnd))


def test_the_snapshot_carries_the_summary_beside_the_full_list():
    session = Session("musee", Setup(2, ("Mia", "Leo")))
    snap = session.snapshot()
    assert len(snap["hints"]) == 19
    assert snap["hint_summary"][0]["zh-TW"].startswith("Mia：美術館裡任何一個空位")
