"""What the page offers for a Crypt deal entered by hand (describe()["deal"]) is exactly what
the engine accepts: every card and back it lists is a legal deal, every one it leaves out is
refused, and it says how many cards face up and face down are still to come."""

from __future__ import annotations

from companion.games import find_game
from companion.model import Move, Setup

GAME = find_game("crypt")


def deals(state) -> list[Move]:
    view = GAME.describe(state)["deal"]
    moves = [Move("deal", None, {"card": c}) for c in view["cards"]] if view["face_up_left"] else []
    if view["face_down_left"] and not view["face_up_left"]:  # face up first, then face down
        moves += [Move("deal", None, {"back": b}) for b in view["backs"]]
    return moves


def test_the_deal_view_lists_exactly_the_deals_the_engine_accepts_a_whole_game_long():
    state = GAME.new_game(Setup(2, ("Ann", "Ben")))
    every_card = {p.payload for p in GAME.catalogue.pieces if p.payload.startswith("CR")}
    rounds = 0
    while not GAME.is_over(state) and rounds < 20:
        view = GAME.describe(state)["deal"]
        if view is None:  # not dealing: play the round out with the engine's first legal move
            state = GAME.apply(state, GAME.legal_moves(state)[0])
            continue
        assert (view["face_up_left"], view["face_down_left"]) == (
            2 - sum(1 for s in state.row if s and s.face_up),
            1 - sum(1 for s in state.row if s and not s.face_up),
        )
        offered = deals(state)
        for move in offered:
            assert not GAME.check(state, move), move
        offered_keys = {m.get("card") or m.get("back") for m in offered}
        for payload in every_card - offered_keys:
            field = "back" if payload.startswith("CRB") else "card"
            assert GAME.check(state, Move("deal", None, {field: payload})), payload
        # the last card offered some rounds, the first in others (face down comes last)
        state = GAME.apply(state, offered[-1] if rounds % 2 else offered[0])
        rounds += 1 if GAME.describe(state)["deal"] is None else 0
    assert rounds == 8 and GAME.describe(state)["deal"] is None
