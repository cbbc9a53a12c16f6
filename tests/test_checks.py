"""The checks CI runs before the tests: scripts/check fails on a lint, format or type finding,
and CI runs exactly the README's test command, which runs it."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"```sh\n(scripts/bootstrap --test [^\n]*)\n```", text).group(1)


def test_ci_runs_the_readme_command_and_it_checks_before_testing():
    command = readme_test_command()
    assert command.index("scripts/check") < command.index("pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == command


def run_check_on(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    """scripts/check in a small project of its own: one module, the real ruff and mypy."""
    (tmp_path / "scripts").mkdir()
    check = tmp_path / "scripts" / "check"
    check.write_text((ROOT / "scripts" / "check").read_text(encoding="utf-8"))
    check.chmod(0o755)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ruff]\nline-length = 100\n[tool.ruff.lint]\nselect = ["E", "F", "B", "BLE"]\n'
        '[tool.mypy]\nfiles = ["pkg"]\n',
        encoding="utf-8",
    )
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(source, encoding="utf-8")
    env = {**os.environ, "MYPY_CACHE_DIR": str(tmp_path / "mypy-cache")}
    return subprocess.run(
        [str(check)], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120
    )


CLEAN = "def double(n: int) -> int:\n    return n * 2\n"


def test_check_passes_clean_code(tmp_path):
    result = run_check_on(tmp_path, CLEAN)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_fails_on_a_lint_finding(tmp_path):
    result = run_check_on(tmp_path, "import os\n\n\n" + CLEAN)
    assert result.returncode == 1
    assert "F401" in result.stdout


def test_check_fails_on_unformatted_code(tmp_path):
    result = run_check_on(tmp_path, CLEAN.replace("n * 2", "n*2"))
    assert result.returncode == 1
    assert "1 file would be reformatted" in result.stdout


def test_check_fails_on_a_type_error(tmp_path):
    result = run_check_on(tmp_path, CLEAN + '\n\nhalf: int = double("two")\n')
    assert result.returncode == 1
    assert 'incompatible type "str"' in result.stdout
