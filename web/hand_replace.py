"""Replacing a misread card laid before the last move, with no camera (walk-through: the
dashboard told the host to undo back to it). On a real table the host swaps the card; here
the game is re-judged from the log with the corrected card, as a camera correction is: the
moves back to the misread card are undone (a card put down by hand for one is lifted with
it), the right card is laid, and every later move is made again, in order, each logged with
its words. It is rehearsed on a copy first: if the corrected card makes a later move break a
rule, the replacement is refused in one sentence and nothing is logged or laid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.events import CardAdded, PieceOnTable, Where
from companion.model import Move, Text, Violation
from companion.session import Session, Verdict

from .errors import RuleBreak

HandTable = Any  # web.hand.HandTable (which imports this module)


@dataclass(frozen=True)
class _Later:
    """A move made after the misread card: by a piece put down by hand (laid again where it
    lay) or entered (played again)."""

    move: Move
    piece: PieceOnTable | None


def placed_before_last(session: Session, where: Where) -> PieceOnTable | None:
    """The card in this space if its placement made a move before the last one."""
    pieces = [p for p in session.table.values() if p.where == where]
    earlier = session.move_pieces[:-1]
    return next((p for p in pieces if p.payload in earlier), None)


def replace(
    hand: HandTable, scratch: HandTable, old: PieceOnTable, event: CardAdded, now: float
) -> list[Verdict]:
    """Swap `old` for the card of `event`, the game re-judged, rehearsed first on `scratch`
    (a hand table on a replayed copy of the session); a RuleBreak (nothing logged) if the
    rules do not allow it."""
    session = hand.session
    _, refused = _swap(scratch, old, event, now)
    if refused is not None:
        raise RuleBreak([_refusal(session, old, event, refused)], logged=False)
    verdicts, refused = _swap(hand, old, event, now)
    if refused is not None:  # the rehearsal said yes: the same log says the same
        raise RuleBreak([_refusal(session, old, event, refused)])
    return verdicts


def _swap(
    hand: HandTable, old: PieceOnTable, event: CardAdded, now: float
) -> tuple[list[Verdict], tuple[Verdict, _Later | None] | None]:
    session = hand.session
    later: list[_Later] = []
    verdicts: list[Verdict] = []
    while session.last_move_piece != old.payload:
        payload = session.last_move_piece
        lying = [p for p in session.table.values() if payload and p.payload == payload]
        verdicts.extend(hand.undo(None)[1])
        later.append(_Later(session.redo_moves[-1], lying[0] if lying else None))
    verdicts.extend(hand.undo(None)[1])  # the misread card's move, the card lifted with it
    made = session.observe(event)
    verdicts.extend(made)
    if not _made_a_move(made):
        return verdicts, (next((v for v in made if not v.accepted), made[-1]), None)
    for step in reversed(later):
        if step.piece is None:
            made = [session.play(step.move)]
        else:
            p = step.piece
            again = CardAdded(
                f"manual-{p.payload}-{len(session.records)}",
                p.payload,
                p.where,
                kind=p.kind,
                face_down=p.face_down,
                value=p.value,
                t=now,
                source="manual",
            )
            made = session.observe(again)
        verdicts.extend(made)
        if not _made_a_move(made):
            return verdicts, (next((v for v in made if not v.accepted), made[-1]), step)
    return verdicts, None


def _made_a_move(verdicts: list[Verdict]) -> bool:
    return all(v.accepted for v in verdicts) and any(v.move is not None for v in verdicts)


def _refusal(
    session: Session, old: PieceOnTable, event: CardAdded, refused: tuple[Verdict, _Later | None]
) -> Verdict:
    verdict, step = refused
    catalogue = session.game.catalogue
    new, was = catalogue.piece(event.payload).name, catalogue.piece(old.payload).name
    reason = verdict.violations[0].message if verdict.violations else Text("", "")
    if step is None:
        code = "replacement_refused"
        text = Text(
            f"{new.en} cannot lie where {was.en} lies: {reason.en}",
            f"「{new.zh}」不能放在「{was.zh}」的位置：{reason.zh}",
        )
    else:
        code = "replacement_breaks_later_move"
        if step.piece is not None:
            later = catalogue.piece(step.piece.payload).name
        else:
            later = verdict.text or Text(step.move.kind, step.move.kind)
        text = Text(
            f"{new.en} cannot replace {was.en}: {later.en}, laid after it, would then break a "
            f"rule. {reason.en}",
            f"「{new.zh}」不能換掉「{was.zh}」：之後放的「{later.zh}」就會違反規則。{reason.zh}",
        )
    violation = Violation(code, text, (old.payload, event.payload), old.where.region)
    return Verdict(verdict.seq, False, "event", None, (violation,), state_id=session.state_id)
