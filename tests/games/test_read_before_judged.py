"""What reaches a game's rules has been read first: a move fits the fields its kind declares
and an event fits the game's table, or it is refused as malformed (InvalidFieldError, not a
rule's Violation) before any rule sees it, in the shared dispatch of companion/games/base.py,
whoever calls: the session, the dashboard, a test or a tool."""

import pytest

from companion.events import CardAdded, Where
from companion.games import all_games, find_game
from companion.model import Move, Setup
from companion.session import Session
from companion.validation import InvalidFieldError


@pytest.mark.parametrize(
    "where",
    [Where("nowhere"), Where("path", (99,)), Where("path", (1, 2)), Where("path", ("1",))],
)
def test_an_event_off_the_game_s_table_is_refused_before_any_rule_reads_it(where):
    # As a malformed move is: the session refuses it, and so does meaning_of, so `interpret`
    # may take the layout's regions and slot shapes for granted.
    game = find_game("mythe")
    event = CardAdded("t1", "MYHRED", where, kind="token")
    with pytest.raises(InvalidFieldError, match="field 'where'"):
        game.meaning_of(game.new_game(Setup(2)), event, {})
    with pytest.raises(InvalidFieldError, match="field 'where'"):
        Session(game, Setup(2)).observe(event)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_every_game_refuses_a_malformed_move_as_the_session_does(game):
    state = game.new_game(Setup(game.info.player_counts[0]))
    session = Session(game, Setup(game.info.player_counts[0]))
    legal = next(iter(game.legal_moves(state)))
    for move in (
        Move(legal.kind, 99, dict(legal.params)),  # no such seat
        Move(legal.kind, legal.player, {**legal.params, "no_such_field": 1}),
        *(Move(legal.kind, legal.player, {**legal.params, k: True}) for k in legal.params),
    ):
        with pytest.raises(InvalidFieldError) as by_session:
            session.play(move)
        with pytest.raises(InvalidFieldError) as by_game:
            game.check(state, move)
        assert str(by_game.value) == str(by_session.value)
        assert game.describe_move(state, move) is None
    assert session.records[1:] == [], "a malformed move was stored"
