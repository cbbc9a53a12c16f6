"""What is legal now (for hints and random playouts) and the teaching hints and notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from .state import JOKERS, CardcassonneState, Claim
from .words import say


class Teaching:
    """Legal moves, hints for the teaching panel and notes for the rules page."""

    # -- legal now ----------------------------------------------------------------------------
    def legal_moves(self, state: CardcassonneState) -> Iterable[Move]:
        if state.phase == "setup":
            for payload, colour in self._card_rows(self.unseen(state)):
                yield Move("reveal", state.dealer, {"card": payload, "row": colour})
        elif state.phase == "play":
            yield from self._legal_turns(state)
        elif state.phase == "scoring":
            yield from self._legal_scoring(state)

    def _card_rows(self, payloads: Iterable[str]) -> Iterable[tuple[str, str]]:
        """Each card with each row it may go into face up (its own colour; jokers: any)."""
        for payload in payloads:
            face = self.face(payload)
            rows = self.row_colours if face["type"] in JOKERS else (face["colour"],)
            for colour in rows:
                yield payload, colour

    def _legal_turns(self, state: CardcassonneState) -> Iterable[Move]:
        seat = state.turn
        if state.played[seat] < state.hand:
            if not state.face_down_played[seat]:
                for colour in self.row_colours:
                    yield Move("play_card", seat, {"card": None, "row": colour, "face_down": True})
            elif not self._unseen_would_run_out(state):
                for payload, colour in self._card_rows(self.unseen(state)):
                    yield Move("play_card", seat, {"card": payload, "row": colour,
                                                   "face_down": False})
        if state.follower_row[seat] is None:
            for colour in self.free_follower_rows(state):
                yield Move("place_follower", seat, {"row": colour})

    def _legal_scoring(self, state: CardcassonneState) -> Iterable[Move]:
        for claim in self.pending(state):
            where = {"row": claim.row, "position": claim.position}
            if claim.card is None:
                for payload in self.unseen(state):
                    yield Move("reveal_face_down", claim.seat, {**where, "card": payload})
            else:
                for option in self.choice_order(state, claim):
                    yield Move("choose", claim.seat, {**where, "option": option})

    def _unseen_would_run_out(self, state: CardcassonneState) -> bool:
        """True when every unseen card must be one of the face-down cards on the table."""
        face_down = sum(1 for row in state.rows for s in row if s.kind == "card" and s.card is None)
        return len(self.unseen(state)) <= face_down

    # -- hints ----------------------------------------------------------------------------------
    def hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        if state.phase == "setup":
            left = self.data.setup_cards - self.revealed_setup_cards(state)
            return (Hint(say("hint.setup", dealer=state.names[state.dealer], left=left)),)
        if state.phase == "play":
            return self._play_hints(state)
        if state.phase == "scoring":
            return self._scoring_hints(state)
        return ()

    def _play_hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        seat = state.turn
        name = state.names[seat]
        hints = []
        if state.played[seat] < state.hand:
            key = "hint.face_up" if state.face_down_played[seat] else "hint.first_face_down"
            hints.append(Hint(say(key, player=name)))
        if state.follower_row[seat] is None:
            for colour in self.row_colours:
                row = self.row(state, colour)
                start = max((p + 1 for p, s in enumerate(row) if s.kind == "follower"), default=0)
                cards = [self.slot_payload(state, s) for s in row[start:]]
                hints.append(Hint(say("hint.follower", player=name, row=self.row_name(colour),
                                      count=len(cards)),
                                  f"row-{colour}", {"row": colour, "cards": cards}))
        return tuple(hints)

    def _scoring_hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        hints = []
        for claim in self.pending(state):
            data = {"seat": claim.seat, "row": claim.row, "position": claim.position}
            if claim.card is None:
                hints.append(Hint(say("hint.turn_up", player=state.names[claim.seat],
                                      row=self.row_name(claim.row), place=claim.position + 1),
                                  f"row-{claim.row}", data))
                continue
            texts = self._choice_texts(state, claim)
            for option in self.choice_order(state, claim):
                hints.append(Hint(texts[option], f"row-{claim.row}",
                                  {**data, "card": claim.card, "option": option}))
        return tuple(hints)

    def _choice_texts(self, state: CardcassonneState, claim: Claim) -> dict[str, Text]:
        name, card = state.names[claim.seat], self.card_name(claim.card)
        where = say("hint.your_collection") if self.face(claim.card)["type"] == "animal" \
            else say("hint.your_chest")
        return {"score": say("hint.score", player=name, card=card,
                             points=self.data.points.non_matching),
                "keep": say("hint.keep", player=name, card=card, where=where,
                            points=self.keep_value(state, claim))}

    # -- the rules page -------------------------------------------------------------------------
    def rules_notes(self) -> tuple[Text, ...]:
        notes = []
        for key, table in (("animal", self.data.animal_table),
                           ("building", self.data.building_table)):
            if table.unverified:
                notes.append(say("note.placeholder_table", table=say(f"note.table.{key}"),
                                 values=", ".join(str(p) for p in table.points)))
        notes.append(say("note.jokers"))
        notes.append(say("note.follower_waits"))
        return tuple(notes)
