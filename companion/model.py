"""The vocabulary every game shares: text in two languages, moves, violations, scores.

Everything here is immutable and converts to plain JSON with `to_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class Text:
    """A sentence in English and Traditional Chinese (zh-TW)."""

    en: str
    zh: str

    def to_dict(self) -> dict:
        return {"en": self.en, "zh-TW": self.zh}

    def get(self, lang: str) -> str:
        return self.zh if lang.lower().startswith("zh") else self.en


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Move:
    """One thing a player does. `kind` names the action; `params` hold its details.

    Moves are game-agnostic on purpose: a move from the camera, a click on the dashboard and
    a line of a replayed file are all the same object, and round-trip through JSON.
    `player` is the seat (0-based) that acts, or None for table-level actions.
    """

    kind: str
    player: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "params", _frozen(self.params))

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, **dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Move":
        from .validation import InvalidFieldError, check_text, is_whole_number, shown

        if not isinstance(data, Mapping):
            raise InvalidFieldError("move", f"must be an object with a 'kind', got {shown(data)}")
        check_text(data.get("kind"), "move, field 'kind'")
        player = data.get("player")
        if player is not None and not is_whole_number(player):
            raise InvalidFieldError(
                "move, field 'player'", f"must be a seat number or null, got {shown(player)}"
            )
        for key in data:
            check_text(key, "move, a field name")
        # The game checks each field's type and range (Session.play, companion.validation).
        params = {k: v for k, v in data.items() if k not in ("kind", "player")}
        return cls(data["kind"], player, params)


@dataclass(frozen=True)
class Violation:
    """A rule break: a stable machine code, a sentence a child can read, and what it involves."""

    code: str
    message: Text
    cards: tuple[str, ...] = ()
    region: str | None = None

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message.to_dict(),
            "cards": list(self.cards),
            "region": self.region,
        }


@dataclass(frozen=True)
class ScoreLine:
    """Points and the exact thing that earned them ("pair 12–17 in the upper gallery")."""

    points: float
    code: str
    source: Text
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "points": self.points,
            "code": self.code,
            "source": self.source.to_dict(),
            "cards": list(self.cards),
        }


@dataclass(frozen=True)
class SideScore:
    """The score of one side: a player, or a team in team games."""

    side: str
    label: Text
    members: tuple[int, ...]
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> float:
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict:
        total = self.total
        return {
            "side": self.side,
            "label": self.label.to_dict(),
            "members": list(self.members),
            "total": int(total) if float(total).is_integer() else total,
            "lines": [line.to_dict() for line in self.lines],
        }


@dataclass(frozen=True)
class Outcome:
    """Who won. `winners` has several sides when they share the win."""

    winners: tuple[str, ...]
    ranking: tuple[str, ...]
    explanation: Text
    tie_break: Text | None = None

    def to_dict(self) -> dict:
        return {
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "explanation": self.explanation.to_dict(),
            "tie_break": self.tie_break.to_dict() if self.tie_break else None,
        }


@dataclass(frozen=True)
class Hint:
    """Something a player may do now, for the teaching panel."""

    text: Text
    region: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "data", _frozen(self.data))

    def to_dict(self) -> dict:
        return {"text": self.text.to_dict(), "region": self.region, "data": dict(self.data)}


@dataclass(frozen=True)
class Setup:
    """What is chosen before a game starts: seats, names and game-specific options."""

    players: int
    names: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        from .validation import check_setup_shape

        # Checked before anything is sized by it: a count of 10**12 must not allocate names.
        check_setup_shape(self.players, self.names, self.options)
        object.__setattr__(self, "options", _frozen(self.options))
        if not self.names:
            object.__setattr__(self, "names", tuple(f"Player {i + 1}" for i in range(self.players)))
        else:
            object.__setattr__(self, "names", tuple(self.names))

    def to_dict(self) -> dict:
        return {"players": self.players, "names": list(self.names), "options": dict(self.options)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Setup":
        from .validation import (
            CheckedApart,
            InvalidFieldError,
            check_fields,
            check_setup_shape,
            shown,
        )

        if not isinstance(data, Mapping):
            raise InvalidFieldError("setup", f"must be an object with 'players', got {shown(data)}")
        apart = CheckedApart()
        check_fields(
            data, {"players": apart, "names": apart, "options": apart}, ("players",), "setup", None
        )
        players, names, options = data["players"], data.get("names", []), data.get("options", {})
        check_setup_shape(players, names, options)
        return cls(players, tuple(names), options)
