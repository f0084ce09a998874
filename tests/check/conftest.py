"""Fixtures for the checker's tests: the oracle once per test process, and paths to the examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.judge.oracle import Oracle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def oracle() -> Oracle:
    return Oracle()


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES
