"""Every impossible set-up of a game with options is refused in both languages, by the game's
`validate_setup` (which the dashboard calls before the declared option types) and by
`new_game` (which a replayed record calls)."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games import find_game
from companion.model import Setup

IMPOSSIBLE = [
    ("musee", 2, {"colours": "red"}),
    ("musee", 2, {"staircases": {"T1": [2, 4, 6], "T2": [1, 3, 5], "T3": [1]}}),
    ("musee", 2, {"staircases": {"T1": [2, 4, 6], "T2": [1, 3, "5"]}}),
    ("musee", 2, {"staircases": [[2, 4, 6], [1, 3, True]]}),
    ("musee", 4, {"staircases": {"T1": [2, 4, 6], "T2": [1, 3]}}),
    ("mythe", 3, {"speed": 2}),
    ("mythe", 3, {"share_only_drawn": 1}),
    ("mythe", 3, {"heroes": ["red", {"blue": 1}, "green"]}),
    ("mythe", 3, {"heroes": "red"}),
    ("mythe", 3, {"hands": [4, 4, True]}),
    ("mythe", 3, {"hands": [4, 4, 4]}),
    ("mythe", 2, {"dummy": 1.5}),
    ("mythe", 4, {"dummy": 0}),
    ("cardcassonne", 3, {"staircases": []}),
    ("cardcassonne", 3, {"dealer": True}),
    ("cardcassonne", 3, {"dealer": 3}),
    ("cardcassonne", 3, {"colours": ["red", ["blue"], "green"]}),
    ("cardcassonne", 3, {"colours": ["red", "blue"]}),
    ("masterpiece", 3, {"pawns": ["MPPAWN1", {"x": 1}, "MPPAWN2"]}),
    ("masterpiece", 3, {"banker": "0"}),
]


@pytest.mark.parametrize("slug, players, options", IMPOSSIBLE)
def test_an_impossible_setup_is_refused_in_both_languages(slug, players, options):
    game = find_game(slug)
    for step in (game.validate_setup, game.new_game):
        with pytest.raises(CompanionError) as refused:
            step(Setup(players, options=options))
        text = refused.value.text
        assert text is not None, refused.value
        assert text.en == str(refused.value)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh), text
