"""Every sentence Cardcassonne's rules speak, keyed, English and Traditional Chinese side by side.

The table is a shared `Words` (companion/games/words.py): a Text value fills the English
sentence with its English words and the Chinese sentence with its Chinese words. A refusal's
key starts with its stable code ("position_occupied.follower" is refused with code
"position_occupied").
"""

from __future__ import annotations

from typing import Any

from ...model import Text
from ..words import Words

SENTENCES: dict[str, tuple[str, str]] = {
    # the box
    "game.name": ("Cardcassonne", "卡卡頌卡牌版"),
    "game.summary": (
        "Lay cards at the end of four colour rows, then claim a row with your follower; "
        "matching cards score, animals are collected and buildings hidden in your chest.",
        "把卡牌放在四個顏色卡牌列的最右邊，再用大玩家指示物收走一段卡牌；顏色相符的卡牌得分，"
        "動物卡收集起來，建築物卡藏在財寶箱下。",
    ),
    # an impossible set-up (the English is the error's message as scripts and logs read it)
    "setup.unknown_option": (
        "Cardcassonne has no set-up option {option!r}; the options are 'dealer' and 'colours'",
        "卡卡頌卡牌版沒有 {option!r} 這個設定選項；可用的選項是發牌玩家和玩家顏色",
    ),
    "setup.dealer": (
        "option 'dealer' must be a seat from 0 to {last}, got {dealer!r}",
        "發牌玩家必須是 0 到 {last} 之間的座位，不能是 {dealer!r}",
    ),
    "setup.colours": (
        "option 'colours' must give each of the {players} players a different colour from: {known}",
        "玩家顏色必須讓 {players} 位玩家各用一種不同的顏色，可選的有：{known}",
    ),
    # names
    "row": ("the {colour} row", "{colour}卡牌列"),
    "face_down_card": ("a face-down card", "一張蓋著的卡牌"),
    "follower_of": ("{player}'s follower", "{player} 的大玩家指示物"),
    "card_with_payload": ("{card} ({payload})", "{card}（{payload}）"),
    "quoted_card": ("{card}", "「{card}」"),
    "scoring_board": ("the scoring board", "計分板"),
    "between": ("{left} and {right}", "{left}和{right}"),
    "row_place": ("{row}, place {place}", "{row}第 {place} 格"),
    # turns and phases
    "game_over": ("The game is over: nothing more can be played.", "遊戲已經結束，不能再出牌了。"),
    "out_of_turn": ("It is {actor}'s turn, not {player}'s.", "現在輪到 {actor}，不是 {player}。"),
    "not_now": ("Not now: {now}.", "現在不行：{now}。"),
    "now.setup": (
        "the dealer is still turning up the ten starting cards; play starts after that",
        "發牌玩家還在翻開開局的 10 張卡牌，之後才開始出牌",
    ),
    "now.play": (
        "players are taking turns playing cards and followers; cards are turned up and "
        "decided on when the round is scored",
        "玩家們正在輪流出牌和放大玩家指示物；卡牌要到回合計分時才翻開和做選擇",
    ),
    "now.scoring": (
        "the round is being scored: turn up the face-down cards the followers took "
        "and decide on them before anyone plays on",
        "正在進行回合計分：先翻開大玩家指示物收走的蓋牌並做好選擇，才能繼續出牌",
    ),
    # cards and rows (set-up and a turn)
    "not_the_dealer": (
        "The dealer, {dealer}, turns up the starting cards.",
        "開局的卡牌由發牌玩家 {dealer} 翻開。",
    ),
    "joker_needs_row": (
        "A joker turned up at set-up goes into a row the dealer chooses: say which row.",
        "開局翻到萬用卡時，由發牌玩家決定放進哪一列：請指定卡牌列。",
    ),
    "unknown_card": (
        "{payload!r} is not a Cardcassonne card.",
        "{payload!r} 不是卡卡頌卡牌版的卡牌。",
    ),
    "card_already_seen": (
        "{card} ({payload}) has already been played: every card is used only once.",
        "{card}（{payload}）已經出現過了：每張卡牌只會用到一次。",
    ),
    "wrong_row_colour": (
        "{card} is {own}: a face-up card goes into the row of its own colour, not {row}.",
        "{card}是{own}的：正面朝上的卡牌要放進相同顏色的卡牌列，不能放在{row}。",
    ),
    "past_end_of_row.card": (
        "Place {place} is past the end of {row}: the next card goes in place {next_place}, "
        "right after the last piece.",
        "{row}的第 {place} 格超過了卡牌列的尾端：下一個要放在第 {next_place} 格，緊接在最後一個之後。",
    ),
    "past_end_of_row.follower": (
        "Place {place} is past the end of {row}: the next follower goes in place {next_place}, "
        "right after the last piece.",
        "{row}的第 {place} 格超過了卡牌列的尾端：下一個要放在第 {next_place} 格，緊接在最後一個之後。",
    ),
    "position_occupied.follower": (
        "That place in {row} is already taken, between {between}. Put your follower at the "
        "end of the row.",
        "{row}的這個位置已經有東西了（在{between}之間）。請把大玩家指示物放在卡牌列最右邊。",
    ),
    "position_occupied.shared": (
        "{other} already stands at the end of {row}: two followers never share a place. Wait "
        "until a card lies right of it, or choose another row.",
        "{other}已經站在{row}的最右邊：兩個大玩家指示物不能放在同一個位置。"
        "等它右邊有卡牌，或是選別的卡牌列。",
    ),
    "card_between_cards": (
        "You can only add a card at the end of a row, not between two cards (here between "
        "{between} in {row}).",
        "卡牌只能放在卡牌列的最右邊，不能插在兩張卡牌中間（這裡是{row}的{between}之間）。",
    ),
    "no_cards_left": (
        "{player} has played all {hand} {hand:card|cards} this round: now place your follower.",
        "{player} 本回合的 {hand} 張牌都出完了：現在請放置大玩家指示物。",
    ),
    "face_down_card_named": (
        "A face-down card stays secret until round scoring: record it as a card back, without "
        "its name.",
        "蓋著的卡牌要到回合計分時才翻開：請只記錄為卡背，不要寫出是哪張牌。",
    ),
    "second_face_down": (
        "{player} already played a face-down card this round: every other card goes face up.",
        "{player} 本回合已經蓋過一張牌了：其他的卡牌都要正面朝上。",
    ),
    "first_card_face_down": (
        "{player}'s first card this round must be played face down (into any row).",
        "{player} 本回合的第一張牌必須正面朝下打出（可放任一列）。",
    ),
    "follower_placed_twice": (
        "{player}'s follower already stands in {row}: it stays there until the round ends.",
        "{player} 的大玩家指示物已經放在{row}了：回合結束前不能再移動。",
    ),
    # round scoring: the claimed cards
    "not_claimed": (
        "No follower took a card at that place this round.",
        "本回合沒有大玩家指示物收走這個位置的卡牌。",
    ),
    "not_your_card": (
        "That card belongs to {owner}: their follower took it.",
        "這張卡牌是 {owner} 的大玩家指示物收走的。",
    ),
    "already_face_up": (
        "That card is already face up: {payload}.",
        "這張卡牌已經是正面朝上了：{payload}。",
    ),
    "reveal_first": (
        "Turn this card face up before deciding what to do with it.",
        "請先把這張卡牌翻開，再決定怎麼處理。",
    ),
    "no_choice_here": ("There is nothing to choose for {card}.", "{card}不需要做選擇。"),
    # the camera
    "piece_moved.card": (
        "{card} moved after it was placed: cards and followers stay where they are until the "
        "round is scored. Put it back in {row}, place {place}.",
        "{card}放好後被移動了：卡牌和大玩家指示物在回合計分前都不能移動。請把它放回{row}第 {place} 格。",
    ),
    "piece_moved.follower": (
        "{player}'s follower moved after it was placed: it stays until the round is scored. "
        "Put it back in {row}, place {place}.",
        "{player} 的大玩家指示物放好後被移動了：回合計分前都不能移動。請把它放回{row}第 {place} 格。",
    ),
    "not_in_game": (
        "The {colour} follower belongs to nobody in this game.",
        "{colour}色大玩家指示物不屬於這場遊戲的任何玩家。",
    ),
    "card_in_place": ("{card} is in its place.", "{card}在原來的位置。"),
    "follower_in_place": (
        "{player}'s follower is in its place.",
        "{player} 的大玩家指示物在原來的位置。",
    ),
    "several_face_down": (
        "{player} took several face-down cards: turn each one up in its row place, or enter it "
        "on the dashboard.",
        "{player} 收走了好幾張蓋牌：請在原來的位置逐張翻開，或在儀表板上輸入。",
    ),
    # the game log
    "log.reveal": ("{player} (dealer) turns up {card}", "{player}（發牌玩家）翻開{card}"),
    "log.reveal_in_row": (
        "{player} (dealer) turns up {card} in {row}",
        "{player}（發牌玩家）翻開{card}，放在{row}",
    ),
    "log.play_face_down": (
        "{player} plays a card face down at the end of {row}",
        "{player} 把一張牌蓋著放在{row}最右邊",
    ),
    "log.play_card": (
        "{player} plays {card} at the end of {row}",
        "{player} 把{card}放在{row}最右邊",
    ),
    "log.place_follower": (
        "{player} places the follower at the end of {row}",
        "{player} 把大玩家指示物放在{row}最右邊",
    ),
    "log.reveal_face_down": (
        "{player} turns up the face-down card from {place}: {card}",
        "{player} 翻開從{place}收走的蓋牌：{card}",
    ),
    "log.card_from": ("the card from {place}", "從{place}收走的卡牌"),
    "log.choose_score": (
        "{player} scores {card} for {points} {points:point|points}",
        "{player} 選擇{card}得 {points} 分",
    ),
    "log.keep_animal": (
        "{player} keeps {card} in the animal collection",
        "{player} 把{card}收進動物收藏",
    ),
    "log.keep_building": ("{player} keeps {card} in the chest", "{player} 把{card}收進財寶箱"),
    "log.keep": ("{player} keeps {card}", "{player} 留下{card}"),
    # scoring
    "round": ("Round {round}", "第 {round} 回合"),
    "score.dragon_or_fairy": ("{round}: {card} from {row}", "{round}：{row}的{card}"),
    "score.non_matching": (
        "{round}: {card} lay face down in {row} (not its colour): {points} {points:point|points}",
        "{round}：{card}蓋在{row}（顏色不同）：得 {points} 分",
    ),
    "score.persons": (
        "{round}: {count} {colour} person card{plural} × ({sums} = {total})",
        "{round}：{count} 張{colour}人民卡 ×（{sums} = {total}）",
    ),
    "score.joker_alone": (
        "{round}: animal joker held, no animal card ({held} held, {points} each)",
        "{round}：持有動物萬用卡，沒有任何動物卡（共 {held} 張，每張 {points} 分）",
    ),
    "score.joker_alone_earlier": (
        "{round}: animal joker held since an earlier round, no animal card ({held} held, "
        "{points} each)",
        "{round}：持有之前回合留下的動物萬用卡，沒有任何動物卡（共 {held} 張，每張 {points} 分）",
    ),
    "score.animals": (
        "{round}: {count} {colour} animal{plural} in the collection{jokers}",
        "{round}：收藏中有 {count} 張{colour}動物卡{jokers}",
    ),
    "score.animal_jokers": (", counting {count} animal joker{plural}", "，含 {count} 張動物萬用卡"),
    "score.buildings": (
        "End of game: {count} {colour} building{plural} in the chest{jokers}",
        "遊戲結束：財寶箱裡有 {count} 張{colour}建築物卡{jokers}",
    ),
    "score.building_jokers": (
        ", counting {count} building joker{plural}",
        "，含 {count} 張建築物萬用卡",
    ),
    "outcome.shared": (
        "{names} share the win with {total} {total:point|points}.",
        "{names} 以 {total} 分共同獲勝。",
    ),
    "outcome.wins": (
        "{names} wins with {total} {total:point|points}.",
        "{names} 以 {total} 分獲勝。",
    ),
    "tie.shared": (
        "Tied on {total} {total:point|points} and {buildings} building {buildings:card|cards} each: the win is shared.",
        "同為 {total} 分，建築物卡也都是 {buildings} 張：共同獲勝。",
    ),
    "tie.buildings": (
        "Tied on {total} {total:point|points}; {names} has more building cards ({buildings}).",
        "同為 {total} 分；{names} 的建築物卡比較多（{buildings} 張）。",
    ),
    # teaching
    "hint.setup": (
        "{dealer} (dealer): turn up {left} more {left:card|cards}, each at the end of the row of its colour; "
        "a joker goes where you choose.",
        "{dealer}（發牌玩家）：再翻開 {left} 張卡牌，放在同色卡牌列的最右邊；萬用卡可放在你選的任一列。",
    ),
    "hint.first_face_down": (
        "{player}: your first card this round goes face down, at the end of any row.",
        "{player}：本回合的第一張牌要正面朝下，放在任一列的最右邊。",
    ),
    "hint.face_up": (
        "{player}: play a card face up at the end of the row of its colour (jokers may go into "
        "any row).",
        "{player}：把卡牌正面朝上放在同色卡牌列的最右邊（萬用卡可放任一列）。",
    ),
    "summary.follower": (
        "{player}: or place your follower at the end of a row; it would take now: {rows}.",
        "{player}：也可以把大玩家指示物放在一排的最右邊；現在可收走：{rows}。",
    ),
    "summary.row_takes": ("{count} from {row}", "{row} {count} 張"),
    "list.comma": (", ", "、"),
    "summary.turn_up": (
        "{player}: turn up the face-down cards you took: {places}.",
        "{player}：請翻開你收走的蓋牌：{places}。",
    ),
    "summary.place": ("{row} place {place}", "{row}第 {place} 格"),
    "hint.follower": (
        "{player}: your follower at the end of {row} would take {count} {count:card|cards} now.",
        "{player}：大玩家指示物放在{row}最右邊，現在可收走 {count} 張卡牌。",
    ),
    "hint.follower_any": (
        "{player}: you may place your follower at the end of a row (no row has a card for it to take yet).",
        "{player}：可以把大玩家指示物放在一排的最右邊（目前還沒有一排有卡牌可收走）。",
    ),
    "hint.turn_up": (
        "{player}: turn up the face-down card you took from {row} (place {place}).",
        "{player}：請翻開你從{row}（第 {place} 格）收走的蓋牌。",
    ),
    "hint.your_collection": ("your collection", "你的動物收藏"),
    "hint.your_chest": ("your chest", "你的財寶箱"),
    "hint.score": (
        "{player}: score {card} for {points} {points:point|points} now",
        "{player}：{card}現在得 {points} 分",
    ),
    "hint.keep": (
        "{player}: keep {card} in {where} (about {points} {points:point|points})",
        "{player}：把{card}收進{where}（約 {points} 分）",
    ),
    # the rules page
    "note.placeholder_table": (
        "The {table} scoring table is a placeholder and unverified (the printed table could not "
        "be found): {values}. Check it against the rulebook in the box.",
        "{table}得分表是暫定值，尚未查證（找不到印刷版的得分表）：{values}。請對照盒中的規則書。",
    ),
    "note.table.animal": ("animal", "動物卡"),
    "note.table.building": ("building", "建築物卡"),
    "note.jokers": (
        "An animal joker joins the collection of the row it was taken from; a building joker "
        "counts as whichever colour scores most at the end. A tie goes to the player with more "
        "cards in the chest (building jokers included).",
        "動物萬用卡加入它所在卡牌列顏色的收藏；建築物萬用卡在遊戲結束時算成最有利的顏色。"
        "平手時，財寶箱裡卡牌（含建築物萬用卡）較多的玩家獲勝。",
    ),
    "note.follower_waits": (
        "Two followers never share a place, so a follower goes only where no follower stands "
        "right of the row's last card. With 5 players every row's end may be taken while "
        "someone still holds only their follower: that player waits until a card opens a place, "
        "and if no card is left to do so, the follower stays home this round (the rulebook does "
        "not say; this is the companion's ruling).",
        "兩個大玩家指示物不能放在同一個位置，所以只能放在卡牌列最右邊還沒有大玩家指示物的地方。"
        "5 人遊戲時，可能每列最右邊都已經有大玩家指示物，而某位玩家只剩大玩家指示物：這位玩家要等到"
        "有人放卡牌空出位置；如果已經沒有卡牌可放，這回合他的大玩家指示物就留在家裡"
        "（規則書沒有說明，這是本系統的裁定）。",
    ),
}


WORDS = Words(SENTENCES)


def say(key: str, **values: Any) -> Text:
    """The sentence `key` in both languages, its placeholders filled from `values`."""
    return WORDS(key, **values)


# A refusal in both languages; its code is the key up to the first dot.
refuse = WORDS.refuse


def plural(n: int) -> str:
    """The English plural ending for `n` things (Chinese needs none)."""
    return "" if n == 1 else "s"
