"""Whole checks of the examples, each made once per test run and shared by every test that reads it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.settings import Output
from shared_results import SharedResults


class Checked:
    """``check_ai``, each file (or command) with each set of options checked once per run: a report is frozen, so
    tests (on every xdist worker) can share it; a test that needs a fresh run (timing, a changed file) calls
    ``check_ai`` itself."""

    def __init__(self, shared: SharedResults) -> None:
        self._shared = shared

    def __call__(self, path: Any = None, *settings: Any, **options: Any) -> CheckReport:
        # The path as given: a report names its file as it was asked for. Settings objects are frozen and say
        # what they hold in their repr, but for a progress callback (an address): the key leaves that out.
        shown = [replace(setting, progress=None) if isinstance(setting, Output) else setting for setting in settings]
        named = str(path) if isinstance(path, (str, Path)) else path
        key = repr(("check_ai", named, shown, sorted(options.items())))
        return self._shared.get(key, lambda: check_ai(path, *settings, **options))
