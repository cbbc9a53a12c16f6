"""The game log in words: every move as the table would say it, and the names of cards
and places the sentences use. The sentences themselves are in words.py."""

from __future__ import annotations

from ...model import Move, Text
from .state import FACES, CryptState
from .words import WORDS, listed


def spaced(name: Text) -> Text:
    """A name set into a Chinese sentence right after a verb: a space before a number or a
    Latin word ("翻開 2 張陶器")."""
    return Text(name.en, f" {name.zh}" if name.zh[:1].isascii() else name.zh)


class GameLog:
    """Names of cards and places, and every move put into words for the game log."""

    def type_name(self, kind: str, plural: bool = False) -> Text:
        entry = self.data.types[kind]
        return Text(entry["plural"] if plural else entry["en"], entry["zh-TW"])

    def card_name(self, payload: str | None, kind: str) -> Text:
        if payload is None:
            t = self.type_name(kind)
            return WORDS("name.face_down", kind=t)
        return self.catalogue.piece(payload).name

    def slot_name(self, state: CryptState, index: int) -> Text:
        slot = state.row[index]
        if slot is None:
            return WORDS("name.crypt_card", place=index + 1)
        name = self.card_name(slot.payload, slot.type)
        return WORDS("name.crypt_card_named", name=name, place=index + 1)

    def describe_move(self, state: CryptState, move: Move) -> Text | None:
        try:
            return super().describe_move(state, move)  # the kind's words, from the MoveBook
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return None  # too mangled to put into words; check() says what is wrong

    def _who(self, state: CryptState, seat) -> Text:
        """The seat's name (the ghost says 鬼魂 in Chinese); raises on a seat that is not there."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
            raise ValueError(seat)
        if self.is_ghost(state, seat):
            return WORDS("name.ghost")
        return Text(state.names[seat], state.names[seat])

    def _crypt_card(self, state: CryptState, card) -> Text:
        if self._card_problem(state, card):
            raise ValueError(card)
        return self.slot_name(state, card)

    @staticmethod
    def _dice(count: int, effort) -> Text:
        if effort is None:
            return WORDS("name.dice.one" if count == 1 else "name.dice.many", count=count)
        return WORDS("name.dice_of.one" if count == 1 else "name.dice_of.many", count=count,
                     effort=effort)

    def _flipped(self, kind: str, cards) -> Text:
        """The collected cards a collector flip names: "Idol 3", "an Idol", "2 Pottery"."""
        cards = list(cards) if isinstance(cards, (list, tuple)) else [cards]
        if any(c not in self.back_type and c not in self.treasures for c in cards) or not cards:
            raise ValueError(cards)
        if len(cards) == 1 and cards[0] in self.treasures:
            return self.treasures[cards[0]].name
        t = self.type_name(kind, plural=len(cards) > 1)
        if len(cards) == 1:
            return WORDS("name.card.an" if t.en[0] in "AEIOU" else "name.card.a", kind=t)
        return WORDS("name.cards", count=len(cards), kind=t)

    @staticmethod
    def _tired(value, exhausted, effort) -> Text | None:
        """What a roll means for the servant; None while the effort to beat is unknown."""
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value not in FACES:
                raise ValueError(value)
            if effort is None:
                return None
            exhausted = value < effort
        elif not isinstance(exhausted, bool):
            raise ValueError(exhausted)
        return WORDS("log.exhausted") if exhausted else WORDS("log.stays_ready")

    def _words_deal(self, state: CryptState, move: Move) -> Text:
        index = move.get("index")
        if index is None:
            index = state.row.index(None)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.row):
            raise ValueError(index)
        if move.get("card") is not None:
            name = self.treasures[move["card"]].name
            return WORDS("log.deal.face_up", name=name, place=index + 1)
        t = self.type_name(self.back_type[move["back"]])
        return WORDS("log.deal.face_down", kind=t, place=index + 1)

    def _words_claim(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        parts = []
        for p in move["placements"]:
            card, dice, effort = p["card"], p["dice"], p["effort"]
            if not isinstance(dice, int) or not isinstance(effort, int):
                raise ValueError(p)
            here, slot = self._crypt_card(state, card), state.row[card]
            part = WORDS("log.claim.card", here=here, dice=self._dice(dice, effort))
            if slot.owner not in (None, move.player) and dice * effort > slot.total:
                other = self._who(state, slot.owner)
                part = WORDS("log.claim.push", part=part, other=other)
            parts.append(part)
        if not parts:
            raise ValueError("empty claim")
        cards = listed("list.cards", parts)
        return WORDS("log.claim", who=who, cards=cards)

    def _words_recover(self, state: CryptState, move: Move) -> Text:
        who, tired = self._who(state, move.player), state.exhausted[move.player]
        if not tired:
            return WORDS("log.recover.pass", who=who)
        return WORDS("log.recover", who=who, dice=self._dice(tired, None))

    def _words_place_die(self, state: CryptState, move: Move) -> Text:
        who, here = self._who(state, move.player), self._crypt_card(state, move["card"])
        effort = move.get("effort")
        if effort is None:
            return WORDS("log.place_die.unread", who=who, here=here)
        if not isinstance(effort, int) or isinstance(effort, bool):
            raise ValueError(effort)
        return WORDS("log.place_die", who=who, effort=effort, here=here)

    def _words_remove_die(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return WORDS("log.remove_die.nobody")
        who = self._who(state, seat)
        return WORDS("log.remove_die", who=who)

    def _words_end_turn(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return WORDS("log.end_turn.nobody")
        who = self._who(state, seat)
        return WORDS("log.end_turn", who=who)

    def _words_ghost_roll(self, state: CryptState, move: Move) -> Text:
        values = move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return WORDS("log.ghost_roll.none")
        rolled = listed("list.numbers", values)
        return WORDS("log.ghost_roll", rolled=rolled)

    def _words_roll(self, state: CryptState, move: Move) -> Text:
        card, value = move["card"], move.get("value")
        here = self._crypt_card(state, card)
        index = self._next_roll(state, card)
        roll = state.rolls[index] if index is not None else None
        who = self._who(state, roll.owner if roll else move.player)
        tired = self._tired(value, move.get("exhausted"), roll.effort if roll else None)
        if value is None:
            return WORDS("log.roll.entered", who=who, here=here, tired=tired)
        said = WORDS("log.roll", who=who, value=value, here=here)
        return said if tired is None else WORDS("log.roll.result", said=said, tired=tired)

    def _words_end_collect(self, state: CryptState, move: Move) -> Text:
        return WORDS("log.end_collect")

    def _words_score_game(self, state: CryptState, move: Move) -> Text:
        return WORDS("log.score_game")

    def _words_reroll(self, state: CryptState, move: Move) -> Text:
        who, idol = self._who(state, move.player), self._flipped("idols", [move["card"]])
        roll, value = move["roll"], move.get("value")
        if not isinstance(roll, int) or isinstance(roll, bool) or not 0 <= roll < len(state.rolls):
            raise ValueError(roll)
        tired = self._tired(value, move.get("exhausted"), state.rolls[roll].effort)
        said = WORDS("log.reroll", who=who, idol=spaced(idol))
        if value is not None:
            said = WORDS("log.reroll.value", said=said, value=value)
        return WORDS("log.roll.result", said=said, tired=tired)

    def _words_peek(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        manuscript = self._flipped("manuscripts", [move["card"]])
        return WORDS("log.peek", who=who, manuscript=spaced(manuscript))

    def _words_take(self, state: CryptState, move: Move) -> Text:
        who, pots = self._who(state, move.player), self._flipped("pottery", move["cards"])
        here = self._crypt_card(state, move["index"])
        return WORDS("log.take", who=who, cards=spaced(pots), here=here)

    def _words_recover_one(self, state: CryptState, move: Move) -> Text:
        who, bones = self._who(state, move.player), self._flipped("remains", move["cards"])
        return WORDS("log.recover_one", who=who, cards=spaced(bones))

    def _words_identify(self, state: CryptState, move: Move) -> Text:
        who, name = self._who(state, move.player), self.treasures[move["card"]].name
        t = self.type_name(self.ttype(move["card"]))
        return WORDS("log.identify", who=who, kind=t, name=name)

    def _words_tiebreak_roll(self, state: CryptState, move: Move) -> Text:
        who, values = self._who(state, move.player), move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return WORDS("log.tiebreak_roll.no_dice", who=who)
        rolled = listed("list.numbers", values)
        return WORDS("log.tiebreak_roll", who=who, rolled=rolled, total=sum(values))
