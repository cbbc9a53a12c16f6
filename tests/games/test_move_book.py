"""The shared move machinery: a move kind's fields, check and effect declared as one unit, and
the base Game dispatching through it (a toy counting game keeps the test about the machinery)."""

from dataclasses import dataclass, replace

import pytest

from companion.errors import CompanionError, IllegalMoveError
from companion.games.base import Game, GameInfo
from companion.games.moves import MoveBook, MoveRule
from companion.model import Move, Text, Violation
from companion.validation import Int, InvalidFieldError, MoveKind


@dataclass(frozen=True)
class Count:
    total: int = 0
    turn: int = 0
    players: int = 2  # every game's state records the set-up's player count


SEEN: list[Move] = []  # the moves `check_add` was given


def check_add(game, state, move):
    SEEN.append(move)
    if state.total + move["amount"] > 10:
        return (Violation("too_much", Text("Ten at most.", "最多十。")),)
    return ()


def add(game, state, move):
    return replace(state, total=state.total + move["amount"], turn=1 - state.turn)


def say_add(game, state, move):
    return Text(f"adds {move['amount']}", f"加 {move['amount']}")


ADD = MoveRule(
    name="add",
    fields={"amount": Int(1, 3)},
    required=("amount",),
    check=check_add,
    effect=add,
    describe=say_add,
)
RESET = MoveRule(
    name="reset", player="none", turn=None, check=lambda g, s, m: (), effect=lambda g, s, m: Count()
)


class Counting(Game):
    info = GameInfo("counting", Text("Counting", "數數"), (), (2,), "CO", Text("", ""))
    moves = MoveBook(ADD, RESET)

    def __init__(self):  # no catalogue: the machinery needs none
        pass

    def new_game(self, setup):
        return Count()

    def legal_moves(self, state):
        return ()

    def current_players(self, state):
        return () if state.total == 10 else (state.turn,)

    def is_over(self, state):
        return state.total == 10

    def score(self, state):
        return ()

    def outcome(self, state):
        return None

    def describe(self, state):
        return {}


GAME = Counting()


def test_the_turn_is_checked_once_for_every_move_kind_that_asks_for_it():
    assert GAME.check(Count(), Move("add", 0, {"amount": 2})) == ()
    assert [v.code for v in GAME.check(Count(), Move("add", 1, {"amount": 2}))] == ["out_of_turn"]
    assert [v.code for v in GAME.check(Count(10), Move("add", 0, {"amount": 1}))] == ["game_over"]
    assert GAME.check(Count(10), Move("reset")) == (), "a move with turn=None skips the turn check"


def test_the_kind_s_own_check_runs_after_the_turn_check():
    assert [v.code for v in GAME.check(Count(9), Move("add", 0, {"amount": 2}))] == ["too_much"]


def test_an_unknown_kind_is_refused_with_the_game_s_name():
    (violation,) = GAME.check(Count(), Move("jump", 0))
    assert violation.code == "unknown_move"
    assert violation.message.en == "Counting has no move called 'jump'."
    assert violation.message.zh == "數數沒有「jump」這個動作。"


def test_apply_runs_the_effect_and_describe_move_the_words():
    state = GAME.apply(Count(), Move("add", 0, {"amount": 3}))
    assert state == Count(3, 1)
    assert GAME.describe_move(Count(), Move("add", 0, {"amount": 3})) == Text("adds 3", "加 3")
    assert GAME.describe_move(Count(), Move("reset")) is None
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, Move("add", 0, {"amount": 1}))


def test_the_book_gives_validation_the_fields_of_each_move():
    declarations = Counting.moves.declarations()
    assert isinstance(declarations.moves["add"], MoveKind)
    assert declarations.moves["add"].required == ("amount",)
    with pytest.raises(InvalidFieldError):
        declarations.moves["add"].fields["amount"].check(True, "amount", None)


def test_a_malformed_move_raises_before_any_rule_sees_it():
    # As python-chess tells a move it cannot parse (InvalidMoveError) from one the position
    # forbids (IllegalMoveError): both are bad input, but not the same error.
    assert not issubclass(InvalidFieldError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, InvalidFieldError)
    assert issubclass(InvalidFieldError, CompanionError)  # a 400 on the dashboard, as before
    SEEN.clear()
    for move, field in (
        (Move("add", 0, {"amount": 4}), "amount"),  # out of its declared range
        (Move("add", 0, {"amount": True}), "amount"),  # a bool is not a number
        (Move("add", 0, {"amount": "2"}), "amount"),  # nor is a number written as text
        (Move("add", 0), "amount"),  # a required field missing
        (Move("add", 0, {"amount": 1, "twice": True}), "twice"),  # a field never declared
        (Move("add", 2, {"amount": 1}), "player"),  # a seat this set-up does not have
        (Move("add", None, {"amount": 1}), "player"),  # a seat's move made by nobody
        (Move("reset", 0), "player"),  # a table action made by a seat
        (Move("", 0), "kind"),  # no kind at all
        (Move(["add"], 0), "kind"),  # a kind that is not text
    ):
        with pytest.raises(InvalidFieldError, match=field):
            GAME.check(Count(), move)
        with pytest.raises(InvalidFieldError, match=field):
            GAME.apply(Count(), move)
        assert GAME.describe_move(Count(), move) is None, "nothing to say of what cannot be read"
    assert SEEN == [], "a rule's check saw a malformed move"


def test_the_seat_range_follows_the_state_s_player_count():
    assert GAME.check(Count(players=3), Move("add", 2, {"amount": 1})) != ()  # out of turn
    with pytest.raises(InvalidFieldError, match="from 0 to 1"):
        GAME.check(Count(players=2), Move("add", 2, {"amount": 1}))


def test_a_game_without_a_book_is_refused_even_with_its_own_check_and_apply():
    with pytest.raises(TypeError, match="MoveBook"):
        type("Bookless", (Counting,), {"moves": None})
    own = {"moves": None, "check": lambda self, s, m: (), "_apply": lambda self, s, m: s}
    with pytest.raises(TypeError, match="MoveBook"):
        type("OwnRules", (Counting,), own)


def test_a_rule_is_declared_consistently():
    with pytest.raises(ValueError, match="twice"):
        MoveBook(ADD, ADD)
    with pytest.raises(ValueError, match="not declared"):
        MoveRule(name="bad", required=("x",), check=check_add, effect=add)
    with pytest.raises(ValueError, match="turn"):
        MoveRule(name="bad", turn="sometimes", check=check_add, effect=add)
