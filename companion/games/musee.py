"""Musée (私藏美術館): paintings placed in rising order in a three-gallery museum.

Rules: ../shared/rules/musee.md. Every number that the rules mark (data) comes from
companion/data/games/musee.json. The engine never sees a hand: it knows which paintings
are on the table, how many cards each player holds and how many are left in the deck.

Moves:
- ``place``       {card, museum, gallery, space}: put a painting in an empty space.
- ``cannot_play`` {}: the player declares they cannot place any card; they stop for good.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ..catalogue import load_game_data
from ..errors import CompanionError, DataFileError
from ..events import CardAdded, CardMoved, CardRemoved, PieceOnTable, TableEvent
from ..model import Hint, Move, Outcome, ScoreLine, Setup, SideScore, Text, Violation
from .base import Game, GameInfo, Interpretation


# -- data file ------------------------------------------------------------------------------
class _SetupData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first_card: int = Field(ge=1)
    last_card: int = Field(ge=1)
    teams: bool
    spaces: int = Field(ge=1, le=12)
    hand: int = Field(ge=1)
    staircases_per_row: tuple[int, int]
    first_game_staircases: tuple[list[int], list[int]]
    stop_drawing_at: int = Field(ge=0)
    partner_may_play_at: int | None = None


class _Scoring(BaseModel):
    model_config = ConfigDict(extra="forbid")
    per_painting: int
    per_neighbour_pair: int
    per_staircase: int
    gallery_bonus: int


class _MuseeData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    themes: dict
    galleries: list[dict[str, str]] = Field(min_length=3, max_length=3)
    setups: dict[str, _SetupData]
    scoring: _Scoring
    match_wins_needed: int = Field(ge=1)


def _load_data() -> _MuseeData:
    data = load_game_data("musee", _MuseeData)
    themes = data.themes.get("by_remainder_of_5", {})
    if sorted(themes) != ["0", "1", "2", "3", "4"]:
        raise DataFileError("games/musee.json: themes.by_remainder_of_5 needs keys 0-4")
    for setup in data.setups.values():
        for row, count in zip(setup.first_game_staircases, setup.staircases_per_row):
            if len(row) != count:
                raise DataFileError("games/musee.json: first_game_staircases does not match "
                                    "staircases_per_row")
    return data


# -- state ----------------------------------------------------------------------------------
Grid = tuple[tuple[int | None, ...], ...]  # [gallery][space] -> painting number or None


@dataclass(frozen=True)
class MuseeState:
    players: int
    names: tuple[str, ...]
    teams: bool
    museums: tuple[Grid, ...]
    staircases: tuple[frozenset[int], frozenset[int]]  # 0-based columns in T1 and T2
    turn: int  # seat whose turn it is
    hands: tuple[int, ...]  # cards in each hand (counts only: hands are hidden)
    deck: int  # cards left in the draw deck
    declared: frozenset[int]  # seats that said "I cannot play"
    bonuses: tuple[int | None, ...]  # per gallery: the museum that took its bonus
    placed: tuple[tuple[int, int], ...]  # (seat, number) in the order they were placed
    finished: bool = False


GALLERY_COUNT = 3
TOKEN_ROWS = 2


class Musee(Game):
    info = GameInfo(
        slug="musee",
        name=Text("Musée", "私藏美術館"),
        aliases=("musee", "Musée", "museum", "私藏美術館"),
        player_counts=(2, 3, 4),
        payload_prefix="MU",
        summary=Text(
            "Hang paintings in your museum so that numbers rise from left to right in every "
            "gallery; score neighbours and staircases of the same theme.",
            "把畫作掛進自己的美術館，每層展覽廳的數字都要由左到右遞增；相鄰同主題與樓梯兩端同主題可以得分。"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.data = _load_data()
        self._theme_of_remainder = {int(k): v for k, v in
                                    self.data.themes["by_remainder_of_5"].items()}
        self._number_of_payload = {p.payload: int(p.face["number"]) for p in self.catalogue.cards}
        self._payload_of_number = {n: p for p, n in self._number_of_payload.items()}

    # -- helpers named after the rulebook ---------------------------------------------------
    def theme(self, number: int) -> str:
        return self._theme_of_remainder[number % 5]

    def theme_label(self, theme: str) -> Text:
        label = self.data.themes["labels"].get(theme, {})
        return Text(label.get("en", theme), label.get("zh-TW", theme))

    def gallery_name(self, gallery: int) -> Text:
        names = self.data.galleries[gallery]
        return Text(names["en"], names["zh-TW"])

    def payload(self, number: int) -> str:
        return self._payload_of_number[number]

    def _setup_data(self, players: int) -> _SetupData:
        return self.data.setups[str(players)]

    def cards_in_use(self, state: MuseeState) -> range:
        setup = self._setup_data(state.players)
        return range(setup.first_card, setup.last_card + 1)

    def pieces_in_play(self, state: MuseeState) -> frozenset[str]:
        used = self.cards_in_use(state)
        return frozenset(p.payload for p in self.catalogue.pieces
                         if p.kind != "card" or self._number_of_payload.get(p.payload) in used)

    def museum_of(self, state: MuseeState, seat: int) -> int:
        """Each player has a museum; with 4 players, partners (seats 0+2, 1+3) share one."""
        return seat % 2 if state.teams else seat

    def seats_of_museum(self, state: MuseeState, museum: int) -> tuple[int, ...]:
        return tuple(s for s in range(state.players) if self.museum_of(state, s) == museum)

    def partner(self, state: MuseeState, seat: int) -> int | None:
        return (seat + 2) % 4 if state.teams else None

    @staticmethod
    def _museum_full(grid: Grid) -> bool:
        return all(n is not None for row in grid for n in row)

    def is_stopped(self, state: MuseeState, seat: int) -> bool:
        """A seat stops when it declared it cannot play, its museum is full, or its hand is empty."""
        return (seat in state.declared
                or self._museum_full(state.museums[self.museum_of(state, seat)])
                or state.hands[seat] == 0)

    def partner_may_play(self, state: MuseeState) -> bool:
        limit = self._setup_data(state.players).partner_may_play_at
        partner = self.partner(state, state.turn)
        # Only while the last cards (one per team) are still to be drawn: not earlier, and
        # not once the deck has run out.
        return (limit is not None and partner is not None and 0 < state.deck <= limit
                and not self.is_stopped(state, partner))

    @staticmethod
    def allowed_range(row: tuple[int | None, ...], space: int) -> tuple[int, int]:
        """Numbers a space can take: above every painting to its left, below every one to its right."""
        left = [n for n in row[:space] if n is not None]
        right = [n for n in row[space + 1:] if n is not None]
        return (max(left) + 1 if left else 1, min(right) - 1 if right else 10 ** 6)

    # -- set-up -----------------------------------------------------------------------------
    def new_game(self, setup: Setup) -> MuseeState:
        self.validate_setup(setup)
        data = self._setup_data(setup.players)
        unknown = set(setup.options) - {"staircases"}
        if unknown:
            raise CompanionError(f"Musée has no set-up option {sorted(unknown)[0]!r}; "
                                 f"the only one is 'staircases'")
        staircases = self._parse_staircases(setup.options.get("staircases"), data)
        museum_count = 2 if data.teams else setup.players
        empty: Grid = tuple(tuple(None for _ in range(data.spaces)) for _ in range(GALLERY_COUNT))
        dealt = data.hand * setup.players
        deck = data.last_card - data.first_card + 1 - dealt
        return MuseeState(
            players=setup.players, names=setup.names, teams=data.teams,
            museums=tuple(empty for _ in range(museum_count)), staircases=staircases, turn=0,
            hands=tuple(data.hand for _ in range(setup.players)), deck=deck,
            declared=frozenset(), bonuses=(None,) * GALLERY_COUNT, placed=())

    def _parse_staircases(self, option, data: _SetupData) -> tuple[frozenset[int], frozenset[int]]:
        """Staircase columns (1-based, as players count them) for T1 and T2."""
        rows = data.first_game_staircases if option is None else option
        if isinstance(rows, Mapping):
            rows = [rows.get("T1"), rows.get("T2")]
        if (not isinstance(rows, (list, tuple)) or len(rows) != TOKEN_ROWS
                or not all(isinstance(r, (list, tuple)) for r in rows)):
            raise CompanionError("option 'staircases' must list the staircase columns of both "
                                 "token rows, e.g. {\"T1\": [2, 4, 6], \"T2\": [1, 3, 5]}")
        parsed = []
        for index, (row, count) in enumerate(zip(rows, data.staircases_per_row)):
            columns = set()
            for column in row:
                if not isinstance(column, int) or not 1 <= column <= data.spaces:
                    raise CompanionError(f"staircase column {column!r} in T{index + 1} must be "
                                         f"between 1 and {data.spaces}")
                columns.add(column - 1)
            if len(columns) != count:
                raise CompanionError(f"token row T{index + 1} needs {count} different "
                                     f"staircase columns, got {list(row)}")
            parsed.append(frozenset(columns))
        return parsed[0], parsed[1]

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: MuseeState, move: Move) -> tuple[Violation, ...]:
        if move.kind == "place":
            return self._check_place(state, move)
        if move.kind == "cannot_play":
            return self._check_turn(state, move.player, allow_partner=False)
        return (_violation("unknown_move", f"Musée has no move called {move.kind!r}.",
                           f"私藏美術館沒有「{move.kind}」這個動作。"),)

    def _check_turn(self, state: MuseeState, seat, allow_partner: bool) -> tuple[Violation, ...]:
        if self.is_over(state):
            return (_violation("game_over", "The game is over: nobody can place any more.",
                               "遊戲已經結束，沒有人能再放畫了。"),)
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            return (_violation("unknown_player", f"There is no player {seat!r} in this game.",
                               f"這場遊戲沒有玩家 {seat!r}。"),)
        name = state.names[seat]
        if seat in state.declared:
            return (_violation("player_stopped",
                               f"{name} said they cannot play, so they sit out the rest of the game.",
                               f"{name} 已宣告無法出牌，本局剩下的時間都不能再出牌。"),)
        if seat != state.turn:
            if seat == self.partner(state, state.turn):
                if allow_partner and self.partner_may_play(state):
                    return ()
                turn = state.names[state.turn]
                limit = self._setup_data(state.players).partner_may_play_at
                return (_violation("out_of_turn",
                                   f"It is {turn}'s turn. {name} may play in place of their "
                                   f"teammate only while the deck is down to its last {limit} "
                                   f"cards (one per team); there are {state.deck} now.",
                                   f"現在輪到 {turn}。只有牌堆剩最後 {limit} 張（每隊一張）時，{name} "
                                   f"才可以代替隊友出牌；現在牌堆有 {state.deck} 張。"),)
            return (_violation("out_of_turn",
                               f"It is {state.names[state.turn]}'s turn, not {name}'s.",
                               f"現在輪到 {state.names[state.turn]}，不是 {name}。"),)
        return ()

    def _check_place(self, state: MuseeState, move: Move) -> tuple[Violation, ...]:
        problems = self._check_turn(state, move.player, allow_partner=True)
        if problems:
            return problems
        seat = move.player
        payload = move.get("card")
        number = self._number_of_payload.get(payload) if isinstance(payload, str) else None
        if number is None:
            return (_violation("unknown_card", f"{payload!r} is not a Musée painting.",
                               f"{payload!r} 不是私藏美術館的畫作卡。", cards=(str(payload),)),)
        if number not in self.cards_in_use(state):
            used = self.cards_in_use(state)
            return (_violation("card_not_in_game",
                               f"Painting {number} is not used with {state.players} players "
                               f"(only {used.start}–{used.stop - 1}).",
                               f"{state.players} 人遊戲不使用畫作 {number}（只用 {used.start}–{used.stop - 1}）。",
                               cards=(payload,)),)
        if any(n == number for _, n in state.placed):
            return (_violation("card_already_placed",
                               f"Painting {number} is already hanging in a museum.",
                               f"畫作 {number} 已經掛在美術館裡了。", cards=(payload,)),)
        if state.hands[seat] == 0:
            return (_violation("hand_empty", f"{state.names[seat]} has no cards left in hand.",
                               f"{state.names[seat]} 手上已經沒有牌了。", cards=(payload,)),)
        museum, gallery, space = move.get("museum"), move.get("gallery"), move.get("space")
        spaces = self._setup_data(state.players).spaces
        if not (isinstance(museum, int) and 0 <= museum < len(state.museums)
                and isinstance(gallery, int) and 0 <= gallery < GALLERY_COUNT
                and isinstance(space, int) and 0 <= space < spaces):
            return (_violation("no_such_space", "That is not a space of any museum in this game.",
                               "這不是本局任何美術館裡的空格。", cards=(payload,)),)
        region = f"museum{museum}"
        own = self.museum_of(state, seat)
        if museum != own:
            return (_violation("wrong_museum",
                               f"{state.names[seat]} must hang paintings in their own museum, "
                               f"not in {self._museum_label(state, museum)}.",
                               f"{state.names[seat]} 只能把畫掛在自己的美術館，不能掛在"
                               f"{self._museum_label(state, museum, 'zh')}。",
                               cards=(payload,), region=region),)
        row = state.museums[museum][gallery]
        gallery_name = self.gallery_name(gallery)
        if row[space] is not None:
            other = row[space]
            return (_violation("space_occupied",
                               f"That space in the {gallery_name.en} already holds painting {other}.",
                               f"{gallery_name.zh}的這個位置已經有畫作 {other} 了。",
                               cards=(payload, self.payload(other)), region=region),)
        higher_left = [n for n in row[:space] if n is not None and n > number]
        if higher_left:
            blocker = max(higher_left)
            return (_violation("numbers_must_rise",
                               f"{number} cannot go right of {blocker} in the {gallery_name.en}: "
                               f"numbers must rise from left to right.",
                               f"{number} 不能放在{gallery_name.zh}的 {blocker} 右邊：數字必須由左到右遞增。",
                               cards=(payload, self.payload(blocker)), region=region),)
        lower_right = [n for n in row[space + 1:] if n is not None and n < number]
        if lower_right:
            blocker = min(lower_right)
            return (_violation("numbers_must_rise",
                               f"{number} cannot go left of {blocker} in the {gallery_name.en}: "
                               f"numbers must rise from left to right.",
                               f"{number} 不能放在{gallery_name.zh}的 {blocker} 左邊：數字必須由左到右遞增。",
                               cards=(payload, self.payload(blocker)), region=region),)
        return ()

    def _museum_label(self, state: MuseeState, museum: int, lang: str = "en") -> str:
        owners = " & ".join(state.names[s] for s in self.seats_of_museum(state, museum))
        return f"{owners}'s museum" if lang == "en" else f"{owners} 的美術館"

    def _apply(self, state: MuseeState, move: Move) -> MuseeState:
        if move.kind == "cannot_play":
            return self._advance(replace(state, declared=state.declared | {move.player}))
        seat, number = move.player, self._number_of_payload[move["card"]]
        museum, gallery, space = move["museum"], move["gallery"], move["space"]
        grid = [list(row) for row in state.museums[museum]]
        grid[gallery][space] = number
        museums = list(state.museums)
        museums[museum] = tuple(tuple(row) for row in grid)
        bonuses = list(state.bonuses)
        if bonuses[gallery] is None and all(n is not None for n in grid[gallery]):
            bonuses[gallery] = museum  # first to fill this gallery takes its bonus card
        hands, deck = list(state.hands), state.deck
        hands[seat] -= 1
        if deck > self._setup_data(state.players).stop_drawing_at:
            hands[seat] += 1
            deck -= 1
        placed = replace(state, museums=tuple(museums), bonuses=tuple(bonuses),
                         hands=tuple(hands), deck=deck, placed=state.placed + ((seat, number),))
        return self._advance(placed)

    def _advance(self, state: MuseeState) -> MuseeState:
        """Pass the turn clockwise to the next player who can still play."""
        for step in range(1, state.players + 1):
            seat = (state.turn + step) % state.players
            if not self.is_stopped(state, seat):
                return replace(state, turn=seat)
        return replace(state, finished=True)

    def is_over(self, state: MuseeState) -> bool:
        return state.finished

    def current_players(self, state: MuseeState) -> tuple[int, ...]:
        if state.finished:
            return ()
        seats = [state.turn]
        if self.partner_may_play(state):
            seats.append(self.partner(state, state.turn))
        return tuple(seats)

    def legal_moves(self, state: MuseeState) -> Iterable[Move]:
        if state.finished:
            return
        placed = {n for _, n in state.placed}
        free = [n for n in self.cards_in_use(state) if n not in placed]
        for seat in self.current_players(state):
            if seat == state.turn:
                yield Move("cannot_play", seat)
            museum = self.museum_of(state, seat)
            for gallery, row in enumerate(state.museums[museum]):
                for space, held in enumerate(row):
                    if held is not None:
                        continue
                    low, high = self.allowed_range(row, space)
                    for number in free:
                        if low <= number <= high:
                            yield Move("place", seat, {"card": self.payload(number), "museum": museum,
                                                       "gallery": gallery, "space": space})

    # -- scoring ----------------------------------------------------------------------------
    def _side_id(self, state: MuseeState, museum: int) -> str:
        return f"team{museum}" if state.teams else f"p{museum}"

    def score(self, state: MuseeState) -> tuple[SideScore, ...]:
        points = self.data.scoring
        sides = []
        for museum, grid in enumerate(state.museums):
            lines: list[ScoreLine] = []
            for gallery, row in enumerate(grid):
                gname = self.gallery_name(gallery)
                hung = [n for n in row if n is not None]
                if hung:
                    lines.append(ScoreLine(
                        points.per_painting * len(hung), "paintings",
                        Text(f"{len(hung)} painting{'s' if len(hung) > 1 else ''} in the {gname.en}",
                             f"{gname.zh}有 {len(hung)} 幅畫"),
                        tuple(self.payload(n) for n in hung)))
                for left, right in zip(row, row[1:]):
                    if left is not None and right is not None and self.theme(left) == self.theme(right):
                        theme = self.theme_label(self.theme(left))
                        lines.append(ScoreLine(
                            points.per_neighbour_pair, "neighbours",
                            Text(f"{left} and {right} side by side in the {gname.en}, both {theme.en}",
                                 f"{gname.zh}的 {left} 和 {right} 相鄰，都是{theme.zh}"),
                            (self.payload(left), self.payload(right))))
            for token_row, columns in enumerate(state.staircases):
                for column in sorted(columns):
                    above, below = grid[token_row][column], grid[token_row + 1][column]
                    if above is not None and below is not None and self.theme(above) == self.theme(below):
                        theme = self.theme_label(self.theme(above))
                        lines.append(ScoreLine(
                            points.per_staircase, "staircase",
                            Text(f"Staircase T{token_row + 1}, column {column + 1}, links {above} "
                                 f"and {below}, both {theme.en}",
                                 f"第 {token_row + 1} 列第 {column + 1} 欄的樓梯連接 {above} 和 {below}，都是{theme.zh}"),
                            (self.payload(above), self.payload(below))))
            for gallery, holder in enumerate(state.bonuses):
                if holder == museum:
                    gname = self.gallery_name(gallery)
                    lines.append(ScoreLine(points.gallery_bonus, "gallery_bonus",
                                           Text(f"First to fill the {gname.en}",
                                                f"最先填滿{gname.zh}的獎勵卡")))
            members = self.seats_of_museum(state, museum)
            label = " & ".join(state.names[s] for s in members)
            sides.append(SideScore(self._side_id(state, museum), Text(label, label), members,
                                   tuple(lines)))
        return tuple(sides)

    def outcome(self, state: MuseeState) -> Outcome | None:
        if not state.finished:
            return None
        scores = self.score(state)

        def key(side: SideScore):
            museum = scores.index(side)
            paintings = sum(n is not None for row in state.museums[museum] for n in row)
            bonus = sum(1 for holder in state.bonuses if holder == museum)
            return (side.total, paintings, bonus)

        ranked = sorted(scores, key=key, reverse=True)
        best = key(ranked[0])
        winners = tuple(s.side for s in ranked if key(s) == best)
        names = " & ".join(s.label.en for s in ranked if key(s) == best)
        top_score_tied = [s for s in ranked if s.total == ranked[0].total]
        tie_break = None
        if len(top_score_tied) > 1:
            if len(winners) > 1:
                tie_break = Text(
                    f"Tied on {best[0]} points, {best[1]} paintings and {best[2]} bonus cards: "
                    f"the win is shared.",
                    f"同為 {best[0]} 分、{best[1]} 幅畫、{best[2]} 張獎勵卡：共同獲勝。")
            elif key(top_score_tied[0])[1] != key(top_score_tied[1])[1]:
                tie_break = Text(f"Tied on {best[0]} points; {names} placed more paintings ({best[1]}).",
                                 f"同為 {best[0]} 分；{names} 放了較多畫作（{best[1]} 幅）。")
            else:
                tie_break = Text(f"Tied on {best[0]} points and paintings; {names} has more bonus "
                                 f"cards ({best[2]}).",
                                 f"分數與畫作數相同；{names} 有較多獎勵卡（{best[2]} 張）。")
        if len(winners) > 1:
            explanation = Text(f"{names} share the win with {best[0]} points.",
                               f"{names} 以 {best[0]} 分共同獲勝。")
        else:
            verb = "win" if " & " in names else "wins"
            explanation = Text(f"{names} {verb} with {best[0]} points.", f"{names} 以 {best[0]} 分獲勝。")
        return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)

    # -- teaching ---------------------------------------------------------------------------
    def hints(self, state: MuseeState) -> tuple[Hint, ...]:
        if state.finished:
            return ()
        placed = {n for _, n in state.placed}
        used = self.cards_in_use(state)
        museum = self.museum_of(state, state.turn)
        name = state.names[state.turn]
        hints = []
        for gallery, row in enumerate(state.museums[museum]):
            gname = self.gallery_name(gallery)
            for space, held in enumerate(row):
                if held is not None:
                    continue
                low, high = self.allowed_range(row, space)
                low, high = max(low, used.start), min(high, used.stop - 1)
                open_numbers = [n for n in range(low, high + 1) if n not in placed]
                if open_numbers:
                    text = Text(f"{gname.en}, space {space + 1}: any number from {low} to {high} "
                                f"({len(open_numbers)} paintings still possible)",
                                f"{gname.zh}第 {space + 1} 格：可放 {low} 到 {high}（還有 {len(open_numbers)} 張可能）")
                else:
                    text = Text(f"{gname.en}, space {space + 1}: no painting can go here any more",
                                f"{gname.zh}第 {space + 1} 格：已經沒有畫作能放這裡")
                hints.append(Hint(text, f"museum{museum}",
                                  {"gallery": gallery, "space": space, "low": low, "high": high,
                                   "count": len(open_numbers)}))
        hints.append(Hint(Text(f"{name}: if no card in your hand fits any space, say \"I cannot "
                               f"play\"; you then stop for the rest of the game.",
                               f"{name}：如果手上沒有任何牌能放進空格，請宣告「我無法出牌」，之後本局就不再出牌。")))
        if self.partner_may_play(state):
            partner = state.names[self.partner(state, state.turn)]
            hints.append(Hint(Text(f"The deck is nearly empty: {name} may let {partner} play this turn.",
                                   f"牌堆快沒了：{name} 可以讓隊友 {partner} 代替出這一回合。")))
        return tuple(hints)

    def describe_move(self, state: MuseeState, move: Move) -> Text | None:
        seat = move.player
        name = state.names[seat] if isinstance(seat, int) and 0 <= seat < state.players else "?"
        if move.kind == "cannot_play":
            return Text(f"{name} cannot play and stops", f"{name} 無法出牌，停止出牌")
        card, gallery, space = move.get("card"), move.get("gallery"), move.get("space")
        number = self._number_of_payload.get(card) if isinstance(card, str) else None
        if (move.kind != "place" or number is None or not isinstance(gallery, int)
                or gallery not in range(GALLERY_COUNT) or not isinstance(space, int)):
            return None
        theme, where = self.theme_label(self.theme(number)), self.gallery_name(gallery)
        return Text(f"{name} hangs {number} ({theme.en}) in the {where.en}, space {space + 1}",
                    f"{name} 把 {number}（{theme.zh}）掛在{where.zh}第 {space + 1} 格")

    def describe(self, state: MuseeState) -> dict:
        museums = []
        for index, grid in enumerate(state.museums):
            museums.append({
                "index": index,
                "region": f"museum{index}",
                "seats": list(self.seats_of_museum(state, index)),
                "galleries": [[None if n is None else
                               {"card": self.payload(n), "number": n, "theme": self.theme(n)}
                               for n in row] for row in grid],
                "tokens": [["staircase" if c in cols else "chandelier"
                            for c in range(len(grid[0]))] for cols in state.staircases],
            })
        return {
            "kind": "musee",
            "turn": None if state.finished else state.turn,
            "museums": museums,
            "hands": list(state.hands),
            "deck": state.deck,
            "stopped": [s for s in range(state.players) if self.is_stopped(state, s)],
            "declared": sorted(state.declared),
            "bonuses": [None if b is None else self._side_id(state, b) for b in state.bonuses],
            "gallery_names": [self.gallery_name(g).to_dict() for g in range(GALLERY_COUNT)],
            "themes": {k: {"en": v["en"], "zh-TW": v["zh-TW"], "colour": v.get("colour")}
                       for k, v in self.data.themes["labels"].items()},
            "partner_may_play": self.partner_may_play(state),
            "placed": [{"seat": s, "card": self.payload(n), "number": n} for s, n in state.placed],
        }

    # -- camera -----------------------------------------------------------------------------
    def interpret(self, state: MuseeState, event: TableEvent,
                  table: Mapping[str, PieceOnTable]) -> Interpretation:
        piece = self.catalogue.piece(event.payload)
        if piece.kind == "token":
            return self._interpret_token(state, event, piece.face)
        number = int(piece.face["number"])
        location = self._placed_location(state, number)
        if isinstance(event, CardRemoved):
            if location is None:
                return Interpretation()  # a card that was never accepted left the table
            return Interpretation(violations=(self._moved_violation(state, number, location),))
        target = self._slot_of(event)
        twins = [p for tid, p in table.items() if p.payload == event.payload and tid != event.track_id]
        if isinstance(event, CardAdded) and twins:
            return Interpretation(violations=(_violation(
                "duplicate_card",
                f"Painting {number} is on the table twice: was the same card printed twice? "
                f"Take one copy away.",
                f"畫作 {number} 在桌上出現了兩次：是不是同一張卡印了兩份？請拿走其中一張。",
                cards=(event.payload,)),))
        if location is not None:
            if target == location:
                return Interpretation(note=Text(f"Painting {number} is back in its space.",
                                                f"畫作 {number} 已放回原位。"))
            return Interpretation(violations=(self._moved_violation(state, number, location),))
        if target is None:
            return Interpretation()  # a painting lying outside every museum is not a move
        museum, gallery, space = target
        seat = state.turn
        return Interpretation(move=Move("place", seat, {"card": event.payload, "museum": museum,
                                                        "gallery": gallery, "space": space}))

    @staticmethod
    def _slot_of(event: CardAdded | CardMoved) -> tuple[int, int, int] | None:
        region, slot = event.where.region, event.where.slot
        if not region or not region.startswith("museum") or region.endswith("-tokens"):
            return None
        try:
            return int(region[len("museum"):]), int(slot[0]), int(slot[1])
        except (TypeError, ValueError, IndexError):
            return None

    def _placed_location(self, state: MuseeState, number: int) -> tuple[int, int, int] | None:
        for museum, grid in enumerate(state.museums):
            for gallery, row in enumerate(grid):
                if number in row:
                    return museum, gallery, row.index(number)
        return None

    def _moved_violation(self, state: MuseeState, number: int,
                         location: tuple[int, int, int]) -> Violation:
        museum, gallery, space = location
        gname = self.gallery_name(gallery)
        return _violation(
            "painting_moved",
            f"Painting {number} left its space: placed paintings never move. Put it back in the "
            f"{gname.en}, space {space + 1}.",
            f"畫作 {number} 離開了原位：已放好的畫作不能移動。請把它放回{gname.zh}第 {space + 1} 格。",
            cards=(self.payload(number),), region=f"museum{museum}")

    def _interpret_token(self, state: MuseeState, event: TableEvent, face: Mapping) -> Interpretation:
        """Tokens do not move play forward; they only prove the staircases are set up alike."""
        if isinstance(event, CardRemoved):
            return Interpretation()
        region, slot = event.where.region, event.where.slot
        if not region or not region.endswith("-tokens") or not slot or len(slot) < 2:
            return Interpretation()
        row, column = int(slot[0]), int(slot[1])
        if not 0 <= row < TOKEN_ROWS:
            return Interpretation()
        expected = "staircase" if column in state.staircases[row] else "chandelier"
        if face.get("side") == expected:
            return Interpretation()
        museum = region[: -len("-tokens")]
        return Interpretation(violations=(_violation(
            "staircases_differ",
            f"Token row T{row + 1}, column {column + 1} of {museum} shows a {face.get('side')}, "
            f"but the staircases chosen at set-up put a {expected} there; every museum must have "
            f"the same staircases.",
            f"{museum} 第 {row + 1} 列標記第 {column + 1} 欄是{_SIDE_ZH[face.get('side')]}，但開局選定這裡應該是"
            f"{_SIDE_ZH[expected]}；每座美術館的樓梯位置必須相同。",
            cards=(event.payload,), region=region),))


_SIDE_ZH = {"staircase": "樓梯", "chandelier": "吊燈", None: "標記"}


def _violation(code: str, en: str, zh: str, cards: tuple[str, ...] = (),
               region: str | None = None) -> Violation:
    return Violation(code, Text(en, zh), cards, region)
