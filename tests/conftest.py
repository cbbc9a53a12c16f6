import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session", autouse=True)
def _stop_playwright_last():
    """The process's one Playwright (tests/web/webhelpers.py), stopped after every browser."""
    yield
    helpers = sys.modules.get("webhelpers")
    if helpers is not None:
        helpers.stop_playwright()


# Larger property-based runs: `pytest --hypothesis-profile=fuzz tests/...` (the default run
# keeps each property test to a few seconds).
hypothesis_settings.register_profile("fuzz", max_examples=2000, deadline=None)


# The default run is parallel: `addopts` in pyproject.toml says `-n auto --dist loadfile`, and
# "auto" is decided here. Three workers on this project's 2-core machines: most of the time
# goes to Chromium, served pages and Mosquitto, which wait on I/O (README, "Testing", gives the
# figures). A command that names only files or single tests runs them in this one process
# (quicker to start, `-s` and `--pdb` work); `-n 3` (or PYTEST_XDIST_AUTO_NUM_WORKERS)
# overrides, `-n 0` runs everything serially.
WORKERS = 3


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if chosen:
        return int(chosen)
    named = config.args_source == pytest.Config.ArgsSource.ARGS
    if named and all("::" in arg or Path(arg).is_file() for arg in config.args):
        return 0
    return WORKERS
