"""Every sentence Musée speaks, English and Traditional Chinese side by side.

Keys are grouped as the rulebook is: names, turns, placing a painting, the camera, scoring,
the end of the game, teaching hints. Refusal keys are the refusal's machine code where one
sentence serves one code. Theme labels and gallery names are data (companion/data/games/musee.json).
"""

from ..words import Words

# The sentence tables keep each English sentence beside its Chinese one, laid out by hand
# for translators; the formatter would split them apart.
# fmt: off
WORDS = Words({
    # -- names ---------------------------------------------------------------------------------
    "name": ("Musée", "私藏美術館"),
    "summary": ("Hang paintings in your museum so that numbers rise from left to right in every "
                "gallery; score neighbours and staircases of the same theme.",
                "把畫作掛進自己的美術館，每層展覽廳的數字都要由左到右遞增；相鄰同主題與樓梯兩端同主題可以得分。"),
    "museum_of": ("{owners}'s museum", "{owners} 的美術館"),
    "side_staircase": ("staircase", "樓梯"),
    "side_chandelier": ("chandelier", "吊燈"),
    "side_unknown": ("{side}", "標記"),

    # -- an impossible set-up (the English is the error's message as scripts and logs read it)
    "setup.unknown_option": ("Musée has no set-up option {option!r}; the only one is 'staircases'",
                             "私藏美術館沒有 {option!r} 這個設定選項；唯一的選項是樓梯位置"),
    "setup.staircases": (
        "option 'staircases' must list the staircase columns of both token rows, "
        "e.g. {{\"T1\": [2, 4, 6], \"T2\": [1, 3, 5]}}",
        "樓梯位置必須列出 T1 和 T2 兩列標記各自的樓梯所在欄，"
        "例如 {{\"T1\": [2, 4, 6], \"T2\": [1, 3, 5]}}"),
    "setup.staircase_column": (
        "staircase column {column!r} in T{row} must be between 1 and {spaces}",
        "T{row} 的樓梯只能在第 1 到 {spaces} 欄，不能是 {column!r}"),
    "setup.staircase_count": (
        "token row T{row} needs {count} different staircase columns, got {got}",
        "T{row} 這列標記要有 {count} 個不同欄的樓梯，目前填的是 {got}"),

    # -- turns ---------------------------------------------------------------------------------
    "game_over": ("The game is over: nobody can place any more.", "遊戲已經結束，沒有人能再放畫了。"),
    "player_stopped": ("{name} said they cannot play, so they sit out the rest of the game.",
                       "{name} 已宣告無法出牌，本局剩下的時間都不能再出牌。"),
    "out_of_turn": ("It is {turn}'s turn, not {name}'s.", "現在輪到 {turn}，不是 {name}。"),
    "out_of_turn_partner": (
        "It is {turn}'s turn. {name} may play in place of their teammate only while the deck is "
        "down to its last {limit} {limit:card|cards} (one per team); there are {deck} now.",
        "現在輪到 {turn}。只有牌堆剩最後 {limit} 張（每隊一張）時，{name} 才可以代替隊友出牌；"
        "現在牌堆有 {deck} 張。"),

    # -- placing a painting --------------------------------------------------------------------
    "unknown_card": ("{payload!r} is not a Musée painting.", "{payload!r} 不是私藏美術館的畫作卡。"),
    "card_not_in_game": ("Painting {number} is not used with {players} players (only {first}–{last}).",
                         "{players} 人遊戲不使用畫作 {number}（只用 {first}–{last}）。"),
    "card_already_placed": ("Painting {number} is already hanging in a museum.",
                            "畫作 {number} 已經掛在美術館裡了。"),
    "hand_empty": ("{name} has no cards left in hand.", "{name} 手上已經沒有牌了。"),
    "wrong_museum": ("{name} must hang paintings in their own museum, not in {museum}.",
                     "{name} 只能把畫掛在自己的美術館，不能掛在 {museum}。"),
    "space_occupied": ("That space in the {gallery} already holds painting {other}.",
                       "{gallery}的這個位置已經有畫作 {other} 了。"),
    "rise_after_higher": ("{number} cannot go right of {blocker} in the {gallery}: numbers must "
                          "rise from left to right.",
                          "{number} 不能放在{gallery}的 {blocker} 右邊：數字必須由左到右遞增。"),
    "rise_before_lower": ("{number} cannot go left of {blocker} in the {gallery}: numbers must "
                          "rise from left to right.",
                          "{number} 不能放在{gallery}的 {blocker} 左邊：數字必須由左到右遞增。"),
    "log_place": ("{name} hangs {number} ({theme}) in the {gallery}, space {space}",
                  "{name} 把 {number}（{theme}）掛在{gallery}第 {space} 格"),
    "log_cannot_play": ("{name} cannot play and stops", "{name} 無法出牌，停止出牌"),

    # -- the camera ----------------------------------------------------------------------------
    "duplicate_card": ("Painting {number} is on the table twice: was the same card printed twice? "
                       "Take one copy away.",
                       "畫作 {number} 在桌上出現了兩次：是不是同一張卡印了兩份？請拿走其中一張。"),
    "painting_back": ("Painting {number} is back in its space.", "畫作 {number} 已放回原位。"),
    "painting_moved": ("Painting {number} left its space: placed paintings never move. Put it back "
                       "in the {gallery}, space {space}.",
                       "畫作 {number} 離開了原位：已放好的畫作不能移動。請把它放回{gallery}第 {space} 格。"),
    "staircases_differ": (
        "Token row T{row}, column {column} of {museum} shows a {side}, but the staircases chosen "
        "at set-up put a {expected} there; every museum must have the same staircases.",
        "{museum} 第 {row} 列標記第 {column} 欄是{side}，但開局選定這裡應該是 {expected}；"
        "每座美術館的樓梯位置必須相同。"),

    # -- scoring -------------------------------------------------------------------------------
    "score_paintings": ("{count} painting{plural} in the {gallery}", "{gallery}有 {count} 幅畫"),
    "score_neighbours": ("{left} and {right} side by side in the {gallery}, both {theme}",
                         "{gallery}的 {left} 和 {right} 相鄰，都是{theme}"),
    "score_staircase": ("Staircase T{row}, column {column}, links {above} and {below}, both {theme}",
                        "第 {row} 列第 {column} 欄的樓梯連接 {above} 和 {below}，都是{theme}"),
    "score_gallery_bonus": ("First to fill the {gallery}", "最先填滿{gallery}的獎勵卡"),

    # -- the end of the game -------------------------------------------------------------------
    "win": ("{names} {verb} with {points} {points:point|points}.", "{names} 以 {points} 分獲勝。"),
    "win_shared": ("{names} share the win with {points} {points:point|points}.", "{names} 以 {points} 分共同獲勝。"),
    "tie_shared": ("Tied on {points} {points:point|points}, {paintings} {paintings:painting|paintings} and {bonus} bonus {bonus:card|cards}: the win "
                   "is shared.",
                   "同為 {points} 分、{paintings} 幅畫、{bonus} 張獎勵卡：共同獲勝。"),
    "tie_more_paintings": ("Tied on {points} {points:point|points}; {names} placed more paintings ({paintings}).",
                           "同為 {points} 分；{names} 放了較多畫作（{paintings} 幅）。"),
    "tie_more_bonus": ("Tied on {points} {points:point|points} and paintings; {names} has more bonus cards "
                       "({bonus}).",
                       "分數與畫作數相同；{names} 有較多獎勵卡（{bonus} 張）。"),

    # -- teaching hints ------------------------------------------------------------------------
    "hint_space_open": ("{gallery}, space {space}: any number from {low} to {high} ({count} "
                        "{count:painting|paintings} still possible)",
                        "{gallery}第 {space} 格：可放 {low} 到 {high}（還有 {count} 張可能）"),
    # one number left for the space (a range of one value is said as that value)
    "hint_space_one": ("{gallery}, space {space}: only painting {number}",
                       "{gallery}第 {space} 格：只能放 {number}"),
    "hint_space_closed": ("{gallery}, space {space}: no painting can go here any more",
                          "{gallery}第 {space} 格：已經沒有畫作能放這裡"),
    "hint_cannot_play": ("{name}: if no card in your hand fits any space, say \"I cannot play\"; "
                         "you then stop for the rest of the game.",
                         "{name}：如果手上沒有任何牌能放進空格，請宣告「我無法出牌」，之後本局就不再出牌。"),
    "summary_any_space": ("{name}: any empty space in your museum; in each gallery the numbers "
                          "must rise from left to right.",
                          "{name}：美術館裡任何一個空位都可以；每一排展廳的數字必須由左到右越來越大。"),
    "summary_museum_full": ("{name}: your museum is full.", "{name}：你的美術館已經放滿了。"),
    "summary_gallery": ("{gallery}: {runs}.", "{gallery}：{runs}。"),
    "summary_run_open": ("{spaces} from {low} to {high}", "{spaces}可放 {low} 到 {high}"),
    "summary_run_closed": ("{spaces} no painting fits any more", "{spaces}已經沒有畫作能放"),
    "runs_sep": ("; ", "；"),
    "spaces_one": ("space {space}", "第 {space} 格"),
    "spaces_run": ("spaces {first}–{last}", "第 {first} 到 {last} 格"),
    "hint_partner": ("The deck is nearly empty: {name} may let {partner} play this turn.",
                     "牌堆快沒了：{name} 可以讓隊友 {partner} 代替出這一回合。"),
})
