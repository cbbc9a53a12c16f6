"""The pack-up check: is every card of a game's box back? (issue 27, item 3)

Players lay the cards out face up; the camera reads every code it can see and hands this
module the payloads with how often each was read. Every physical card has its own payload
(companion/catalogue.py), so a payload read twice in one frame is two printed copies of one
card (a reprint beside the card it replaced), and a payload of another game's catalogue is a
card that strayed into this box. A code that belongs to no game (a menu's or a Wi-Fi QR) is
neither: it is listed apart as "not a card". A card's back read instead of its face says the
card lies face down; it is ticked off as neither present nor missing until turned over.

Pure: no camera, no web. The camera side (vision.decode) and the command live outside.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from .catalogue import Catalogue, Piece, load_catalogue
from .errors import CompanionError
from .model import Text

MAX_PAYLOADS = 5000  # more distinct codes than any box holds: the input is not a table's read


@dataclass(frozen=True)
class Stray:
    """A card of another game found in this box."""

    payload: str
    game: str
    game_name: Text
    name: Text
    count: int


@dataclass(frozen=True)
class KitCheck:
    game: str
    game_name: Text
    cards: int  # how many cards the box holds
    present: tuple[Piece, ...]
    missing: tuple[Piece, ...]
    duplicates: tuple[tuple[Piece, int], ...]  # a card read more than once in one frame
    foreign: tuple[Stray, ...]
    face_down: tuple[str, ...]  # payloads of this game's card backs that were read
    unknown: tuple[str, ...]  # codes of no game at all

    @property
    def complete(self) -> bool:
        return not (self.missing or self.duplicates or self.foreign or self.face_down)

    def sentences(self) -> list[Text]:
        return _sentences(self)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "game_name": self.game_name.to_dict(),
            "cards": self.cards,
            "complete": self.complete,
            "present": len(self.present),
            "missing": [_card_dict(p, self.game) for p in self.missing],
            "duplicates": [{**_card_dict(p), "count": n} for p, n in self.duplicates],
            "foreign": [
                {
                    "payload": s.payload,
                    "game": s.game,
                    "game_name": s.game_name.to_dict(),
                    "name": s.name.to_dict(),
                    "count": s.count,
                }
                for s in self.foreign
            ],
            "face_down": list(self.face_down),
            "unknown": list(self.unknown),
            "sentences": [t.to_dict() for t in self.sentences()],
        }


def replacement(game: str, payload: str) -> dict:
    """Where a lost card is printed again: the command, and the dashboard's page of that one
    card (web/kit.py serves it at 300 dpi, printed at the card's size)."""
    return {
        "command": f"companion print card {game} {payload} --out {game}-{payload}.png",
        "url": f"/kit/{game}/card/{payload}.png",
    }


def _card_dict(piece: Piece, game: str | None = None) -> dict:
    entry = {"payload": piece.payload, "card": piece.card, "name": piece.name.to_dict()}
    if game is not None:
        entry["replace"] = replacement(game, piece.payload)
    return entry


def merge_frames(frames: Iterable[Mapping[str, int]]) -> Counter[str]:
    """Several frames of one layout: a card seen in two frames is one card, so each payload
    counts as often as the frame that showed it most often (not the sum)."""
    merged: Counter[str] = Counter()
    for frame in frames:
        for payload, count in frame.items():
            merged[payload] = max(merged[payload], count)
    return merged


def compare_kit(
    catalogue: Catalogue,
    game_name: Text,
    read: Mapping[str, int],
    others: Mapping[str, tuple[Text, Catalogue]] = {},
) -> KitCheck:
    """The box of `catalogue` against the payloads `read` (payload -> times read).

    `others` are the other games' catalogues (slug -> (name, catalogue)), to name strays."""
    if len(read) > MAX_PAYLOADS:
        raise CompanionError(f"{len(read)} different codes is not one box of cards")
    for payload, count in read.items():
        if not isinstance(payload, str) or not isinstance(count, int) or count < 1:
            raise CompanionError(f"a code's count must be a positive number, not {count!r}")
    cards = catalogue.cards
    present = tuple(p for p in cards if p.payload in read)
    missing = tuple(p for p in cards if p.payload not in read)
    duplicates = tuple((p, read[p.payload]) for p in present if read[p.payload] > 1)
    face_down = tuple(sorted(p.payload for p in catalogue.backs if p.payload in read))
    foreign: list[Stray] = []
    unknown: list[str] = []
    for payload in sorted(read):
        if payload in catalogue:
            continue
        owner = next(
            ((slug, name, c.piece(payload)) for slug, (name, c) in others.items() if payload in c),
            None,
        )
        if owner is None:
            unknown.append(payload)
        else:
            slug, name, piece = owner
            foreign.append(Stray(payload, slug, name, piece.name, read[payload]))
    return KitCheck(
        catalogue.game,
        game_name,
        len(cards),
        present,
        missing,
        duplicates,
        tuple(foreign),
        face_down,
        tuple(unknown),
    )


def check_kit(game: str, read: Mapping[str, int]) -> KitCheck:
    """The pack-up check of one game's box with every shipped catalogue to name strays."""
    from .games import all_games, find_game

    info = find_game(game).info
    others = {
        g.info.slug: (g.info.name, load_catalogue(g.info.slug))
        for g in all_games()
        if g.info.slug != info.slug
    }
    return compare_kit(load_catalogue(info.slug), info.name, read, others)


def _listed(names: list[str], lang: str) -> str:
    if lang == "zh":
        return "、".join(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _sentences(check: KitCheck) -> list[Text]:
    game = check.game_name
    found, total = len(check.present), check.cards
    lines = []
    if check.complete:
        lines.append(
            Text(
                f"All {total} {game.en} cards are back in the box.",
                f"《{game.zh}》的 {total} 張牌都收齊了。",
            )
        )
    else:
        lines.append(
            Text(
                f"{found} of {total} {game.en} cards found.",
                f"《{game.zh}》找到 {found} / {total} 張牌。",
            )
        )
    if check.missing:
        lines.append(
            Text(
                f"Missing: {game.en} " + _listed([p.name.en for p in check.missing], "en") + ".",
                f"缺少：《{game.zh}》" + _listed([p.name.zh for p in check.missing], "zh") + "。",
            )
        )
    if check.duplicates:
        en = [f"{p.name.en} ({n} copies)" for p, n in check.duplicates]
        zh = [f"{p.name.zh}（{n} 張）" for p, n in check.duplicates]
        lines.append(
            Text(
                "Twice in the box: " + _listed(en, "en") + ".",
                "重複的牌：" + _listed(zh, "zh") + "。",
            )
        )
    if check.foreign:
        en = [f"{s.name.en} of {s.game_name.en}" for s in check.foreign]
        zh = [f"《{s.game_name.zh}》的{s.name.zh}" for s in check.foreign]
        lines.append(
            Text(
                "Not from this box: " + _listed(en, "en") + ".",
                "不屬於這盒的牌：" + _listed(zh, "zh") + "。",
            )
        )
    if check.face_down:
        n = len(check.face_down)
        lines.append(
            Text(
                f"{n} card{'s' if n != 1 else ''} lie face down: turn them over and check again.",
                f"有 {n} 張牌背面朝上：請翻過來再檢查一次。",
            )
        )
    return lines
