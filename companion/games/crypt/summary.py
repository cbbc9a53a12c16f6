"""What can be played now, as a teacher says it: Crypt's hints with the cards to beat said in
one sentence instead of one line each. Reads only the hints (`teach.hints`), so it stays the
same whatever the turn flow becomes."""

from __future__ import annotations

from ...model import Text
from . import teach
from .words import WORDS


def summary(game, state) -> tuple[Text, ...]:
    hints = teach.hints(game, state)
    beats = [h for h in hints if "beat" in h.data and "card" in h.data]
    lines = [h.text for h in hints if h not in beats]
    if len(beats) == 1:
        lines.append(beats[0].text)
    elif beats:
        each = [
            WORDS("summary.beat_one", place=h.data["card"] + 1, beat=h.data["beat"]) for h in beats
        ]
        lines.append(WORDS("summary.beat", cards=WORDS.listed("list.numbers", each)))
    return tuple(dict.fromkeys(lines))
