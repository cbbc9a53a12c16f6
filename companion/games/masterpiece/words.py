"""Every sentence Masterpiece speaks, keyed, English and Traditional Chinese side by side:
refusals, the table's notices, ledger lines, log sentences, scores, hints and the names of
moves, spaces, pieces and places; and money as players say it.

`WORDS(key, **values)` fills a sentence's {placeholders} (see companion/games/words.py): a
Text value fills the English sentence with its English words and the Chinese sentence with
its Chinese words. A refusal's key starts with its stable code ("not_now.place_pawn" is
refused with code "not_now"). Groups follow the rulebook (/work/shared/rules/masterpiece.md).
"""

from __future__ import annotations

from ...model import Text
from ..words import Words


# The sentence tables keep each English sentence beside its Chinese one, laid out by hand
# for translators; the formatter would split them apart.
# fmt: off
def money(amount_k: float) -> Text:
    """$3.5M / 350 萬元, $500K / 50 萬元: how players say amounts (thousands, as the engine
    keeps them). The one money format: web/results_image.py says it through this, the
    page's app.js fmtMoney the same way."""
    sign, k = ("-" if amount_k < 0 else ""), abs(amount_k)
    if k == 0:
        return Text("$0", "0 元")
    en = f"{sign}${_said(k / 1000)}M" if k >= 1000 else f"{sign}${_said(k)}K"
    return Text(en, f"{sign}{_said(k / 10)} 萬元")


def painting_title(name: Text) -> Text:
    """A painting's title inside a sentence: as it is in English, in 「」 in Chinese, where
    nothing else marks where a title starts and ends ("成交！Ben 以 200 萬元得標「拾穗」")."""
    return Text(name.en, f"「{name.zh}」")


def _said(number: float) -> str:
    """5600 -> "5,600", 3.5 -> "3.5": thousands separated, no trailing zeros."""
    return f"{number:,.3f}".rstrip("0").rstrip(".")


WORDS = Words({
    # -- the game
    "game.name": ("Masterpiece", "曠世鉅作"),
    "game.summary": (
        "Move round the ring, auction, buy and sell paintings whose values stay hidden; the "
        "richest collector when the bank's paintings are gone wins.",
        "繞著環形圖板移動，拍賣、買賣價值隱藏的名畫；銀行名畫全部賣完時，財富最多的收藏家獲勝。"),
    "list.comma": (", ", "、"),
    "list.semicolon": ("; ", "；"),
    "list.plus": (" + ", " + "),
    "list.and": (" and ", " 和 "),
    # -- an impossible set-up (the English is the error's message as scripts and logs read it)
    "setup.unknown_option": (
        "Masterpiece has no set-up option {option!r}; the options are 'banker' and 'pawns'",
        "曠世鉅作沒有 {option!r} 這個設定選項；可用的選項是銀行行長和棋子"),
    "setup.banker": ("option 'banker' must be a seat from 0 to {last}",
                     "銀行行長必須是 0 到 {last} 之間的座位"),
    "setup.pawns": ("option 'pawns' must list {players} different pawn payloads from {pawns}",
                    "棋子必須從 {pawns} 中選出 {players} 個不同的代碼，每位玩家一個"),
    # -- turns and phases: what the game waits for, who may act
    "game_over": ("The game is over: the bank has no paintings left.", "遊戲已經結束：銀行的名畫都賣完了。"),
    "not_now": ("{doing} is not possible now; the game waits for this: {wait}",
                "現在不能{doing}；現在要做的是：{wait}"),
    "wait.space": ("{name} carries out the space. {space}", "{name} 執行格子的動作。{space}"),
    "wait.start": ("Place every pawn, then say who rolled highest (start).",
                   "放好所有棋子，再指定擲骰點數最大的玩家開始。"),
    "wait.draw": ("{who} takes a value card.", "{who} 拿一張價值卡。"),
    "wait.roll": ("{name} rolls the die.", "{name} 擲骰子。"),
    "wait.easel": ("Put the top bank painting on the easel.", "把銀行最上面的名畫放上畫架。"),
    "wait.pick": ("{picker} picks which of {name}'s paintings is auctioned.",
                  "{picker} 從 {name} 的畫作中挑一幅拍賣。"),
    "wait.auction": ("The auction goes on: bid, or bring the hammer down.", "拍賣進行中：出價，或由拍賣官落槌。"),
    "wait.over": ("Nothing more, the game is over.", "不用再做什麼，遊戲已經結束。"),
    "wait.setup": ("Set-up: {what}", "準備：{what}"),
    "wait.deal": ("Deal {who} a painting and a value card.", "發給 {who} 一幅名畫和一張價值卡。"),
    "out_of_turn": ("This is for {expected} to do, not {who}.", "這一步應該由 {expected} 來做，不是 {who}。"),
    # -- the paintings and value cards a move names
    "unknown_card.value": ("{card!r} is not a Masterpiece value card.", "{card!r} 不是曠世鉅作的價值卡。"),
    "value_not_in_deck": (
        "That value card is not in the draw pile: it already lies under a painting or was "
        "discarded.",
        "這張價值卡不在牌堆裡：它已經在某幅畫下面，或已被棄置。"),
    "wrong_painting": ("This value card goes under {painting}.", "這張價值卡要放在 {painting} 下面。"),
    "not_a_value_card": (
        "{card} is {kind}, not a value card: draw the top card of the value pile.",
        "{card} 是{kind}，不是價值卡：請從價值卡牌堆抽最上面的一張。"),
    "not_a_painting": ("{payload} is {kind}, not a painting: {why}.",
                       "{payload} 是{kind}，不是名畫卡：{why}。"),
    "unknown_card.painting": ("{payload!r} is not a Masterpiece painting.",
                              "{payload!r} 不是曠世鉅作的名畫卡。"),
    "painting_not_in_bank": ("{painting} is not in the bank's pile: {where}",
                             "{painting} 不在銀行的名畫堆裡：{where}"),
    "not_your_painting": ("{name} does not own {painting}: {where}",
                          "{name} 沒有 {painting}：{where}"),
    # -- set-up
    "already_dealt": ("Every player already has a starting painting.", "每位玩家都已經拿到起始名畫了。"),
    "wrong_deal_order": ("Paintings are dealt in turn from the banker: {who} is next.",
                         "名畫從銀行行長開始依序發放：下一位是 {who}。"),
    "not_now.place_pawn": (
        "Pawns are placed before the game starts; after that they move only by the die.",
        "棋子只在遊戲開始前擺放，之後只能依骰子點數移動。"),
    "pawn_placed": ("{name}'s pawn is already on space {space}: placing it there again changes nothing.",
                    "{name} 的棋子已經在第 {space} 格：再放一次不會改變什麼。"),
    "missing.paintings": ("{count} {count:player still needs|players still need} a painting", "還有 {count} 位玩家沒拿到名畫"),
    "missing.pawns": ("pawns not placed: {names}", "還沒放棋子：{names}"),
    "note.start": ("{name} rolled highest and starts; play goes clockwise.",
                   "{name} 擲出最大點數，先開始；依順時針方向進行。"),
    "ledger.start": ("The bank gives {name} {start} to start.", "銀行發給 {name} 期初資金 {start}。"),
    "setup_incomplete": ("Set-up is not finished: {missing}.", "準備還沒完成：{missing}。"),
    # -- a turn on the ring and the spaces
    "cannot_afford": ("{name} cannot pay {cost} {what}: there are no loans.",
                      "{name} 付不起{what}的 {cost}：不能借錢。"),
    "note.landed": ("{name} rolls {value} and lands on space {space}. {action}",
                    "{name} 擲出 {value} 點，停在第 {space} 格。{action}"),
    "ledger.collect": ("The bank pays {name} {amount} (collect space).",
                       "銀行付給 {name} {amount}（獲得資金格）。"),
    "no_painting_for_value": (
        "{name} has no painting to put a value card under, so can only take the cash.",
        "{name} 沒有畫作可以放價值卡，只能拿現金。"),
    "no_value_cards": ("Every value card lies under a painting: take the cash.",
                       "所有價值卡都在畫作下面了：請拿現金。"),
    "note.inherit": ("{name} inherits {painting} from the bank.", "{name} 從銀行承接 {painting}。"),
    "not_for_sale": ("This space buys a painting from another player; {painting}: {where}",
                     "這一格是向其他玩家買畫；{painting}：{where}"),
    "why.to_owner": ("to {name}", "給 {name}"),
    "why.bank_painting": ("for the bank's painting", "向銀行買畫"),
    "ledger.buy_player": ("{name} pays {owner} {price} for {title}, which {owner} must sell.",
                          "{name} 付給 {owner} {price}，買下 {owner} 必須賣出的 {title}。"),
    "ledger.buy_bank": ("{name} pays the bank {price} for {title}.",
                        "{name} 付給銀行 {price}，買下 {title}。"),
    "ledger.sell_value": ("The bank pays {name} {price} for {title}, its value ({shown}).",
                          "銀行以價值 {price} 向 {name} 買下 {title}（{shown}）。"),
    "ledger.must_sell": (
        "{name} must sell {title} to the bank for {price}; its value cards show {shown}.",
        "{name} 必須以 {price} 把 {title} 賣給銀行；價值卡為 {shown}。"),
    "note.passed": ("{name} passes.", "{name} 放棄。"),
    "note.declined": (
        "{name} does not buy: the bank auctions the painting among the other players.",
        "{name} 不購買：改由其他玩家參與銀行拍賣。"),
    "note.nothing_to_do.no_painting_to_auction": (
        "{name} has no painting to auction: nothing happens.",
        "{name} 沒有畫作可以拍賣：什麼都不會發生。"),
    "note.nothing_to_do.no_painting_to_sell": ("{name} has no painting to sell: nothing happens.",
                                               "{name} 沒有畫作可以賣：什麼都不會發生。"),
    "note.nothing_to_do.no_painting_to_buy": (
        "{name} finds no other player owning a painting: nothing happens.",
        "{name} 發現其他玩家都沒有畫作：什麼都不會發生。"),
    # -- auctions
    "picker_only": (
        "When {name} owns several paintings, the player on their left, {picker}, picks which one "
        "is auctioned.",
        "{name} 有好幾幅畫時，由左手邊的 {picker} 挑選要拍賣哪一幅。"),
    "no_standing_bid": (
        "Nobody has bid yet: the hammer needs a standing bid (or end the auction with no sale).",
        "還沒有人出價：要有最高出價才能落槌（或宣布流標）。"),
    "why.unpaid_bid": ("{name} won {title} at {price} but cannot pay it",
                       "{name} 以 {price} 得標 {title}，但付不起"),
    "note.auction_restarts": ("{why}: the auction starts again.", "{why}：重新拍賣。"),
    "ledger.bank_auction": ("{name} pays the bank {price} for {title} (bank auction).",
                            "{name} 付給銀行 {price}，買下 {title}（銀行拍賣）。"),
    "ledger.private_auction": ("{name} pays {seller} {price} for {title} (private auction).",
                               "{name} 付給 {seller} {price}，買下 {title}（私人拍賣）。"),
    "standing_bid": ("{name} bid {standing}: the painting is sold when the hammer comes down.",
                     "{name} 出價 {standing}：落槌即成交。"),
    "note.no_sale.bank": ("Nobody bid: {title} goes back to the bank.", "沒有人出價：{title} 回到銀行。"),
    "note.no_sale.owner": ("Nobody bid: {title} goes back to {name}.",
                           "沒有人出價：{title} 回到 {name} 手上。"),
    # -- bids and the overbid call
    "unknown_player.bidder": ("Say who is bidding.", "請說明是誰出價。"),
    "declined_cannot_bid": (
        "{name} chose not to buy this painting, so the bank auctions it among the other players.",
        "{name} 選擇不購買這幅畫，所以由其他玩家參與銀行拍賣。"),
    "auctioneer_cannot_bid": ("{name} is auctioning their own painting, so {name} may not bid.",
                              "{name} 正在拍賣自己的畫作，所以不能出價。"),
    "money_step": ("Bids go up in steps of {step}: for example $2.5M or $3M.",
                   "出價必須以 {step} 為單位（金額以千元計）。"),
    "opening_too_low": ("The opening bid must be at least {min_opening}.",
                        "起標價至少要 {min_opening}。"),
    "bid_too_low": (
        "Bids must rise by at least {inc}: the standing bid is {standing}, so bid {least} or "
        "more.",
        "每次出價至少要比目前最高價多 {inc}：目前最高價是 {standing}，所以請出 {least} 以上。"),
    "amount_cancelled": (
        "{amount} was cancelled when two players called it at once; bid another amount.",
        "{amount} 因兩人同時喊出而作廢，請出別的價錢。"),
    "note.tie_cancelled": ("{names} called {amount} at the same time: that amount is cancelled.",
                           "{names} 同時喊出 {amount}：這個價錢作廢。"),
    "no_such_bid": (
        "{name} has no bid of {amount} in this auction to call: only a bid made since the auction"
        " (re)started can be called.",
        "{name} 在這次拍賣中沒有出過 {amount}：只能指出這次拍賣（重新）開始後的出價。"),
    "unknown_player.caller": ("Say who calls the overbid.", "請說明是誰指出超額出價。"),
    "own_bid_call": (
        "{name} cannot call their own bid: only another player may call an overbid.",
        "{name} 不能指出自己的出價：只有其他玩家可以指出超額出價。"),
    "why.overbid": ("{name}'s bid of {amount} was called and {name} cannot pay it",
                    "{name} 出價 {amount} 被指出付不起"),
    "note.overbid": ("Overbid: {why}. The bid does not count and {name} loses the next turn.",
                     "超額出價：{why}。此出價無效，{name} 喪失下一回合。"),
    "note.overbid_call_wrong": (
        "The call was wrong: {name} can pay {amount}. The bid stands and the call costs nothing.",
        "喊錯了：{name} 付得起 {amount}。出價有效，喊的人不受罰。"),
    # -- fines, the value deck, the end of a turn
    "note.reshuffle": (
        "The value deck ran out: the discarded value cards are shuffled into a new deck.",
        "價值卡用完了：把棄牌區的價值卡洗勻，形成新的牌堆。"),
    "note.fine_unpaid": ("{name} cannot pay the {amount} fine ({why}) and loses the next turn.",
                         "{name} 付不起罰金 {amount}（{why}），喪失下一回合。"),
    "ledger.fine": ("{name} pays the bank a {amount} fine: {why}", "{name} 付給銀行罰金 {amount}：{why}"),
    "note.no_value_cards": ("Every value card lies under a painting: no value card is drawn.",
                            "所有價值卡都在畫作下面：這次不抽價值卡。"),
    "note.game_over": (
        "The bank has no paintings left: the game is over. Turn the value cards face up for the "
        "final count.",
        "銀行的名畫都賣完了，遊戲結束。請把價值卡翻開結算。"),
    "note.turn_lost": ("{name} loses this turn.", "{name} 喪失這一回合。"),
    # -- what the camera sees
    "seen.pawn_in_place": ("{name} is on space {space}. {action}", "{name} 在第 {space} 格。{action}"),
    "painting_wrong_area": ("{title} lies in {name}'s area, but {where}",
                            "{title} 放在 {name} 的區域，但{where}"),
    "painting_wrong_area.easel": ("{title} should not be on the easel now: {where}",
                                  "{title} 現在不該在畫架上：{where}"),
    "value_card_wrong_area": ("This value card was not recorded under any of {name}'s paintings.",
                              "這張價值卡並沒有登記在 {name} 的任何畫作下面。"),
    "seen.value_card_in_place": ("{shown} under {title}: matches the ledger.",
                                 "{title} 下的 {shown}：與紀錄相符。"),
    "pawn_wrong_space.before_roll": (
        "{name}'s pawn moved before the die roll was entered: it stays on space {expected} until "
        "then.",
        "{name} 的棋子在擲骰結果登記前就移動了：先留在第 {expected} 格。"),
    "pawn_wrong_space.after_roll": (
        "{name} rolled {roll} from space {start}, so the pawn belongs on space {expected}, not "
        "{space}.",
        "{name} 從第 {start} 格擲出 {roll} 點，棋子應該在第 {expected} 格，不是第 {space} 格。"),
    "pawn_wrong_space": ("{name}'s pawn belongs on space {expected}, not {space}.",
                         "{name} 的棋子應該在第 {expected} 格，不是第 {space} 格。"),
    # -- the game log: each move as the table says it
    "log.deal": ("{name} gets {title} to start", "{name} 拿到起始名畫 {title}"),
    "log.place_pawn": ("{name} puts their pawn on space {space}", "{name} 把棋子放在第 {space} 格"),
    "log.start": ("{name} rolled highest and starts", "{name} 擲出最大點數，先開始"),
    "log.draw_value.under": ("{name} puts a hidden value card under {title}",
                             "{name} 把 1 張隱藏的價值卡放在 {title} 下面"),
    "log.draw_value": ("{name} draws a hidden value card", "{name} 抽 1 張隱藏的價值卡"),
    "log.roll": ("{name} rolls a {value}", "{name} 擲出 {value} 點"),
    "log.take_cash": ("{name} takes {cash} from the bank", "{name} 向銀行拿 {cash}"),
    "log.take_value": ("{name} takes a value card", "{name} 選擇拿 1 張價值卡"),
    "log.inherit": ("{name} inherits {title} from the bank", "{name} 從銀行承接 {title}"),
    "log.buy.player": ("{name} buys {title} from {owner}", "{name} 向 {owner} 買下 {title}"),
    "log.buy.bank": ("{name} buys {title} from the bank", "{name} 向銀行買下 {title}"),
    "log.sell": ("{name} sells {title} to the bank", "{name} 把 {title} 賣給銀行"),
    "log.pass": ("{name} passes", "{name} 放棄"),
    "log.easel": ("{title} goes on the easel", "{title} 放上畫架"),
    "log.pick.for": ("{name} picks {title} for {active} to auction",
                     "{name} 挑選 {active} 的 {title} 來拍賣"),
    "log.pick": ("{name} picks {title} for the auction", "{name} 挑選 {title} 來拍賣"),
    "log.bid": ("{name} bids {amount}", "{name} 出價 {amount}"),
    "log.overbid": ("{caller} calls {name}'s {amount}", "{caller} 指出 {name} 出價 {amount}"),
    "log.overbid.right": (
        "{caller} calls {name}'s {amount}: {name} cannot pay it — {fine} fine, {name} loses the next "
        "turn",
        "{caller} 指出 {name} 出價 {amount}：{name} 付不起——罰 {fine}，{name} 喪失下一回合"),
    "log.overbid.wrong": ("{caller} calls {name}'s {amount}: {name} can pay it, the bid stands",
                          "{caller} 指出 {name} 出價 {amount}：{name} 付得起，出價有效"),
    "log.tie": ("{names} call {said} at the same time", "{names} 同時喊出 {said}"),
    "log.hammer.sold": ("Sold! {buyer} wins {title} for {said}", "成交！{buyer} 以 {said} 得標 {title}"),
    "log.hammer": ("The hammer comes down on {title}", "{title} 落槌"),
    "log.hammer.unpaid": ("The hammer comes down, but {buyer} cannot pay {said} for {title}",
                          "落槌，但 {buyer} 付不出 {said} 買 {title}"),
    "log.no_sale": ("Nobody bids for {title}", "沒有人出價買 {title}"),
    # -- scores and the winner
    # the line's amount is beside it ("$30M  Cash"): said again it read "$30M Cash: $30M"
    "score.cash": ("Cash", "現金"),
    "score.painting": ("{title}: {shown}", "{title}：{shown}"),
    "score.painting_hidden": ("{title}: value hidden until the end", "{title}：價值到遊戲結束才公開"),
    "score.cash_hidden": ("Cash: secret until the end", "現金：到遊戲結束才公開"),
    "outcome.tie_shared": ("Tied on wealth ({said_wealth}) and cash ({cash}): the win is shared.",
                           "財富（{said_wealth}）與現金（{cash}）都相同：共同獲勝。"),
    "outcome.shared": ("{names} share the win with {said_wealth}.",
                       "{names} 以 {said_wealth} 共同獲勝。"),
    "outcome.wins": ("{names} wins with {said_wealth} (cash {cash}, paintings {paintings}).",
                     "{names} 以 {said_wealth} 獲勝（現金 {cash}，畫作 {paintings}）。"),
    "outcome.tie_cash": ("Tied on wealth ({said_wealth}); {names} has more cash ({cash}).",
                         "財富同為 {said_wealth}；{names} 的現金較多（{cash}）。"),
    # -- teaching: hints and the rules page
    "hint.opening_bid": ("Opening bid: at least {least}.", "起標價至少 {least}。"),
    "hint.next_bid": ("Standing bid {standing} by {name}: the next bid is at least {least}.",
                      "目前最高價 {standing}（{name}），下一次出價至少 {least}。"),
    "hint.auctioneer": ("The auctioneer may not bid on their own painting.", "拍賣官不能對自己的畫作出價。"),
    "rules.no_bids": (
        "The rules do not say what happens when nobody bids: the painting goes back to the bank "
        "(or to its owner) and the turn ends.",
        "規則沒有說明無人出價時怎麼辦：畫作回到銀行（或原主人），回合結束。"),
    "rules.overbid": (
        "A bid above the bidder's cash is accepted like any bid: cash is hidden. Any player may "
        "call it before the hammer (the overbid move): only then is it checked, and a called "
        "overbid costs a $1M fine and the next turn; a wrong call costs nothing, and an overbid "
        "nobody calls stands.",
        "超過現金的出價和一般出價一樣會被接受：現金是秘密。落槌前任何玩家都可以指出（登記超額出價"
        "）：這時才檢查；被指出的超額出價罰款 100 萬元"
        "並喪失下一回合；喊錯不受罰；沒人指出的超額出價有效。"),
    "rules.board_placeholder": (
        "The order of the 30 board spaces is a placeholder (not found in public sources); check "
        "it against your board.",
        "圖板 30 格的順序是暫定資料（公開資料中找不到），請對照你的圖板。"),
    "rules.deck_placeholder": (
        "The value-card distribution is a placeholder (not found in public sources): 3 forgeries "
        "and values from $1M to $10M.",
        "價值卡的分布是暫定資料（公開資料中找不到）：3 張贗品，其餘 100 萬元到 1,000 萬元。"),
    # -- names of moves, spaces, pieces and places
    # each move in the players' words (a refusal says which action does not fit now)
    "move.deal": ("Dealing a painting", "發名畫"),
    "move.place_pawn": ("Placing a pawn", "擺放棋子"),
    "move.start": ("Starting the game", "開始遊戲"),
    "move.draw_value": ("Taking a value card", "拿價值卡"),
    "move.roll": ("Rolling the die", "擲骰子"),
    "move.easel": ("Putting a painting on the easel", "把名畫放上畫架"),
    "move.pick": ("Picking the painting to auction", "挑選要拍賣的名畫"),
    "move.bid": ("Bidding", "出價"),
    "move.tie": ("Cancelling equal bids", "作廢同時喊出的相同出價"),
    "move.overbid": ("Calling an overbid", "指出超額出價"),
    "move.hammer": ("The hammer", "落槌"),
    "move.no_sale": ("Ending the auction unsold", "宣布流標"),
    "move.take_cash": ("Taking the cash", "拿現金"),
    "move.take_value": ("Taking a value card", "拿價值卡"),
    "move.inherit": ("Inheriting", "繼承名畫"),
    "move.buy": ("Buying", "購買"),
    "move.sell": ("Selling", "出售"),
    "move.pass": ("Passing", "放棄"),
    # why a painting is wanted, by phase: said when another kind of card is given instead
    "wants_painting": ("this needs a painting", "這裡需要一幅名畫"),
    "wants_painting.setup": ("the deal gives each player the top painting", "發牌時每位玩家拿一幅名畫"),
    "wants_painting.easel": ("the easel takes the top painting of the bank", "畫架上要放銀行最上面的名畫"),
    "wants_painting.pick": ("a private auction sells one of the active player's paintings",
                            "私人拍賣賣的是輪到的玩家的一幅名畫"),
    "wants_painting.inherit": ("inheriting takes the top painting of the bank", "繼承拿的是銀行最上面的名畫"),
    "wants_painting.buy_bank": ("buying takes a painting", "購買拿的是一幅名畫"),
    "wants_painting.buy_player": ("buying takes a painting", "購買拿的是一幅名畫"),
    "wants_painting.sell_value": ("selling needs one of your paintings", "出售需要你的一幅名畫"),
    "wants_painting.must_sell": ("selling needs one of your paintings", "出售需要你的一幅名畫"),
    "wants_painting.draw": ("a value card goes under one of your paintings", "價值卡要放在你的一幅名畫下面"),
    # what each space does, as printed on the board
    "space.bank_auction": (
        "Bank auction: the top bank painting goes on the easel and everybody may bid, the "
        "auctioneer too.", "銀行拍賣：銀行最上面的名畫放上畫架，所有人（包括拍賣官）都可以出價。"),
    "space.private_auction": ("Private auction: auction one of your paintings; you may not bid.",
                              "私人拍賣：拍賣你的一幅畫作，你自己不能出價。"),
    "space.collect": ("Collect {cash} or a value card.", "獲得 {cash} 或 1 張價值卡。"),
    "space.inherit": ("Inherit a painting from the bank (free, with a value card).",
                      "承接銀行畫作：免費拿一幅名畫和一張價值卡。"),
    "space.buy_bank": ("May buy a painting from the bank for {price}.", "可以 {price} 向銀行購買畫作。"),
    "space.sell_value": ("May sell a painting to the bank at its value.", "可將任一畫作以其價值賣給銀行。"),
    "space.buy_player": ("May buy any painting from any player for {price}.",
                         "可以 {price} 向任一玩家購買任一畫作。"),
    "space.must_sell": ("Must sell a painting to the bank for {price}.", "須以 {price} 將一幅畫作賣給銀行。"),
    # value cards, said at the end
    "values.none": ("no value card, $0", "沒有價值卡，0 元"),
    "values.forgery": ("forgery", "贗品"),
    "values.forged": ("{cards}: a forgery makes it worth $0", "{cards}：有贗品，價值 0 元"),
    "values.sum": ("{cards} = {total}", "{cards} = {total}"),
    # what a piece is, and where a painting is
    "piece.value_card": ("a value card", "價值卡"),
    "piece.painting": ("a painting", "名畫卡"),
    "piece.other": ("the {name}", "{name}"),
    "where.owner": ("{owner} owns it.", "它屬於 {owner}。"),
    "where.easel": ("it is on the easel.", "它在畫架上。"),
    "where.gone": ("it was sold to the bank and left the game.", "它已賣給銀行，離開遊戲。"),
    "where.bank": ("it is still in the bank's pile.", "它還在銀行的名畫堆裡。"),
})


# A refusal whose machine code is its key up to the first dot ("not_now.pick" is refused as
# "not_now"); see companion/games/words.py.
refuse = WORDS.refuse
