"""A game reads like its rulebook only while its parts stay small: no module of the rules core's
games over about 400 lines, no function over about 60 (issue 18's limits, see
companion/games/README.md).

Run as a script to see the longest module and function of each game:
    .venv/bin/python tests/games/test_package_sizes.py
"""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
MODULES = sorted(GAMES.rglob("*.py"))


def functions(path: Path):
    """(qualified name, lines) of every function in a module, decorators and docstring
    included, nested ones counted within their parent and on their own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                yield f"{prefix}{child.name}", child.end_lineno - first + 1
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")

    return list(walk(tree, ""))


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_scan_reads_every_game():
    packages = {p.parent.name for p in MODULES if p.parent != GAMES}
    assert {"musee", "crypt", "cardcassonne", "masterpiece", "mythe"} <= packages
    assert sum(len(functions(p)) for p in MODULES) > 300


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_no_module_is_longer_than_400_lines(path):
    assert lines(path) <= MAX_MODULE_LINES, f"{path.name}: split it as the rulebook is split"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_no_function_is_longer_than_60_lines(path):
    long = [(name, n) for name, n in functions(path) if n > MAX_FUNCTION_LINES]
    assert long == [], f"{path.name}: split into named helpers"


def report() -> str:
    rows = [
        "| game | modules | lines | longest module | longest function |",
        "| --- | ---: | ---: | --- | --- |",
    ]
    groups: dict[str, list[Path]] = {}
    for path in MODULES:
        groups.setdefault(path.parent.name if path.parent != GAMES else "(shared)", []).append(path)
    for game, paths in groups.items():
        longest = max(paths, key=lines)
        name, n = max(
            ((f"{p.stem}.{f}", n) for p in paths for f, n in functions(p)),
            key=lambda fn: fn[1],
            default=("-", 0),
        )
        rows.append(
            f"| {game} | {len(paths)} | {sum(map(lines, paths)):,} | "
            f"{longest.name} {lines(longest)} | {name} {n} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(report())
