"""The state as JSON, for the dashboard and `companion replay`: rows, claims waiting for a
choice, players' holdings and the scoring tables."""

from __future__ import annotations

from . import log, scoring
from .state import (
    CardcassonneState,
    Claim,
    claims_now,
    face,
    needs_choice,
    revealed_setup_cards,
    row,
    slot_payload,
)


def describe(game, state: CardcassonneState) -> dict:
    return {
        "kind": "cardcassonne",
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "hand": state.hand,
        "dealer": state.dealer,
        "turn": state.turn if state.phase == "play" else None,
        "setup_cards_left": (
            game.data.setup_cards - revealed_setup_cards(game, state)
            if state.phase == "setup"
            else 0
        ),
        "rows": describe_rows(game, state),
        "claims_preview": [
            {
                "seat": seat,
                "row": colour,
                "positions": list(positions),
                "cards": [
                    slot_payload(game, state, row(game, state, colour)[p]) for p in positions
                ],
            }
            for seat, colour, positions in claims_now(game, state)
        ],
        "scoring": [describe_claim(game, state, c) for c in state.claims],
        "players": [describe_player(game, state, seat) for seat in range(state.players)],
        "round_points": [list(r) for r in state.round_points],
        "final_points": list(state.final_points) if state.final_points else None,
        "tables": {
            "animal": {
                "points": game.data.animal_table.points,
                "unverified": game.data.animal_table.unverified,
            },
            "building": {
                "points": game.data.building_table.points,
                "unverified": game.data.building_table.unverified,
            },
        },
    }


def describe_rows(game, state: CardcassonneState) -> list[dict]:
    claim_of = {
        (colour, position): seat
        for seat, colour, positions in claims_now(game, state)
        for position in positions
    }
    rows = []
    for colour, cards in zip(game.row_colours, state.rows):
        slots = []
        for position, slot in enumerate(cards):
            item = {
                "position": position,
                "kind": slot.kind,
                "seat": slot.seat,
                "payload": slot_payload(game, state, slot),
            }
            if slot.kind == "card":
                item.update(
                    face_down=slot.face_down,
                    card=slot.card,
                    claimed_by=claim_of.get((colour, position)),
                )
                if slot.card is not None:
                    item.update(
                        face=dict(face(game, slot.card)),
                        name=log.card_name(game, slot.card).to_dict(),
                    )
            else:
                item.update(colour=state.colours[slot.seat])
            slots.append(item)
        rows.append(
            {
                "colour": colour,
                "region": f"row-{colour}",
                "name": log.row_name(game, colour).to_dict(),
                "hex": next(r.hex for r in game.data.rows if r.colour == colour),
                "slots": slots,
            }
        )
    return rows


def describe_claim(game, state: CardcassonneState, claim: Claim) -> dict:
    choice = needs_choice(game, claim)
    return {
        "seat": claim.seat,
        "row": claim.row,
        "position": claim.position,
        "card": claim.card,
        "face_down": claim.face_down,
        "needs_reveal": claim.card is None,
        "needs_choice": choice and claim.choice is None,
        "choice": claim.choice,
        "options": list(scoring.choice_order(game, state, claim)) if choice else [],
        # what each option is worth now, for the dashboard's choice buttons
        "values": {
            "score": game.data.points.non_matching,
            "keep": scoring.keep_value(game, state, claim),
        }
        if choice
        else {},
    }


def describe_player(game, state: CardcassonneState, seat: int) -> dict:
    held = state.holdings[seat]
    animals = {c: [p for p, col in held.animals if col == c] for c in game.row_colours}
    return {
        "seat": seat,
        "name": state.names[seat],
        "colour": state.colours[seat],
        "follower": game._follower_of_colour[state.colours[seat]],
        "cards_in_hand": state.hand - state.played[seat] if state.phase == "play" else 0,
        "face_down_played": state.face_down_played[seat],
        "follower_row": state.follower_row[seat],
        "animals": {c: cards for c, cards in animals.items() if cards},
        "chest_count": len(held.chest),
        "chest": list(held.chest) if state.phase == "over" else None,
        "total": int(sum(line.points for line in held.lines)),
    }
