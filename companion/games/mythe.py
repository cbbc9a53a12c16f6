"""Mythe (俠鼠神抽): mouse heroes race along a path and one must beat the Red Dragon.

Rules: ../shared/rules/mythe.md. The deck by player count and the path (space costs and
names) come from companion/data/games/mythe.json; both are unverified placeholders.

Hands are secret, so the engine knows only how many cards each hand holds. It sees the
cards drawn this turn (face up in the "adventure" area) and a revealed legendary card.

Moves (``player`` is always the active seat):
- ``reveal`` {card}: at the start of the turn, show a legendary card to face the dragon.
- ``draw``   {card, from}: a card drawn from seat ``from`` (or ``"dummy"`` with 2 players);
  ``from`` may be missing when nobody told the camera whose hand it came from.
- ``stop``   {}: stop drawing; the engine then says where the hero must stop.
- ``move``   {to}: the hero ends on space ``to`` (0 = Village). Moving while still allowed to
  draw also means "I stop drawing".
- ``share``  {give: {seat or "dummy": count}} or {hands: [count per seat], dummy: count}:
  end of turn, the cards given away, or the hand counts players confirm afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ..catalogue import load_game_data
from ..errors import CompanionError, DataFileError
from ..events import CardRemoved, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from .base import Game, GameInfo, Interpretation

DUMMY = "dummy"
LEGENDARY_NAMES = {"sword": Text("sword", "劍"), "shield": Text("shield", "盾牌"),
                   "fairy": Text("fairy", "仙女")}

# Phases of a turn.
START = "start"          # nothing drawn yet: a legendary card may still be revealed
ADVENTURE = "adventure"  # drawing cards
MOVE = "move"            # stopped drawing: the hero must move to `destination`
SHARE = "share"          # moved, or stopped by an obstacle: give cards, then the turn passes
OVER = "over"


# -- data file ------------------------------------------------------------------------------
class _Name(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    en: str = Field(min_length=1)
    zh: str = Field(alias="zh-TW", min_length=1)


class _Space(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: _Name
    kind: str
    cost: int | None = Field(default=None, ge=1, le=3)


class _Path(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    comment: str = ""
    spaces: list[_Space] = Field(min_length=4)


class _Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unverified: bool
    comment: str = ""
    by_players: dict[str, list[str]]
    dummy_deck_players: list[int]


class _MytheData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    note: _Name
    deck: _Deck
    path: _Path
    deal: dict[str, Any] = Field(default_factory=dict)


def _load_data(catalogue) -> _MytheData:
    data = load_game_data("mythe", _MytheData)
    kinds = [s.kind for s in data.path.spaces]
    if kinds[0] != "village" or kinds[-2:] != ["dragon", "cheese"] or any(
            k != "space" for k in kinds[1:-2]):
        raise DataFileError("games/mythe.json: the path must be village, spaces, dragon, cheese")
    if any(s.cost is None for s in data.path.spaces[1:-1]):
        raise DataFileError("games/mythe.json: every space up to the dragon needs a cost")
    for players, payloads in data.deck.by_players.items():
        if len(set(payloads)) != len(payloads):
            raise DataFileError(f"games/mythe.json: the {players}-player deck lists a card twice")
        receivers = int(players) + (1 if int(players) in data.deck.dummy_deck_players else 0)
        for payload in payloads:
            piece = catalogue.get(payload)
            if piece is None or piece.kind != "card":
                raise DataFileError(f"games/mythe.json: {payload} is not an adventure card")
            # A card marked 4+ or 5+ may only be used from that many players up (2 players
            # play with the 3-player deck).
            if int(piece.face.get("min_players", 2)) > max(int(players), 3):
                raise DataFileError(f"games/mythe.json: {payload} is marked "
                                    f"{piece.face['min_players']}+ but is in the "
                                    f"{players}-player deck")
        if len(payloads) < receivers:
            raise DataFileError(f"games/mythe.json: too few cards for {players} players")
    return data


# -- state ----------------------------------------------------------------------------------
Source = int | str | None  # a seat, "dummy", or None when nobody said whose hand it was


@dataclass(frozen=True)
class Draw:
    card: str
    source: Source


@dataclass(frozen=True)
class MytheState:
    players: int
    names: tuple[str, ...]
    heroes: tuple[str, ...]          # hero colour of each seat
    positions: tuple[int, ...]       # path index of each hero (0 = Village)
    hands: tuple[int, ...]           # cards in each hand (counts only: hands are secret)
    dummy: int | None                # cards in the 2-player dummy deck; None without one
    share_only_drawn: bool           # variant: only cards drawn this turn may be given
    turn: int                        # active seat
    turn_number: int                 # 1 for the first turn of the game
    phase: str
    draws: tuple[Draw, ...] = ()     # cards drawn this turn, in order
    revealed: str | None = None      # legendary card shown at the start of this turn
    obstacle: str | None = None      # the obstacle that ended this turn's adventure
    destination: int | None = None   # where the hero must stop (phase MOVE)
    stayed: bool = False             # this turn's cards could not move the hero at all
    winner: int | None = None


@dataclass(frozen=True)
class Plan:
    """Where adventure points take a hero, step by step, and why it stops there."""

    start: int
    stop: int
    points: int
    lost: int                        # points that could not be spent
    passed: tuple[int, ...]          # occupied spaces jumped over for free
    blocked_by_dragon: bool          # the hero could have gone on, but has no legendary card
    reaches_dragon: bool


@dataclass(frozen=True)
class _Card:
    payload: str
    card: str                        # catalogue card id, shared by copies
    type: str                        # "number", "legendary" or "obstacle"
    value: int
    name: Text


class Mythe(Game):
    info = GameInfo(
        slug="mythe",
        name=Text("Mythe", "俠鼠神抽"),
        aliases=("mythe", "mythe mice", "俠鼠神抽"),
        player_counts=(2, 3, 4, 5),
        payload_prefix="MY",
        summary=Text(
            "Draw adventure cards from the other players to move your mouse hero; an obstacle "
            "stops you. Show a sword, shield or fairy to face the Red Dragon and win the "
            "Sacred Cheese.",
            "從其他玩家手中抽冒險卡讓俠鼠英雄前進，抽到障礙就停下。亮出劍、盾牌或仙女才能挑戰紅龍，"
            "贏得神聖起司。"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data(self.catalogue)
        self.cards = {p.payload: _Card(p.payload, p.card, str(p.face["type"]),
                                       int(p.face.get("value", 0)), p.name)
                      for p in self.catalogue.cards}
        spaces = self.data.path.spaces
        self.space_names = tuple(Text(s.name.en, s.name.zh) for s in spaces)
        self.costs = tuple(s.cost or 0 for s in spaces)
        self.dragon = len(spaces) - 2
        self.cheese = len(spaces) - 1
        self.hero_colours = tuple(str(t.face["colour"]) for t in self.catalogue.tokens
                                  if t.face.get("type") == "hero")
        self._hero_token = {str(t.face["colour"]): t for t in self.catalogue.tokens
                            if t.face.get("type") == "hero"}

    # -- helpers named after the rulebook ---------------------------------------------------
    def deck(self, players: int) -> tuple[str, ...]:
        """Payloads in play: cards marked 4+ / 5+ are removed below that many players."""
        return tuple(self.data.deck.by_players[str(players)])

    def pieces_in_play(self, state) -> frozenset[str]:
        deck = set(self.deck(state.players))
        return frozenset(p.payload for p in self.catalogue.pieces
                         if p.kind != "card" or p.payload in deck)

    def has_dummy(self, players: int) -> bool:
        return players in self.data.deck.dummy_deck_players

    def deal(self, players: int) -> tuple[tuple[int, ...], int | None]:
        """Hand sizes after dealing one card at a time from seat 0 round the table (the dummy
        deck, with 2 players, is dealt last)."""
        receivers = players + (1 if self.has_dummy(players) else 0)
        total = len(self.deck(players))
        counts = [total // receivers + (1 if i < total % receivers else 0)
                  for i in range(receivers)]
        if self.has_dummy(players):
            return tuple(counts[:-1]), counts[-1]
        return tuple(counts), None

    def points(self, state: MytheState) -> int:
        """Adventure points of this turn: the drawn cards' numbers (never the revealed card)."""
        return sum(self.cards[d.card].value for d in state.draws)

    def sources(self, state: MytheState) -> tuple[Source, ...]:
        """Hands the active player may draw from, as far as the counts tell."""
        seats = tuple(s for s in range(state.players) if s != state.turn and state.hands[s] > 0)
        return seats + ((DUMMY,) if state.dummy else ())

    def unattributed(self, state: MytheState) -> int:
        return sum(1 for d in state.draws if d.source is None)

    def cards_left_to_draw(self, state: MytheState) -> int:
        others = sum(h for s, h in enumerate(state.hands) if s != state.turn)
        return others + (state.dummy or 0) - self.unattributed(state)

    def on_table(self, state: MytheState) -> set[str]:
        shown = {d.card for d in state.draws}
        if state.revealed:
            shown.add(state.revealed)
        return shown

    def occupied(self, state: MytheState, space: int, seat: int) -> bool:
        """A path space holds one hero; the Village holds any number."""
        return space != 0 and any(p == space for s, p in enumerate(state.positions) if s != seat)

    def plan(self, state: MytheState, seat: int | None = None, points: int | None = None) -> Plan:
        """Spend every point forward: enter each space at its cost, jump over heroes for free,
        stop at the last space that can be reached; the dragon only with a revealed card."""
        seat = state.turn if seat is None else seat
        points = self.points(state) if points is None else points
        start = stop = state.positions[seat]
        remaining = points
        blocked = reaches = False
        for space in range(start + 1, self.dragon + 1):
            if space == self.dragon and state.revealed is None:
                blocked = True
                break
            if self.occupied(state, space, seat):
                continue
            if self.costs[space] > remaining:
                break
            remaining -= self.costs[space]
            stop = space
            if space == self.dragon:
                reaches = True
                break
        passed = tuple(s for s in range(start + 1, stop) if self.occupied(state, s, seat))
        return Plan(start, stop, points, 0 if reaches else remaining, passed, blocked, reaches)

    def legendary_name(self, payload: str) -> Text:
        return LEGENDARY_NAMES[self.catalogue.piece(payload).face["legendary"]]

    def space_label(self, space: int) -> Text:
        name = self.space_names[space]
        if space == 0:
            return Text(f"the {name.en}", name.zh)
        return Text(f"the {name.en} (space {space})", f"{name.zh}（第 {space} 格）")

    def hero_label(self, state: MytheState, seat: int) -> Text:
        token = self._hero_token[state.heroes[seat]]
        return Text(f"{state.names[seat]}'s {token.name.en.lower()}",
                    f"{state.names[seat]} 的{token.name.zh}")

    # -- set-up -----------------------------------------------------------------------------
    def new_game(self, setup: Setup) -> MytheState:
        self.validate_setup(setup)
        unknown = set(setup.options) - {"share_only_drawn", "heroes", "hands", "dummy"}
        if unknown:
            raise CompanionError(f"Mythe has no set-up option {sorted(unknown)[0]!r}; options "
                                 f"are share_only_drawn, heroes, hands, dummy")
        players = setup.players
        variant = setup.options.get("share_only_drawn", False)
        if not isinstance(variant, bool):
            raise CompanionError("option 'share_only_drawn' must be true or false")
        heroes = setup.options.get("heroes") or self.hero_colours[:players]
        if (not isinstance(heroes, (list, tuple)) or len(heroes) != players
                or not all(isinstance(h, str) and h in self._hero_token for h in heroes)
                or len(set(heroes)) != players):
            raise CompanionError(f"option 'heroes' must name {players} different hero colours "
                                 f"from {', '.join(self.hero_colours)}")
        hands, dummy = self.deal(players)
        if "hands" in setup.options or "dummy" in setup.options:
            hands, dummy = self._parse_dealt(setup.options, players, hands, dummy)
        return MytheState(players=players, names=setup.names, heroes=tuple(heroes),
                          positions=(0,) * players, hands=hands, dummy=dummy,
                          share_only_drawn=variant, turn=0, turn_number=1, phase=START)

    def _parse_dealt(self, options: Mapping, players: int, hands, dummy):
        """Hand sizes the table counted after its own deal, instead of the standard deal."""
        given = options.get("hands", list(hands))
        if (not isinstance(given, (list, tuple)) or len(given) != players
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
                           for n in given)):
            raise CompanionError(f"option 'hands' must give {players} hand sizes of at least 1")
        if self.has_dummy(players):
            dummy = options.get("dummy", dummy)
            if not isinstance(dummy, int) or isinstance(dummy, bool) or dummy < 0:
                raise CompanionError("option 'dummy' must be the dummy deck's card count")
        elif "dummy" in options:
            raise CompanionError("only 2-player games have a dummy deck")
        total = len(self.deck(players))
        if sum(given) + (dummy or 0) != total:
            raise CompanionError(f"the hands must add up to the {total} cards of the "
                                 f"{players}-player deck")
        return tuple(given), dummy

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        checks = {"reveal": self._check_reveal, "draw": self._check_draw,
                  "stop": self._check_stop, "move": self._check_move,
                  "share": self._check_share}
        if move.kind not in checks:
            return (_violation("unknown_move", f"Mythe has no move called {move.kind!r}.",
                               f"俠鼠神抽沒有「{move.kind}」這個動作。"),)
        if state.phase == OVER:
            return (self._game_over(state),)
        seat = move.player
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return (_violation("unknown_player", f"There is no player {seat!r} in this game.",
                               f"這場遊戲沒有玩家 {seat!r}。"),)
        if seat != state.turn:
            moving = move.kind == "move"
            return (_violation(
                "out_of_turn",
                f"It is {state.names[state.turn]}'s turn, not {state.names[seat]}'s: wait for "
                f"your turn." + (" Put your hero back." if moving else ""),
                f"現在輪到 {state.names[state.turn]}，不是 {state.names[seat]}，請等輪到你。"
                + ("請把英雄放回去。" if moving else ""),
                cards=(self._hero_token[state.heroes[seat]].payload,) if moving else (),
                region="path" if moving else None),)
        return checks[move.kind](state, move)

    def _game_over(self, state: MytheState) -> Violation:
        return _violation("game_over",
                          f"The game is over: {state.names[state.winner]} beat the dragon.",
                          f"遊戲結束了：{state.names[state.winner]} 打敗了紅龍。")

    def _card_problem(self, state: MytheState, payload) -> Violation | None:
        card = self.cards.get(payload) if isinstance(payload, str) else None
        if card is None:
            return _violation("unknown_card", f"{payload!r} is not a Mythe adventure card.",
                              f"{payload!r} 不是俠鼠神抽的冒險卡。", cards=(str(payload),))
        if payload not in self.deck(state.players):
            return _violation("card_not_in_game",
                              f"{card.name.en} stays in the box with {state.players} players.",
                              f"{state.players} 人遊戲不使用「{card.name.zh}」，它應該留在盒子裡。",
                              cards=(payload,))
        if payload in self.on_table(state):
            return _violation("card_already_on_table",
                              f"{card.name.en} is already face up on the table this turn.",
                              f"「{card.name.zh}」這回合已經翻開放在桌上了。", cards=(payload,))
        return None

    def _check_reveal(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        payload = move.get("card")
        if state.phase != START:
            return (_violation(
                "reveal_not_now",
                "Show your sword, shield or fairy at the very start of your turn, before you "
                "draw a card.",
                "劍、盾牌或仙女要在回合一開始、抽第一張牌之前亮出來。",
                cards=(str(payload),), region="reveal"),)
        if state.revealed is not None:
            return (_violation("already_revealed",
                               "You already showed a legendary card this turn: one is enough.",
                               "這回合你已經亮出一張傳奇裝備了，一張就夠了。",
                               cards=(str(payload),), region="reveal"),)
        problem = self._card_problem(state, payload)
        if problem:
            return (problem,)
        card = self.cards[payload]
        if card.type != "legendary":
            return (_violation(
                "reveal_not_legendary",
                f"{card.name.en} is not a sword, shield or fairy: only those help against the "
                f"dragon.",
                f"「{card.name.zh}」不是劍、盾牌或仙女：只有這三種能對抗紅龍。",
                cards=(payload,), region="reveal"),)
        if state.hands[state.turn] == 0:
            return (_violation("reveal_empty_hand", "You have no cards in your hand to show.",
                               "你手上沒有牌可以亮出來。", cards=(payload,), region="reveal"),)
        return ()

    def _check_draw(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        payload = move.get("card")
        if state.phase == SHARE and state.obstacle:
            return (_violation(
                "draw_after_obstacle",
                "You drew an obstacle card: your adventure stops here. No more cards and no "
                "moving this turn.",
                "你抽到了障礙卡：冒險到此為止，這回合不能再抽牌，也不能前進。",
                cards=(str(payload), state.obstacle), region="adventure"),)
        if state.phase not in (START, ADVENTURE):
            then = (self._move_instruction(state) if state.phase == MOVE
                    else Text("now you may give cards away.", "現在可以把牌分給別人。"))
            return (_violation("draw_not_now",
                               f"You already stopped drawing: {then.en}",
                               f"你已經停止抽牌了：{then.zh}",
                               cards=(str(payload),), region="adventure"),)
        problem = self._card_problem(state, payload)
        if problem:
            return (problem,)
        source = move.get("from")
        if source is None:
            if self.cards_left_to_draw(state) <= 0:
                return (_violation("nothing_to_draw", "Nobody else has any cards left to draw.",
                                   "其他人手上都沒有牌可以抽了。", cards=(payload,)),)
            return ()
        if source == DUMMY:
            if state.dummy is None:
                return (_violation("no_dummy_deck",
                                   "Only a 2-player game has an extra deck to draw from.",
                                   "只有兩人遊戲才有額外的牌組可以抽。", cards=(payload,)),)
            if state.dummy == 0:
                return (_violation("draw_from_empty_hand", "The extra deck is empty.",
                                   "額外的牌組已經沒有牌了。", cards=(payload,)),)
            return ()
        if not isinstance(source, int) or isinstance(source, bool) or not (
                0 <= source < state.players):
            return (_violation("unknown_player", f"There is no player {source!r} to draw from.",
                               f"沒有玩家 {source!r} 可以抽牌。", cards=(payload,)),)
        if source == state.turn:
            return (_violation("draw_from_yourself",
                               "Draw from another player's hand, not from your own.",
                               "要從別人的手牌抽，不能抽自己的。", cards=(payload,)),)
        if state.hands[source] == 0:
            return (_violation("draw_from_empty_hand",
                               f"{state.names[source]} has no cards left: draw from someone else.",
                               f"{state.names[source]} 手上沒有牌了，請向別人抽。",
                               cards=(payload,)),)
        return ()

    def _check_stop(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        if state.phase == START:
            return (_violation("stop_before_drawing",
                               "Draw at least one card before you stop.",
                               "停止之前至少要抽一張牌。", region="adventure"),)
        if state.phase != ADVENTURE:
            return (_violation("stop_not_now", "You have already stopped drawing this turn.",
                               "這回合你已經停止抽牌了。"),)
        return ()

    def _move_instruction(self, state: MytheState) -> Text:
        plan = self.plan(state)
        where = self.space_label(plan.stop)
        return Text(f"move your hero to {where.en}.", f"請把英雄移到{where.zh}。")

    def _check_move(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        seat = state.turn
        token = (self._hero_token[state.heroes[seat]].payload,)
        to = move.get("to")
        if state.phase == START:
            return (_violation("move_before_drawing",
                               "Draw adventure cards first: their numbers tell how far you go.",
                               "先抽冒險卡：卡上的數字決定你能走多遠。",
                               cards=token, region="path"),)
        if state.phase == SHARE and state.obstacle:
            here = self.space_label(state.positions[seat])
            return (_violation(
                "no_move_after_obstacle",
                f"You drew an obstacle card, so your hero stays on {here.en} this turn.",
                f"你抽到了障礙卡，所以這回合英雄留在{here.zh}。",
                cards=token + (state.obstacle,), region="path"),)
        if state.phase == SHARE and state.stayed:
            return (_violation("cannot_move", *self._stay_reason(state, self.plan(state)),
                               cards=token, region="path"),)
        if state.phase != ADVENTURE and state.phase != MOVE:
            return (_violation("move_not_now",
                               "Your hero already moved this turn.",
                               "你的英雄這回合已經走過了。", cards=token, region="path"),)
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= self.cheese:
            return (_violation("no_such_space", f"There is no space {to!r} on the path.",
                               f"路上沒有第 {to!r} 格。", cards=token, region="path"),)
        plan = self.plan(state)
        if to == plan.stop:
            if plan.stop == plan.start:
                return (_violation("cannot_move", *self._stay_reason(state, plan),
                                   cards=token, region="path"),)
            return ()
        right = self.space_label(plan.stop)
        if to >= self.dragon and state.revealed is None:
            return (_violation(
                "dragon_needs_legendary",
                f"You must stop before the dragon: show a sword, shield or fairy card at the "
                f"start of your turn to face it. This turn stop on {right.en}.",
                f"你必須停在紅龍前面：要在回合一開始亮出劍、盾牌或仙女卡，才能挑戰紅龍。"
                f"這回合請停在{right.zh}。", cards=token, region="path"),)
        if to == self.cheese:
            return (_violation("no_such_space",
                               f"Nobody stands on the Sacred Cheese: beat the dragon to win it. "
                               f"Stop on {right.en}.",
                               f"沒有人能站在神聖起司上：打敗紅龍才能贏得它。請停在{right.zh}。",
                               cards=token, region="path"),)
        if to < plan.start:
            return (_violation("move_backwards",
                               f"Heroes only go forward. Move to {right.en}.",
                               f"英雄只能往前走。請移到{right.zh}。", cards=token, region="path"),)
        if self.occupied(state, to, seat):
            return (_violation(
                "space_taken",
                f"Another hero stands on {self.space_label(to).en}: you jump over them for "
                f"free but cannot stop there. Stop on {right.en}.",
                f"{self.space_label(to).zh}已經有別的英雄了：你可以免費跳過去，但不能停在那裡。"
                f"請停在{right.zh}。", cards=token, region="path"),)
        why = self._explain(state, plan)
        return (_violation("wrong_space",
                           f"Not there: {why.en} Your hero must stop on {right.en}.",
                           f"不是那一格：{why.zh}你的英雄必須停在{right.zh}。",
                           cards=token, region="path"),)

    def _stay_reason(self, state: MytheState, plan: Plan) -> tuple[str, str]:
        why = self._explain(state, plan)
        here = self.space_label(plan.start)
        return (f"{why.en[:1].upper()}{why.en[1:]} Your hero stays on {here.en}.",
                f"{why.zh}你的英雄留在{here.zh}。")

    def _explain(self, state: MytheState, plan: Plan, with_points: bool = True) -> Text:
        """Why the hero stops where it does, in words a child can follow."""
        en = [f"you have {plan.points} point{'s' if plan.points != 1 else ''}."] if with_points else []
        zh = [f"你有 {plan.points} 點。"] if with_points else []
        if plan.passed:
            names = ", ".join(self.space_label(s).en for s in plan.passed)
            zhn = "、".join(self.space_label(s).zh for s in plan.passed)
            en.append(f"You jump over the hero on {names} for free.")
            zh.append(f"你免費跳過{zhn}上的英雄。")
        if plan.reaches_dragon:
            en.append("That takes you to the dragon!")
            zh.append("足夠走到紅龍那裡！")
        elif plan.blocked_by_dragon:
            en.append("You must stop before the dragon: show a sword, shield or fairy card at "
                      "the start of your turn to face it.")
            zh.append("你必須停在紅龍前面：要在回合一開始亮出劍、盾牌或仙女卡，才能挑戰紅龍。")
            if plan.lost:
                en.append(f"{plan.lost} point{'s are' if plan.lost != 1 else ' is'} lost.")
                zh.append(f"{plan.lost} 點用不到，就浪費了。")
        elif plan.lost:
            nxt = next((s for s in range(plan.stop + 1, self.dragon + 1)
                        if not self.occupied(state, s, state.turn)), None)
            if nxt is not None:
                cost = self.costs[nxt]
                en.append(f"The next free space costs {cost}, but only {plan.lost} "
                          f"point{'s are' if plan.lost != 1 else ' is'} left, so "
                          f"{'they are' if plan.lost != 1 else 'it is'} lost.")
                zh.append(f"下一個空格要 {cost} 點，但只剩 {plan.lost} 點，所以浪費掉了。")
        return Text(" ".join(en), "".join(zh))

    def _final_hands(self, state: MytheState, move: Move):
        """Hand counts after sharing, or the violation explaining why they are impossible."""
        seat = state.turn
        merged = state.hands[seat] + len(state.draws)  # drawn cards go into the hand first
        hands = list(state.hands)
        hands[seat] = merged
        dummy = state.dummy
        if "hands" in move.params:
            return self._confirmed_hands(state, move, hands, dummy)
        give = move.get("give") or {}
        if not isinstance(give, Mapping):
            return _violation("share_bad_count", "Say how many cards each player gets.",
                              "請說明每位玩家拿到幾張牌。")
        if self.unattributed(state):  # unknown sources: only confirmed counts tell the hands
            return _violation(
                "share_needs_hand_counts",
                "Nobody said whose hands this turn's cards came from: count every player's "
                "cards after sharing and enter them.",
                "沒有人說明這回合的牌是從誰手上抽的：請在分牌後數一數每位玩家的牌並輸入。")
        for target, count in give.items():
            if str(target) == DUMMY and dummy is not None:
                index = None
            else:
                try:
                    index = int(target)
                except (TypeError, ValueError):
                    index = -1
                if not 0 <= index < state.players:
                    return _violation("share_bad_target", f"There is no player {target!r}.",
                                      f"沒有玩家 {target!r}。")
                if index == seat:
                    return _violation("share_to_yourself",
                                      "Give cards to the other players, not to yourself.",
                                      "牌要分給其他玩家，不是給自己。")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                return _violation("share_bad_count",
                                  f"{count!r} is not a number of cards.",
                                  f"{count!r} 不是牌的張數。")
            if index is None:
                dummy += count
            else:
                hands[index] += count
            hands[seat] -= count
        if hands[seat] < 0:
            return _violation("share_bad_count",
                              f"You hold only {merged} cards: you cannot give more.",
                              f"你手上只有 {merged} 張牌，不能給更多。")
        return tuple(hands), dummy

    def _confirmed_hands(self, state: MytheState, move: Move, merged_hands: list[int],
                         dummy: int | None):
        seat = state.turn
        given = move.get("hands")
        if (not isinstance(given, (list, tuple)) or len(given) != state.players
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                           for n in given)):
            return _violation("share_bad_count",
                              f"Give the card count of all {state.players} players.",
                              f"請輸入全部 {state.players} 位玩家的手牌數。")
        new_dummy = dummy
        if dummy is not None:
            new_dummy = move.get("dummy", dummy)
            if not isinstance(new_dummy, int) or isinstance(new_dummy, bool) or new_dummy < 0:
                return _violation("share_bad_count", "Give the extra deck's card count.",
                                  "請輸入額外牌組的張數。")
        total = len(self.deck(state.players))
        if sum(given) + (new_dummy or 0) != total:
            return _violation(
                "share_counts_dont_add_up",
                f"These counts add up to {sum(given) + (new_dummy or 0)} cards, but the game "
                f"has {total}: count again.",
                f"這些數字加起來是 {sum(given) + (new_dummy or 0)} 張，但遊戲共有 {total} 張，"
                f"請再數一次。")
        unknown = self.unattributed(state)
        lowest = [max(0, h - unknown) if s != seat else 0 for s, h in enumerate(merged_hands)]
        if given[seat] > merged_hands[seat] or any(
                given[s] < lowest[s] for s in range(state.players)) or (
                new_dummy is not None and new_dummy < max(0, dummy - unknown)):
            return _violation("share_cannot_take",
                              "When you share you only give cards: nobody takes cards back.",
                              "分享時只能把牌給出去，不能把牌拿回來。")
        return tuple(given), new_dummy

    def _check_share(self, state: MytheState, move: Move) -> tuple[Violation, ...]:
        seat = state.turn
        if state.phase == START:
            return (_violation("share_before_drawing",
                               "First draw cards and go on your adventure, then share.",
                               "先抽牌去冒險，之後才分享。"),)
        if state.phase in (ADVENTURE, MOVE):
            plan = self.plan(state)
            if plan.stop != plan.start:
                return (_violation("must_move_first",
                                   f"First {self._move_instruction(state).en}",
                                   f"分享之前，{self._move_instruction(state).zh}",
                                   region="path"),)
        result = self._final_hands(state, move)
        if isinstance(result, Violation):
            return (result,)
        hands, dummy = result
        if hands[seat] == 0:
            return (_violation("share_empty_hand",
                               "Keep at least one card in your own hand.",
                               "你自己手上至少要留一張牌。"),)
        empty = [s for s, h in enumerate(hands) if h == 0]
        if empty:
            who = ", ".join(state.names[s] for s in empty)
            return (_violation(
                "share_empty_hand",
                f"Everyone must keep at least one card: give {who} a card.",
                f"每個人手上至少要有一張牌：請給 {who} 一張牌。"),)
        gave = state.hands[seat] + len(state.draws) - hands[seat]
        if state.share_only_drawn and gave > len(state.draws):
            return (_violation(
                "share_only_drawn",
                f"In this game you may only give away the {len(state.draws)} card"
                f"{'s' if len(state.draws) != 1 else ''} you drew this turn, not {gave}.",
                f"這局使用變體規則：只能分出這回合抽到的 {len(state.draws)} 張牌，不能分出 {gave} 張。"),)
        return ()

    # -- applying moves ---------------------------------------------------------------------
    def _apply(self, state: MytheState, move: Move) -> MytheState:
        if move.kind == "reveal":
            return replace(state, revealed=move["card"])
        if move.kind == "draw":
            return self._apply_draw(state, move)
        if move.kind == "stop":
            return self._stop(state)
        if move.kind == "move":
            return self._apply_move(state, move["to"])
        return self._apply_share(state, move)

    def _apply_draw(self, state: MytheState, move: Move) -> MytheState:
        source = move.get("from")
        hands, dummy = list(state.hands), state.dummy
        if source == DUMMY:
            dummy -= 1
        elif source is not None:
            hands[source] -= 1
        state = replace(state, hands=tuple(hands), dummy=dummy,
                        draws=state.draws + (Draw(move["card"], source),), phase=ADVENTURE)
        if self.cards[move["card"]].type == "obstacle":
            return replace(state, obstacle=move["card"], phase=SHARE)
        if self.cards_left_to_draw(state) <= 0:
            return self._stop(state)  # nobody has a card left: the adventure starts now
        return state

    def _stop(self, state: MytheState) -> MytheState:
        plan = self.plan(state)
        if plan.stop == plan.start:
            return replace(state, phase=SHARE, destination=plan.stop, stayed=True)
        return replace(state, phase=MOVE, destination=plan.stop)

    def _apply_move(self, state: MytheState, to: int) -> MytheState:
        positions = list(state.positions)
        positions[state.turn] = to
        state = replace(state, positions=tuple(positions), destination=to)
        if to == self.dragon:
            return replace(state, phase=OVER, winner=state.turn)
        return replace(state, phase=SHARE)

    def _apply_share(self, state: MytheState, move: Move) -> MytheState:
        hands, dummy = self._final_hands(state, move)
        return replace(state, hands=hands, dummy=dummy, turn=(state.turn + 1) % state.players,
                       turn_number=state.turn_number + 1, phase=START, draws=(), revealed=None,
                       obstacle=None, destination=None, stayed=False)

    # -- status -----------------------------------------------------------------------------
    def is_over(self, state: MytheState) -> bool:
        return state.phase == OVER

    def current_players(self, state: MytheState) -> tuple[int, ...]:
        return () if state.phase == OVER else (state.turn,)

    def legal_moves(self, state: MytheState) -> Iterable[Move]:
        """A finite, representative set of legal moves.

        Hands are secret, so any card not face up could be drawn: one draw is listed per kind
        of card (the first free copy) and per hand. Once a hero can go no further without
        the dragon, only revealing a legendary card is listed at the start of its turn, and
        the first move listed always makes progress, so that random play (and always taking
        the first move) comes to an end.
        """
        if state.phase == OVER:
            return []
        seat = state.turn
        moves: list[Move] = []
        # Progress first: the first move listed always brings the game nearer its end.
        if state.phase == MOVE:
            moves.append(Move("move", seat, {"to": state.destination}))
        if state.phase == ADVENTURE:
            plan = self.plan(state)
            if plan.stop != plan.start:
                moves.append(Move("move", seat, {"to": plan.stop}))
        if state.phase in (START, ADVENTURE):
            reveals = []
            if state.phase == START and state.hands[seat] > 0 and state.revealed is None:
                reveals = [Move("reveal", seat, {"card": p}) for p in self.deck(state.players)
                           if self.cards[p].type == "legendary"]
                if reveals and self._only_dragon_ahead(state):
                    return reveals
            free: dict[str, str] = {}
            shown = self.on_table(state)
            for payload in self.deck(state.players):
                if payload not in shown:
                    free.setdefault(self.cards[payload].card, payload)
            for source in self.sources(state):
                moves += [Move("draw", seat, {"card": p, "from": source}) for p in free.values()]
            moves += reveals
        if state.phase == ADVENTURE:
            moves.append(Move("stop", seat))
        if state.phase == SHARE or (state.phase == ADVENTURE
                                    and self.plan(state).stop == state.positions[seat]):
            moves += self._share_moves(state)
        return [m for m in moves if not self.check(state, m)]

    def _only_dragon_ahead(self, state: MytheState) -> bool:
        seat = state.turn
        return all(self.occupied(state, s, seat)
                   for s in range(state.positions[seat] + 1, self.dragon))

    def _share_moves(self, state: MytheState) -> list[Move]:
        """Keeping everything, plus giving one card to each other hand in turn."""
        seat = state.turn
        moves = []
        if self.unattributed(state):
            hands = [h if s != seat else h + len(state.draws) for s, h in enumerate(state.hands)]
            dummy = state.dummy
            # The counts are unknown: suppose each unknown card came from the next hands round
            # (or, when every hand is empty, from the extra deck).
            for draw in state.draws:
                if draw.source is None:
                    for step in range(1, state.players):
                        other = (seat + step) % state.players
                        if hands[other] > 0:
                            hands[other] -= 1
                            break
                    else:
                        if dummy:
                            dummy -= 1
            # Everyone keeps at least one card: a hand emptied by the draws gets one back.
            for other in range(state.players):
                if other != seat and hands[other] == 0 and hands[seat] > 1:
                    hands[other], hands[seat] = 1, hands[seat] - 1
            params = {"hands": hands}
            if dummy is not None:
                params["dummy"] = dummy
            moves.append(Move("share", seat, params))
            return moves
        targets = [str(s) for s in range(state.players) if s != seat]
        if state.dummy is not None:
            targets.append(DUMMY)
        needy = {str(s): 1 for s in range(state.players) if s != seat and state.hands[s] == 0}
        moves.append(Move("share", seat, {"give": needy}))
        for target in targets:
            give = dict(needy)
            give[target] = give.get(target, 0) + 1
            moves.append(Move("share", seat, {"give": give}))
        return moves

    # -- scoring ----------------------------------------------------------------------------
    def score(self, state: MytheState) -> tuple[SideScore, ...]:
        """Progress along the path: one point per space, the dragon beaten on top."""
        sides = []
        for seat in range(state.players):
            position = state.positions[seat]
            hero = self.hero_label(state, seat)
            where = self.space_label(position)
            lines = [ScoreLine(position, "progress",
                               Text(f"{hero.en} is on {where.en}", f"{hero.zh}在{where.zh}"),
                               (self._hero_token[state.heroes[seat]].payload,))]
            if state.winner == seat:
                card = self.legendary_name(state.revealed)
                lines.append(ScoreLine(1, "dragon",
                                       Text(f"Beat the Red Dragon with the {card.en} and took "
                                            f"the Sacred Cheese",
                                            f"用{card.zh}打敗紅龍，拿回神聖起司"),
                                       (state.revealed,)))
            sides.append(SideScore(f"p{seat}", Text(state.names[seat], state.names[seat]),
                                   (seat,), tuple(lines)))
        return tuple(sides)

    def outcome(self, state: MytheState) -> Outcome | None:
        if state.winner is None:
            return None
        ranking = sorted(range(state.players),
                         key=lambda s: (s != state.winner, -state.positions[s], s))
        name = state.names[state.winner]
        card = self.legendary_name(state.revealed)
        return Outcome((f"p{state.winner}",), tuple(f"p{s}" for s in ranking),
                       Text(f"{name} showed the {card.en}, beat the Red Dragon and won the "
                            f"Sacred Cheese!",
                            f"{name} 亮出{card.zh}，打敗紅龍，贏得神聖起司！"))

    # -- teaching ---------------------------------------------------------------------------
    def hints(self, state: MytheState) -> tuple[Hint, ...]:
        if state.phase == OVER:
            return ()
        seat = state.turn
        name = state.names[seat]
        hints: list[Hint] = []
        if state.phase == START:
            hints.append(Hint(Text(f"{name}: draw a card from another player's hand.",
                                   f"{name}：從其他玩家手中抽一張牌。"), "adventure"))
            if state.revealed is None:
                hints.append(Hint(Text(
                    "Want to face the dragon this turn? Show a sword, shield or fairy card now, "
                    "before drawing. Its number does not count.",
                    "這回合想挑戰紅龍嗎？現在、抽牌之前亮出劍、盾牌或仙女卡。它的數字不算點數。"),
                    "reveal"))
        if state.phase in (ADVENTURE, MOVE):
            plan = self.plan(state)
            where = self.space_label(plan.stop)
            if plan.reaches_dragon:
                text = Text(f"{plan.points} points: you can reach the dragon and win!",
                            f"{plan.points} 點：你可以走到紅龍那裡，贏得勝利！")
            elif plan.stop == plan.start:
                text = Text(f"{plan.points} points: not enough to move yet.",
                            f"{plan.points} 點：還不夠前進。")
            else:
                text = Text(f"{plan.points} points: you can reach {where.en}.",
                            f"{plan.points} 點：你可以走到{where.zh}。")
            if plan.lost or plan.passed or plan.blocked_by_dragon:
                extra = self._explain(state, plan, with_points=False)
                text = Text(f"{text.en} {extra.en}", f"{text.zh}{extra.zh}")
            hints.append(Hint(text, "path", {"points": plan.points, "space": plan.stop,
                                             "lost": plan.lost, "passed": list(plan.passed),
                                             "dragon": plan.reaches_dragon}))
            if state.phase == ADVENTURE:
                left = self.cards_left_to_draw(state)
                hints.append(Hint(Text(
                    f"Draw again ({left} cards left in other hands) or stop and move. An "
                    f"obstacle ends your turn without moving!",
                    f"繼續抽牌（別人手上還有 {left} 張）或停下來前進。抽到障礙這回合就不能走了！"),
                    "adventure", {"cards_left": left}))
            else:
                hints.append(Hint(Text(f"Move your hero to {where.en}.",
                                       f"把英雄移到{where.zh}。"), "path",
                                  {"space": plan.stop}))
        if state.phase == SHARE:
            if state.obstacle:
                hints.append(Hint(Text("Obstacle! Your hero does not move this turn.",
                                       "遇到障礙！這回合英雄不能前進。"), "adventure"))
            rule = (" You may only give cards you drew this turn." if state.share_only_drawn
                    else "")
            rule_zh = "只能分出這回合抽到的牌。" if state.share_only_drawn else ""
            hints.append(Hint(Text(
                f"Put your drawn cards in your hand, then give cards face down if you like. "
                f"Everyone must keep at least one card.{rule}",
                f"把抽到的牌收進手牌，想的話可以把牌面朝下分給別人。每個人至少要留一張牌。{rule_zh}")))
            if state.dummy is not None:
                hints.append(Hint(Text("You may also give cards to the extra deck; then shuffle "
                                       "it, face down.",
                                       "也可以把牌放進額外牌組，放完後把它面朝下洗一洗。")))
        return tuple(hints)

    # -- game log ---------------------------------------------------------------------------
    def describe_move(self, state: MytheState, move: Move) -> Text | None:
        """The move as the table would say it; None for anything that cannot be understood
        (the log then shows the raw move)."""
        name = self._seat_name(state, move.player)
        if name is None:
            return None
        if move.kind == "stop":
            return Text(f"{name} stops drawing", f"{name} 停止抽牌")
        if move.kind == "reveal":
            card = self._card_name(move.get("card"))
            if card is None:
                return None
            return Text(f"{name} shows {card.en} to face the dragon",
                        f"{name} 亮出「{card.zh}」準備挑戰紅龍")
        if move.kind == "draw":
            card = self._card_name(move.get("card"))
            source = move.get("from")
            if card is None:
                return None
            if source is None:
                return Text(f"{name} draws {card.en}", f"{name} 抽到「{card.zh}」")
            hand = self._hand_name(state, source)
            if hand is None:
                return None
            return Text(f"{name} draws {card.en} from {hand.en}",
                        f"{name} 從{hand.zh}抽到「{card.zh}」" if source == DUMMY
                        else f"{name} 從 {hand.zh} 手中抽到「{card.zh}」")
        if move.kind == "move":
            to = move.get("to")
            if not _is_count(to) or to > self.cheese:
                return None
            where = self.space_label(to)
            return Text(f"{name} moves to {where.en}", f"{name} 走到{where.zh}")
        if move.kind == "share":
            return self._describe_share(state, move, name)
        return None

    def _describe_share(self, state: MytheState, move: Move, name: str) -> Text | None:
        if "hands" in move.params:  # the counts the table confirmed after sharing
            hands, dummy = move.get("hands"), move.get("dummy")
            if (not isinstance(hands, (list, tuple)) or len(hands) != state.players
                    or not all(_is_count(n) for n in hands)
                    or not (dummy is None or _is_count(dummy))):
                return None
            en = [f"{state.names[s]} {n}" for s, n in enumerate(hands)]
            zh = list(en)
            if dummy is not None:
                en.append(f"extra deck {dummy}")
                zh.append(f"額外牌組 {dummy}")
            return Text(f"{name} shares cards; cards in hand now: {', '.join(en)}",
                        f"{name} 分完牌；現在手牌張數：{'、'.join(zh)}")
        give = move.get("give") or {}
        if not isinstance(give, Mapping):
            return None
        en, zh = [], []
        for target, count in give.items():
            hand = self._hand_name(state, target)
            if hand is None or not _is_count(count):
                return None
            if count:
                en.append(f"{count} card{'s' if count != 1 else ''} to {hand.en}")
                zh.append(f"給{hand.zh} {count} 張牌" if target == DUMMY
                          else f"給 {hand.zh} {count} 張牌")
        if not en:
            return Text(f"{name} keeps every card and ends the turn",
                        f"{name} 沒有分牌，回合結束")
        return Text(f"{name} gives {' and '.join(en)}", f"{name} {'、'.join(zh)}")

    def _seat_name(self, state: MytheState, seat: Any) -> str | None:
        if not _is_count(seat) or seat >= state.players:
            return None
        return state.names[seat]

    def _card_name(self, payload: Any) -> Text | None:
        card = self.cards.get(payload) if isinstance(payload, str) else None
        return None if card is None else card.name

    def _hand_name(self, state: MytheState, source: Any) -> Text | None:
        """A hand cards come from or go to: a seat (int, or its number as a share key) or the
        2-player extra deck."""
        if source == DUMMY:
            return Text("the extra deck", "額外牌組")
        if isinstance(source, str) and source.isascii() and source.isdecimal():
            source = int(source)
        name = self._seat_name(state, source)
        return None if name is None else Text(name, name)

    def describe(self, state: MytheState) -> dict:
        plan = self.plan(state) if state.phase in (ADVENTURE, MOVE) else None
        return {
            "kind": "mythe",
            "turn": None if state.phase == OVER else state.turn,
            "turn_number": state.turn_number,
            "phase": state.phase,
            "path": [{"index": i, "name": n.to_dict(), "cost": self.costs[i] if 0 < i <= self.dragon
                      else None, "kind": self.data.path.spaces[i].kind}
                     for i, n in enumerate(self.space_names)],
            "heroes": [{"seat": s, "name": state.names[s], "colour": state.heroes[s],
                        "token": self._hero_token[state.heroes[s]].payload,
                        "space": state.positions[s],
                        "space_name": self.space_names[state.positions[s]].to_dict()}
                       for s in range(state.players)],
            "hands": list(state.hands),
            "dummy": state.dummy,
            "unattributed_draws": self.unattributed(state),
            "drawn": [{"card": d.card, "type": self.cards[d.card].type,
                       "value": self.cards[d.card].value, "from": d.source}
                      for d in state.draws],
            "points": self.points(state),
            "revealed": state.revealed,
            "obstacle": state.obstacle,
            "destination": plan.stop if plan else state.destination,
            "lost_points": plan.lost if plan else None,
            "winner": state.winner,
            "share_only_drawn": state.share_only_drawn,
            "unverified": self.data.path.unverified or self.data.deck.unverified,
        }

    def rules_notes(self) -> tuple[Text, ...]:
        notes = []
        if self.data.path.unverified or self.data.deck.unverified:
            notes.append(Text(self.data.note.en, self.data.note.zh))
        notes.append(Text("Hands are secret: the companion counts cards but never knows which "
                          "cards a player holds. Confirm the card counts after sharing.",
                          "手牌是秘密：系統只計算張數，不知道玩家手上是哪些牌。分享後請確認每人的張數。"))
        return tuple(notes)

    # -- camera -----------------------------------------------------------------------------
    def interpret(self, state: MytheState, event: TableEvent,
                  table: Mapping[str, PieceOnTable]) -> Interpretation:
        if isinstance(event, CardRemoved):
            return Interpretation()  # cards going back into a hand are not moves
        piece = self.catalogue.piece(event.payload)
        if piece.kind == "back" or event.face_down:
            return Interpretation()
        region, slot = event.where.region, event.where.slot
        if piece.kind == "token":
            if region != "path" or piece.face.get("type") != "hero":
                return Interpretation()  # the dragon token just sits on its lair
            try:
                space = int(slot[0])
            except (TypeError, ValueError, IndexError):
                return Interpretation()
            colour = piece.face.get("colour")
            if colour not in state.heroes:
                return Interpretation(violations=(_violation(
                    "hero_not_in_game", f"Nobody plays the {piece.name.en} in this game.",
                    f"這局沒有人使用{piece.name.zh}。", cards=(event.payload,), region="path"),))
            seat = state.heroes.index(colour)
            if space == state.positions[seat]:
                return Interpretation()  # where the engine already has it
            return Interpretation(move=Move("move", seat, {"to": space}))
        if region in ("adventure", "reveal") and state.phase == SHARE and not (
                any(d.card == event.payload for d in state.draws)
                or event.payload == state.revealed):
            name = state.names[state.turn]
            return Interpretation(violations=(_violation(
                "turn_not_finished",
                f"{name}'s turn is not finished yet: when {name} is done sharing cards, tell "
                f"the companion, then put this card down again.",
                f"{name} 的回合還沒結束：{name} 分完牌後請告訴系統，再把這張牌重新放下。",
                cards=(event.payload,), region=region),))
        if region == "adventure":
            if any(d.card == event.payload for d in state.draws):
                return Interpretation()  # a drawn card nudged inside the area
            params: dict[str, Any] = {"card": event.payload}
            sources = self.sources(state)
            if len(sources) == 1 and not self.unattributed(state):
                params["from"] = sources[0]
            return Interpretation(move=Move("draw", state.turn, params))
        if region == "reveal":
            if event.payload == state.revealed:
                return Interpretation()
            return Interpretation(move=Move("reveal", state.turn, {"card": event.payload}))
        return Interpretation()


def _violation(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
               region: str | None = None) -> Violation:
    return Violation(code, Text(en, zh), cards, region)


def _is_count(value: Any) -> bool:
    """A whole number of at least 0 (bools are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
