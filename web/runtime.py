"""The live game behind the dashboard: one session, its store, the camera thread, listeners.

Every change (a move, an undo, a camera event, a manual correction, a new game) goes through
`Runtime` under one lock, bumps `version`, and wakes the Server-Sent-Events streams. The
camera runs in a background thread calling `watcher.step()`; the page never touches OpenCV.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

from companion.errors import (
    CompanionError,
    MalformedRecordError,
    StaleStateError,
    StoreUnavailableError,
)
from companion.events import FrameEnd
from companion.games import Game, all_games, find_game
from companion.model import Move, Setup
from companion.record import GameRecord, game_times, parse_record, record_from_log
from companion.session import Session, Verdict
from companion.store import GameStore
from companion.validation import InvalidFieldError

from .errors import RuleBreak
from .hand import HandTable
from .overlay import PictureShelf
from .standing import match_standing
from .status import CameraView, ProblemLog, camera_status

log = logging.getLogger(__name__)


class Runtime:
    def __init__(
        self,
        store: GameStore,
        game: Game | str,
        setup: Setup,
        *,
        fresh: bool = False,
        clock: Callable[[], float] = time.time,
    ):
        self.store = store
        self.lock = threading.RLock()
        self._result_checked: tuple[int, int] | None = None  # (game id, state id) last stored
        self.changed = threading.Condition(self.lock)
        self.frame_ready = threading.Condition()  # a new preview frame (its own lock: cheap)
        # the last snapshot built, reused until the game changes: (key, snapshot)
        self._snapshot_cache: tuple[tuple, dict] | None = None
        self.version = 0
        self.camera = CameraView()
        self.pictures = PictureShelf()  # recent frames for the outlines (web.overlay)
        self.watcher: Any = None
        # (game, players) -> a new watcher, so a new game with another layout re-opens the camera
        self.watcher_factory: Callable[[str, int], Any] | None = None
        self._watch_thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._clock = clock
        self.resumed = False
        # Alerts that café staff acknowledged ({kind, code, cards, at}), set by the café
        # publisher, so the players see on their own dashboard that someone is coming.
        self.staff_acks: list[dict] = []
        self.problems = ProblemLog()
        self.problems.attach()
        self._camera_failure: str | None = None  # the last camera error logged (logged once)
        self.on_close: list[Callable[[], None]] = []
        # Called after every change, with the lock held: they must only take note and return
        # (the café publisher wakes its own thread). See `add_observer`.
        self._observers: list[Callable[[], None]] = []
        self.lesson: Any = None  # web.lesson.LessonPanel in teach mode: its view joins snapshots
        game_obj = find_game(game) if isinstance(game, str) else game
        game_obj.validate_setup(setup)
        self.session: Session
        self.game_id: int
        resume_id = None if fresh else store.latest_unfinished(game_obj.info.slug)
        if resume_id is not None:
            stored = next(g for g in store.games() if g["id"] == resume_id)
            if stored["setup"].get("players") != setup.players:
                resume_id = None  # a different table: start afresh, keep the old game listed
        if resume_id is not None:
            try:
                self.session = store.load(resume_id)
            except CompanionError as exc:
                # Its very set-up cannot be read: keep it listed, report it, start afresh.
                log.error("stored game %s cannot be resumed: %s", resume_id, exc)
                self.camera.warnings.append(f"stored game {resume_id} cannot be resumed: {exc}")
                resume_id = None
        if resume_id is not None:
            self.game_id = resume_id
            self.resumed = True
        else:
            self._start(game_obj, setup)

    # -- games ----------------------------------------------------------------------------
    def _start(self, game: Game, setup: Setup) -> None:
        session = Session(game, setup, clock=self._clock)
        self.game_id = self.store.new_game(session)
        self.session = session
        self.resumed = False  # a game set up now was not resumed after a restart

    def new_game(self, game: str, setup: Setup) -> None:
        game_obj = find_game(game)
        game_obj.validate_setup(setup)
        with self.lock:
            before = (self.session.game.info.slug, self.session.setup.players)
            self._start(game_obj, setup)
            if before != (game_obj.info.slug, setup.players):
                self._rebuild_watcher()
            self._changed()

    def _rebuild_watcher(self) -> None:
        """A different game or player count means another mat layout: reopen the camera."""
        if self.watcher is None or self.watcher_factory is None:
            return
        old = self.watcher
        try:
            old.close()
        except Exception:  # the old camera is dropped either way
            log.warning("closing the previous camera failed", exc_info=True)
        self.watcher = self.watcher_factory(self.session.game.info.slug, self.session.setup.players)
        self.camera = CameraView(source=self.camera.source)
        self.pictures.clear()

    def open_game(self, game_id: int) -> None:
        with self.lock:
            before = (self.session.game.info.slug, self.session.setup.players)
            self.session = self.store.load(game_id)
            self.game_id = game_id
            self.resumed = False  # opened from the list, not resumed after a restart
            if before != (self.session.game.info.slug, self.session.setup.players):
                self._rebuild_watcher()
            self._changed()

    def import_record(self, text: str, *, open_it: bool = False) -> int:
        record = parse_record(text, "the uploaded record")
        session = Session.replay(record.records())  # proves it replays before storing
        game_id = self.store.new_game(session)
        self._maybe_finish(game_id, session)
        if open_it:
            self.open_game(game_id)
        return game_id

    def export_record(self, game_id: int) -> GameRecord:
        return record_from_log(self.store.records(game_id))

    def games(self) -> list[dict]:
        return self.store.games()

    @staticmethod
    def available_games() -> list[dict]:
        return [g.info.to_dict() for g in all_games()]

    # -- commands (all carry the state id the page saw) -----------------------------------
    def play(self, move: Move, state_id: int | None) -> Verdict:
        with self.lock:
            verdict = self.session.play(move, state_id=state_id, source="manual")
            self._after([verdict])
            return verdict

    def undo(self, state_id: int | None) -> Verdict:
        with self.lock:
            verdict, verdicts = self._by_hand().undo(state_id)
            self._after(verdicts)
            return verdict

    def redo(self, state_id: int | None) -> Verdict:
        """The move undone last, played again (see `HandTable.redo`)."""
        with self.lock:
            self._require_current(state_id)
            verdict, verdicts = self._by_hand().redo()
            self._after(verdicts)
            return verdict

    def correct(
        self,
        state_id: int | None,
        action: str,
        payload: str,
        region: str | None = None,
        slot: list | None = None,
        kind: str = "card",
    ) -> list[Verdict]:
        """A manual CardAdded / CardRemoved, logged like any camera event."""
        with self.lock:
            self._require_current(state_id)
            verdicts = self._by_hand().correct(action, payload, region, slot, kind)
            self._after(verdicts)
            return verdicts

    def _by_hand(self) -> HandTable:
        return HandTable(self.session, self._clock, camera=self.watcher is not None)

    def set_manual_corners(self, points: list) -> None:
        with self.lock:
            if self.watcher is None or not hasattr(self.watcher, "set_manual_corners"):
                raise MalformedRecordError("there is no camera to calibrate")
            self.watcher.set_manual_corners(points)
            self._changed()

    def _require_current(self, state_id: int | None) -> None:
        if state_id is not None and state_id != self.session.state_id:
            raise StaleStateError(state_id, self.session.state_id)

    def _after(self, verdicts: list[Verdict]) -> None:
        self._maybe_finish(self.game_id, self.session)
        self._changed()
        rejected = [v for v in verdicts if not v.accepted]
        if rejected:
            raise RuleBreak(rejected)

    def _maybe_finish(self, game_id: int, session: Session) -> None:
        """Keep the stored result in step with the game (an undo can un-end it).

        Called after every input and camera step; the database is written only when the
        game's state has changed since the last call for that game."""
        key = (game_id, session.state_id)
        if self._result_checked == key:
            return
        try:
            if session.game.is_over(session.state):
                self.store.finish(game_id, session)
            else:
                self.store.reopen(game_id)
        except StoreUnavailableError:
            # The moves themselves are stored; only the cached result lags, and is written
            # on the next change. Not the command's failure.
            log.warning("the result of game %s could not be stored yet", game_id, exc_info=True)
            return
        self._result_checked = key

    def add_observer(self, observer: Callable[[], None]) -> None:
        """Call `observer()` after every change (a move, an undo, a camera event, a new game),
        and after each event of a camera frame as soon as it is judged.

        It runs under the runtime's lock on the thread that made the change, so the session
        is consistent; it must be quick (copy what it needs, wake its own thread, return)."""
        self._observers.append(observer)

    def set_staff_acknowledgements(self, acks: list[dict]) -> None:
        """The alerts staff have acknowledged (from the café page), for the dashboard."""
        with self.lock:
            if acks != self.staff_acks:
                self.staff_acks = [dict(ack) for ack in acks]
                self._changed()

    def _changed(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()
            self._notify_observers()

    def _notify_observers(self) -> None:
        for observer in self._observers:
            observer()

    def match(self) -> dict | None:
        """The match these players are in (web.standing)."""
        return match_standing(self.session, self.store.games)

    def camera_status(self) -> dict:
        table, attached = list(self.session.table.values()), self.watcher is not None
        status = camera_status(self.camera, self.problems, attached=attached, table=table)
        status["has_picture"] = self.pictures.latest() is not None  # web.overlay can draw
        return status

    # -- views ----------------------------------------------------------------------------
    def snapshot(self) -> dict:
        """The state as the dashboard shows it. Built once per change of the game and shared
        (the command's answer and every live viewer get the same one); the camera part is
        always fresh. Callers get their own top-level dict and must not change nested ones."""
        with self.lock:
            session = self.session
            key = (self.version, self.game_id, id(session), session.state_id, len(session.records))
            cached = self._snapshot_cache
            if cached is None or cached[0] != key:
                snap = session.snapshot()
                snap["game_id"] = self.game_id
                snap["version"] = self.version
                snap["resumed"] = self.resumed
                snap["match"] = self.match()
                snap["times"] = game_times(session.records)
                snap["staff_acks"] = [dict(ack) for ack in self.staff_acks]
                snap["lesson"] = self.lesson.view() if self.lesson is not None else None
                cached = self._snapshot_cache = (key, snap)
            return dict(cached[1], camera=self.camera_status())

    def catalogue(self) -> list[dict]:
        """Every piece of the game, each saying whether it is in play at this player count
        (pickers offer only those; the rest are still named when one turns up)."""
        game = self.session.game
        in_play = game.pieces_in_play(self.session.state)
        return [
            {**p.to_dict(), "in_play": p.payload in in_play}
            for p in game.catalogue.pieces
            if p.kind != "back"
        ]

    # -- camera thread --------------------------------------------------------------------
    def attach_watcher(self, watcher: Any, source_label: str, interval_s: float = 0.0) -> None:
        """Run `watcher.step()` in the background; `interval_s` paces sources like a demo."""
        self.watcher = watcher
        self.camera.source = source_label
        self.camera.status = dict(self.camera.status, reason="starting")
        self._stop.clear()
        self._watch_thread = threading.Thread(
            target=self._watch, args=(interval_s,), name="table-watcher", daemon=True
        )
        self._watch_thread.start()

    def step_once(self) -> None:
        """One watcher step, applied to the session (the thread's body; tests call it too)."""
        watcher = self.watcher
        step = watcher.step()
        with self.lock:
            if watcher is not self.watcher:
                return  # a new game replaced the camera meanwhile: this step is stale
            if step.preview_jpeg is not None:
                with self.frame_ready:
                    self.camera.jpeg = step.preview_jpeg
                    self.camera.jpeg_time = time.time()
                    self.camera.frame_no += 1
                    self.pictures.add(self.camera.frame_no, step.picture)  # None: none made
                    self.frame_ready.notify_all()
            self.camera.take(step)
            verdicts: list[Verdict] = []
            for event in step.events:
                if isinstance(event, FrameEnd):
                    # Cards added by hand are ones the camera cannot see: its "alive" list must
                    # not turn them into ghosts.
                    manual = {tid for tid in self.session.table if tid.startswith("manual-")}
                    if manual - event.alive:
                        event = FrameEnd(event.alive | manual, event.t, event.source)
                try:
                    verdicts.extend(self.session.observe(event))
                except InvalidFieldError as exc:
                    # A piece the layout cannot place is reported, never stored, and the
                    # frame's other events still count.
                    warning = f"camera event refused: {exc}"
                    if warning not in self.camera.warnings:
                        self.camera.warnings = (self.camera.warnings + [warning])[-20:]
                    continue
                # Observers hear of each judged event at once, not after the whole frame:
                # a frame can carry dozens of events, each written to disk.
                self._notify_observers()
            # A recorded demo also replays what its players declared on the dashboard
            # ("I cannot play"), which no camera can see.
            due = getattr(watcher, "due_moves", None)
            declared = due(self.session) if due is not None else []
            for move in declared:
                verdicts.append(self.session.play(move, source="demo"))
            self._maybe_finish(self.game_id, self.session)
            if step.events or declared:
                self._changed()

    def _watch(self, interval_s: float) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self.step_once()
            except Exception as exc:  # a broken frame must not kill the dashboard
                failure = f"{exc.__class__.__name__}: {exc}"
                if failure != self._camera_failure:  # once per distinct failure, not per frame
                    log.error("the camera step failed", exc_info=True)
                self._camera_failure = failure
                with self.lock:
                    self.camera.status = dict(
                        self.camera.status, online=False, reason=f"camera error: {exc}"
                    )
            else:
                self._camera_failure = None
            finished = bool(self.camera.status.get("finished"))
            # A live camera's step waits for its next frame itself: no pause after it.
            idle = 0.0 if getattr(self.watcher, "waits_for_frames", False) else 0.02
            pause = max(interval_s - (time.monotonic() - started), idle)
            if finished:
                pause = max(pause, 0.5)
            self._stop.wait(pause)

    def close(self) -> None:
        self._stop.set()
        if self._watch_thread is not None:
            self._watch_thread.join(timeout=5)
        if self.watcher is not None and hasattr(self.watcher, "close"):
            try:
                self.watcher.close()
            except Exception:  # stopping goes on: the store must still close
                log.warning("closing the camera failed", exc_info=True)
        for hook in self.on_close:
            try:
                hook()
            except Exception:  # whatever fails, the store below must close
                log.warning("a stop hook failed", exc_info=True)
        self.store.close()  # checkpoints the write-ahead log: every move is in the main file
        self.problems.detach()
