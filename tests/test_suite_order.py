"""The run hands out its longest tests first (tests/suite_order.py), read from this run's own collected order."""

from __future__ import annotations

from itertools import groupby

import pytest

from repo_paths import TESTS
from suite_order import LONGEST_FIRST


def test_the_files_named_longest_come_first_in_their_order_then_slow_or_integration_files_then_the_rest(
    request: pytest.FixtureRequest,
) -> None:
    items = request.session.items
    files = [path for path, _ in groupby(item.path for item in items)]
    # Each file's tests stay together: a module's fixtures are made once, not again after another file's tests.
    assert len(files) == len({*files}), "a file's tests were split"
    named = [TESTS / name for name in LONGEST_FIRST]
    collected = [path for path in named if path in files]
    assert files[: len(collected)] == collected
    heavy = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("integration")}
    kinds = [path in heavy for path in files[len(collected) :]]
    assert kinds == sorted(kinds, reverse=True), "a file with slow or integration tests came after one without"


def test_every_file_named_longest_is_a_test_file_of_the_tree() -> None:
    # A file renamed or moved would silently leave its long tests to start last again.
    missing = [
        name for name in LONGEST_FIRST if not (TESTS / name).is_file() or not name.split("/")[-1].startswith("test_")
    ]
    assert missing == [], f"tests/suite_order.py names files that are not test files: {missing}"
