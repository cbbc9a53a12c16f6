"""What is legal now (hints for teaching, moves for random playouts) and the rules notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from .state import TYPES, CryptState
from .words import WORDS


class Teaching:
    """Legal moves, hints for the teaching panel, and notes for the rules page."""

    def legal_moves(self, state: CryptState) -> list[Move]:
        moves = [m for m in self._candidate_moves(state) if not self.check(state, m)]
        return moves

    def _candidate_moves(self, state: CryptState) -> Iterable[Move]:
        if state.phase == "reveal":
            setup = self._setup(state.players)
            up = sum(1 for s in state.row if s is not None and s.face_up)
            if up < setup.face_up:
                open_cards = sorted(p for p in self.deck_payloads(state.players)
                                    if p not in state.seen
                                    and self._remaining(state, self.ttype(p)) > 0)
                picks = {open_cards[0], open_cards[len(open_cards) // 2], open_cards[-1]} \
                    if open_cards else set()
                for p in sorted(picks):
                    yield Move("deal", None, {"card": p})
            for kind in TYPES:
                yield Move("deal", None, {"back": self.type_back[kind]})
        elif state.phase == "claim":
            actor = self.actor(state)
            if self.is_ghost(state, actor):
                n = self.ghost_dice_to_roll(state)
                for values in ((6, 5, 4), (3, 3, 6), (2, 2, 2), (1, 4, 6)):
                    yield Move("ghost_roll", None, {"values": list(values[:n])})
                return
            yield Move("recover", actor)
            yield from self._claim_candidates(state, actor)
            for seat in range(state.players):
                yield from self._flip_candidates(state, seat)
        elif state.phase == "collect":
            for card in sorted({r.card for r in state.rolls if r.failed is None}):
                effort = state.rolls[self._next_roll(state, card)].effort
                for value in sorted({1, effort, 6}):
                    yield Move("roll", state.rolls[self._next_roll(state, card)].owner,
                               {"card": card, "value": value})
            for index, r in enumerate(state.rolls):
                if r.failed:
                    for card in self._unflipped(state, r.owner, "idols")[:1]:
                        yield Move("reroll", r.owner, {"roll": index, "value": 6,
                                                       "card": self.type_back["idols"]})
            yield Move("end_collect")
            for seat in range(state.players):
                yield from self._flip_candidates(state, seat)
        elif state.phase == "before_scoring":
            for seat in self._remains_recoveries(state):
                yield from self._flip_candidates(state, seat)
            yield Move("score_game")
        elif state.phase == "final_reveal":
            for seat in range(state.players):
                for kind in sorted({c.type for c in state.collections[seat] if c.payload is None}):
                    options = [p for p in self.deck_payloads(state.players)
                               if self.ttype(p) == kind and p not in state.seen]
                    for p in options[:2]:
                        yield Move("identify", seat, {"card": p})
        elif state.phase == "tiebreak":
            for seat in self.current_players(state):
                n = state.ready[seat]
                for values in ([1] * n, [6] * n, [(i % 6) + 1 + seat for i in range(n)]):
                    yield Move("tiebreak_roll", seat, {"values": [min(v, 6) for v in values]})

    def _claim_candidates(self, state: CryptState, seat: int) -> Iterable[Move]:
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
                        yield Move("claim", seat, {"placements": [
                            {"card": card, "dice": dice, "effort": effort}]})
        for width in range(2, min(ready, len(cards)) + 1):
            for start in range(len(cards) - width + 1):
                chosen = cards[start:start + width]
                if all(least(c, 1) <= 6 for c in chosen):
                    yield Move("claim", seat, {"placements": [
                        {"card": c, "dice": 1, "effort": least(c, 1)} for c in chosen]})

    def _flip_candidates(self, state: CryptState, seat: int) -> Iterable[Move]:
        if seat >= state.players:
            return
        back = self.type_back
        if self.side(state, "remains") == "A":
            yield Move("recover_one", seat, {"cards": [back["remains"]] * 2})
        if self.side(state, "manuscripts") == "B":
            yield Move("peek", seat, {"card": back["manuscripts"]})
        if self.side(state, "pottery") == "B":
            for i, s in enumerate(state.row):
                if s is not None and not s.face_up:
                    yield Move("take", seat, {"cards": [back["pottery"]] * 2, "index": i})

    def identify_options(self, state: CryptState, seat: int) -> dict[str, list[str]]:
        """Per type: the cards a face-down collected card of `seat` may still be."""
        kinds = {c.type for c in state.collections[seat] if c.payload is None}
        return {kind: [p for p in self.deck_payloads(state.players)
                       if self.ttype(p) == kind and p not in state.seen] for kind in sorted(kinds)}

    def hints(self, state: CryptState) -> tuple[Hint, ...]:
        hints: list[Hint] = []
        if state.phase == "reveal":
            s = self._setup(state.players)
            hints.append(Hint(WORDS("hint.reveal", face_up=s.face_up,
                                    face_down=s.face_down), "crypt"))
        elif state.phase == "claim":
            actor = self.actor(state)
            if self.is_ghost(state, actor):
                n = self.ghost_dice_to_roll(state)
                hints.append(Hint(WORDS("hint.ghost_turn", count=n), "roll",
                                  {"ghost_dice": n}))
            else:
                name = state.names[actor]
                if state.ready[actor] == 0:
                    hints.append(Hint(WORDS("hint.must_recover", name=name)))
                else:
                    hints.append(Hint(WORDS("hint.claim.lights_out" if self.last_turn(state)
                                            else "hint.claim", name=name), "crypt"))
                    for i, slot in enumerate(state.row):
                        if slot is not None and slot.owner is not None and slot.owner != actor:
                            here = self.slot_name(state, i)
                            hints.append(Hint(WORDS("hint.beat", here=here, beat=slot.total),
                                              "crypt", {"card": i, "beat": slot.total}))
        elif state.phase == "collect":
            for r in state.rolls:
                if r.failed is None:
                    name = state.names[r.owner]
                    hints.append(Hint(WORDS("hint.roll", name=name, place=r.card + 1,
                                            effort=r.effort), "roll",
                                      {"card": r.card, "effort": r.effort}))
                    break
        elif state.phase == "before_scoring":
            names = " & ".join(state.names[s] for s in self.current_players(state))
            hints.append(Hint(WORDS("hint.before_scoring", names=names)))
        elif state.phase == "final_reveal":
            hints.append(Hint(WORDS("hint.final_reveal")))
        elif state.phase == "tiebreak":
            names = " & ".join(state.names[s] for s in self.current_players(state))
            hints.append(Hint(WORDS("hint.tiebreak", names=names), "roll"))
        for card, dice, effort in state.ghost_last:
            here = self.slot_name(state, card) if state.row[card] else Text("", "")
            hints.append(Hint(WORDS("hint.ghost_dice", dice=dice, effort=effort, here=here),
                              "crypt", {"ghost": True, "card": card, "dice": dice,
                                        "effort": effort}))
        return tuple(hints)

    def rules_notes(self) -> tuple[Text, ...]:
        notes = [WORDS("rules.torches")]
        notes.append(WORDS("rules.solo"))
        return tuple(notes)
