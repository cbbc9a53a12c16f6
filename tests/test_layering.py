"""Dependencies point inward: the rules core imports neither OpenCV, Flask, paho nor the outer packages."""

import ast
import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("cv2", "flask", "paho", "vision", "calibration", "web", "cafe")
COMPANION = Path(__file__).resolve().parent.parent / "companion"


def test_importing_the_rules_core_loads_no_camera_or_web_code():
    program = (
        "import sys, importlib, pkgutil, companion, companion.games, companion.cli\n"
        "import companion.session, companion.store, companion.record, companion.match\n"
        "import companion.cli.rules_cmds\n"
        "from companion.games import all_games\n"
        "all_games()\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_no_module_level_import_of_outer_packages():
    """CLI commands may import them lazily inside functions; nothing may at module level."""
    offenders = []
    for path in COMPANION.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
