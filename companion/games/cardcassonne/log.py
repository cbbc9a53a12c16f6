"""Names a child can read, and each move put into words for the game log ("Ann plays Yellow
person 2 at the end of the yellow row"). The sentences themselves are in words.py."""

from __future__ import annotations

from ...model import Move, Text
from .state import BACK, CardcassonneState, Slot, face, find_claim, slot_payload
from .words import say


# -- names ----------------------------------------------------------------------------
def colour_name(game, colour: str) -> Text:
    return game._row_names.get(colour, Text(colour, colour))


def row_name(game, colour: str) -> Text:
    return say("row", colour=colour_name(game, colour))


def card_name(game, payload: str | None) -> Text:
    if payload is None or payload == BACK:
        return say("face_down_card")
    piece = game.catalogue.get(payload)
    return piece.name if piece else Text(payload, payload)


def player_colour_name(game, colour: str) -> Text:
    return game._player_colours.get(colour, Text(colour, colour))


def piece_label(game, state: CardcassonneState, slot: Slot) -> Text:
    """What a child sees in a row place: "Yellow person 2 (CCY09)", "Leo's follower"."""
    if slot.kind == "follower":
        return say("follower_of", player=state.names[slot.seat])
    payload = slot_payload(game, state, slot)
    name = card_name(game, payload)
    if payload == BACK:
        return name
    return say("card_with_payload", card=name, payload=payload)


def quoted(game, payload: str) -> Text:
    """A card name inside a Chinese sentence, in 「」 so "黃色人民卡 2" does not run on."""
    return say("quoted_card", card=card_name(game, payload))


# -- the game log -----------------------------------------------------------------------
def log_parts(game, state: CardcassonneState, move: Move):
    """(who, row name or None, quoted card or None); a reveal by the table is the dealer's."""
    seat = state.dealer if move.kind == "reveal" and move.player is None else move.player
    colour, payload = move.get("row"), move.get("card")
    row = row_name(game, colour) if colour is not None else None
    card = quoted(game, payload) if payload in game._faces else None
    return state.names[seat], row, card


def words_reveal(game, state: CardcassonneState, move: Move) -> Text | None:
    parts = log_parts(game, state, move)
    if parts[2] is None:
        return None
    name, row, card = parts
    own = face(game, move["card"]).get("colour")  # None for a joker
    row = row or (row_name(game, own) if own else None)
    if row is None:
        return say("log.reveal", player=name, card=card)
    return say("log.reveal_in_row", player=name, card=card, row=row)


def words_play_card(game, state: CardcassonneState, move: Move) -> Text | None:
    parts = log_parts(game, state, move)
    if parts[1] is None:
        return None
    name, row, card = parts
    if bool(move.get("face_down")) or move.get("card") == BACK:  # as the check reads it
        return say("log.play_face_down", player=name, row=row)
    if card is not None:
        return say("log.play_card", player=name, card=card, row=row)
    return None


def words_place_follower(game, state: CardcassonneState, move: Move) -> Text | None:
    parts = log_parts(game, state, move)
    if parts[1] is None:
        return None
    return say("log.place_follower", player=parts[0], row=parts[1])


def log_place(game, state: CardcassonneState, move: Move):
    """(who, "the yellow row, place 3", quoted card or None) for a scoring move."""
    parts = log_parts(game, state, move)
    if parts[1] is None:
        return None
    position = move.get("position")
    if position is None:
        return None
    name, row, card = parts
    return name, say("row_place", row=row, place=position + 1), card


def words_reveal_face_down(game, state: CardcassonneState, move: Move) -> Text | None:
    parts = log_place(game, state, move)
    if parts[2] is None:
        return None
    name, place, card = parts
    return say("log.reveal_face_down", player=name, place=place, card=card)


def words_choose(game, state: CardcassonneState, move: Move) -> Text | None:
    parts = log_place(game, state, move)
    if parts is None or move.get("option") not in ("score", "keep"):
        return None
    name, place, _ = parts
    claim = find_claim(game, state, move.get("row"), move.get("position"))
    taken = claim.card if claim is not None else None
    what = quoted(game, taken) if taken is not None else say("log.card_from", place=place)
    if move.get("option") == "score":
        return say("log.choose_score", player=name, card=what, points=game.data.points.non_matching)
    kind = face(game, taken)["type"] if taken is not None else None
    key = {"animal": "log.keep_animal", "building": "log.keep_building"}.get(kind, "log.keep")
    return say(key, player=name, card=what)
