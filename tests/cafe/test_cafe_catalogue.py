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
