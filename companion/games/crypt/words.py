"""Every sentence Crypt's rules speak, keyed, English and Traditional Chinese side by side.

A sentence's {placeholders} are filled by `say`; a Text value fills the English sentence
with its English words and the Chinese sentence with its Chinese words. A refusal's key
starts with its stable code ("wrong_phase.deal" is refused with code "wrong_phase").
"""

from __future__ import annotations

from typing import Any, Iterable

from ...model import Text, Violation

SENTENCES: dict[str, tuple[str, str]] = {
    # turns
    "game_over": ("The game is over.", "遊戲已經結束了。"),
    "unknown_player": ("There is no player {seat!r} in this game.", "這場遊戲沒有玩家 {seat!r}。"),
    "wrong_phase.claim": ("This can only be done while claiming treasure.", "這只能在宣告寶藏階段做。"),
    "not_your_turn": ("It is {actor}'s turn, not {player}'s.", "現在輪到 {actor}，不是 {player}。"),
    "not_your_turn.end_turn": ("Only {player} can end this turn.", "只有 {player} 可以結束這個回合。"),
    "ghost_turn": ("It is the ghost's turn: roll its dice and enter them.", "現在輪到鬼魂：請擲它的骰子並輸入點數。"),
    # the reveal
    "wrong_phase.deal": (
        "Cards are only dealt into the crypt at the start of a round.",
        "只有每回合開始時才能翻開地窖的寶藏卡。"),
    "no_such_card.place": (
        "The crypt has only {places} places this round.",
        "這回合地窖只有 {places} 個位置。"),
    "place_taken": ("Crypt place {place} already holds a card.", "地窖第 {place} 個位置已經有牌了。"),
    "bad_move.deal": (
        "Say which card was dealt (its code) or which back shows.",
        "請說明翻開的是哪張牌（代碼）或是哪種背面。"),
    "unknown_card": ("{code!r} is not a Crypt treasure card.", "{code!r} 不是皇家地窖的寶藏卡。"),
    "too_many_face_up": (
        "Only {face_up} cards are dealt face up each round with {players} players.",
        "{players} 人遊戲每回合只翻開 {face_up} 張正面朝上的牌。"),
    "too_many_face_down": (
        "Only {face_down} cards are dealt face down each round with {players} players.",
        "{players} 人遊戲每回合只放 {face_down} 張面朝下的牌。"),
    "none_left": ("No {kind} are left in the deck.", "牌堆裡已經沒有{kind}了。"),
    "card_not_in_game": (
        "{card} ({code}) is not used with {players} players.",
        "{players} 人遊戲不使用{card}（{code}）。"),
    "card_already_seen": ("{card} ({code}) has already been dealt.", "{card}（{code}）已經出現過了。"),
    # claiming
    "empty_claim": ("A claim puts at least one die on a card.", "宣告寶藏至少要放一顆骰子。"),
    "no_such_card": ("There is no treasure at crypt place {card!r}.", "地窖的位置 {card!r} 沒有寶藏卡。"),
    "bad_move.no_dice": ("Each claimed card needs at least one die.", "每張宣告的寶藏卡至少要放一顆骰子。"),
    "bad_effort": (
        "A die's effort is a face from 1 to 6, not {effort!r}.",
        "骰子的努力值只能是 1 到 6，不能是 {effort!r}。"),
    "mixed_effort.claim": (
        "All dice on {here} must show the same number.",
        "放在{here}上的骰子必須是同一個點數。"),
    "mixed_effort.place_die": (
        "All dice on {here} must show the same number: the others show {others}.",
        "放在{here}上的骰子必須同一點數：其他骰子是 {others}。"),
    "not_enough_dice.claim": (
        "{player} has {ready} ready dice, not {dice}.",
        "{player} 只有 {ready} 顆可用的骰子，不是 {dice} 顆。"),
    "not_enough_dice.place_die": (
        "{player} has only {ready} ready dice.",
        "{player} 只有 {ready} 顆可用的骰子。"),
    "lights_out_one_card": (
        "{player} holds Lights Out and takes the last turn: put dice on only one card.",
        "{player} 拿著熄燈火炬，是最後一個行動：只能把骰子放在一張寶藏卡上。"),
    "own_card": ("{player} already has dice on {here}.", "{player} 已經有骰子在{here}上了。"),
    "push_not_higher": (
        "Your effort on {here} is {total}, but {other}'s dice there add up to {beat}. To push them "
        "off you need more than {beat}.",
        "你在{here}的努力值是 {total}，但 {other} 的骰子加起來是 {beat}。要把它們擠掉，努力值必須大於 {beat}。"),
    "die_unread.place_die": (
        "The camera could not read that die: enter its number.",
        "鏡頭看不清楚這顆骰子：請輸入它的點數。"),
    "no_such_die": ("That die is not waiting on a card.", "這顆骰子不在任何寶藏卡上等待。"),
    "nothing_placed": ("No dice were placed this turn: claim or recover.", "這回合沒有放骰子：請宣告寶藏或恢復骰子。"),
    # the ghost
    "not_solo": ("Only a solo game has a ghost.", "只有單人遊戲才有鬼魂。"),
    "not_ghost_turn": ("It is not the ghost's turn.", "現在不是鬼魂的回合。"),
    "bad_roll.ghost_roll": (
        "Enter the ghost's {need} dice, each from 1 to 6.",
        "請輸入鬼魂的 {need} 顆骰子，每顆 1 到 6。"),
    # collecting
    "wrong_phase.roll": ("Exhaustion rolls happen in the collect phase.", "疲憊擲骰只在收集寶藏階段進行。"),
    "no_roll_due": (
        "No die on crypt card {card!r} still needs a roll.",
        "地窖第 {card!r} 張牌上沒有需要擲的骰子。"),
    "die_unread.roll": (
        "Enter the number rolled (or say whether the die is exhausted).",
        "請輸入擲出的點數（或說明骰子是否累倒）。"),
    "bad_roll.roll": ("A die shows 1 to 6, not {value!r}.", "骰子只有 1 到 6 點，不是 {value!r}。"),
    "wrong_phase.end_collect": ("There is no collect phase going on.", "現在不是收集寶藏階段。"),
    "rolls_missing": ("Some dice on claimed cards still need their roll.", "還有宣告卡上的骰子沒有擲。"),
    # collectors
    "collector_not_in_play": (
        "The {kind} collector shows side {set_side}, not {side}.",
        "{kind}收藏家用的是 {set_side} 面，不是 {side} 面。"),
    "wrong_phase.scored": (
        "The game has been scored: collector cards can no longer be flipped.",
        "遊戲已經計分：收藏家卡不能再翻了。"),
    "flip_count": ("Flip exactly {count} {kind}.", "必須剛好翻 {count} 張{kind}。"),
    "wrong_type": ("Flip {kind} for this collector.", "這位收藏家要翻的是{kind}。"),
    "no_card_to_flip": (
        "{player} has no face-down {kind} like that to flip.",
        "{player} 沒有這樣面朝下的{kind}可以翻。"),
    "wrong_phase.reroll": ("Idols re-roll a die only in the collect phase.", "偶像只能在收集寶藏階段用來重擲骰子。"),
    "no_such_roll": ("Choose one of your own dice rolled this phase.", "請選一顆你這階段已經擲過的骰子。"),
    "once_per_round": ("The manuscript look is used once per round.", "手稿收藏家的查看每回合只能用一次。"),
    "nothing_to_peek": ("There is no face-down card in the crypt to look at.", "地窖裡沒有面朝下的牌可以看。"),
    "wrong_phase.take": (
        "Pottery takes a card only after the reveal, before anyone claims.",
        "陶器只能在翻完牌、還沒有人宣告之前拿牌。"),
    "not_face_down": ("Pottery takes a face-down crypt card.", "陶器只能拿地窖裡面朝下的牌。"),
    "nothing_exhausted": ("{player} has no exhausted die.", "{player} 沒有累倒的骰子。"),
    # the end of the game
    "wrong_phase.score_game": (
        "The game is scored once, after the last round's rolls, when nobody wants to flip Remains "
        "any more.",
        "遊戲在最後一回合擲骰之後、沒有人還要翻遺骨時才計分一次。"),
    "nothing_to_identify": ("{player} has no unknown {kind} card.", "{player} 沒有未知的{kind}卡。"),
    "wrong_phase.tiebreak_roll": ("There is no tie to break.", "沒有平手需要決勝。"),
    "not_tied": (
        "{player} does not roll now: only the players tied for the win roll, once each time.",
        "{player} 現在不用擲骰：只有平手爭勝的玩家擲骰，每次各擲一回。"),
    "bad_roll.tiebreak_roll": (
        "Roll all {need} ready dice, each from 1 to 6.",
        "請擲全部 {need} 顆可用的骰子，每顆 1 到 6。"),
    # the camera
    "collector_side_differs": (
        "The {kind} collector shows side {side}, but this game was set up with side {set_side}.",
        "{kind}收藏家翻到 {side} 面，但這場遊戲設定用 {set_side} 面。"),
    "torch_misplaced": (
        "The {torch} torch belongs to {holder} this round.",
        "這回合{torch}應該在 {holder} 那裡。"),
    "unknown_die": ("No player uses {die} dice in this game.", "這場遊戲沒有人使用 {die} 骰子。"),
    "ghost_die_misplaced": (
        "That ghost die is not where the ghost placed its dice; see the dashboard.",
        "鬼魂的骰子放錯位置了，請看控制台上鬼魂的擺法。"),
    # a move not filled in properly: what it must say
    "bad_move": ("This move is not filled in properly.", "這個動作的資料不完整。"),
    "bad_move.deal": (
        "A dealt card says which treasure it is, or which back shows, and its place in the crypt.",
        "翻開的牌要說明是哪張寶藏卡（或哪種背面）以及在地窖的哪個位置。"),
    "bad_move.claim": (
        "A claim says, for each card, which crypt card, how many dice and the effort they show (1 "
        "to 6).",
        "宣告寶藏要說明每張卡：地窖的哪張卡、放幾顆骰子、骰子的點數（1 到 6）。"),
    "bad_move.place_die": (
        "A die set on a card needs the die, the crypt card and the number it shows.",
        "放到卡上的骰子要說明是哪顆骰子、哪張地窖卡，以及顯示的點數。"),
    "bad_move.remove_die": ("Say which die was taken back.", "請說明拿回的是哪顆骰子。"),
    "bad_move.ghost_roll": (
        "Enter the number each ghost die shows, 1 to 6.",
        "請輸入每顆鬼魂骰子的點數（1 到 6）。"),
    "bad_move.roll": (
        "An exhaustion roll says which crypt card the die is on and the number it shows.",
        "疲憊擲骰要說明骰子在哪張地窖卡上，以及擲出的點數。"),
    "bad_move.reroll": (
        "An idol re-roll says which roll it repeats, which idol is flipped and the new number.",
        "用偶像重擲要說明重擲哪一次、翻哪張偶像，以及新的點數。"),
    "bad_move.peek": ("Say which manuscript is flipped to look.", "請說明翻哪張手稿來查看。"),
    "bad_move.take": (
        "Pottery names the 2 pottery cards flipped and the face-down crypt card taken.",
        "陶器要說明翻哪 2 張陶器，以及拿走地窖裡哪張面朝下的牌。"),
    "bad_move.recover_one": (
        "Remains names the 2 remains cards flipped to recover a die.",
        "遺骨要說明翻哪 2 張遺骨來恢復一顆骰子。"),
    "bad_move.identify": (
        "Say which treasure a face-down card turned out to be.",
        "請說明面朝下的牌翻開後是哪張寶藏卡。"),
    "bad_move.tiebreak_roll": (
        "A tie-break roll lists the number on each ready die.",
        "決勝擲骰要列出每顆可用骰子的點數。"),
}


def _in_language(values: dict[str, Any], language: str) -> dict[str, Any]:
    return {name: getattr(value, language) if isinstance(value, Text) else value
            for name, value in values.items()}


def say(key: str, **values: Any) -> Text:
    """The sentence `key` in both languages, its placeholders filled from `values`."""
    en, zh = SENTENCES[key]
    return Text(en.format_map(_in_language(values, "en")), zh.format_map(_in_language(values, "zh")))


def refuse(key: str, cards: Iterable[str] = (), region: str | None = None,
           **values: Any) -> Violation:
    """A refusal in both languages; its code is the key up to the first dot."""
    return Violation(key.split(".")[0], say(key, **values), tuple(c for c in cards if c), region)
