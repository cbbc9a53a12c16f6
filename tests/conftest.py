from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture
def root() -> Path:
    return ROOT


# Larger property-based runs: `pytest --hypothesis-profile=fuzz tests/...` (the default run
# keeps each property test to a few seconds).
hypothesis_settings.register_profile("fuzz", max_examples=2000, deadline=None)
