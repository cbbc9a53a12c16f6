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
