"""Every sentence Mythe speaks, keyed, English and Traditional Chinese side by side.

Grouped as the rulebook is: the game, turns, revealing, drawing, moving the hero, sharing,
the end, teaching hints, the log and the camera. Plural endings are filled in by the caller
(`s`, `s_are`, `they_are`) because Chinese has none.
"""

from __future__ import annotations

from ..words import Words

# Sentences more than one entry says, each written (and translated) once.
_WAIT_YOUR_TURN = (
    "It is {current}'s turn, not {player}'s: wait for your turn.",
    "現在輪到 {current}，不是 {player}，請等輪到你。",
)
_FACE_THE_DRAGON = (
    "You must stop before the dragon: show a sword, shield or fairy card at the start of "
    "your turn to face it.",
    "你必須停在紅龍前面：要在回合一開始亮出劍、盾牌或仙女卡，才能挑戰紅龍。",
)
_HOW_TO_SHARE = (
    "Put your drawn cards in your hand, then give cards face down if you like. Everyone "
    "must keep at least one card.",
    "把抽到的牌收進手牌，想的話可以把牌面朝下分給別人。每個人至少要留一張牌。",
)


def _then(first: tuple[str, str], en: str, zh: str) -> tuple[str, str]:
    """A shared sentence followed by more words in each language."""
    return first[0] + en, first[1] + zh


# The sentence tables keep each English sentence beside its Chinese one, laid out by hand
# for translators; the formatter would split them apart.
# fmt: off
WORDS = Words({
    # -- the game ------------------------------------------------------------------------------
    "game.name": ("Mythe", "俠鼠神抽"),
    "game.summary": (
        "Draw adventure cards from the other players to move your mouse hero; an obstacle "
        "stops you. Show a sword, shield or fairy to face the Red Dragon and win the "
        "Sacred Cheese.",
        "從其他玩家手中抽冒險卡讓俠鼠英雄前進，抽到障礙就停下。亮出劍、盾牌或仙女才能挑戰紅龍，"
        "贏得神聖起司。"),
    "legendary.sword": ("sword", "劍"),
    "legendary.shield": ("shield", "盾牌"),
    "legendary.fairy": ("fairy", "仙女"),
    "space.village": ("the {name}", "{name}"),
    "space.numbered": ("the {name} (space {space})", "{name}（第 {space} 格）"),
    "hero": ("{player}'s {token}", "{player} 的{token}"),
    "extra_deck": ("the extra deck", "額外牌組"),
    "note.secret_hands": (
        "Hands are secret: the companion counts cards but never knows which cards a player "
        "holds. Confirm the card counts after sharing.",
        "手牌是秘密：系統只計算張數，不知道玩家手上是哪些牌。分享後請確認每人的張數。"),

    # -- an impossible set-up (the English is the error's message as scripts and logs read it)
    "setup.unknown_option": (
        "Mythe has no set-up option {option!r}; options are share_only_drawn, heroes, hands, dummy",
        "俠鼠神抽沒有 {option!r} 這個設定選項；可用的選項是「只分出抽到的牌」變體規則、英雄顏色、"
        "手牌張數和額外牌組張數"),
    "setup.share_only_drawn": ("option 'share_only_drawn' must be true or false",
                               "「只分出抽到的牌」變體規則只能設為使用或不使用"),
    "setup.heroes": ("option 'heroes' must name {players} different hero colours from {colours}",
                     "英雄顏色必須選 {players} 種不同的顏色，可選的有：{colours}"),
    "setup.hands": ("option 'hands' must give {players} hand sizes of at least 1",
                    "手牌張數必須列出 {players} 位玩家各自的張數，每人至少 1 張"),
    "setup.dummy": ("option 'dummy' must be the dummy deck's card count",
                    "額外牌組張數必須是額外牌組的牌數（0 或以上的整數）"),
    "setup.no_dummy": ("only 2-player games have a dummy deck", "只有 2 人遊戲才有額外牌組"),
    "setup.hands_total": ("the hands must add up to the {total} {total:card|cards} of the {players}-player deck",
                          "所有手牌加起來必須是 {players} 人遊戲牌組的 {total} 張"),

    # -- turns ---------------------------------------------------------------------------------
    "game_over": ("The game is over: {winner} beat the dragon.", "遊戲結束了：{winner} 打敗了紅龍。"),
    "out_of_turn": _WAIT_YOUR_TURN,
    "out_of_turn_hero": _then(_WAIT_YOUR_TURN, " Put your hero back.", "請把英雄放回去。"),

    # -- cards on the table --------------------------------------------------------------------
    "unknown_card": ("{payload!r} is not a Mythe adventure card.", "{payload!r} 不是俠鼠神抽的冒險卡。"),
    "card_not_in_game": ("{card} stays in the box with {players} players.",
                         "{players} 人遊戲不使用「{card}」，它應該留在盒子裡。"),
    "card_already_on_table": ("{card} is already face up on the table this turn.",
                              "「{card}」這回合已經翻開放在桌上了。"),

    # -- revealing a legendary card and stopping ------------------------------------------------
    "reveal_not_now": (
        "Show your sword, shield or fairy at the very start of your turn, before you draw a "
        "card.",
        "劍、盾牌或仙女要在回合一開始、抽第一張牌之前亮出來。"),
    "already_revealed": ("You already showed a legendary card this turn: one is enough.",
                         "這回合你已經亮出一張傳奇裝備了，一張就夠了。"),
    "reveal_not_legendary": (
        "{card} is not a sword, shield or fairy: only those help against the dragon.",
        "「{card}」不是劍、盾牌或仙女：只有這三種能對抗紅龍。"),
    "reveal_empty_hand": ("You have no cards in your hand to show.", "你手上沒有牌可以亮出來。"),
    "stop_before_drawing": ("Draw at least one card before you stop.", "停止之前至少要抽一張牌。"),
    "stop_not_now": ("You have already stopped drawing this turn.", "這回合你已經停止抽牌了。"),

    # -- drawing -------------------------------------------------------------------------------
    "draw_after_obstacle": (
        "You drew an obstacle card: your adventure stops here. No more cards and no moving "
        "this turn.",
        "你抽到了障礙卡：冒險到此為止，這回合不能再抽牌，也不能前進。"),
    "draw_not_now": ("You already stopped drawing: {then}", "你已經停止抽牌了：{then}"),
    "then_share": ("now you may give cards away.", "現在可以把牌分給別人。"),
    "nothing_to_draw": ("Nobody else has any cards left to draw.", "其他人手上都沒有牌可以抽了。"),
    "no_dummy_deck": ("Only a 2-player game has an extra deck to draw from.",
                      "只有兩人遊戲才有額外的牌組可以抽。"),
    "dummy_empty": ("The extra deck is empty.", "額外的牌組已經沒有牌了。"),
    "draw_from_yourself": ("Draw from another player's hand, not from your own.",
                           "要從別人的手牌抽，不能抽自己的。"),
    "draw_from_empty_hand": ("{player} has no cards left: draw from someone else.",
                             "{player} 手上沒有牌了，請向別人抽。"),

    # -- moving the hero -----------------------------------------------------------------------
    "move_to": ("move your hero to {where}.", "請把英雄移到{where}。"),
    "move_before_drawing": ("Draw adventure cards first: their numbers tell how far you go.",
                            "先抽冒險卡：卡上的數字決定你能走多遠。"),
    "no_move_after_obstacle": (
        "You drew an obstacle card, so your hero stays on {here} this turn.",
        "你抽到了障礙卡，所以這回合英雄留在{here}。"),
    "cannot_move": ("{why} Your hero stays on {here}.", "{why}你的英雄留在{here}。"),
    "move_not_now": ("Your hero already moved this turn.", "你的英雄這回合已經走過了。"),
    "dragon_needs_legendary": _then(_FACE_THE_DRAGON, " This turn stop on {right}.",
                                    "這回合請停在{right}。"),
    "no_standing_on_cheese": (
        "Nobody stands on the Sacred Cheese: beat the dragon to win it. Stop on {right}.",
        "沒有人能站在神聖起司上：打敗紅龍才能贏得它。請停在{right}。"),
    "move_backwards": ("Heroes only go forward. Move to {right}.", "英雄只能往前走。請移到{right}。"),
    "space_taken": (
        "Another hero stands on {space}: you jump over them for free but cannot stop there. "
        "Stop on {right}.",
        "{space}已經有別的英雄了：你可以免費跳過去，但不能停在那裡。請停在{right}。"),
    "wrong_space": ("Not there: {why} Your hero must stop on {right}.",
                    "不是那一格：{why}你的英雄必須停在{right}。"),
    # Why the hero stops where it does, in words a child can follow (joined into one text).
    "explain.points": ("you have {points} point{s}.", "你有 {points} 點。"),
    "explain.jump": ("You jump over the hero on {spaces} for free.", "你免費跳過{spaces}上的英雄。"),
    "explain.dragon_reached": ("That takes you to the dragon!", "足夠走到紅龍那裡！"),
    "explain.dragon_blocked": _FACE_THE_DRAGON,
    "explain.lost": ("{lost} point{s_are} lost.", "{lost} 點用不到，就浪費了。"),
    "explain.next_cost": (
        "The next free space costs {cost}, but only {lost} point{s_are} left, so {they_are} "
        "lost.",
        "下一個空格要 {cost} 點，但只剩 {lost} 點，所以浪費掉了。"),

    # -- sharing -------------------------------------------------------------------------------
    "share_before_drawing": ("First draw cards and go on your adventure, then share.",
                             "先抽牌去冒險，之後才分享。"),
    "must_move_first": ("First {instruction}", "分享之前，{instruction}"),
    "share_needs_hand_counts": (
        "Nobody said whose hands this turn's cards came from: count every player's cards after "
        "sharing and enter them.",
        "沒有人說明這回合的牌是從誰手上抽的：請在分牌後數一數每位玩家的牌並輸入。"),
    "share_bad_target": ("There is no player {target!r}.", "沒有玩家 {target!r}。"),
    "share_to_yourself": ("Give cards to the other players, not to yourself.",
                          "牌要分給其他玩家，不是給自己。"),
    "share_too_many": ("You hold only {held} {held:card|cards}: you cannot give more.",
                       "你手上只有 {held} 張牌，不能給更多。"),
    "share_counts_dont_add_up": (
        "These counts add up to {counted} {counted:card|cards}, but the game has {total}: count again.",
        "這些數字加起來是 {counted} 張，但遊戲共有 {total} 張，請再數一次。"),
    "share_cannot_take": ("When you share you only give cards: nobody takes cards back.",
                          "分享時只能把牌給出去，不能把牌拿回來。"),
    "share_keep_own": ("Keep at least one card in your own hand.", "你自己手上至少要留一張牌。"),
    "share_empty_hand": ("Everyone must keep at least one card: give {who} a card.",
                         "每個人手上至少要有一張牌：請給 {who} 一張牌。"),
    "share_only_drawn": (
        "In this game you may only give away the {drawn} card{s} you drew this turn, not "
        "{gave}.",
        "這局使用變體規則：只能分出這回合抽到的 {drawn} 張牌，不能分出 {gave} 張。"),

    # -- the end -------------------------------------------------------------------------------
    "score_progress": ("{hero} is on {where}", "{hero} 在{where}"),
    "score_dragon": ("Beat the Red Dragon with the {card} and took the Sacred Cheese",
                     "用{card}打敗紅龍，拿回神聖起司"),
    "outcome": ("{name} showed the {card}, beat the Red Dragon and won the Sacred Cheese!",
                "{name} 亮出{card}，打敗紅龍，贏得神聖起司！"),

    # -- teaching ------------------------------------------------------------------------------
    "hint_draw": ("{name}: draw a card from another player's hand.", "{name}：從其他玩家手中抽一張牌。"),
    "hint_reveal": (
        "Want to face the dragon this turn? Show a sword, shield or fairy card now, before "
        "drawing. Its number does not count.",
        "這回合想挑戰紅龍嗎？現在、抽牌之前亮出劍、盾牌或仙女卡。它的數字不算點數。"),
    "hint_reach_dragon": ("{points} {points:point|points}: you can reach the dragon and win!",
                          "{points} 點：你可以走到紅龍那裡，贏得勝利！"),
    "hint_not_enough": ("{points} {points:point|points}: not enough to move yet.", "{points} 點：還不夠前進。"),
    "hint_reach.one": ("1 point: you can reach {where}.", "1 點：你可以走到{where}。"),
    "hint_reach": ("{points} {points:point|points}: you can reach {where}.", "{points} 點：你可以走到{where}。"),
    "hint_with_reason": ("{hint} {why}", "{hint}{why}"),
    "hint_draw_or_stop": (
        "Draw again ({left} {left:card|cards} left in other hands) or stop and move. An obstacle ends your "
        "turn without moving!",
        "繼續抽牌（別人手上還有 {left} 張）或停下來前進。抽到障礙這回合就不能走了！"),
    "hint_move": ("Move your hero to {where}.", "把英雄移到{where}。"),
    "hint_obstacle": ("Obstacle! Your hero does not move this turn.", "遇到障礙！這回合英雄不能前進。"),
    "hint_share": _HOW_TO_SHARE,
    "hint_share_only_drawn": _then(_HOW_TO_SHARE, " You may only give cards you drew this turn.",
                                   "只能分出這回合抽到的牌。"),
    "hint_share_dummy": ("You may also give cards to the extra deck; then shuffle it, face down.",
                         "也可以把牌放進額外牌組，放完後把它面朝下洗一洗。"),

    # -- the log -------------------------------------------------------------------------------
    "log_stop": ("{name} stops drawing", "{name} 停止抽牌"),
    "log_reveal": ("{name} shows {card} to face the dragon", "{name} 亮出「{card}」準備挑戰紅龍"),
    "log_draw": ("{name} draws {card}", "{name} 抽到「{card}」"),
    "log_draw_from_player": ("{name} draws {card} from {hand}", "{name} 從 {hand} 手中抽到「{card}」"),
    "log_draw_from_dummy": ("{name} draws {card} from {hand}", "{name} 從{hand}抽到「{card}」"),
    "log_move": ("{name} moves to {where}", "{name} 走到{where}"),
    "log_share_counts": ("{name} shares cards; cards in hand now: {counts}",
                         "{name} 分完牌；現在手牌張數：{counts}"),
    "log_count": ("{who} {count}", "{who} {count}"),
    "log_count_dummy": ("extra deck {count}", "額外牌組 {count}"),
    "log_give_player": ("{count} card{s} to {hand}", "給 {hand} {count} 張牌"),
    "log_give_dummy": ("{count} card{s} to {hand}", "給{hand} {count} 張牌"),
    "log_keep_all": ("{name} keeps every card and ends the turn", "{name} 沒有分牌，回合結束"),
    "log_give": ("{name} gives {gifts}", "{name} {gifts}"),

    # -- the camera ----------------------------------------------------------------------------
    "hero_not_in_game": ("Nobody plays the {hero} in this game.", "這局沒有人使用 {hero}。"),
    "turn_not_finished": (
        "{name}'s turn is not finished yet: when {name} is done sharing cards, tell the "
        "companion, then put this card down again.",
        "{name} 的回合還沒結束：{name} 分完牌後請告訴系統，再把這張牌重新放下。"),
})
