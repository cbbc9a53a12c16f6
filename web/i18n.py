"""The dashboard's one translation catalogue, shared by the server and the page.

Every interface string lives in web/static/catalogue.json as

    "key": {"en": "...", "zh-TW": "..."}

and a count takes plural forms: {"en": {"one": "{n} point", "other": "{n} points"},
"zh-TW": "{n} 分"} (CLDR plural categories, as the page's Intl.PluralRules picks them).
The page gets the whole catalogue inlined in its HTML (web/templates/base.html); the server
uses it for its own pages and for the `text` of every error answer. A test fails on any key
without both languages, on differing placeholders, and on keys the code uses but the
catalogue lacks.
"""

from __future__ import annotations

import json
import re
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

CATALOGUE_FILE = Path(__file__).parent / "static" / "catalogue.json"
LANGS = ("en", "zh-TW")
LANG_COOKIE = "companion_lang"


@lru_cache(maxsize=1)
def catalogue() -> Mapping[str, Mapping[str, Any]]:
    """The catalogue as loaded (read once: it is part of the install)."""
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{CATALOGUE_FILE}: the catalogue must be a JSON object")
    return data


def has(key: str) -> bool:
    return key in catalogue()


def plural_category(lang: str, n: float) -> str:
    """CLDR cardinal category: English has one/other, Chinese only other."""
    if lang == "en" and n == 1:
        return "one"
    return "other"


def format_number(value: Any, lang: str) -> str:
    """Whole numbers get thousands separators (both languages write 1,234); others as is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.1f}"
    return f"{int(value):,}"


def format_date(seconds: float, lang: str) -> str:
    """zh-TW writes dates YYYY/MM/DD; English gets the same unambiguous order with dashes."""
    stamp = time.localtime(seconds)
    return time.strftime("%Y/%m/%d %H:%M" if lang == "zh-TW" else "%Y-%m-%d %H:%M", stamp)


def say(key: str, lang: str = "en", **values: Any) -> str:
    """The catalogue's sentence for `key` in `lang`, with {placeholders} filled in.

    A count named `n` chooses the plural form and is written with separators."""
    if lang not in LANGS:
        lang = "en"
    entry = catalogue().get(key)
    if entry is None:
        raise KeyError(f"no catalogue entry {key!r}")
    text = entry.get(lang) or entry["en"]
    if isinstance(text, dict):
        n = values.get("n", 0)
        text = text.get(plural_category(lang, n)) or text["other"]
    for name, value in values.items():
        shown = format_number(value, lang) if name == "n" else str(value)
        text = text.replace("{" + name + "}", shown)
    return text


DEFAULT_NAME = re.compile(r"\bPlayer (\d+)\b")


def local_names(text: str, lang: str) -> str:
    """A seat given no name is "Player 1"… in the record, which keeps it so; a Chinese page
    (and picture) says 玩家 1… (static/i18n.js localNames does the same on the page)."""
    if lang != "zh-TW":
        return text
    return DEFAULT_NAME.sub(lambda m: say("seat.default", lang, n=int(m.group(1))), text)


def text(key: str, **values: Any) -> dict:
    """Both languages at once, in the shape the page's pick() reads: {"en", "zh-TW"}."""
    return {lang: say(key, lang, **values) for lang in LANGS}


def lang_of_request(request) -> str:
    """The visitor's language: the page's own choice (a cookie), else Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGS:
        return chosen
    best = request.accept_languages.best_match(["en", "zh-TW", "zh-Hant", "zh", "zh-CN"])
    return "zh-TW" if best and best.startswith("zh") else "en"


__all__ = [
    "catalogue",
    "say",
    "local_names",
    "text",
    "has",
    "lang_of_request",
    "format_date",
    "format_number",
    "LANGS",
    "LANG_COOKIE",
    "CATALOGUE_FILE",
]
