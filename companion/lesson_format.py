"""The lesson file format (`companion/data/lessons/<game>.json`, documented in
`companion/data/lessons/README.md`): strict pydantic models, and loading that checks a lesson
against its game. A bad file is one `LessonError` line naming the step and the field.
The interpreter that runs a lesson is `companion.lessons`."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .data_errors import field_words, game_of_file, id_words, read_json_file, validate_or_say
from .errors import DataFileError
from .games.base import Game
from .model import Setup, Text
from .validation import Context, declarations_of

LESSON_FORMAT = "table-companion-lesson"


class _Words(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    en: str = Field(min_length=1)
    zh: str = Field(alias="zh-TW", min_length=1)

    def text(self) -> Text:
        return Text(self.en, self.zh)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TapDone(_Strict):
    """Done when a player taps "done": for what no camera can see (a hidden hand, a box)."""

    when: Literal["tap"]


class MoveDone(_Strict):
    """Done when the session has accepted `count` moves of one of `kinds` in this step."""

    when: Literal["move"]
    kinds: list[str] = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=1000)


class PhaseDone(_Strict):
    """Done when the game's view (`describe`) says its phase is one of `phases`."""

    when: Literal["phase"]
    phases: list[str] = Field(min_length=1)


class StateDone(_Strict):
    """Done when a number in the game's view reaches `at_least`. `path` is dotted keys into
    `describe(state)`; a `*` means every item of a list (all must reach it); a list or an
    object at the end counts its items ("every player holds 5 cards": `hands.*`, 5)."""

    when: Literal["state"]
    path: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_*]+(\.[A-Za-z0-9_*]+)*$")
    at_least: int = Field(ge=0)


class OverDone(_Strict):
    """Done when the game is over."""

    when: Literal["over"]


class AnyDone(_Strict):
    """Done when any of `of` is: a step a game may end before ("or the game is over")."""

    when: Literal["any"]
    of: list[
        Annotated[Union[MoveDone, PhaseDone, StateDone, OverDone], Field(discriminator="when")]
    ] = Field(min_length=2)


Condition = Annotated[
    Union[TapDone, MoveDone, PhaseDone, StateDone, OverDone, AnyDone], Field(discriminator="when")
]


class ScoreDone(_Strict):
    """A score line of one of `codes` is in the score (`Game.score`): a rule that just
    earned points, such as Musée's first staircase."""

    when: Literal["score"]
    codes: list[str] = Field(min_length=1)


class Moment(_Strict):
    """A rule card shown the first time a rule applies, with the example from this table:
    the move in words for a `move` moment, the score line for a `score` moment."""

    rule: str
    at: Annotated[Union[MoveDone, ScoreDone], Field(discriminator="when")]


class Highlight(_Strict):
    """What the panel points at: a mat region (`{seat}` is the acting seat) and/or a card."""

    region: str | None = Field(default=None, min_length=1)
    card: str | None = Field(default=None, min_length=1)


class Step(_Strict):
    id: str = Field(min_length=1, pattern=r"^[a-z0-9_]+$")
    say: _Words
    highlight: Highlight | None = None
    done: Condition
    rule: str | None = None


class Lesson(_Strict):
    format: Literal["table-companion-lesson"]
    version: Literal[1]
    game: str
    title: _Words
    rules: dict[str, _Words] = Field(default_factory=dict)
    steps: list[Step] = Field(min_length=1)
    moments: list[Moment] = Field(default_factory=list)


class LessonError(DataFileError):
    """A lesson file that does not fit the format: one line naming the step and the field."""


_TAGS = ("tap", "move", "phase", "state", "over", "any", "score")


def _where(lesson_data: Any, loc: tuple) -> str:
    """Turn a pydantic location into words: `step 3 ("deal"), field 'done.kinds'`."""
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        step_id = id_words(lesson_data, "steps", loc[1], "id")
        return f"step {loc[1] + 1}{step_id}, {field_words(loc[2:], 'step', _TAGS)}"
    if len(loc) >= 2 and loc[0] == "moments" and isinstance(loc[1], int):
        return f"moment {loc[1] + 1}, {field_words(loc[2:], 'moment', _TAGS)}"
    return field_words(loc)


def parse_lesson(data: Any, source: str = "lesson") -> Lesson:
    """Validate a lesson's JSON (strictly) and check it against its game."""
    lesson = validate_or_say(Lesson, data, source, LessonError, _where)
    _check_against_game(lesson, source)
    return lesson


def _check_against_game(lesson: Lesson, source: str) -> None:
    game = game_of_file(lesson.game, source, LessonError)
    seen: set[str] = set()
    for number, step in enumerate(lesson.steps, 1):
        here = f'{source}: step {number} ("{step.id}")'
        if step.id in seen:
            raise LessonError(f"{here}, field 'id': another step has this id")
        seen.add(step.id)
        parts = step.done.of if isinstance(step.done, AnyDone) else [step.done]
        for number_in, part in enumerate(parts):
            unknown = [k for k in getattr(part, "kinds", ()) if k not in game.moves]
            if unknown:
                field_name = "done.kinds" if part is step.done else f"done.of.{number_in}.kinds"
                raise LessonError(
                    f"{here}, field '{field_name}': {game.info.slug} has no move {unknown[0]!r}"
                )
        if step.rule is not None and step.rule not in lesson.rules:
            raise LessonError(f"{here}, field 'rule': no rule {step.rule!r} in 'rules'")
    _check_highlights(lesson, game, source)
    for number, moment in enumerate(lesson.moments, 1):
        here = f"{source}: moment {number} ({moment.rule!r})"
        if moment.rule not in lesson.rules:
            raise LessonError(f"{here}, field 'rule': no rule {moment.rule!r} in 'rules'")
        unknown = [k for k in getattr(moment.at, "kinds", ()) if k not in game.moves]
        if unknown:
            raise LessonError(
                f"{here}, field 'at.kinds': {game.info.slug} has no move {unknown[0]!r}"
            )


def load_lesson_file(path: Path) -> Lesson:
    return parse_lesson(read_json_file(path, LessonError), path.name)


def load_lesson(game_slug: str) -> Lesson:
    """The lesson shipped for a game (`companion/data/lessons/<slug>.json`)."""
    if not re.fullmatch(r"[a-z0-9_]{1,40}", game_slug):
        raise LessonError(f"there is no lesson for {game_slug!r}")
    folder = resources.files("companion") / "data" / "lessons"
    path = Path(str(folder / f"{game_slug}.json"))
    if not path.is_file():
        raise LessonError(f"there is no lesson for {game_slug!r} yet")
    return load_lesson_file(path)


def mat_regions(game: Game, players: int) -> frozenset[str]:
    """The regions of the game's mat at this player count (what the camera reads)."""
    ctx = Context(game, Setup(players))
    return frozenset(declarations_of(game.info.slug).regions(ctx))


def _check_highlights(lesson: Lesson, game: Game, source: str) -> None:
    """A highlighted region is one of the mat's at every player count; `{seat}` is checked
    with the first seat (the view leaves out a seat's region the mat does not have)."""
    for number, step in enumerate(lesson.steps, 1):
        region = step.highlight.region if step.highlight else None
        if region is None:
            continue
        for players in game.info.player_counts:
            regions = mat_regions(game, players)
            if region.replace("{seat}", "0") not in regions:
                raise LessonError(
                    f"{source}: step {number} (\"{step.id}\"), field 'highlight.region': "
                    f"{game.info.slug}'s mat for {players} players has no region {region!r} "
                    f"(regions: {', '.join(sorted(regions))})"
                )
