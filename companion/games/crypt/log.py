"""The game log in words: every move as the table would say it, and the names of cards
and places the sentences use. The sentences themselves are in words.py."""

from __future__ import annotations

from ...model import Move, Text
from .state import FACES, CryptState


def _spaced(zh: str) -> str:
    """A space before a number or Latin word set into a Chinese sentence ("翻開 2 張陶器")."""
    return f" {zh}" if zh[:1].isascii() else zh


class Words:
    """Names of cards and places, and every move put into words for the game log."""

    def type_name(self, kind: str, plural: bool = False) -> Text:
        entry = self.data.types[kind]
        return Text(entry["plural"] if plural else entry["en"], entry["zh-TW"])

    def card_name(self, payload: str | None, kind: str) -> Text:
        if payload is None:
            t = self.type_name(kind)
            return Text(f"face-down {t.en}", f"面朝下的{t.zh}")
        return self.catalogue.piece(payload).name

    def slot_name(self, state: CryptState, index: int) -> Text:
        slot = state.row[index]
        if slot is None:
            return Text(f"crypt card {index + 1}", f"地窖第 {index + 1} 張")
        name = self.card_name(slot.payload, slot.type)
        return Text(f"the {name.en} (crypt card {index + 1})",
                    f"{name.zh}（地窖第 {index + 1} 張）")

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
            return Text("The ghost", "鬼魂")
        return Text(state.names[seat], state.names[seat])

    def _crypt_card(self, state: CryptState, card) -> Text:
        if self._card_problem(state, card):
            raise ValueError(card)
        return self.slot_name(state, card)

    @staticmethod
    def _dice(count: int, effort) -> Text:
        if effort is None:
            return Text(f"{count} {'die' if count == 1 else 'dice'}", f"{count} 顆骰子")
        return Text(f"{count} {'die' if count == 1 else 'dice'} of {effort}",
                    f"{count} 顆 {effort} 點的骰子")

    def _flipped(self, kind: str, cards) -> Text:
        """The collected cards a collector flip names: "Idol 3", "an Idol", "2 Pottery"."""
        cards = list(cards) if isinstance(cards, (list, tuple)) else [cards]
        if any(c not in self.back_type and c not in self.treasures for c in cards) or not cards:
            raise ValueError(cards)
        if len(cards) == 1 and cards[0] in self.treasures:
            return self.treasures[cards[0]].name
        t = self.type_name(kind, plural=len(cards) > 1)
        if len(cards) == 1:
            return Text(f"{'an' if t.en[0] in 'AEIOU' else 'a'} {t.en}", f"一張{t.zh}")
        return Text(f"{len(cards)} {t.en}", f"{len(cards)} 張{t.zh}")

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
        return Text("the servant is exhausted", "僕人累倒了") if exhausted else \
            Text("the servant stays ready", "僕人沒有累倒")

    def _words_deal(self, state: CryptState, move: Move) -> Text:
        index = move.get("index")
        if index is None:
            index = state.row.index(None)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.row):
            raise ValueError(index)
        if move.get("card") is not None:
            name = self.treasures[move["card"]].name
            return Text(f"{name.en} is dealt face up as crypt card {index + 1}",
                        f"{name.zh} 正面朝上，發到地窖第 {index + 1} 張")
        t = self.type_name(self.back_type[move["back"]])
        return Text(f"A face-down {t.en} is dealt as crypt card {index + 1}",
                    f"一張面朝下的{t.zh}發到地窖第 {index + 1} 張")

    def _words_claim(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        parts = []
        for p in move["placements"]:
            card, dice, effort = p["card"], p["dice"], p["effort"]
            if not isinstance(dice, int) or not isinstance(effort, int):
                raise ValueError(p)
            here, slot = self._crypt_card(state, card), state.row[card]
            part = Text(f"{here.en} with {self._dice(dice, effort).en}",
                        f"用 {self._dice(dice, effort).zh}搶{here.zh}")
            if slot.owner not in (None, move.player) and dice * effort > slot.total:
                other = self._who(state, slot.owner)
                part = Text(f"{part.en}, pushing {other.en} off", f"{part.zh}，把 {other.zh} 擠掉")
            parts.append(part)
        if not parts:
            raise ValueError("empty claim")
        return Text(f"{who.en} claims " + " and ".join(p.en for p in parts),
                    f"{who.zh} " + "；".join(p.zh for p in parts))

    def _words_recover(self, state: CryptState, move: Move) -> Text:
        who, tired = self._who(state, move.player), state.exhausted[move.player]
        if not tired:
            return Text(f"{who.en} passes (no exhausted dice)", f"{who.zh} 沒有累倒的骰子，跳過")
        return Text(f"{who.en} rests: {self._dice(tired, None).en} ready again",
                    f"{who.zh} 休息：{self._dice(tired, None).zh}恢復了")

    def _words_place_die(self, state: CryptState, move: Move) -> Text:
        who, here = self._who(state, move.player), self._crypt_card(state, move["card"])
        effort = move.get("effort")
        if effort is None:
            return Text(f"{who.en} puts a die on {here.en} (its number was not read)",
                        f"{who.zh} 把一顆骰子放在{here.zh}上（看不清點數）")
        if not isinstance(effort, int) or isinstance(effort, bool):
            raise ValueError(effort)
        return Text(f"{who.en} puts a die showing {effort} on {here.en}",
                    f"{who.zh} 把一顆 {effort} 點的骰子放在{here.zh}上")

    def _words_remove_die(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return Text("A die is taken back", "一顆骰子被拿回來")
        who = self._who(state, seat)
        return Text(f"{who.en} takes a die back", f"{who.zh} 把一顆骰子拿回來")

    def _words_end_turn(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return Text("The turn ends", "回合結束")
        who = self._who(state, seat)
        return Text(f"{who.en} ends the turn", f"{who.zh} 結束這個回合")

    def _words_ghost_roll(self, state: CryptState, move: Move) -> Text:
        values = move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return Text("The ghost has no dice to roll", "鬼魂沒有骰子可以擲")
        return Text("The ghost rolls " + ", ".join(map(str, values)),
                    "鬼魂擲出 " + "、".join(map(str, values)))

    def _words_roll(self, state: CryptState, move: Move) -> Text:
        card, value = move["card"], move.get("value")
        here = self._crypt_card(state, card)
        index = self._next_roll(state, card)
        roll = state.rolls[index] if index is not None else None
        who = self._who(state, roll.owner if roll else move.player)
        tired = self._tired(value, move.get("exhausted"), roll.effort if roll else None)
        if value is None:
            return Text(f"{who.en}'s servant on {here.en}: {tired.en}",
                        f"{who.zh} 在{here.zh}上的骰子：{tired.zh}")
        said = Text(f"{who.en} rolls a {value} for the die on {here.en}",
                    f"{who.zh} 為{here.zh}上的骰子擲出 {value} 點")
        return said if tired is None else Text(f"{said.en}: {tired.en}", f"{said.zh}：{tired.zh}")

    def _words_end_collect(self, state: CryptState, move: Move) -> Text:
        return Text("Nobody re-rolls with an Idol: the round ends", "沒有人用偶像重擲：這回合結束")

    def _words_score_game(self, state: CryptState, move: Move) -> Text:
        return Text("Nobody flips Remains any more: the game is scored",
                    "沒有人再翻遺骨：遊戲計分")

    def _words_reroll(self, state: CryptState, move: Move) -> Text:
        who, idol = self._who(state, move.player), self._flipped("idols", [move["card"]])
        roll, value = move["roll"], move.get("value")
        if not isinstance(roll, int) or isinstance(roll, bool) or not 0 <= roll < len(state.rolls):
            raise ValueError(roll)
        tired = self._tired(value, move.get("exhausted"), state.rolls[roll].effort)
        said = Text(f"{who.en} flips {idol.en} to roll a die again",
                    f"{who.zh} 翻開{_spaced(idol.zh)}重擲一顆骰子")
        if value is not None:
            said = Text(f"{said.en} and gets a {value}", f"{said.zh}，擲出 {value} 點")
        return Text(f"{said.en}: {tired.en}", f"{said.zh}：{tired.zh}")

    def _words_peek(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        manuscript = self._flipped("manuscripts", [move["card"]])
        return Text(f"{who.en} flips {manuscript.en} to look at the face-down crypt cards",
                    f"{who.zh} 翻開{_spaced(manuscript.zh)}，偷看地窖裡面朝下的牌")

    def _words_take(self, state: CryptState, move: Move) -> Text:
        who, pots = self._who(state, move.player), self._flipped("pottery", move["cards"])
        here = self._crypt_card(state, move["index"])
        return Text(f"{who.en} flips {pots.en} to take {here.en}",
                    f"{who.zh} 翻開{_spaced(pots.zh)}，拿走{here.zh}")

    def _words_recover_one(self, state: CryptState, move: Move) -> Text:
        who, bones = self._who(state, move.player), self._flipped("remains", move["cards"])
        return Text(f"{who.en} flips {bones.en}: one exhausted die is ready again",
                    f"{who.zh} 翻開{_spaced(bones.zh)}：一顆累倒的骰子恢復了")

    def _words_identify(self, state: CryptState, move: Move) -> Text:
        who, name = self._who(state, move.player), self.treasures[move["card"]].name
        t = self.type_name(self.ttype(move["card"]))
        return Text(f"{who.en}'s face-down {t.en} is {name.en}",
                    f"{who.zh} 面朝下的{t.zh}是{name.zh}")

    def _words_tiebreak_roll(self, state: CryptState, move: Move) -> Text:
        who, values = self._who(state, move.player), move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return Text(f"{who.en} has no ready dice to break the tie",
                        f"{who.zh} 沒有可用的骰子來決勝")
        return Text(f"{who.en} rolls {', '.join(map(str, values))} to break the tie "
                    f"({sum(values)} in all)",
                    f"{who.zh} 擲出 {'、'.join(map(str, values))} 來決勝（共 {sum(values)} 點）")
