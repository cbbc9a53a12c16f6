"""What the host does by hand to the table the session knows: undo and redo that lift and lay
back the pieces put down by hand, and corrections (a card added or taken off).

With no camera nothing else says what lies on the table, so a piece put down by hand for a
move goes with that move when it is undone, and comes back when it is redone. Every step is
logged like any other input (a restart replays to the same table). The session says which
piece's placement made a move (`Session.last_move_piece`); nothing here reads a move's
fields to guess it.
"""

from __future__ import annotations

from typing import Callable

from companion.errors import MalformedRecordError
from companion.events import CardAdded, CardRemoved, Where
from companion.model import Text, Violation
from companion.session import Session, Verdict
from companion.validation import InvalidFieldError, check_text

from .errors import RuleBreak
from .hand_replace import placed_before_last, replace


class HandTable:
    def __init__(self, session: Session, clock: Callable[[], float], *, camera: bool):
        self.session = session
        self._clock = clock
        self.camera = camera  # a camera watches: it, not the host, says what is on the table

    def undo(self, state_id: int | None) -> tuple[Verdict, list[Verdict]]:
        """(the undo's verdict, every verdict to report): a piece put there by hand for the
        move just undone goes with it, logged, instead of staying as a ghost."""
        card = self.session.last_move_piece
        verdict = self.session.undo(state_id=state_id)
        verdicts = [verdict]
        if not self.camera and card is not None:
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
        return verdict, verdicts

    def redo(self) -> tuple[Verdict, list[Verdict]]:
        """The move undone last, played again through the engine and the log. A card that
        the undo lifted off the table (no camera) is laid back where it was, which makes
        the same move, as laying it there did the first time."""
        session = self.session
        pending = session.redo_moves
        card = session.next_redo_piece
        on_table = any(p.payload == card for p in session.table.values())
        lifted = self._lifted_by_undo(card) if card is not None else None
        if card is not None and lifted is not None and not self.camera and not on_table:
            verdicts = session.observe(
                CardAdded(
                    f"manual-{card}-{len(session.records)}",
                    card,
                    Where.from_dict(lifted["where"]),
                    kind=lifted["kind"],
                    face_down=lifted.get("face_down", False),
                    value=lifted.get("value"),
                    t=self._clock(),
                    source="manual",
                )
            )
            if len(session.redo_moves) < len(pending):
                made = next(v for v in verdicts if v.kind == "event" and v.move is not None)
                return made, verdicts
            # laid back, it meant something else: the move itself is still played below
        verdict = session.redo()
        return verdict, [verdict]

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
        self, action: str, payload: str, region: str | None, slot: list | None, kind: str
    ) -> list[Verdict]:
        """A manual CardAdded / CardRemoved, logged like any camera event."""
        check_text(payload, "correction, field 'payload'")
        payload = payload.strip().upper()
        now = self._clock()
        if action == "add":
            return self._add(payload, region, slot, kind, now)
        if action == "remove":
            return self._remove(payload, now)
        raise MalformedRecordError(f"action must be 'add' or 'remove', not {action!r}")

    def _add(
        self, payload: str, region: str | None, slot: list | None, kind: str, now: float
    ) -> list[Verdict]:
        session = self.session
        if payload not in session.game.catalogue:
            raise MalformedRecordError(
                f"{payload!r} is not a {session.game.info.slug} card or token"
            )
        if any(p.payload == payload for p in session.table.values()):
            name = session.game.catalogue.piece(payload).name
            raise MalformedRecordError(
                f"{payload} is already on the table; remove it first",
                text=Text(
                    f"{name.en} is already on the table: take it off first, then lay it here.",
                    f"{name.zh} 已經在桌上：請先把它拿走，再放到這裡。",
                ),
            )
        if slot is not None and not isinstance(slot, (list, tuple)):
            raise InvalidFieldError("correction, field 'slot'", "must be a list")
        where = Where(region, tuple(slot) if slot is not None else None)
        event = CardAdded(
            f"manual-{payload}-{len(session.records)}",
            payload,
            where,
            kind=kind,
            t=now,
            source="manual",
        )
        # Every field is judged before anything changes: a bad slot must not clear the
        # card lying in the slot it resembles ([true, 0] is not [1, 0]).
        session.check_event(event)
        if not self.camera:
            misread = placed_before_last(session, where)
            if misread is not None:  # swapped as on a real table, the game re-judged
                copy = Session.replay(session.records, game=session.game, tolerant=True)
                scratch = HandTable(copy, self._clock, camera=False)
                return replace(self, scratch, misread, event, now)
            self._rehearse(event, where, now, correcting=self._occupied(where))
        verdicts = self._clear_slot(where, now)
        verdicts.extend(session.observe(event))
        return verdicts

    def _occupied(self, where: Where) -> bool:
        """A card lies in this space already: the host is correcting, not laying."""
        return where.slot is not None and any(
            p.where.region == where.region and p.where.slot == where.slot
            for p in self.session.table.values()
        )

    def _rehearse(self, event: CardAdded, where: Where, now: float, correcting: bool) -> None:
        """With no camera the host's word is the table: a correction (a card for a space that
        holds one) the rules would refuse is refused whole, in one sentence, before anything is
        logged or laid. (A card laid by hand in an empty space lies with its alert like a card
        the camera sees, until it is taken off: the café's rule alerts come from it.) Otherwise its
        card would lie on the table as a ghost nobody placed, a card taken off a space for it
        would raise "left its space" though it never moved, and their alerts would stay."""
        scratch = HandTable(
            Session.replay(self.session.records, game=self.session.game, tolerant=True),
            self._clock,
            camera=True,  # the scratch copy must not rehearse again
        )
        cleared = scratch._clear_slot(where, now)
        refused = [v for v in cleared if not v.accepted]
        if refused:
            raise RuleBreak([self._too_late(refused[0], where)], logged=False)
        added = scratch.session.observe(event)
        refused = [v for v in added if not v.accepted]
        # a space the rules say is taken (a card laid there from a phone is not on this table)
        taken = any(x.code.endswith("occupied") for v in refused for x in v.violations)
        if refused and (correcting or taken):
            raise RuleBreak(refused, logged=False)

    def _too_late(self, refused: Verdict, where: Where) -> Verdict:
        """The card in the space made a move before the last one: replacing it would move a
        placed card, so the host is told to undo back to it first."""
        payloads = [p.payload for p in self.session.table.values() if p.where == where]
        name = self.session.game.catalogue.piece(payloads[0]).name if payloads else None
        en = name.en if name else "The card there"
        zh = name.zh if name else "那裡的牌"
        violation = Violation(
            "correction_after_later_moves",
            Text(
                f"{en} was laid before the last move, so it cannot be replaced now: placed "
                "cards never move. To correct a misread card, undo back to its move, then "
                "pick the right card.",
                f"{zh} 是在上一步之前放的，現在不能直接換掉：已放好的牌不能移動。"
                "要更正讀錯的牌，請先復原到放它的那一步，再選正確的牌。",
            ),
            tuple(payloads),
            where.region,
        )
        return Verdict(
            refused.seq, False, "event", None, (violation,), state_id=self.session.state_id
        )

    def _remove(self, payload: str, now: float) -> list[Verdict]:
        session = self.session
        matches = [p for p in session.table.values() if p.payload == payload]
        if not matches:
            raise MalformedRecordError(
                f"{payload} is not on the table",
                text=Text(
                    f"{payload} is not on the table, so there is nothing to remove.",
                    f"{payload} 不在桌上，沒有東西可以移除。",
                ),
            )
        piece = matches[0]
        verdicts: list[Verdict] = []
        if session.last_move_piece == payload:
            verdicts.append(session.undo())  # a card that was never there
        event = CardRemoved(piece.track_id, payload, piece.kind, t=now, source="manual")
        verdicts.extend(session.observe(event))
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
            if self.session.last_move_piece == piece.payload:
                verdicts.append(self.session.undo())
            verdicts.extend(
                self.session.observe(
                    CardRemoved(piece.track_id, piece.payload, piece.kind, t=now, source="manual")
                )
            )
        return verdicts
