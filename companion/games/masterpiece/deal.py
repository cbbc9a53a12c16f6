"""Set-up and value cards: each painting dealt from the banker, pawns placed, the start,
and a value card drawn to go face down under a painting.

Moves: `deal` {painting} to the next seat from the banker; `place_pawn` {space}; `start`
(player = the seat that rolled highest); `draw_value` {card, painting?}: the value card owed
now (`painting` only when the player chooses where it goes, on a "collect" space).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ...validation import Int, Optional, Str
from ..moves import MoveRule
from . import log, payments, turns
from .setup import PAINTING, ring_spaces
from .state import Holding, MasterpieceState, draw_pile, next_deal_seat
from .words import _one


# -- Checks and effects of the set-up moves and of drawing a value card, side by side. --------
def check_deal(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    if state.dealt >= state.players:
        return _one("already_dealt", "Every player already has a starting painting.",
                    "每位玩家都已經拿到起始名畫了。")
    problems = turns.check_actor(game, state, move, next_deal_seat(game, state))
    if problems:
        who = state.names[next_deal_seat(game, state)]
        return _one("wrong_deal_order",
                    f"Paintings are dealt in turn from the banker: {who} is next.",
                    f"名畫從銀行行長開始依序發放：下一位是 {who}。")
    return turns.check_bank_painting(game, state, move.get("painting"))


def apply_deal(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    painting = move["painting"]
    state = replace(state, bank=tuple(p for p in state.bank if p != painting),
                    dealt=state.dealt + 1)
    state = payments.give(game, state, move.player, Holding(painting))
    return payments.owe_draw(game, state, move.player, painting, "setup")


def check_place_pawn(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    if state.active is not None:
        return _one("not_now", "Pawns are placed before the game starts; after that they move "
                    "only by the die.", "棋子只在遊戲開始前擺放，之後只能依骰子點數移動。",
                    region="ring")
    if move.player is None:
        return _one("unknown_player", "Say whose pawn this is.", "請說明這是誰的棋子。")
    space = move.get("space")
    if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < len(game.spaces):
        return _one("bad_space", f"Space {space!r} is not on the board (0 to {len(game.spaces) - 1}).",
                    f"格子 {space!r} 不在圖板上（0 到 {len(game.spaces) - 1}）。", region="ring")
    return ()


def apply_place_pawn(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    positions = list(state.positions)
    positions[move.player] = move["space"]
    return replace(state, positions=tuple(positions))


def check_start(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    if move.player is None:
        return _one("unknown_player", "Say who rolled highest: that player starts.",
                    "請指定擲骰點數最大的玩家，由他開始。")
    missing = []
    if state.dealt < state.players:
        missing.append(Text(f"{state.players - state.dealt} players still need a painting",
                            f"還有 {state.players - state.dealt} 位玩家沒拿到名畫"))
    unplaced = [state.names[s] for s, p in enumerate(state.positions) if p is None]
    if unplaced:
        missing.append(Text(f"pawns not placed: {', '.join(unplaced)}",
                            f"還沒放棋子：{'、'.join(unplaced)}"))
    if missing:
        return _one("setup_incomplete",
                    "Set-up is not finished: " + "; ".join(m.en for m in missing) + ".",
                    "準備還沒完成：" + "；".join(m.zh for m in missing) + "。")
    return ()


def apply_start(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    name = state.names[move.player]
    state = replace(state, phase="roll", active=move.player, turns=1)
    return turns.note(state, "start", f"{name} rolled highest and starts; play goes clockwise.",
                      f"{name} 擲出最大點數，先開始；依順時針方向進行。")


def check_draw_value(game, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
    draw = state.draw
    problems = turns.check_actor(game, state, move, draw.player)
    if problems:
        return problems
    card = move.get("card")
    if not isinstance(card, str) or card not in game.values:
        kind = log.card_kind(game, card) if isinstance(card, str) else None
        if kind is not None:
            return _one("not_a_value_card",
                        f"{card} is {kind.en}, not a value card: draw the top card of the "
                        f"value pile.",
                        f"{card} 是{kind.zh}，不是價值卡：請從價值卡牌堆抽最上面的一張。",
                        cards=(card,))
        return _one("unknown_card", f"{card!r} is not a Masterpiece value card.",
                    f"{card!r} 不是曠世鉅作的價值卡。", cards=(str(card),))
    pile = draw_pile(state)
    if card not in pile:
        return _one("value_not_in_deck",
                    "That value card is not in the draw pile: it already lies under a painting "
                    "or was discarded.",
                    "這張價值卡不在牌堆裡：它已經在某幅畫下面，或已被棄置。", cards=(card,))
    if draw.painting is None:
        return turns.check_own_painting(game, state, draw.player, move.get("painting"))
    if move.get("painting") not in (None, draw.painting):
        return _one("wrong_painting",
                    f"This value card goes under {log.painting_name(game, draw.painting).en}.",
                    f"這張價值卡要放在 {log.painting_name(game, draw.painting).zh} 下面。",
                    cards=(draw.painting,))
    return ()


def apply_draw_value(game, state: MasterpieceState, move: Move) -> MasterpieceState:
    draw = state.draw
    card = move["card"]
    if not state.deck:
        state = turns.note(replace(state, deck=state.discard, discard=()), "reshuffle",
                           "The value deck ran out: the discarded value cards are shuffled "
                           "into a new deck.",
                           "價值卡用完了：把棄牌區的價值卡洗勻，形成新的牌堆。")
    painting = draw.painting or move["painting"]
    seat = draw.player
    state = replace(state, deck=tuple(c for c in state.deck if c != card))
    state, holding = payments.take(game, state, seat, painting)
    state = payments.give(game, state, seat, replace(holding, values=holding.values + (card,)))
    return turns.resume(game, state, draw.resume)


# -- the move kinds: fields, who acts, check, effect and log words together ------------------
RULES = (
    MoveRule(name="deal", player="seat", fields={"painting": PAINTING}, required=("painting",),
             check=check_deal, effect=apply_deal, describe=log.deal),
    MoveRule(name="place_pawn", player="seat",
             fields={"space": Int(0, lambda c: ring_spaces(c) - 1)}, required=("space",),
             check=check_place_pawn, effect=apply_place_pawn, describe=log.place_pawn),
    MoveRule(name="start", player="seat",
             check=check_start, effect=apply_start, describe=log.start),
    MoveRule(name="draw_value", player="seat",
             fields={"card": Str(), "painting": Optional(PAINTING)}, required=("card",),
             check=check_draw_value, effect=apply_draw_value, describe=log.draw_value),
)
