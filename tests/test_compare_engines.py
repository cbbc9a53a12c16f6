"""scripts/compare_engines.py, the side-by-side replay a refactor of a game is checked with:
it finds a game the same as itself, and it finds one changed sentence."""

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "compare_engines.py"


def test_a_game_is_the_same_as_itself_at_head():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "HEAD", "musee", "--games", "2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "musee: same as at HEAD: 2 games" in done.stdout
    assert "moves compared" in done.stdout


def test_a_changed_sentence_is_a_difference():
    spec = importlib.util.spec_from_file_location("compare_engines", SCRIPT)
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    pair = compare.Pair(compare.load_old_companion("HEAD"), "musee")
    words = sys.modules["companion.games.musee.words"].WORDS
    en, zh = words["space_occupied"]
    words._table["space_occupied"] = (en, zh.rstrip("。"))  # one full stop dropped
    try:
        differences = []
        rng = random.Random(3)
        for _ in range(30):
            try:
                pair.play(rng, 200)
            except compare.Difference as diff:
                differences.append(str(diff))
                break
    finally:
        words._table["space_occupied"] = (en, zh)
    assert differences and "space_occupied" in differences[0]


def test_a_changed_field_range_is_a_difference_in_what_validation_reads():
    # A move is compared as the session reads it: first what validation makes of it, and
    # only a move validation lets through goes on to `check`.
    spec = importlib.util.spec_from_file_location("compare_engines", SCRIPT)
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    pair = compare.Pair(compare.load_old_companion("HEAD"), "musee")
    fields = sys.modules["companion.games.musee.moves"].PLACE.fields
    gallery = fields["gallery"]
    fields["gallery"] = type(gallery)(0, 1)  # the upper gallery forgotten
    try:
        differences = []
        rng = random.Random(3)
        for _ in range(30):
            try:
                pair.play(rng, 200)
            except compare.Difference as diff:
                differences.append(str(diff))
                break
    finally:
        fields["gallery"] = gallery
    assert differences and "validate_move" in differences[0]
    assert "field 'gallery'" in differences[0]
