"""A game in progress: state, history with undo, a state id, verdicts and the event log.

The log is append-only and records *inputs* (moves, table events, undos) in order; every
verdict is recomputed from them, so `Session.replay(records)` rebuilds any session exactly.
Whatever feeds the session (camera, dashboard, a replayed file) goes through the same three
entry points: `play` for a move, `observe` for a table event, `undo`.

Redo is not a record of its own: the moves undone since the last new move wait on a redo
list, and `redo` plays the next one again as an ordinary move (checked, stored). Accepting
exactly that move takes it off the list; any other accepted move ends the list. So a
replayed log rebuilds the redo list as well.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .errors import (
    CompanionError,
    NothingToRedoError,
    NothingToUndoError,
    StaleStateError,
)
from .events import (
    CardAdded,
    CardMoved,
    CardRemoved,
    FrameEnd,
    PieceEvent,
    PieceOnTable,
    TableEvent,
    event_from_dict,
    event_to_dict,
)
from .games import Game, find_game
from .log_records import RecordClock, check_log_record, check_setup_record, stamp_of
from .model import Move, Setup, Text, Violation
from .snapshot import move_text, move_words, snapshot
from .validation import (
    EVENT_SOURCES,
    Str,
    validate_event,
    validate_move,
    validate_setup,
)
from .verdict import Verdict

RecordSink = Callable[[dict], "int | None"]  # may return the number the store gave it

log = logging.getLogger(__name__)


@dataclass
class _HistoryEntry:
    move: Move
    state_before: Any
    seq: int
    piece: str | None = None  # the payload whose placement made the move (None: entered)


class Session:
    def __init__(
        self,
        game: Game | str,
        setup: Setup,
        sink: RecordSink | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.game = find_game(game) if isinstance(game, str) else game
        validate_setup(self.game, setup)
        self.setup = setup
        self.state = self.game.new_game(setup)
        self.state_id = 0
        self.records: list[dict] = []
        self.verdicts: list[Verdict] = []
        self.table: dict[str, PieceOnTable] = {}
        # Active camera alerts, keyed by payload: a rule break that is still on the table.
        self.alerts: dict[str, tuple[Violation, ...]] = {}
        # Stored records a tolerant replay could not use: {"seq", "reason", "record"}
        self.set_aside: list[dict] = []
        self._history: list[_HistoryEntry] = []
        self._redo: list[_HistoryEntry] = []  # undone moves, the next one to redo last
        self._sink = sink
        self._clock = clock
        self._record({"type": "setup", "game": self.game.info.slug, "setup": setup.to_dict()})

    # -- entry points ---------------------------------------------------------------------
    def play(self, move: Move, *, state_id: int | None = None, source: str = "manual") -> Verdict:
        """A move entered on the dashboard or read from a file (in an older shape too: a
        recording or a saved game from before a move changed shape, `Game.recorded_move`)."""
        self._require_current(state_id)
        move = self.game.recorded_move(self.state, move)
        self.check_move(move)  # judged before it is stored: a malformed move never enters the log
        Str(EVENT_SOURCES).check(source, "move record, field 'source'", None)
        seq = self._record({"type": "move", "move": move.to_dict(), "source": source})
        return self._judge(seq, "move", move, source)

    def observe(self, event: TableEvent) -> list[Verdict]:
        """A settled table event from the camera, a manual correction or a replay."""
        self.check_event(event)  # judged before it is stored, as moves are
        if isinstance(event, FrameEnd):
            ghosts = [p for tid, p in self.table.items() if tid not in event.alive]
            seq = self._record({"type": "event", "event": event_to_dict(event)})
            verdicts = []
            for piece in ghosts:
                removal = CardRemoved(
                    piece.track_id, piece.payload, piece.kind, event.t, event.source
                )
                verdicts.extend(self._observe_piece(seq, removal))
            return verdicts
        seq = self._record({"type": "event", "event": event_to_dict(event)})
        return self._observe_piece(seq, event)

    def undo(self, *, state_id: int | None = None) -> Verdict:
        self._require_current(state_id)
        if not self._history:
            raise NothingToUndoError("there is no move to undo")
        seq = self._record({"type": "undo"})
        return self._undo(seq)

    def redo(self, *, state_id: int | None = None, source: str = "manual") -> Verdict:
        """Play the move undone last again, as a new move record (checked like any move)."""
        self._require_current(state_id)
        if not self._redo:
            raise NothingToRedoError("there is no undone move to redo")
        return self.play(self._redo[-1].move, source=source)

    def check_move(self, move: Move) -> None:
        """Raise InvalidFieldError unless every field of `move` fits what this game declares."""
        validate_move(self.game, self.setup, move)

    def check_event(self, event: TableEvent) -> None:
        """Raise InvalidFieldError unless every field of `event` fits this game's table."""
        validate_event(self.game, self.setup, event)

    # -- views ----------------------------------------------------------------------------
    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(entry.move for entry in self._history)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The undone moves a redo would play, the next one last."""
        return tuple(entry.move for entry in self._redo)

    @property
    def last_move_piece(self) -> str | None:
        """The piece (its payload) whose placement on the table made the last move; None
        when there is no move or it was entered as a move."""
        return self._history[-1].piece if self._history else None

    @property
    def move_pieces(self) -> tuple[str | None, ...]:
        """For each move in play, oldest first, the piece whose placement made it (None: the
        move was entered): which move a card lying on the table made."""
        return tuple(entry.piece for entry in self._history)

    @property
    def next_redo_piece(self) -> str | None:
        """The piece whose placement made the move a redo would play again, or None."""
        return self._redo[-1].piece if self._redo else None

    def snapshot(self) -> dict:
        """Everything the dashboard shows, as JSON (companion.snapshot)."""
        undo = self._history[-1] if self._history else None
        return snapshot(
            self,
            undo_text=move_text(self.game, undo.state_before, undo.move) if undo else None,
            redo_text=move_text(self.game, self.state, self._redo[-1].move) if self._redo else None,
        )

    # -- replay ---------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        records: Iterable[Mapping[str, Any]],
        sink: RecordSink | None = None,
        game: Game | None = None,
        *,
        tolerant: bool = False,
    ) -> "Session":
        """Rebuild a session from its log. The first record must be the set-up.

        With `tolerant`, a later record that cannot be replayed (a malformed move stored by an
        older version, say) is set aside instead of failing the whole game: it keeps its
        number, is listed in `set_aside`, and the log shows it refused with the reason."""
        iterator = iter(records)
        first = next(iterator, None)
        game_name, setup = check_setup_record(first)
        clock = RecordClock(first)  # a replayed record keeps the time it was written
        session = cls(game or game_name, Setup.from_dict(setup or {}), clock=clock)
        for record in iterator:
            clock.stamp = stamp_of(record)
            if not tolerant:
                session.feed(record)
                continue
            count = len(session.records)
            try:
                session.feed(record)
            except (CompanionError, RecursionError) as exc:
                del session.records[count:]
                session._set_aside(record, exc)
        clock.stamp = None  # from here on, the wall clock
        session._sink = sink
        return session

    def _set_aside(self, record: Any, exc: Exception) -> None:
        """Keep a record that cannot be replayed out of the game, under its own number."""
        seq = self._record({"type": "set_aside", "reason": str(exc)})
        self.set_aside.append({"seq": seq, "reason": str(exc), "record": record})
        violation = Violation(
            "record_set_aside",
            Text(
                f"Log entry {seq} could not be replayed and was set aside: {exc}",
                f"第 {seq} 筆紀錄無法重播，已被擱置：{exc}",
            ),
        )
        self.verdicts.append(
            Verdict(
                seq,
                False,
                "record",
                violations=(violation,),
                state_id=self.state_id,
                source="replay",
            )
        )

    def feed(self, record: Mapping[str, Any]) -> list[Verdict]:
        """Apply one log record (as written by this class or by hand in a transcript).

        Every field is checked first (`companion.validation`); a record that fails raises
        InvalidFieldError naming the field and leaves the session unchanged."""
        kind = check_log_record(record)
        if kind == "move":
            source = record.get("source", "replay")
            return [self.play(Move.from_dict(record["move"]), source=source)]
        if kind == "event":
            return self.observe(event_from_dict(record["event"]))
        return [self.undo()]

    # -- internals ------------------------------------------------------------------------
    def _require_current(self, state_id: int | None) -> None:
        if state_id is not None and state_id != self.state_id:
            raise StaleStateError(state_id, self.state_id)

    def _record(self, body: dict) -> int:
        record = {"seq": len(self.records), "ts": round(self._clock(), 3), **body}
        if self._sink is not None:
            # Stored first: a write that fails raises before the session changes at all, and
            # the store's own numbering (from the database) is the one kept.
            stored_seq = self._sink(record)
            if isinstance(stored_seq, int):
                record["seq"] = stored_seq
        self.records.append(record)
        return record["seq"]

    def _judge(
        self, seq: int, kind: str, move: Move, source: str, alert_key: str | None = None
    ) -> Verdict:
        violations = self.game.check(self.state, move)
        text = move_words(self.game, self.state, move)
        if violations:
            verdict = Verdict(
                seq, False, kind, move, violations, state_id=self.state_id, source=source, text=text
            )
            if alert_key is not None:
                self.alerts[alert_key] = violations
        else:
            piece = alert_key
            if self._redo and self._redo[-1].move.to_dict() == move.to_dict():
                redone = self._redo.pop()  # the undone move played again: a redo
                piece = piece or redone.piece
            else:
                self._redo.clear()  # the game took another way: nothing left to redo
            self._history.append(_HistoryEntry(move, self.state, seq, piece))
            self.state = self.game.apply(self.state, move)
            self.state_id += 1
            verdict = Verdict(
                seq, True, kind, move, state_id=self.state_id, source=source, text=text
            )
        self.verdicts.append(verdict)
        if verdict.accepted:
            self._retry_refused_pieces(seq)
        return verdict

    def _retry_refused_pieces(self, seq: int) -> None:
        """Look again at pieces still lying where the rules refused them.

        A card laid a moment too early (before the previous player confirmed "done sharing",
        say) stays on the table with its alert; once the game has moved on it may be legal,
        and the players should not have to lift it and put it down again. Only a move that
        is now fully legal is taken; anything else keeps its alert, re-worded for the game
        as it now stands.
        """
        for payload in list(self.alerts):
            pieces = [p for p in self.table.values() if p.payload == payload]
            if len(pieces) != 1:
                continue
            piece = pieces[0]
            again = CardAdded(
                piece.track_id,
                piece.payload,
                piece.where,
                piece.kind,
                piece.face_down,
                source="camera",
                value=piece.value,
            )
            others = {tid: p for tid, p in self.table.items() if tid != piece.track_id}
            meaning = self.game.meaning_of(self.state, again, others)
            if meaning.violations:
                self.alerts[payload] = meaning.violations
                continue
            if meaning.move is None:
                continue
            still_wrong = self.game.check(self.state, meaning.move)
            if still_wrong:
                self.alerts[payload] = still_wrong
                continue
            self.alerts.pop(payload, None)
            self._judge(seq, "event", meaning.move, "camera", alert_key=payload)
            return  # that acceptance retried the rest

    def _observe_piece(self, seq: int, event: PieceEvent) -> list[Verdict]:
        before = dict(self.table)
        if isinstance(event, (CardAdded, CardMoved)):
            self.table[event.track_id] = PieceOnTable(
                event.track_id, event.payload, event.kind, event.where, event.face_down, event.value
            )
        elif isinstance(event, CardRemoved):
            self.table.pop(event.track_id, None)
        self.alerts.pop(event.payload, None)
        meaning = self.game.meaning_of(self.state, event, before)
        if meaning.violations:
            self.alerts[event.payload] = meaning.violations
            verdict = Verdict(
                seq,
                False,
                "event",
                meaning.move,
                meaning.violations,
                meaning.note,
                self.state_id,
                event.source,
            )
            self.verdicts.append(verdict)
            return [verdict]
        if meaning.move is not None:
            return [self._judge(seq, "event", meaning.move, event.source, alert_key=event.payload)]
        if meaning.note is not None:
            verdict = Verdict(
                seq, True, "event", None, (), meaning.note, self.state_id, event.source
            )
            self.verdicts.append(verdict)
            return [verdict]
        return []

    def _undo_note(self, entry) -> Text:
        """ "Undid log entry 7: Amy hangs 12…", the move in the game's words (never its key)."""
        try:
            said = self.game.describe_move(
                entry.state_before, self.game.public_move(entry.state_before, entry.move)
            )
        except Exception:  # noqa: BLE001 - the undo stands even if the words fail
            said = None
        # the line's number as the log shows it (a record number skips the camera's records)
        line = next(
            (i + 1 for i, v in enumerate(self.verdicts) if v.seq == entry.seq and v.accepted),
            entry.seq,
        )
        if said is None:
            return Text(f"Undid log entry {line}.", f"已復原第 {line} 筆紀錄。")
        return Text(f"Undid log entry {line}: {said.en}", f"已復原第 {line} 筆紀錄：{said.zh}")

    def _undo(self, seq: int) -> Verdict:
        entry = self._history.pop()
        self._redo.append(entry)
        self.state = entry.state_before
        self.state_id += 1
        note = self._undo_note(entry)
        verdict = Verdict(seq, True, "undo", entry.move, state_id=self.state_id, note=note)
        self.verdicts.append(verdict)
        return verdict
