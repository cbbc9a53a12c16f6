"""Where a game of Cardcassonne stands: immutable state, replaced by every move, the small
questions every rule asks of it, and its JSON view.

The engine knows only what the table shows. Hands are hidden; a face-up card is known by its
payload; a face-down card is a card back until the player who claimed it turns it up at
round scoring. ``position`` counts from the scoring board (0 = next to it), as the camera does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import ScoreLine

BACK = "CCBACK"
JOKERS = ("dragon", "fairy", "animal_joker", "building_joker")


@dataclass(frozen=True)
class Slot:
    """One position of a row: a card (face up, or face down and unknown) or a large follower."""

    kind: str  # "card" or "follower"
    card: str | None = None  # payload; None for a face-down card nobody has turned up yet
    face_down: bool = False
    seat: int | None = None  # who played the card (None at set-up) or whose follower it is


@dataclass(frozen=True)
class Claim:
    """A card a follower took at round end, waiting to be turned up or decided on."""

    seat: int
    row: str
    position: int
    card: str | None  # None until a face-down card is turned up
    face_down: bool
    choice: str | None = None  # "score" or "keep", for a non-matching animal or building


@dataclass(frozen=True)
class Holdings:
    """What a player keeps between rounds and every point they scored so far."""

    animals: tuple[tuple[str, str], ...] = ()  # (payload, colour of the collection it joined)
    chest: tuple[str, ...] = ()  # buildings and building jokers, face down until the end
    lines: tuple[ScoreLine, ...] = ()


@dataclass(frozen=True)
class CardcassonneState:
    players: int
    names: tuple[str, ...]
    colours: tuple[str, ...]  # each seat's player colour (which follower token is theirs)
    hand: int
    rounds: int
    phase: str  # "setup", "play", "scoring" or "over"
    round: int  # 1-based; 0 during set-up
    dealer: int
    turn: int
    rows: tuple[tuple[Slot, ...], ...]  # in board order: yellow, red, green, blue
    played: tuple[int, ...]  # cards each seat played this round
    face_down_played: tuple[bool, ...]
    follower_row: tuple[str | None, ...]  # where each seat's follower stands this round
    last_follower: int | None  # who placed the last follower this round (deals next)
    claims: tuple[Claim, ...]  # during round scoring
    holdings: tuple[Holdings, ...]
    seen: frozenset[str]  # every payload whose face the table has shown
    round_points: tuple[tuple[int, ...], ...] = ()  # per scored round, points per seat
    final_points: tuple[int, ...] | None = None


def replaced_at(values: tuple, index: int, value) -> tuple:
    """`values` with the item at `index` replaced (states are immutable tuples)."""
    return values[:index] + (value,) + values[index + 1:]


class StateQueries:
    """The small questions the rules ask of a state."""

    def row_index(self, colour) -> int | None:
        return self.row_colours.index(colour) if colour in self.row_colours else None

    def row(self, state: CardcassonneState, colour: str) -> tuple[Slot, ...]:
        return state.rows[self.row_colours.index(colour)]

    def unseen(self, state: CardcassonneState) -> tuple[str, ...]:
        """Cards whose face the table has not shown yet (in hands, face down, or never dealt)."""
        return tuple(p for p in self._all_cards if p not in state.seen)

    def revealed_setup_cards(self, state: CardcassonneState) -> int:
        return sum(1 for row in state.rows for s in row if s.kind == "card" and s.seat is None)

    def matches(self, payload: str, row: str) -> bool:
        """A card matches the row it was taken from when it is that colour; jokers match any row."""
        face = self.face(payload)
        return face["type"] in JOKERS or face.get("colour") == row

    def needs_choice(self, claim: Claim) -> bool:
        return (claim.card is not None and self.face(claim.card)["type"] in ("animal", "building")
                and not self.matches(claim.card, claim.row))

    def pending(self, state: CardcassonneState) -> tuple[Claim, ...]:
        """Claims still waiting for a turn-up or a choice, in seat then row order."""
        return tuple(c for c in state.claims
                     if c.card is None or (self.needs_choice(c) and c.choice is None))

    def claims_now(self, state: CardcassonneState) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
        """(seat, row, positions of the cards its follower takes), if the round ended now."""
        found = []
        for colour, row in zip(self.row_colours, state.rows):
            start = 0
            for position, slot in enumerate(row):
                if slot.kind == "follower":
                    cards = tuple(p for p in range(start, position) if row[p].kind == "card")
                    found.append((slot.seat, colour, cards))
                    start = position + 1
        return tuple(found)

    def actions_left(self, state: CardcassonneState, seat: int) -> int:
        return state.hand - state.played[seat] + (state.follower_row[seat] is None)

    def free_follower_rows(self, state: CardcassonneState) -> tuple[str, ...]:
        """Rows whose right-hand end no follower holds yet (followers never share a place)."""
        return tuple(colour for colour, row in zip(self.row_colours, state.rows)
                     if not row or row[-1].kind != "follower")

    def slot_payload(self, state: CardcassonneState, slot: Slot) -> str:
        """The payload the table shows in a row place (a card back for an unknown card)."""
        if slot.kind == "follower":
            return self._follower_of_colour[state.colours[slot.seat]]
        return BACK if slot.face_down and slot.card is None else slot.card

    def find_claim(self, state: CardcassonneState, row, position) -> Claim | None:
        for claim in state.claims:
            if claim.row == row and claim.position == position:
                return claim
        return None


class StateView:
    """The state as JSON, for the dashboard and `companion replay`."""

    def describe(self, state: CardcassonneState) -> dict:
        return {
            "kind": "cardcassonne",
            "phase": state.phase, "round": state.round, "rounds": state.rounds,
            "hand": state.hand, "dealer": state.dealer,
            "turn": state.turn if state.phase == "play" else None,
            "setup_cards_left": (self.data.setup_cards - self.revealed_setup_cards(state)
                                 if state.phase == "setup" else 0),
            "rows": self._describe_rows(state),
            "claims_preview": [{"seat": seat, "row": colour,
                                "positions": list(positions),
                                "cards": [self.slot_payload(state, self.row(state, colour)[p])
                                          for p in positions]}
                               for seat, colour, positions in self.claims_now(state)],
            "scoring": [self._describe_claim(state, c) for c in state.claims],
            "players": [self._describe_player(state, seat) for seat in range(state.players)],
            "round_points": [list(r) for r in state.round_points],
            "final_points": list(state.final_points) if state.final_points else None,
            "tables": {"animal": {"points": self.data.animal_table.points,
                                  "unverified": self.data.animal_table.unverified},
                       "building": {"points": self.data.building_table.points,
                                    "unverified": self.data.building_table.unverified}},
        }

    def _describe_rows(self, state: CardcassonneState) -> list[dict]:
        claim_of = {(colour, position): seat for seat, colour, positions in self.claims_now(state)
                    for position in positions}
        rows = []
        for colour, row in zip(self.row_colours, state.rows):
            slots = []
            for position, slot in enumerate(row):
                item = {"position": position, "kind": slot.kind, "seat": slot.seat,
                        "payload": self.slot_payload(state, slot)}
                if slot.kind == "card":
                    item.update(face_down=slot.face_down, card=slot.card,
                                claimed_by=claim_of.get((colour, position)))
                    if slot.card is not None:
                        item.update(face=dict(self.face(slot.card)),
                                    name=self.card_name(slot.card).to_dict())
                else:
                    item.update(colour=state.colours[slot.seat])
                slots.append(item)
            rows.append({"colour": colour, "region": f"row-{colour}",
                         "name": self.row_name(colour).to_dict(),
                         "hex": next(r.hex for r in self.data.rows if r.colour == colour),
                         "slots": slots})
        return rows

    def _describe_claim(self, state: CardcassonneState, claim: Claim) -> dict:
        choice = self.needs_choice(claim)
        return {"seat": claim.seat, "row": claim.row, "position": claim.position,
                "card": claim.card, "face_down": claim.face_down,
                "needs_reveal": claim.card is None,
                "needs_choice": choice and claim.choice is None,
                "choice": claim.choice,
                "options": list(self.choice_order(state, claim)) if choice else [],
                # what each option is worth now, for the dashboard's choice buttons
                "values": {"score": self.data.points.non_matching,
                           "keep": self.keep_value(state, claim)} if choice else {}}

    def _describe_player(self, state: CardcassonneState, seat: int) -> dict:
        held = state.holdings[seat]
        animals = {c: [p for p, col in held.animals if col == c] for c in self.row_colours}
        return {
            "seat": seat, "name": state.names[seat], "colour": state.colours[seat],
            "follower": self._follower_of_colour[state.colours[seat]],
            "cards_in_hand": state.hand - state.played[seat] if state.phase == "play" else 0,
            "face_down_played": state.face_down_played[seat],
            "follower_row": state.follower_row[seat],
            "animals": {c: cards for c, cards in animals.items() if cards},
            "chest_count": len(held.chest),
            "chest": list(held.chest) if state.phase == "over" else None,
            "total": int(sum(l.points for l in held.lines)),
        }
