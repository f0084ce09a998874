"""Fixtures for the web tests: an in-process API client with real search workers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    """One app per test process (xdist worker), with one search worker of its own."""
    with TestClient(create_app(Settings(workers=1, seconds=20.0))) as test_client:
        yield test_client
