"""What is legal now (hints for teaching, moves for random playouts) and the rules notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from . import collectors, ghost, log, reveal, scoring, turns
from . import setup as box
from .state import TYPES, CryptState, is_ghost, next_roll
from .words import WORDS


# -- legal moves, hints for the teaching panel, and notes for the rules page ------------------
def legal_moves(game, state: CryptState) -> list[Move]:
    moves = [m for m in candidate_moves(game, state) if not turns.check_move(game, state, m)]
    return moves


def candidate_moves(game, state: CryptState) -> Iterable[Move]:
    if state.phase == "reveal":
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
        for kind in TYPES:
            yield Move("deal", None, {"back": game.type_back[kind]})
    elif state.phase == "claim":
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
    elif state.phase == "collect":
        for card in sorted({r.card for r in state.rolls if r.failed is None}):
            effort = state.rolls[next_roll(state, card)].effort
            for value in sorted({1, effort, 6}):
                yield Move(
                    "roll",
                    state.rolls[next_roll(state, card)].owner,
                    {"card": card, "value": value},
                )
        for index, r in enumerate(state.rolls):
            if r.failed:
                for card in collectors.unflipped(game, state, r.owner, "idols")[:1]:
                    yield Move(
                        "reroll",
                        r.owner,
                        {"roll": index, "value": 6, "card": game.type_back["idols"]},
                    )
        yield Move("end_collect")
        for seat in range(state.players):
            yield from flip_candidates(game, state, seat)
    elif state.phase == "before_scoring":
        for seat in collectors.remains_recoveries(game, state):
            yield from flip_candidates(game, state, seat)
        yield Move("score_game")
    elif state.phase == "final_reveal":
        for seat in range(state.players):
            for kind in sorted({c.type for c in state.collections[seat] if c.payload is None}):
                options = [
                    p
                    for p in box.deck_payloads(game, state.players)
                    if box.ttype(game, p) == kind and p not in state.seen
                ]
                for p in options[:2]:
                    yield Move("identify", seat, {"card": p})
    elif state.phase == "tiebreak":
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


def identify_options(game, state: CryptState, seat: int) -> dict[str, list[str]]:
    """Per type: the cards a face-down collected card of `seat` may still be."""
    kinds = {c.type for c in state.collections[seat] if c.payload is None}
    return {
        kind: [
            p
            for p in box.deck_payloads(game, state.players)
            if box.ttype(game, p) == kind and p not in state.seen
        ]
        for kind in sorted(kinds)
    }


def hints(game, state: CryptState) -> tuple[Hint, ...]:
    found: list[Hint] = []
    if state.phase == "reveal":
        s = box.setup_data(game, state.players)
        found.append(Hint(WORDS("hint.reveal", face_up=s.face_up, face_down=s.face_down), "crypt"))
    elif state.phase == "claim":
        actor = turns.actor(game, state)
        if is_ghost(state, actor):
            n = ghost.ghost_dice_to_roll(game, state)
            found.append(Hint(WORDS("hint.ghost_turn", count=n), "roll", {"ghost_dice": n}))
        else:
            name = state.names[actor]
            if state.ready[actor] == 0:
                found.append(Hint(WORDS("hint.must_recover", name=name)))
            else:
                found.append(
                    Hint(
                        WORDS(
                            "hint.claim.lights_out"
                            if turns.last_turn(game, state)
                            else "hint.claim",
                            name=name,
                        ),
                        "crypt",
                    )
                )
                for i, slot in enumerate(state.row):
                    if slot is not None and slot.owner is not None and slot.owner != actor:
                        here = log.slot_name(game, state, i)
                        found.append(
                            Hint(
                                WORDS("hint.beat", here=here, beat=slot.total),
                                "crypt",
                                {"card": i, "beat": slot.total},
                            )
                        )
    elif state.phase == "collect":
        for r in state.rolls:
            if r.failed is None:
                name = state.names[r.owner]
                found.append(
                    Hint(
                        WORDS("hint.roll", name=name, place=r.card + 1, effort=r.effort),
                        "roll",
                        {"card": r.card, "effort": r.effort},
                    )
                )
                break
    elif state.phase == "before_scoring":
        names = " & ".join(state.names[s] for s in turns.current_players(game, state))
        found.append(Hint(WORDS("hint.before_scoring", names=names)))
    elif state.phase == "final_reveal":
        found.append(Hint(WORDS("hint.final_reveal")))
    elif state.phase == "tiebreak":
        names = " & ".join(state.names[s] for s in turns.current_players(game, state))
        found.append(Hint(WORDS("hint.tiebreak", names=names), "roll"))
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


def rules_notes(game) -> tuple[Text, ...]:
    notes = [WORDS("rules.torches")]
    notes.append(WORDS("rules.solo"))
    return tuple(notes)


# -- the state as JSON, for the dashboard and `companion replay` ------------------------------
def describe(game, state: CryptState) -> dict:
    row = []
    for i, slot in enumerate(state.row):
        if slot is None:
            row.append(None)
            continue
        row.append(
            {
                "index": i,
                "type": slot.type,
                "card": slot.payload,
                "back": game.type_back[slot.type],
                "face_up": slot.face_up,
                "value": box.value(game, slot.payload) if slot.payload else None,
                "name": log.card_name(game, slot.payload, slot.type).to_dict(),
                "claimant": slot.owner,
                "dice": slot.dice,
                "effort": slot.total,
                "die_face": slot.effort or None,
            }
        )
    players = []
    for seat in range(state.seats):
        colour = game.colour_of_payload[state.colours[seat]]
        players.append(
            {
                "seat": seat,
                "name": state.names[seat],
                "ghost": is_ghost(state, seat),
                "colour": colour.key,
                "die_payload": colour.payload,
                "ready": state.ready[seat],
                "exhausted": state.exhausted[seat],
                "on_cards": sum(s.dice for s in state.row if s and s.owner == seat),
                "collection": [
                    {
                        "type": o.type,
                        "card": o.payload,
                        "flipped": o.flipped,
                        "value": box.value(game, o.payload) if o.payload else None,
                    }
                    for o in state.collections[seat]
                ],
            }
        )
    return {
        "kind": "crypt",
        "phase": state.phase,
        "round": state.round + 1 if state.phase in ("reveal", "claim", "collect") else state.round,
        "rounds": box.setup_data(game, state.players).rounds,
        "leader": state.leader,
        "lights_out": turns.lights_out(game, state),
        "turn_order": list(turns.turn_order(game, state)),
        "turn": state.turn,
        "actor": turns.actor(game, state),
        "last_turn": state.phase == "claim" and turns.last_turn(game, state),
        "row": row,
        "players": players,
        "collectors": [
            {"type": t, "side": s, "card": f"CRC{game.type_back[t][3:]}{s}"}
            for t, s in state.collectors
        ],
        "pending": [{"die": d, "card": c, "effort": e} for d, c, e in state.pending],
        "pushes": [
            {"card": c, "by": by, "from": off, "dice": d, "beaten": beaten, "effort": effort}
            for c, by, off, d, beaten, effort in state.pushes
        ],
        "identify_options": {
            str(seat): options
            for seat in range(state.players)
            if (options := identify_options(game, state, seat))
        },
        "pending_player": state.pending_player,
        "rolls": [
            {
                "index": i,
                "owner": r.owner,
                "card": r.card,
                "effort": r.effort,
                "value": r.value,
                "exhausted": r.failed,
            }
            for i, r in enumerate(state.rolls)
        ],
        "ghost": None
        if state.players != 1
        else {
            "to_roll": ghost.ghost_dice_to_roll(game, state),
            "rolled": list(state.ghost_rolled),
            "placements": [{"card": c, "dice": d, "effort": e} for c, d, e in state.ghost_last],
        },
        "deal": reveal.deal_view(game, state),
        "deck_left": sum(box.deck_count(game, state.players, t) for t in TYPES)
        - sum(state.dealt_by_type),
        "discarded": state.discarded,
        "tiebreak": {
            "tied": list(state.tied),
            "rolls": dict(state.tiebreak_rolls),
            "history": [dict(h) for h in state.tiebreak_history],
        },
        "solo_rank": (
            scoring.solo_rank(game, scoring.score(game, state)[0].total).to_dict()
            if state.players == 1 and state.phase == "over"
            else None
        ),
    }
