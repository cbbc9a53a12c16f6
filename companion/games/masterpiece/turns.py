"""Turn order and phases: what each phase waits for, who may act, the shared checks on who
makes a move and which painting it names, and passing play clockwise to the next seat."""

from __future__ import annotations

from dataclasses import replace

from ...model import Move, Text, Violation
from ..moves import MoveRule
from . import log
from .state import MasterpieceState, Notice, eligible_bidders, left_of, next_deal_seat, owner
from .words import WORDS, _one

PHASE_MOVES = {
    "setup": ("deal", "place_pawn", "start"),
    "draw": ("draw_value", "place_pawn"),
    "roll": ("roll",),
    "easel": ("easel",),
    "pick": ("pick",),
    "auction": ("bid", "tie", "overbid", "hammer", "no_sale"),
    "collect": ("take_cash", "take_value"),
    "inherit": ("inherit",),
    "buy_bank": ("buy", "pass"),
    "sell_value": ("sell", "pass"),
    "buy_player": ("buy", "pass"),
    "must_sell": ("sell",),
    "over": (),
}


# -- Whose turn, what the phase allows, and the end of a turn. --------------------------------
def check_turn(game, state: MasterpieceState, move: Move,
               rule: MoveRule) -> tuple[Violation, ...]:
    """The game goes on, the player is a seat, and the move fits the phase; each move's
    own check then says whose move it is."""
    if state.phase == "over":
        return _one("game_over", "The game is over: the bank has no paintings left.",
                    "遊戲已經結束：銀行的名畫都賣完了。")
    if move.player is not None and (not isinstance(move.player, int) or isinstance(move.player, bool)
                                    or not 0 <= move.player < state.players):
        return _one("unknown_player", f"There is no player {move.player!r} in this game.",
                    f"這場遊戲沒有玩家 {move.player!r}。")
    if move.kind not in PHASE_MOVES[state.phase]:
        wait, doing = waiting_for(game, state), WORDS(f"move.{move.kind}")
        return _one("not_now", f"{doing.en} is not possible now; the game waits for this: "
                    f"{wait.en}", f"現在不能{doing.zh}；現在要做的是：{wait.zh}")
    return ()


def waiting_for(game, state: MasterpieceState) -> Text:
    """What the game waits for, in words."""
    phase = state.phase
    name = state.names[state.active] if state.active is not None else ""
    if phase == "setup":
        if state.dealt < state.players:
            who = state.names[next_deal_seat(game, state)]
            return Text(f"deal {who} a painting and a value card.",
                        f"發給 {who} 一幅名畫和一張價值卡。")
        return Text("place every pawn, then say who rolled highest (start).",
                    "放好所有棋子，再指定擲骰點數最大的玩家開始。")
    if phase == "draw":
        who = state.names[state.draw.player]
        return Text(f"{who} takes a value card.", f"{who} 拿一張價值卡。")
    if phase == "roll":
        return Text(f"{name} rolls the die.", f"{name} 擲骰子。")
    if phase == "easel":
        return Text("put the top bank painting on the easel.", "把銀行最上面的名畫放上畫架。")
    if phase == "pick":
        picker = state.names[left_of(game, state, state.active)]
        return Text(f"{picker} picks which of {name}'s paintings is auctioned.",
                    f"{picker} 從 {name} 的畫作中挑一幅拍賣。")
    if phase == "auction":
        return Text("the auction goes on: bid, or bring the hammer down.",
                    "拍賣進行中：出價，或由拍賣官落槌。")
    if phase == "over":
        return Text("nothing: the game is over.", "沒有：遊戲已經結束。")
    space = log.space_text(game, state.space)
    return Text(f"{name} carries out the space. {space.en}", f"{name} 執行格子的動作。{space.zh}")


def is_over(game, state: MasterpieceState) -> bool:
    return state.phase == "over"


def current_players(game, state: MasterpieceState) -> tuple[int, ...]:
    if state.phase == "over":
        return ()
    if state.phase == "draw":
        return (state.draw.player,)
    if state.phase == "setup":
        return tuple(range(state.players))
    if state.phase == "pick":
        return (left_of(game, state, state.active),)
    if state.phase == "auction":
        bidders = set(eligible_bidders(game, state))
        return tuple(sorted(bidders | {state.auction.auctioneer}))
    return (state.active,)


def check_actor(game, state: MasterpieceState, move: Move, seat: int,
                allow_none: bool = False) -> tuple[Violation, ...]:
    if move.player is None and allow_none:
        return ()
    if move.player != seat:
        expected = state.names[seat]
        who = state.names[move.player] if move.player is not None else "nobody"
        return _one("out_of_turn", f"This is for {expected} to do, not {who}.",
                    f"這一步應該由 {expected} 來做，不是 {who}。")
    return ()


def check_painting_payload(game, payload, phase: str = "") -> tuple[Violation, ...]:
    if isinstance(payload, str) and payload in game.paintings:
        return ()
    kind = log.card_kind(game, payload) if isinstance(payload, str) else None
    if kind is None:
        return _one("unknown_card", f"{payload!r} is not a Masterpiece painting.",
                    f"{payload!r} 不是曠世鉅作的名畫卡。", cards=(str(payload),))
    why = WORDS(f"wants_painting.{phase}" if f"wants_painting.{phase}" in WORDS
                else "wants_painting")
    return _one("not_a_painting", f"{payload} is {kind.en}, not a painting: {why.en}.",
                f"{payload} 是{kind.zh}，不是名畫卡：{why.zh}。", cards=(payload,))


def check_bank_painting(game, state: MasterpieceState, payload) -> tuple[Violation, ...]:
    problems = check_painting_payload(game, payload, state.phase)
    if problems:
        return problems
    if payload not in state.bank:
        where = log.where_is(game, state, payload)
        return _one("painting_not_in_bank",
                    f"{log.painting_name(game, payload).en} is not in the bank's pile: {where.en}",
                    f"{log.painting_name(game, payload).zh} 不在銀行的名畫堆裡：{where.zh}",
                    cards=(payload,))
    return ()


def check_own_painting(game, state: MasterpieceState, seat: int, payload) -> tuple[Violation, ...]:
    problems = check_painting_payload(game, payload, state.phase)
    if problems:
        return problems
    if owner(state, payload) != seat:
        where = log.where_is(game, state, payload)
        return _one("not_your_painting",
                    f"{state.names[seat]} does not own {log.painting_name(game, payload).en}: {where.en}",
                    f"{state.names[seat]} 沒有 {log.painting_name(game, payload).zh}：{where.zh}",
                    cards=(payload,), region=f"player{seat}")
    return ()


def note(state: MasterpieceState, code: str, en: str, zh: str) -> MasterpieceState:
    return replace(state, journal=state.journal + (Notice(code, Text(en, zh), state.turns),))


def resume(game, state: MasterpieceState, resume: str) -> MasterpieceState:
    state = replace(state, draw=None)
    if resume == "setup":
        return replace(state, phase="setup")
    return end_turn(game, state)


def end_turn(game, state: MasterpieceState) -> MasterpieceState:
    """Clockwise to the next seat that has no lost turn; the game ends with the bank's pile."""
    state = replace(state, auction=None, draw=None, space=None)
    if not state.bank:
        return note(replace(state, phase="over", active=None), "game_over",
                    "The bank has no paintings left: the game is over. Turn the value "
                    "cards face up for the final count.",
                    "銀行的名畫都賣完了，遊戲結束。請把價值卡翻開結算。")
    seat = state.active
    skips = list(state.skips)
    while True:
        seat = left_of(game, state, seat)
        if skips[seat] == 0:
            break
        skips[seat] -= 1
        state = note(state, "turn_lost", f"{state.names[seat]} loses this turn.",
                     f"{state.names[seat]} 喪失這一回合。")
    return replace(state, phase="roll", active=seat, skips=tuple(skips),
                   turns=state.turns + 1)
