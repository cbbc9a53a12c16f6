"""scripts/bootstrap printed setuptools' deprecation warning for the licence ("`project.license`
as a TOML table is deprecated") three times, which reads like a failure to a newcomer: the
licence is an SPDX expression with its file named in `license-files` (issue 23).

The project's metadata is built here as pip builds it (setuptools' PEP 517 hook), from a copy
of pyproject.toml, README.md and LICENSE in a temporary folder (nothing is written into the
repository), with every warning shown."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
BUILD_METADATA = """
import sys
from setuptools import build_meta
print(build_meta.prepare_metadata_for_build_wheel(sys.argv[1]))
"""


def test_the_licence_is_an_spdx_expression_with_its_file():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    for pattern in project["license-files"]:
        assert list(ROOT.glob(pattern)), pattern
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_building_the_metadata_prints_no_warning(tmp_path):
    setuptools = pytest.importorskip("setuptools")
    major = int(setuptools.__version__.split(".")[0])
    if major < 77:  # the test extra asks for 77 or later, as the build system does
        pytest.skip(f"setuptools {setuptools.__version__} predates SPDX licences (77)")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tmp_path / name)
    out = tmp_path / "metadata"
    out.mkdir()
    done = subprocess.run(
        [sys.executable, "-W", "always", "-c", BUILD_METADATA, str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "deprecated" not in done.stderr, done.stderr
    metadata = (out / done.stdout.strip().splitlines()[-1] / "METADATA").read_text()
    assert "License-Expression: MIT" in metadata, metadata
    assert "License-File: LICENSE" in metadata, metadata
