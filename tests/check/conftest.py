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


def pytest_configure(config: pytest.Config) -> None:
    # Registered here until the suite registers it for every test (a duplicate registration is harmless).
    config.addinivalue_line("markers", "slow: takes more than a few seconds (runs real checks through the CLI)")
