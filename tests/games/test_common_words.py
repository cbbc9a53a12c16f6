"""The refusals every game shares (an unknown move or card, the shared turn check, a player
count the game does not take) come from one keyed table, COMMON, in both languages."""

import pytest

from companion.errors import PlayerCountError
from companion.events import CardAdded, Where
from companion.games import find_game
from companion.games.moves import unknown_move
from companion.games.words import COMMON
from companion.model import Setup, Text


def test_the_shared_table_is_complete():
    assert COMMON.problems() == []


def test_an_unknown_move_is_named_with_the_game_in_each_language():
    refusal = unknown_move(find_game("musee"), "fly")
    assert refusal.code == "unknown_move"
    assert refusal.message == Text(
        "Musée has no move called 'fly'.", "私藏美術館沒有「fly」這個動作。"
    )


def test_a_card_from_another_game_is_refused_in_each_language():
    game = find_game("mythe")
    event = CardAdded("t1", "MU01", Where("adventure"))
    [refusal] = game.meaning_of(game.new_game(Setup(2)), event, {}).violations
    assert (refusal.code, refusal.cards) == ("unknown_card", ("MU01",))
    assert refusal.message == Text(
        "MU01 is not a Mythe card or token.", "MU01 不是俠鼠神抽的卡牌或標記。"
    )


@pytest.mark.parametrize("slug", ["musee", "crypt", "cardcassonne", "masterpiece", "mythe"])
def test_a_player_count_the_game_does_not_take_is_refused_in_both_languages(slug):
    game = find_game(slug)
    with pytest.raises(PlayerCountError) as refused:
        game.new_game(Setup(9))
    counts = ", ".join(str(n) for n in game.info.player_counts)
    assert str(refused.value) == f"{game.info.name.en} is played by {counts} players, not 9"
    assert refused.value.text.zh.startswith(game.info.name.zh)
