"""What is legal now (hints for teaching, moves for random playouts) and the rules notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from .state import TYPES, CryptState


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
            hints.append(Hint(Text(f"Deal {s.face_up} cards face up, then {s.face_down} face "
                                   f"down, in one row.", f"翻開 {s.face_up} 張正面朝上的牌，再放 "
                                   f"{s.face_down} 張面朝下的牌，排成一排。"), "crypt"))
        elif state.phase == "claim":
            actor = self.actor(state)
            if self.is_ghost(state, actor):
                n = self.ghost_dice_to_roll(state)
                hints.append(Hint(Text(f"Ghost's turn: roll {n} ghost dice and enter the numbers.",
                                       f"鬼魂的回合：擲 {n} 顆鬼魂骰子並輸入點數。"), "roll",
                                  {"ghost_dice": n}))
            else:
                name = state.names[actor]
                if state.ready[actor] == 0:
                    hints.append(Hint(Text(f"{name} has no ready dice and must recover.",
                                           f"{name} 沒有可用的骰子，必須恢復。")))
                else:
                    limit = (" Lights Out: only one card this turn." if self.last_turn(state)
                             else "")
                    limit_zh = "熄燈火炬：這回合只能放一張卡。" if self.last_turn(state) else ""
                    hints.append(Hint(Text(f"{name}: put ready dice on cards (all dice on a card "
                                           f"show the same number) or recover.{limit}",
                                           f"{name}：把可用的骰子放到寶藏卡上（同一張卡的骰子點數要相同），"
                                           f"或是恢復骰子。{limit_zh}"), "crypt"))
                    for i, slot in enumerate(state.row):
                        if slot is not None and slot.owner is not None and slot.owner != actor:
                            here = self.slot_name(state, i)
                            hints.append(Hint(Text(f"To take {here.en} you need more than "
                                                   f"{slot.total}.", f"要搶{here.zh}，努力值必須大於 "
                                                   f"{slot.total}。"), "crypt",
                                              {"card": i, "beat": slot.total}))
        elif state.phase == "collect":
            for r in state.rolls:
                if r.failed is None:
                    name = state.names[r.owner]
                    hints.append(Hint(Text(f"{name}: roll the die from crypt card {r.card + 1} "
                                           f"(effort {r.effort}); below {r.effort} it is exhausted.",
                                           f"{name}：擲地窖第 {r.card + 1} 張卡上的骰子（努力值 {r.effort}），"
                                           f"小於 {r.effort} 就累倒。"), "roll",
                                      {"card": r.card, "effort": r.effort}))
                    break
        elif state.phase == "before_scoring":
            names = " & ".join(state.names[s] for s in self.current_players(state))
            hints.append(Hint(Text(f"Before final scoring, {names} may still flip 2 Remains to "
                                   f"recover an exhausted die; then score the game.",
                                   f"最後計分之前，{names} 還可以翻 2 張遺骨恢復一顆累倒的骰子；"
                                   f"然後計分。")))
        elif state.phase == "final_reveal":
            hints.append(Hint(Text("Game over: turn every collected card face up to count it.",
                                   "遊戲結束：把收集的寶藏卡全部翻開來計分。")))
        elif state.phase == "tiebreak":
            names = " & ".join(state.names[s] for s in self.current_players(state))
            hints.append(Hint(Text(f"Tie! {names}: roll all your ready dice.",
                                   f"平手！{names}：擲出所有可用的骰子。"), "roll"))
        for card, dice, effort in state.ghost_last:
            here = self.slot_name(state, card) if state.row[card] else Text("", "")
            hints.append(Hint(Text(f"Set the ghost's dice: {dice} × {effort} on {here.en}.",
                                   f"擺放鬼魂的骰子：{dice} 顆 {effort} 點放在{here.zh}。"), "crypt",
                              {"ghost": True, "card": card, "dice": dice, "effort": effort}))
        return tuple(hints)

    def rules_notes(self) -> tuple[Text, ...]:
        notes = [Text(
            "Torches pass to the left each round: the next player clockwise becomes Leader and "
            "the old Leader takes Lights Out, so acts last (2 players: both cards go to the "
            "other player).", "每回合兩張火炬卡傳給左手邊的玩家：順時針下一位成為起始玩家，原本的起始玩家"
            "拿熄燈火炬，下一回合最後行動（2 人遊戲：兩張火炬卡都交給另一位玩家）。")]
        notes.append(Text(
            "Solo: the torches alternate between you and the ghost every round, as in a "
            "2-player game. When the ghost holds them it leads, rolling all its dice, and also "
            "takes the Lights Out turn, re-rolling only the dice you pushed off and placing only "
            "its best group.",
            "單人遊戲：兩張火炬卡每回合在你和鬼魂之間輪流傳遞，就像 2 人遊戲。鬼魂拿著火炬時由它先行動，"
            "擲全部骰子；它也負責熄燈回合，只重擲被你擠掉的骰子，並且只放最好的一組。"))
        return tuple(notes)
