"""Cardcassonne (卡卡頌卡牌版): cards laid in four colour rows, claimed by followers.

Rules: ../shared/rules/cardcassonne.md. Every number the rules mark (data) comes from
companion/data/games/cardcassonne.json; the animal and building tables there are
placeholders marked unverified.

The engine knows only what the table shows. Hands are hidden; a face-up card is known by its
payload; a face-down card is a card back until the player who claimed it turns it up at
round scoring. All 130 cards are used in every game (10 set-up cards plus the hands of all
rounds), so a payload can appear only once.

Moves (``player`` is the seat; rows are "yellow", "red", "green", "blue"):
- ``reveal``           {card, row?}: set-up, the dealer turns a card up at the end of its row
                       (a joker needs the row the dealer chose).
- ``play_card``        {card | None, row, face_down, position?}: a card at the end of a row.
                       Face down, ``card`` is None (or the back, CCBACK).
- ``place_follower``   {row, position?}: the large follower at the end of a row.
- ``reveal_face_down`` {row, position, card}: round scoring, a claimed face-down card turned up.
- ``choose``           {row, position, option: "score" | "keep"}: what to do with a claimed
                       non-matching animal or building.
``position`` counts from the scoring board (0 = next to it), as the camera does.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ..catalogue import Piece, load_game_data
from ..errors import CompanionError, DataFileError
from ..events import CardMoved, CardRemoved, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from .base import Game, GameInfo, Interpretation

BACK = "CCBACK"
JOKERS = ("dragon", "fairy", "animal_joker", "building_joker")
# The most cards one collection can hold: 9 animals + 4 animal jokers, 5 buildings + 4 jokers.
MOST_ANIMALS, MOST_BUILDINGS = 13, 9


# -- data file ------------------------------------------------------------------------------
class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    colour: str
    en: str
    zh: str = Field(alias="zh-TW")
    hex: str


class _PlayerColour(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    colour: str
    en: str
    zh: str = Field(alias="zh-TW")


class _Count(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hand: int = Field(ge=1)
    rounds: int = Field(ge=1)


class _Points(BaseModel):
    model_config = ConfigDict(extra="forbid")
    non_matching: int
    dragon: int
    fairy: int
    animal_joker_alone: int


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    note: str = ""
    points: list[int] = Field(min_length=1)


class _CardcassonneData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    rows: list[_Row] = Field(min_length=4, max_length=4)
    player_colours: list[_PlayerColour] = Field(min_length=5)
    setup_cards: int = Field(ge=0)
    player_counts: dict[str, _Count]
    points: _Points
    animal_table: _Table
    building_table: _Table


def _load_data() -> _CardcassonneData:
    data = load_game_data("cardcassonne", _CardcassonneData)
    if len(data.animal_table.points) < MOST_ANIMALS:
        raise DataFileError(f"games/cardcassonne.json: animal_table needs points for 1 to "
                            f"{MOST_ANIMALS} animals")
    if len(data.building_table.points) < MOST_BUILDINGS:
        raise DataFileError(f"games/cardcassonne.json: building_table needs points for 1 to "
                            f"{MOST_BUILDINGS} buildings")
    return data


# -- state ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """One position of a row: a card (face up, or face down and unknown) or a large follower."""

    kind: str  # "card" or "follower"
    card: str | None = None  # payload; None for a face-down card nobody has turned up yet
    face_down: bool = False
    seat: int | None = None  # who played the card (None at set-up) or whose follower it is


@dataclass(frozen=True)
class Claim:
    """A card a follower took at round end, waiting to be turned up or decided on."""

    seat: int
    row: str
    position: int
    card: str | None  # None until a face-down card is turned up
    face_down: bool
    choice: str | None = None  # "score" or "keep", for a non-matching animal or building


@dataclass(frozen=True)
class Holdings:
    """What a player keeps between rounds and every point they scored so far."""

    animals: tuple[tuple[str, str], ...] = ()  # (payload, colour of the collection it joined)
    chest: tuple[str, ...] = ()  # buildings and building jokers, face down until the end
    lines: tuple[ScoreLine, ...] = ()


@dataclass(frozen=True)
class CardcassonneState:
    players: int
    names: tuple[str, ...]
    colours: tuple[str, ...]  # each seat's player colour (which follower token is theirs)
    hand: int
    rounds: int
    phase: str  # "setup", "play", "scoring" or "over"
    round: int  # 1-based; 0 during set-up
    dealer: int
    turn: int
    rows: tuple[tuple[Slot, ...], ...]  # in board order: yellow, red, green, blue
    played: tuple[int, ...]  # cards each seat played this round
    face_down_played: tuple[bool, ...]
    follower_row: tuple[str | None, ...]  # where each seat's follower stands this round
    last_follower: int | None  # who placed the last follower this round (deals next)
    claims: tuple[Claim, ...]  # during round scoring
    holdings: tuple[Holdings, ...]
    seen: frozenset[str]  # every payload whose face the table has shown
    round_points: tuple[tuple[int, ...], ...] = ()  # per scored round, points per seat
    final_points: tuple[int, ...] | None = None


class Cardcassonne(Game):
    info = GameInfo(
        slug="cardcassonne",
        name=Text("Cardcassonne", "卡卡頌卡牌版"),
        aliases=("cardcassonne", "carcassonne card game", "卡卡頌", "卡卡頌卡牌版"),
        player_counts=(2, 3, 4, 5),
        payload_prefix="CC",
        summary=Text(
            "Lay cards at the end of four colour rows, then claim a row with your follower; "
            "matching cards score, animals are collected and buildings hidden in your chest.",
            "把卡牌放在四個顏色卡牌列的最右邊，再用大玩家指示物收走一段卡牌；顏色相符的卡牌得分，"
            "動物卡收集起來，建築物卡藏在財寶箱下。"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self.row_colours = tuple(r.colour for r in self.data.rows)
        self._row_names = {r.colour: Text(r.en, r.zh) for r in self.data.rows}
        self._player_colours = {c.colour: Text(c.en, c.zh) for c in self.data.player_colours}
        self._faces: dict[str, Mapping] = {p.payload: p.face for p in self.catalogue.cards}
        self._all_cards = tuple(p.payload for p in self.catalogue.cards)
        self._follower_of_colour = {t.face["player_colour"]: t.payload
                                    for t in self.catalogue.tokens if t.face.get("size") == "large"}

    # -- names a child can read -------------------------------------------------------------
    def colour_name(self, colour: str) -> Text:
        return self._row_names.get(colour, Text(colour, colour))

    def row_name(self, colour: str) -> Text:
        name = self.colour_name(colour)
        return Text(f"the {name.en} row", f"{name.zh}卡牌列")

    def card_name(self, payload: str | None) -> Text:
        if payload is None or payload == BACK:
            return Text("a face-down card", "一張蓋著的卡牌")
        piece = self.catalogue.get(payload)
        return piece.name if piece else Text(payload, payload)

    def face(self, payload: str) -> Mapping:
        return self._faces[payload]

    def player_colour_name(self, colour: str) -> Text:
        return self._player_colours.get(colour, Text(colour, colour))

    # -- set-up -----------------------------------------------------------------------------
    def new_game(self, setup: Setup) -> CardcassonneState:
        self.validate_setup(setup)
        unknown = set(setup.options) - {"dealer", "colours"}
        if unknown:
            raise CompanionError(f"Cardcassonne has no set-up option {sorted(unknown)[0]!r}; "
                                 f"the options are 'dealer' and 'colours'")
        dealer = setup.options.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < setup.players:
            raise CompanionError(f"option 'dealer' must be a seat from 0 to {setup.players - 1}, "
                                 f"got {dealer!r}")
        colours = setup.options.get("colours")
        if colours is None:
            colours = [c.colour for c in self.data.player_colours][: setup.players]
        if (not isinstance(colours, (list, tuple)) or len(colours) != setup.players
                or len(set(colours)) != len(colours)
                or any(c not in self._follower_of_colour for c in colours)):
            known = ", ".join(self._follower_of_colour)
            raise CompanionError(f"option 'colours' must give each of the {setup.players} players "
                                 f"a different colour from: {known}")
        count = self.data.player_counts.get(str(setup.players))
        if count is None:
            raise DataFileError(f"games/cardcassonne.json has no hand size for {setup.players} players")
        n = setup.players
        return CardcassonneState(
            players=n, names=setup.names, colours=tuple(colours), hand=count.hand,
            rounds=count.rounds, phase="setup" if self.data.setup_cards else "play",
            round=0 if self.data.setup_cards else 1, dealer=dealer,
            turn=dealer if self.data.setup_cards else (dealer + 1) % n,
            rows=tuple(() for _ in self.row_colours), played=(0,) * n,
            face_down_played=(False,) * n, follower_row=(None,) * n, last_follower=None,
            claims=(), holdings=tuple(Holdings() for _ in range(n)), seen=frozenset())

    # -- small queries ----------------------------------------------------------------------
    def row_index(self, colour) -> int | None:
        return self.row_colours.index(colour) if colour in self.row_colours else None

    def row(self, state: CardcassonneState, colour: str) -> tuple[Slot, ...]:
        return state.rows[self.row_colours.index(colour)]

    def unseen(self, state: CardcassonneState) -> tuple[str, ...]:
        """Cards whose face the table has not shown yet (in hands, face down, or never dealt)."""
        return tuple(p for p in self._all_cards if p not in state.seen)

    def revealed_setup_cards(self, state: CardcassonneState) -> int:
        return sum(1 for row in state.rows for s in row if s.kind == "card" and s.seat is None)

    def matches(self, payload: str, row: str) -> bool:
        """A card matches the row it was taken from when it is that colour; jokers match any row."""
        face = self.face(payload)
        return face["type"] in JOKERS or face.get("colour") == row

    def needs_choice(self, claim: Claim) -> bool:
        return (claim.card is not None and self.face(claim.card)["type"] in ("animal", "building")
                and not self.matches(claim.card, claim.row))

    def pending(self, state: CardcassonneState) -> tuple[Claim, ...]:
        """Claims still waiting for a turn-up or a choice, in seat then row order."""
        return tuple(c for c in state.claims
                     if c.card is None or (self.needs_choice(c) and c.choice is None))

    def claims_now(self, state: CardcassonneState) -> tuple[tuple[int, str, tuple[int, ...]], ...]:
        """(seat, row, positions of the cards its follower takes), if the round ended now."""
        found = []
        for colour, row in zip(self.row_colours, state.rows):
            start = 0
            for position, slot in enumerate(row):
                if slot.kind == "follower":
                    cards = tuple(p for p in range(start, position) if row[p].kind == "card")
                    found.append((slot.seat, colour, cards))
                    start = position + 1
        return tuple(found)

    def actions_left(self, state: CardcassonneState, seat: int) -> int:
        return state.hand - state.played[seat] + (state.follower_row[seat] is None)

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        checks = {"reveal": self._check_reveal, "play_card": self._check_play,
                  "place_follower": self._check_follower,
                  "reveal_face_down": self._check_reveal_face_down, "choose": self._check_choose}
        if move.kind not in checks:
            return (_violation("unknown_move", f"Cardcassonne has no move called {move.kind!r}.",
                               f"卡卡頌卡牌版沒有「{move.kind}」這個動作。"),)
        if state.phase == "over":
            return (_violation("game_over", "The game is over: nothing more can be played.",
                               "遊戲已經結束，不能再出牌了。"),)
        return checks[move.kind](state, move)

    def _wrong_phase(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        now = {"setup": Text("the dealer is still turning up the ten starting cards; play "
                             "starts after that", "發牌玩家還在翻開開局的 10 張卡牌，之後才開始出牌"),
               "play": Text("players are taking turns playing cards and followers; cards are "
                            "turned up and decided on when the round is scored",
                            "玩家們正在輪流出牌和放大玩家指示物；卡牌要到回合計分時才翻開和做選擇"),
               "scoring": Text("the round is being scored: turn up the face-down cards the "
                               "followers took and decide on them before anyone plays on",
                               "正在進行回合計分：先翻開大玩家指示物收走的蓋牌並做好選擇，才能繼續出牌")}[state.phase]
        return (_violation("not_now", f"Not now: {now.en}.", f"現在不行：{now.zh}。"),)

    def _check_seat(self, state: CardcassonneState, seat) -> tuple[Violation, ...]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return (_violation("unknown_player", f"There is no player {seat!r} in this game.",
                               f"這場遊戲沒有玩家 {seat!r}。"),)
        return ()

    def _check_row(self, colour) -> tuple[Violation, ...]:
        if colour not in self.row_colours:
            rows = ", ".join(self.row_colours)
            return (_violation("unknown_row", f"{colour!r} is not a row; the rows are {rows}.",
                               f"{colour!r} 不是卡牌列；卡牌列有黃、紅、綠、藍四列。"),)
        return ()

    def _check_card(self, state: CardcassonneState, payload) -> tuple[Violation, ...]:
        if not isinstance(payload, str) or payload not in self._faces:
            return (_violation("unknown_card", f"{payload!r} is not a Cardcassonne card.",
                               f"{payload!r} 不是卡卡頌卡牌版的卡牌。",
                               cards=(str(payload),)),)
        if payload in state.seen:
            name = self.card_name(payload)
            return (_violation("card_already_seen",
                               f"{name.en} ({payload}) has already been played: every card is "
                               f"used only once.",
                               f"{name.zh}（{payload}）已經出現過了：每張卡牌只會用到一次。",
                               cards=(payload,)),)
        return ()

    def _check_end_of_row(self, state: CardcassonneState, colour: str, position, what: str,
                          cards: tuple[str, ...]) -> tuple[Violation, ...]:
        """A card or follower goes at the right-hand end of a row, never between two pieces."""
        if position is None:
            return ()
        row = self.row(state, colour)
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            return (_violation("bad_position", f"Position {position!r} is not a place in a row.",
                               f"位置 {position!r} 不是卡牌列上的位置。", cards=cards,
                               region=f"row-{colour}"),)
        if position > len(row):  # a gap is not "the end of the row"
            rname = self.row_name(colour)
            return (_violation("past_end_of_row",
                               f"Place {position + 1} is past the end of {rname.en}: the next "
                               f"{what} goes in place {len(row) + 1}, right after the last piece.",
                               f"{rname.zh}的第 {position + 1} 格超過了卡牌列的尾端：下一個要放在"
                               f"第 {len(row) + 1} 格，緊接在最後一個之後。",
                               cards=cards, region=f"row-{colour}"),)
        if position == len(row):
            return ()
        left = row[position - 1: position] if position > 0 else ()
        neighbours = tuple(self._slot_payload(state, s) for s in left + (row[position],))
        named = [self._piece_label(state, s) for s in left + (row[position],)]
        if not left:
            named.insert(0, Text("the scoring board", "計分板"))
        between = Text(f"{named[0].en} and {named[1].en}", f"{named[0].zh}和{named[1].zh}")
        rname = self.row_name(colour)
        if what == "follower":
            return (_violation("position_occupied",
                               f"That place in {rname.en} is already taken, between "
                               f"{between.en}. Put your follower at the end of the row.",
                               f"{rname.zh}的這個位置已經有東西了（在{between.zh}之間）。"
                               f"請把大玩家指示物放在卡牌列最右邊。",
                               cards=cards + neighbours, region=f"row-{colour}"),)
        return (_violation("card_between_cards",
                           f"You can only add a card at the end of a row, not between two cards "
                           f"(here between {between.en} in {rname.en}).",
                           f"卡牌只能放在卡牌列的最右邊，不能插在兩張卡牌中間（這裡是{rname.zh}的"
                           f"{between.zh}之間）。",
                           cards=cards + neighbours, region=f"row-{colour}"),)

    def _piece_label(self, state: CardcassonneState, slot: Slot) -> Text:
        """What a child sees in a row place: "Yellow person 2 (CCY09)", "Leo's follower"."""
        if slot.kind == "follower":
            name = state.names[slot.seat]
            return Text(f"{name}'s follower", f"{name} 的大玩家指示物")
        payload = self._slot_payload(state, slot)
        name = self.card_name(payload)
        if payload == BACK:
            return name
        return Text(f"{name.en} ({payload})", f"{name.zh}（{payload}）")

    def _slot_payload(self, state: CardcassonneState, slot: Slot) -> str:
        if slot.kind == "follower":
            return self._follower_of_colour[state.colours[slot.seat]]
        return BACK if slot.face_down and slot.card is None else slot.card

    def _check_reveal(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        if state.phase != "setup":
            return self._wrong_phase(state, move)
        if move.player is not None and move.player != state.dealer:
            return (_violation("not_the_dealer",
                               f"The dealer, {state.names[state.dealer]}, turns up the starting cards.",
                               f"開局的卡牌由發牌玩家 {state.names[state.dealer]} 翻開。"),)
        payload = move.get("card")
        problems = self._check_card(state, payload)
        if problems:
            return problems
        face = self.face(payload)
        colour = move.get("row")
        joker = face["type"] in JOKERS
        if joker and colour is None:
            return (_violation("joker_needs_row",
                               "A joker turned up at set-up goes into a row the dealer "
                               "chooses: say which row.",
                               "開局翻到萬用卡時，由發牌玩家決定放進哪一列：請指定卡牌列。",
                               cards=(payload,)),)
        colour = face["colour"] if colour is None else colour
        problems = self._check_row(colour)
        if problems:
            return problems
        if not joker and colour != face["colour"]:
            return (self._wrong_row(payload, colour),)
        return self._check_end_of_row(state, colour, move.get("position"), "card", (payload,))

    def _wrong_row(self, payload: str, colour: str) -> Violation:
        name, own, rname = self.card_name(payload), self.colour_name(self.face(payload)["colour"]), \
            self.row_name(colour)
        return _violation("wrong_row_colour",
                          f"{name.en} is {own.en}: a face-up card goes into the row of its own "
                          f"colour, not {rname.en}.",
                          f"{name.zh}是{own.zh}的：正面朝上的卡牌要放進相同顏色的卡牌列，不能放在{rname.zh}。",
                          cards=(payload,), region=f"row-{colour}")

    def _check_turn(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        if state.phase != "play":
            return self._wrong_phase(state, move)
        problems = self._check_seat(state, move.player)
        if problems:
            return problems
        if move.player != state.turn:
            return (_violation("out_of_turn",
                               f"It is {state.names[state.turn]}'s turn, not "
                               f"{state.names[move.player]}'s.",
                               f"現在輪到 {state.names[state.turn]}，不是 {state.names[move.player]}。"),)
        return ()

    def _check_play(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_turn(state, move)
        if problems:
            return problems
        seat, colour = move.player, move.get("row")
        name = state.names[seat]
        payload = move.get("card")
        face_down = bool(move.get("face_down")) or payload == BACK
        problems = self._check_row(colour)
        if problems:
            return problems
        shown = (str(payload),) if payload not in (None, BACK) else (BACK,)
        if state.played[seat] >= state.hand:
            return (_violation("no_cards_left",
                               f"{name} has played all {state.hand} cards this round: now place "
                               f"your follower.",
                               f"{name} 本回合的 {state.hand} 張牌都出完了：現在請放置大玩家指示物。",
                               cards=shown, region=f"row-{colour}"),)
        if face_down:
            if payload not in (None, BACK):
                return (_violation("face_down_card_named",
                                   "A face-down card stays secret until round scoring: record it "
                                   "as a card back, without its name.",
                                   "蓋著的卡牌要到回合計分時才翻開：請只記錄為卡背，不要寫出是哪張牌。",
                                   cards=(str(payload),), region=f"row-{colour}"),)
            if state.face_down_played[seat]:
                return (_violation("second_face_down",
                                   f"{name} already played a face-down card this round: every "
                                   f"other card goes face up.",
                                   f"{name} 本回合已經蓋過一張牌了：其他的卡牌都要正面朝上。",
                                   cards=(BACK,), region=f"row-{colour}"),)
        else:
            if not state.face_down_played[seat]:
                return (_violation("first_card_face_down",
                                   f"{name}'s first card this round must be played face down "
                                   f"(into any row).",
                                   f"{name} 本回合的第一張牌必須正面朝下打出（可放任一列）。",
                                   cards=shown, region=f"row-{colour}"),)
            problems = self._check_card(state, payload)
            if problems:
                return problems
            if self.face(payload)["type"] not in JOKERS and self.face(payload)["colour"] != colour:
                return (self._wrong_row(payload, colour),)
        return self._check_end_of_row(state, colour, move.get("position"), "card", shown)

    def _check_follower(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_turn(state, move)
        if problems:
            return problems
        seat, colour = move.player, move.get("row")
        problems = self._check_row(colour)
        if problems:
            return problems
        token = self._follower_of_colour[state.colours[seat]]
        placed = state.follower_row[seat]
        if placed is not None:
            where = self.row_name(placed)
            return (_violation("follower_placed_twice",
                               f"{state.names[seat]}'s follower already stands in {where.en}: "
                               f"it stays there until the round ends.",
                               f"{state.names[seat]} 的大玩家指示物已經放在{where.zh}了：回合結束前不能再移動。",
                               cards=(token,), region=f"row-{placed}"),)
        problems = self._check_end_of_row(state, colour, move.get("position"), "follower",
                                          (token,))
        return problems or self._shared_place(state, colour, token)

    def _shared_place(self, state: CardcassonneState, colour: str,
                      token: str) -> tuple[Violation, ...]:
        """Two followers never share a position: with no card right of the last follower,
        the end of the row is that follower's place."""
        if colour in self.free_follower_rows(state):
            return ()
        row = self.row(state, colour)
        other = self._piece_label(state, row[-1])
        rname = self.row_name(colour)
        return (_violation("position_occupied",
                           f"{other.en} already stands at the end of {rname.en}: two followers "
                           f"never share a place. Wait until a card lies right of it, or choose "
                           f"another row.",
                           f"{other.zh}已經站在{rname.zh}的最右邊：兩個大玩家指示物不能放在同一個位置。"
                           f"等它右邊有卡牌，或是選別的卡牌列。",
                           cards=(token, self._slot_payload(state, row[-1])),
                           region=f"row-{colour}"),)

    def _find_claim(self, state: CardcassonneState, move: Move) -> Claim | None:
        for claim in state.claims:
            if claim.row == move.get("row") and claim.position == move.get("position"):
                return claim
        return None

    def _check_claim(self, state: CardcassonneState, move: Move) -> tuple[Claim | None, tuple]:
        if state.phase != "scoring":
            return None, self._wrong_phase(state, move)
        problems = self._check_seat(state, move.player)
        if problems:
            return None, problems
        claim = self._find_claim(state, move)
        if claim is None:
            return None, (_violation("not_claimed",
                                     "No follower took a card at that place this round.",
                                     "本回合沒有大玩家指示物收走這個位置的卡牌。",
                                     region=f"row-{move.get('row')}"),)
        if claim.seat != move.player:
            return None, (_violation("not_your_card",
                                     f"That card belongs to {state.names[claim.seat]}: their "
                                     f"follower took it.",
                                     f"這張卡牌是 {state.names[claim.seat]} 的大玩家指示物收走的。",
                                     region=f"row-{claim.row}"),)
        return claim, ()

    def _check_reveal_face_down(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        claim, problems = self._check_claim(state, move)
        if problems:
            return problems
        if claim.card is not None:
            return (_violation("already_face_up", f"That card is already face up: {claim.card}.",
                               f"這張卡牌已經是正面朝上了：{claim.card}。", cards=(claim.card,),
                               region=f"row-{claim.row}"),)
        return self._check_card(state, move.get("card"))

    def _check_choose(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        claim, problems = self._check_claim(state, move)
        if problems:
            return problems
        if claim.card is None:
            return (_violation("reveal_first", "Turn this card face up before deciding what to do "
                                               "with it.",
                               "請先把這張卡牌翻開，再決定怎麼處理。", cards=(BACK,),
                               region=f"row-{claim.row}"),)
        if not self.needs_choice(claim) or claim.choice is not None:
            return (_violation("no_choice_here",
                               f"There is nothing to choose for {self.card_name(claim.card).en}.",
                               f"{self.card_name(claim.card).zh}不需要做選擇。", cards=(claim.card,),
                               region=f"row-{claim.row}"),)
        if move.get("option") not in ("score", "keep"):
            return (_violation("bad_option",
                               "Choose \"score\" (10 points now) or \"keep\" (add it to your "
                               "collection or chest).",
                               "請選擇「score」（現在得 10 分）或「keep」（收進收藏或財寶箱）。",
                               cards=(claim.card,), region=f"row-{claim.row}"),)
        return ()

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        if move.kind == "reveal":
            payload = move["card"]
            colour = move.get("row") or self.face(payload)["colour"]
            state = self._add_slot(state, colour, Slot("card", payload))
            state = replace(state, seen=state.seen | {payload})
            if self.revealed_setup_cards(state) >= self.data.setup_cards:
                state = replace(state, phase="play", round=1, turn=(state.dealer + 1) % state.players)
            return state
        if move.kind == "play_card":
            seat, payload = move.player, move.get("card")
            face_down = bool(move.get("face_down")) or payload == BACK
            slot = Slot("card", None if face_down else payload, face_down, seat)
            state = self._add_slot(state, move["row"], slot)
            played = _set(state.played, seat, state.played[seat] + 1)
            state = replace(state, played=played,
                            face_down_played=_set(state.face_down_played, seat,
                                                  state.face_down_played[seat] or face_down),
                            seen=state.seen if face_down else state.seen | {payload})
            return self._next_turn(state)
        if move.kind == "place_follower":
            seat = move.player
            state = self._add_slot(state, move["row"], Slot("follower", seat=seat))
            state = replace(state, follower_row=_set(state.follower_row, seat, move["row"]),
                            last_follower=seat)
            return self._next_turn(state)
        claim = self._find_claim(state, move)
        if move.kind == "reveal_face_down":
            updated = replace(claim, card=move["card"])
            state = replace(state, seen=state.seen | {move["card"]})
        else:
            updated = replace(claim, choice=move["option"])
        state = replace(state, claims=tuple(updated if c == claim else c for c in state.claims))
        return self._score_round(state) if not self.pending(state) else state

    def _add_slot(self, state: CardcassonneState, colour: str, slot: Slot) -> CardcassonneState:
        index = self.row_colours.index(colour)
        return replace(state, rows=_set(state.rows, index, state.rows[index] + (slot,)))

    def free_follower_rows(self, state: CardcassonneState) -> tuple[str, ...]:
        """Rows whose right-hand end no follower holds yet (followers never share a place)."""
        return tuple(colour for colour, row in zip(self.row_colours, state.rows)
                     if not row or row[-1].kind != "follower")

    def _can_act(self, state: CardcassonneState, seat: int) -> bool:
        if state.played[seat] < state.hand:
            return True
        return state.follower_row[seat] is None and bool(self.free_follower_rows(state))

    def _next_turn(self, state: CardcassonneState) -> CardcassonneState:
        # A player whose only action left is the follower, while every row's end holds a
        # follower already, waits until a card opens a place (5 players only; see notes).
        for step in range(1, state.players + 1):
            seat = (state.turn + step) % state.players
            if self._can_act(state, seat):
                return replace(state, turn=seat)
        return self._end_round(state)

    def _end_round(self, state: CardcassonneState) -> CardcassonneState:
        """Every hand is empty and every follower placed: followers take their cards."""
        claims = []
        for seat, colour, positions in sorted(self.claims_now(state)):
            row = self.row(state, colour)
            for position in positions:
                slot = row[position]
                claims.append(Claim(seat, colour, position, slot.card, slot.face_down))
        state = replace(state, phase="scoring", claims=tuple(claims))
        return self._score_round(state) if not self.pending(state) else state

    def _score_round(self, state: CardcassonneState) -> CardcassonneState:
        holdings = list(state.holdings)
        gained = []
        for seat in range(state.players):
            mine = [c for c in state.claims if c.seat == seat]
            before = holdings[seat]
            holdings[seat] = self._score_claims(state, before, mine)
            gained.append(int(sum(l.points for l in holdings[seat].lines[len(before.lines):])))
        # Unclaimed cards stay and are pushed back to the board; followers go home.
        taken = {(c.row, c.position) for c in state.claims}
        rows = tuple(tuple(s for p, s in enumerate(row)
                           if s.kind == "card" and (colour, p) not in taken)
                     for colour, row in zip(self.row_colours, state.rows))
        dealer = state.last_follower if state.last_follower is not None else state.dealer
        n = state.players
        state = replace(state, holdings=tuple(holdings), rows=rows, claims=(), dealer=dealer,
                        round_points=state.round_points + (tuple(gained),),
                        played=(0,) * n, face_down_played=(False,) * n, follower_row=(None,) * n,
                        last_follower=None)
        if state.round >= state.rounds:
            return self._final_scoring(state)
        return replace(state, phase="play", round=state.round + 1, turn=(dealer + 1) % n)

    def _score_claims(self, state: CardcassonneState, holdings: Holdings,
                      claims: list[Claim]) -> Holdings:
        """Round scoring of one player's taken cards (rules, "Round scoring" 1-5)."""
        points = self.data.points
        r = state.round
        prefix = Text(f"Round {r}", f"第 {r} 回合")
        lines: list[ScoreLine] = []
        persons: dict[str, list[str]] = {}
        animals = list(holdings.animals)
        chest = list(holdings.chest)
        gained_colours: list[str] = []
        jokers_gained: list[str] = []
        for claim in claims:
            payload, row = claim.card, claim.row
            face = self.face(payload)
            kind, name, rname = face["type"], self.card_name(payload), self.row_name(row)
            if self.matches(payload, row):
                if kind == "person":
                    persons.setdefault(row, []).append(payload)
                elif kind in ("animal", "animal_joker"):
                    animals.append((payload, row))
                    if row not in gained_colours:
                        gained_colours.append(row)
                    if kind == "animal_joker":
                        jokers_gained.append(payload)
                elif kind in ("building", "building_joker"):
                    chest.append(payload)
                else:  # dragon or fairy
                    value = points.dragon if kind == "dragon" else points.fairy
                    lines.append(ScoreLine(value, kind, Text(
                        f"{prefix.en}: {name.en} from {rname.en}",
                        f"{prefix.zh}：{rname.zh}的{name.zh}"), (payload,)))
                continue
            # A face-down card that lay in a row of another colour.
            why = Text(f"{prefix.en}: {name.en} lay face down in {rname.en} (not its colour)",
                       f"{prefix.zh}：{name.zh}蓋在{rname.zh}（顏色不同）")
            if kind == "person" or claim.choice == "score":
                lines.append(ScoreLine(points.non_matching, f"non_matching_{kind}", Text(
                    f"{why.en}: {points.non_matching} points",
                    f"{why.zh}：得 {points.non_matching} 分"), (payload,)))
            elif kind == "animal":
                own = face["colour"]
                animals.append((payload, own))
                if own not in gained_colours:
                    gained_colours.append(own)
            else:
                chest.append(payload)
        for row, cards in persons.items():
            values = [int(self.face(p)["value"]) for p in cards]
            cname = self.colour_name(row)
            total = len(cards) * sum(values)
            sums = "+".join(str(v) for v in values)
            lines.append(ScoreLine(total, "persons", Text(
                f"{prefix.en}: {_count(len(cards), cname.en + ' person card')} × ({sums} = {sum(values)})",
                f"{prefix.zh}：{len(cards)} 張{cname.zh}人民卡 ×（{sums} = {sum(values)}）"),
                tuple(cards)))
        real_animals = [p for p, _ in animals if self.face(p)["type"] == "animal"]
        if jokers_gained and not real_animals:
            # Each animal joker held scores, those kept from earlier rounds too, in every
            # round the player collects one (seed: 每持有1張動物萬用卡便可獲得3分).
            held = [p for p, _ in animals if self.face(p)["type"] == "animal_joker"]
            for joker in held:
                earlier = joker not in jokers_gained
                lines.append(ScoreLine(points.animal_joker_alone, "animal_joker", Text(
                    f"{prefix.en}: animal joker held"
                    f"{' since an earlier round' if earlier else ''}, no animal card "
                    f"({len(held)} held, {points.animal_joker_alone} each)",
                    f"{prefix.zh}：持有{'之前回合留下的' if earlier else ''}動物萬用卡，沒有任何動物卡"
                    f"（共 {len(held)} 張，每張 {points.animal_joker_alone} 分）"), (joker,)))
        else:
            table = self.data.animal_table.points
            for colour in sorted(gained_colours, key=self.row_colours.index):
                collection = [p for p, c in animals if c == colour]
                cname = self.colour_name(colour)
                jokers = sum(1 for p in collection if self.face(p)["type"] == "animal_joker")
                plural = "s" if jokers > 1 else ""
                extra = Text(f", counting {jokers} animal joker{plural}",
                             f"，含 {jokers} 張動物萬用卡") if jokers else Text("", "")
                lines.append(ScoreLine(table[len(collection) - 1], "animals", Text(
                    f"{prefix.en}: {_count(len(collection), cname.en + ' animal')} in the collection{extra.en}",
                    f"{prefix.zh}：收藏中有 {len(collection)} 張{cname.zh}動物卡{extra.zh}"),
                    tuple(collection)))
        return Holdings(tuple(animals), tuple(chest), holdings.lines + tuple(lines))

    def _final_scoring(self, state: CardcassonneState) -> CardcassonneState:
        """Cards left in rows are discarded; every chest is opened and scored by colour."""
        holdings = []
        finals = []
        for seat, held in enumerate(state.holdings):
            lines = self.building_lines(held.chest)
            holdings.append(replace(held, lines=held.lines + lines))
            finals.append(int(sum(l.points for l in lines)))
        return replace(state, phase="over", rows=tuple(() for _ in state.rows),
                       holdings=tuple(holdings), final_points=tuple(finals))

    def best_building_groups(self, chest: Iterable[str]) -> dict[str, tuple[list[str], int]]:
        """Building groups by colour with the jokers placed where they score most.

        Returns colour -> (cards, jokers added). Tries every way to spread the jokers (at most
        four, so a few dozen tries); ties keep the first way found, in board order.
        """
        chest = list(chest)
        table = self.data.building_table.points
        by_colour = {c: [p for p in chest if self.face(p)["type"] == "building"
                         and self.face(p)["colour"] == c] for c in self.row_colours}
        jokers = [p for p in chest if self.face(p)["type"] == "building_joker"]
        best, best_points = None, -1
        for spread in _spreads(len(jokers), len(self.row_colours)):
            total = sum(table[len(by_colour[c]) + k - 1] for c, k in zip(self.row_colours, spread)
                        if len(by_colour[c]) + k)
            if total > best_points:
                best, best_points = spread, total
        groups, used = {}, 0
        for colour, extra in zip(self.row_colours, best):
            if by_colour[colour] or extra:
                groups[colour] = (by_colour[colour] + jokers[used:used + extra], extra)
            used += extra
        return groups

    def building_lines(self, chest: Iterable[str]) -> tuple[ScoreLine, ...]:
        table = self.data.building_table.points
        lines = []
        for colour, (cards, jokers) in self.best_building_groups(chest).items():
            cname = self.colour_name(colour)
            plural = "s" if jokers > 1 else ""
            extra = Text(f", counting {jokers} building joker{plural}",
                         f"，含 {jokers} 張建築物萬用卡") if jokers else Text("", "")
            lines.append(ScoreLine(table[len(cards) - 1], "buildings", Text(
                f"End of game: {_count(len(cards), cname.en + ' building')} in the chest{extra.en}",
                f"遊戲結束：財寶箱裡有 {len(cards)} 張{cname.zh}建築物卡{extra.zh}"), tuple(cards)))
        return tuple(lines)

    # -- turn structure ---------------------------------------------------------------------
    def is_over(self, state: CardcassonneState) -> bool:
        return state.phase == "over"

    def current_players(self, state: CardcassonneState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "scoring":
            return tuple(sorted({c.seat for c in self.pending(state)}))
        return (state.dealer,) if state.phase == "setup" else (state.turn,)

    def legal_moves(self, state: CardcassonneState) -> Iterable[Move]:
        if state.phase == "setup":
            for payload in self.unseen(state):
                face = self.face(payload)
                rows = self.row_colours if face["type"] in JOKERS else (face["colour"],)
                for colour in rows:
                    yield Move("reveal", state.dealer, {"card": payload, "row": colour})
        elif state.phase == "play":
            seat = state.turn
            if state.played[seat] < state.hand:
                if not state.face_down_played[seat]:
                    for colour in self.row_colours:
                        yield Move("play_card", seat, {"card": None, "row": colour, "face_down": True})
                elif not self._unseen_would_run_out(state):
                    for payload in self.unseen(state):
                        face = self.face(payload)
                        rows = self.row_colours if face["type"] in JOKERS else (face["colour"],)
                        for colour in rows:
                            yield Move("play_card", seat, {"card": payload, "row": colour,
                                                           "face_down": False})
            if state.follower_row[seat] is None:
                for colour in self.free_follower_rows(state):
                    yield Move("place_follower", seat, {"row": colour})
        elif state.phase == "scoring":
            for claim in self.pending(state):
                where = {"row": claim.row, "position": claim.position}
                if claim.card is None:
                    for payload in self.unseen(state):
                        yield Move("reveal_face_down", claim.seat, {**where, "card": payload})
                else:
                    for option in self.choice_order(state, claim):
                        yield Move("choose", claim.seat, {**where, "option": option})

    def _unseen_would_run_out(self, state: CardcassonneState) -> bool:
        """True when every unseen card must be one of the face-down cards on the table."""
        face_down = sum(1 for row in state.rows for s in row if s.kind == "card" and s.card is None)
        return len(self.unseen(state)) <= face_down

    def choice_order(self, state: CardcassonneState, claim: Claim) -> tuple[str, str]:
        """"score" and "keep", the one worth more now first (ties: the sure 10 points)."""
        return ("keep", "score") if self.keep_value(state, claim) > self.data.points.non_matching \
            else ("score", "keep")

    def keep_value(self, state: CardcassonneState, claim: Claim) -> int:
        """Points keeping a non-matching animal or building adds, as far as the table shows now.

        An animal: what the colour's collection scores this round with it, minus what it would
        score without it. A building: what one more building of its colour adds at the end.
        """
        face = self.face(claim.card)
        colour = face["colour"]
        held = state.holdings[claim.seat]
        if face["type"] == "animal":
            table = self.data.animal_table.points
            size = sum(1 for _, c in held.animals if c == colour)
            incoming = sum(1 for c in state.claims if c.seat == claim.seat and c != claim
                           and c.card is not None and self._joins_animals(c, colour))
            without = table[size + incoming - 1] if incoming else 0
            return table[size + incoming] - without
        table = self.data.building_table.points
        size = sum(1 for p in held.chest if self.face(p).get("colour") == colour)
        size += sum(1 for c in state.claims if c.seat == claim.seat and c != claim
                    and c.card is not None and self.face(c.card)["type"] == "building"
                    and self.face(c.card)["colour"] == colour
                    and (self.matches(c.card, c.row) or c.choice == "keep"))
        return table[size] - (table[size - 1] if size else 0)

    def _joins_animals(self, claim: Claim, colour: str) -> bool:
        face = self.face(claim.card)
        if self.matches(claim.card, claim.row):
            return face["type"] in ("animal", "animal_joker") and claim.row == colour
        return face["type"] == "animal" and face["colour"] == colour and claim.choice == "keep"

    # -- scores and outcome -----------------------------------------------------------------
    def score(self, state: CardcassonneState) -> tuple[SideScore, ...]:
        return tuple(SideScore(f"p{seat}", Text(state.names[seat], state.names[seat]), (seat,),
                               held.lines)
                     for seat, held in enumerate(state.holdings))

    def outcome(self, state: CardcassonneState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self.score(state)

        def key(side: SideScore):
            return (side.total, len(state.holdings[side.members[0]].chest))

        ranked = sorted(scores, key=key, reverse=True)
        best = key(ranked[0])
        winners = tuple(s.side for s in ranked if key(s) == best)
        names = " & ".join(s.label.en for s in ranked if key(s) == best)
        total = int(best[0])
        tied = [s for s in ranked if s.total == ranked[0].total]
        tie_break = None
        if len(tied) > 1:
            if len(winners) > 1:
                tie_break = Text(f"Tied on {total} points and {best[1]} building cards each: "
                                 f"the win is shared.",
                                 f"同為 {total} 分，建築物卡也都是 {best[1]} 張：共同獲勝。")
            else:
                tie_break = Text(f"Tied on {total} points; {names} has more building cards "
                                 f"({best[1]}).",
                                 f"同為 {total} 分；{names} 的建築物卡比較多（{best[1]} 張）。")
        if len(winners) > 1:
            explanation = Text(f"{names} share the win with {total} points.",
                               f"{names} 以 {total} 分共同獲勝。")
        else:
            explanation = Text(f"{names} wins with {total} points.", f"{names} 以 {total} 分獲勝。")
        return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)

    # -- teaching ---------------------------------------------------------------------------
    def hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        if state.phase == "setup":
            left = self.data.setup_cards - self.revealed_setup_cards(state)
            return (Hint(Text(f"{state.names[state.dealer]} (dealer): turn up {left} more cards, "
                              f"each at the end of the row of its colour; a joker goes where you "
                              f"choose.",
                              f"{state.names[state.dealer]}（發牌玩家）：再翻開 {left} 張卡牌，放在同色卡牌列的最右邊；"
                              f"萬用卡可放在你選的任一列。")),)
        if state.phase == "play":
            return self._play_hints(state)
        if state.phase == "scoring":
            return self._scoring_hints(state)
        return ()

    def _play_hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        seat = state.turn
        name = state.names[seat]
        hints = []
        if state.played[seat] < state.hand:
            if not state.face_down_played[seat]:
                hints.append(Hint(Text(f"{name}: your first card this round goes face down, at "
                                       f"the end of any row.",
                                       f"{name}：本回合的第一張牌要正面朝下，放在任一列的最右邊。")))
            else:
                hints.append(Hint(Text(f"{name}: play a card face up at the end of the row of its "
                                       f"colour (jokers may go into any row).",
                                       f"{name}：把卡牌正面朝上放在同色卡牌列的最右邊（萬用卡可放任一列）。")))
        if state.follower_row[seat] is None:
            for colour in self.row_colours:
                row = self.row(state, colour)
                start = max((p + 1 for p, s in enumerate(row) if s.kind == "follower"), default=0)
                cards = [self._slot_payload(state, s) for s in row[start:]]
                rname = self.row_name(colour)
                hints.append(Hint(Text(f"{name}: your follower at the end of {rname.en} would take "
                                       f"{len(cards)} cards now.",
                                       f"{name}：大玩家指示物放在{rname.zh}最右邊，現在可收走 {len(cards)} 張卡牌。"),
                                  f"row-{colour}", {"row": colour, "cards": cards}))
        return tuple(hints)

    def _scoring_hints(self, state: CardcassonneState) -> tuple[Hint, ...]:
        hints = []
        points = self.data.points.non_matching
        for claim in self.pending(state):
            name = state.names[claim.seat]
            rname = self.row_name(claim.row)
            data = {"seat": claim.seat, "row": claim.row, "position": claim.position}
            if claim.card is None:
                hints.append(Hint(Text(f"{name}: turn up the face-down card you took from "
                                       f"{rname.en} (place {claim.position + 1}).",
                                       f"{name}：請翻開你從{rname.zh}（第 {claim.position + 1} 格）收走的蓋牌。"),
                                  f"row-{claim.row}", data))
                continue
            card = self.card_name(claim.card)
            keep = self.keep_value(state, claim)
            where = Text("your collection", "你的動物收藏") if self.face(claim.card)["type"] == "animal" \
                else Text("your chest", "你的財寶箱")
            texts = {"score": Text(f"{name}: score {card.en} for {points} points now",
                                   f"{name}：{card.zh}現在得 {points} 分"),
                     "keep": Text(f"{name}: keep {card.en} in {where.en} (about {keep} points)",
                                  f"{name}：把{card.zh}收進{where.zh}（約 {keep} 分）")}
            for option in self.choice_order(state, claim):
                hints.append(Hint(texts[option], f"row-{claim.row}",
                                  {**data, "card": claim.card, "option": option}))
        return tuple(hints)

    def rules_notes(self) -> tuple[Text, ...]:
        notes = []
        for key, table, zh in (("animal", self.data.animal_table, "動物卡"),
                               ("building", self.data.building_table, "建築物卡")):
            if table.unverified:
                values = ", ".join(str(p) for p in table.points)
                notes.append(Text(
                    f"The {key} scoring table is a placeholder and unverified (the printed table "
                    f"could not be found): {values}. Check it against the rulebook in the box.",
                    f"{zh}得分表是暫定值，尚未查證（找不到印刷版的得分表）：{values}。"
                    f"請對照盒中的規則書。"))
        notes.append(Text(
            "An animal joker joins the collection of the row it was taken from; a building joker "
            "counts as whichever colour scores most at the end. A tie goes to the player with "
            "more cards in the chest (building jokers included).",
            "動物萬用卡加入它所在卡牌列顏色的收藏；建築物萬用卡在遊戲結束時算成最有利的顏色。"
            "平手時，財寶箱裡卡牌（含建築物萬用卡）較多的玩家獲勝。"))
        notes.append(Text(
            "Two followers never share a place, so a follower goes only where no follower "
            "stands right of the row's last card. With 5 players every row's end may be taken "
            "while someone still holds only their follower: that player waits until a card "
            "opens a place, and if no card is left to do so, the follower stays home this round "
            "(the rulebook does not say; this is the companion's ruling).",
            "兩個大玩家指示物不能放在同一個位置，所以只能放在卡牌列最右邊還沒有大玩家指示物的地方。"
            "5 人遊戲時，可能每列最右邊都已經有大玩家指示物，而某位玩家只剩大玩家指示物：這位玩家要等到"
            "有人放卡牌空出位置；如果已經沒有卡牌可放，這回合他的大玩家指示物就留在家裡"
            "（規則書沒有說明，這是本系統的裁定）。"))
        return tuple(notes)

    # -- the game log -----------------------------------------------------------------------
    def describe_move(self, state: CardcassonneState, move: Move) -> Text | None:
        seat = state.dealer if move.kind == "reveal" and move.player is None else move.player
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return None
        name, colour = state.names[seat], move.get("row")
        row = self.row_name(colour) if isinstance(colour, str) and colour in self.row_colours \
            else None
        payload = move.get("card")
        card = self._quoted(payload) if isinstance(payload, str) and payload in self._faces \
            else None
        if move.kind == "reveal" and card is not None:
            own = self.face(payload).get("colour")  # None for a joker
            row = row or (self.row_name(own) if own else None)
            if row is None:
                return Text(f"{name} (dealer) turns up {card.en}", f"{name}（發牌玩家）翻開{card.zh}")
            return Text(f"{name} (dealer) turns up {card.en} in {row.en}",
                        f"{name}（發牌玩家）翻開{card.zh}，放在{row.zh}")
        if row is None:
            return None
        if move.kind == "play_card":
            if bool(move.get("face_down")) or payload == BACK:  # as check() reads it
                return Text(f"{name} plays a card face down at the end of {row.en}",
                            f"{name} 把一張牌蓋著放在{row.zh}最右邊")
            if card is not None:
                return Text(f"{name} plays {card.en} at the end of {row.en}",
                            f"{name} 把{card.zh}放在{row.zh}最右邊")
            return None
        if move.kind == "place_follower":
            return Text(f"{name} places the follower at the end of {row.en}",
                        f"{name} 把大玩家指示物放在{row.zh}最右邊")
        position = move.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            return None
        place = Text(f"{row.en}, place {position + 1}", f"{row.zh}第 {position + 1} 格")
        if move.kind == "reveal_face_down" and card is not None:
            return Text(f"{name} turns up the face-down card from {place.en}: {card.en}",
                        f"{name} 翻開從{place.zh}收走的蓋牌：{card.zh}")
        if move.kind == "choose" and move.get("option") in ("score", "keep"):
            claim = self._find_claim(state, move)
            taken = claim.card if claim is not None else None
            what = self._quoted(taken) if taken is not None else \
                Text(f"the card from {place.en}", f"從{place.zh}收走的卡牌")
            if move.get("option") == "score":
                points = self.data.points.non_matching
                return Text(f"{name} scores {what.en} for {points} points",
                            f"{name} 選擇{what.zh}得 {points} 分")
            if taken is not None and self.face(taken)["type"] == "animal":
                return Text(f"{name} keeps {what.en} in the animal collection",
                            f"{name} 把{what.zh}收進動物收藏")
            if taken is not None and self.face(taken)["type"] == "building":
                return Text(f"{name} keeps {what.en} in the chest", f"{name} 把{what.zh}收進財寶箱")
            return Text(f"{name} keeps {what.en}", f"{name} 留下{what.zh}")
        return None

    def _quoted(self, payload: str) -> Text:
        """A card name inside a Chinese sentence, in 「」 so "黃色人民卡 2" does not run on."""
        name = self.card_name(payload)
        return Text(name.en, f"「{name.zh}」")

    # -- describe ---------------------------------------------------------------------------
    def describe(self, state: CardcassonneState) -> dict:
        claim_of = {}
        for seat, colour, positions in self.claims_now(state):
            for position in positions:
                claim_of[(colour, position)] = seat
        rows = []
        for colour, row in zip(self.row_colours, state.rows):
            slots = []
            for position, slot in enumerate(row):
                item = {"position": position, "kind": slot.kind, "seat": slot.seat,
                        "payload": self._slot_payload(state, slot)}
                if slot.kind == "card":
                    item.update(face_down=slot.face_down, card=slot.card,
                                claimed_by=claim_of.get((colour, position)))
                    if slot.card is not None:
                        item.update(face=dict(self.face(slot.card)),
                                    name=self.card_name(slot.card).to_dict())
                else:
                    item.update(colour=state.colours[slot.seat])
                slots.append(item)
            rows.append({"colour": colour, "region": f"row-{colour}",
                         "name": self.row_name(colour).to_dict(),
                         "hex": next(r.hex for r in self.data.rows if r.colour == colour),
                         "slots": slots})
        players = []
        for seat in range(state.players):
            held = state.holdings[seat]
            animals = {c: [p for p, col in held.animals if col == c] for c in self.row_colours}
            players.append({
                "seat": seat, "name": state.names[seat], "colour": state.colours[seat],
                "follower": self._follower_of_colour[state.colours[seat]],
                "cards_in_hand": state.hand - state.played[seat] if state.phase == "play" else 0,
                "face_down_played": state.face_down_played[seat],
                "follower_row": state.follower_row[seat],
                "animals": {c: cards for c, cards in animals.items() if cards},
                "chest_count": len(held.chest),
                "chest": list(held.chest) if state.phase == "over" else None,
                "total": int(sum(l.points for l in held.lines)),
            })
        return {
            "kind": "cardcassonne",
            "phase": state.phase, "round": state.round, "rounds": state.rounds,
            "hand": state.hand, "dealer": state.dealer,
            "turn": state.turn if state.phase == "play" else None,
            "setup_cards_left": (self.data.setup_cards - self.revealed_setup_cards(state)
                                 if state.phase == "setup" else 0),
            "rows": rows,
            "claims_preview": [{"seat": seat, "row": colour,
                                "positions": list(positions),
                                "cards": [self._slot_payload(state, self.row(state, colour)[p])
                                          for p in positions]}
                               for seat, colour, positions in self.claims_now(state)],
            "scoring": [{"seat": c.seat, "row": c.row, "position": c.position, "card": c.card,
                         "face_down": c.face_down, "needs_reveal": c.card is None,
                         "needs_choice": self.needs_choice(c) and c.choice is None,
                         "choice": c.choice,
                         "options": list(self.choice_order(state, c))
                         if self.needs_choice(c) else [],
                         # what each option is worth now, for the dashboard's choice buttons
                         "values": {"score": self.data.points.non_matching,
                                    "keep": self.keep_value(state, c)}
                         if self.needs_choice(c) else {}} for c in state.claims],
            "players": players,
            "round_points": [list(r) for r in state.round_points],
            "final_points": list(state.final_points) if state.final_points else None,
            "tables": {"animal": {"points": self.data.animal_table.points,
                                  "unverified": self.data.animal_table.unverified},
                       "building": {"points": self.data.building_table.points,
                                    "unverified": self.data.building_table.unverified}},
        }

    # -- camera -----------------------------------------------------------------------------
    def interpret(self, state: CardcassonneState, event: TableEvent,
                  table: Mapping[str, PieceOnTable]) -> Interpretation:
        piece = self.catalogue.piece(event.payload)
        if piece.kind == "token":
            return self._interpret_follower(state, event, piece, table)
        return self._interpret_card(state, event, piece, table)

    @staticmethod
    def _row_slot(where) -> tuple[str, int] | None:
        """("yellow", 3) for region "row-yellow", slot [3]; None outside the rows."""
        if where is None or not where.region or not where.region.startswith("row-"):
            return None
        try:
            return where.region[len("row-"):], int(where.slot[0])
        except (TypeError, ValueError, IndexError):
            return None

    def _tidying(self, state: CardcassonneState) -> bool:
        """Cards and followers may leave or shift while a round is scored and tidied away."""
        return (state.phase in ("scoring", "over")
                or (state.phase == "play" and sum(state.played) == 0
                    and not any(state.follower_row) and state.round > 1))

    def _locate_card(self, state: CardcassonneState, payload: str) -> tuple[str, int] | None:
        for colour, row in zip(self.row_colours, state.rows):
            for position, slot in enumerate(row):
                if slot.kind == "card" and slot.card == payload:
                    return colour, position
        return None

    def _interpret_card(self, state: CardcassonneState, event: TableEvent, piece: Piece,
                        table: Mapping[str, PieceOnTable]) -> Interpretation:
        face_down = piece.kind == "back" or getattr(event, "face_down", False)
        payload = BACK if face_down else event.payload
        before = table.get(event.track_id)
        was = self._row_slot(before.where) if before is not None else None
        if isinstance(event, CardMoved):
            was = self._row_slot(event.previous) or was
        if isinstance(event, CardRemoved):
            if was is None or self._tidying(state) or not self._still_there(state, payload, was):
                return Interpretation()
            return Interpretation(violations=(self._moved(state, payload, was),))
        target = self._row_slot(event.where)
        if state.phase == "scoring" and not face_down:
            return self._interpret_turn_up(state, event.payload, target, event.where.region)
        if target is None:
            if was is not None and not self._tidying(state) and self._still_there(state, payload, was):
                return Interpretation(violations=(self._moved(state, payload, was),))
            return Interpretation()  # a card in a player's area or the deck is not a move
        colour, position = target
        if self.row_index(colour) is None:
            return Interpretation()
        row = self.row(state, colour)
        # The same card seen again where the engine already has it (a tracker hiccup, or the
        # unclaimed cards pushed back to the board after scoring) is not a move.
        if position < len(row) and row[position].kind == "card" and (
                (face_down and row[position].face_down and row[position].card is None)
                or row[position].card == payload):
            return Interpretation(note=Text(f"{self.card_name(payload).en} is in its place.",
                                            f"{self.card_name(payload).zh}在原來的位置。"))
        located = None if face_down else self._locate_card(state, payload)
        if self._tidying(state) and (was is not None or located is not None):
            return Interpretation()  # an unclaimed card pushed back to the board
        if located is not None:
            return Interpretation(violations=(self._moved(state, payload, located),))
        if was is not None and self._still_there(state, payload, was):
            return Interpretation(violations=(self._moved(state, payload, was),))
        if state.phase == "setup":
            if face_down:
                return Interpretation()
            return Interpretation(move=Move("reveal", state.dealer, {
                "card": payload, "row": colour, "position": position}))
        if state.phase != "play":
            return Interpretation()
        return Interpretation(move=Move("play_card", state.turn, {
            "card": None if face_down else payload, "row": colour, "face_down": face_down,
            "position": position}))

    def _still_there(self, state: CardcassonneState, payload: str, where: tuple[str, int]) -> bool:
        """Whether the engine still has this card at that place (so it must not move)."""
        colour, position = where
        if self.row_index(colour) is None:
            return False
        row = self.row(state, colour)
        if position >= len(row) or row[position].kind != "card":
            return False
        slot = row[position]
        return (slot.face_down and slot.card is None) if payload == BACK else slot.card == payload

    def _moved(self, state: CardcassonneState, payload: str, where: tuple[str, int]) -> Violation:
        colour, position = where
        name, rname = self.card_name(payload), self.row_name(colour)
        return _violation(
            "piece_moved",
            f"{name.en} moved after it was placed: cards and followers stay where they are "
            f"until the round is scored. Put it back in {rname.en}, place {position + 1}.",
            f"{name.zh}放好後被移動了：卡牌和大玩家指示物在回合計分前都不能移動。"
            f"請把它放回{rname.zh}第 {position + 1} 格。",
            cards=(payload,), region=f"row-{colour}")

    def _interpret_turn_up(self, state: CardcassonneState, payload: str,
                           target: tuple[str, int] | None, region: str | None) -> Interpretation:
        """Scoring: a face-down card turned up in its row place, or in the player's own area."""
        waiting = [c for c in self.pending(state) if c.card is None]
        if target is not None:
            claim = next((c for c in waiting if (c.row, c.position) == target), None)
        elif region and region.startswith("player"):
            try:
                seat = int(region[len("player"):])
            except ValueError:
                return Interpretation()
            mine = [c for c in waiting if c.seat == seat]
            if len(mine) > 1:
                return Interpretation(note=Text(
                    f"{state.names[seat]} took several face-down cards: turn each one up in its "
                    f"row place, or enter it on the dashboard.",
                    f"{state.names[seat]} 收走了好幾張蓋牌：請在原來的位置逐張翻開，或在儀表板上輸入。"))
            claim = mine[0] if mine else None
        else:
            return Interpretation()
        if claim is None:
            return Interpretation()
        return Interpretation(move=Move("reveal_face_down", claim.seat, {
            "row": claim.row, "position": claim.position, "card": payload}))

    def _interpret_follower(self, state: CardcassonneState, event: TableEvent, piece: Piece,
                            table: Mapping[str, PieceOnTable]) -> Interpretation:
        if piece.face.get("size") != "large":
            return Interpretation()  # the small follower only marks the score track
        colour_of_player = piece.face.get("player_colour")
        if colour_of_player not in state.colours:
            return Interpretation(violations=(_violation(
                "not_in_game",
                f"The {self.player_colour_name(colour_of_player).en.lower()} follower belongs to "
                f"nobody in this game.",
                f"{self.player_colour_name(colour_of_player).zh}色大玩家指示物不屬於這場遊戲的任何玩家。",
                cards=(event.payload,)),))
        seat = state.colours.index(colour_of_player)
        placed = self._locate_follower(state, seat)
        if isinstance(event, CardRemoved) or self._row_slot(event.where) is None:
            if placed is not None and not self._tidying(state):
                return Interpretation(violations=(self._follower_moved(state, seat, placed),))
            return Interpretation()
        target = self._row_slot(event.where)
        previous = self._row_slot(event.previous) if isinstance(event, CardMoved) else None
        if placed is None and previous is not None and self._tidying(state):
            return Interpretation()  # last round's follower shifted while tidying up
        if placed is not None:
            if placed == target:
                return Interpretation(note=Text(f"{state.names[seat]}'s follower is in its place.",
                                                f"{state.names[seat]} 的大玩家指示物在原來的位置。"))
            return Interpretation(violations=(self._follower_moved(state, seat, placed),))
        if state.phase != "play" or self.row_index(target[0]) is None:
            return Interpretation()
        return Interpretation(move=Move("place_follower", seat, {"row": target[0],
                                                                 "position": target[1]}))

    def _locate_follower(self, state: CardcassonneState, seat: int) -> tuple[str, int] | None:
        for colour, row in zip(self.row_colours, state.rows):
            for position, slot in enumerate(row):
                if slot.kind == "follower" and slot.seat == seat:
                    return colour, position
        return None

    def _follower_moved(self, state: CardcassonneState, seat: int,
                        where: tuple[str, int]) -> Violation:
        colour, position = where
        rname = self.row_name(colour)
        token = self._follower_of_colour[state.colours[seat]]
        return _violation(
            "piece_moved",
            f"{state.names[seat]}'s follower moved after it was placed: it stays until the round "
            f"is scored. Put it back in {rname.en}, place {position + 1}.",
            f"{state.names[seat]} 的大玩家指示物放好後被移動了：回合計分前都不能移動。"
            f"請把它放回{rname.zh}第 {position + 1} 格。",
            cards=(token,), region=f"row-{colour}")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _set(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _spreads(jokers: int, colours: int) -> Iterable[tuple[int, ...]]:
    """Every way to hand `jokers` identical jokers to `colours` colour groups."""
    for cuts in itertools.combinations_with_replacement(range(colours), jokers):
        yield tuple(cuts.count(c) for c in range(colours))


def _violation(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
               region: str | None = None) -> Violation:
    return Violation(code, Text(en, zh), tuple(cards), region)
