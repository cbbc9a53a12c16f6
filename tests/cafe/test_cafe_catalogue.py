"""The café page's strings: both languages, the same placeholders, every key the page uses."""

import json
import re
from pathlib import Path

CAFE = Path(__file__).resolve().parents[2] / "cafe"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def forms(value):
    return list(value.values()) if isinstance(value, dict) else [value]


def test_every_cafe_string_is_in_both_languages_and_every_used_key_exists():
    catalogue = json.loads((CAFE / "static" / "catalogue.json").read_text(encoding="utf-8"))
    for key, entry in catalogue.items():
        assert set(entry) == {"en", "zh-TW"}, key
        en = {n for f in forms(entry["en"]) for n in PLACEHOLDER.findall(f)}
        zh = {n for f in forms(entry["zh-TW"]) for n in PLACEHOLDER.findall(f)}
        assert en == zh, f"{key}: placeholders differ"
    code = "".join(
        (CAFE / "static" / name).read_text(encoding="utf-8") for name in ("cafe.js", "history.js")
    )
    page = "".join(
        (CAFE / "templates" / name).read_text(encoding="utf-8")
        for name in ("cafe.html", "cafe_history.html")
    )
    used = set(re.findall(r"""\bt\(\s*"([a-z][A-Za-z0-9_.-]*)\"""", code))
    used |= set(re.findall(r'data-i18n="([^"]+)"', page))
    assert used and used <= set(catalogue), f"missing: {sorted(used - set(catalogue))}"


CJK = r"[\u3400-\u9fff]"


def chinese_strings():
    """Every Chinese string of the café: its catalogue, and the `"zh-TW": "…"` texts of its
    Python, scripts (the café page's and the table's) and templates."""
    catalogue = json.loads((CAFE / "static" / "catalogue.json").read_text(encoding="utf-8"))
    for key, entry in catalogue.items():
        for form in forms(entry["zh-TW"]):
            yield f"catalogue {key}", form
    files = [*CAFE.glob("*.py"), *CAFE.glob("*static/*.js"), *CAFE.glob("templates/*.html")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r'"zh-TW"\s*:\s*"((?:[^"\\]|\\.)*)"', text):
            yield path.name, found.group(1)


def test_the_cafes_chinese_uses_full_width_punctuation_and_spaces_latin_words():
    """Chinese text uses （）、，：；, and a space between Chinese and a Latin word or a number
    (as the rules pages do, tests/test_rules_pages.py)."""
    strings = list(chinese_strings())
    assert len(strings) > 80, "the scan finds the café's Chinese"
    for where, text in strings:
        assert not re.search(r"[(),:;]", text), (where, text)
        assert not re.search(f"{CJK}[A-Za-z0-9]|[A-Za-z0-9]{CJK}", text), (where, text)
        assert not re.search(r"[0-9][A-Za-z]|[A-Za-z][0-9]", text), (where, text)


def test_the_cafe_pages_build_no_text_with_ascii_punctuation_of_their_own():
    """What the scripts add around catalogue strings would be ASCII in Chinese too: lists are
    joined and brackets written by the catalogue (cafe.list_sep, cafe.tables_online), and the
    charts' tooltips say "3 局", not "局: 3"."""
    for name in ("cafe.js", "history.js"):
        code = (CAFE / "static" / name).read_text(encoding="utf-8")
        assert not re.search(r"""\.join\(\s*["'],""", code), name
        assert not re.search(r"""["'] \(["']|["']\)["']""", code), name
    history = (CAFE / "static" / "history.js").read_text(encoding="utf-8")
    assert "tooltip" in history, "the charts' tooltips are written by the page"
