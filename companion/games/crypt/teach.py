"""What is legal now (hints for teaching, moves for random playouts) and the rules notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from . import collect, flow, ghost, log, reveal, turns
from . import setup as box
from .state import TYPES, CryptState, is_ghost, next_roll, unflipped
from .words import WORDS


# -- legal moves, hints for the teaching panel, and notes for the rules page ------------------
def legal_moves(game, state: CryptState) -> list[Move]:
    return [m for m in candidate_moves(game, state) if not flow.check(game, state, m)]


def candidate_moves(game, state: CryptState) -> Iterable[Move]:
    """Moves worth trying now (legal_moves keeps those that pass check), by phase."""
    by_phase = {
        "reveal": deal_candidates,
        "claim": claim_turn_candidates,
        "collect": collect_candidates,
        "before_scoring": before_scoring_candidates,
        "final_reveal": identify_candidates,
        "tiebreak": tiebreak_candidates,
    }
    candidates = by_phase.get(state.phase)
    return candidates(game, state) if candidates else ()


def deal_candidates(game, state: CryptState) -> Iterable[Move]:
    setup = box.setup_data(game, state.players)
    up = sum(1 for s in state.row if s is not None and s.face_up)
    if up < setup.face_up:
        open_cards = sorted(
            p
            for p in box.deck_payloads(game, state.players)
            if p not in state.seen and reveal.remaining(game, state, box.ttype(game, p)) > 0
        )
        picks = (
            {open_cards[0], open_cards[len(open_cards) // 2], open_cards[-1]}
            if open_cards
            else set()
        )
        for p in sorted(picks):
            yield Move("deal", None, {"card": p})
        return  # the face-down cards come after every face-up one (rules: "then")
    for kind in TYPES:
        yield Move("deal", None, {"back": game.type_back[kind]})


def claim_turn_candidates(game, state: CryptState) -> Iterable[Move]:
    actor = turns.actor(game, state)
    if is_ghost(state, actor):
        n = ghost.ghost_dice_to_roll(game, state)
        for values in ((6, 5, 4), (3, 3, 6), (2, 2, 2), (1, 4, 6)):
            yield Move("ghost_roll", None, {"values": list(values[:n])})
        return
    yield Move("recover", actor)
    yield from claim_candidates(game, state, actor)
    for seat in range(state.players):
        yield from flip_candidates(game, state, seat)


def collect_candidates(game, state: CryptState) -> Iterable[Move]:
    for card in sorted({r.card for r in state.rolls if r.failed is None}):
        due = state.rolls[next_roll(state, card)]
        for value in sorted({1, due.effort, 6}):
            yield Move("roll", due.owner, {"card": card, "value": value})
    for index, r in enumerate(state.rolls):
        if r.failed and unflipped(state, r.owner, "idols"):
            idol = game.type_back["idols"]
            yield Move("reroll", r.owner, {"roll": index, "value": 6, "card": idol})
    yield Move("end_collect")
    for seat in range(state.players):
        yield from flip_candidates(game, state, seat)


def before_scoring_candidates(game, state: CryptState) -> Iterable[Move]:
    for seat in turns.remains_recoveries(game, state):
        yield from flip_candidates(game, state, seat)
    yield Move("score_game")


def identify_candidates(game, state: CryptState) -> Iterable[Move]:
    for seat in range(state.players):
        for kind in sorted({c.type for c in state.collections[seat] if c.payload is None}):
            options = [
                p
                for p in box.deck_payloads(game, state.players)
                if box.ttype(game, p) == kind and p not in state.seen
            ]
            for p in options[:2]:
                yield Move("identify", seat, {"card": p})


def tiebreak_candidates(game, state: CryptState) -> Iterable[Move]:
    for seat in turns.current_players(game, state):
        n = state.ready[seat]
        for values in ([1] * n, [6] * n, [(i % 6) + 1 + seat for i in range(n)]):
            yield Move("tiebreak_roll", seat, {"values": [min(v, 6) for v in values]})


def claim_candidates(game, state: CryptState, seat: int) -> Iterable[Move]:
    ready = state.ready[seat]
    cards = [i for i, s in enumerate(state.row) if s is not None and s.owner != seat]
    if not ready:
        return

    def least(card: int, dice: int) -> int:
        slot = state.row[card]
        return slot.total // dice + 1 if slot.owner is not None else 1

    for card in cards:
        for dice in range(1, ready + 1):
            low = least(card, dice)
            for effort in sorted({low, low + 1, 6}):
                if effort <= 6:
                    yield Move(
                        "claim",
                        seat,
                        {"placements": [{"card": card, "dice": dice, "effort": effort}]},
                    )
    for width in range(2, min(ready, len(cards)) + 1):
        for start in range(len(cards) - width + 1):
            chosen = cards[start : start + width]
            if all(least(c, 1) <= 6 for c in chosen):
                yield Move(
                    "claim",
                    seat,
                    {"placements": [{"card": c, "dice": 1, "effort": least(c, 1)} for c in chosen]},
                )


def flip_candidates(game, state: CryptState, seat: int) -> Iterable[Move]:
    if seat >= state.players:
        return
    back = game.type_back
    if box.side(game, state, "remains") == "A":
        yield Move("recover_one", seat, {"cards": [back["remains"]] * 2})
    if box.side(game, state, "manuscripts") == "B":
        yield Move("peek", seat, {"card": back["manuscripts"]})
    if box.side(game, state, "pottery") == "B":
        for i, s in enumerate(state.row):
            if s is not None and not s.face_up:
                yield Move("take", seat, {"cards": [back["pottery"]] * 2, "index": i})


def hints(game, state: CryptState) -> tuple[Hint, ...]:
    found = list(phase_hints(game, state))
    for card, dice, effort in state.ghost_last:
        here = log.slot_name(game, state, card) if state.row[card] else Text("", "")
        found.append(
            Hint(
                WORDS("hint.ghost_dice", dice=dice, effort=effort, here=here),
                "crypt",
                {"ghost": True, "card": card, "dice": dice, "effort": effort},
            )
        )
    return tuple(found)


def phase_hints(game, state: CryptState) -> Iterable[Hint]:
    if state.phase == "reveal":
        s = box.setup_data(game, state.players)
        yield Hint(WORDS("hint.reveal", face_up=s.face_up, face_down=s.face_down), "crypt")
    elif state.phase == "claim":
        yield from claim_hints(game, state)
    elif state.phase == "collect":
        due = next((r for r in state.rolls if r.failed is None), None)
        if due is not None:
            words = WORDS(
                "hint.roll", name=state.names[due.owner], place=due.card + 1, effort=due.effort
            )
            yield Hint(words, "roll", {"card": due.card, "effort": due.effort})
        else:
            yield from reroll_hints(game, state)
    elif state.phase == "before_scoring":
        names = " & ".join(state.names[s] for s in turns.current_players(game, state))
        yield Hint(WORDS("hint.before_scoring", names=names))
    elif state.phase == "final_reveal":
        yield Hint(WORDS("hint.final_reveal"))
    elif state.phase == "tiebreak":
        names = " & ".join(state.names[s] for s in turns.current_players(game, state))
        yield Hint(WORDS("hint.tiebreak", names=names), "roll")


def reroll_hints(game, state: CryptState) -> Iterable[Hint]:
    """Every die rolled, and a player may still flip an Idol to re-roll an exhausted die
    (Idols A): the round waits on their choice, keep the rolls or re-roll (walk-through: the
    panel said "Nothing to suggest" here)."""
    if not collect.reroll_options(game, state):
        return
    seats = sorted(
        {r.owner for r in state.rolls if r.failed and unflipped(state, r.owner, "idols")}
    )
    names = " & ".join(state.names[s] for s in seats)
    yield Hint(WORDS("hint.reroll", names=names), "roll", {"reroll": True, "seats": tuple(seats)})


def claim_hints(game, state: CryptState) -> Iterable[Hint]:
    actor = turns.actor(game, state)
    if is_ghost(state, actor):
        n = ghost.ghost_dice_to_roll(game, state)
        yield Hint(WORDS("hint.ghost_turn", count=n), "roll", {"ghost_dice": n})
        return
    name = state.names[actor]
    if state.ready[actor] == 0:
        yield Hint(WORDS("hint.must_recover", name=name))
        return
    lights_out = turns.last_turn(game, state)
    yield Hint(WORDS("hint.claim.lights_out" if lights_out else "hint.claim", name=name), "crypt")
    for i, slot in enumerate(state.row):
        if slot is not None and slot.owner is not None and slot.owner != actor:
            here = log.slot_name(game, state, i)
            yield Hint(
                WORDS("hint.beat", here=here, beat=slot.total),
                "crypt",
                {"card": i, "beat": slot.total},
            )


def rules_notes(game) -> tuple[Text, ...]:
    notes = [WORDS("rules.torches")]
    notes.append(WORDS("rules.solo"))
    return tuple(notes)
