"""What is legal now in Mythe, and the teaching panel's hints and notes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...model import Hint, Move, Text
from .hero import explain
from .state import (
    ADVENTURE,
    DUMMY,
    MOVE,
    OVER,
    SHARE,
    START,
    MytheState,
    cards_left_to_draw,
    occupied,
    on_table,
    plan,
    sources,
    space_label,
    unattributed,
)
from .words import WORDS

if TYPE_CHECKING:  # pragma: no cover
    from . import Mythe


# -- legal moves ---------------------------------------------------------------------------------
def legal_moves(game: "Mythe", state: MytheState) -> list[Move]:
    """A finite, representative set of legal moves.

    Hands are secret, so any card not face up could be drawn: one draw is listed per kind
    of card (the first free copy) and per hand. Once a hero can go no further without
    the dragon, only revealing a legendary card is listed at the start of its turn, and
    the first move listed always makes progress, so that random play (and always taking
    the first move) comes to an end.
    """
    if state.phase == OVER:
        return []
    seat = state.turn
    moves: list[Move] = []
    # Progress first: the first move listed always brings the game nearer its end.
    if state.phase == MOVE:
        moves.append(Move("move", seat, {"to": state.destination}))
    if state.phase == ADVENTURE:
        route = plan(game, state)
        if route.stop != route.start:
            moves.append(Move("move", seat, {"to": route.stop}))
    if state.phase in (START, ADVENTURE):
        reveals = _reveals(game, state)
        if reveals and state.phase == START and _only_dragon_ahead(game, state):
            return reveals
        moves += _draws(game, state) + reveals
    if state.phase == ADVENTURE:
        moves.append(Move("stop", seat))
    if state.phase == SHARE or (
        state.phase == ADVENTURE and plan(game, state).stop == state.positions[seat]
    ):
        moves += _share_moves(game, state)
    return [m for m in moves if not game.check(state, m)]


def _reveals(game: "Mythe", state: MytheState) -> list[Move]:
    seat = state.turn
    if state.phase == START and state.hands[seat] > 0 and state.revealed is None:
        return [
            Move("reveal", seat, {"card": p})
            for p in game.deck(state.players)
            if game.cards[p].type == "legendary"
        ]
    return []


def _draws(game: "Mythe", state: MytheState) -> list[Move]:
    """One draw per kind of card not face up (its first free copy), from each hand."""
    free: dict[str, str] = {}
    shown = on_table(game, state)
    for payload in game.deck(state.players):
        if payload not in shown:
            free.setdefault(game.cards[payload].card, payload)
    return [
        Move("draw", state.turn, {"card": p, "from": source})
        for source in sources(game, state)
        for p in free.values()
    ]


def _only_dragon_ahead(game: "Mythe", state: MytheState) -> bool:
    seat = state.turn
    return all(
        occupied(game, state, s, seat) for s in range(state.positions[seat] + 1, game.dragon)
    )


def _share_moves(game: "Mythe", state: MytheState) -> list[Move]:
    """Keeping everything, plus giving one card to each other hand in turn."""
    seat = state.turn
    if unattributed(game, state):
        return [_confirmed_share(state)]
    targets = [str(s) for s in range(state.players) if s != seat]
    if state.dummy is not None:
        targets.append(DUMMY)
    needy = {str(s): 1 for s in range(state.players) if s != seat and state.hands[s] == 0}
    moves = [Move("share", seat, {"give": needy})]
    for target in targets:
        give = dict(needy)
        give[target] = give.get(target, 0) + 1
        moves.append(Move("share", seat, {"give": give}))
    return moves


def _confirmed_share(state: MytheState) -> Move:
    """Hand counts a table could confirm when some draws' sources are unknown."""
    seat = state.turn
    hands = [h if s != seat else h + len(state.draws) for s, h in enumerate(state.hands)]
    dummy = state.dummy
    # The counts are unknown: suppose each unknown card came from the next hands round
    # (or, when every hand is empty, from the extra deck).
    for draw in state.draws:
        if draw.source is None:
            for step in range(1, state.players):
                other = (seat + step) % state.players
                if hands[other] > 0:
                    hands[other] -= 1
                    break
            else:
                if dummy:
                    dummy -= 1
    # Everyone keeps at least one card: a hand emptied by the draws gets one back.
    for other in range(state.players):
        if other != seat and hands[other] == 0 and hands[seat] > 1:
            hands[other], hands[seat] = 1, hands[seat] - 1
    params: dict[str, Any] = {"hands": hands}
    if dummy is not None:
        params["dummy"] = dummy
    return Move("share", seat, params)


# -- hints -----------------------------------------------------------------------------------------
def hints(game: "Mythe", state: MytheState) -> tuple[Hint, ...]:
    if state.phase == OVER:
        return ()
    found: list[Hint] = []
    if state.phase == START:
        found.append(Hint(WORDS("hint_draw", name=state.names[state.turn]), "adventure"))
        if state.revealed is None:
            found.append(Hint(WORDS("hint_reveal"), "reveal"))
    if state.phase in (ADVENTURE, MOVE):
        found += _path_hints(game, state)
    if state.phase == SHARE:
        if state.obstacle:
            found.append(Hint(WORDS("hint_obstacle"), "adventure"))
        found.append(
            Hint(WORDS("hint_share_only_drawn" if state.share_only_drawn else "hint_share"))
        )
        if state.dummy is not None:
            found.append(Hint(WORDS("hint_share_dummy")))
    return tuple(found)


def _path_hints(game: "Mythe", state: MytheState) -> list[Hint]:
    """How far this turn's points go, and what to do next."""
    route = plan(game, state)
    where = space_label(game, route.stop)
    if route.reaches_dragon:
        text = WORDS("hint_reach_dragon", points=route.points)
    elif route.stop == route.start:
        text = WORDS("hint_not_enough", points=route.points)
    else:
        key = "hint_reach.one" if route.points == 1 else "hint_reach"  # "1 point", "2 points"
        text = WORDS(key, points=route.points, where=where)
    if route.lost or route.passed or route.blocked_by_dragon:
        text = WORDS(
            "hint_with_reason", hint=text, why=explain(game, state, route, with_points=False)
        )
    found = [
        Hint(
            text,
            "path",
            {
                "points": route.points,
                "space": route.stop,
                "lost": route.lost,
                "passed": list(route.passed),
                "dragon": route.reaches_dragon,
            },
        )
    ]
    if state.phase == ADVENTURE:
        left = cards_left_to_draw(game, state)
        found.append(Hint(WORDS("hint_draw_or_stop", left=left), "adventure", {"cards_left": left}))
    else:
        found.append(Hint(WORDS("hint_move", where=where), "path", {"space": route.stop}))
    return found


def rules_notes(game: "Mythe") -> tuple[Text, ...]:
    notes = []
    if game.data.path.unverified or game.data.deck.unverified:
        notes.append(Text(game.data.note.en, game.data.note.zh))
    notes.append(WORDS("note.secret_hands"))
    return tuple(notes)
