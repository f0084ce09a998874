"""The order the suite's tests are handed to the xdist workers in: the longest first (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

LONGEST_FIRST = (
    "test_build.py",
    "test_other_pythons.py",
    "docs/test_doc_examples.py",
    "check/test_grader_bundles.py",
    "check/nim/test_nim_lab_cli.py",
    "test_wheel.py",
)
"""The files (under tests/) holding the tests of longest wall time, longest first: 20-60 s each on a full run of
four workers on two cores (25 to 130 s alone on a busy machine) for 2 to 16 s of CPU, mostly waiting on a build,
pip, other Pythons, sandboxes or a class's checks. test_build.py starts the run's one build of the checkout, which
test_wheel.py waits on (so that one comes later)."""


def longest_first(tests: Path, items: list[pytest.Item]) -> None:
    """The files of LONGEST_FIRST first, in its order, then the other files that hold slow or integration tests,
    then the rest; each file's tests still together and in their order (a module's fixtures are made once).

    A test of a minute that starts last runs alone at the end while the
    other workers idle; started first, the many short tests fill in around
    it. xdist's loadgroup hands out each group (the browser tests, the whole
    checks) before any of these, the largest first.
    """
    rank = {tests / name: place for place, name in enumerate(LONGEST_FIRST)}
    heavy = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("integration")}
    later = len(LONGEST_FIRST)
    items.sort(key=lambda item: rank.get(item.path, later if item.path in heavy else later + 1))
