"""A session as the dashboard shows it, in JSON: the state, the scores, the table, the log
(moves in words, hidden cards kept hidden) and what an undo or a redo would do."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .model import Move, Text
from .rules_pages import rule_links
from .verdict import Verdict

if TYPE_CHECKING:
    from .games import Game
    from .session import Session

log = logging.getLogger("companion.session")


def snapshot(session: Session, undo_text: dict | None, redo_text: dict | None) -> dict:
    """Everything the dashboard shows, as JSON; `undo_text` and `redo_text` say what an undo
    and a redo would take back or play again, in words (a page asks first)."""
    game, state = session.game, session.state
    outcome = game.outcome(state)
    return {
        "game": game.info.to_dict(),
        "setup": session.setup.to_dict(),
        "state_id": session.state_id,
        "current_players": list(game.current_players(state)),
        "over": game.is_over(state),
        "state": game.describe(state),
        "scores": [s.to_dict() for s in game.score(state)],
        "outcome": outcome.to_dict() if outcome else None,
        "hints": [h.to_dict() for h in game.hints(state)],
        # the hints as a teacher says them; the page folds the full list away under them
        "hint_summary": [t.to_dict() for t in game.hint_summary(state)],
        "alerts": [v.to_dict() for vs in session.alerts.values() for v in vs],
        "table": [
            {
                "track_id": p.track_id,
                "payload": p.payload,
                "kind": p.kind,
                "face_down": p.face_down,
                "value": p.value,
                "where": p.where.to_dict(),
            }
            for p in session.table.values()
        ],
        "log": _numbered_log(game, state, session.verdicts),
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "undo_text": undo_text,
        "redo_text": redo_text,
        "notes": [n.to_dict() for n in game.rules_notes()],
        # refusal code -> its rule's anchor on /rules/<game> (the "the rule" link)
        "rule_links": dict(rule_links(game.info.slug)),
    }


def _numbered_log(game: Game, state: Any, verdicts: list[Verdict], shown: int = 200) -> list[dict]:
    """The last `shown` lines of the log, each with its `number` in the whole log (1, 2, 3…):
    a record number (`seq`) skips the camera's records that made no move."""
    first = max(0, len(verdicts) - shown)
    return [
        dict(public_verdict(game, state, v), number=first + i + 1)
        for i, v in enumerate(verdicts[first:])
    ]


def public_verdict(game: Game, state: Any, verdict: Verdict) -> dict:
    data = verdict.to_dict()
    if verdict.move is not None:
        data["move"] = game.public_move(state, verdict.move).to_dict()
    return data


def move_words(game: Game, state: Any, move: Move) -> Text | None:
    """How the log shows a move: in words, hidden cards kept hidden. Never fails a move."""
    try:
        return game.describe_move(state, game.public_move(state, move))
    except Exception:  # stored already: a wording bug must not lose the move
        log.warning(
            "the %s game could not put move %r into words",
            game.info.slug,
            move.kind,
            exc_info=True,
        )
        return None


def move_text(game: Game, state: Any, move: Move) -> dict | None:
    words = move_words(game, state, move)
    return words.to_dict() if words is not None else None
