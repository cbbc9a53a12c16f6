"""The dashboard's view of a game of Crypt: `describe`, the JSON the dashboard and
`companion replay` show."""

from __future__ import annotations

from . import ghost, log, reveal, scoring, turns
from . import setup as box
from .state import TYPES, CryptState, is_ghost


# -- the state as JSON, for the dashboard and `companion replay` ------------------------------
def describe(game, state: CryptState) -> dict:
    return {
        "kind": "crypt",
        "phase": state.phase,
        # the rounds are over; only the final count's steps remain (the turn box says so)
        "ending": state.phase in ("before_scoring", "final_reveal", "tiebreak"),
        "round": state.round + 1 if state.phase in ("reveal", "claim", "collect") else state.round,
        "rounds": box.setup_data(game, state.players).rounds,
        "leader": state.leader,
        "lights_out": turns.lights_out(game, state),
        "turn_order": list(turns.turn_order(game, state)),
        "turn": state.turn,
        "actor": turns.actor(game, state),
        "last_turn": state.phase == "claim" and turns.last_turn(game, state),
        "row": [crypt_card(game, state, i) for i in range(len(state.row))],
        "players": [player(game, state, seat) for seat in range(state.seats)],
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
        "ghost": ghost_view(game, state),
        "deal": reveal.deal_view(game, state),  # what the host may deal now, by hand
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


def crypt_card(game, state: CryptState, index: int) -> dict | None:
    slot = state.row[index]
    if slot is None:
        return None
    return {
        "index": index,
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


def player(game, state: CryptState, seat: int) -> dict:
    colour = game.colour_of_payload[state.colours[seat]]
    return {
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


def ghost_view(game, state: CryptState) -> dict | None:
    if state.players != 1:
        return None
    return {
        "to_roll": ghost.ghost_dice_to_roll(game, state),
        "rolled": list(state.ghost_rolled),
        "placements": [{"card": c, "dice": d, "effort": e} for c, d, e in state.ghost_last],
    }


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
