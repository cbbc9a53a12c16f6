"""Crypt (皇家地窖): servants (dice) claim treasure cards; higher effort pushes rivals off.

Rules: ../shared/rules/crypt.md. Every number the rules mark (data) lives in
companion/data/games/crypt.json. Seats 0..n-1 sit clockwise; in a solo game the ghost is
an extra seat (seat 1) that the engine plays itself.

What the engine knows: face-up cards by payload, face-down cards by type only. A card
collected face down keeps an unknown value until someone identifies it (turning it up
for a collector, or at the end of the game, when every collected card is shown).

Moves (card positions in the crypt are 0-based deal-order indexes, "slot" of region "crypt"):
- ``deal``        {card: payload} or {back: payload}, optional {index}: reveal one crypt card.
- ``claim``       {placements: [{card, dice, effort}]}: a whole claim turn at once.
- ``recover``     {}: all your exhausted dice become ready (also "pass" when none are).
- ``place_die``   {die, card, effort}: the camera saw one die set on a card; dice of a turn
                  gather as "pending" until ``end_turn`` or until the next player acts.
- ``remove_die``  {die}: a pending die was taken back.       ``end_turn`` {}: close the claim.
- ``ghost_roll``  {values}: solo only, the ghost's dice as rolled; the engine places them.
- ``roll``        {card, value} or {card, exhausted}: one exhaustion roll in the collect phase.
- ``end_collect`` {}: nobody wants to re-roll with an idol (Idols A).
- ``reroll``      {roll, card, value|exhausted}: Idols A, flip an idol, roll that die again.
- ``peek``        {card}: Manuscripts B, flip a manuscript to look at face-down crypt cards.
- ``take``        {cards: [2 pottery], index}: Pottery B, take a face-down crypt card.
- ``recover_one`` {cards: [2 remains]}: Remains A, one exhausted die becomes ready.
- ``identify``    {card}: say which card a face-down collected card is (end of game).
- ``tiebreak_roll`` {values}: a tied player's roll of their ready dice.
A collected card named in a flip is a treasure payload (which also identifies it) or its
back's payload (flip one face-down card of that type without saying which).

What the camera's events mean (`interpret`): a card appearing at crypt slot [i] during the
reveal is ``deal`` (face down by its back); a die (payload DIE<COLOUR>, owner by colour)
settling on crypt card i with a read value is ``place_die`` — the camera sees dice arrive
one at a time, so each die is a step and the turn's dice wait as "pending" (a die turned
to another face or moved replaces its step; a die lifted off is ``remove_die``). The
pending claim is checked as a whole (push-offs need the sum) when the player ends the turn
on the dashboard or when the next player acts; a die that no further die could make
strong enough is refused at once. A die read as None is never guessed: the dashboard asks
for it. A die moving from ``exhausted{k}`` to ``player{k}`` on your turn is ``recover``.
In the collect phase a die set in the ``roll`` area is a ``roll`` of the card it came from
(else of the owner's leftmost card still waiting); a die moved straight from a card to
``exhausted{k}`` or ``player{k}`` is a roll entered as exhausted or not. A treasure seen
face up in ``collection{k}`` identifies one of that player's unknown cards of its type.
Torch cards and collector sides seen in the wrong place raise alerts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..catalogue import load_json_resource
from ..errors import CompanionError, DataFileError
from ..events import CardRemoved, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from .base import Game, GameInfo, Interpretation

TYPES = ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
FACES = range(1, 7)


# -- data file ------------------------------------------------------------------------------
class _SetupData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    copies: dict[str, int]
    face_up: int = Field(ge=0)
    face_down: int = Field(ge=0)
    rounds: int = Field(ge=1)


class _Colour(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    key: str
    payload: str
    en: str
    zh: str = Field(alias="zh-TW")


class _Rank(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    min: float
    en: str
    zh: str = Field(alias="zh-TW")


class _Solo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ghost_dice: int = Field(ge=1)
    face_down_value: float
    ranks: list[_Rank] = Field(min_length=1)


class _CryptData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    types: dict[str, dict[str, str]]
    setups: dict[str, _SetupData]
    dice_per_player: int = Field(ge=1)
    ready_die_points: int
    colours: list[_Colour] = Field(min_length=4)
    collectors: dict[str, Any]
    solo: _Solo
    tiebreak_max_rolls: int = Field(ge=1)


def _load_data() -> _CryptData:
    raw = load_json_resource("games", "crypt.json")
    try:
        data = _CryptData.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataFileError(
            f"games/crypt.json: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    if tuple(data.types) != TYPES:
        raise DataFileError(f"games/crypt.json: types must be {list(TYPES)} in that order")
    for players, setup in data.setups.items():
        deck = len(TYPES) * sum(setup.copies.values())
        per_round = setup.face_up + setup.face_down
        if per_round == 0 or deck != per_round * setup.rounds:
            raise DataFileError(f"games/crypt.json: {players} players: a deck of {deck} cards "
                                f"does not make {setup.rounds} rounds of {per_round}")
    return data


# -- state ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """One crypt card and the dice on it (all dice on a card belong to one player)."""

    type: str
    payload: str | None  # None while face down and unknown
    face_up: bool
    owner: int | None = None
    dice: int = 0
    effort: int = 0

    @property
    def total(self) -> int:
        return self.dice * self.effort


@dataclass(frozen=True)
class Owned:
    """A collected treasure. `flipped`: turned face up for a collector."""

    type: str
    payload: str | None
    flipped: bool = False
    moment: int = 0  # when it was collected (for "first to 2 idols")


@dataclass(frozen=True)
class Roll:
    """One die that must be rolled in the collect phase."""

    owner: int
    card: int
    effort: int
    value: int | None = None
    failed: bool | None = None  # None until rolled


@dataclass(frozen=True)
class CryptState:
    players: int  # human players (1 = solo)
    seats: int  # seats at the table, the ghost included
    names: tuple[str, ...]
    colours: tuple[str, ...]  # die payload per seat
    collectors: tuple[tuple[str, str], ...]  # (type, side)
    phase: str  # reveal, claim, collect, before_scoring, final_reveal, tiebreak, over
    round: int
    leader: int
    turn: int  # index into the round's turn order
    row: tuple[Slot | None, ...]  # None: dealt slot still empty, or taken by Pottery B
    ready: tuple[int, ...]
    exhausted: tuple[int, ...]
    collections: tuple[tuple[Owned, ...], ...]
    seen: frozenset[str]  # payloads known to have left the deck
    dealt_by_type: tuple[int, ...]
    claims_started: bool = False
    pending: tuple[tuple[str, int, int], ...] = ()  # (die track, card, effort)
    pending_player: int | None = None
    rolls: tuple[Roll, ...] = ()
    moment: int = 0
    idol_pair_moment: tuple[int | None, ...] = ()
    peeked: frozenset[int] = frozenset()
    ghost_pushed: int = 0
    ghost_last: tuple[tuple[int, int, int], ...] = ()  # (card, dice, effort) just placed
    ghost_rolled: tuple[int, ...] = ()
    # push-offs this round, for the dashboard: (card, by seat, from seat, dice, beaten, effort)
    pushes: tuple[tuple[int, int, int, int, int, int], ...] = ()
    discarded: int = 0
    tied: tuple[int, ...] = ()
    tiebreak_rolls: tuple[tuple[int, int], ...] = ()  # (seat, total) this re-roll
    tiebreak_history: tuple[tuple[tuple[int, int], ...], ...] = ()
    tiebreak_winners: tuple[int, ...] = ()


def _v(code: str, en: str, zh: str, cards: Iterable[str] = (), region: str | None = None):
    return Violation(code, Text(en, zh), tuple(c for c in cards if c), region)


def _spaced(zh: str) -> str:
    """A space before a number or Latin word set into a Chinese sentence ("翻開 2 張陶器")."""
    return f" {zh}" if zh[:1].isascii() else zh


_SETUP_OPTIONS = {"collectors", "colours", "leader"}
# What each move must say, in the players' words: the refusal when a move is incomplete.
_MOVE_SHAPES = {
    "deal": ("A dealt card says which treasure it is, or which back shows, and its place in "
             "the crypt.", "翻開的牌要說明是哪張寶藏卡（或哪種背面）以及在地窖的哪個位置。"),
    "claim": ("A claim says, for each card, which crypt card, how many dice and the effort "
              "they show (1 to 6).", "宣告寶藏要說明每張卡：地窖的哪張卡、放幾顆骰子、骰子的點數（1 到 6）。"),
    "place_die": ("A die set on a card needs the die, the crypt card and the number it shows.",
                  "放到卡上的骰子要說明是哪顆骰子、哪張地窖卡，以及顯示的點數。"),
    "remove_die": ("Say which die was taken back.", "請說明拿回的是哪顆骰子。"),
    "ghost_roll": ("Enter the number each ghost die shows, 1 to 6.", "請輸入每顆鬼魂骰子的點數（1 到 6）。"),
    "roll": ("An exhaustion roll says which crypt card the die is on and the number it shows.",
             "疲憊擲骰要說明骰子在哪張地窖卡上，以及擲出的點數。"),
    "reroll": ("An idol re-roll says which roll it repeats, which idol is flipped and the new "
               "number.", "用偶像重擲要說明重擲哪一次、翻哪張偶像，以及新的點數。"),
    "peek": ("Say which manuscript is flipped to look.", "請說明翻哪張手稿來查看。"),
    "take": ("Pottery names the 2 pottery cards flipped and the face-down crypt card taken.",
             "陶器要說明翻哪 2 張陶器，以及拿走地窖裡哪張面朝下的牌。"),
    "recover_one": ("Remains names the 2 remains cards flipped to recover a die.",
                    "遺骨要說明翻哪 2 張遺骨來恢復一顆骰子。"),
    "identify": ("Say which treasure a face-down card turned out to be.",
                 "請說明面朝下的牌翻開後是哪張寶藏卡。"),
    "tiebreak_roll": ("A tie-break roll lists the number on each ready die.",
                      "決勝擲骰要列出每顆可用骰子的點數。"),
}
_CLOSES_PENDING = {"claim", "recover", "ghost_roll", "roll", "end_turn", "take"}


class Crypt(Game):
    info = GameInfo(
        slug="crypt",
        name=Text("Crypt", "皇家地窖"),
        aliases=("crypt", "royal crypt", "皇家地窖"),
        player_counts=(1, 2, 3, 4),
        payload_prefix="CR",
        summary=Text(
            "Send your servant dice to claim treasures: choose each die's effort, push rivals "
            "off with more effort, then roll to see which servants get exhausted.",
            "派僕人骰子去搶寶藏：自己決定努力值，用更高的努力值把對手擠掉，最後擲骰看哪些僕人累倒。"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self.treasures = {p.payload: p for p in self.catalogue.cards
                          if p.face.get("role") == "treasure"}
        self.back_type = {p.payload: p.face["type"] for p in self.catalogue.backs}
        self.type_back = {t: b for b, t in self.back_type.items()}
        self.colour_of_payload = {c.payload: c for c in self.data.colours}

    # -- names ------------------------------------------------------------------------------
    def type_name(self, kind: str, plural: bool = False) -> Text:
        entry = self.data.types[kind]
        return Text(entry["plural"] if plural else entry["en"], entry["zh-TW"])

    def card_name(self, payload: str | None, kind: str) -> Text:
        if payload is None:
            t = self.type_name(kind)
            return Text(f"face-down {t.en}", f"面朝下的{t.zh}")
        return self.catalogue.piece(payload).name

    def slot_name(self, state: CryptState, index: int) -> Text:
        slot = state.row[index]
        if slot is None:
            return Text(f"crypt card {index + 1}", f"地窖第 {index + 1} 張")
        name = self.card_name(slot.payload, slot.type)
        return Text(f"the {name.en} (crypt card {index + 1})",
                    f"{name.zh}（地窖第 {index + 1} 張）")

    def value(self, payload: str) -> int:
        return int(self.treasures[payload].face["value"])

    def ttype(self, payload: str) -> str:
        return str(self.treasures[payload].face["type"])

    def side(self, state: CryptState, kind: str) -> str:
        return dict(state.collectors)[kind]

    def is_ghost(self, state: CryptState, seat: int) -> bool:
        return state.players == 1 and seat == 1

    def _setup(self, players: int) -> _SetupData:
        return self.data.setups[str(players)]

    def deck_payloads(self, players: int) -> tuple[str, ...]:
        copies = self._setup(players).copies
        return tuple(p for p, piece in self.treasures.items()
                     if "AB".index(piece.face["copy"]) < copies[str(piece.face["value"])])

    def pieces_in_play(self, state: CryptState) -> frozenset[str]:
        deck = set(self.deck_payloads(state.players))
        return frozenset(p.payload for p in self.catalogue.pieces
                         if p.payload not in self.treasures or p.payload in deck)

    def deck_count(self, players: int, kind: str) -> int:
        return sum(self._setup(players).copies.values()) if kind in TYPES else 0

    def row_size(self, state: CryptState) -> int:
        s = self._setup(state.players)
        return s.face_up + s.face_down

    # -- turn order and torches -------------------------------------------------------------
    def turn_order(self, state: CryptState) -> tuple[int, ...]:
        lead = state.leader
        if state.seats == 2:  # the torch holder takes a second turn after the opponent
            return (lead, 1 - lead, lead)
        return tuple((lead + i) % state.seats for i in range(state.seats))

    def lights_out(self, state: CryptState) -> int:
        return self.turn_order(state)[-1]

    def actor(self, state: CryptState) -> int | None:
        if state.phase != "claim":
            return None
        return self.turn_order(state)[state.turn]

    def last_turn(self, state: CryptState) -> bool:
        return state.turn == len(self.turn_order(state)) - 1

    # -- set-up -----------------------------------------------------------------------------
    def new_game(self, setup: Setup) -> CryptState:
        self.validate_setup(setup)
        unknown = set(setup.options) - _SETUP_OPTIONS
        if unknown:
            raise CompanionError(f"Crypt has no set-up option {sorted(unknown)[0]!r}; options "
                                 f"are {sorted(_SETUP_OPTIONS)}")
        sides = setup.options.get("collectors") or {}
        if not isinstance(sides, Mapping) or set(sides) - set(TYPES) or any(
                s not in ("A", "B") for s in sides.values()):
            raise CompanionError("option 'collectors' maps treasure types to 'A' or 'B', "
                                 "e.g. {\"idols\": \"B\"}")
        collectors = tuple((t, str(sides.get(t, "A"))) for t in TYPES)
        seats = 2 if setup.players == 1 else setup.players
        keys = [c.key for c in self.data.colours]
        chosen = setup.options.get("colours") or keys[:seats]
        if (not isinstance(chosen, (list, tuple)) or len(chosen) != seats
                or any(c not in keys for c in chosen) or len(set(chosen)) != seats):
            raise CompanionError(f"option 'colours' needs {seats} different colours from {keys}")
        colours = tuple(self.data.colours[keys.index(c)].payload for c in chosen)
        leader = setup.options.get("leader", 0)
        if not isinstance(leader, int) or not 0 <= leader < setup.players:
            raise CompanionError(f"option 'leader' must be a seat from 0 to {setup.players - 1}")
        names = tuple(setup.names) + (("Ghost",) if setup.players == 1 else ())
        dice = self.data.dice_per_player
        ready = tuple(self.data.solo.ghost_dice if setup.players == 1 and s == 1 else dice
                      for s in range(seats))
        size = self._setup(setup.players).face_up + self._setup(setup.players).face_down
        return CryptState(
            players=setup.players, seats=seats, names=names, colours=colours,
            collectors=collectors, phase="reveal", round=0, leader=leader, turn=0,
            row=(None,) * size, ready=ready, exhausted=(0,) * seats,
            collections=((),) * seats, seen=frozenset(), dealt_by_type=(0,) * len(TYPES),
            idol_pair_moment=(None,) * seats)

    # -- checks ---------------------------------------------------------------------------
    def check(self, state: CryptState, move: Move) -> tuple[Violation, ...]:
        try:
            if move.kind == "end_turn":
                if state.pending and move.player not in (None, state.pending_player):
                    return (_v("not_your_turn", f"Only {state.names[state.pending_player]} can "
                               f"end this turn.", f"只有 {state.names[state.pending_player]} "
                               f"可以結束這個回合。"),)
                return self._check_end_turn(state)
            if state.pending and self._closes_pending(state, move):
                problems = self._check_end_turn(state)
                if problems:
                    return problems
                state = self._end_turn(state)
            return self._check(state, move)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            en, zh = _MOVE_SHAPES.get(move.kind, ("This move is not filled in properly.",
                                                  "這個動作的資料不完整。"))
            return (_v("bad_move", en, zh),)

    def _closes_pending(self, state: CryptState, move: Move) -> bool:
        if move.kind == "place_die" and move.player == state.pending_player:
            return False
        return move.kind in _CLOSES_PENDING or move.kind == "place_die"

    def _check(self, state: CryptState, move: Move) -> tuple[Violation, ...]:
        handler = getattr(self, f"_check_{move.kind}", None)
        if handler is None or move.kind.startswith("_"):
            return (_v("unknown_move", f"Crypt has no move called {move.kind!r}.",
                       f"皇家地窖沒有「{move.kind}」這個動作。"),)
        if state.phase == "over":
            return (_v("game_over", "The game is over.", "遊戲已經結束了。"),)
        return tuple(handler(state, move))

    def _seat_problem(self, state: CryptState, seat) -> list[Violation]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return [_v("unknown_player", f"There is no player {seat!r} in this game.",
                       f"這場遊戲沒有玩家 {seat!r}。")]
        return []

    def _wrong_phase(self, state: CryptState, wanted: str, en: str, zh: str) -> list[Violation]:
        if state.phase != wanted:
            return [_v("wrong_phase", en, zh)]
        return []

    def _turn_problem(self, state: CryptState, seat) -> list[Violation]:
        problems = self._seat_problem(state, seat)
        if problems:
            return problems
        problems = self._wrong_phase(state, "claim", "This can only be done while claiming "
                                     "treasure.", "這只能在宣告寶藏階段做。")
        if problems:
            return problems
        actor = self.actor(state)
        if seat != actor:
            if self.is_ghost(state, actor):
                return [_v("ghost_turn", "It is the ghost's turn: roll its dice and enter them.",
                           "現在輪到鬼魂：請擲它的骰子並輸入點數。")]
            return [_v("not_your_turn", f"It is {state.names[actor]}'s turn, not "
                       f"{state.names[seat]}'s.", f"現在輪到 {state.names[actor]}，不是 "
                       f"{state.names[seat]}。")]
        return []

    # deal ----------------------------------------------------------------------------------
    def _check_deal(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "reveal", "Cards are only dealt into the crypt at "
                                     "the start of a round.", "只有每回合開始時才能翻開地窖的寶藏卡。")
        if problems:
            return problems
        setup = self._setup(state.players)
        up = sum(1 for s in state.row if s is not None and s.face_up)
        down = sum(1 for s in state.row if s is not None and not s.face_up)
        index = move.get("index")
        if index is not None and (not isinstance(index, int) or not 0 <= index < len(state.row)):
            return [_v("no_such_card", f"The crypt has only {len(state.row)} places this round.",
                       f"這回合地窖只有 {len(state.row)} 個位置。")]
        if index is not None and state.row[index] is not None:
            return [_v("place_taken", f"Crypt place {index + 1} already holds a card.",
                       f"地窖第 {index + 1} 個位置已經有牌了。", region="crypt")]
        if move.get("card") is not None:
            payload = move["card"]
            if payload not in self.treasures:
                return [_v("unknown_card", f"{payload!r} is not a Crypt treasure card.",
                           f"{payload!r} 不是皇家地窖的寶藏卡。", [str(payload)])]
            if up >= setup.face_up:
                return [_v("too_many_face_up", f"Only {setup.face_up} cards are dealt face up "
                           f"each round with {state.players} players.",
                           f"{state.players} 人遊戲每回合只翻開 {setup.face_up} 張正面朝上的牌。",
                           [payload], "crypt")]
            return self._identity_problems(state, payload)
        back = move.get("back")
        if back not in self.back_type:
            return [_v("bad_move", "Say which card was dealt (its code) or which back shows.",
                       "請說明翻開的是哪張牌（代碼）或是哪種背面。")]
        if down >= setup.face_down:
            return [_v("too_many_face_down", f"Only {setup.face_down} cards are dealt face down "
                       f"each round with {state.players} players.",
                       f"{state.players} 人遊戲每回合只放 {setup.face_down} 張面朝下的牌。",
                       [back], "crypt")]
        kind = self.back_type[back]
        if self._remaining(state, kind) <= 0:
            t = self.type_name(kind, True)
            return [_v("none_left", f"No {t.en} are left in the deck.",
                       f"牌堆裡已經沒有{t.zh}了。", [back], "crypt")]
        return []

    def _remaining(self, state: CryptState, kind: str) -> int:
        return self.deck_count(state.players, kind) - state.dealt_by_type[TYPES.index(kind)]

    def _identity_problems(self, state: CryptState, payload: str,
                           dealt: bool = True) -> list[Violation]:
        """Is `payload` a card that may still turn up (in the deck, not already seen)?"""
        name = self.treasures[payload].name
        if payload not in self.deck_payloads(state.players):
            return [_v("card_not_in_game", f"{name.en} ({payload}) is not used with "
                       f"{state.players} players.", f"{state.players} 人遊戲不使用{name.zh}（{payload}）。",
                       [payload])]
        if payload in state.seen:
            return [_v("card_already_seen", f"{name.en} ({payload}) has already been dealt.",
                       f"{name.zh}（{payload}）已經出現過了。", [payload])]
        if dealt and self._remaining(state, self.ttype(payload)) <= 0:
            t = self.type_name(self.ttype(payload), True)
            return [_v("none_left", f"No {t.en} are left in the deck.", f"牌堆裡已經沒有{t.zh}了。",
                       [payload])]
        return []

    # claim ---------------------------------------------------------------------------------
    def _check_claim(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._turn_problem(state, move.player)
        if problems:
            return problems
        placements = move.get("placements")
        if not isinstance(placements, (list, tuple)) or not placements:
            return [_v("empty_claim", "A claim puts at least one die on a card.",
                       "宣告寶藏至少要放一顆骰子。")]
        parsed = []
        for p in placements:
            card, dice, effort = p["card"], p["dice"], p["effort"]
            parsed.append((card, dice, effort))
        return self._claim_problems(state, move.player, parsed)

    def _claim_problems(self, state: CryptState, seat: int,
                        placements: list[tuple[int, int, int]]) -> list[Violation]:
        name = state.names[seat]
        seen_cards: dict[int, int] = {}
        total_dice = 0
        for card, dice, effort in placements:
            problem = self._card_problem(state, card)
            if problem:
                return [problem]
            if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
                return [_v("bad_move", "Each claimed card needs at least one die.",
                           "每張宣告的寶藏卡至少要放一顆骰子。")]
            if not isinstance(effort, int) or isinstance(effort, bool) or effort not in FACES:
                return [_v("bad_effort", f"A die's effort is a face from 1 to 6, not {effort!r}.",
                           f"骰子的努力值只能是 1 到 6，不能是 {effort!r}。", region="crypt")]
            if card in seen_cards:
                here = self.slot_name(state, card)
                return [_v("mixed_effort", f"All dice on {here.en} must show the same number.",
                           f"放在{here.zh}上的骰子必須是同一個點數。", region="crypt")]
            seen_cards[card] = effort
            total_dice += dice
        if total_dice > state.ready[seat]:
            return [_v("not_enough_dice", f"{name} has {state.ready[seat]} ready dice, not "
                       f"{total_dice}.", f"{name} 只有 {state.ready[seat]} 顆可用的骰子，不是 {total_dice} 顆。")]
        if self.last_turn(state) and len(seen_cards) > 1:
            return [self._lights_out_violation(state, seat)]
        for card, dice, effort in placements:
            problem = self._push_problem(state, seat, card, dice * effort)
            if problem:
                return [problem]
        return []

    def _card_problem(self, state: CryptState, card) -> Violation | None:
        if (not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(state.row)
                or state.row[card] is None):
            return _v("no_such_card", f"There is no treasure at crypt place {card!r}.",
                      f"地窖的位置 {card!r} 沒有寶藏卡。", region="crypt")
        return None

    def _lights_out_violation(self, state: CryptState, seat: int) -> Violation:
        return _v("lights_out_one_card",
                  f"{state.names[seat]} holds Lights Out and takes the last turn: put dice on "
                  f"only one card.", f"{state.names[seat]} 拿著熄燈火炬，是最後一個行動：只能把骰子放在一張寶藏卡上。",
                  ["CRLIGHTS"], "crypt")

    def _push_problem(self, state: CryptState, seat: int, card: int, total: int) -> Violation | None:
        slot = state.row[card]
        here = self.slot_name(state, card)
        if slot.owner == seat:
            return _v("own_card", f"{state.names[seat]} already has dice on {here.en}.",
                      f"{state.names[seat]} 已經有骰子在{here.zh}上了。", [slot.payload], "crypt")
        if slot.owner is not None and total <= slot.total:
            other = state.names[slot.owner]
            return _v("push_not_higher",
                      f"Your effort on {here.en} is {total}, but {other}'s dice there add up to "
                      f"{slot.total}. To push them off you need more than {slot.total}.",
                      f"你在{here.zh}的努力值是 {total}，但 {other} 的骰子加起來是 {slot.total}。"
                      f"要把它們擠掉，努力值必須大於 {slot.total}。", [slot.payload], "crypt")
        return None

    def _check_recover(self, state: CryptState, move: Move) -> list[Violation]:
        return self._turn_problem(state, move.player)

    # camera steps ----------------------------------------------------------------------------
    def _check_place_die(self, state: CryptState, move: Move) -> list[Violation]:
        seat = move.player
        problems = self._turn_problem(state, seat)
        if problems:
            return problems
        die, card, effort = move["die"], move["card"], move.get("effort")
        problem = self._card_problem(state, card)
        if problem:
            return [problem]
        if effort is None:
            return [_v("die_unread", "The camera could not read that die: enter its number.",
                       "鏡頭看不清楚這顆骰子：請輸入它的點數。", region="crypt")]
        if not isinstance(effort, int) or effort not in FACES:
            return [_v("bad_effort", f"A die's effort is a face from 1 to 6, not {effort!r}.",
                       f"骰子的努力值只能是 1 到 6，不能是 {effort!r}。", region="crypt")]
        others = [p for p in state.pending if p[0] != die]
        if len(others) + 1 > state.ready[seat]:
            return [_v("not_enough_dice", f"{state.names[seat]} has only {state.ready[seat]} "
                       f"ready dice.", f"{state.names[seat]} 只有 {state.ready[seat]} 顆可用的骰子。")]
        same_card = [p for p in others if p[1] == card]
        if any(p[2] != effort for p in same_card):
            here = self.slot_name(state, card)
            return [_v("mixed_effort", f"All dice on {here.en} must show the same number: the "
                       f"others show {same_card[0][2]}.", f"放在{here.zh}上的骰子必須同一點數："
                       f"其他骰子是 {same_card[0][2]}。", region="crypt")]
        if self.last_turn(state) and len({p[1] for p in others} | {card}) > 1:
            return [self._lights_out_violation(state, seat)]
        # Reject at once only what no further die could fix.
        possible = (state.ready[seat] - len(others) + len(same_card)) * effort
        problem = self._push_problem(state, seat, card, possible)
        return [problem] if problem else []

    def _check_remove_die(self, state: CryptState, move: Move) -> list[Violation]:
        if not any(p[0] == move["die"] for p in state.pending):
            return [_v("no_such_die", "That die is not waiting on a card.",
                       "這顆骰子不在任何寶藏卡上等待。")]
        return []

    def _pending_placements(self, state: CryptState) -> list[tuple[int, int, int]]:
        by_card: dict[int, list[int]] = {}
        for _, card, effort in state.pending:
            by_card.setdefault(card, []).append(effort)
        return [(card, len(e), e[0]) for card, e in sorted(by_card.items())]

    def _check_end_turn(self, state: CryptState, move: Move | None = None) -> tuple[Violation, ...]:
        if not state.pending:
            return (_v("nothing_placed", "No dice were placed this turn: claim or recover.",
                       "這回合沒有放骰子：請宣告寶藏或恢復骰子。"),)
        return tuple(self._claim_problems(state, state.pending_player,
                                          self._pending_placements(state)))

    # ghost --------------------------------------------------------------------------------
    def ghost_dice_to_roll(self, state: CryptState) -> int:
        if state.phase != "claim" or not self.is_ghost(state, self.actor(state) or 0):
            return 0
        if self.last_turn(state) and state.turn > 0:
            return state.ghost_pushed  # the Lights Out turn re-rolls only pushed-off dice
        return state.ready[1]

    def _check_ghost_roll(self, state: CryptState, move: Move) -> list[Violation]:
        if state.players != 1:
            return [_v("not_solo", "Only a solo game has a ghost.", "只有單人遊戲才有鬼魂。")]
        if state.phase != "claim" or not self.is_ghost(state, self.actor(state)):
            return [_v("not_ghost_turn", "It is not the ghost's turn.", "現在不是鬼魂的回合。")]
        values = move["values"]
        need = self.ghost_dice_to_roll(state)
        if (not isinstance(values, (list, tuple)) or len(values) != need
                or any(v not in FACES or isinstance(v, bool) for v in values)):
            return [_v("bad_roll", f"Enter the ghost's {need} dice, each from 1 to 6.",
                       f"請輸入鬼魂的 {need} 顆骰子，每顆 1 到 6。")]
        return []

    def ghost_ranking(self, state: CryptState) -> list[int]:
        """Crypt cards best first: by value (face down counts 2.5), ties in deal order."""
        worth = self.data.solo.face_down_value
        cards = [i for i, s in enumerate(state.row) if s is not None]
        return sorted(cards, key=lambda i: (-(self.value(state.row[i].payload)
                                              if state.row[i].payload else worth), i))

    @staticmethod
    def ghost_groups(values: Iterable[int]) -> list[tuple[int, int]]:
        """Equal dice join: (count, face), highest total first, a pair before a single."""
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        return sorted(((c, f) for f, c in counts.items()), key=lambda g: (-g[0] * g[1], -g[0]))

    def ghost_plan(self, state: CryptState, values: Iterable[int]) -> list[tuple[int, int, int]]:
        groups = self.ghost_groups(values)
        if self.last_turn(state) and state.turn > 0:
            groups = groups[:1]  # Lights Out: only the best group
        taken: set[int] = set()
        plan = []
        for count, face in groups:
            for card in self.ghost_ranking(state):
                slot = state.row[card]
                if card in taken or slot.owner == 1:
                    continue
                if slot.owner is None or count * face > slot.total:
                    plan.append((card, count, face))
                    taken.add(card)
                    break
        return plan

    # collect ------------------------------------------------------------------------------
    def _check_roll(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "collect", "Exhaustion rolls happen in the collect "
                                     "phase.", "疲憊擲骰只在收集寶藏階段進行。")
        if problems:
            return problems
        card = move["card"]
        if self._next_roll(state, card) is None:
            return [_v("no_roll_due", f"No die on crypt card {card!r} still needs a roll.",
                       f"地窖第 {card!r} 張牌上沒有需要擲的骰子。", region="roll")]
        return self._roll_value_problems(move)

    @staticmethod
    def _roll_value_problems(move: Move) -> list[Violation]:
        value, exhausted = move.get("value"), move.get("exhausted")
        if value is None and not isinstance(exhausted, bool):
            return [_v("die_unread", "Enter the number rolled (or say whether the die is "
                       "exhausted).", "請輸入擲出的點數（或說明骰子是否累倒）。", region="roll")]
        if value is not None and (isinstance(value, bool) or value not in FACES):
            return [_v("bad_roll", f"A die shows 1 to 6, not {value!r}.",
                       f"骰子只有 1 到 6 點，不是 {value!r}。", region="roll")]
        return []

    @staticmethod
    def _next_roll(state: CryptState, card) -> int | None:
        for i, r in enumerate(state.rolls):
            if r.card == card and r.failed is None:
                return i
        return None

    def _reroll_options(self, state: CryptState) -> bool:
        if self.side(state, "idols") != "A":
            return False
        return any(r.failed and self._unflipped(state, r.owner, "idols") for r in state.rolls)

    def _check_end_collect(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._wrong_phase(state, "collect", "There is no collect phase going on.",
                                     "現在不是收集寶藏階段。")
        if problems:
            return problems
        if any(r.failed is None for r in state.rolls):
            return [_v("rolls_missing", "Some dice on claimed cards still need their roll.",
                       "還有宣告卡上的骰子沒有擲。", region="roll")]
        return []

    # collectors ---------------------------------------------------------------------------
    def _unflipped(self, state: CryptState, seat: int, kind: str) -> list[int]:
        return [i for i, c in enumerate(state.collections[seat]) if c.type == kind and not c.flipped]

    def _resolve_flips(self, state: CryptState, seat: int, kind: str,
                       names) -> tuple[list[tuple[int, str | None]], list[Violation]]:
        """Which collected cards a flip names: [(index in collection, payload learned)]."""
        if not isinstance(names, (list, tuple)):
            names = [names]
        chosen: list[tuple[int, str | None]] = []
        t = self.type_name(kind, True)
        for name in names:
            free = [i for i in self._unflipped(state, seat, kind) if i not in {c[0] for c in chosen}]
            coll = state.collections[seat]
            if name in self.back_type and self.back_type[name] == kind:
                pick = next((i for i in free if coll[i].payload is None), free[0] if free else None)
                learned = None
            elif name in self.treasures and self.ttype(name) == kind:
                pick = next((i for i in free if coll[i].payload == name), None)
                learned = None
                if pick is None and name not in state.seen and name in self.deck_payloads(state.players):
                    pick = next((i for i in free if coll[i].payload is None), None)
                    learned = name
            else:
                return [], [_v("wrong_type", f"Flip {t.en} for this collector.",
                               f"這位收藏家要翻的是{t.zh}。", [str(name)])]
            if pick is None:
                return [], [_v("no_card_to_flip", f"{state.names[seat]} has no face-down "
                               f"{t.en} like that to flip.", f"{state.names[seat]} 沒有這樣面朝下的{t.zh}可以翻。",
                               [str(name)])]
            chosen.append((pick, learned))
        return chosen, []

    def _collector_problems(self, state: CryptState, move: Move, kind: str, side: str,
                            count: int) -> list[Violation]:
        problems = self._seat_problem(state, move.player)
        if problems:
            return problems
        if self.side(state, kind) != side:
            t = self.type_name(kind, True)
            return [_v("collector_not_in_play", f"The {t.en} collector shows side "
                       f"{self.side(state, kind)}, not {side}.",
                       f"{t.zh}收藏家用的是 {self.side(state, kind)} 面，不是 {side} 面。",
                       [f"CRC{self.type_back[kind][3:]}{side}"])]
        if state.phase in ("over", "tiebreak"):
            return [_v("wrong_phase", "The game has been scored: collector cards can no longer "
                       "be flipped.", "遊戲已經計分：收藏家卡不能再翻了。")]
        cards = move["cards"] if "cards" in move.params else [move["card"]]
        if not isinstance(cards, (list, tuple)):
            cards = [cards]
        if len(cards) != count:
            t = self.type_name(kind, True)
            return [_v("flip_count", f"Flip exactly {count} {t.en}.", f"必須剛好翻 {count} 張{t.zh}。")]
        return self._resolve_flips(state, move.player, kind, cards)[1]

    def _check_reroll(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._collector_problems(state, move, "idols", "A", 1)
        if problems:
            return problems
        if state.phase != "collect":
            return [_v("wrong_phase", "Idols re-roll a die only in the collect phase.",
                       "偶像只能在收集寶藏階段用來重擲骰子。")]
        index = move["roll"]
        if (not isinstance(index, int) or not 0 <= index < len(state.rolls)
                or state.rolls[index].owner != move.player or state.rolls[index].failed is None):
            return [_v("no_such_roll", "Choose one of your own dice rolled this phase.",
                       "請選一顆你這階段已經擲過的骰子。", region="roll")]
        return self._roll_value_problems(move)

    def _check_peek(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._collector_problems(state, move, "manuscripts", "B", 1)
        if problems:
            return problems
        if move.player in state.peeked:
            return [_v("once_per_round", "The manuscript look is used once per round.",
                       "手稿收藏家的查看每回合只能用一次。")]
        if state.phase not in ("reveal", "claim") or not any(
                s is not None and not s.face_up for s in state.row):
            return [_v("nothing_to_peek", "There is no face-down card in the crypt to look at.",
                       "地窖裡沒有面朝下的牌可以看。", region="crypt")]
        return []

    def _check_take(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._collector_problems(state, move, "pottery", "B", 2)
        if problems:
            return problems
        if state.phase != "claim" or state.claims_started:
            return [_v("wrong_phase", "Pottery takes a card only after the reveal, before anyone "
                       "claims.", "陶器只能在翻完牌、還沒有人宣告之前拿牌。")]
        index = move["index"]
        if (not isinstance(index, int) or not 0 <= index < len(state.row)
                or state.row[index] is None or state.row[index].face_up):
            return [_v("not_face_down", "Pottery takes a face-down crypt card.",
                       "陶器只能拿地窖裡面朝下的牌。", region="crypt")]
        return []

    def _check_recover_one(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._collector_problems(state, move, "remains", "A", 2)
        if problems:
            return problems
        if state.exhausted[move.player] == 0:
            return [_v("nothing_exhausted", f"{state.names[move.player]} has no exhausted die.",
                       f"{state.names[move.player]} 沒有累倒的骰子。")]
        return []

    # end of game --------------------------------------------------------------------------
    def _check_score_game(self, state: CryptState, move: Move) -> list[Violation]:
        return self._wrong_phase(
            state, "before_scoring", "The game is scored once, after the last round's rolls, "
            "when nobody wants to flip Remains any more.",
            "遊戲在最後一回合擲骰之後、沒有人還要翻遺骨時才計分一次。")

    def _check_identify(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._seat_problem(state, move.player)
        if problems:
            return problems
        payload = move["card"]
        if payload not in self.treasures:
            return [_v("unknown_card", f"{payload!r} is not a Crypt treasure card.",
                       f"{payload!r} 不是皇家地窖的寶藏卡。", [str(payload)])]
        kind = self.ttype(payload)
        if not any(c.payload is None and c.type == kind for c in state.collections[move.player]):
            t = self.type_name(kind)
            return [_v("nothing_to_identify", f"{state.names[move.player]} has no unknown "
                       f"{t.en} card.", f"{state.names[move.player]} 沒有未知的{t.zh}卡。", [payload])]
        return self._identity_problems(state, payload, dealt=False)

    def _check_tiebreak_roll(self, state: CryptState, move: Move) -> list[Violation]:
        problems = self._seat_problem(state, move.player) or self._wrong_phase(
            state, "tiebreak", "There is no tie to break.", "沒有平手需要決勝。")
        if problems:
            return problems
        if move.player not in state.tied or move.player in dict(state.tiebreak_rolls):
            return [_v("not_tied", f"{state.names[move.player]} does not roll now: only the "
                       f"players tied for the win roll, once each time.",
                       f"{state.names[move.player]} 現在不用擲骰：只有平手爭勝的玩家擲骰，每次各擲一回。")]
        values, need = move["values"], state.ready[move.player]
        if (not isinstance(values, (list, tuple)) or len(values) != need
                or any(v not in FACES or isinstance(v, bool) for v in values)):
            return [_v("bad_roll", f"Roll all {need} ready dice, each from 1 to 6.",
                       f"請擲全部 {need} 顆可用的骰子，每顆 1 到 6。")]
        return []

    # -- apply ------------------------------------------------------------------------------
    def _apply(self, state: CryptState, move: Move) -> CryptState:
        if state.pending and self._closes_pending(state, move):
            state = self._end_turn(state)
            if move.kind == "end_turn":
                return state
        return getattr(self, f"_do_{move.kind}")(state, move)

    def _do_deal(self, state: CryptState, move: Move) -> CryptState:
        index = move.get("index")
        if index is None:
            index = state.row.index(None)
        payload = move.get("card")
        if payload is not None:
            slot = Slot(self.ttype(payload), payload, True)
            state = replace(state, seen=state.seen | {payload})
        else:
            slot = Slot(self.back_type[move["back"]], None, False)
        counts = list(state.dealt_by_type)
        counts[TYPES.index(slot.type)] += 1
        row = list(state.row)
        row[index] = slot
        state = replace(state, row=tuple(row), dealt_by_type=tuple(counts))
        if all(s is not None for s in state.row):
            state = self._skip_ghost_nothing(replace(state, phase="claim", turn=0))
        return state

    def _place(self, state: CryptState, seat: int,
               placements: list[tuple[int, int, int]]) -> CryptState:
        row, ready = list(state.row), list(state.ready)
        pushed_ghost = 0
        pushes = list(state.pushes)
        for card, dice, effort in placements:
            slot = row[card]
            if slot.owner is not None:
                ready[slot.owner] += slot.dice  # pushed off: back to the owner, ready
                pushes.append((card, seat, slot.owner, slot.dice, slot.total, dice * effort))
                if self.is_ghost(state, slot.owner):
                    pushed_ghost += slot.dice
            row[card] = replace(slot, owner=seat, dice=dice, effort=effort)
            ready[seat] -= dice
        return replace(state, row=tuple(row), ready=tuple(ready), pushes=tuple(pushes),
                       ghost_pushed=state.ghost_pushed + pushed_ghost)

    def _do_claim(self, state: CryptState, move: Move) -> CryptState:
        placements = [(p["card"], p["dice"], p["effort"]) for p in move["placements"]]
        return self._next_turn(self._place(state, move.player, placements))

    def _do_recover(self, state: CryptState, move: Move) -> CryptState:
        seat = move.player
        ready, exhausted = list(state.ready), list(state.exhausted)
        ready[seat] += exhausted[seat]
        exhausted[seat] = 0
        return self._next_turn(replace(state, ready=tuple(ready), exhausted=tuple(exhausted)))

    def _do_place_die(self, state: CryptState, move: Move) -> CryptState:
        pending = tuple(p for p in state.pending if p[0] != move["die"])
        pending += ((move["die"], move["card"], move["effort"]),)
        return replace(state, pending=pending, pending_player=move.player, claims_started=True)

    def _do_remove_die(self, state: CryptState, move: Move) -> CryptState:
        pending = tuple(p for p in state.pending if p[0] != move["die"])
        return replace(state, pending=pending, pending_player=state.pending_player if pending else None)

    def _end_turn(self, state: CryptState) -> CryptState:
        placements = self._pending_placements(state)
        seat = state.pending_player
        state = replace(state, pending=(), pending_player=None)
        return self._next_turn(self._place(state, seat, placements))

    def _do_end_turn(self, state: CryptState, move: Move) -> CryptState:
        return state  # already closed in _apply

    def _do_ghost_roll(self, state: CryptState, move: Move) -> CryptState:
        values = tuple(move["values"])
        plan = self.ghost_plan(state, values)
        state = self._place(state, 1, plan)
        state = replace(state, ghost_last=tuple(plan), ghost_rolled=values)
        return self._next_turn(state)

    def _next_turn(self, state: CryptState) -> CryptState:
        state = replace(state, turn=state.turn + 1, claims_started=True)
        if state.turn >= len(self.turn_order(state)):
            return self._start_collect(state)
        return self._skip_ghost_nothing(state)

    def _skip_ghost_nothing(self, state: CryptState) -> CryptState:
        """A ghost with no die to roll on its Lights Out turn simply passes."""
        if (state.phase == "claim" and self.is_ghost(state, self.actor(state))
                and self.ghost_dice_to_roll(state) == 0):
            return self._next_turn(replace(state, ghost_last=(), ghost_rolled=()))
        return state

    def _start_collect(self, state: CryptState) -> CryptState:
        moment = state.moment + 1
        collections = [list(c) for c in state.collections]
        ready = list(state.ready)
        rolls = []
        discarded = state.discarded
        for index, slot in enumerate(state.row):
            if slot is None:
                continue
            if slot.owner is None or self.is_ghost(state, slot.owner):
                discarded += 1
                if slot.owner is not None:
                    ready[slot.owner] += slot.dice  # the ghost's servants never tire
                continue
            collections[slot.owner].append(Owned(slot.type, slot.payload, False, moment))
            if slot.effort == 1:
                ready[slot.owner] += slot.dice  # effort 1 never needs a roll
            else:
                rolls.extend(Roll(slot.owner, index, slot.effort) for _ in range(slot.dice))
        state = replace(state, phase="collect", moment=moment, ready=tuple(ready),
                        rolls=tuple(rolls), discarded=discarded,
                        collections=tuple(tuple(c) for c in collections))
        return self._maybe_finish_collect(self._idol_pairs(state))

    def _idol_pairs(self, state: CryptState) -> CryptState:
        """Idols B: note when each player first holds 2 idols; the first ones flip them."""
        if self.side(state, "idols") != "B":
            return state
        need = int(self.data.collectors["idols_b_pair"])
        moments = list(state.idol_pair_moment)
        collections = [list(c) for c in state.collections]
        earlier = [m for m in moments if m is not None]
        for seat in range(state.players):
            idols = [i for i, c in enumerate(collections[seat]) if c.type == "idols"]
            if moments[seat] is None and len(idols) >= need:
                moments[seat] = state.moment
                if not earlier or min(earlier) >= state.moment:
                    for i in idols[:need]:
                        collections[seat][i] = replace(collections[seat][i], flipped=True)
        return replace(state, idol_pair_moment=tuple(moments),
                       collections=tuple(tuple(c) for c in collections))

    def _roll_result(self, roll: Roll, move: Move) -> Roll:
        value = move.get("value")
        failed = value < roll.effort if value is not None else bool(move["exhausted"])
        return replace(roll, value=value, failed=failed)

    def _do_roll(self, state: CryptState, move: Move) -> CryptState:
        index = self._next_roll(state, move["card"])
        rolls = list(state.rolls)
        rolls[index] = self._roll_result(rolls[index], move)
        return self._maybe_finish_collect(replace(state, rolls=tuple(rolls)))

    def _maybe_finish_collect(self, state: CryptState) -> CryptState:
        if state.phase != "collect" or any(r.failed is None for r in state.rolls):
            return state
        if self._reroll_options(state):
            return state  # someone may still flip an idol to re-roll: wait for end_collect
        return self._finish_collect(state)

    def _do_end_collect(self, state: CryptState, move: Move) -> CryptState:
        return self._finish_collect(state)

    def _finish_collect(self, state: CryptState) -> CryptState:
        ready, exhausted = list(state.ready), list(state.exhausted)
        for r in state.rolls:
            if r.failed:
                exhausted[r.owner] += 1
            else:
                ready[r.owner] += 1
        # Both torch cards pass to the left: the next player clockwise leads and the old
        # Leader takes Lights Out. With two seats (solo: the human and the ghost) that is
        # simply the other seat, so in solo the ghost leads every other round.
        leader = (state.leader + 1) % state.seats
        state = replace(state, ready=tuple(ready), exhausted=tuple(exhausted), rolls=(),
                        row=(None,) * self.row_size(state), leader=leader, turn=0,
                        round=state.round + 1, claims_started=False, peeked=frozenset(),
                        ghost_pushed=0, ghost_last=(), ghost_rolled=(), pushes=())
        if state.round >= self._setup(state.players).rounds:
            if self._remains_recoveries(state):
                # Remains A works "any time", which includes after the game's last roll
                return replace(state, phase="before_scoring")
            return self._finish_game(state)
        return replace(state, phase="reveal")

    def _remains_recoveries(self, state: CryptState) -> tuple[int, ...]:
        """Seats that could still flip Remains (side A) to recover an exhausted die."""
        if self.side(state, "remains") != "A":
            return ()
        need = int(self.data.collectors["remains_a_flip"])
        return tuple(seat for seat in range(state.players) if state.exhausted[seat]
                     and len(self._unflipped(state, seat, "remains")) >= need)

    def _flip(self, state: CryptState, seat: int, kind: str, names) -> CryptState:
        chosen, _ = self._resolve_flips(state, seat, kind, names)
        coll = list(state.collections[seat])
        seen = set(state.seen)
        for index, learned in chosen:
            card = coll[index]
            coll[index] = replace(card, flipped=True, payload=learned or card.payload)
            if learned:
                seen.add(learned)
        collections = list(state.collections)
        collections[seat] = tuple(coll)
        return replace(state, collections=tuple(collections), seen=frozenset(seen))

    def _do_reroll(self, state: CryptState, move: Move) -> CryptState:
        state = self._flip(state, move.player, "idols", [move["card"]])
        rolls = list(state.rolls)
        rolls[move["roll"]] = self._roll_result(rolls[move["roll"]], move)
        return self._maybe_finish_collect(replace(state, rolls=tuple(rolls)))

    def _do_peek(self, state: CryptState, move: Move) -> CryptState:
        state = self._flip(state, move.player, "manuscripts", [move["card"]])
        return replace(state, peeked=state.peeked | {move.player})

    def _do_take(self, state: CryptState, move: Move) -> CryptState:
        state = self._flip(state, move.player, "pottery", move["cards"])
        slot = state.row[move["index"]]
        row = list(state.row)
        row[move["index"]] = None
        collections = list(state.collections)
        moment = state.moment + 1
        collections[move.player] += (Owned(slot.type, slot.payload, False, moment),)
        state = replace(state, row=tuple(row), collections=tuple(collections), moment=moment)
        return self._idol_pairs(state)

    def _do_recover_one(self, state: CryptState, move: Move) -> CryptState:
        state = self._flip(state, move.player, "remains", move["cards"])
        ready, exhausted = list(state.ready), list(state.exhausted)
        ready[move.player] += 1
        exhausted[move.player] -= 1
        state = replace(state, ready=tuple(ready), exhausted=tuple(exhausted))
        if state.phase == "before_scoring" and not self._remains_recoveries(state):
            return self._finish_game(state)
        return self._maybe_finish_collect(state)

    def _do_score_game(self, state: CryptState, move: Move) -> CryptState:
        return self._finish_game(state)

    def _do_identify(self, state: CryptState, move: Move) -> CryptState:
        payload = move["card"]
        kind = self.ttype(payload)
        coll = list(state.collections[move.player])
        index = next(i for i, c in enumerate(coll) if c.payload is None and c.type == kind)
        coll[index] = replace(coll[index], payload=payload)
        collections = list(state.collections)
        collections[move.player] = tuple(coll)
        state = replace(state, collections=tuple(collections), seen=state.seen | {payload})
        if state.phase == "final_reveal":
            return self._finish_game(state)
        return state

    def identify_options(self, state: CryptState, seat: int) -> dict[str, list[str]]:
        """Per type: the cards a face-down collected card of `seat` may still be."""
        kinds = {c.type for c in state.collections[seat] if c.payload is None}
        return {kind: [p for p in self.deck_payloads(state.players)
                       if self.ttype(p) == kind and p not in state.seen] for kind in sorted(kinds)}

    def unknown_cards(self, state: CryptState) -> int:
        return sum(1 for seat in range(state.players) for c in state.collections[seat]
                   if c.payload is None)

    def _finish_game(self, state: CryptState) -> CryptState:
        if self.unknown_cards(state):
            return replace(state, phase="final_reveal")
        if state.players == 1:
            return replace(state, phase="over")
        totals = {s.members[0]: s.total for s in self.score(state)}
        best = max(totals.values())
        tied = tuple(s for s, t in totals.items() if t == best)
        if len(tied) == 1 or all(state.ready[s] == 0 for s in tied):
            return replace(state, phase="over", tied=tied if len(tied) > 1 else ())
        return self._auto_zero_rolls(replace(state, phase="tiebreak", tied=tied))

    def _auto_zero_rolls(self, state: CryptState) -> CryptState:
        """A tied player without ready dice rolls nothing: their total is 0."""
        rolls = dict(state.tiebreak_rolls)
        for seat in state.tied:
            if state.ready[seat] == 0 and seat not in rolls:
                rolls[seat] = 0
        state = replace(state, tiebreak_rolls=tuple(sorted(rolls.items())))
        return self._settle_tiebreak(state)

    def _do_tiebreak_roll(self, state: CryptState, move: Move) -> CryptState:
        rolls = dict(state.tiebreak_rolls)
        rolls[move.player] = sum(move["values"])
        return self._settle_tiebreak(replace(state, tiebreak_rolls=tuple(sorted(rolls.items()))))

    def _settle_tiebreak(self, state: CryptState) -> CryptState:
        rolls = dict(state.tiebreak_rolls)
        if set(rolls) != set(state.tied):
            return state
        history = state.tiebreak_history + (state.tiebreak_rolls,)
        best = max(rolls.values())
        top = tuple(s for s in state.tied if rolls[s] == best)
        state = replace(state, tiebreak_history=history, tiebreak_rolls=())
        if len(top) == 1 or len(history) >= self.data.tiebreak_max_rolls or best == 0:
            return replace(state, phase="over", tiebreak_winners=top)
        return self._auto_zero_rolls(replace(state, tied=top))

    # -- what is legal now ------------------------------------------------------------------
    def current_players(self, state: CryptState) -> tuple[int, ...]:
        if state.phase == "claim":
            actor = self.actor(state)
            return (0,) if self.is_ghost(state, actor) else (actor,)
        if state.phase == "collect":
            owners = sorted({r.owner for r in state.rolls if r.failed is None})
            return tuple(owners) or tuple(range(state.players))
        if state.phase == "before_scoring":
            return self._remains_recoveries(state)
        if state.phase == "final_reveal":
            return tuple(s for s in range(state.players)
                         if any(c.payload is None for c in state.collections[s]))
        if state.phase == "tiebreak":
            rolled = dict(state.tiebreak_rolls)
            return tuple(s for s in state.tied if s not in rolled)
        if state.phase == "reveal":
            return tuple(range(state.players))
        return ()

    def is_over(self, state: CryptState) -> bool:
        return state.phase == "over"

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

    # -- scoring ----------------------------------------------------------------------------
    def score(self, state: CryptState) -> tuple[SideScore, ...]:
        sides = []
        tapestry_totals = {s: sum(self.value(o.payload) for o in state.collections[s]
                                  if o.type == "tapestries" and o.payload)
                           for s in range(state.players)}
        tapestry_owners = {s: sum(1 for o in state.collections[s] if o.type == "tapestries")
                           for s in range(state.players)}
        idol_moments = [m for m in state.idol_pair_moment[:state.players] if m is not None]
        for seat in range(state.players):
            lines: list[ScoreLine] = []
            coll = state.collections[seat]
            by_type = {t: [o for o in coll if o.type == t] for t in TYPES}
            for kind, cards in by_type.items():
                known = [o for o in cards if o.payload]
                unknown = len(cards) - len(known)
                t = self.type_name(kind, plural=True)
                if known:
                    values = [self.value(o.payload) for o in known]
                    sums = " + ".join(str(v) for v in values)
                    lines.append(ScoreLine(sum(values), f"treasure_{kind}",
                                           Text(f"{t.en}: {sums}", f"{t.zh}：{sums}"),
                                           tuple(o.payload for o in known)))
                if unknown:
                    lines.append(ScoreLine(0, "unrevealed",
                                           Text(f"{unknown} {t.en} still face down (counted when "
                                                f"shown)", f"{unknown} 張{t.zh}還沒翻開（翻開後才計分）"),
                                           (self.type_back[kind],)))
            lines.extend(self._collector_lines(state, seat, by_type, tapestry_totals,
                                               tapestry_owners, idol_moments))
            ready = state.ready[seat]  # dice out on cards count once they come back ready
            if ready:
                points = ready * self.data.ready_die_points
                lines.append(ScoreLine(points, "ready_dice",
                                       Text(f"{ready} ready dice, {self.data.ready_die_points} each",
                                            f"{ready} 顆未疲憊的僕人骰，每顆 {self.data.ready_die_points} 分")))
            name = state.names[seat]
            sides.append(SideScore(f"p{seat}", Text(name, name), (seat,), tuple(lines)))
        return tuple(sides)

    def _collector_lines(self, state, seat, by_type, tapestry_totals, tapestry_owners,
                         idol_moments) -> list[ScoreLine]:
        c = self.data.collectors
        lines = []
        side = dict(state.collectors)

        def line(points, code, en, zh, cards=()):
            lines.append(ScoreLine(points, code, Text(en, zh), tuple(cards)))

        def known_values(kind):
            return [self.value(o.payload) for o in by_type[kind] if o.payload]

        idols = by_type["idols"]
        moment = state.idol_pair_moment[seat]
        if side["idols"] == "B" and moment is not None:
            if moment == min(idol_moments):
                line(c["idols_b_first"], "idols_b_first", "Idol collector B: first to 2 idols",
                     "偶像收藏家 B 面：最先收集到 2 個偶像", ["CRCIDOLB"])
            else:
                line(c["idols_b_later"], "idols_b_later", "Idol collector B: 2 or more idols",
                     "偶像收藏家 B 面：擁有 2 個以上偶像", ["CRCIDOLB"])
        jewelry = known_values("jewelry")
        if side["jewelry"] == "A" and len(by_type["jewelry"]) >= c["jewelry_a_min"] and jewelry:
            line(max(jewelry), "jewelry_a", f"Jewelry collector A: best jewelry ({max(jewelry)}) "
                 f"counts twice", f"珠寶收藏家 A 面：最高的珠寶（{max(jewelry)}）算兩次", ["CRCJEWLA"])
        if side["jewelry"] == "B" and by_type["jewelry"]:
            n = len(by_type["jewelry"])
            line(n * c["jewelry_b_each"], "jewelry_b", f"Jewelry collector B: +{c['jewelry_b_each']}"
                 f" for each of {n} jewelry", f"珠寶收藏家 B 面：{n} 件珠寶每件 +{c['jewelry_b_each']}",
                 ["CRCJEWLB"])
        manuscripts = known_values("manuscripts")
        if side["manuscripts"] == "A" and len(by_type["manuscripts"]) >= c["manuscripts_a_min"]:
            extra = sum(c["manuscripts_a_value"] - v for v in manuscripts)
            line(extra, "manuscripts_a", f"Manuscript collector A: each manuscript counts "
                 f"{c['manuscripts_a_value']} (+{extra})",
                 f"手稿收藏家 A 面：每份手稿算 {c['manuscripts_a_value']} 分（+{extra}）", ["CRCMANUA"])
        pottery = len(by_type["pottery"])
        table = {int(k): v for k, v in c["pottery_a"].items()}
        if side["pottery"] == "A" and pottery >= min(table):
            points = table[min(pottery, max(table))]
            line(points, "pottery_a", f"Pottery collector A: {pottery} pottery",
                 f"陶器收藏家 A 面：{pottery} 件陶器", ["CRCPOTTA"])
        remains = len(by_type["remains"])
        if side["remains"] == "B" and remains >= c["remains_b_min"]:
            line(c["remains_b_bonus"], "remains_b", f"Remains collector B: {remains} remains",
                 f"遺骨收藏家 B 面：{remains} 件遺骨", ["CRCREMNB"])
        if side["tapestries"] == "A" and by_type["tapestries"]:
            best = max(t for s, t in tapestry_totals.items() if tapestry_owners[s])
            if tapestry_totals[seat] == best:
                line(c["tapestries_a_bonus"], "tapestries_a", f"Tapestry collector A: highest "
                     f"tapestry total ({best})", f"掛毯收藏家 A 面：掛毯總值最高（{best}）", ["CRCTAPEA"])
        if side["tapestries"] == "B" and len(by_type["tapestries"]) >= c["tapestries_b_min"]:
            many = sum(1 for n in tapestry_owners.values() if n >= c["tapestries_b_min"])
            if many == 1:
                line(c["tapestries_b_only"], "tapestries_b_only", "Tapestry collector B: the only "
                     "player with 3+ tapestries", "掛毯收藏家 B 面：唯一擁有 3 件以上掛毯的玩家", ["CRCTAPEB"])
            else:
                line(c["tapestries_b_shared"], "tapestries_b_shared", "Tapestry collector B: 3+ "
                     "tapestries, shared with others", "掛毯收藏家 B 面：擁有 3 件以上掛毯（與他人並列）",
                     ["CRCTAPEB"])
        return lines

    def solo_rank(self, total: float) -> Text:
        rank = [r for r in self.data.solo.ranks if total >= r.min][-1]
        return Text(rank.en, rank.zh)

    def outcome(self, state: CryptState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self.score(state)
        if state.players == 1:
            total = scores[0].total
            rank = self.solo_rank(total)
            return Outcome(("p0",), ("p0",),
                           Text(f"{state.names[0]} ends with {total:g} coins: {rank.en}.",
                                f"{state.names[0]} 最後有 {total:g} 枚金幣：{rank.zh}。"))
        last_roll = dict(state.tiebreak_history[-1]) if state.tiebreak_history else {}
        ranked = sorted(scores, key=lambda s: (s.total, last_roll.get(s.members[0], -1)),
                        reverse=True)
        best = ranked[0].total
        top = [s for s in ranked if s.total == best]
        tie_break = None
        if len(top) > 1 and state.tiebreak_winners and len(state.tiebreak_winners) == 1:
            winners = (f"p{state.tiebreak_winners[0]}",)
            name = state.names[state.tiebreak_winners[0]]
            rolls = ", ".join(f"{state.names[s]} {t}" for s, t in last_roll.items())
            tie_break = Text(f"Tied on {best:g}; the tied players rolled their ready dice "
                             f"({rolls}) and {name} rolled highest.",
                             f"同為 {best:g} 分；平手玩家擲出所有可用骰子（{rolls}），{name} 點數最高。")
        else:
            winners = tuple(s.side for s in top)
            if len(top) > 1:
                tie_break = Text(f"Tied on {best:g} and the dice did not separate them: the win "
                                 f"is shared.", f"同為 {best:g} 分，擲骰也分不出高下：共同獲勝。")
        names = " & ".join(state.names[int(w[1:])] for w in winners)
        if len(winners) > 1:
            explanation = Text(f"{names} share the win with {best:g} coins.",
                               f"{names} 以 {best:g} 枚金幣共同獲勝。")
        else:
            explanation = Text(f"{names} wins with {best:g} coins.", f"{names} 以 {best:g} 枚金幣獲勝。")
        return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)

    # -- teaching and dashboard -------------------------------------------------------------
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

    # -- the log in words -------------------------------------------------------------------
    def describe_move(self, state: CryptState, move: Move) -> Text | None:
        try:
            words = getattr(self, f"_words_{move.kind}", None)
            return words(state, move) if words and not move.kind.startswith("_") else None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return None  # too mangled to put into words; check() says what is wrong

    def _who(self, state: CryptState, seat) -> Text:
        """The seat's name (the ghost says 鬼魂 in Chinese); raises on a seat that is not there."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
            raise ValueError(seat)
        if self.is_ghost(state, seat):
            return Text("The ghost", "鬼魂")
        return Text(state.names[seat], state.names[seat])

    def _crypt_card(self, state: CryptState, card) -> Text:
        if self._card_problem(state, card):
            raise ValueError(card)
        return self.slot_name(state, card)

    @staticmethod
    def _dice(count: int, effort) -> Text:
        if effort is None:
            return Text(f"{count} {'die' if count == 1 else 'dice'}", f"{count} 顆骰子")
        return Text(f"{count} {'die' if count == 1 else 'dice'} of {effort}",
                    f"{count} 顆 {effort} 點的骰子")

    def _flipped(self, kind: str, cards) -> Text:
        """The collected cards a collector flip names: "Idol 3", "an Idol", "2 Pottery"."""
        cards = list(cards) if isinstance(cards, (list, tuple)) else [cards]
        if any(c not in self.back_type and c not in self.treasures for c in cards) or not cards:
            raise ValueError(cards)
        if len(cards) == 1 and cards[0] in self.treasures:
            return self.treasures[cards[0]].name
        t = self.type_name(kind, plural=len(cards) > 1)
        if len(cards) == 1:
            return Text(f"{'an' if t.en[0] in 'AEIOU' else 'a'} {t.en}", f"一張{t.zh}")
        return Text(f"{len(cards)} {t.en}", f"{len(cards)} 張{t.zh}")

    @staticmethod
    def _tired(value, exhausted, effort) -> Text | None:
        """What a roll means for the servant; None while the effort to beat is unknown."""
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value not in FACES:
                raise ValueError(value)
            if effort is None:
                return None
            exhausted = value < effort
        elif not isinstance(exhausted, bool):
            raise ValueError(exhausted)
        return Text("the servant is exhausted", "僕人累倒了") if exhausted else \
            Text("the servant stays ready", "僕人沒有累倒")

    def _words_deal(self, state: CryptState, move: Move) -> Text:
        index = move.get("index")
        if index is None:
            index = state.row.index(None)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.row):
            raise ValueError(index)
        if move.get("card") is not None:
            name = self.treasures[move["card"]].name
            return Text(f"{name.en} is dealt face up as crypt card {index + 1}",
                        f"{name.zh} 正面朝上，發到地窖第 {index + 1} 張")
        t = self.type_name(self.back_type[move["back"]])
        return Text(f"A face-down {t.en} is dealt as crypt card {index + 1}",
                    f"一張面朝下的{t.zh}發到地窖第 {index + 1} 張")

    def _words_claim(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        parts = []
        for p in move["placements"]:
            card, dice, effort = p["card"], p["dice"], p["effort"]
            if not isinstance(dice, int) or not isinstance(effort, int):
                raise ValueError(p)
            here, slot = self._crypt_card(state, card), state.row[card]
            part = Text(f"{here.en} with {self._dice(dice, effort).en}",
                        f"用 {self._dice(dice, effort).zh}搶{here.zh}")
            if slot.owner not in (None, move.player) and dice * effort > slot.total:
                other = self._who(state, slot.owner)
                part = Text(f"{part.en}, pushing {other.en} off", f"{part.zh}，把 {other.zh} 擠掉")
            parts.append(part)
        if not parts:
            raise ValueError("empty claim")
        return Text(f"{who.en} claims " + " and ".join(p.en for p in parts),
                    f"{who.zh} " + "；".join(p.zh for p in parts))

    def _words_recover(self, state: CryptState, move: Move) -> Text:
        who, tired = self._who(state, move.player), state.exhausted[move.player]
        if not tired:
            return Text(f"{who.en} passes (no exhausted dice)", f"{who.zh} 沒有累倒的骰子，跳過")
        return Text(f"{who.en} rests: {self._dice(tired, None).en} ready again",
                    f"{who.zh} 休息：{self._dice(tired, None).zh}恢復了")

    def _words_place_die(self, state: CryptState, move: Move) -> Text:
        who, here = self._who(state, move.player), self._crypt_card(state, move["card"])
        effort = move.get("effort")
        if effort is None:
            return Text(f"{who.en} puts a die on {here.en} (its number was not read)",
                        f"{who.zh} 把一顆骰子放在{here.zh}上（看不清點數）")
        if not isinstance(effort, int) or isinstance(effort, bool):
            raise ValueError(effort)
        return Text(f"{who.en} puts a die showing {effort} on {here.en}",
                    f"{who.zh} 把一顆 {effort} 點的骰子放在{here.zh}上")

    def _words_remove_die(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return Text("A die is taken back", "一顆骰子被拿回來")
        who = self._who(state, seat)
        return Text(f"{who.en} takes a die back", f"{who.zh} 把一顆骰子拿回來")

    def _words_end_turn(self, state: CryptState, move: Move) -> Text:
        seat = move.player if move.player is not None else state.pending_player
        if seat is None:
            return Text("The turn ends", "回合結束")
        who = self._who(state, seat)
        return Text(f"{who.en} ends the turn", f"{who.zh} 結束這個回合")

    def _words_ghost_roll(self, state: CryptState, move: Move) -> Text:
        values = move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return Text("The ghost has no dice to roll", "鬼魂沒有骰子可以擲")
        return Text("The ghost rolls " + ", ".join(map(str, values)),
                    "鬼魂擲出 " + "、".join(map(str, values)))

    def _words_roll(self, state: CryptState, move: Move) -> Text:
        card, value = move["card"], move.get("value")
        here = self._crypt_card(state, card)
        index = self._next_roll(state, card)
        roll = state.rolls[index] if index is not None else None
        who = self._who(state, roll.owner if roll else move.player)
        tired = self._tired(value, move.get("exhausted"), roll.effort if roll else None)
        if value is None:
            return Text(f"{who.en}'s servant on {here.en}: {tired.en}",
                        f"{who.zh} 在{here.zh}上的骰子：{tired.zh}")
        said = Text(f"{who.en} rolls a {value} for the die on {here.en}",
                    f"{who.zh} 為{here.zh}上的骰子擲出 {value} 點")
        return said if tired is None else Text(f"{said.en}: {tired.en}", f"{said.zh}：{tired.zh}")

    def _words_end_collect(self, state: CryptState, move: Move) -> Text:
        return Text("Nobody re-rolls with an Idol: the round ends", "沒有人用偶像重擲：這回合結束")

    def _words_score_game(self, state: CryptState, move: Move) -> Text:
        return Text("Nobody flips Remains any more: the game is scored",
                    "沒有人再翻遺骨：遊戲計分")

    def _words_reroll(self, state: CryptState, move: Move) -> Text:
        who, idol = self._who(state, move.player), self._flipped("idols", [move["card"]])
        roll, value = move["roll"], move.get("value")
        if not isinstance(roll, int) or isinstance(roll, bool) or not 0 <= roll < len(state.rolls):
            raise ValueError(roll)
        tired = self._tired(value, move.get("exhausted"), state.rolls[roll].effort)
        said = Text(f"{who.en} flips {idol.en} to roll a die again",
                    f"{who.zh} 翻開{_spaced(idol.zh)}重擲一顆骰子")
        if value is not None:
            said = Text(f"{said.en} and gets a {value}", f"{said.zh}，擲出 {value} 點")
        return Text(f"{said.en}: {tired.en}", f"{said.zh}：{tired.zh}")

    def _words_peek(self, state: CryptState, move: Move) -> Text:
        who = self._who(state, move.player)
        manuscript = self._flipped("manuscripts", [move["card"]])
        return Text(f"{who.en} flips {manuscript.en} to look at the face-down crypt cards",
                    f"{who.zh} 翻開{_spaced(manuscript.zh)}，偷看地窖裡面朝下的牌")

    def _words_take(self, state: CryptState, move: Move) -> Text:
        who, pots = self._who(state, move.player), self._flipped("pottery", move["cards"])
        here = self._crypt_card(state, move["index"])
        return Text(f"{who.en} flips {pots.en} to take {here.en}",
                    f"{who.zh} 翻開{_spaced(pots.zh)}，拿走{here.zh}")

    def _words_recover_one(self, state: CryptState, move: Move) -> Text:
        who, bones = self._who(state, move.player), self._flipped("remains", move["cards"])
        return Text(f"{who.en} flips {bones.en}: one exhausted die is ready again",
                    f"{who.zh} 翻開{_spaced(bones.zh)}：一顆累倒的骰子恢復了")

    def _words_identify(self, state: CryptState, move: Move) -> Text:
        who, name = self._who(state, move.player), self.treasures[move["card"]].name
        t = self.type_name(self.ttype(move["card"]))
        return Text(f"{who.en}'s face-down {t.en} is {name.en}",
                    f"{who.zh} 面朝下的{t.zh}是{name.zh}")

    def _words_tiebreak_roll(self, state: CryptState, move: Move) -> Text:
        who, values = self._who(state, move.player), move["values"]
        if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(values)
        if not values:
            return Text(f"{who.en} has no ready dice to break the tie",
                        f"{who.zh} 沒有可用的骰子來決勝")
        return Text(f"{who.en} rolls {', '.join(map(str, values))} to break the tie "
                    f"({sum(values)} in all)",
                    f"{who.zh} 擲出 {'、'.join(map(str, values))} 來決勝（共 {sum(values)} 點）")

    def describe(self, state: CryptState) -> dict:
        row = []
        for i, slot in enumerate(state.row):
            if slot is None:
                row.append(None)
                continue
            row.append({"index": i, "type": slot.type, "card": slot.payload,
                        "back": self.type_back[slot.type], "face_up": slot.face_up,
                        "value": self.value(slot.payload) if slot.payload else None,
                        "name": self.card_name(slot.payload, slot.type).to_dict(),
                        "claimant": slot.owner, "dice": slot.dice, "effort": slot.total,
                        "die_face": slot.effort or None})
        players = []
        for seat in range(state.seats):
            colour = self.colour_of_payload[state.colours[seat]]
            players.append({
                "seat": seat, "name": state.names[seat], "ghost": self.is_ghost(state, seat),
                "colour": colour.key, "die_payload": colour.payload,
                "ready": state.ready[seat], "exhausted": state.exhausted[seat],
                "on_cards": sum(s.dice for s in state.row if s and s.owner == seat),
                "collection": [{"type": o.type, "card": o.payload, "flipped": o.flipped,
                                "value": self.value(o.payload) if o.payload else None}
                               for o in state.collections[seat]],
            })
        return {
            "kind": "crypt",
            "phase": state.phase,
            "round": state.round + 1 if state.phase in ("reveal", "claim", "collect") else state.round,
            "rounds": self._setup(state.players).rounds,
            "leader": state.leader,
            "lights_out": self.lights_out(state),
            "turn_order": list(self.turn_order(state)),
            "turn": state.turn,
            "actor": self.actor(state),
            "last_turn": state.phase == "claim" and self.last_turn(state),
            "row": row,
            "players": players,
            "collectors": [{"type": t, "side": s, "card": f"CRC{self.type_back[t][3:]}{s}"}
                           for t, s in state.collectors],
            "pending": [{"die": d, "card": c, "effort": e} for d, c, e in state.pending],
            "pushes": [{"card": c, "by": by, "from": off, "dice": d, "beaten": beaten,
                        "effort": effort} for c, by, off, d, beaten, effort in state.pushes],
            "identify_options": {str(seat): options for seat in range(state.players)
                                 if (options := self.identify_options(state, seat))},
            "pending_player": state.pending_player,
            "rolls": [{"index": i, "owner": r.owner, "card": r.card, "effort": r.effort,
                       "value": r.value, "exhausted": r.failed} for i, r in enumerate(state.rolls)],
            "ghost": None if state.players != 1 else {
                "to_roll": self.ghost_dice_to_roll(state), "rolled": list(state.ghost_rolled),
                "placements": [{"card": c, "dice": d, "effort": e} for c, d, e in state.ghost_last]},
            "deck_left": sum(self.deck_count(state.players, t) for t in TYPES)
            - sum(state.dealt_by_type),
            "discarded": state.discarded,
            "tiebreak": {"tied": list(state.tied), "rolls": dict(state.tiebreak_rolls),
                         "history": [dict(h) for h in state.tiebreak_history]},
            "solo_rank": (self.solo_rank(self.score(state)[0].total).to_dict()
                          if state.players == 1 and state.phase == "over" else None),
        }

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

    # -- camera -----------------------------------------------------------------------------
    def seat_of_colour(self, state: CryptState, payload: str) -> int | None:
        return state.colours.index(payload) if payload in state.colours else None

    @staticmethod
    def _region_index(region: str | None, prefix: str) -> int | None:
        if not region or not region.startswith(prefix):
            return None
        try:
            return int(region[len(prefix):])
        except ValueError:
            return None

    @staticmethod
    def _crypt_slot(where) -> int | None:
        if where is None or where.region != "crypt" or not where.slot:
            return None
        try:
            return int(where.slot[0])
        except (TypeError, ValueError):
            return None

    def interpret(self, state: CryptState, event: TableEvent,
                  table: Mapping[str, PieceOnTable]) -> Interpretation:
        if event.kind == "die":
            return self._interpret_die(state, event, table)
        piece = self.catalogue.piece(event.payload)
        if isinstance(event, CardRemoved):
            return Interpretation()
        role = piece.face.get("role") if piece.kind == "card" else "back"
        if role == "collector":
            kind, side = piece.face["type"], piece.face["side"]
            if self.side(state, kind) != side:
                t = self.type_name(kind)
                return Interpretation(violations=(_v(
                    "collector_side_differs", f"The {t.en} collector shows side {side}, but this "
                    f"game was set up with side {self.side(state, kind)}.",
                    f"{t.zh}收藏家翻到 {side} 面，但這場遊戲設定用 {self.side(state, kind)} 面。",
                    [event.payload]),))
            return Interpretation()
        if role == "torch":
            return self._interpret_torch(state, event, piece.face["torch"])
        index = self._crypt_slot(event.where)
        if index is not None and state.phase == "reveal" and 0 <= index < len(state.row) \
                and state.row[index] is None:
            if role == "back":
                return Interpretation(move=Move("deal", None, {"back": event.payload, "index": index}))
            return Interpretation(move=Move("deal", None, {"card": event.payload, "index": index}))
        seat = self._region_index(event.where.region, "collection")
        if seat is not None and role == "treasure" and seat < state.players:
            kind = piece.face["type"]
            coll = state.collections[seat]
            if any(o.payload == event.payload for o in coll):
                return Interpretation()
            if any(o.payload is None and o.type == kind for o in coll):
                return Interpretation(move=Move("identify", seat, {"card": event.payload}))
        return Interpretation()

    def _interpret_torch(self, state: CryptState, event, torch: str) -> Interpretation:
        seat = self._region_index(event.where.region, "player")
        if seat is None or state.phase in ("over", "final_reveal", "tiebreak"):
            return Interpretation()
        holder = state.leader if torch == "leader" else self.lights_out(state)
        if seat == holder:
            return Interpretation()
        name = Text("Leader", "起始火炬") if torch == "leader" else Text("Lights Out", "熄燈火炬")
        return Interpretation(violations=(_v(
            "torch_misplaced", f"The {name.en} torch belongs to {state.names[holder]} this round.",
            f"這回合{name.zh}應該在 {state.names[holder]} 那裡。", [event.payload],
            f"player{holder}"),))

    def _interpret_die(self, state: CryptState, event, table) -> Interpretation:
        seat = self.seat_of_colour(state, event.payload)
        if seat is None:
            return Interpretation(violations=(_v(
                "unknown_die", f"No player uses {event.payload} dice in this game.",
                f"這場遊戲沒有人使用 {event.payload} 骰子。", [event.payload]),))
        die = event.track_id
        pending = {p[0] for p in state.pending}
        if isinstance(event, CardRemoved):
            if die in pending:
                return Interpretation(move=Move("remove_die", seat, {"die": die}))
            return Interpretation()
        before = table.get(die)
        previous = before.where if before is not None else getattr(event, "previous", None)
        target = self._crypt_slot(event.where)
        came_from = self._crypt_slot(previous)
        region = event.where.region or ""
        if state.phase == "claim":
            if self.is_ghost(state, seat):
                return self._ghost_die_note(state, target)
            if target is not None:
                slot = state.row[target] if 0 <= target < len(state.row) else None
                if (die not in pending and slot is not None and slot.owner == seat
                        and came_from == target):
                    return Interpretation()  # a die already claimed there, seen again
                if event.value is None:
                    return Interpretation(note=Text(
                        "A die on the crypt could not be read: enter its number on the dashboard.",
                        "地窖上有一顆骰子看不清楚：請在控制台輸入點數。"))
                return Interpretation(move=Move("place_die", seat, {
                    "die": die, "card": target, "effort": event.value}))
            if die in pending:
                return Interpretation(move=Move("remove_die", seat, {"die": die}))
            if (region == f"player{seat}" and previous is not None
                    and previous.region == f"exhausted{seat}" and state.exhausted[seat]):
                return Interpretation(move=Move("recover", seat))
            if came_from is not None:
                return Interpretation(note=Text(f"{state.names[seat]}'s die left the crypt "
                                                f"(pushed off: it is ready again).",
                                                f"{state.names[seat]} 的骰子離開了地窖（被擠掉，回到可用狀態）。"))
            return Interpretation()
        if state.phase == "collect":
            due = [r for r in state.rolls if r.owner == seat and r.failed is None]
            if not due:
                return Interpretation()
            card = came_from if came_from is not None and any(r.card == came_from for r in due) \
                else due[0].card
            if region == "roll":
                if event.value is None:
                    return Interpretation(note=Text(
                        "The rolled die could not be read: enter the number on the dashboard.",
                        "擲出的骰子看不清楚：請在控制台輸入點數。"))
                return Interpretation(move=Move("roll", seat, {"card": card, "value": event.value}))
            if region == f"exhausted{seat}" and came_from is not None:
                return Interpretation(move=Move("roll", seat, {"card": card, "exhausted": True}))
            if region == f"player{seat}" and came_from is not None:
                return Interpretation(move=Move("roll", seat, {"card": card, "exhausted": False}))
        return Interpretation()

    def _ghost_die_note(self, state: CryptState, target: int | None) -> Interpretation:
        if target is None:
            return Interpretation()
        slot = state.row[target] if 0 <= target < len(state.row) else None
        if slot is not None and slot.owner == 1:
            return Interpretation()
        return Interpretation(violations=(_v(
            "ghost_die_misplaced", "That ghost die is not where the ghost placed its dice; see "
            "the dashboard.", "鬼魂的骰子放錯位置了，請看控制台上鬼魂的擺法。", region="crypt"),))
