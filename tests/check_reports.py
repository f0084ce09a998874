"""Whole checks of the examples, each made once per test run and shared by every test that reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from shared_results import SharedResults


class Checked:
    """``check_ai``, each file (or command) with each set of options checked once per run: a report is frozen, so
    tests (on every xdist worker) can share it; a test that needs a fresh run (timing, a changed file) calls
    ``check_ai`` itself."""

    def __init__(self, shared: SharedResults) -> None:
        self._shared = shared

    def __call__(self, path: str | Path | None = None, **options: Any) -> CheckReport:
        # The path as given: a report names its file as it was asked for.
        key = repr(("check_ai", None if path is None else str(path), sorted(options.items())))
        return self._shared.get(key, lambda: check_ai(path, **options))
