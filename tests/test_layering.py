"""Dependencies point inward: the rules core (`companion/`) imports neither OpenCV, Flask,
paho nor the outer packages, anywhere, not even lazily inside a function.

The command line, which puts all the layers together, lives outside the core in
`companion_cli/` (the composition root); it may import everything. The one file of
`companion/` that names it is `__main__.py`, the program behind `python -m companion`, which
nothing imports.
"""

import ast
import subprocess
import sys
from pathlib import Path

OUTER = ("vision", "calibration", "web", "cafe", "companion_cli")
THIRD_PARTY = ("cv2", "flask", "paho", "waitress")
FORBIDDEN = OUTER + THIRD_PARTY
ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
PROGRAM_ENTRY = COMPANION / "__main__.py"  # run as `python -m companion`, never imported


def imported_names(path: Path) -> list[tuple[int, str]]:
    """Every absolute import in a file, wherever it is (module level or inside a function)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def test_the_core_imports_no_outer_package_anywhere():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in sorted(COMPANION.rglob("*.py"))
        if path != PROGRAM_ENTRY
        for line, name in imported_names(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_every_core_module_loads_no_camera_or_web_code():
    program = (
        "import sys, pkgutil, importlib, companion\n"
        "for info in pkgutil.walk_packages(companion.__path__, 'companion.'):\n"
        "    if info.name != 'companion.__main__':\n"
        "        importlib.import_module(info.name)\n"
        "from companion.games import all_games\n"
        "all_games()\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == ""


def test_the_rules_commands_load_no_camera_or_web_code():
    """`companion games` / `score` / `replay` stay light: the CLI imports layers lazily."""
    program = (
        "import sys, companion_cli, companion_cli.rules_cmds\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {THIRD_PARTY + OUTER[:-1]!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == ""


def test_python_m_companion_hands_over_to_the_composition_root():
    assert imported_names(PROGRAM_ENTRY) == [(7, "companion_cli")]


def test_the_checker_sees_a_lazy_import(tmp_path):
    source = tmp_path / "lazy.py"
    source.write_text(
        "import json\n\ndef f():\n    from vision.images import read_image\n"
        "    import importlib; importlib.import_module('web.app')\n"
    )
    assert [name for _, name in imported_names(source)] == [
        "json",
        "vision.images",
        "importlib",
        "web.app",
    ]
