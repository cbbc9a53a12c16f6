"""A turn, exactly one of: play a card at the right-hand end of a row, or place your large
follower there. Each move kind's fields, check and effect side by side, with the checks of
a row place that set-up's `reveal` shares.

Moves (``player`` is the seat; rows are "yellow", "red", "green", "blue"):
- ``play_card`` {card | None, row, face_down, position?}: face down, ``card`` is None (or
  the back, CCBACK). A player's first card of each round goes face down into any row; every
  later card face up into the row of its own colour (jokers into any row).
- ``place_follower`` {row, position?}: it claims every card to its left up to the scoring
  board or the nearest other follower, and stays until the round ends.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Bool, Optional, Str
from ..moves import MoveRule
from .log import Words
from .setup import POSITION, ROW
from .state import BACK, JOKERS, CardcassonneState, Slot, replaced_at
from .words import refuse, say


class RowPlaces:
    """The checks of a row place that set-up and a turn share."""

    def _check_row(self, colour) -> tuple[Violation, ...]:
        if colour not in self.row_colours:
            return (refuse("unknown_row", colour=colour, rows=", ".join(self.row_colours)),)
        return ()

    def _check_card(self, state: CardcassonneState, payload) -> tuple[Violation, ...]:
        if not isinstance(payload, str) or payload not in self._faces:
            return (refuse("unknown_card", cards=(str(payload),), payload=payload),)
        if payload in state.seen:
            return (refuse("card_already_seen", cards=(payload,), card=self.card_name(payload),
                           payload=payload),)
        return ()

    def _wrong_row(self, payload: str, colour: str) -> Violation:
        return refuse("wrong_row_colour", cards=(payload,), region=f"row-{colour}",
                      card=self.card_name(payload),
                      own=self.colour_name(self.face(payload)["colour"]), row=self.row_name(colour))

    def _check_end_of_row(self, state: CardcassonneState, colour: str, position, what: str,
                          cards: tuple[str, ...]) -> tuple[Violation, ...]:
        """A card or follower goes at the right-hand end of a row, never between two pieces."""
        if position is None:
            return ()
        row, region = self.row(state, colour), f"row-{colour}"
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            return (refuse("bad_position", cards=cards, region=region, position=position),)
        if position > len(row):  # a gap is not "the end of the row"
            return (refuse(f"past_end_of_row.{what}", cards=cards, region=region,
                           row=self.row_name(colour), place=position + 1,
                           next_place=len(row) + 1),)
        if position == len(row):
            return ()
        left = row[position - 1: position] if position > 0 else ()
        neighbours = tuple(self.slot_payload(state, s) for s in left + (row[position],))
        named = [self.piece_label(state, s) for s in left + (row[position],)]
        if not left:
            named.insert(0, say("scoring_board"))
        between = say("between", left=named[0], right=named[1])
        key = "position_occupied.follower" if what == "follower" else "card_between_cards"
        return (refuse(key, cards=cards + neighbours, region=region, between=between,
                       row=self.row_name(colour)),)

    def _add_slot(self, state: CardcassonneState, colour: str, slot: Slot) -> CardcassonneState:
        index = self.row_colours.index(colour)
        return replace(state, rows=replaced_at(state.rows, index, state.rows[index] + (slot,)))


class PlayCard:
    """`play_card`: a card at the end of a row."""

    def _check_play(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_players_turn(state, move)
        if problems:
            return problems
        seat, colour = move.player, move.get("row")
        payload = move.get("card")
        face_down = bool(move.get("face_down")) or payload == BACK
        problems = self._check_row(colour)
        if problems:
            return problems
        shown = (str(payload),) if payload not in (None, BACK) else (BACK,)
        if state.played[seat] >= state.hand:
            return (refuse("no_cards_left", cards=shown, region=f"row-{colour}",
                           player=state.names[seat], hand=state.hand),)
        problems = (self._check_face_down(state, seat, colour, payload) if face_down
                    else self._check_face_up(state, seat, colour, payload, shown))
        return problems or self._check_end_of_row(state, colour, move.get("position"), "card",
                                                  shown)

    def _check_face_down(self, state: CardcassonneState, seat: int, colour: str,
                         payload) -> tuple[Violation, ...]:
        if payload not in (None, BACK):
            return (refuse("face_down_card_named", cards=(str(payload),), region=f"row-{colour}"),)
        if state.face_down_played[seat]:
            return (refuse("second_face_down", cards=(BACK,), region=f"row-{colour}",
                           player=state.names[seat]),)
        return ()

    def _check_face_up(self, state: CardcassonneState, seat: int, colour: str, payload,
                       shown: tuple[str, ...]) -> tuple[Violation, ...]:
        if not state.face_down_played[seat]:
            return (refuse("first_card_face_down", cards=shown, region=f"row-{colour}",
                           player=state.names[seat]),)
        problems = self._check_card(state, payload)
        if problems:
            return problems
        if self.face(payload)["type"] not in JOKERS and self.face(payload)["colour"] != colour:
            return (self._wrong_row(payload, colour),)
        return ()

    def _do_play(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        seat, payload = move.player, move.get("card")
        face_down = bool(move.get("face_down")) or payload == BACK
        slot = Slot("card", None if face_down else payload, face_down, seat)
        state = self._add_slot(state, move["row"], slot)
        state = replace(state, played=replaced_at(state.played, seat, state.played[seat] + 1),
                        face_down_played=replaced_at(state.face_down_played, seat,
                                                     state.face_down_played[seat] or face_down),
                        seen=state.seen if face_down else state.seen | {payload})
        return self._next_turn(state)


class PlaceFollower:
    """`place_follower`: the large follower at the end of a row."""

    def _check_follower(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_players_turn(state, move)
        if problems:
            return problems
        seat, colour = move.player, move.get("row")
        problems = self._check_row(colour)
        if problems:
            return problems
        token = self._follower_of_colour[state.colours[seat]]
        placed = state.follower_row[seat]
        if placed is not None:
            return (refuse("follower_placed_twice", cards=(token,), region=f"row-{placed}",
                           player=state.names[seat], row=self.row_name(placed)),)
        problems = self._check_end_of_row(state, colour, move.get("position"), "follower",
                                          (token,))
        return problems or self._shared_place(state, colour, token)

    def _shared_place(self, state: CardcassonneState, colour: str,
                      token: str) -> tuple[Violation, ...]:
        """Two followers never share a position: with no card right of the last follower,
        the end of the row is that follower's place."""
        if colour in self.free_follower_rows(state):
            return ()
        row = self.row(state, colour)
        return (refuse("position_occupied.shared",
                       cards=(token, self.slot_payload(state, row[-1])), region=f"row-{colour}",
                       other=self.piece_label(state, row[-1]), row=self.row_name(colour)),)

    def _do_follower(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        seat = move.player
        state = self._add_slot(state, move["row"], Slot("follower", seat=seat))
        state = replace(state, follower_row=replaced_at(state.follower_row, seat, move["row"]),
                        last_follower=seat)
        return self._next_turn(state)


RULES = (
    MoveRule(name="play_card", player="seat",
             fields={"card": Optional(Str()), "row": ROW, "face_down": Bool(),
                     "position": Optional(POSITION)},
             required=("row",), check=PlayCard._check_play, effect=PlayCard._do_play,
             describe=Words._words_play_card),
    MoveRule(name="place_follower", player="seat",
             fields={"row": ROW, "position": Optional(POSITION)}, required=("row",),
             check=PlaceFollower._check_follower, effect=PlaceFollower._do_follower,
             describe=Words._words_place_follower),
)
