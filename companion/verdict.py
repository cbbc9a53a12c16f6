"""What the engine made of one input (a move, a table event, an undo): a `Verdict`."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Move, Text, Violation


@dataclass(frozen=True)
class Verdict:
    """What the engine made of one input."""

    seq: int
    accepted: bool
    kind: str  # "move", "event", "undo"
    move: Move | None = None
    violations: tuple[Violation, ...] = ()
    note: Text | None = None
    state_id: int = 0
    source: str = "manual"
    text: Text | None = None  # the move in words, as everybody at the table may see it

    def to_dict(self) -> dict:
        return {
            "seq": self.seq,
            "accepted": self.accepted,
            "kind": self.kind,
            "move": self.move.to_dict() if self.move else None,
            "text": self.text.to_dict() if self.text else None,
            "violations": [v.to_dict() for v in self.violations],
            "note": self.note.to_dict() if self.note else None,
            "state_id": self.state_id,
            "source": self.source,
        }
