"""Whole checks of the examples, each made once per test process and shared by every test that reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport


class Checked:
    """``check_ai``, each file (or command) with each set of options checked once: a report is frozen, so tests
    can share it; a test that needs a fresh run (timing, a changed file) calls ``check_ai`` itself."""

    def __init__(self) -> None:
        self._reports: dict[str, CheckReport] = {}

    def __call__(self, path: str | Path | None = None, **options: Any) -> CheckReport:
        key = repr((None if path is None else str(path), sorted(options.items())))
        if key not in self._reports:
            self._reports[key] = check_ai(path, **options)
        return self._reports[key]
