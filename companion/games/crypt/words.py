"""Every sentence Crypt's rules speak, keyed, English and Traditional Chinese side by side.

`WORDS(key, **values)` fills a sentence's {placeholders} (see companion/games/words.py): a
Text value fills the English sentence with its English words and the Chinese sentence with
its Chinese words. A refusal's key starts with its stable code ("wrong_phase.deal" is
refused with code "wrong_phase").
"""

from __future__ import annotations

from typing import Any, Iterable

from ...model import Text, Violation
from ..words import Words

# The sentence tables keep each English sentence beside its Chinese one, laid out by hand
# for translators; the formatter would split them apart.
# fmt: off
WORDS = Words({
    # the game
    "game.name": ("Crypt", "皇家地窖"),
    "game.summary": (
        "Send your servant dice to claim treasures: choose each die's effort, push rivals "
        "off with more effort, then roll to see which servants get exhausted.",
        "派僕人骰子去搶寶藏：自己決定努力值，用更高的努力值把對手擠掉，最後擲骰看哪些僕人累倒。"),
    # an impossible set-up (the English is the error's message as scripts and logs read it)
    "setup.unknown_option": ("Crypt has no set-up option {option!r}; options are {options}",
                             "皇家地窖沒有 {option!r} 這個設定選項；可用的選項是{options}"),
    "setup.option_names": ("['collectors', 'colours', 'leader']",
                           "收藏家卡的面、玩家顏色和起始火炬的座位"),
    "setup.collectors": (
        "option 'collectors' maps treasure types to 'A' or 'B', e.g. {{\"idols\": \"B\"}}",
        "收藏家卡要為每種寶藏指定 A 面或 B 面，例如 {{\"idols\": \"B\"}}"),
    "setup.colours": ("option 'colours' needs {seats} different colours from {keys}",
                      "玩家顏色要從{keys}中選出 {seats} 種不同的顏色"),
    "setup.leader": ("option 'leader' must be a seat from 0 to {last}",
                     "拿起始火炬的玩家必須是 0 到 {last} 號座位"),
    # turns
    "game_over": ("The game is over.", "遊戲已經結束了。"),
    "wrong_phase.claim": ("This can only be done while claiming treasure.", "這只能在宣告寶藏階段做。"),
    "not_your_turn": ("It is {actor}'s turn, not {player}'s.", "現在輪到 {actor}，不是 {player}。"),
    "not_your_turn.end_turn": ("Only {player} can end this turn.", "只有 {player} 可以結束這個回合。"),
    "ghost_turn": ("It is the ghost's turn: roll its dice and enter them.", "現在輪到鬼魂：請擲它的骰子並輸入點數。"),
    # the reveal
    "wrong_phase.deal": (
        "Cards are only dealt into the crypt at the start of a round.",
        "只有每回合開始時才能翻開地窖的寶藏卡。"),
    "place_taken": ("Crypt place {place} already holds a card.", "地窖第 {place} 個位置已經有牌了。"),
    "bad_move.no_card": (
        "Say which card was dealt (its code) or which back shows.",
        "請說明翻開的是哪張牌（代碼）或是哪種背面。"),
    "unknown_card": ("{payload!r} is not a Crypt treasure card.", "{payload!r} 不是皇家地窖的寶藏卡。"),
    "too_many_face_up": (
        "Only {face_up} {face_up:card|cards} are dealt face up each round with {players} players.",
        "{players} 人遊戲每回合只翻開 {face_up} 張正面朝上的牌。"),
    "face_up_first": (
        "Deal the face-up cards first ({left} more of {face_up}), then the face-down ones.",
        "先發正面朝上的牌（{face_up} 張還差 {left} 張），之後才放面朝下的牌。"),
    "too_many_face_down": (
        "Only {face_down} {face_down:card|cards} are dealt face down each round with {players} players.",
        "{players} 人遊戲每回合只放 {face_down} 張面朝下的牌。"),
    "none_left": ("No {kind} are left in the deck.", "牌堆裡已經沒有{kind}了。"),
    "card_not_in_game": (
        "{card} ({payload}) is not used with {players} players.",
        "{players} 人遊戲不使用{card}（{payload}）。"),
    "card_already_seen": ("{card} ({payload}) has already been dealt.", "{card}（{payload}）已經出現過了。"),
    # claiming
    "no_such_card": ("There is no treasure at crypt place {card!r}.", "地窖的位置 {card!r} 沒有寶藏卡。"),
    "mixed_effort.claim": (
        "All dice on {here} must show the same number.",
        "放在{here}上的骰子必須是同一個點數。"),
    "mixed_effort.place_die": (
        "All dice on {here} must show the same number: the others show {others}.",
        "放在{here}上的骰子必須同一點數：其他骰子是 {others}。"),
    "not_enough_dice.claim": (
        "{player} has {ready} ready {ready:die|dice}, not {dice}.",
        "{player} 只有 {ready} 顆可用的骰子，不是 {dice} 顆。"),
    "not_enough_dice.place_die": (
        "{player} has only {ready} ready {ready:die|dice}.",
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
        "Enter the ghost's {need} {need:die|dice}, each from 1 to 6.",
        "請輸入鬼魂的 {need} 顆骰子，每顆 1 到 6。"),
    # collecting
    "wrong_phase.roll": ("Exhaustion rolls happen in the collect phase.", "疲憊擲骰只在收集寶藏階段進行。"),
    "no_roll_due": (
        "No die on crypt card {card!r} still needs a roll.",
        "地窖第 {card!r} 張牌上沒有需要擲的骰子。"),
    "not_your_die": (
        "The dice on {here} are {owner}'s: {owner} rolls them (the host may enter it for {owner}).",
        "{here}上的骰子是 {owner} 的：由 {owner} 自己擲（主持人可以替 {owner} 輸入）。"),
    "die_unread.roll": (
        "Enter the number rolled (or say whether the die is exhausted).",
        "請輸入擲出的點數（或說明骰子是否累倒）。"),
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
        "Roll all {need} ready {need:die|dice}, each from 1 to 6.",
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
    # names; and what goes between the items of a list ("2, 5, 6" / "2、5、6")
    "list.cards": (" and ", "；"),
    "list.numbers": (", ", "、"),
    "name.face_down": ("face-down {kind}", "面朝下的{kind}"),
    "name.crypt_card_named": ("the {name} (crypt card {place})", "{name}（地窖第 {place} 張）"),
    "name.crypt_card": ("crypt card {place}", "地窖第 {place} 張"),
    "name.ghost": ("The ghost", "鬼魂"),
    "name.cards": ("{count} {kind}", "{count} 張{kind}"),
    "name.torch.leader": ("Leader", "起始火炬"),
    "name.torch.lights_out": ("Lights Out", "熄燈火炬"),
    "name.dice.one": ("{count} die", "{count} 顆骰子"),
    "name.dice.many": ("{count} {count:die|dice}", "{count} 顆骰子"),
    "name.dice_of.one": ("{count} die of {effort}", "{count} 顆 {effort} 點的骰子"),
    "name.dice_of.many": ("{count} {count:die|dice} of {effort}", "{count} 顆 {effort} 點的骰子"),
    "name.card.a": ("a {kind}", "一張{kind}"),
    "name.card.an": ("an {kind}", "一張{kind}"),
    # the game log
    "log.claim": ("{who} claims {cards}", "{who} {cards}"),
    "log.ghost_roll": ("The ghost rolls {rolled}", "鬼魂擲出 {rolled}"),
    "log.exhausted": ("the servant is exhausted", "僕人累倒了"),
    "log.stays_ready": ("the servant stays ready", "僕人沒有累倒"),
    "log.deal.face_down": (
        "A face-down {kind} is dealt as crypt card {place}",
        "一張面朝下的{kind}發到地窖第 {place} 張"),
    "log.deal.face_up": (
        "{name} is dealt face up as crypt card {place}",
        "{name} 正面朝上，發到地窖第 {place} 張"),
    "log.claim.card": ("{here} with {dice}", "用 {dice}搶{here}"),
    "log.claim.push": ("{part}, pushing {other} off", "{part}，把 {other} 擠掉"),
    "log.recover": ("{who} rests: {dice} ready again", "{who} 休息：{dice}恢復了"),
    "log.recover.pass": ("{who} passes (no exhausted dice)", "{who} 沒有累倒的骰子，跳過"),
    "log.place_die": (
        "{who} puts a die showing {effort} on {here}",
        "{who} 把一顆 {effort} 點的骰子放在{here}上"),
    "log.place_die.unread": (
        "{who} puts a die on {here} (its number was not read)",
        "{who} 把一顆骰子放在{here}上（看不清點數）"),
    "log.remove_die": ("{who} takes a die back", "{who} 把一顆骰子拿回來"),
    "log.remove_die.nobody": ("A die is taken back", "一顆骰子被拿回來"),
    "log.end_turn": ("{who} ends the turn", "{who} 結束這個回合"),
    "log.end_turn.nobody": ("The turn ends", "回合結束"),
    "log.roll": ("{who} rolls a {value} for the die on {here}", "{who} 為{here}上的骰子擲出 {value} 點"),
    "log.roll.entered": ("{who}'s servant on {here}: {tired}", "{who} 在{here}上的骰子：{tired}"),
    "log.roll.result": ("{said}: {tired}", "{said}：{tired}"),
    "log.end_collect": ("Nobody re-rolls with an Idol: the round ends", "沒有人用偶像重擲：這回合結束"),
    "log.score_game": ("Nobody flips Remains any more: the game is scored", "沒有人再翻遺骨：遊戲計分"),
    "log.reroll": ("{who} flips {idol} to roll a die again", "{who} 翻開{idol}重擲一顆骰子"),
    "log.reroll.value": ("{said} and gets a {value}", "{said}，擲出 {value} 點"),
    "log.peek": (
        "{who} flips {manuscript} to look at the face-down crypt cards",
        "{who} 翻開{manuscript}，偷看地窖裡面朝下的牌"),
    "log.take": ("{who} flips {cards} to take {here}", "{who} 翻開{cards}，拿走{here}"),
    "log.recover_one": (
        "{who} flips {cards}: one exhausted die is ready again",
        "{who} 翻開{cards}：一顆累倒的骰子恢復了"),
    "log.identify": ("{who}'s face-down {kind} is {name}", "{who} 面朝下的{kind}是 {name}"),
    "log.tiebreak_roll": (
        "{who} rolls {rolled} to break the tie ({total} in all)",
        "{who} 擲出 {rolled} 來決勝（共 {total} 點）"),
    # the camera
    "camera.pushed_off": (
        "{name}'s die left the crypt (pushed off: it is ready again).",
        "{name} 的骰子離開了地窖（被擠掉，回到可用狀態）。"),
    "camera.die_unread": (
        "A die on the crypt could not be read: enter its number on the dashboard.",
        "地窖上有一顆骰子看不清楚：請在控制台輸入點數。"),
    "camera.roll_unread": (
        "The rolled die could not be read: enter the number on the dashboard.",
        "擲出的骰子看不清楚：請在控制台輸入點數。"),
    # score lines
    "score.ready_dice": ("{ready} ready {ready:die|dice}, {points} each", "{ready} 顆未疲憊的僕人骰，每顆 {points} 分"),
    "score.treasures": ("{kind}: {sums}", "{kind}：{sums}"),
    "score.unrevealed": (
        "{count} {kind} still face down (counted when shown)",
        "{count} 張{kind}還沒翻開（翻開後才計分）"),
    "score.idols_b_first": ("Idol collector B: first to 2 idols", "偶像收藏家 B 面：最先收集到 2 個偶像"),
    "score.idols_b_later": ("Idol collector B: 2 or more idols", "偶像收藏家 B 面：擁有 2 個以上偶像"),
    "score.jewelry_a": (
        "Jewelry collector A: best jewelry ({best}) counts twice",
        "珠寶收藏家 A 面：最高的珠寶（{best}）算兩次"),
    "score.jewelry_b": (
        "Jewelry collector B: +{each} for each of {count} jewelry",
        "珠寶收藏家 B 面：{count} 件珠寶每件 +{each}"),
    "score.manuscripts_a": (
        "Manuscript collector A: each manuscript counts {counts} (+{extra})",
        "手稿收藏家 A 面：每份手稿算 {counts} 分（+{extra}）"),
    "score.pottery_a": ("Pottery collector A: {count} pottery", "陶器收藏家 A 面：{count} 件陶器"),
    "score.remains_b": ("Remains collector B: {count} remains", "遺骨收藏家 B 面：{count} 件遺骨"),
    "score.tapestries_a": (
        "Tapestry collector A: highest tapestry total ({best})",
        "掛毯收藏家 A 面：掛毯總值最高（{best}）"),
    "score.tapestries_b_only": (
        "Tapestry collector B: the only player with 3+ tapestries",
        "掛毯收藏家 B 面：唯一擁有 3 件以上掛毯的玩家"),
    "score.tapestries_b_shared": (
        "Tapestry collector B: 3+ tapestries, shared with others",
        "掛毯收藏家 B 面：擁有 3 件以上掛毯（與他人並列）"),
    # the outcome
    "outcome.tiebreak": (
        "Tied on {best:g}; the tied players rolled their ready dice ({rolls}) and {name} rolled "
        "highest.",
        "同為 {best:g} 分；平手玩家擲出所有可用骰子（{rolls}），{nam"
        "e} 點數最高。"),
    "outcome.shared": ("{names} share the win with {best:g} {best:point|points}.", "{names} 以 {best:g} 分共同獲勝。"),
    "outcome.wins": ("{names} wins with {best:g} {best:point|points}.", "{names} 以 {best:g} 分獲勝。"),
    "outcome.solo": (
        "{name} ends with {total:g} {total:point|points}: {rank}.",
        "{name} 最後得到 {total:g} 分：{rank}。"),
    "outcome.tie_stands": (
        "Tied on {best:g} and the dice did not separate them: the win is shared.",
        "同為 {best:g} 分，擲骰也分不出高下：共同獲勝。"),
    # teaching hints
    "hint.claim": (
        "{name}: put ready dice on cards (all dice on a card show the same number) or recover.",
        "{name}：把可用的骰子放到寶藏卡上（同一張卡的骰子點數要相同），或是恢復骰子。"),
    "hint.claim.lights_out": (
        "{name}: put ready dice on cards (all dice on a card show the same number) or recover. "
        "Lights Out: only one card this turn.",
        "{name}：把可用的骰子放到寶藏卡上（同一張卡的骰子點數要相同），或是恢復骰子。熄燈火炬：這回合只能放一張卡。"),
    "hint.reveal": (
        "Deal {face_up} {face_up:card|cards} face up, then {face_down} face down, in one row.",
        "翻開 {face_up} 張正面朝上的牌，再放 {face_down} 張面朝下"
        "的牌，排成一排。"),
    "hint.ghost_dice": (
        "Set the ghost's dice: {dice} × {effort} on {here}.",
        "擺放鬼魂的骰子：{dice} 顆 {effort} 點放在{here}。"),
    "hint.ghost_turn": (
        "Ghost's turn: roll {count} ghost {count:die|dice} and enter the numbers.",
        "鬼魂的回合：擲 {count} 顆鬼魂骰子並輸入點數。"),
    "hint.must_recover": ("{name} has no ready dice and must recover.", "{name} 沒有可用的骰子，必須恢復。"),
    "hint.before_scoring": (
        "Before final scoring, {names} may still flip 2 Remains to recover an exhausted die; then "
        "score the game.",
        "最後計分之前，{names} 還可以翻 2 張遺骨恢復一顆累倒的骰子；然後計分。"),
    "hint.roll": (
        "{name}: roll the die from crypt card {place} (effort {effort}); below {effort} it is "
        "exhausted.",
        "{name}：擲地窖第 {place} 張卡上的骰子（努力值 {effort}）"
        "，小於 {effort} 就累倒。"),
    "hint.reroll": (
        "{names}: keep your rolls, or flip a face-down Idol to re-roll an exhausted die; then "
        "“No re-roll: continue” ends the round.",
        "{names}：保留擲骰結果，或翻開一張面朝下的偶像，重擲一顆累倒的骰子；然後按「不重擲：繼續」結束這回合。"),
    "hint.final_reveal": (
        "Game over: turn every collected card face up to count it.",
        "遊戲結束：把收集的寶藏卡全部翻開來計分。"),
    "hint.beat": ("To take {here} you need more than {beat}.", "要搶{here}，努力值必須大於 {beat}。"),
    "summary.beat": ("To take a card that already holds dice, beat its effort: {cards}.",
                     "要搶已經有骰子的牌，努力值必須更大：{cards}。"),
    "summary.beat_one": ("crypt card {place} more than {beat}", "第 {place} 張大於 {beat}"),
    "hint.tiebreak": ("Tie! {names}: roll all your ready dice.", "平手！{names}：擲出所有可用的骰子。"),
    # the rules page
    "rules.torches": (
        "Torches pass to the left each round: the next player clockwise becomes Leader and the old "
        "Leader takes Lights Out, so acts last (2 players: both cards go to the other player).",
        "每回合兩張火炬卡傳給左手邊的玩家：順時針下一位成為起始玩家，原本的起始玩家拿熄燈"
        "火炬，下一回合最後行動（2 人遊戲：兩張火炬卡都交給另一位玩家）。"),
    "rules.solo": (
        "Solo: the torches alternate between you and the ghost every round, as in a 2-player game. "
        "When the ghost holds them it leads, rolling all its dice, and also takes the Lights Out "
        "turn, re-rolling only the dice you pushed off and placing only its best group.",
        "單人遊戲：兩張火炬卡每回合在你和鬼魂之間輪流傳遞，就像 2 人遊戲。鬼魂拿著火炬"
        "時由它先行動，擲全部骰子；它也負責熄燈回合，只重擲被你擠掉的骰子，並且只放最好的"
        "一組。"),
})


def listed(key: str, items: Iterable[Any]) -> Text:
    """Items joined as each language lists them ("2, 5, 6" / "2、5、6"); a Text item gives
    each language its own words."""
    return WORDS.listed(key, items)


def refuse(key: str, cards: Iterable[str] = (), region: str | None = None,
           **values: Any) -> Violation:
    """A refusal whose code is the key up to the first dot; cards not known yet (a face-down
    card has no payload) are left out."""
    return WORDS.refuse(key, (c for c in cards if c), region, **values)
