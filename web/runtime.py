"""The live game behind the dashboard: one session, its store, the camera thread, listeners.

Every change (a move, an undo, a camera event, a manual correction, a new game) goes through
`Runtime` under one lock, bumps `version`, and wakes the Server-Sent-Events streams. The
camera runs in a background thread calling `watcher.step()`; the page never touches OpenCV.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.errors import (
    CompanionError,
    MalformedRecordError,
    StaleStateError,
    StoreUnavailableError,
)
from companion.events import CardAdded, CardRemoved, FrameEnd, Where
from companion.games import Game, all_games, find_game
from companion.model import Move, Outcome, Setup, Text
from companion.record import GameRecord, parse_record, record_from_log
from companion.session import Session, Verdict
from companion.store import GameStore
from companion.validation import InvalidFieldError, check_text

log = logging.getLogger(__name__)
# Loggers whose warnings and errors the dashboard's diagnostics show to the players.
WATCHED_LOGGERS = ("companion", "web", "vision", "calibration")


class ProblemLog(logging.Handler):
    """The last warnings and errors logged anywhere in the companion, kept for the dashboard
    (a swallowed failure is logged once with its cause, and the players can see it)."""

    def __init__(self, keep: int = 20):
        super().__init__(logging.WARNING)
        self.entries: collections.deque[dict] = collections.deque(maxlen=keep)

    def emit(self, record: logging.LogRecord) -> None:
        cause = record.exc_info[1] if record.exc_info else None
        self.entries.append(
            {
                "time": round(record.created, 1),
                "level": record.levelname.lower(),
                "where": record.name,
                "message": record.getMessage(),
                "cause": f"{cause.__class__.__name__}: {cause}" if cause else None,
            }
        )

    def attach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).addHandler(self)

    def detach(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).removeHandler(self)


class RuleBreak(CompanionError):
    """A command the rules reject: answered 422 with the violations (never a crash)."""

    def __init__(self, verdicts: list[Verdict]):
        self.verdicts = verdicts
        self.violations = [v for verdict in verdicts for v in verdict.violations]
        super().__init__("; ".join(v.message.en for v in self.violations) or "rule break")


@dataclass
class CameraView:
    """What the camera thread last produced, for the preview endpoint and the status line."""

    jpeg: bytes | None = None
    jpeg_time: float | None = None  # wall-clock time the preview was produced
    frame_no: int = 0  # counts preview frames: viewers send each one once
    status: dict = field(
        default_factory=lambda: {
            "online": False,
            "reason": "no camera",
            "last_frame_age_s": None,
            "frames_read": 0,
            "finished": False,
        }
    )
    calibrated: bool | None = None
    reprojection_error_mm: float | None = None
    warnings: list[str] = field(default_factory=list)
    source: str | None = None
    decoding: dict | None = None  # the card reader's counts (vision TableWatcher.decoding_counts)


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
        except Exception:  # noqa: BLE001 - the old camera is dropped either way
            log.warning("closing the previous camera failed", exc_info=True)
        self.watcher = self.watcher_factory(self.session.game.info.slug, self.session.setup.players)
        self.camera = CameraView(source=self.camera.source)

    def open_game(self, game_id: int) -> None:
        with self.lock:
            before = (self.session.game.info.slug, self.session.setup.players)
            self.session = self.store.load(game_id)
            self.game_id = game_id
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
            moves = self.session.moves
            verdict = self.session.undo(state_id=state_id)
            verdicts = [verdict]
            if self.watcher is None and moves:
                # No camera says what lies on the table: a card put there by hand for the
                # move just undone goes with it, logged, instead of staying as a ghost.
                card = moves[-1].get("card")
                for piece in [
                    p
                    for p in self.session.table.values()
                    if p.payload == card and p.track_id.startswith("manual-")
                ]:
                    verdicts.extend(
                        self.session.observe(
                            CardRemoved(
                                piece.track_id,
                                piece.payload,
                                piece.kind,
                                t=self._clock(),
                                source="manual",
                            )
                        )
                    )
            self._after(verdicts)
            return verdict

    def redo(self, state_id: int | None) -> Verdict:
        """The move undone last, played again through the engine and the log. A card that
        the undo lifted off the table (no camera) is laid back where it was, which makes
        the same move, as laying it there did the first time."""
        with self.lock:
            self._require_current(state_id)
            pending = self.session.redo_moves
            card = pending[-1].get("card") if pending else None
            on_table = any(p.payload == card for p in self.session.table.values())
            lifted = self._lifted_by_undo(card) if card is not None else None
            if lifted is not None and self.watcher is None and not on_table:
                verdicts = self.session.observe(
                    CardAdded(
                        f"manual-{card}-{len(self.session.records)}",
                        card,
                        Where.from_dict(lifted["where"]),
                        kind=lifted["kind"],
                        face_down=lifted.get("face_down", False),
                        value=lifted.get("value"),
                        t=self._clock(),
                        source="manual",
                    )
                )
                if len(self.session.redo_moves) < len(pending):
                    self._after(verdicts)
                    return next(v for v in verdicts if v.kind == "event" and v.move is not None)
                # laid back, it meant something else: the move itself is still played below
            verdict = self.session.redo()
            self._after([verdict])
            return verdict

    def _lifted_by_undo(self, card: str) -> dict | None:
        """How `card` lay on the table before an undo took it off (no camera), read from the
        log: its last manual removal must follow an undo record directly, and its last
        placement before that says where it lay. None if it was not lifted so."""
        records = self.session.records
        for index in range(len(records) - 1, 0, -1):
            event = records[index].get("event") or {}
            if event.get("type") != "card_removed" or event.get("payload") != card:
                continue
            if event.get("source") != "manual" or records[index - 1].get("type") != "undo":
                return None
            for earlier in reversed(records[:index]):
                placed = earlier.get("event") or {}
                if placed.get("type") == "card_added" and placed.get("payload") == card:
                    return placed
            return None
        return None

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
            check_text(payload, "correction, field 'payload'")
            payload = payload.strip().upper()
            now = self._clock()
            verdicts: list[Verdict] = []
            if action == "add":
                if payload not in self.session.game.catalogue:
                    raise MalformedRecordError(
                        f"{payload!r} is not a {self.session.game.info.slug} card or token"
                    )
                on_table = [p for p in self.session.table.values() if p.payload == payload]
                if on_table:
                    raise MalformedRecordError(
                        f"{payload} is already on the table; remove it first"
                    )
                if slot is not None and not isinstance(slot, (list, tuple)):
                    raise InvalidFieldError("correction, field 'slot'", "must be a list")
                where = Where(region, tuple(slot) if slot is not None else None)
                event = CardAdded(
                    f"manual-{payload}-{len(self.session.records)}",
                    payload,
                    where,
                    kind=kind,
                    t=now,
                    source="manual",
                )
                # Every field is judged before anything changes: a bad slot must not clear the
                # card lying in the slot it resembles ([true, 0] is not [1, 0]).
                self.session.check_event(event)
                verdicts.extend(self._clear_slot(where, now))
            elif action == "remove":
                matches = [p for p in self.session.table.values() if p.payload == payload]
                if not matches:
                    raise MalformedRecordError(f"{payload} is not on the table")
                piece = matches[0]
                moves = self.session.moves
                if moves and moves[-1].get("card") == payload:
                    verdicts.append(self.session.undo())  # a card that was never there
                event = CardRemoved(piece.track_id, payload, piece.kind, t=now, source="manual")
            else:
                raise MalformedRecordError(f"action must be 'add' or 'remove', not {action!r}")
            verdicts.extend(self.session.observe(event))
            self._after(verdicts)
            return verdicts

    def _clear_slot(self, where: Where, now: float) -> list[Verdict]:
        """A misread card: the one the camera put in this slot goes before the right one comes.

        If its placement was the last accepted move, that move is undone first (a misread is
        not a painting that moved); every step is logged like any other input.
        """
        if where.region is None or where.slot is None:
            return []
        verdicts: list[Verdict] = []
        for piece in list(self.session.table.values()):
            if piece.where.region != where.region or piece.where.slot != where.slot:
                continue
            moves = self.session.moves
            if moves and moves[-1].get("card") == piece.payload:
                verdicts.append(self.session.undo())
            verdicts.extend(
                self.session.observe(
                    CardRemoved(piece.track_id, piece.payload, piece.kind, t=now, source="manual")
                )
            )
        return verdicts

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
                snap["staff_acks"] = [dict(ack) for ack in self.staff_acks]
                snap["lesson"] = self.lesson.view() if self.lesson is not None else None
                cached = self._snapshot_cache = (key, snap)
            return dict(cached[1], camera=self.camera_status())

    def match(self) -> dict | None:
        """The match these players are in (Musée: first to win two games), from the stored
        results of finished games of the same game with the same names, oldest first; a
        decided match is followed by a new one."""
        game = self.session.game
        data = getattr(game, "data", None)
        needed = getattr(data, "match_wins_needed", None)
        if not needed:
            return None
        from companion.match import Match

        sides = tuple(s.side for s in game.score(self.session.state))
        match = Match(sides, needed)
        for stored in reversed(self.store.games()):
            outcome = (stored.get("result") or {}).get("outcome")
            if (
                stored["game"] != game.info.slug
                or outcome is None
                or stored["setup"].get("names") != list(self.session.setup.names)
            ):
                continue
            if match.over:
                match = Match(sides, needed)
            try:
                match = match.record(Outcome(tuple(outcome["winners"]), (), Text("", "")))
            except CompanionError:
                continue  # a stored result with other sides: not this match
        return {
            "wins_needed": needed,
            "wins": {s: match.wins(s) for s in sides},
            "games": len(match.results),
            "winners": list(match.winners),
        }

    def camera_status(self) -> dict:
        status = dict(self.camera.status)
        if self.camera.jpeg_time is not None:
            # the age of the frame on screen, measured now, so a stalled thread shows as stale
            status["preview_age_s"] = round(max(0.0, time.time() - self.camera.jpeg_time), 1)
        else:
            status["preview_age_s"] = None
        status["has_preview"] = self.camera.jpeg is not None
        status["calibrated"] = self.camera.calibrated
        status["reprojection_error_mm"] = self.camera.reprojection_error_mm
        status["warnings"] = list(self.camera.warnings[-5:])
        status["source"] = self.camera.source
        status["attached"] = self.watcher is not None
        status["problems"] = list(self.problems.entries)[-5:]
        status["decoding"] = self.camera.decoding
        return status

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
                    self.frame_ready.notify_all()
            self.camera.status = step.status.to_dict()
            self.camera.calibrated = step.calibrated
            self.camera.reprojection_error_mm = step.reprojection_error_mm
            if step.decoding is not None:
                self.camera.decoding = step.decoding
            # Distinct warnings only: an offline camera repeats its reason on every step.
            for warning in step.warnings:
                if warning != step.status.reason and warning not in self.camera.warnings:
                    self.camera.warnings = (self.camera.warnings + [warning])[-20:]
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
            except Exception as exc:  # noqa: BLE001 - a broken frame must not kill the dashboard
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
            except Exception:  # noqa: BLE001 - stopping goes on: the store must still close
                log.warning("closing the camera failed", exc_info=True)
        for hook in self.on_close:
            try:
                hook()
            except Exception:  # noqa: BLE001 - whatever fails, the store below must close
                log.warning("a stop hook failed", exc_info=True)
        self.store.close()  # checkpoints the write-ahead log: every move is in the main file
        self.problems.detach()
