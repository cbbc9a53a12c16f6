"""One small exception hierarchy for bugs and bad input.

A rule break is never an exception: `Game.check` returns violations. Exceptions are for
input that cannot be understood at all (an unknown card, a malformed record, a stale
command). Every class derives from `ValueError` so callers can catch them together.
"""


class CompanionError(ValueError):
    """Base of every error the companion raises on bad input.

    `text`, when given, is the message in both languages (a `Text` from the game's words);
    `str()` of the error is then its English sentence, as scripts and logs read it."""

    def __init__(self, *args, text=None):
        super().__init__(*(args or ((text.en,) if text is not None else ())))
        self.text = text


class UnknownGameError(CompanionError):
    pass


class PlayerCountError(CompanionError):
    pass


class UnknownCardError(CompanionError):
    pass


class DataFileError(CompanionError):
    """A data file (card catalogue, scoring table, layout) failed validation."""


class MalformedRecordError(CompanionError):
    """A game record or event log could not be parsed."""


class StaleStateError(CompanionError):
    """A command carried a state id that is no longer current."""

    def __init__(self, expected: int, current: int):
        super().__init__(f"stale state id {expected}: the game is now at state {current}")
        self.expected = expected
        self.current = current


class IllegalMoveError(CompanionError):
    """`apply` was asked to apply a move that `check` rejects (a caller bug)."""

    def __init__(self, violations):
        self.violations = tuple(violations)
        super().__init__("; ".join(v.message.en for v in self.violations) or "illegal move")


class NothingToUndoError(CompanionError):
    pass


class NothingToRedoError(CompanionError):
    pass


class StoreUnavailableError(CompanionError):
    """The game database is busy or cannot be written right now; nothing was recorded.

    Not the caller's fault: the dashboard answers 503 and the same command may be retried."""
