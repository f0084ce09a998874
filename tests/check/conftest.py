"""Fixtures for the checker's tests: the oracle once per test process, the examples, and their reports shared.

A whole check of an example runs the candidate in every one of its 4,520
positions (tens of seconds on a busy machine); several tests read the same
report, so ``checked`` keeps each one for the test process. The modules that
share reports are marked ``xdist_group("example_reports")``: ``dev.py test``
runs pytest with ``--dist loadgroup``, so they share one worker and each
report is made once per run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from check_reports import Checked
from perfectplay.check.judge.oracle import Oracle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def oracle() -> Oracle:
    return Oracle()


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(scope="session")
def checked() -> Checked:
    return Checked()
