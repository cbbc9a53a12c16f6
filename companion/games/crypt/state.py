"""Where a game of Crypt stands: immutable state, replaced by every move, and its JSON view.

Seats 0..n-1 sit clockwise; in a solo game the ghost is an extra seat (seat 1) that the
engine plays itself. The engine knows face-up cards by payload and face-down cards by type
only: a card collected face down keeps an unknown value until someone identifies it.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
FACES = range(1, 7)


@dataclass(frozen=True)
class Slot:
    """One crypt card and the dice on it (all dice on a card belong to one player)."""

    type: str
    payload: str | None  # None while face down and unknown
    face_up: bool
    owner: int | None = None
    dice: int = 0
    effort: int = 0

    @property
    def total(self) -> int:
        return self.dice * self.effort


@dataclass(frozen=True)
class Owned:
    """A collected treasure. `flipped`: turned face up for a collector."""

    type: str
    payload: str | None
    flipped: bool = False
    moment: int = 0  # when it was collected (for "first to 2 idols")


@dataclass(frozen=True)
class Roll:
    """One die that must be rolled in the collect phase."""

    owner: int
    card: int
    effort: int
    value: int | None = None
    failed: bool | None = None  # None until rolled


@dataclass(frozen=True)
class CryptState:
    players: int  # human players (1 = solo)
    seats: int  # seats at the table, the ghost included
    names: tuple[str, ...]
    colours: tuple[str, ...]  # die payload per seat
    collectors: tuple[tuple[str, str], ...]  # (type, side)
    phase: str  # reveal, claim, collect, before_scoring, final_reveal, tiebreak, over
    round: int
    leader: int
    turn: int  # index into the round's turn order
    row: tuple[Slot | None, ...]  # None: dealt slot still empty, or taken by Pottery B
    ready: tuple[int, ...]
    exhausted: tuple[int, ...]
    collections: tuple[tuple[Owned, ...], ...]
    seen: frozenset[str]  # payloads known to have left the deck
    dealt_by_type: tuple[int, ...]
    claims_started: bool = False
    pending: tuple[tuple[str, int, int], ...] = ()  # (die track, card, effort)
    pending_player: int | None = None
    rolls: tuple[Roll, ...] = ()
    moment: int = 0
    idol_pair_moment: tuple[int | None, ...] = ()
    peeked: frozenset[int] = frozenset()
    ghost_pushed: int = 0
    ghost_last: tuple[tuple[int, int, int], ...] = ()  # (card, dice, effort) just placed
    ghost_rolled: tuple[int, ...] = ()
    # push-offs this round, for the dashboard: (card, by seat, from seat, dice, beaten, effort)
    pushes: tuple[tuple[int, int, int, int, int, int], ...] = ()
    discarded: int = 0
    tied: tuple[int, ...] = ()
    tiebreak_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) this re-roll
    tiebreak_history: tuple[tuple[tuple[int, int], ...], ...] = ()
    tiebreak_winners: tuple[int, ...] = ()


class StateView:
    """The state as JSON, for the dashboard and `companion replay`."""

    def describe(self, state: CryptState) -> dict:
        row = []
        for i, slot in enumerate(state.row):
            if slot is None:
                row.append(None)
                continue
            row.append({"index": i, "type": slot.type, "card": slot.payload,
                        "back": self.type_back[slot.type], "face_up": slot.face_up,
                        "value": self.value(slot.payload) if slot.payload else None,
                        "name": self.card_name(slot.payload, slot.type).to_dict(),
                        "claimant": slot.owner, "dice": slot.dice, "effort": slot.total,
                        "die_face": slot.effort or None})
        players = []
        for seat in range(state.seats):
            colour = self.colour_of_payload[state.colours[seat]]
            players.append({
                "seat": seat, "name": state.names[seat], "ghost": self.is_ghost(state, seat),
                "colour": colour.key, "die_payload": colour.payload,
                "ready": state.ready[seat], "exhausted": state.exhausted[seat],
                "on_cards": sum(s.dice for s in state.row if s and s.owner == seat),
                "collection": [{"type": o.type, "card": o.payload, "flipped": o.flipped,
                                "value": self.value(o.payload) if o.payload else None}
                               for o in state.collections[seat]],
            })
        return {
            "kind": "crypt",
            "phase": state.phase,
            "round": state.round + 1 if state.phase in ("reveal", "claim", "collect") else state.round,
            "rounds": self._setup(state.players).rounds,
            "leader": state.leader,
            "lights_out": self.lights_out(state),
            "turn_order": list(self.turn_order(state)),
            "turn": state.turn,
            "actor": self.actor(state),
            "last_turn": state.phase == "claim" and self.last_turn(state),
            "row": row,
            "players": players,
            "collectors": [{"type": t, "side": s, "card": f"CRC{self.type_back[t][3:]}{s}"}
                           for t, s in state.collectors],
            "pending": [{"die": d, "card": c, "effort": e} for d, c, e in state.pending],
            "pushes": [{"card": c, "by": by, "from": off, "dice": d, "beaten": beaten,
                        "effort": effort} for c, by, off, d, beaten, effort in state.pushes],
            "identify_options": {str(seat): options for seat in range(state.players)
                                 if (options := self.identify_options(state, seat))},
            "pending_player": state.pending_player,
            "rolls": [{"index": i, "owner": r.owner, "card": r.card, "effort": r.effort,
                       "value": r.value, "exhausted": r.failed} for i, r in enumerate(state.rolls)],
            "ghost": None if state.players != 1 else {
                "to_roll": self.ghost_dice_to_roll(state), "rolled": list(state.ghost_rolled),
                "placements": [{"card": c, "dice": d, "effort": e} for c, d, e in state.ghost_last]},
            "deck_left": sum(self.deck_count(state.players, t) for t in TYPES)
            - sum(state.dealt_by_type),
            "discarded": state.discarded,
            "tiebreak": {"tied": list(state.tied), "rolls": dict(state.tiebreak_rolls),
                         "history": [dict(h) for h in state.tiebreak_history]},
            "solo_rank": (self.solo_rank(self.score(state)[0].total).to_dict()
                          if state.players == 1 and state.phase == "over" else None),
        }
