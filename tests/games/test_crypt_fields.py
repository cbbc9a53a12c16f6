"""Crypt's moves are parsed before they are judged (issue 25): the declared fields of each
move kind describe it fully, so `check` and `apply` only ever see moves of the right shape,
and a mangled move is a one-line field error that changes nothing."""

import pytest

from companion.games import find_game
from companion.model import Move, Setup
from companion.session import Session
from companion.validation import InvalidFieldError, validate_move

GAME = find_game("crypt")


def reveal_with_a_manuscript_collected():
    session = Session(GAME, Setup(2, options={"collectors": {"manuscripts": "B"}}))
    for card in ({"card": "CRIDOL4A"}, {"card": "CRJEWL3A"}, {"back": "CRBMANU"}):
        session.play(Move("deal", None, card))
    for move in (
        Move("claim", 0, {"placements": [{"card": 2, "dice": 1, "effort": 1}]}),
        Move("recover", 1),
        Move("recover", 0),
    ):
        session.play(move)
    for card in ({"card": "CRIDOL1A"}, {"card": "CRJEWL1A"}, {"back": "CRBTAPE"}):
        session.play(Move("deal", None, card))
    return session


@pytest.mark.parametrize(
    "move",
    [
        Move("peek", 0, {"cards": ["CRBMANU"]}),  # a one-card flip names its `card`
        Move("reroll", 0, {"roll": 0, "cards": ["CRBIDOL"], "value": 6}),
        Move("take", 0, {"card": "CRBPOTT", "index": 2}),  # two-card flips name `cards`
        Move("recover_one", 0, {"card": "CRBREMN"}),
    ],
    ids=lambda m: m.kind,
)
def test_a_flip_in_the_other_fields_form_is_a_clear_error_not_a_crash(move):
    session = reveal_with_a_manuscript_collected()
    state, records = session.state, len(session.records)
    with pytest.raises(InvalidFieldError) as error:
        session.play(move)
    assert "\n" not in str(error.value) and f"move {move.kind!r}" in str(error.value)
    assert session.state == state and len(session.records) == records


@pytest.mark.parametrize(
    "move",
    [
        Move("claim", 0, {"placements": []}),
        Move("claim", 0, {"placements": [{"card": 0, "dice": 1, "effort": 7}]}),
        Move("claim", 0, {"placements": [{"card": 0, "dice": 0, "effort": 2}]}),
        Move("place_die", 0, {"die": "a", "card": 0, "effort": 0}),
        Move("roll", 0, {"card": 0, "value": True}),
        Move("ghost_roll", None, {"values": []}),
        Move("tiebreak_roll", 0, {"values": [7]}),
    ],
)
def test_shapes_the_rules_once_tested_themselves_are_refused_by_the_field_checks(move):
    with pytest.raises(InvalidFieldError):
        validate_move(GAME, Setup(2), move)
