"""Teach mode: the lesson of the game on the table, followed beside the session.

The lesson's state lives here, never in the game record: the game played while teaching is
an ordinary game, stored and scored as usual. A game resumed after a restart is replayed
through its lesson, so the panel resumes at the step the game implies. The panel follows the session as a runtime
observer (after every move, camera event and new game) and adds its view to the snapshot as
`lesson` (None when not teaching). Players change it with `POST /api/lesson`:
`{"action": "tap" | "back" | "skip" | "start"}` ("start" begins the lesson of the game on the
table, from the set-up page's "Teach this game" or to teach again after a skip).

A step that points at a mat region (or names a card) has a picture: the game's mat with the
region outlined, drawn by the rules pages' renderer (web/rules_pictures.py) at
`GET /lesson/<game>/picture/<step>.png?players=N&seat=S`. It depends only on the lesson and
the mat, never on the table: no card lying on it, hidden or not, is ever drawn.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from flask import Blueprint, current_app, jsonify, request

from companion import lessons
from companion.catalogue import load_catalogue
from companion.errors import CompanionError
from companion.games import find_game
from companion.lessons import LessonError, LessonRun
from companion.session import Session

from .api import body
from .errors import ApiError
from .rules_pictures import picture_response

if TYPE_CHECKING:  # pragma: no cover
    from .runtime import Runtime

log = logging.getLogger(__name__)

ACTIONS = ("tap", "back", "skip", "start")


class LessonPanel:
    """The lesson run for the session on the table; None while nobody is being taught."""

    def __init__(self, runtime: "Runtime", teach: bool):
        self.runtime = runtime
        self.teaching = teach
        self.run: LessonRun | None = None
        self._session_id: int | None = None
        self._verdicts_seen = 0
        runtime.lesson = self
        runtime.add_observer(self.follow)
        self.follow()

    def follow(self) -> None:
        """Called with the runtime's lock held after every change: hear new verdicts."""
        session = self.runtime.session
        if id(session) != self._session_id:
            self._session_id = id(session)
            self._verdicts_seen = len(session.verdicts)
            self.run = self._begin() if self.teaching else None
            return
        fresh = session.verdicts[self._verdicts_seen :]
        self._verdicts_seen = len(session.verdicts)
        if self.run is not None and fresh:
            self.run = lessons.after_verdicts(self.run, session.game, session.state, fresh)

    def _begin(self) -> LessonRun | None:
        session = self.runtime.session
        try:
            lesson = lessons.load_lesson(session.game.info.slug)
        except LessonError as exc:
            log.error("no lesson can be taught: %s", exc)
            return None
        return _caught_up(lessons.start(lesson, session.game, session.state), session)

    def act(self, action: str) -> None:
        session = self.runtime.session
        if action == "start":
            self.teaching = True
            self.run = self._begin()
            if self.run is None:
                raise ApiError(404, "there is no lesson for this game yet", "no_lesson")
            return
        if self.run is None:
            raise ApiError(409, "no lesson is being taught", "not_teaching")
        if action == "tap":
            self.run = lessons.tap(self.run, session.game, session.state)
        elif action == "back":
            self.run = lessons.back(self.run)
        else:
            self.run = lessons.skip(self.run)
            self.teaching = False

    def view(self) -> dict[str, Any] | None:
        if self.run is None:
            return None
        session = self.runtime.session
        out = lessons.view(self.run, session.game, session.state)
        step = out["step"]
        if step is not None:
            step["picture"] = _picture_address(session, step)
        return out


def _picture_address(session: Session, step: dict[str, Any]) -> str | None:
    """Where the step's picture is served, or None when it points at nothing on the mat."""
    if not (step["highlight"]["region"] or step["highlight"]["card"]):
        return None
    seat = step["seat"] if step["seat"] is not None else 0
    return (
        f"/lesson/{session.game.info.slug}/picture/{step['id']}.png"
        f"?players={session.state.players}&seat={seat}"
    )


def _caught_up(run: LessonRun, session: Session) -> LessonRun:
    """The lesson where the game on the table has brought it: a game resumed after a restart
    (or taught again after a skip) is replayed through the lesson record by record, each
    verdict with the state it left, so the panel resumes at the step the game implies, not
    at step 1. Its last rule card and refusal are not shown again."""
    if len(session.records) <= 1:
        return run
    shadow = Session.replay(session.records[:1], game=session.game)
    for record in session.records[1:]:
        heard = len(shadow.verdicts)
        try:
            shadow.feed(record)
        except CompanionError:
            continue  # set aside when the game was loaded: it made no move
        run = lessons.after_verdicts(run, shadow.game, shadow.state, shadow.verdicts[heard:])
    return replace(run, card=None, refusal=(), refusal_codes=())


bp = Blueprint("lesson", __name__, url_prefix="/api")


@bp.post("/lesson")
def lesson_command():
    data = body()
    action = data.get("action")
    if action not in ACTIONS:
        raise ApiError(
            400, "a lesson command needs 'action': tap, back, skip or start", "bad_action"
        )
    runtime: Runtime = current_app.extensions["companion_runtime"]
    panel: LessonPanel = current_app.extensions["companion_lesson"]
    with runtime.lock:
        panel.act(str(action))
        runtime._changed()  # a new snapshot for every screen (the lesson is part of it)
    return jsonify(runtime.snapshot())


pictures = Blueprint("lesson_pictures", __name__)


@pictures.get("/lesson/<slug>/picture/<step_id>.png")
def step_picture(slug: str, step_id: str):
    """The step's mat with its region (for that seat) outlined, and its card if it names one."""
    game = find_game(slug)
    players = _small_int("players", game.info.player_counts[0])
    if players not in game.info.player_counts:
        counts = ", ".join(map(str, game.info.player_counts))
        raise ApiError(400, f"{game.info.slug} is played by {counts} players", "bad_players")
    seat = _small_int("seat", 0)
    if not 0 <= seat < players:
        raise ApiError(400, f"a seat is a number from 0 to {players - 1}", "bad_seat")
    try:
        lesson = lessons.load_lesson(game.info.slug)
    except LessonError as exc:
        raise ApiError(404, str(exc), "no_lesson") from exc
    step = next((s for s in lesson.steps if s.id == step_id), None)
    if step is None:
        raise ApiError(404, f"{game.info.slug}'s lesson has no step {step_id!r}", "not_found")
    region = lessons.step_region(step, game, players, seat)
    card = step.highlight.card if step.highlight else None
    cards = [card] if card and card in load_catalogue(game.info.slug) else []
    if region is None and not cards:
        raise ApiError(404, f"step {step_id!r} points at nothing on the mat", "not_found")
    return picture_response(game.info.slug, players, region, cards)


def _small_int(name: str, default: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not raw.isdigit() or len(raw) > 2:
        raise ApiError(400, f"'{name}' must be a small whole number", f"bad_{name}")
    return int(raw)


def install_lessons(app, runtime: "Runtime", teach: bool) -> LessonPanel:
    panel = LessonPanel(runtime, teach)
    app.extensions["companion_lesson"] = panel
    app.register_blueprint(bp)
    app.register_blueprint(pictures)
    return panel
