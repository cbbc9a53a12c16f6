"""Card and token catalogues: every physical piece and the code printed on it.

One JSON file per game under `companion/data/cards/`. Each physical card has its own
payload (two copies of one card are two entries), short upper-case alphanumeric text that
fits a version-1 QR symbol even at error-correction level H (at most 10 characters). A
card whose face a game hides has a `back` naming the payload printed on its back; backs are
listed too, so the camera knows a face-down card lies there without learning what it is.
Tokens carry an ArUco marker id instead of a QR code.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Container, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import DataFileError, UnknownCardError
from .model import Text

PAYLOAD_PATTERN = re.compile(r"^[0-9A-Z]{2,10}$")
# ArUco ids below this are kept for the play mats' corner and edge markers.
FIRST_TOKEN_MARKER = 50


class _Name(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    en: str = Field(min_length=1)
    zh: str = Field(alias="zh-TW", min_length=1)


class _Piece(BaseModel):
    model_config = ConfigDict(extra="forbid")
    payload: str
    card: str = Field(min_length=1, description="which card this is; copies share it")
    name: _Name
    face: dict[str, Any] = Field(default_factory=dict)
    back: str | None = None
    marker: int | None = None

    @field_validator("payload")
    @classmethod
    def _payload_fits_qr(cls, value: str) -> str:
        if not PAYLOAD_PATTERN.match(value):
            raise ValueError(f"payload {value!r} must be 2-10 characters of 0-9 and A-Z")
        return value


class _CatalogueFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    card_size_mm: tuple[float, float] = (63.0, 88.0)
    cards: list[_Piece]
    backs: list[_Piece] = Field(default_factory=list)
    tokens: list[_Piece] = Field(default_factory=list)


@dataclass(frozen=True)
class Piece:
    """One printed piece: a card front, a card back or a token side."""

    payload: str
    card: str
    name: Text
    kind: str  # "card", "back" or "token"
    face: Mapping[str, Any]
    back: str | None = None
    marker: int | None = None

    def to_dict(self) -> dict:
        return {
            "payload": self.payload,
            "card": self.card,
            "name": self.name.to_dict(),
            "kind": self.kind,
            "face": dict(self.face),
            "back": self.back,
            "marker": self.marker,
        }


class Catalogue:
    """Every piece of one game, looked up by payload or marker id."""

    def __init__(self, game: str, pieces: list[Piece], card_size_mm: tuple[float, float]):
        self.game = game
        self.card_size_mm = card_size_mm
        self.pieces = tuple(pieces)
        self._by_payload = {p.payload: p for p in pieces}
        self._by_marker = {p.marker: p for p in pieces if p.marker is not None}

    @property
    def cards(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.kind == "card")

    @property
    def backs(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.kind == "back")

    @property
    def tokens(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.kind == "token")

    def __contains__(self, payload: str) -> bool:
        return payload in self._by_payload

    def get(self, payload: str) -> Piece | None:
        return self._by_payload.get(payload)

    def piece(self, payload: str) -> Piece:
        try:
            return self._by_payload[payload]
        except KeyError:
            raise UnknownCardError(f"{payload!r} is not a {self.game} card or token") from None

    def by_marker(self, marker: int) -> Piece | None:
        return self._by_marker.get(marker)

    def by_card(self, card: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.cards if p.card == card)

    def may_name(self, payload: str | None, face_up_on_table: Container[str] = ()) -> bool:
        """Whether a code the camera read may be named on any screen now (every role alike:
        the host's dashboard is a shared screen too). Not a face-down card's back, nor a code
        this game does not print, and a card whose face the game hides (it has a `back`:
        Masterpiece's value cards, Crypt's treasures) only once it lies face up on the table
        (`face_up_on_table`), where the rules make it public: a glimpse of one in a hand or
        being moved stays unnamed. The one rule of the overlay, the preview and "Not sure yet".
        """
        piece = self.get(payload) if payload is not None else None
        if piece is None or piece.kind == "back":
            return False
        return piece.back is None or payload in face_up_on_table


def parse_catalogue(data: Mapping[str, Any], origin: str = "catalogue") -> Catalogue:
    try:
        parsed = _CatalogueFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataFileError(f"{origin}: {where}: {first['msg']}") from None
    pieces: list[Piece] = []
    for kind, entries in (("card", parsed.cards), ("back", parsed.backs), ("token", parsed.tokens)):
        for entry in entries:
            pieces.append(
                Piece(
                    entry.payload,
                    entry.card,
                    Text(entry.name.en, entry.name.zh),
                    kind,
                    dict(entry.face),
                    entry.back,
                    entry.marker,
                )
            )
    seen: dict[str, str] = {}
    markers: set[int] = set()
    payloads_of_backs = {p.payload for p in pieces if p.kind == "back"}
    for piece in pieces:
        if piece.payload in seen:
            raise DataFileError(f"{origin}: payload {piece.payload} is printed on two pieces")
        seen[piece.payload] = piece.card
        if piece.back is not None and piece.back not in payloads_of_backs:
            raise DataFileError(f"{origin}: card {piece.payload} names unknown back {piece.back}")
        if piece.kind == "token":
            if piece.marker is None or piece.marker < FIRST_TOKEN_MARKER:
                raise DataFileError(
                    f"{origin}: token {piece.payload} needs a marker id >= {FIRST_TOKEN_MARKER}"
                )
            if piece.marker in markers:
                raise DataFileError(f"{origin}: marker {piece.marker} is used twice")
            markers.add(piece.marker)
    width, height = parsed.card_size_mm
    return Catalogue(parsed.game, pieces, (width, height))


def load_json_resource(*parts: str) -> Any:
    """Read a JSON file shipped under companion/data/, with a clear error when broken."""
    path = resources.files("companion").joinpath("data", *parts)
    name = "/".join(parts)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataFileError(f"data file {name} is missing") from None
    except json.JSONDecodeError as exc:
        raise DataFileError(f"data file {name} is not valid JSON: {exc}") from None


def load_game_data(game: str, model: type[BaseModel]):
    """A game's rule data (companion/data/games/<game>.json) checked against its model.

    The first problem is reported with where it is, e.g.
    "games/musee.json: scoring.per_staircase: Input should be a valid integer".
    """
    try:
        return model.model_validate(load_json_resource("games", f"{game}.json"))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataFileError(f"games/{game}.json: {where}: {first['msg']}") from None


@lru_cache(maxsize=None)
def load_catalogue(game: str) -> Catalogue:
    return parse_catalogue(load_json_resource("cards", f"{game}.json"), f"cards/{game}.json")


def find_piece_anywhere(payload: str, games: list[str]) -> tuple[str, Piece] | None:
    """Which game a payload belongs to (used to say "that is a Crypt card")."""
    for game in games:
        try:
            piece = load_catalogue(game).get(payload)
        except DataFileError:
            continue
        if piece is not None:
            return game, piece
    return None
