"""Set-up: the box (data file, set-up options), the first state, and the
dealer turning up the starting cards (the `reveal` move).

Every number the rules mark (data) comes from companion/data/games/cardcassonne.json; the
animal and building tables there are placeholders marked unverified. All 130 cards are used
in every game (10 set-up cards plus the hands of all rounds), so a payload appears only once.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from ...catalogue import load_game_data
from ...errors import CompanionError, DataFileError
from ...model import Move, Setup, Violation
from ...validation import Context, Int, ListOf, Optional, Seat, Str
from ..moves import MoveRule
from .log import Words
from .state import JOKERS, CardcassonneState, Holdings, Slot
from .words import refuse

# The most cards one collection can hold: 9 animals + 4 animal jokers, 5 buildings + 4 jokers.
MOST_ANIMALS, MOST_BUILDINGS = 13, 9


# -- the data file --------------------------------------------------------------------------
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


# -- what companion.validation checks at the boundary ---------------------------------------
def row_colours(ctx: Context) -> tuple[str, ...]:
    return ctx.game.row_colours


def last_position(ctx: Context) -> int:
    """No row can be longer than every card and follower of the game in one line."""
    return len(ctx.game.catalogue.pieces) - 1


ROW = Str(row_colours)
POSITION = Int(0, last_position)
OPTIONS = {"dealer": Seat(),
           "colours": ListOf(Str(lambda c: tuple(c.game._follower_of_colour)),
                             lambda c: c.players, lambda c: c.players, distinct=True)}


# -- the first state --------------------------------------------------------------------------
class TheBox:
    """The game's start: set-up options checked, hands and rounds from the data file."""

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
        colours = self._player_colours_of(setup)
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

    def _player_colours_of(self, setup: Setup) -> list[str]:
        colours = setup.options.get("colours")
        if colours is None:
            colours = [c.colour for c in self.data.player_colours][: setup.players]
        if (not isinstance(colours, (list, tuple)) or len(colours) != setup.players
                or len(set(colours)) != len(colours)
                or any(c not in self._follower_of_colour for c in colours)):
            known = ", ".join(self._follower_of_colour)
            raise CompanionError(f"option 'colours' must give each of the {setup.players} players "
                                 f"a different colour from: {known}")
        return colours


# -- the dealer turns up the starting cards ---------------------------------------------------
class Reveal:
    """`reveal` {card, row?, position?}: the dealer turns a card up at the end of its row
    (a joker needs the row the dealer chose)."""

    def _check_reveal(self, state: CardcassonneState, move: Move) -> tuple[Violation, ...]:
        if state.phase != "setup":
            return self._wrong_phase(state)
        if move.player is not None and move.player != state.dealer:
            return (refuse("not_the_dealer", dealer=state.names[state.dealer]),)
        payload = move.get("card")
        problems = self._check_card(state, payload)
        if problems:
            return problems
        face = self.face(payload)
        colour = move.get("row")
        joker = face["type"] in JOKERS
        if joker and colour is None:
            return (refuse("joker_needs_row", cards=(payload,)),)
        colour = face["colour"] if colour is None else colour
        problems = self._check_row(colour)
        if problems:
            return problems
        if not joker and colour != face["colour"]:
            return (self._wrong_row(payload, colour),)
        return self._check_end_of_row(state, colour, move.get("position"), "card", (payload,))

    def _do_reveal(self, state: CardcassonneState, move: Move) -> CardcassonneState:
        payload = move["card"]
        colour = move.get("row") or self.face(payload)["colour"]
        state = self._add_slot(state, colour, Slot("card", payload))
        state = replace(state, seen=state.seen | {payload})
        if self.revealed_setup_cards(state) >= self.data.setup_cards:
            state = replace(state, phase="play", round=1, turn=(state.dealer + 1) % state.players)
        return state


RULES = (
    # the dealer turns up the starting cards; the seat may be left out
    MoveRule(name="reveal", player="any",
             fields={"card": Str(), "row": ROW, "position": Optional(POSITION)},
             required=("card",), check=Reveal._check_reveal, effect=Reveal._do_reveal,
             describe=Words._words_reveal),
)
