"""A game's sentences in both languages, keyed, apart from the logic.

Every refusal, log sentence, name and hint a game speaks is one entry of its `Words` table:
a key and a template per language, side by side, so a missing translation is a failing test
(tests/games/test_words.py) rather than a surprise on a zh-TW page:

    WORDS = Words({
        "space_occupied": ("That space in the {gallery} already holds painting {other}.",
                           "{gallery}的這個位置已經有畫作 {other} 了。"),
    })
    WORDS("space_occupied", gallery=gallery_name, other=12)  # -> Text(en, zh)

Templates use str.format fields. A value that is itself a `Text` (a gallery's name, a
theme) is filled in per language: its English into the English sentence, its Chinese into
the Chinese one. A count picks its noun's form with a spec of two words, one and other:
"{count} {count:card|cards}" says "1 card", "3 cards" (`plural` below).

A Chinese sentence keeps a half-width space between Chinese and Latin letters or digits
("第 1 格", "Amy 出價") but never between two Chinese characters: a placeholder filled with
Chinese words ("放在 {painting} 下面" with 星夜) reads "放在星夜下面" (`tidy_zh`).
"""

from __future__ import annotations

import re
import string
from typing import Any, Iterable, Iterator, Mapping

from ..model import Text, Violation

LANGUAGES = ("en", "zh-TW")


class Words(Mapping[str, tuple[str, str]]):
    """key -> (English template, Traditional Chinese template)."""

    def __init__(self, table: Mapping[str, tuple[str, str]]):
        self._table = dict(table)

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self._table[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def __call__(self, key: str, **values: Any) -> Text:
        en, zh = self._table[key]
        return Text(
            _FORMATTER.format(en, **_in_language(values, "en")),
            tidy_zh(_FORMATTER.format(zh, **_in_language(values, "zh"))),
        )

    def refusal(
        self,
        code: str,
        key: str | None = None,
        cards: tuple[str, ...] = (),
        region: str | None = None,
        **values: Any,
    ) -> Violation:
        """A Violation whose machine code is `code` and whose sentence is `key` (default: the
        code itself)."""
        return Violation(code, self(key or code, **values), tuple(cards), region)

    def refuse(
        self, key: str, cards: Iterable[str] = (), region: str | None = None, **values: Any
    ) -> Violation:
        """A refusal whose machine code is its key up to the first dot: "not_now.pick" is
        refused with code "not_now" and its own sentence."""
        return self.refusal(key.split(".")[0], key, tuple(cards), region, **values)

    def listed(self, key: str, items: Iterable[Any]) -> Text:
        """Items joined as each language lists them: `key` is the separator in each language
        (", " / "、"); a Text item gives each language its own words."""
        en, zh = self._table[key]
        items = list(items)
        return Text(
            en.join(str(i.en if isinstance(i, Text) else i) for i in items),
            tidy_zh(zh.join(str(i.zh if isinstance(i, Text) else i) for i in items)),
        )

    def problems(self) -> list[str]:
        """Entries that are not a pair of non-empty templates whose fields both languages
        fill (one line each; empty when the table is complete)."""
        found = []
        for key, entry in self._table.items():
            if not (isinstance(entry, tuple) and len(entry) == len(LANGUAGES)):
                found.append(f"{key}: needs one sentence per language {LANGUAGES}")
                continue
            for language, template in zip(LANGUAGES, entry):
                if not isinstance(template, str) or not template.strip():
                    found.append(f"{key}: the {language} sentence is missing")
            if all(isinstance(t, str) for t in entry):
                en_fields, zh_fields = (_fields(t) for t in entry)
                if zh_fields - en_fields:
                    found.append(
                        f"{key}: the zh-TW sentence fills {sorted(zh_fields - en_fields)}, "
                        f"which the English one never names"
                    )
        return found


class _Formatter(string.Formatter):
    """str.format plus the plural spec: `{n:card|cards}` is "card" when n is 1."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural(value, *format_spec.split("|", 1))
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def plural(count: Any, one: str, other: str) -> str:
    """The English noun for `count`: `one` for exactly 1, else `other` (0 cards, 2 cards)."""
    try:
        return one if float(count) == 1 else other
    except (TypeError, ValueError):
        return other


# Chinese characters and full-width punctuation: no half-width space belongs between two.
_CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_SPACE_BETWEEN_CJK = re.compile(f"(?<=[{_CJK}]) +(?=[{_CJK}])")


def tidy_zh(text: str) -> str:
    """A Chinese sentence without the half-width spaces a template left between Chinese
    characters or full-width punctuation ("放在 星夜 下面" -> "放在星夜下面"); spaces
    beside Latin letters and digits stay ("第 1 格", "Amy 出價")."""
    return _SPACE_BETWEEN_CJK.sub("", text)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _in_language(values: Mapping[str, Any], language: str) -> dict[str, Any]:
    return {k: (getattr(v, language) if isinstance(v, Text) else v) for k, v in values.items()}


# The words every game shares: the base Game's refusals and the shared turn check's. `game` is
# the game's name (a Text, so each language says it in its own words).
COMMON = Words(
    {
        "player_count": (
            "{game} is played by {counts} players, not {players}",
            "{game}的玩家人數是 {counts} 人，不是 {players} 人",
        ),
        "unknown_move": ("{game} has no move called {kind!r}.", "{game}沒有「{kind}」這個動作。"),
        "unknown_card": (
            "{payload} is not a {game} card or token.",
            "{payload} 不是{game}的卡牌或標記。",
        ),
        "game_over": ("The game is over.", "遊戲已經結束了。"),
        "unknown_player": (
            "There is no player {seat!r} in this game.",
            "這場遊戲沒有玩家 {seat!r}。",
        ),
        "out_of_turn": ("It is not this player's turn.", "現在不是這位玩家的回合。"),
    }
)
