"""The game log in words: every move as the table would say it, and the names of cards
and places the sentences use. The sentences themselves are in words.py."""

from __future__ import annotations

from ...model import Move, Text
from . import setup as box
from .state import CryptState, is_ghost, next_roll
from .words import WORDS, listed


def spaced(name: Text) -> Text:
    """A name set into a Chinese sentence right after a verb: a space before a number or a
    Latin word ("翻開 2 張陶器")."""
    return Text(name.en, f" {name.zh}" if name.zh[:1].isascii() else name.zh)


# -- names of cards and places, and every move put into words for the game log ----------------
def type_name(game, kind: str, plural: bool = False) -> Text:
    entry = game.data.types[kind]
    return Text(entry["plural"] if plural else entry["en"], entry["zh-TW"])


def card_name(game, payload: str | None, kind: str) -> Text:
    if payload is None:
        t = type_name(game, kind)
        return WORDS("name.face_down", kind=t)
    return game.catalogue.piece(payload).name


def slot_name(game, state: CryptState, index: int) -> Text:
    slot = state.row[index]
    if slot is None:
        return WORDS("name.crypt_card", place=index + 1)
    name = card_name(game, slot.payload, slot.type)
    return WORDS("name.crypt_card_named", name=name, place=index + 1)


# Each move's words for the log. The move passed the field checks of its kind, so every
# field has its type and range; a move may still name what this state does not have (a
# crypt place taken with Pottery B, a card code no card has): its words are then None, and
# the dashboard shows the move's kind and fields while check() says what is wrong.
def seat_words(game, state: CryptState, seat) -> Text:
    """The seat's name (the ghost says 鬼魂 in Chinese)."""
    if is_ghost(state, seat):
        return WORDS("name.ghost")
    return Text(state.names[seat], state.names[seat])


def crypt_card(game, state: CryptState, card: int) -> Text | None:
    """The crypt card at place `card`; None when that place holds no card."""
    if state.row[card] is None:
        return None
    return slot_name(game, state, card)


def dice_words(count: int, effort) -> Text:
    if effort is None:
        return WORDS("name.dice.one" if count == 1 else "name.dice.many", count=count)
    return WORDS(
        "name.dice_of.one" if count == 1 else "name.dice_of.many", count=count, effort=effort
    )


def flipped(game, kind: str, cards: list[str]) -> Text | None:
    """The collected cards a collector flip names: "Idol 3", "an Idol", "2 Pottery"; None
    when a name is no card's code."""
    if any(c not in game.back_type and c not in game.treasures for c in cards):
        return None
    if len(cards) == 1 and cards[0] in game.treasures:
        return game.treasures[cards[0]].name
    t = type_name(game, kind, plural=len(cards) > 1)
    if len(cards) == 1:
        return WORDS("name.card.an" if t.en[0] in "AEIOU" else "name.card.a", kind=t)
    return WORDS("name.cards", count=len(cards), kind=t)


def roll_words(value: int | None, exhausted: bool, effort: int | None) -> Text | None:
    """What a roll means for the servant; None while the effort to beat is unknown."""
    if value is not None:
        if effort is None:
            return None
        exhausted = value < effort
    return WORDS("log.exhausted") if exhausted else WORDS("log.stays_ready")


def words_deal(game, state: CryptState, move: Move) -> Text | None:
    index = move.get("index")
    if index is None:
        if None not in state.row:
            return None  # the crypt is full: nowhere to deal
        index = state.row.index(None)
    card = move.get("card")
    if card is not None:
        if card not in game.treasures:
            return None
        return WORDS("log.deal.face_up", name=game.treasures[card].name, place=index + 1)
    if move["back"] not in game.back_type:
        return None
    t = type_name(game, game.back_type[move["back"]])
    return WORDS("log.deal.face_down", kind=t, place=index + 1)


def words_claim(game, state: CryptState, move: Move) -> Text | None:
    who = seat_words(game, state, move.player)
    parts = []
    for p in move["placements"]:
        card, dice, effort = p["card"], p["dice"], p["effort"]
        here, slot = crypt_card(game, state, card), state.row[card]
        if here is None or slot is None:
            return None
        part = WORDS("log.claim.card", here=here, dice=dice_words(dice, effort))
        if slot.owner not in (None, move.player) and dice * effort > slot.total:
            other = seat_words(game, state, slot.owner)
            part = WORDS("log.claim.push", part=part, other=other)
        parts.append(part)
    cards = listed("list.cards", parts)
    return WORDS("log.claim", who=who, cards=cards)


def words_recover(game, state: CryptState, move: Move) -> Text:
    who, tired = seat_words(game, state, move.player), state.exhausted[move.player]
    if not tired:
        return WORDS("log.recover.pass", who=who)
    return WORDS("log.recover", who=who, dice=dice_words(tired, None))


def words_place_die(game, state: CryptState, move: Move) -> Text | None:
    who, here = seat_words(game, state, move.player), crypt_card(game, state, move["card"])
    if here is None:
        return None
    effort = move.get("effort")
    if effort is None:
        return WORDS("log.place_die.unread", who=who, here=here)
    return WORDS("log.place_die", who=who, effort=effort, here=here)


def words_remove_die(game, state: CryptState, move: Move) -> Text:
    seat = move.player if move.player is not None else state.pending_player
    if seat is None:
        return WORDS("log.remove_die.nobody")
    who = seat_words(game, state, seat)
    return WORDS("log.remove_die", who=who)


def words_end_turn(game, state: CryptState, move: Move) -> Text:
    seat = move.player if move.player is not None else state.pending_player
    if seat is None:
        return WORDS("log.end_turn.nobody")
    who = seat_words(game, state, seat)
    return WORDS("log.end_turn", who=who)


def words_ghost_roll(game, state: CryptState, move: Move) -> Text:
    rolled = listed("list.numbers", move["values"])
    return WORDS("log.ghost_roll", rolled=rolled)


def words_roll(game, state: CryptState, move: Move) -> Text | None:
    card, value, exhausted = move["card"], move.get("value"), move.get("exhausted")
    here = crypt_card(game, state, card)
    if here is None or (value is None and exhausted is None):
        return None  # no card there, or a die nobody read
    index = next_roll(state, card)
    roll = state.rolls[index] if index is not None else None
    who = seat_words(game, state, roll.owner if roll else move.player)
    tired = roll_words(value, exhausted, roll.effort if roll else None)
    if value is None:
        return WORDS("log.roll.entered", who=who, here=here, tired=tired)
    said = WORDS("log.roll", who=who, value=value, here=here)
    return said if tired is None else WORDS("log.roll.result", said=said, tired=tired)


def words_end_collect(game, state: CryptState, move: Move) -> Text:
    return WORDS("log.end_collect")


def words_score_game(game, state: CryptState, move: Move) -> Text:
    return WORDS("log.score_game")


def words_reroll(game, state: CryptState, move: Move) -> Text | None:
    who, idol = seat_words(game, state, move.player), flipped(game, "idols", [move["card"]])
    roll, value, exhausted = move["roll"], move.get("value"), move.get("exhausted")
    if idol is None or roll >= len(state.rolls) or (value is None and exhausted is None):
        return None  # no such card or roll, or a die nobody read
    tired = roll_words(value, exhausted, state.rolls[roll].effort)
    said = WORDS("log.reroll", who=who, idol=spaced(idol))
    if value is not None:
        said = WORDS("log.reroll.value", said=said, value=value)
    return WORDS("log.roll.result", said=said, tired=tired)


def words_peek(game, state: CryptState, move: Move) -> Text | None:
    who = seat_words(game, state, move.player)
    manuscript = flipped(game, "manuscripts", [move["card"]])
    if manuscript is None:
        return None
    return WORDS("log.peek", who=who, manuscript=spaced(manuscript))


def words_take(game, state: CryptState, move: Move) -> Text | None:
    who, pots = seat_words(game, state, move.player), flipped(game, "pottery", move["cards"])
    here = crypt_card(game, state, move["index"])
    if pots is None or here is None:
        return None
    return WORDS("log.take", who=who, cards=spaced(pots), here=here)


def words_recover_one(game, state: CryptState, move: Move) -> Text | None:
    who, bones = seat_words(game, state, move.player), flipped(game, "remains", move["cards"])
    if bones is None:
        return None
    return WORDS("log.recover_one", who=who, cards=spaced(bones))


def words_identify(game, state: CryptState, move: Move) -> Text | None:
    if move["card"] not in game.treasures:
        return None
    who, name = seat_words(game, state, move.player), game.treasures[move["card"]].name
    t = type_name(game, box.ttype(game, move["card"]))
    return WORDS("log.identify", who=who, kind=t, name=name)


def words_tiebreak_roll(game, state: CryptState, move: Move) -> Text:
    who, values = seat_words(game, state, move.player), move["values"]
    rolled = listed("list.numbers", values)
    return WORDS("log.tiebreak_roll", who=who, rolled=rolled, total=sum(values))
