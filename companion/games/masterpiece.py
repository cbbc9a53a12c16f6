"""Masterpiece (曠世鉅作): a ring of spaces, painting auctions and hidden values; the companion
is the banker and the auction referee.

Rules: ../shared/rules/masterpiece.md. Amounts are integer thousands of dollars ($3.5M is
3500) so no float ever touches the ledger. The board order and the value deck come from
companion/data/games/masterpiece.json, where both are placeholders marked unverified.

The engine learns which painting and value card were drawn from moves (the camera or the
dashboard observes them); values stay hidden in `describe` and `score` until the game ends.

Moves (`player` is the seat acting; amounts in thousands):
- set-up: ``deal`` {painting} to the next seat from the banker; ``place_pawn`` {space};
  ``start`` (player = the seat that rolled highest).
- ``draw_value`` {card, painting?}: take the value card owed now (``painting`` only when
  the player chooses where it goes, on a "collect" space).
- ``roll`` {value}: the active player's die; the pawn moves clockwise and the space acts.
- ``easel`` {painting}: the top bank painting goes on the easel (bank auction).
- ``pick`` {painting}: the left neighbour picks which painting the active player auctions.
- auctions: ``bid`` {amount_k}; ``tie`` {players, amount_k} (equal bids called at once:
  the amount is cancelled); ``overbid`` {amount_k} (a call that `player`'s bid was
  above their cash, checked only then: fine and lost turn, or a wrong call that costs
  nothing); ``hammer`` (sold to the standing bid); ``no_sale``.
- spaces: ``take_cash`` / ``take_value``; ``inherit`` {painting}; ``buy`` {painting} (from
  the bank or from a player); ``sell`` {painting}; ``pass`` (decline an optional space).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ..catalogue import load_game_data
from ..errors import CompanionError, DataFileError
from ..events import CardRemoved, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from .base import Game, GameInfo, Interpretation

SPACE_KINDS = ("bank_auction", "private_auction", "collect", "inherit", "buy_bank",
               "sell_value", "buy_player", "must_sell")
DIE_FACES = range(1, 7)


# -- data file ------------------------------------------------------------------------------
class _Space(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)
    kind: str
    price_k: int | None = Field(default=None, gt=0)


class _Board(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    spaces: list[_Space] = Field(min_length=2)


class _DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    value_k: int = Field(ge=0)
    forgery: bool = False
    count: int = Field(ge=1)


class _Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    cards: list[_DeckEntry] = Field(min_length=1)


class _BidRules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    min_opening_k: int = Field(gt=0)
    min_increment_k: int = Field(gt=0)
    overbid_fine_k: int = Field(ge=0)
    unpaid_fine_k: int = Field(ge=0)


class _SpaceAmounts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    collect_cash_k: int = Field(gt=0)
    buy_from_player_k: int = Field(gt=0)
    must_sell_k: int = Field(gt=0)


class _MasterpieceData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    note: str = ""
    starting_cash_k: int = Field(gt=0)
    players: list[int]
    money_step_k: int = Field(gt=0)
    bid_rules: _BidRules
    space_amounts: _SpaceAmounts
    board: _Board
    value_deck: _Deck
    paintings: int = Field(ge=1)
    pawn_colours: list[str]


def _load_data() -> _MasterpieceData:
    data = load_game_data("masterpiece", _MasterpieceData)
    where = "games/masterpiece.json"
    for position, space in enumerate(data.board.spaces):
        if space.index != position:
            raise DataFileError(f"{where}: board space {position} is numbered {space.index}")
        if space.kind not in SPACE_KINDS:
            raise DataFileError(f"{where}: board space {position} has unknown kind {space.kind!r}")
        if (space.kind == "buy_bank") != (space.price_k is not None):
            raise DataFileError(f"{where}: board space {position}: only buy_bank spaces have a price_k")
    step = data.money_step_k
    amounts = [data.starting_cash_k, *data.bid_rules.model_dump().values(),
               *data.space_amounts.model_dump().values(),
               *(s.price_k for s in data.board.spaces if s.price_k)]
    if any(a % step for a in amounts):
        raise DataFileError(f"{where}: every amount must be a multiple of money_step_k ({step})")
    return data


# -- money ----------------------------------------------------------------------------------
def money(amount_k: int) -> Text:
    """$3.5M / $350萬, $500K / $50萬: how players say amounts."""
    if amount_k == 0:
        return Text("$0", "$0")
    en = f"${amount_k / 1000:g}M" if amount_k >= 1000 else f"${amount_k}K"
    zh = f"${amount_k / 10:,g}萬"
    return Text(en, zh)


# -- state ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Holding:
    """A painting a player owns and the value cards under it, in the order they were added."""

    painting: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Auction:
    painting: str
    values: tuple[str, ...]  # the cards that go with it (private auctions); a bank sale draws one
    seller: int | None  # None: the bank
    auctioneer: int
    excluded: tuple[int, ...]  # seats that may not bid
    standing_k: int | None = None
    bidder: int | None = None
    cancelled_k: tuple[int, ...] = ()  # amounts cancelled by equal bids called at once
    bids: tuple[tuple[int, int], ...] = ()  # (seat, amount) accepted since the (re)start

    @property
    def bank(self) -> bool:
        return self.seller is None


@dataclass(frozen=True)
class Draw:
    """A value card owed now: to `player`, under `painting` (None: the player chooses)."""

    player: int
    painting: str | None
    resume: str  # "setup" or "end_turn"


@dataclass(frozen=True)
class LedgerEntry:
    """One movement of money. payer/payee None is the bank."""

    kind: str  # start, payment, fine, sale, collect
    payer: int | None
    payee: int | None
    amount_k: int
    text: Text
    painting: str | None = None
    turn: int = 0  # 0: set-up

    def to_dict(self) -> dict:
        return {"turn": self.turn, "kind": self.kind, "payer": self.payer, "payee": self.payee,
                "amount_k": self.amount_k, "amount": money(self.amount_k).to_dict(),
                "painting": self.painting, "text": self.text.to_dict()}


@dataclass(frozen=True)
class Notice:
    """Something the table should hear that moves no money (a roll, a reshuffle, a lost turn)."""

    code: str
    text: Text
    turn: int = 0

    def to_dict(self) -> dict:
        return {"turn": self.turn, "code": self.code, "text": self.text.to_dict()}


@dataclass(frozen=True)
class MasterpieceState:
    players: int
    names: tuple[str, ...]
    pawns: tuple[str, ...]  # pawn payload of each seat
    banker: int
    phase: str  # setup, draw, roll, easel, pick, auction, collect, inherit, buy_bank,
    #             sell_value, buy_player, must_sell, over
    active: int | None  # whose turn (None during set-up)
    positions: tuple[int | None, ...]
    cash: tuple[int, ...]
    holdings: tuple[tuple[Holding, ...], ...]
    bank: tuple[str, ...]  # paintings still in the bank pile (sorted: the pile is shuffled)
    deck: tuple[str, ...]  # value cards in the draw pile (sorted)
    discard: tuple[str, ...]  # value cards of paintings sold to the bank
    gone: tuple[str, ...]  # paintings sold to the bank: out of the game
    dealt: int  # seats dealt their starting painting
    skips: tuple[int, ...]  # turns each seat will lose
    ledger: tuple[LedgerEntry, ...]
    journal: tuple[Notice, ...]
    space: int | None = None  # the space being carried out
    last_roll: int | None = None
    auction: Auction | None = None
    draw: Draw | None = None
    turns: int = 0


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
ALL_MOVES = {kind for kinds in PHASE_MOVES.values() for kind in kinds}
# Each move in the players' words (a refusal says which action does not fit now).
MOVE_WORDS = {
    "deal": Text("Dealing a painting", "發名畫"), "place_pawn": Text("Placing a pawn", "擺放棋子"),
    "start": Text("Starting the game", "開始遊戲"), "draw_value": Text("Taking a value card", "拿價值卡"),
    "roll": Text("Rolling the die", "擲骰子"), "easel": Text("Putting a painting on the easel", "把名畫放上畫架"),
    "pick": Text("Picking the painting to auction", "挑選要拍賣的名畫"), "bid": Text("Bidding", "出價"),
    "tie": Text("Cancelling equal bids", "作廢同時喊出的相同出價"),
    "overbid": Text("Calling an overbid", "指出超額出價"), "hammer": Text("The hammer", "落槌"),
    "no_sale": Text("Ending the auction unsold", "宣布流標"), "take_cash": Text("Taking the cash", "拿現金"),
    "take_value": Text("Taking a value card", "拿價值卡"), "inherit": Text("Inheriting", "繼承名畫"),
    "buy": Text("Buying", "購買"), "sell": Text("Selling", "出售"), "pass": Text("Passing", "放棄"),
}
# How directly a space takes a painting out of the bank (orders legal rolls; lower first).
PACE = {"inherit": 0, "buy_bank": 1, "bank_auction": 2}


def _violation(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
               region: str | None = None) -> Violation:
    return Violation(code, Text(en, zh), cards, region)


def _one(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
         region: str | None = None) -> tuple[Violation, ...]:
    return (_violation(code, en, zh, cards, region),)


def _amount(value) -> int | None:
    """An amount parameter as an int, or None when it is not a whole number of thousands."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


class Masterpiece(Game):
    info = GameInfo(
        slug="masterpiece",
        name=Text("Masterpiece", "曠世鉅作"),
        aliases=("masterpiece", "Masterpiece", "曠世鉅作"),
        player_counts=(3, 4, 5, 6),
        payload_prefix="MP",
        summary=Text(
            "Move round the ring, auction, buy and sell paintings whose values stay hidden; "
            "the richest collector when the bank's paintings are gone wins.",
            "繞著環形圖板移動，拍賣、買賣價值隱藏的名畫；銀行名畫全部賣完時，財富最多的收藏家獲勝。"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self.spaces = tuple(self.data.board.spaces)
        cards = self.catalogue.cards
        self.paintings = tuple(sorted(p.payload for p in cards if "painting" in p.face))
        self.values = tuple(sorted(p.payload for p in cards if "value_k" in p.face))
        self.value_k = {p: int(self.catalogue.piece(p).face["value_k"]) for p in self.values}
        self.forgery = {p: bool(self.catalogue.piece(p).face.get("forgery")) for p in self.values}
        self._check_catalogue()

    def _check_catalogue(self) -> None:
        where = "cards/masterpiece.json"
        if len(self.paintings) != self.data.paintings:
            raise DataFileError(f"{where} lists {len(self.paintings)} paintings; "
                                f"games/masterpiece.json says {self.data.paintings}")
        wanted = Counter({(e.value_k, e.forgery): e.count for e in self.data.value_deck.cards})
        found = Counter((self.value_k[p], self.forgery[p]) for p in self.values)
        if wanted != found:
            raise DataFileError(f"{where}: the value cards do not match value_deck in "
                                f"games/masterpiece.json (rerun tools/make_masterpiece_catalogue.py)")
        if any(v and self.forgery[p] for p, v in self.value_k.items()):
            raise DataFileError(f"{where}: a forgery must be worth $0")

    # -- names ------------------------------------------------------------------------------
    def painting_name(self, payload: str) -> Text:
        return self.catalogue.piece(payload).name

    def space_text(self, index: int) -> Text:
        """What a space does, as printed on the board."""
        space = self.spaces[index]
        amounts = self.data.space_amounts
        if space.kind == "bank_auction":
            return Text("Bank auction: the top bank painting goes on the easel and everybody "
                        "may bid, the auctioneer too.",
                        "銀行拍賣：銀行最上面的名畫放上畫架，所有人（包括拍賣官）都可以出價。")
        if space.kind == "private_auction":
            return Text("Private auction: auction one of your paintings; you may not bid.",
                        "私人拍賣：拍賣你的一幅畫作，你自己不能出價。")
        if space.kind == "collect":
            cash = money(amounts.collect_cash_k)
            return Text(f"Collect {cash.en} or a value card.", f"獲得 {cash.zh} 或 1 張價值卡。")
        if space.kind == "inherit":
            return Text("Inherit a painting from the bank (free, with a value card).",
                        "承接銀行畫作：免費拿一幅名畫和一張價值卡。")
        if space.kind == "buy_bank":
            price = money(space.price_k)
            return Text(f"May buy a painting from the bank for {price.en}.",
                        f"可以 {price.zh} 向銀行購買畫作。")
        if space.kind == "sell_value":
            return Text("May sell a painting to the bank at its value.",
                        "可將任一畫作以其價值賣給銀行。")
        if space.kind == "buy_player":
            price = money(amounts.buy_from_player_k)
            return Text(f"May buy any painting from any player for {price.en}.",
                        f"可以 {price.zh} 向任一玩家購買任一畫作。")
        price = money(amounts.must_sell_k)
        return Text(f"Must sell a painting to the bank for {price.en}.",
                    f"須以 {price.zh} 將一幅畫作賣給銀行。")

    # -- queries ----------------------------------------------------------------------------
    @staticmethod
    def owner(state: MasterpieceState, painting: str) -> int | None:
        for seat, holdings in enumerate(state.holdings):
            if any(h.painting == painting for h in holdings):
                return seat
        return None

    @staticmethod
    def holding(state: MasterpieceState, painting: str) -> Holding | None:
        for holdings in state.holdings:
            for h in holdings:
                if h.painting == painting:
                    return h
        return None

    def painting_value(self, values: Iterable[str]) -> int:
        """The sum of the value cards, or $0 when a forgery is among them."""
        values = tuple(values)
        if any(self.forgery[v] for v in values):
            return 0
        return sum(self.value_k[v] for v in values)

    def values_text(self, values: tuple[str, ...]) -> Text:
        if not values:
            return Text("no value card, $0", "沒有價值卡，$0")
        parts = [Text("forgery", "贗品") if self.forgery[v] else money(self.value_k[v])
                 for v in values]
        total = money(self.painting_value(values))
        en = " + ".join(p.en for p in parts)
        zh = " + ".join(p.zh for p in parts)
        if any(self.forgery[v] for v in values):
            return Text(f"{en}: a forgery makes it worth $0", f"{zh}：有贗品，價值 $0")
        return Text(f"{en} = {total.en}" if len(parts) > 1 else en,
                    f"{zh} = {total.zh}" if len(parts) > 1 else zh)

    @staticmethod
    def draw_pile(state: MasterpieceState) -> tuple[str, ...]:
        """Cards a draw may take now: the deck, or the reshuffled discards once it ran out."""
        return state.deck or state.discard

    def left_of(self, state: MasterpieceState, seat: int) -> int:
        """The player on the left: the next seat clockwise (play goes clockwise)."""
        return (seat + 1) % state.players

    def next_deal_seat(self, state: MasterpieceState) -> int:
        return (state.banker + state.dealt) % state.players

    def eligible_bidders(self, state: MasterpieceState) -> tuple[int, ...]:
        auction = state.auction
        if auction is None:
            return ()
        return tuple(s for s in range(state.players) if s not in auction.excluded)

    def min_bid(self, auction: Auction) -> int:
        rules = self.data.bid_rules
        if auction.standing_k is None:
            return rules.min_opening_k
        return auction.standing_k + rules.min_increment_k

    # -- set-up -----------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        super().validate_setup(setup)
        unknown = set(setup.options) - {"banker", "pawns"}
        if unknown:
            raise CompanionError(f"Masterpiece has no set-up option {sorted(unknown)[0]!r}; "
                                 f"the options are 'banker' and 'pawns'")
        banker = setup.options.get("banker", 0)
        if not isinstance(banker, int) or isinstance(banker, bool) or not 0 <= banker < setup.players:
            raise CompanionError(f"option 'banker' must be a seat from 0 to {setup.players - 1}")
        pawns = setup.options.get("pawns")
        if pawns is not None:
            tokens = {p.payload for p in self.catalogue.tokens}
            if (not isinstance(pawns, (list, tuple)) or len(pawns) != setup.players
                    or len(set(pawns)) != len(pawns) or not all(p in tokens for p in pawns)):
                raise CompanionError(f"option 'pawns' must list {setup.players} different pawn "
                                     f"payloads from {sorted(tokens)}")

    def new_game(self, setup: Setup) -> MasterpieceState:
        self.validate_setup(setup)
        n = setup.players
        pawns = tuple(setup.options.get("pawns") or
                      [t.payload for t in sorted(self.catalogue.tokens, key=lambda t: t.marker)][:n])
        start = self.data.starting_cash_k
        ledger = tuple(LedgerEntry("start", None, seat, start,
                                   Text(f"The bank gives {setup.names[seat]} {money(start).en} to start.",
                                        f"銀行發給 {setup.names[seat]} 期初資金 {money(start).zh}。"))
                       for seat in range(n))
        return MasterpieceState(
            players=n, names=setup.names, pawns=pawns, banker=setup.options.get("banker", 0),
            phase="setup", active=None, positions=(None,) * n, cash=(start,) * n,
            holdings=((),) * n, bank=self.paintings, deck=self.values, discard=(), gone=(),
            dealt=0, skips=(0,) * n, ledger=ledger, journal=())

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        if move.kind not in ALL_MOVES:
            return _one("unknown_move", f"Masterpiece has no move called {move.kind!r}.",
                        f"曠世鉅作沒有「{move.kind}」這個動作。")
        if state.phase == "over":
            return _one("game_over", "The game is over: the bank has no paintings left.",
                        "遊戲已經結束：銀行的名畫都賣完了。")
        if move.player is not None and (not isinstance(move.player, int) or isinstance(move.player, bool)
                                        or not 0 <= move.player < state.players):
            return _one("unknown_player", f"There is no player {move.player!r} in this game.",
                        f"這場遊戲沒有玩家 {move.player!r}。")
        if move.kind not in PHASE_MOVES[state.phase]:
            wait, doing = self._waiting_for(state), MOVE_WORDS[move.kind]
            return _one("not_now", f"{doing.en} is not possible now; the game waits for this: "
                        f"{wait.en}", f"現在不能{doing.zh}；現在要做的是：{wait.zh}")
        return getattr(self, f"_check_{move.kind}")(state, move)

    def _waiting_for(self, state: MasterpieceState) -> Text:
        """What the game waits for, in words."""
        phase = state.phase
        name = state.names[state.active] if state.active is not None else ""
        if phase == "setup":
            if state.dealt < state.players:
                who = state.names[self.next_deal_seat(state)]
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
            picker = state.names[self.left_of(state, state.active)]
            return Text(f"{picker} picks which of {name}'s paintings is auctioned.",
                        f"{picker} 從 {name} 的畫作中挑一幅拍賣。")
        if phase == "auction":
            return Text("the auction goes on: bid, or bring the hammer down.",
                        "拍賣進行中：出價，或由拍賣官落槌。")
        if phase == "over":
            return Text("nothing: the game is over.", "沒有：遊戲已經結束。")
        space = self.space_text(state.space)
        return Text(f"{name} carries out the space. {space.en}", f"{name} 執行格子的動作。{space.zh}")

    def _check_actor(self, state: MasterpieceState, move: Move, seat: int,
                     allow_none: bool = False) -> tuple[Violation, ...]:
        if move.player is None and allow_none:
            return ()
        if move.player != seat:
            expected = state.names[seat]
            who = state.names[move.player] if move.player is not None else "nobody"
            return _one("out_of_turn", f"This is for {expected} to do, not {who}.",
                        f"這一步應該由 {expected} 來做，不是 {who}。")
        return ()

    # Why a painting is wanted, by phase: said when another kind of card is given instead.
    _WANTS_PAINTING = {
        "setup": Text("the deal gives each player the top painting", "發牌時每位玩家拿一幅名畫"),
        "easel": Text("the easel takes the top painting of the bank", "畫架上要放銀行最上面的名畫"),
        "pick": Text("a private auction sells one of the active player's paintings",
                     "私人拍賣賣的是輪到的玩家的一幅名畫"),
        "inherit": Text("inheriting takes the top painting of the bank", "繼承拿的是銀行最上面的名畫"),
        "buy_bank": Text("buying takes a painting", "購買拿的是一幅名畫"),
        "buy_player": Text("buying takes a painting", "購買拿的是一幅名畫"),
        "sell_value": Text("selling needs one of your paintings", "出售需要你的一幅名畫"),
        "must_sell": Text("selling needs one of your paintings", "出售需要你的一幅名畫"),
        "draw": Text("a value card goes under one of your paintings", "價值卡要放在你的一幅名畫下面"),
    }

    def _card_kind(self, payload: str) -> Text | None:
        """What a known piece of this game is, in words (a value card's value stays hidden)."""
        if payload in self.values:
            return Text("a value card", "價值卡")
        if payload in self.paintings:
            return Text("a painting", "名畫卡")
        if payload in self.catalogue:
            name = self.catalogue.piece(payload).name
            return Text(f"the {name.en}", name.zh)
        return None

    def _check_painting_payload(self, payload, phase: str = "") -> tuple[Violation, ...]:
        if isinstance(payload, str) and payload in self.paintings:
            return ()
        kind = self._card_kind(payload) if isinstance(payload, str) else None
        if kind is None:
            return _one("unknown_card", f"{payload!r} is not a Masterpiece painting.",
                        f"{payload!r} 不是曠世鉅作的名畫卡。", cards=(str(payload),))
        why = self._WANTS_PAINTING.get(phase, Text("this needs a painting", "這裡需要一幅名畫"))
        return _one("not_a_painting", f"{payload} is {kind.en}, not a painting: {why.en}.",
                    f"{payload} 是{kind.zh}，不是名畫卡：{why.zh}。", cards=(payload,))

    def _check_bank_painting(self, state: MasterpieceState, payload) -> tuple[Violation, ...]:
        problems = self._check_painting_payload(payload, state.phase)
        if problems:
            return problems
        if payload not in state.bank:
            where = self._where_is(state, payload)
            return _one("painting_not_in_bank",
                        f"{self.painting_name(payload).en} is not in the bank's pile: {where.en}",
                        f"{self.painting_name(payload).zh} 不在銀行的名畫堆裡：{where.zh}",
                        cards=(payload,))
        return ()

    def _where_is(self, state: MasterpieceState, payload: str) -> Text:
        owner = self.owner(state, payload)
        if owner is not None:
            return Text(f"{state.names[owner]} owns it.", f"它屬於 {state.names[owner]}。")
        if state.auction is not None and state.auction.painting == payload:
            return Text("it is on the easel.", "它在畫架上。")
        if payload in state.gone:
            return Text("it was sold to the bank and left the game.", "它已賣給銀行，離開遊戲。")
        return Text("it is still in the bank's pile.", "它還在銀行的名畫堆裡。")

    def _check_own_painting(self, state: MasterpieceState, seat: int, payload) -> tuple[Violation, ...]:
        problems = self._check_painting_payload(payload, state.phase)
        if problems:
            return problems
        if self.owner(state, payload) != seat:
            where = self._where_is(state, payload)
            return _one("not_your_painting",
                        f"{state.names[seat]} does not own {self.painting_name(payload).en}: {where.en}",
                        f"{state.names[seat]} 沒有 {self.painting_name(payload).zh}：{where.zh}",
                        cards=(payload,), region=f"player{seat}")
        return ()

    def _cannot_afford(self, state: MasterpieceState, seat: int, price: int,
                       what: Text) -> tuple[Violation, ...]:
        if state.cash[seat] >= price:
            return ()
        cost = money(price)  # how much the player has stays hidden
        return _one("cannot_afford",
                    f"{state.names[seat]} cannot pay {cost.en} {what.en}: there are no loans.",
                    f"{state.names[seat]} 付不起{what.zh}的 {cost.zh}：不能借錢。")

    # set-up moves
    def _check_deal(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        if state.dealt >= state.players:
            return _one("already_dealt", "Every player already has a starting painting.",
                        "每位玩家都已經拿到起始名畫了。")
        problems = self._check_actor(state, move, self.next_deal_seat(state))
        if problems:
            who = state.names[self.next_deal_seat(state)]
            return _one("wrong_deal_order",
                        f"Paintings are dealt in turn from the banker: {who} is next.",
                        f"名畫從銀行行長開始依序發放：下一位是 {who}。")
        return self._check_bank_painting(state, move.get("painting"))

    def _check_place_pawn(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        if state.active is not None:
            return _one("not_now", "Pawns are placed before the game starts; after that they move "
                        "only by the die.", "棋子只在遊戲開始前擺放，之後只能依骰子點數移動。",
                        region="ring")
        if move.player is None:
            return _one("unknown_player", "Say whose pawn this is.", "請說明這是誰的棋子。")
        space = move.get("space")
        if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < len(self.spaces):
            return _one("bad_space", f"Space {space!r} is not on the board (0 to {len(self.spaces) - 1}).",
                        f"格子 {space!r} 不在圖板上（0 到 {len(self.spaces) - 1}）。", region="ring")
        return ()

    def _check_start(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
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

    # drawing a value card
    def _check_draw_value(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        draw = state.draw
        problems = self._check_actor(state, move, draw.player)
        if problems:
            return problems
        card = move.get("card")
        if not isinstance(card, str) or card not in self.values:
            kind = self._card_kind(card) if isinstance(card, str) else None
            if kind is not None:
                return _one("not_a_value_card",
                            f"{card} is {kind.en}, not a value card: draw the top card of the "
                            f"value pile.",
                            f"{card} 是{kind.zh}，不是價值卡：請從價值卡牌堆抽最上面的一張。",
                            cards=(card,))
            return _one("unknown_card", f"{card!r} is not a Masterpiece value card.",
                        f"{card!r} 不是曠世鉅作的價值卡。", cards=(str(card),))
        pile = self.draw_pile(state)
        if card not in pile:
            return _one("value_not_in_deck",
                        "That value card is not in the draw pile: it already lies under a painting "
                        "or was discarded.",
                        "這張價值卡不在牌堆裡：它已經在某幅畫下面，或已被棄置。", cards=(card,))
        if draw.painting is None:
            return self._check_own_painting(state, draw.player, move.get("painting"))
        if move.get("painting") not in (None, draw.painting):
            return _one("wrong_painting",
                        f"This value card goes under {self.painting_name(draw.painting).en}.",
                        f"這張價值卡要放在 {self.painting_name(draw.painting).zh} 下面。",
                        cards=(draw.painting,))
        return ()

    # a turn
    def _check_roll(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        value = move.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value not in DIE_FACES:
            return _one("bad_die_value", f"A die shows 1 to 6, not {value!r}.",
                        f"骰子只有 1 到 6 點，不會是 {value!r}。", region="roll")
        return ()

    def _check_easel(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active, allow_none=True)
                or self._check_bank_painting(state, move.get("painting")))

    def _check_pick(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        picker = self.left_of(state, state.active)
        if move.player != picker:
            return _one("picker_only",
                        f"When {state.names[state.active]} owns several paintings, the player on "
                        f"their left, {state.names[picker]}, picks which one is auctioned.",
                        f"{state.names[state.active]} 有好幾幅畫時，由左手邊的 {state.names[picker]} "
                        f"挑選要拍賣哪一幅。")
        return self._check_own_painting(state, state.active, move.get("painting"))

    # auctions
    def _check_bidder(self, state: MasterpieceState, seat) -> tuple[Violation, ...]:
        auction = state.auction
        if seat is None:
            return _one("unknown_player", "Say who is bidding.", "請說明是誰出價。")
        if seat in auction.excluded:
            name = state.names[seat]
            if seat == auction.auctioneer and not auction.bank:
                return _one("auctioneer_cannot_bid",
                            f"{name} is auctioning their own painting, so {name} may not bid.",
                            f"{name} 正在拍賣自己的畫作，所以不能出價。", region="easel")
            return _one("declined_cannot_bid",
                        f"{name} chose not to buy this painting, so the bank auctions it among "
                        f"the other players.",
                        f"{name} 選擇不購買這幅畫，所以由其他玩家參與銀行拍賣。", region="easel")
        return ()

    def _check_bid_amount(self, state: MasterpieceState, amount) -> tuple[Violation, ...]:
        """Opening, increment, step and cancelled-amount rules (not the bidder's cash)."""
        auction = state.auction
        rules = self.data.bid_rules
        step = self.data.money_step_k
        amount = _amount(amount)
        if amount is None or amount <= 0 or amount % step:
            return _one("money_step",
                        f"Bids are counted in steps of {money(step).en} (amount_k is in thousands).",
                        f"出價必須以 {money(step).zh} 為單位（amount_k 以千元計）。", region="easel")
        if auction.standing_k is None and amount < rules.min_opening_k:
            return _one("opening_too_low",
                        f"The opening bid must be at least {money(rules.min_opening_k).en}.",
                        f"起標價至少要 {money(rules.min_opening_k).zh}。", region="easel")
        if auction.standing_k is not None and amount < auction.standing_k + rules.min_increment_k:
            inc, standing = money(rules.min_increment_k), money(auction.standing_k)
            least = money(auction.standing_k + rules.min_increment_k)
            return _one("bid_too_low",
                        f"Bids must rise by at least {inc.en}: the standing bid is {standing.en}, "
                        f"so bid {least.en} or more.",
                        f"每次出價至少要比目前最高價多 {inc.zh}：目前最高價是 {standing.zh}，"
                        f"所以請出 {least.zh} 以上。", region="easel")
        if amount in auction.cancelled_k:
            return _one("amount_cancelled",
                        f"{money(amount).en} was cancelled when two players called it at once; "
                        f"bid another amount.",
                        f"{money(amount).zh} 因兩人同時喊出而作廢，請出別的價錢。", region="easel")
        return ()

    def _check_bid(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        # A bid above the bidder's cash is a bluff the rules let stand unless someone calls
        # it, so it is never refused here: refusing would tell the table that player's cash.
        return (self._check_bidder(state, move.player)
                or self._check_bid_amount(state, move.get("amount_k")))

    def _check_tie(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        seats = move.get("players")
        if (not isinstance(seats, (list, tuple)) or len(set(seats)) < 2
                or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < state.players
                           for s in seats)):
            return _one("tie_needs_two",
                        "Equal bids cancel only when two or more different players call the same "
                        "amount at once: list their seats.",
                        "只有兩位以上玩家同時喊出相同價錢時才會作廢：請列出他們的座位。")
        for seat in seats:
            problems = self._check_bidder(state, seat)
            if problems:
                return problems
        return self._check_bid_amount(state, move.get("amount_k"))

    def _check_overbid(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        """A call that `player`'s bid of `amount_k` is above their cash. The bid is one of this
        auction's bids, or (called at the very moment it is made) a new bid."""
        problems = self._check_bidder(state, move.player)
        if problems:
            return problems
        amount = _amount(move.get("amount_k"))
        if (move.player, amount) in state.auction.bids:
            return ()
        if amount is not None and amount <= (state.auction.standing_k or 0):
            name = state.names[move.player]
            return _one("no_such_bid",
                        f"{name} has no bid of {money(amount).en} in this auction to call: "
                        f"only a bid made since the auction (re)started can be called.",
                        f"{name} 在這次拍賣中沒有出過 {money(amount).zh}：只能指出這次拍賣"
                        f"（重新）開始後的出價。", region="easel")
        return self._check_bid_amount(state, amount)

    def _check_hammer(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.auction.auctioneer, allow_none=True)
        if problems:
            return problems
        if state.auction.standing_k is None:
            return _one("no_standing_bid", "Nobody has bid yet: the hammer needs a standing bid "
                        "(or end the auction with no sale).",
                        "還沒有人出價：要有最高出價才能落槌（或宣布流標）。", region="easel")
        return ()

    def _check_no_sale(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.auction.auctioneer, allow_none=True)
        if problems:
            return problems
        if state.auction.standing_k is not None:
            return _one("standing_bid",
                        f"{state.names[state.auction.bidder]} bid {money(state.auction.standing_k).en}: "
                        f"the painting is sold when the hammer comes down.",
                        f"{state.names[state.auction.bidder]} 出價 {money(state.auction.standing_k).zh}："
                        f"落槌即成交。", region="easel")
        return ()

    # spaces
    def _check_take_cash(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return self._check_actor(state, move, state.active)

    def _check_take_value(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        if not state.holdings[state.active]:
            return _one("no_painting_for_value",
                        f"{state.names[state.active]} has no painting to put a value card under, "
                        f"so can only take the cash.",
                        f"{state.names[state.active]} 沒有畫作可以放價值卡，只能拿現金。")
        if not self.draw_pile(state):
            return _one("no_value_cards", "Every value card lies under a painting: take the cash.",
                        "所有價值卡都在畫作下面了：請拿現金。")
        return ()

    def _check_inherit(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active)
                or self._check_bank_painting(state, move.get("painting")))

    def _check_buy(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_actor(state, move, state.active)
        if problems:
            return problems
        painting = move.get("painting")
        if state.phase == "buy_bank":
            price = self.spaces[state.space].price_k
            return (self._check_bank_painting(state, painting)
                    or self._cannot_afford(state, state.active, price,
                                           Text("for the bank's painting", "向銀行買畫")))
        problems = self._check_painting_payload(painting, state.phase)
        if problems:
            return problems
        owner = self.owner(state, painting)
        if owner is None or owner == state.active:
            where = self._where_is(state, painting)
            return _one("not_for_sale",
                        f"This space buys a painting from another player; "
                        f"{self.painting_name(painting).en}: {where.en}",
                        f"這一格是向其他玩家買畫；{self.painting_name(painting).zh}：{where.zh}",
                        cards=(painting,))
        return self._cannot_afford(state, state.active, self.data.space_amounts.buy_from_player_k,
                                   Text(f"to {state.names[owner]}", f"給 {state.names[owner]}"))

    def _check_sell(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return (self._check_actor(state, move, state.active)
                or self._check_own_painting(state, state.active, move.get("painting")))

    def _check_pass(self, state: MasterpieceState, move: Move) -> tuple[Violation, ...]:
        return self._check_actor(state, move, state.active)

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        return getattr(self, f"_apply_{move.kind}")(state, move)

    @staticmethod
    def _note(state: MasterpieceState, code: str, en: str, zh: str) -> MasterpieceState:
        return replace(state, journal=state.journal + (Notice(code, Text(en, zh), state.turns),))

    @staticmethod
    def _transfer(state: MasterpieceState, payer: int | None, payee: int | None, amount: int,
                  kind: str, text: Text, painting: str | None = None) -> MasterpieceState:
        """Move money and write the ledger line. Cash can never go below zero."""
        cash = list(state.cash)
        if payer is not None:
            if cash[payer] < amount:
                raise AssertionError(f"ledger: seat {payer} cannot pay {amount}")  # check() guards this
            cash[payer] -= amount
        if payee is not None:
            cash[payee] += amount
        return replace(state, cash=tuple(cash),
                       ledger=state.ledger + (LedgerEntry(kind, payer, payee, amount, text, painting,
                                                          state.turns),))

    def _fine(self, state: MasterpieceState, seat: int, amount: int, why: Text,
              lose_turn: bool) -> MasterpieceState:
        """A fine to the bank; a player who cannot pay it loses their next turn instead."""
        name = state.names[seat]
        if state.cash[seat] >= amount:
            state = self._transfer(state, seat, None, amount, "fine",
                                   Text(f"{name} pays the bank a {money(amount).en} fine: {why.en}",
                                        f"{name} 付給銀行罰金 {money(amount).zh}：{why.zh}"))
        else:
            lose_turn = True
            state = self._note(state, "fine_unpaid",
                               f"{name} cannot pay the {money(amount).en} fine ({why.en}) and loses "
                               f"the next turn.",
                               f"{name} 付不起罰金 {money(amount).zh}（{why.zh}），喪失下一回合。")
        if lose_turn:
            skips = list(state.skips)
            skips[seat] += 1
            state = replace(state, skips=tuple(skips))
        return state

    def _with_holdings(self, state: MasterpieceState, seat: int,
                       holdings: tuple[Holding, ...]) -> MasterpieceState:
        all_holdings = list(state.holdings)
        all_holdings[seat] = tuple(sorted(holdings, key=lambda h: h.painting))
        return replace(state, holdings=tuple(all_holdings))

    def _give(self, state: MasterpieceState, seat: int, holding: Holding) -> MasterpieceState:
        return self._with_holdings(state, seat, state.holdings[seat] + (holding,))

    def _take(self, state: MasterpieceState, seat: int, painting: str) -> tuple[MasterpieceState, Holding]:
        kept = tuple(h for h in state.holdings[seat] if h.painting != painting)
        taken = next(h for h in state.holdings[seat] if h.painting == painting)
        return self._with_holdings(state, seat, kept), taken

    def _owe_draw(self, state: MasterpieceState, seat: int, painting: str | None,
                  resume: str) -> MasterpieceState:
        """Ask for a value card, or carry on when none is left anywhere."""
        if not self.draw_pile(state):
            state = self._note(state, "no_value_cards",
                               "Every value card lies under a painting: no value card is drawn.",
                               "所有價值卡都在畫作下面：這次不抽價值卡。")
            return self._resume(state, resume)
        return replace(state, phase="draw", draw=Draw(seat, painting, resume))

    def _resume(self, state: MasterpieceState, resume: str) -> MasterpieceState:
        state = replace(state, draw=None)
        if resume == "setup":
            return replace(state, phase="setup")
        return self._end_turn(state)

    def _end_turn(self, state: MasterpieceState) -> MasterpieceState:
        """Clockwise to the next seat that has no lost turn; the game ends with the bank's pile."""
        state = replace(state, auction=None, draw=None, space=None)
        if not state.bank:
            return self._note(replace(state, phase="over", active=None), "game_over",
                              "The bank has no paintings left: the game is over. Turn the value "
                              "cards face up for the final count.",
                              "銀行的名畫都賣完了，遊戲結束。請把價值卡翻開結算。")
        seat = state.active
        skips = list(state.skips)
        while True:
            seat = self.left_of(state, seat)
            if skips[seat] == 0:
                break
            skips[seat] -= 1
            state = self._note(state, "turn_lost", f"{state.names[seat]} loses this turn.",
                               f"{state.names[seat]} 喪失這一回合。")
        return replace(state, phase="roll", active=seat, skips=tuple(skips),
                       turns=state.turns + 1)

    # set-up
    def _apply_deal(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting = move["painting"]
        state = replace(state, bank=tuple(p for p in state.bank if p != painting),
                        dealt=state.dealt + 1)
        state = self._give(state, move.player, Holding(painting))
        return self._owe_draw(state, move.player, painting, "setup")

    def _apply_place_pawn(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        positions = list(state.positions)
        positions[move.player] = move["space"]
        return replace(state, positions=tuple(positions))

    def _apply_start(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        name = state.names[move.player]
        state = replace(state, phase="roll", active=move.player, turns=1)
        return self._note(state, "start", f"{name} rolled highest and starts; play goes clockwise.",
                          f"{name} 擲出最大點數，先開始；依順時針方向進行。")

    def _apply_draw_value(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        draw = state.draw
        card = move["card"]
        if not state.deck:
            state = self._note(replace(state, deck=state.discard, discard=()), "reshuffle",
                               "The value deck ran out: the discarded value cards are shuffled "
                               "into a new deck.",
                               "價值卡用完了：把棄牌區的價值卡洗勻，形成新的牌堆。")
        painting = draw.painting or move["painting"]
        seat = draw.player
        state = replace(state, deck=tuple(c for c in state.deck if c != card))
        state, holding = self._take(state, seat, painting)
        state = self._give(state, seat, replace(holding, values=holding.values + (card,)))
        return self._resume(state, draw.resume)

    # a turn
    def _apply_roll(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        seat, value = state.active, move["value"]
        positions = list(state.positions)
        space = (positions[seat] + value) % len(self.spaces)
        positions[seat] = space
        state = replace(state, positions=tuple(positions), space=space, last_roll=value)
        action = self.space_text(space)
        name = state.names[seat]
        state = self._note(state, "landed", f"{name} rolls {value} and lands on space {space}. {action.en}",
                           f"{name} 擲出 {value} 點，停在第 {space} 格。{action.zh}")
        kind = self.spaces[space].kind
        owned = state.holdings[seat]
        if kind == "bank_auction":
            return replace(state, phase="easel", auction=None)
        if kind == "private_auction":
            if not owned:
                return self._nothing(state, "has no painting to auction", "沒有畫作可以拍賣")
            if len(owned) == 1:
                return self._open_private_auction(state, owned[0].painting)
            return replace(state, phase="pick")
        if kind in ("sell_value", "must_sell") and not owned:
            return self._nothing(state, "has no painting to sell", "沒有畫作可以賣")
        if kind == "buy_player" and not any(state.holdings[s] for s in range(state.players) if s != seat):
            return self._nothing(state, "finds no other player owning a painting",
                                 "發現其他玩家都沒有畫作")
        return replace(state, phase=kind)

    def _nothing(self, state: MasterpieceState, en: str, zh: str) -> MasterpieceState:
        name = state.names[state.active]
        state = self._note(state, "nothing_to_do", f"{name} {en}: nothing happens.",
                           f"{name}{zh}：什麼都不會發生。")
        return self._end_turn(state)

    def _apply_easel(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting = move["painting"]
        # After "may buy from the bank" is declined, only the other players bid.
        excluded = (state.active,) if self.spaces[state.space].kind == "buy_bank" else ()
        auction = Auction(painting, (), None, state.active, excluded)
        return replace(state, phase="auction", auction=auction,
                       bank=tuple(p for p in state.bank if p != painting))

    def _apply_pick(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        return self._open_private_auction(state, move["painting"])

    def _open_private_auction(self, state: MasterpieceState, painting: str) -> MasterpieceState:
        seat = state.active
        state, holding = self._take(state, seat, painting)
        auction = Auction(painting, holding.values, seat, seat, (seat,))
        return replace(state, phase="auction", auction=auction)

    def _apply_bid(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        amount = _amount(move["amount_k"])
        return replace(state, auction=replace(auction, standing_k=amount, bidder=move.player,
                                              bids=auction.bids + ((move.player, amount),)))

    def _apply_tie(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        amount = _amount(move["amount_k"])
        names = " & ".join(state.names[s] for s in sorted(set(move["players"])))
        state = replace(state, auction=replace(auction, cancelled_k=auction.cancelled_k + (amount,)))
        return self._note(state, "tie_cancelled",
                          f"{names} called {money(amount).en} at the same time: that amount is "
                          f"cancelled.",
                          f"{names} 同時喊出 {money(amount).zh}：這個價錢作廢。")

    def _apply_overbid(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        """The call is checked now, and only now; nothing said reveals anyone's cash."""
        amount = _amount(move["amount_k"])
        seat, name = move.player, state.names[move.player]
        auction = state.auction
        if (seat, amount) not in auction.bids:  # the bid and the call came together
            auction = replace(auction, standing_k=amount, bidder=seat,
                              bids=auction.bids + ((seat, amount),))
            state = replace(state, auction=auction)
        if amount <= state.cash[seat]:
            return self._note(state, "overbid_call_wrong",
                              f"The call was wrong: {name} can pay {money(amount).en}. The bid "
                              f"stands and the call costs nothing.",
                              f"喊錯了：{name} 付得起 {money(amount).zh}。出價有效，喊的人不受罰。")
        bids = tuple(b for b in auction.bids if b != (seat, amount))
        best = max(bids, key=lambda b: b[1]) if bids else None
        state = replace(state, auction=replace(
            auction, bids=bids, standing_k=best[1] if best else None,
            bidder=best[0] if best else None))
        why = Text(f"{name}'s bid of {money(amount).en} was called and {name} cannot pay it",
                   f"{name} 出價 {money(amount).zh} 被指出付不起")
        state = self._fine(state, seat, self.data.bid_rules.overbid_fine_k, why, True)
        return self._note(state, "overbid", f"Overbid: {why.en}. The bid does not count and {name} "
                          f"loses the next turn.",
                          f"超額出價：{why.zh}。此出價無效，{name} 喪失下一回合。")

    def _apply_hammer(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        winner, price = auction.bidder, auction.standing_k
        name, title = state.names[winner], self.painting_name(auction.painting)
        if state.cash[winner] < price:
            why = Text(f"{name} won {title.en} at {money(price).en} but cannot pay it",
                       f"{name} 以 {money(price).zh} 得標 {title.zh}，但付不起")
            state = self._fine(state, winner, self.data.bid_rules.unpaid_fine_k, why, False)
            state = replace(state, auction=replace(auction, standing_k=None, bidder=None,
                                                   cancelled_k=(), bids=()))
            return self._note(state, "auction_restarts",
                              f"{why.en}: the auction starts again.", f"{why.zh}：重新拍賣。")
        if auction.bank:
            text = Text(f"{name} pays the bank {money(price).en} for {title.en} (bank auction).",
                        f"{name} 付給銀行 {money(price).zh}，買下 {title.zh}（銀行拍賣）。")
        else:
            seller = state.names[auction.seller]
            text = Text(f"{name} pays {seller} {money(price).en} for {title.en} (private auction).",
                        f"{name} 付給 {seller} {money(price).zh}，買下 {title.zh}（私人拍賣）。")
        state = self._transfer(state, winner, auction.seller, price, "payment", text, auction.painting)
        state = self._give(replace(state, auction=None), winner, Holding(auction.painting, auction.values))
        if auction.bank:
            return self._owe_draw(state, winner, auction.painting, "end_turn")
        return self._end_turn(state)

    def _apply_no_sale(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        auction = state.auction
        title = self.painting_name(auction.painting)
        state = replace(state, auction=None)
        if auction.bank:
            state = replace(state, bank=tuple(sorted(state.bank + (auction.painting,))))
            state = self._note(state, "no_sale", f"Nobody bid: {title.en} goes back to the bank.",
                               f"沒有人出價：{title.zh} 回到銀行。")
        else:
            state = self._give(state, auction.seller, Holding(auction.painting, auction.values))
            state = self._note(state, "no_sale",
                               f"Nobody bid: {title.en} goes back to {state.names[auction.seller]}.",
                               f"沒有人出價：{title.zh} 回到 {state.names[auction.seller]} 手上。")
        return self._end_turn(state)

    # spaces
    def _apply_take_cash(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        amount = self.data.space_amounts.collect_cash_k
        name = state.names[state.active]
        state = self._transfer(state, None, state.active, amount, "collect",
                               Text(f"The bank pays {name} {money(amount).en} (collect space).",
                                    f"銀行付給 {name} {money(amount).zh}（獲得資金格）。"))
        return self._end_turn(state)

    def _apply_take_value(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        return self._owe_draw(state, state.active, None, "end_turn")

    def _apply_inherit(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting = move["painting"]
        state = replace(state, bank=tuple(p for p in state.bank if p != painting))
        state = self._give(state, state.active, Holding(painting))
        state = self._note(state, "inherit", f"{state.names[state.active]} inherits "
                           f"{self.painting_name(painting).en} from the bank.",
                           f"{state.names[state.active]} 從銀行承接 {self.painting_name(painting).zh}。")
        return self._owe_draw(state, state.active, painting, "end_turn")

    def _apply_buy(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting, seat = move["painting"], state.active
        name, title = state.names[seat], self.painting_name(painting)
        if state.phase == "buy_bank":
            price = self.spaces[state.space].price_k
            state = self._transfer(state, seat, None, price, "payment",
                                   Text(f"{name} pays the bank {money(price).en} for {title.en}.",
                                        f"{name} 付給銀行 {money(price).zh}，買下 {title.zh}。"), painting)
            state = replace(state, bank=tuple(p for p in state.bank if p != painting))
            state = self._give(state, seat, Holding(painting))
            return self._owe_draw(state, seat, painting, "end_turn")
        owner = self.owner(state, painting)
        price = self.data.space_amounts.buy_from_player_k
        state = self._transfer(state, seat, owner, price, "payment",
                               Text(f"{name} pays {state.names[owner]} {money(price).en} for "
                                    f"{title.en}, which {state.names[owner]} must sell.",
                                    f"{name} 付給 {state.names[owner]} {money(price).zh}，"
                                    f"買下 {state.names[owner]} 必須賣出的 {title.zh}。"), painting)
        state, holding = self._take(state, owner, painting)
        state = self._give(state, seat, holding)
        return self._end_turn(state)

    def _apply_sell(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        painting, seat = move["painting"], state.active
        name, title = state.names[seat], self.painting_name(painting)
        state, holding = self._take(state, seat, painting)
        shown = self.values_text(holding.values)
        if state.phase == "sell_value":
            price = self.painting_value(holding.values)
            text = Text(f"The bank pays {name} {money(price).en} for {title.en}, its value "
                        f"({shown.en}).",
                        f"銀行以價值 {money(price).zh} 向 {name} 買下 {title.zh}（{shown.zh}）。")
        else:
            price = self.data.space_amounts.must_sell_k
            text = Text(f"{name} must sell {title.en} to the bank for {money(price).en}; its "
                        f"value cards show {shown.en}.",
                        f"{name} 必須以 {money(price).zh} 把 {title.zh} 賣給銀行；價值卡為 {shown.zh}。")
        state = self._transfer(state, None, seat, price, "sale", text, painting)
        state = replace(state, gone=state.gone + (painting,),
                        discard=tuple(sorted(state.discard + holding.values)))
        return self._end_turn(state)

    def _apply_pass(self, state: MasterpieceState, move: Move) -> MasterpieceState:
        name = state.names[state.active]
        if state.phase == "buy_bank":
            state = self._note(state, "declined",
                               f"{name} does not buy: the bank auctions the painting among the "
                               f"other players.",
                               f"{name} 不購買：改由其他玩家參與銀行拍賣。")
            return replace(state, phase="easel")
        state = self._note(state, "passed", f"{name} passes.", f"{name} 放棄。")
        return self._end_turn(state)

    # -- who acts, what is legal ------------------------------------------------------------
    def is_over(self, state: MasterpieceState) -> bool:
        return state.phase == "over"

    def current_players(self, state: MasterpieceState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "draw":
            return (state.draw.player,)
        if state.phase == "setup":
            return tuple(range(state.players))
        if state.phase == "pick":
            return (self.left_of(state, state.active),)
        if state.phase == "auction":
            return tuple(sorted(set(self.eligible_bidders(state)) | {state.auction.auctioneer}))
        return (state.active,)

    def _value_choices(self, pile: tuple[str, ...]) -> list[str]:
        """One card of each distinct value (a finite, varied sample of the hidden deck)."""
        seen: dict[tuple[int, bool], str] = {}
        for card in pile:
            seen.setdefault((self.value_k[card], self.forgery[card]), card)
        return list(seen.values())

    def legal_moves(self, state: MasterpieceState) -> Iterable[Move]:
        phase, seat = state.phase, state.active
        if phase == "setup":
            if state.dealt < state.players:
                yield Move("deal", self.next_deal_seat(state), {"painting": state.bank[0]})
            for s, position in enumerate(state.positions):
                if position is None:
                    for space in sorted({(5 * s) % len(self.spaces), (7 * s + 3) % len(self.spaces)}):
                        yield Move("place_pawn", s, {"space": space})
            if not self._check_start(state, Move("start", 0)):
                for s in range(state.players):
                    yield Move("start", s)
        elif phase == "draw":
            draw = state.draw
            targets = ([draw.painting] if draw.painting else
                       [h.painting for h in state.holdings[draw.player]][:2])
            for card in self._value_choices(self.draw_pile(state)):
                for painting in targets:
                    yield Move("draw_value", draw.player, {"card": card, "painting": painting})
        elif phase == "roll":
            # Rolls reaching a space that takes a bank painting come first, so that always
            # taking the first legal move ends a game quickly (a short base case for tests).
            def pace(value: int) -> int:
                kind = self.spaces[(state.positions[seat] + value) % len(self.spaces)].kind
                return PACE.get(kind, len(PACE))
            for value in sorted(DIE_FACES, key=pace):
                yield Move("roll", seat, {"value": value})
        elif phase == "easel":
            for painting in sorted({state.bank[0], state.bank[-1]}):
                yield Move("easel", seat, {"painting": painting})
        elif phase == "pick":
            for h in state.holdings[seat]:
                yield Move("pick", self.left_of(state, seat), {"painting": h.painting})
        elif phase == "auction":
            yield from self._legal_auction_moves(state)
        elif phase == "collect":
            yield Move("take_cash", seat)
            if not self._check_take_value(state, Move("take_value", seat)):
                yield Move("take_value", seat)
        elif phase == "inherit":
            yield Move("inherit", seat, {"painting": state.bank[0]})
        elif phase in ("buy_bank", "buy_player", "sell_value", "must_sell"):
            if phase == "buy_bank":
                options = [state.bank[0]]
            elif phase == "buy_player":
                options = [h.painting for s in range(state.players) if s != seat
                           for h in state.holdings[s]]
            else:
                options = [h.painting for h in state.holdings[seat]]
            kind = "sell" if phase in ("sell_value", "must_sell") else "buy"
            for painting in options:
                move = Move(kind, seat, {"painting": painting})
                if not self.check(state, move):
                    yield move
            if phase != "must_sell":
                yield Move("pass", seat)

    def _legal_auction_moves(self, state: MasterpieceState) -> Iterable[Move]:
        auction = state.auction
        if auction.standing_k is not None:
            yield Move("hammer", auction.auctioneer)
        step = self.data.money_step_k
        level = self.min_bid(auction)
        while level in auction.cancelled_k:
            level += step
        # What is offered never depends on anyone's cash (hidden): every bidder may bid, and
        # any standing bid may be called.
        if auction.standing_k is not None:
            yield Move("overbid", auction.bidder, {"amount_k": auction.standing_k})
        bidders = [s for s in self.eligible_bidders(state) if s != auction.bidder]
        for s in bidders:
            yield Move("bid", s, {"amount_k": level})
            if level + 1000 not in auction.cancelled_k:
                yield Move("bid", s, {"amount_k": level + 1000})
        if len(bidders) >= 2:
            yield Move("tie", None, {"players": bidders[:2], "amount_k": level})
        if auction.standing_k is None:
            yield Move("no_sale", auction.auctioneer)

    # -- scoring ----------------------------------------------------------------------------
    def score(self, state: MasterpieceState) -> tuple[SideScore, ...]:
        """Cash plus paintings. Painting values stay hidden (0, marked) until the game ends."""
        revealed = self.is_over(state)
        sides = []
        for seat in range(state.players):
            lines = [ScoreLine(state.cash[seat], "cash",
                               Text(f"Cash: {money(state.cash[seat]).en}",
                                    f"現金：{money(state.cash[seat]).zh}"))]
            for h in state.holdings[seat]:
                title = self.painting_name(h.painting)
                if revealed:
                    shown = self.values_text(h.values)
                    lines.append(ScoreLine(self.painting_value(h.values), "painting",
                                           Text(f"{title.en}: {shown.en}", f"{title.zh}：{shown.zh}"),
                                           (h.painting, *h.values)))
                else:
                    lines.append(ScoreLine(0, "painting_hidden",
                                           Text(f"{title.en}: value hidden until the end",
                                                f"{title.zh}：價值到遊戲結束才公開"),
                                           (h.painting,)))
            name = state.names[seat]
            sides.append(SideScore(f"p{seat}", Text(name, name), (seat,), tuple(lines)))
        return tuple(sides)

    def wealth(self, state: MasterpieceState, seat: int) -> int:
        return state.cash[seat] + sum(self.painting_value(h.values) for h in state.holdings[seat])

    def outcome(self, state: MasterpieceState) -> Outcome | None:
        if not self.is_over(state):
            return None

        def key(seat: int) -> tuple[int, int]:
            return (self.wealth(state, seat), state.cash[seat])

        ranked = sorted(range(state.players), key=key, reverse=True)
        best = key(ranked[0])
        winners = tuple(s for s in ranked if key(s) == best)
        names = " & ".join(state.names[s] for s in winners)
        wealth, cash = money(best[0]), money(best[1])
        tied_on_wealth = [s for s in ranked if key(s)[0] == best[0]]
        tie_break = None
        if len(winners) > 1:
            tie_break = Text(f"Tied on wealth ({wealth.en}) and cash ({cash.en}): the win is shared.",
                             f"財富（{wealth.zh}）與現金（{cash.zh}）都相同：共同獲勝。")
            explanation = Text(f"{names} share the win with {wealth.en}.",
                               f"{names} 以 {wealth.zh} 共同獲勝。")
        else:
            if len(tied_on_wealth) > 1:
                tie_break = Text(f"Tied on wealth ({wealth.en}); {names} has more cash ({cash.en}).",
                                 f"財富同為 {wealth.zh}；{names} 的現金較多（{cash.zh}）。")
            paintings = money(best[0] - best[1])
            explanation = Text(f"{names} wins with {wealth.en} (cash {cash.en}, paintings "
                               f"{paintings.en}).",
                               f"{names} 以 {wealth.zh} 獲勝（現金 {cash.zh}，畫作 {paintings.zh}）。")
        return Outcome(tuple(f"p{s}" for s in winners), tuple(f"p{s}" for s in ranked),
                       explanation, tie_break)

    # -- teaching ---------------------------------------------------------------------------
    def hints(self, state: MasterpieceState) -> tuple[Hint, ...]:
        if self.is_over(state):
            return ()
        hints = [Hint(self._waiting_for(state), None, {"phase": state.phase})]
        auction = state.auction
        if state.phase == "auction":
            least = self.min_bid(auction)
            text = (Text(f"Opening bid: at least {money(least).en}.", f"起標價至少 {money(least).zh}。")
                    if auction.standing_k is None else
                    Text(f"Standing bid {money(auction.standing_k).en} by "
                         f"{state.names[auction.bidder]}: the next bid is at least {money(least).en}.",
                         f"目前最高價 {money(auction.standing_k).zh}（{state.names[auction.bidder]}），"
                         f"下一次出價至少 {money(least).zh}。"))
            hints.append(Hint(text, "easel", {"min_bid_k": least}))
            if not auction.bank:
                hints.append(Hint(Text("The auctioneer may not bid on their own painting.",
                                       "拍賣官不能對自己的畫作出價。"), "easel"))
        return tuple(hints)

    def rules_notes(self) -> tuple[Text, ...]:
        notes = []
        if self.data.board.unverified:
            notes.append(Text("The order of the 30 board spaces is a placeholder (not found in "
                              "public sources); check it against your board.",
                              "圖板 30 格的順序是暫定資料（公開資料中找不到），請對照你的圖板。"))
        if self.data.value_deck.unverified:
            notes.append(Text("The value-card distribution is a placeholder (not found in public "
                              "sources): 3 forgeries and values from $1M to $10M.",
                              "價值卡的分布是暫定資料（公開資料中找不到）：3 張贗品，其餘 $100萬 到 $1000萬。"))
        notes.append(Text("The rules do not say what happens when nobody bids: the painting goes "
                          "back to the bank (or to its owner) and the turn ends.",
                          "規則沒有說明無人出價時怎麼辦：畫作回到銀行（或原主人），回合結束。"))
        notes.append(Text("A bid above the bidder's cash is accepted like any bid: cash is hidden. "
                          "Any player may call it before the hammer (the overbid move): only then "
                          "is it checked, and a called overbid costs a $1M fine and the next turn; "
                          "a wrong call costs nothing, and an overbid nobody calls stands.",
                          "超過現金的出價和一般出價一樣會被接受：現金是秘密。落槌前任何玩家都可以指出"
                          "（登記超額出價）：這時才檢查；被指出的超額出價罰款 $100萬 並喪失下一回合；"
                          "喊錯不受罰；沒人指出的超額出價有效。"))
        return tuple(notes)

    # -- dashboard view ---------------------------------------------------------------------
    def public_move(self, state: MasterpieceState, move: Move) -> Move:
        """Value cards go under paintings face down: nobody sees which one until the end."""
        if move.kind == "draw_value" and not self.is_over(state):
            return Move(move.kind, move.player, {**dict(move.params), "card": "hidden"})
        return move

    def describe_move(self, state: MasterpieceState, move: Move) -> Text | None:
        """The move as the table says it. Value cards stay "a hidden value card": the move
        arrives after public_move, and even the full move must not give a value away."""
        seat = move.player
        name = (state.names[seat] if isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < state.players else None)
        kind = move.kind
        if kind == "tie":
            return self._describe_tie(state, move)
        if kind in ("hammer", "no_sale"):
            return self._describe_auction_end(state, kind)
        if name is None:
            return None
        if kind == "start":
            return Text(f"{name} rolled highest and starts", f"{name} 擲出最大點數，先開始")
        if kind == "take_cash":
            cash = money(self.data.space_amounts.collect_cash_k)
            return Text(f"{name} takes {cash.en} from the bank", f"{name} 向銀行拿 {cash.zh}")
        if kind == "take_value":
            return Text(f"{name} takes a value card", f"{name} 選擇拿 1 張價值卡")
        if kind == "pass":
            return Text(f"{name} passes", f"{name} 放棄")
        if kind == "place_pawn":
            space = move.get("space")
            if not self._is_index(space, len(self.spaces)):
                return None
            return Text(f"{name} puts their pawn on space {space}",
                        f"{name} 把棋子放在第 {space} 格")
        if kind == "roll":
            value = move.get("value")
            if not self._is_index(value, 7) or value not in DIE_FACES:
                return None
            return Text(f"{name} rolls a {value}", f"{name} 擲出 {value} 點")
        if kind in ("bid", "overbid"):
            amount = _amount(move.get("amount_k"))
            if amount is None or amount <= 0:
                return None
            said = money(amount)
            if kind == "bid":
                return Text(f"{name} bids {said.en}", f"{name} 出價 {said.zh}")
            return Text(f"{name}'s bid of {said.en} is called as an overbid",
                        f"有人指出 {name} 出價 {said.zh} 超過手上的現金")
        title = self._painting_or_none(move.get("painting"))
        if kind == "draw_value":
            if move.get("card") != "hidden" and move.get("card") not in self.values:
                return None
            if move.get("painting") is None and state.draw is not None and state.draw.painting:
                title = self.painting_name(state.draw.painting)  # the card owed goes there
            elif move.get("painting") is not None and title is None:
                return None
            if title is None:
                return Text(f"{name} draws a hidden value card", f"{name} 抽 1 張隱藏的價值卡")
            return Text(f"{name} puts a hidden value card under {title.en}",
                        f"{name} 把 1 張隱藏的價值卡放在 {title.zh} 下面")
        if title is None:
            return None
        if kind == "deal":
            return Text(f"{name} gets {title.en} to start", f"{name} 拿到起始名畫 {title.zh}")
        if kind == "easel":
            return Text(f"{title.en} goes on the easel", f"{title.zh} 放上畫架")
        if kind == "pick":
            active = state.names[state.active] if state.active is not None else None
            if active is None or active == name:
                return Text(f"{name} picks {title.en} for the auction",
                            f"{name} 挑選 {title.zh} 來拍賣")
            return Text(f"{name} picks {title.en} for {active} to auction",
                        f"{name} 挑選 {active} 的 {title.zh} 來拍賣")
        if kind == "inherit":
            return Text(f"{name} inherits {title.en} from the bank",
                        f"{name} 從銀行承接 {title.zh}")
        if kind == "buy":
            owner = self.owner(state, move.get("painting"))
            if owner is None:
                return Text(f"{name} buys {title.en} from the bank",
                            f"{name} 向銀行買下 {title.zh}")
            return Text(f"{name} buys {title.en} from {state.names[owner]}",
                        f"{name} 向 {state.names[owner]} 買下 {title.zh}")
        if kind == "sell":
            return Text(f"{name} sells {title.en} to the bank", f"{name} 把 {title.zh} 賣給銀行")
        return None

    @staticmethod
    def _is_index(value, count: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count

    def _painting_or_none(self, payload) -> Text | None:
        if not isinstance(payload, str) or payload not in self.paintings:
            return None
        return self.painting_name(payload)

    def _describe_tie(self, state: MasterpieceState, move: Move) -> Text | None:
        seats, amount = move.get("players"), _amount(move.get("amount_k"))
        if (not isinstance(seats, (list, tuple)) or amount is None or amount <= 0
                or not all(self._is_index(s, state.players) for s in seats) or len(set(seats)) < 2):
            return None
        names = [state.names[s] for s in sorted(set(seats))]
        said = money(amount)
        return Text(f"{' and '.join(names)} call {said.en} at the same time",
                    f"{' 和 '.join(names)} 同時喊出 {said.zh}")

    def _describe_auction_end(self, state: MasterpieceState, kind: str) -> Text | None:
        auction = state.auction
        if auction is None:
            return None
        title = self.painting_name(auction.painting)
        if kind == "no_sale":
            return Text(f"Nobody bids for {title.en}", f"沒有人出價買 {title.zh}")
        if auction.bidder is None or auction.standing_k is None:
            return Text(f"The hammer comes down on {title.en}", f"{title.zh} 落槌")
        said = money(auction.standing_k)
        buyer = state.names[auction.bidder]
        if state.cash[auction.bidder] < auction.standing_k:  # the auction starts again
            return Text(f"The hammer comes down, but {buyer} cannot pay {said.en} for {title.en}",
                        f"落槌，但 {buyer} 付不出 {said.zh} 買 {title.zh}")
        return Text(f"Sold! {buyer} wins {title.en} for {said.en}",
                    f"成交！{buyer} 以 {said.zh} 得標 {title.zh}")

    def describe(self, state: MasterpieceState) -> dict:
        revealed = self.is_over(state)
        players = []
        for seat in range(state.players):
            paintings = []
            for h in state.holdings[seat]:
                entry = {"card": h.painting, "name": self.painting_name(h.painting).to_dict(),
                         "value_cards": len(h.values), "hidden": not revealed}
                if revealed:
                    entry["values"] = [{"card": v, "value_k": self.value_k[v],
                                        "forgery": self.forgery[v]} for v in h.values]
                    entry["value_k"] = self.painting_value(h.values)
                paintings.append(entry)
            players.append({
                "seat": seat, "name": state.names[seat], "pawn": state.pawns[seat],
                "region": f"player{seat}", "position": state.positions[seat],
                "cash_k": state.cash[seat], "cash": money(state.cash[seat]).to_dict(),
                "lost_turns": state.skips[seat], "paintings": paintings,
                "wealth_k": self.wealth(state, seat) if revealed else None,
            })
        auction = state.auction
        return {
            "kind": "masterpiece",
            "phase": state.phase,
            "active": state.active,
            "turn": state.turns,
            "waiting_for": self._waiting_for(state).to_dict(),
            "space": None if state.space is None else {
                "index": state.space, "kind": self.spaces[state.space].kind,
                "text": self.space_text(state.space).to_dict()},
            "last_roll": state.last_roll,
            "values_hidden": not revealed,
            "players": players,
            "bank": {"paintings_left": len(state.bank), "paintings": list(state.bank),
                     "gone": list(state.gone)},
            "value_deck": {"cards_left": len(state.deck), "discarded": len(state.discard)},
            "auction": None if auction is None else {
                "painting": auction.painting, "name": self.painting_name(auction.painting).to_dict(),
                "kind": "bank" if auction.bank else "private", "seller": auction.seller,
                "auctioneer": auction.auctioneer, "excluded": list(auction.excluded),
                "standing_k": auction.standing_k, "bidder": auction.bidder,
                "min_bid_k": self.min_bid(auction), "cancelled_k": list(auction.cancelled_k),
                "bids": [{"seat": s, "amount_k": a} for s, a in auction.bids]},
            "draw": None if state.draw is None else {
                "player": state.draw.player, "painting": state.draw.painting},
            "board": {"unverified": self.data.board.unverified,
                      "spaces": [{"index": s.index, "kind": s.kind, "price_k": s.price_k,
                                  "text": self.space_text(s.index).to_dict()} for s in self.spaces]},
            "ledger": [e.to_dict() for e in state.ledger],
            "journal": [n.to_dict() for n in state.journal],
        }

    # -- camera -----------------------------------------------------------------------------
    def interpret(self, state: MasterpieceState, event: TableEvent,
                  table: Mapping[str, PieceOnTable]) -> Interpretation:
        if isinstance(event, CardRemoved):
            return Interpretation()
        if event.kind == "die":
            return self._interpret_die(state, event)
        piece = self.catalogue.piece(event.payload)
        if piece.kind == "token":
            return self._interpret_pawn(state, event)
        if piece.kind == "back":
            return Interpretation()
        if "painting" in piece.face:
            return self._interpret_painting(state, event)
        return self._interpret_value_card(state, event)

    def _interpret_die(self, state: MasterpieceState, event) -> Interpretation:
        if event.where.region != "roll" or event.value is None or state.phase != "roll":
            return Interpretation()
        return Interpretation(move=Move("roll", state.active, {"value": event.value}))

    @staticmethod
    def _seat_of_region(state: MasterpieceState, region: str | None) -> int | None:
        if region and region.startswith("player") and region[6:].isdigit():
            seat = int(region[6:])
            if seat < state.players:
                return seat
        return None

    def _interpret_pawn(self, state: MasterpieceState, event) -> Interpretation:
        if event.payload not in state.pawns or event.where.region != "ring" or not event.where.slot:
            return Interpretation()
        seat = state.pawns.index(event.payload)
        space = event.where.slot[0]
        if not isinstance(space, int) or not 0 <= space < len(self.spaces):
            return Interpretation()
        name = state.names[seat]
        if state.phase in ("setup", "draw") and state.active is None:
            if state.positions[seat] == space:
                return Interpretation()
            return Interpretation(move=Move("place_pawn", seat, {"space": space}))
        expected = state.positions[seat]
        if space == expected:
            action = self.space_text(space)
            return Interpretation(note=Text(f"{name} is on space {space}. {action.en}",
                                            f"{name} 在第 {space} 格。{action.zh}"))
        if state.phase == "roll" and seat == state.active:
            en = f"{name}'s pawn moved before the die roll was entered: it stays on space {expected} until then."
            zh = f"{name} 的棋子在擲骰結果登記前就移動了：先留在第 {expected} 格。"
        elif seat == state.active and state.last_roll is not None:
            start = (expected - state.last_roll) % len(self.spaces)
            en = (f"{name} rolled {state.last_roll} from space {start}, so the pawn belongs on "
                  f"space {expected}, not {space}.")
            zh = f"{name} 從第 {start} 格擲出 {state.last_roll} 點，棋子應該在第 {expected} 格，不是第 {space} 格。"
        else:
            en = f"{name}'s pawn belongs on space {expected}, not {space}."
            zh = f"{name} 的棋子應該在第 {expected} 格，不是第 {space} 格。"
        return Interpretation(violations=_one("pawn_wrong_space", en, zh, cards=(event.payload,),
                                              region="ring"))

    def _interpret_painting(self, state: MasterpieceState, event) -> Interpretation:
        painting, region = event.payload, event.where.region
        title = self.painting_name(painting)
        seat = self._seat_of_region(state, region)
        if region == "easel":
            if state.phase == "easel" and painting in state.bank:
                return Interpretation(move=Move("easel", state.active, {"painting": painting}))
            if state.phase == "pick" and self.owner(state, painting) == state.active:
                return Interpretation(move=Move("pick", self.left_of(state, state.active),
                                                {"painting": painting}))
            if state.auction is not None and state.auction.painting == painting:
                return Interpretation()
            where = self._where_is(state, painting)
            return Interpretation(violations=_one(
                "painting_wrong_area", f"{title.en} should not be on the easel now: {where.en}",
                f"{title.zh} 現在不該在畫架上：{where.zh}", cards=(painting,), region="easel"))
        if seat is None:
            return Interpretation()
        if state.phase == "setup" and state.dealt < state.players and painting in state.bank \
                and seat == self.next_deal_seat(state):
            return Interpretation(move=Move("deal", seat, {"painting": painting}))
        if state.phase in ("inherit", "buy_bank") and seat == state.active and painting in state.bank:
            kind = "inherit" if state.phase == "inherit" else "buy"
            return Interpretation(move=Move(kind, seat, {"painting": painting}))
        if state.phase == "buy_player" and seat == state.active \
                and self.owner(state, painting) not in (None, seat):
            return Interpretation(move=Move("buy", seat, {"painting": painting}))
        if self.owner(state, painting) == seat:
            return Interpretation()
        where = self._where_is(state, painting)
        name = state.names[seat]
        return Interpretation(violations=_one(
            "painting_wrong_area", f"{title.en} lies in {name}'s area, but {where.en}",
            f"{title.zh} 放在 {name} 的區域，但{where.zh}", cards=(painting,), region=region))

    def _interpret_value_card(self, state: MasterpieceState, event) -> Interpretation:
        """At the end, value cards are laid face up beside their paintings for the count."""
        seat = self._seat_of_region(state, event.where.region)
        if seat is None or event.face_down or not self.is_over(state):
            return Interpretation()
        card = event.payload
        for h in state.holdings[seat]:
            if card in h.values:
                title = self.painting_name(h.painting)
                shown = money(self.value_k[card]) if not self.forgery[card] else Text("forgery", "贗品")
                return Interpretation(note=Text(f"{shown.en} under {title.en}: matches the ledger.",
                                                f"{title.zh} 下的 {shown.zh}：與紀錄相符。"))
        name = state.names[seat]
        return Interpretation(violations=_one(
            "value_card_wrong_area",
            f"This value card was not recorded under any of {name}'s paintings.",
            f"這張價值卡並沒有登記在 {name} 的任何畫作下面。", cards=(card,),
            region=event.where.region))
