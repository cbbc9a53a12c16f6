"""Each game's "how to play" page, as data (`companion/data/rules/<game>.json`, format in
`companion/data/rules/README.md`): set-up, a turn, scoring and the end, in English and
Traditional Chinese, each rule with an anchor id, the picture that illustrates it (a region
of the game's mat to highlight, cards to show) and the refusal codes it explains.

A page is validated strictly when it is loaded and checked against its game (regions on its
mat, cards in its catalogue, ids and codes unique); a bad file is one `RulesPageError` line
naming the rule and the field, as a bad lesson is.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .catalogue import load_catalogue
from .data_errors import field_words, game_of_file, id_words, read_json_file, validate_or_say
from .errors import DataFileError
from .lesson_format import mat_regions
from .model import Text

RULES_FORMAT = "table-companion-rules"
SECTIONS = ("how_set_up", "how_turn", "how_score", "how_end")
_ID = r"^[a-z0-9_]+$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Words(_Strict):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    en: str = Field(min_length=1)
    zh: str = Field(alias="zh-TW", min_length=1)

    def text(self) -> Text:
        return Text(self.en, self.zh)


class Picture(_Strict):
    """What illustrates a rule: a region of the mat outlined, and/or cards drawn beside it."""

    region: str | None = Field(default=None, min_length=1)
    cards: list[str] = Field(default_factory=list, max_length=6)


class Rule(_Strict):
    id: str = Field(min_length=1, max_length=40, pattern=_ID)
    title: Words
    say: list[Words] = Field(min_length=1)
    picture: Picture | None = None
    # refusal codes (Violation.code) this rule explains: their refusals link here
    codes: list[str] = Field(default_factory=list)


class Section(_Strict):
    id: Literal["how_set_up", "how_turn", "how_score", "how_end"]
    title: Words
    rules: list[Rule] = Field(min_length=1)


class RulesPage(_Strict):
    format: Literal["table-companion-rules"]
    version: Literal[1]
    game: str
    players: int = Field(ge=1, le=10, description="the player count the pictures are drawn at")
    sections: list[Section] = Field(min_length=4, max_length=4)
    # refusal codes about bad input rather than a rule (a card of another game): no link
    not_rules: list[str] = Field(default_factory=list)

    def rules(self) -> list[Rule]:
        return [rule for section in self.sections for rule in section.rules]

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules() if r.id == rule_id), None)

    def rule_of_code(self, code: str) -> str | None:
        """The anchor of the rule a refusal with this code breaks (None: not a rule)."""
        return next((r.id for r in self.rules() if code in r.codes), None)


class RulesPageError(DataFileError):
    """A rules page that does not fit the format: one line naming the rule and the field."""


def _where(data: Any, loc: tuple) -> str:
    """`section 2, rule 3 ("rising"), field 'picture.region'` from a pydantic location."""
    if len(loc) >= 4 and loc[0] == "sections" and loc[2] == "rules":
        name = id_words(data, "sections", loc[1], "rules", loc[3], "id")
        return f"section {loc[1] + 1}, rule {loc[3] + 1}{name}, {field_words(loc[4:], 'rule')}"
    return field_words(loc)


def parse_rules_page(data: Any, source: str = "rules page") -> RulesPage:
    page = validate_or_say(RulesPage, data, source, RulesPageError, _where)
    _check_against_game(page, source)
    return page


def _check_against_game(page: RulesPage, source: str) -> None:
    game = game_of_file(page.game, source, RulesPageError)
    if [s.id for s in page.sections] != list(SECTIONS):
        raise RulesPageError(f"{source}: field 'sections': they are {', '.join(SECTIONS)}")
    if page.players not in game.info.player_counts:
        raise RulesPageError(f"{source}: field 'players': {page.game} has no {page.players}")
    regions, catalogue = mat_regions(game, page.players), load_catalogue(game.info.slug)
    ids: set[str] = set(SECTIONS)
    codes: set[str] = set(page.not_rules)
    for rule in page.rules():
        here = f'{source}: rule "{rule.id}"'
        if rule.id in ids:
            raise RulesPageError(f"{here}, field 'id': another rule or section has this id")
        ids.add(rule.id)
        twice = [c for c in rule.codes if c in codes]
        if twice:
            raise RulesPageError(f"{here}, field 'codes': {twice[0]!r} is explained twice")
        codes.update(rule.codes)
        picture = rule.picture or Picture()
        if picture.region is not None and picture.region not in regions:
            raise RulesPageError(
                f"{here}, field 'picture.region': {page.game}'s mat for {page.players} players "
                f"has no region {picture.region!r}"
            )
        unknown = [c for c in picture.cards if c not in catalogue]
        if unknown:
            raise RulesPageError(f"{here}, field 'picture.cards': no card {unknown[0]!r}")


def load_rules_page_file(path: Path) -> RulesPage:
    return parse_rules_page(read_json_file(path, RulesPageError), path.name)


@lru_cache(maxsize=None)
def load_rules_page(game_slug: str) -> RulesPage:
    """The page shipped for a game (the files are part of the install: read once)."""
    if not re.fullmatch(r"[a-z0-9_]{1,40}", game_slug):
        raise RulesPageError(f"there is no rules page for {game_slug!r}")
    path = Path(str(resources.files("companion") / "data" / "rules" / f"{game_slug}.json"))
    if not path.is_file():
        raise RulesPageError(f"there is no rules page for {game_slug!r}")
    return load_rules_page_file(path)


@lru_cache(maxsize=None)
def rule_links(game_slug: str) -> dict[str, str]:
    """Refusal code -> the anchor of the rule it breaks on the game's page ({} without one):
    the dashboard links a refusal to `/rules/<game>#<anchor>`."""
    try:
        page = load_rules_page(game_slug)
    except RulesPageError:
        return {}
    return {code: rule.id for rule in page.rules() for code in rule.codes}
