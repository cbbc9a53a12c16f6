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

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .games.base import Game
from .lesson_format import (
    AnyDone,
    Lesson,
    LessonError,
    Moment,
    MoveDone,
    OverDone,
    PhaseDone,
    Step,
    TapDone,
    load_lesson,
    load_lesson_file,
    mat_regions,
    parse_lesson,
)
from .model import Move, Text
from .rules_pages import rule_links

__all__ = [
    "Lesson",
    "LessonError",
    "LessonRun",
    "load_lesson",
    "load_lesson_file",
    "parse_lesson",
    "start",
    "after_move",
    "after_verdicts",
    "tap",
    "back",
    "skip",
    "view",
]


# -- running a lesson ---------------------------------------------------------------------
@dataclass(frozen=True)
class LessonRun:
    """Where a lesson stands. `step == len(lesson.steps)` when it is finished."""

    lesson: Lesson
    step: int = 0
    moves_seen: Mapping[str, int] = field(default_factory=dict)
    skipped: bool = False
    rules_shown: frozenset[str] = frozenset()
    # rule cards of moments (Lesson.moments) already shown, and the one to show now:
    # (rule key, the example from this table, its points for a score line)
    moments_seen: frozenset[str] = frozenset()
    card: tuple[str, Text | None, float | None] | None = None
    # why the last move was refused, while teaching (the view adds what is allowed instead)
    refusal: tuple[Text, ...] = ()
    refusal_codes: tuple[str, ...] = ()  # their codes: the rules page explains each

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
    """The session accepted `move`; `state` is the state after it. A step waiting for a tap
    (a box opened, hands dealt) is done when the table has moved on past it: nobody taps
    "done" while the game is already under way (`companion demo --teach`, a table that
    ignores the panel), and the lesson must not stay on it while the game goes on."""
    if run.finished:
        return run
    while (step := run.current) is not None and isinstance(step.done, TapDone):
        run = _next(run)
    if run.finished:
        return run
    seen = dict(run.moves_seen)
    seen[move.kind] = seen.get(move.kind, 0) + 1
    return _settle(replace(run, moves_seen=seen), game, state)


def after_verdicts(run: LessonRun, game: Game, state: Any, verdicts: Iterable[Any]) -> LessonRun:
    """The session judged `verdicts` (`Session.verdicts` items): every accepted move, typed
    or seen by the camera, counts; refusals and undos do not (an undo never moves a lesson
    back). A refusal is kept to be explained; the first time a moment's rule applies, its
    card is kept to be shown. `state` is the state after them."""
    for verdict in verdicts:
        if run.finished or verdict.kind not in ("move", "event"):
            continue
        if not verdict.accepted:
            if verdict.violations:
                run = replace(
                    run,
                    refusal=tuple(v.message for v in verdict.violations),
                    refusal_codes=tuple(v.code for v in verdict.violations),
                )
            continue
        if verdict.move is None:
            continue
        run = replace(run, refusal=(), refusal_codes=(), card=None)
        run = _moments(after_move(run, game, state, verdict.move), game, state, verdict)
    return run


def _moments(run: LessonRun, game: Game, state: Any, verdict: Any) -> LessonRun:
    for moment in run.lesson.moments:
        if moment.rule in run.moments_seen:
            continue
        card = _moment_card(moment, game, state, verdict)
        if card is not None:
            run = replace(run, moments_seen=run.moments_seen | {moment.rule}, card=card)
    return run


def _moment_card(
    moment: Moment, game: Game, state: Any, verdict: Any
) -> tuple[str, Text | None, float | None] | None:
    if isinstance(moment.at, MoveDone):
        if verdict.move.kind not in moment.at.kinds:
            return None
        return (moment.rule, verdict.text, None)
    codes = set(moment.at.codes)
    for side in game.score(state):
        for line in side.lines:
            if line.code in codes:
                return (moment.rule, line.source, line.points)
    return None


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


def step_region(step: Step, game: Game, players: int, seat: int | None) -> str | None:
    """The mat region a step points at for the acting seat (`{seat}` filled in), or None."""
    region = step.highlight.region if step.highlight else None
    if region is None or "{seat}" not in region:
        return region
    region = region.replace("{seat}", str(seat if seat is not None else 0))
    # a seat without a region of its own (Musée's teams share a museum): nothing outlined
    return region if region in mat_regions(game, players) else None


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
        "moment": None,
        "refusal": None,
    }
    if step is None:
        return out
    acting = game.current_players(state)
    seat = acting[0] if acting else None
    highlight: dict[str, Any] = (
        step.highlight.model_dump() if step.highlight else {"region": None, "card": None}
    )
    highlight["region"] = step_region(step, game, state.players, seat)
    links = rule_links(game.info.slug)
    out["moment"] = _card_view(run)
    out["refusal"] = (
        {
            "why": [t.to_dict() for t in run.refusal],
            "instead": [t.to_dict() for t in game.hint_summary(state)],
            # the anchor of the broken rule on /rules/<game> (None when no rule explains it)
            "rule": next((links[c] for c in run.refusal_codes if c in links), None),
        }
        if run.refusal
        else None
    )
    first_time = step.rule is not None and step.rule not in run.rules_shown
    out["step"] = {
        "id": step.id,
        "say": step.say.text().to_dict(),
        "highlight": highlight,
        "seat": seat,
        "tap": isinstance(step.done, TapDone),
        "rule": run.lesson.rules[step.rule].text().to_dict() if first_time and step.rule else None,
        "rule_id": step.rule if first_time else None,  # its anchor on /rules/<game>
    }
    return out


def _card_view(run: LessonRun) -> dict | None:
    if run.card is None:
        return None
    rule, example, points = run.card
    return {
        "rule": run.lesson.rules[rule].text().to_dict(),
        "rule_id": rule,
        "example": example.to_dict() if example is not None else None,
        "points": int(points) if points is not None and float(points).is_integer() else points,
    }
