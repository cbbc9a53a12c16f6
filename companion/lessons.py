"""Guided first games: each game's lesson is a data file, run here by one small interpreter.

A lesson (`companion/data/lessons/<game>.json`, format in `companion/data/lessons/README.md`)
is an ordered list of steps from unpacking to the final score. Each step says what to do (in
English and Traditional Chinese), what to highlight on the mat, when it is done (a small
declarative condition on the game and what just happened at the table) and, optionally,
which rule to explain when the step comes up.

The interpreter is pure: a `LessonRun` is an immutable value, and every function returns a
new one. It reads the game only through the `Game` interface (`is_over`, `current_players`,
`describe`) and the moves the session accepted, so a lesson never changes the rules or the
record: the game played while teaching is an ordinary game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Iterable, Literal, Mapping, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import DataFileError, UnknownGameError
from .games import find_game
from .games.base import Game
from .model import Move, Text

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


class LessonError(DataFileError):
    """A lesson file that does not fit the format: one line naming the step and the field."""


_TAGS = ("tap", "move", "phase", "state", "over", "any")


def _where(lesson_data: Any, loc: tuple) -> str:
    """Turn a pydantic location into words: `step 3 ("deal"), field 'done.kinds'`."""
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        step_id = ""
        try:
            step_id = f' ("{lesson_data["steps"][loc[1]]["id"]}")'
        except (KeyError, IndexError, TypeError):
            pass
        rest = ".".join(str(p) for p in loc[2:] if p not in _TAGS)
        return f"step {loc[1] + 1}{step_id}, field '{rest or 'step'}'"
    return f"field '{'.'.join(str(p) for p in loc)}'"


def parse_lesson(data: Any, source: str = "lesson") -> Lesson:
    """Validate a lesson's JSON (strictly) and check it against its game."""
    try:
        lesson = Lesson.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise LessonError(f"{source}: {_where(data, first['loc'])}: {first['msg']}") from None
    _check_against_game(lesson, source)
    return lesson


def _check_against_game(lesson: Lesson, source: str) -> None:
    try:
        game = find_game(lesson.game)
    except UnknownGameError as exc:
        raise LessonError(f"{source}: field 'game': {exc}") from None
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


def load_lesson_file(path: Path) -> Lesson:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LessonError(f"{path.name}: cannot be read as JSON: {exc}") from None
    return parse_lesson(data, path.name)


def load_lesson(game_slug: str) -> Lesson:
    """The lesson shipped for a game (`companion/data/lessons/<slug>.json`)."""
    if not re.fullmatch(r"[a-z0-9_]{1,40}", game_slug):
        raise LessonError(f"there is no lesson for {game_slug!r}")
    folder = resources.files("companion") / "data" / "lessons"
    path = Path(str(folder / f"{game_slug}.json"))
    if not path.is_file():
        raise LessonError(f"there is no lesson for {game_slug!r} yet")
    return load_lesson_file(path)


# -- running a lesson ---------------------------------------------------------------------
@dataclass(frozen=True)
class LessonRun:
    """Where a lesson stands. `step == len(lesson.steps)` when it is finished."""

    lesson: Lesson
    step: int = 0
    moves_seen: Mapping[str, int] = field(default_factory=dict)
    skipped: bool = False
    rules_shown: frozenset[str] = frozenset()

    def __post_init__(self):
        object.__setattr__(self, "moves_seen", MappingProxyType(dict(self.moves_seen)))

    @property
    def finished(self) -> bool:
        return self.skipped or self.step >= len(self.lesson.steps)

    @property
    def current(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.step]


def start(lesson: Lesson, game: Game, state: Any) -> LessonRun:
    return _settle(LessonRun(lesson), game, state)


def after_move(run: LessonRun, game: Game, state: Any, move: Move) -> LessonRun:
    """The session accepted `move`; `state` is the state after it."""
    if run.finished:
        return run
    seen = dict(run.moves_seen)
    seen[move.kind] = seen.get(move.kind, 0) + 1
    return _settle(replace(run, moves_seen=seen), game, state)


def after_verdicts(run: LessonRun, game: Game, state: Any, verdicts: Iterable[Any]) -> LessonRun:
    """The session judged `verdicts` (`Session.verdicts` items): every accepted move, typed
    or seen by the camera, counts; refusals and undos do not (an undo never moves a lesson
    back). `state` is the state after them."""
    for verdict in verdicts:
        if verdict.accepted and verdict.kind in ("move", "event") and verdict.move is not None:
            run = after_move(run, game, state, verdict.move)
    return run


def tap(run: LessonRun, game: Game, state: Any) -> LessonRun:
    """A player says "done" for a step the camera cannot see; other steps ignore a tap."""
    step = run.current
    if step is None or not isinstance(step.done, TapDone):
        return run
    return _settle(_next(run), game, state)


def back(run: LessonRun) -> LessonRun:
    """One step back, to read it again (it is not re-checked until the next move or tap)."""
    if run.skipped or run.step == 0:
        return run
    return replace(run, step=run.step - 1, moves_seen={})


def skip(run: LessonRun) -> LessonRun:
    """End the lesson; play goes on as an ordinary game."""
    return replace(run, skipped=True)


def is_met(condition: Any, run: LessonRun, game: Game, state: Any) -> bool:
    if isinstance(condition, TapDone):
        return False
    if isinstance(condition, AnyDone):
        return any(is_met(c, run, game, state) for c in condition.of)
    if isinstance(condition, MoveDone):
        return sum(run.moves_seen.get(k, 0) for k in condition.kinds) >= condition.count
    if isinstance(condition, OverDone):
        return game.is_over(state)
    view = game.describe(state)
    if isinstance(condition, PhaseDone):
        return view.get("phase") in condition.phases
    return _reaches(view, condition.path.split("."), condition.at_least)


def _reaches(value: Any, path: list[str], at_least: int) -> bool:
    if not path:
        if isinstance(value, bool):
            return False
        if isinstance(value, (int, float)):
            return value >= at_least
        if isinstance(value, (list, dict)):
            return len(value) >= at_least
        return False
    key, rest = path[0], path[1:]
    if key == "*":
        items = (
            value
            if isinstance(value, list)
            else list(value.values())
            if isinstance(value, dict)
            else []
        )
        return bool(items) and all(_reaches(item, rest, at_least) for item in items)
    if isinstance(value, dict) and key in value:
        return _reaches(value[key], rest, at_least)
    if isinstance(value, list) and key.isdigit() and int(key) < len(value):
        return _reaches(value[int(key)], rest, at_least)
    return False


def _next(run: LessonRun) -> LessonRun:
    step = run.current
    shown = run.rules_shown | {step.rule} if step is not None and step.rule else run.rules_shown
    return replace(run, step=run.step + 1, moves_seen={}, rules_shown=shown)


def _settle(run: LessonRun, game: Game, state: Any) -> LessonRun:
    """Move on while the current step's condition holds (a set-up step already done)."""
    while (step := run.current) is not None and is_met(step.done, run, game, state):
        run = _next(run)
    return run


def view(run: LessonRun, game: Game, state: Any) -> dict:
    """What the panel shows, as JSON: the step, its place in the lesson, its rule card."""
    steps = run.lesson.steps
    step = run.current
    out: dict[str, Any] = {
        "title": run.lesson.title.text().to_dict(),
        "number": min(run.step + 1, len(steps)),
        "steps": len(steps),
        "finished": run.finished,
        "skipped": run.skipped,
        "can_back": not run.skipped and run.step > 0,
        "step": None,
    }
    if step is None:
        return out
    acting = game.current_players(state)
    seat = acting[0] if acting else None
    highlight = step.highlight.model_dump() if step.highlight else {"region": None, "card": None}
    if highlight["region"] and "{seat}" in highlight["region"]:
        highlight["region"] = highlight["region"].replace(
            "{seat}", str(seat if seat is not None else 0)
        )
    first_time = step.rule is not None and step.rule not in run.rules_shown
    out["step"] = {
        "id": step.id,
        "say": step.say.text().to_dict(),
        "highlight": highlight,
        "seat": seat,
        "tap": isinstance(step.done, TapDone),
        "rule": run.lesson.rules[step.rule].text().to_dict() if first_time and step.rule else None,
    }
    return out
