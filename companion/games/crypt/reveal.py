"""The reveal: cards dealt into the crypt, face up then face down (move `deal`)."""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Violation
from ...validation import Optional, Str
from ..moves import MoveRule
from .setup import CRYPT_PLACE
from .state import TYPES, CryptState, Slot
from .words import Words, _v


class Reveal:
    """`deal`: {card: payload} or {back: payload}, optional {index}: reveal one crypt card."""

    def _check_deal(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "reveal", "Cards are only dealt into the crypt at "
                                     "the start of a round.", "只有每回合開始時才能翻開地窖的寶藏卡。")
        if problems:
            return problems
        setup = self._setup(state.players)
        up = sum(1 for s in state.row if s is not None and s.face_up)
        down = sum(1 for s in state.row if s is not None and not s.face_up)
        index = move.get("index")
        if index is not None and (not isinstance(index, int) or not 0 <= index < len(state.row)):
            return [_v("no_such_card", f"The crypt has only {len(state.row)} places this round.",
                       f"這回合地窖只有 {len(state.row)} 個位置。")]
        if index is not None and state.row[index] is not None:
            return [_v("place_taken", f"Crypt place {index + 1} already holds a card.",
                       f"地窖第 {index + 1} 個位置已經有牌了。", region="crypt")]
        if move.get("card") is not None:
            payload = move["card"]
            if payload not in self.treasures:
                return [_v("unknown_card", f"{payload!r} is not a Crypt treasure card.",
                           f"{payload!r} 不是皇家地窖的寶藏卡。", [str(payload)])]
            if up >= setup.face_up:
                return [_v("too_many_face_up", f"Only {setup.face_up} cards are dealt face up "
                           f"each round with {state.players} players.",
                           f"{state.players} 人遊戲每回合只翻開 {setup.face_up} 張正面朝上的牌。",
                           [payload], "crypt")]
            return self._identity_problems(state, payload)
        back = move.get("back")
        if back not in self.back_type:
            return [_v("bad_move", "Say which card was dealt (its code) or which back shows.",
                       "請說明翻開的是哪張牌（代碼）或是哪種背面。")]
        if down >= setup.face_down:
            return [_v("too_many_face_down", f"Only {setup.face_down} cards are dealt face down "
                       f"each round with {state.players} players.",
                       f"{state.players} 人遊戲每回合只放 {setup.face_down} 張面朝下的牌。",
                       [back], "crypt")]
        kind = self.back_type[back]
        if self._remaining(state, kind) <= 0:
            t = self.type_name(kind, True)
            return [_v("none_left", f"No {t.en} are left in the deck.",
                       f"牌堆裡已經沒有{t.zh}了。", [back], "crypt")]
        return []

    def _do_deal(self, state: CryptState, move: Move) -> CryptState:
        index = move.get("index")
        if index is None:
            index = state.row.index(None)
        payload = move.get("card")
        if payload is not None:
            slot = Slot(self.ttype(payload), payload, True)
            state = replace(state, seen=state.seen | {payload})
        else:
            slot = Slot(self.back_type[move["back"]], None, False)
        counts = list(state.dealt_by_type)
        counts[TYPES.index(slot.type)] += 1
        row = list(state.row)
        row[index] = slot
        state = replace(state, row=tuple(row), dealt_by_type=tuple(counts))
        if all(s is not None for s in state.row):
            state = self._skip_ghost_nothing(replace(state, phase="claim", turn=0))
        return state

    def _remaining(self, state: CryptState, kind: str) -> int:
        return self.deck_count(state.players, kind) - state.dealt_by_type[TYPES.index(kind)]

    def _identity_problems(self, state: CryptState, payload: str,
                           dealt: bool = True) -> list[Violation]:
        """Is `payload` a card that may still turn up (in the deck, not already seen)?"""
        name = self.treasures[payload].name
        if payload not in self.deck_payloads(state.players):
            return [_v("card_not_in_game", f"{name.en} ({payload}) is not used with "
                       f"{state.players} players.", f"{state.players} 人遊戲不使用{name.zh}（{payload}）。",
                       [payload])]
        if payload in state.seen:
            return [_v("card_already_seen", f"{name.en} ({payload}) has already been dealt.",
                       f"{name.zh}（{payload}）已經出現過了。", [payload])]
        if dealt and self._remaining(state, self.ttype(payload)) <= 0:
            t = self.type_name(self.ttype(payload), True)
            return [_v("none_left", f"No {t.en} are left in the deck.", f"牌堆裡已經沒有{t.zh}了。",
                       [payload])]
        return []


# -- the move kinds: fields, who acts, check, effect and log words together ------------
RULES = (
    MoveRule(name="deal", player="none", fields={
        "card": Optional(Str()), "back": Optional(Str()), "index": Optional(CRYPT_PLACE)},
        one_of=("card", "back"), turn=None,
        check=Reveal._check_deal, effect=Reveal._do_deal, describe=Words._words_deal),
)
