"""Play-mat layouts: where every region and slot lies, in mat millimetres.

One JSON file per game and player count under `calibration/layouts/` (made by
`python -m calibration.gen_layouts`, validated here when loaded). Mat coordinates: origin at
the mat's top-left corner, x to the right, y down, millimetres.

The camera pipeline turns a piece's centre into table millimetres with the calibration
homography, then asks `Layout.locate(x_mm, y_mm)` which region and slot it lies in; the
games interpret region names and slots (see the region conventions in the brief).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, cast

from companion.errors import DataFileError, PlayerCountError, UnknownGameError
from companion.model import Text

Rect = tuple[float, float, float, float]  # x, y, w, h in mm

# A point this close to a slot (mm, from the slot's edge) still counts as in that slot:
# a card laid a little crooked should not fall out of its space.
DEFAULT_TOLERANCE_MM = 15.0


@dataclass(frozen=True)
class Marker:
    """A printed ArUco marker (DICT_4X4_250) fixed on the mat; `size_mm` is its black square."""

    id: int
    center_mm: tuple[float, float]
    size_mm: float

    def corners_mm(self) -> list[tuple[float, float]]:
        """The four corners in OpenCV's ArUco order: top-left, top-right, bottom-right,
        bottom-left (the marker is printed upright on the mat)."""
        cx, cy = self.center_mm
        h = self.size_mm / 2
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    def to_dict(self) -> dict:
        return {"id": self.id, "center_mm": list(self.center_mm), "size_mm": self.size_mm}


@dataclass(frozen=True)
class Slot:
    """One place inside a region: a museum space, a row position, a path space.

    `label` is a short mark printed in the slot (a number, a cost); `data` holds facts the
    game may want to show (a path space's cost, a ring space's action)."""

    slot: tuple
    rect_mm: Rect
    label: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def contains(self, x: float, y: float) -> bool:
        return _inside(self.rect_mm, x, y)

    def distance(self, x: float, y: float) -> float:
        return _distance(self.rect_mm, x, y)

    @property
    def center_mm(self) -> tuple[float, float]:
        x, y, w, h = self.rect_mm
        return (x + w / 2, y + h / 2)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"slot": list(self.slot), "rect_mm": list(self.rect_mm)}
        if self.label is not None:
            out["label"] = self.label
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True)
class Region:
    name: str
    rect_mm: Rect
    label: Text
    slots: tuple[Slot, ...] = ()
    kind: str = "area"  # "cards", "tokens", "path", "ring", "area", "dice": how to draw it
    color: str | None = None  # "#rrggbb" tint for the printed mat

    def contains(self, x: float, y: float) -> bool:
        return _inside(self.rect_mm, x, y)

    def slot(self, slot: tuple | list) -> Slot:
        wanted = tuple(slot)
        for s in self.slots:
            if s.slot == wanted:
                return s
        raise KeyError(f"region {self.name} has no slot {list(wanted)}")

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "name": self.name,
            "rect_mm": list(self.rect_mm),
            "label": self.label.to_dict(),
            "kind": self.kind,
            "slots": [s.to_dict() for s in self.slots],
        }
        if self.color:
            out["color"] = self.color
        return out


@dataclass(frozen=True)
class Layout:
    game: str
    players: int
    mat_size_mm: tuple[float, float]
    markers: tuple[Marker, ...]
    regions: tuple[Region, ...]
    card_size_mm: tuple[float, float] = (63.0, 88.0)
    title: Text | None = None

    def region(self, name: str) -> Region:
        for r in self.regions:
            if r.name == name:
                return r
        raise KeyError(f"{self.game} layout has no region {name!r}")

    def marker(self, marker_id: int) -> Marker | None:
        for m in self.markers:
            if m.id == marker_id:
                return m
        return None

    def card_rect_mm(self, slot: Slot) -> Rect:
        """Where a card laid in a card space lies: centred across it, its top edge as far
        in as its sides. A space shorter than a card is a step of a fanned row: the card
        laid in the next space covers this card's foot (its name), never its value band
        or its code."""
        cw, ch = self.card_size_mm
        x, y, w, _ = slot.rect_mm
        play = (w - cw) / 2
        return (x + play, y + max(play, 0.0), cw, ch)

    def mat_corners_mm(self) -> list[tuple[float, float]]:
        """Top-left, top-right, bottom-right, bottom-left corners of the mat."""
        w, h = self.mat_size_mm
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]

    def locate(
        self, x_mm: float, y_mm: float, tolerance_mm: float = DEFAULT_TOLERANCE_MM
    ) -> tuple[str, tuple | None] | None:
        """The region and slot at a mat point.

        A slot that contains the point wins. Otherwise, among the regions containing the
        point, the one with the nearest slot within `tolerance_mm`; failing that, the
        smallest region containing the point, with slot None. Outside every region, the
        nearest slot anywhere within the tolerance; else None.
        """
        for region in self.regions:
            for s in region.slots:
                if s.contains(x_mm, y_mm):
                    return region.name, s.slot
        inside = [r for r in self.regions if r.contains(x_mm, y_mm)]
        near = self._nearest_slot(inside, x_mm, y_mm, tolerance_mm)
        if near is not None:
            return near
        if inside:
            region = min(inside, key=lambda r: r.rect_mm[2] * r.rect_mm[3])
            return region.name, None
        return self._nearest_slot(self.regions, x_mm, y_mm, tolerance_mm)

    @staticmethod
    def _nearest_slot(regions, x: float, y: float, tolerance: float):
        best: tuple[float, str, tuple] | None = None
        for region in regions:
            slot = _nearest(region.slots, x, y, tolerance)
            if slot is not None:
                d = slot.distance(x, y)
                if best is None or d < best[0]:
                    best = (d, region.name, slot.slot)
        return None if best is None else (best[1], best[2])

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "mat_size_mm": list(self.mat_size_mm),
            "card_size_mm": list(self.card_size_mm),
            "markers": [m.to_dict() for m in self.markers],
            "regions": [r.to_dict() for r in self.regions],
        }
        if self.title is not None:
            out["title"] = self.title.to_dict()
        return out


def _inside(rect: Rect, x: float, y: float) -> bool:
    rx, ry, rw, rh = rect
    return rx <= x <= rx + rw and ry <= y <= ry + rh


def _distance(rect: Rect, x: float, y: float) -> float:
    rx, ry, rw, rh = rect
    dx = max(rx - x, 0.0, x - (rx + rw))
    dy = max(ry - y, 0.0, y - (ry + rh))
    return math.hypot(dx, dy)


def _nearest(slots, x: float, y: float, tolerance: float) -> Slot | None:
    best = min(slots, key=lambda s: s.distance(x, y), default=None)
    if best is None or best.distance(x, y) > tolerance:
        return None
    return best


# -- loading -------------------------------------------------------------------------------


def _text(data: Any, where: str) -> Text:
    if isinstance(data, str):
        return Text(data, data)
    if (
        not isinstance(data, Mapping)
        or not data.get("en")
        or not (data.get("zh-TW") or data.get("zh"))
    ):
        raise DataFileError(f"{where}: label needs 'en' and 'zh-TW'")
    return Text(str(data["en"]), str(data.get("zh-TW") or data.get("zh")))


def _rect(data: Any, where: str) -> Rect:
    if (
        not isinstance(data, (list, tuple))
        or len(data) != 4
        or not all(isinstance(v, (int, float)) for v in data)
        or data[2] <= 0
        or data[3] <= 0
    ):
        raise DataFileError(f"{where}: rect_mm must be [x, y, w, h] with positive w and h")
    return tuple(float(v) for v in data)  # type: ignore[return-value]


def _marker(m: Mapping[str, Any], where: str) -> Marker:
    marker = Marker(
        int(m["id"]),
        (float(m["center_mm"][0]), float(m["center_mm"][1])),
        float(m["size_mm"]),
    )
    if not 0 <= marker.id < 50:
        raise DataFileError(f"{where}: mat marker ids are 0-49, not {marker.id}")
    return marker


def _region(r: Mapping[str, Any], where: str) -> Region:
    slots = tuple(
        Slot(
            tuple(s["slot"]),
            _rect(s["rect_mm"], f"{where}.slots.{j}"),
            s.get("label"),
            dict(s.get("data") or {}),
        )
        for j, s in enumerate(r.get("slots", ()))
    )
    return Region(
        str(r["name"]),
        _rect(r["rect_mm"], where),
        _text(r["label"], where),
        slots,
        str(r.get("kind", "area")),
        r.get("color"),
    )


def parse_layout(data: Mapping[str, Any], origin: str = "layout") -> Layout:
    """Build a Layout from its JSON form, with a one-line error naming what is wrong."""
    try:
        w, h = (float(v) for v in data["mat_size_mm"])
        markers = [
            _marker(m, f"{origin}: markers.{i}") for i, m in enumerate(data.get("markers", ()))
        ]
        regions = [_region(r, f"{origin}: regions.{i}") for i, r in enumerate(data["regions"])]
        layout = Layout(
            str(data["game"]),
            int(data["players"]),
            (w, h),
            tuple(markers),
            tuple(regions),
            cast(
                "tuple[float, float]", tuple(float(v) for v in data.get("card_size_mm", (63, 88)))
            ),
            _text(data["title"], origin) if data.get("title") else None,
        )
    except DataFileError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise DataFileError(f"{origin}: malformed layout ({type(exc).__name__}: {exc})") from None
    names = [r.name for r in layout.regions]
    if len(set(names)) != len(names):
        raise DataFileError(f"{origin}: a region name is used twice")
    if len({m.id for m in layout.markers}) != len(layout.markers):
        raise DataFileError(f"{origin}: a marker id is used twice")
    for m in layout.markers:
        for x, y in m.corners_mm():
            if not (0 <= x <= w and 0 <= y <= h):
                raise DataFileError(f"{origin}: marker {m.id} lies outside the mat")
    return layout


def _layout_dir():
    return resources.files("calibration").joinpath("layouts")


def available_layouts() -> dict[str, tuple[int, ...]]:
    """Game slug -> player counts that have a layout file."""
    found: dict[str, list[int]] = {}
    for entry in _layout_dir().iterdir():
        name = entry.name
        if name.endswith(".json") and "-" in name:
            game, _, rest = name[:-5].rpartition("-")
            if rest.endswith("p") and rest[:-1].isdigit():
                found.setdefault(game, []).append(int(rest[:-1]))
    return {g: tuple(sorted(c)) for g, c in sorted(found.items())}


def resolve_game(game: str) -> str:
    """A game's slug from any of its names (via the rules registry), or UnknownGameError."""
    known = available_layouts()
    slug = game.strip().lower()
    if slug not in known:
        try:
            from companion.games import find_game

            slug = find_game(game).info.slug
        except UnknownGameError:  # unknown to the registry too: said below with the mats
            slug = game
    if slug not in known:
        raise UnknownGameError(
            f"unknown game {game!r}; games with a mat layout: {', '.join(known) or 'none'}"
        )
    return slug


# A game's standard mat, or its compact variant: tighter card spaces and a thinner marker
# band, small enough for a café table and a 1080p webcam. "musee:compact" names a variant
# wherever a game name is taken (the camera pipeline, the CLI).
VARIANTS = ("standard", "compact")


def split_variant(game: str, variant: str | None = None) -> tuple[str, str]:
    """("musee", "compact") from "musee:compact"; the variant argument wins if given."""
    name, _, suffix = game.partition(":")
    chosen = (variant or suffix or "standard").strip().lower()
    if chosen not in VARIANTS:
        raise UnknownGameError(f"unknown mat layout {chosen!r}; choose {' or '.join(VARIANTS)}")
    return name, chosen


def layout_filename(game: str, players: int, variant: str = "standard") -> str:
    suffix = "" if variant == "standard" else f"-{variant}"
    return f"{game}-{players}p{suffix}.json"


def load_layout(game: str, players: int, variant: str | None = None) -> Layout:
    """The mat layout of a game for a player count (UnknownGameError, PlayerCountError);
    variant "compact" (or a game named "GAME:compact") for the compact mat."""
    name, chosen = split_variant(game, variant)
    return _load_layout(resolve_game(name), players, chosen)


@lru_cache(maxsize=None)
def _load_layout(slug: str, players: int, variant: str) -> Layout:
    counts = available_layouts()[slug]
    if players not in counts:
        raise PlayerCountError(
            f"{slug} has mat layouts for {', '.join(map(str, counts))} players, not {players}"
        )
    origin = f"layouts/{layout_filename(slug, players, variant)}"
    try:
        text = _layout_dir().joinpath(layout_filename(slug, players, variant)).read_text("utf-8")
    except FileNotFoundError:
        raise UnknownGameError(
            f"{slug} has no {variant} mat layout for {players} players"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{origin} is not valid JSON: {exc}") from None
    return parse_layout(data, origin)
