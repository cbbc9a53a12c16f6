"""Names a child can read, and each move put into words for the game log ("Ann plays Yellow
person 2 at the end of the yellow row"). The sentences themselves are in words.py."""

from __future__ import annotations

from typing import Mapping

from ...model import Move, Text
from .state import BACK, CardcassonneState, Slot
from .words import say


class Words:
    """Names of rows, cards and pieces, and the log sentence of each move kind."""

    # -- names ----------------------------------------------------------------------------
    def colour_name(self, colour: str) -> Text:
        return self._row_names.get(colour, Text(colour, colour))

    def row_name(self, colour: str) -> Text:
        return say("row", colour=self.colour_name(colour))

    def card_name(self, payload: str | None) -> Text:
        if payload is None or payload == BACK:
            return say("face_down_card")
        piece = self.catalogue.get(payload)
        return piece.name if piece else Text(payload, payload)

    def face(self, payload: str) -> Mapping:
        return self._faces[payload]

    def player_colour_name(self, colour: str) -> Text:
        return self._player_colours.get(colour, Text(colour, colour))

    def piece_label(self, state: CardcassonneState, slot: Slot) -> Text:
        """What a child sees in a row place: "Yellow person 2 (CCY09)", "Leo's follower"."""
        if slot.kind == "follower":
            return say("follower_of", player=state.names[slot.seat])
        payload = self.slot_payload(state, slot)
        name = self.card_name(payload)
        if payload == BACK:
            return name
        return say("card_with_payload", card=name, payload=payload)

    def _quoted(self, payload: str) -> Text:
        """A card name inside a Chinese sentence, in 「」 so "黃色人民卡 2" does not run on."""
        return say("quoted_card", card=self.card_name(payload))

    # -- the game log -----------------------------------------------------------------------
    def _log_parts(self, state: CardcassonneState, move: Move):
        """(who, row name or None, quoted card or None); None when the seat is not a player."""
        seat = state.dealer if move.kind == "reveal" and move.player is None else move.player
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return None
        colour, payload = move.get("row"), move.get("card")
        row = self.row_name(colour) if isinstance(colour, str) and colour in self.row_colours \
            else None
        card = self._quoted(payload) if isinstance(payload, str) and payload in self._faces \
            else None
        return state.names[seat], row, card

    def _words_reveal(self, state: CardcassonneState, move: Move) -> Text | None:
        parts = self._log_parts(state, move)
        if parts is None or parts[2] is None:
            return None
        name, row, card = parts
        own = self.face(move["card"]).get("colour")  # None for a joker
        row = row or (self.row_name(own) if own else None)
        if row is None:
            return say("log.reveal", player=name, card=card)
        return say("log.reveal_in_row", player=name, card=card, row=row)

    def _words_play_card(self, state: CardcassonneState, move: Move) -> Text | None:
        parts = self._log_parts(state, move)
        if parts is None or parts[1] is None:
            return None
        name, row, card = parts
        if bool(move.get("face_down")) or move.get("card") == BACK:  # as the check reads it
            return say("log.play_face_down", player=name, row=row)
        if card is not None:
            return say("log.play_card", player=name, card=card, row=row)
        return None

    def _words_place_follower(self, state: CardcassonneState, move: Move) -> Text | None:
        parts = self._log_parts(state, move)
        if parts is None or parts[1] is None:
            return None
        return say("log.place_follower", player=parts[0], row=parts[1])

    def _log_place(self, state: CardcassonneState, move: Move):
        """(who, "the yellow row, place 3", quoted card or None) for a scoring move."""
        parts = self._log_parts(state, move)
        if parts is None or parts[1] is None:
            return None
        position = move.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            return None
        name, row, card = parts
        return name, say("row_place", row=row, place=position + 1), card

    def _words_reveal_face_down(self, state: CardcassonneState, move: Move) -> Text | None:
        parts = self._log_place(state, move)
        if parts is None or parts[2] is None:
            return None
        name, place, card = parts
        return say("log.reveal_face_down", player=name, place=place, card=card)

    def _words_choose(self, state: CardcassonneState, move: Move) -> Text | None:
        parts = self._log_place(state, move)
        if parts is None or move.get("option") not in ("score", "keep"):
            return None
        name, place, _ = parts
        claim = self.find_claim(state, move.get("row"), move.get("position"))
        taken = claim.card if claim is not None else None
        what = self._quoted(taken) if taken is not None else say("log.card_from", place=place)
        if move.get("option") == "score":
            return say("log.choose_score", player=name, card=what,
                       points=self.data.points.non_matching)
        kind = self.face(taken)["type"] if taken is not None else None
        key = {"animal": "log.keep_animal", "building": "log.keep_building"}.get(kind, "log.keep")
        return say(key, player=name, card=what)
