"""Collector powers that flip collected cards (the rest of the collectors only score).

Moves (a collected card named in a flip is a treasure payload, which also identifies it, or
its back's payload: flip one face-down card of that type without saying which):
- `reroll` {roll, card, value|exhausted}: Idols A, flip an idol, roll that die again.
- `peek` {card}: Manuscripts B, flip a manuscript to look at face-down crypt cards.
- `take` {cards: [2 pottery], index}: Pottery B, take a face-down crypt card.
- `recover_one` {cards: [2 remains]}: Remains A, one exhausted die becomes ready.
Idols B (the first to hold 2 idols flips them) happens by itself when cards are collected.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Bool, Int, Optional, Str
from . import collect, log
from . import setup as box
from .rule import CryptRule
from .setup import CRYPT_PLACE, FACE, FLIPPED_CARDS
from .state import CryptState, Owned, unflipped
from .words import refuse


# -- checks and effects of the collector flips, side by side ----------------------------------
def check_reroll(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = collector_problems(game, state, move, "idols", "A", [move["card"]], 1)
    if problems:
        return problems
    if state.phase != "collect":
        return (refuse("wrong_phase.reroll"),)
    index = move["roll"]
    if (
        index >= len(state.rolls)
        or state.rolls[index].owner != move.player
        or state.rolls[index].failed is None
    ):
        return (refuse("no_such_roll", region="roll"),)
    return collect.roll_value_problems(move)


def do_reroll(game, state: CryptState, move: Move) -> CryptState:
    state = flip(game, state, move.player, "idols", [move["card"]])
    rolls = list(state.rolls)
    rolls[move["roll"]] = collect.roll_result(game, rolls[move["roll"]], move)
    return replace(state, rolls=tuple(rolls))


REROLL = CryptRule(
    name="reroll",
    player="seat",
    turn=None,
    fields={
        "roll": Int(0, 100),
        "card": Str(),
        "value": Optional(FACE),
        "exhausted": Optional(Bool()),
    },
    required=("roll", "card"),
    check=check_reroll,
    effect=do_reroll,
    describe=log.words_reroll,
)


def check_peek(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = collector_problems(game, state, move, "manuscripts", "B", [move["card"]], 1)
    if problems:
        return problems
    if state.phase not in ("reveal", "claim") or not any(
        s is not None and not s.face_up for s in state.row
    ):
        return (refuse("nothing_to_peek", region="crypt"),)
    return ()


def do_peek(game, state: CryptState, move: Move) -> CryptState:
    return flip(game, state, move.player, "manuscripts", [move["card"]])


PEEK = CryptRule(
    name="peek",
    player="seat",
    turn=None,
    fields={"card": Str()},
    required=("card",),
    check=check_peek,
    effect=do_peek,
    describe=log.words_peek,
)


def check_take(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = collector_problems(game, state, move, "pottery", "B", move["cards"], 2)
    if problems:
        return problems
    if state.phase != "claim" or state.claims_started:
        return (refuse("wrong_phase.take"),)
    slot = state.row[move["index"]]
    if slot is None or slot.face_up:
        return (refuse("not_face_down", region="crypt"),)
    return ()


def do_take(game, state: CryptState, move: Move) -> CryptState:
    state = flip(game, state, move.player, "pottery", move["cards"])
    slot = state.row[move["index"]]
    row = list(state.row)
    row[move["index"]] = None
    collections = list(state.collections)
    collections[move.player] += (Owned(slot.type, slot.payload),)
    state = replace(state, row=tuple(row), collections=tuple(collections))
    return idol_pairs(game, state)


TAKE = CryptRule(
    name="take",
    player="seat",
    turn=None,
    fields={"index": CRYPT_PLACE, "cards": FLIPPED_CARDS},
    required=("index", "cards"),
    check=check_take,
    effect=do_take,
    describe=log.words_take,
    closes_claim=True,
)


def check_recover_one(game, state: CryptState, move: Move) -> tuple[Violation, ...]:
    problems = collector_problems(game, state, move, "remains", "A", move["cards"], 2)
    if problems:
        return problems
    if state.exhausted[move.player] == 0:
        return (refuse("nothing_exhausted", player=state.names[move.player]),)
    return ()


def do_recover_one(game, state: CryptState, move: Move) -> CryptState:
    state = flip(game, state, move.player, "remains", move["cards"])
    ready, exhausted = list(state.ready), list(state.exhausted)
    ready[move.player] += 1
    exhausted[move.player] -= 1
    return replace(state, ready=tuple(ready), exhausted=tuple(exhausted))


RECOVER_ONE = CryptRule(
    name="recover_one",
    player="seat",
    turn=None,
    fields={"cards": FLIPPED_CARDS},
    required=("cards",),
    check=check_recover_one,
    effect=do_recover_one,
    describe=log.words_recover_one,
)


def collector_problems(
    game, state: CryptState, move: Move, kind: str, side: str, names, count: int
) -> tuple[Violation, ...]:
    """Is this collector's side in play, and does the move name `count` of the player's
    face-down cards of its type?"""
    if box.side(game, state, kind) != side:
        t = log.type_name(game, kind, True)
        return (
            refuse(
                "collector_not_in_play",
                [f"CRC{game.type_back[kind][3:]}{side}"],
                kind=t,
                set_side=box.side(game, state, kind),
                side=side,
            ),
        )
    if state.phase in ("over", "tiebreak"):
        return (refuse("wrong_phase.scored"),)
    if len(names) != count:
        t = log.type_name(game, kind, True)
        return (refuse("flip_count", count=count, kind=t),)
    return resolve_flips(game, state, move.player, kind, names)[1]


def resolve_flips(
    game, state: CryptState, seat: int, kind: str, names
) -> tuple[list[tuple[int, str | None]], tuple[Violation, ...]]:
    """Which collected cards a flip names: [(index in collection, payload learned)]."""
    chosen: list[tuple[int, str | None]] = []
    t = log.type_name(game, kind, True)
    for name in names:
        free = [i for i in unflipped(state, seat, kind) if i not in {c[0] for c in chosen}]
        coll = state.collections[seat]
        if name in game.back_type and game.back_type[name] == kind:
            pick = next((i for i in free if coll[i].payload is None), free[0] if free else None)
            learned = None
        elif name in game.treasures and box.ttype(game, name) == kind:
            pick = next((i for i in free if coll[i].payload == name), None)
            learned = None
            if (
                pick is None
                and name not in state.seen
                and name in box.deck_payloads(game, state.players)
            ):
                pick = next((i for i in free if coll[i].payload is None), None)
                learned = name
        else:
            return [], (refuse("wrong_type", [name], kind=t),)
        if pick is None:
            return [], (refuse("no_card_to_flip", [name], player=state.names[seat], kind=t),)
        chosen.append((pick, learned))
    return chosen, ()


def flip(game, state: CryptState, seat: int, kind: str, names) -> CryptState:
    chosen, _ = resolve_flips(game, state, seat, kind, names)
    coll = list(state.collections[seat])
    seen = set(state.seen)
    for index, learned in chosen:
        card = coll[index]
        coll[index] = replace(card, flipped=True, payload=learned or card.payload)
        if learned:
            seen.add(learned)
    collections = list(state.collections)
    collections[seat] = tuple(coll)
    return replace(state, collections=tuple(collections), seen=frozenset(seen))


def idol_pairs(game, state: CryptState) -> CryptState:
    """Idols B: note the round in which each player first holds 2 idols. Everyone who does
    so in the first such round flips them, whatever the moment of that round (a Pottery B
    take before the claims, or the Collect phase)."""
    if box.side(game, state, "idols") != "B":
        return state
    need = int(game.data.collectors["idols_b_pair"])
    rounds = list(state.idol_pair_round)
    collections = [list(c) for c in state.collections]
    earlier = [r for r in rounds if r is not None]
    first = not earlier or min(earlier) == state.round
    for seat in range(state.players):
        idols = [i for i, c in enumerate(collections[seat]) if c.type == "idols"]
        if rounds[seat] is None and len(idols) >= need:
            rounds[seat] = state.round
            if first:
                for i in idols[:need]:
                    collections[seat][i] = replace(collections[seat][i], flipped=True)
    return replace(
        state, idol_pair_round=tuple(rounds), collections=tuple(tuple(c) for c in collections)
    )


# this group's move kinds, each declared right after its check and effect
RULES = (REROLL, PEEK, TAKE, RECOVER_ONE)
