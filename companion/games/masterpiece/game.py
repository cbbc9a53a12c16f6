"""The Masterpiece game: one class composed of the rulebook's parts (each in its own module).

Rules: /work/shared/rules/masterpiece.md. The companion is the banker and the auction
referee. Which module holds what: state (where the game stands, what the table may see),
setup (the box, data tables, options, first state), turns (phases, who acts, the end of a turn),
deal / spaces / auction / bids (each move kind's fields, check and effect side by side),
payments (the ledger, fines, holdings), scoring, teach (legal moves and hints), words
(money, names), log (each move in words), camera (the mat's regions, table events to moves).
"""

from __future__ import annotations

from ...model import Text
from ..base import Game, GameInfo
from ..moves import MoveBook
from . import auction, bids, deal, spaces
from .auction import Auctions
from .bids import Bidding
from .camera import CameraReading
from .deal import Dealing
from .payments import Payments
from .scoring import Scoring
from .setup import TheBox, _load_data
from .spaces import Spaces
from .state import StateView
from .teach import Teaching
from .turns import Turns
from .words import Names


class Masterpiece(Turns, Dealing, Spaces, Auctions, Bidding, Payments, Scoring, Teaching,
                  CameraReading, Names, StateView, TheBox, Game):
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

    # Every move kind, declared with its fields, check, effect and words in its module. The
    # shared turn check is Masterpiece's own (`Turns.check_turn`: the phase decides which
    # moves fit); each move's check then says whose move it is.
    moves = MoveBook(*deal.RULES, *spaces.RULES, *auction.RULES, *bids.RULES)

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
