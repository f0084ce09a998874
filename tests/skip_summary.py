"""The closing line of a test run: how many tests were skipped, for want of which programs, and how to install them.

On a machine without Chromium or bubblewrap the suite still passes, with
the browser's and the sandbox's tests skipped; this line says so, and what
to install, instead of leaving a newcomer to find it in ``-rs``. The
reasons are the tests' own skip messages (tests/browser_support.py, the
sandbox's probe, the LaTeX tests, the compiled core's).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

PROGRAMS: tuple[tuple[str, str, str], ...] = (
    ("no chromium", "chromium", "chromium"),
    ("no bubblewrap", "bwrap", "bubblewrap"),
    ("no latex", "pdflatex", "texlive-latex-extra texlive-pictures"),
    ("compiled core was not built", "a C compiler", "gcc"),
)
"""For each missing program: the words its tests' skip reasons contain (lower case), its name, its Debian packages."""

FILE_VARIABLE = "PERFECTPLAY_SKIP_SUMMARY"
"""Where pytest also writes the line, when set: ``python3 dev.py test`` prints it last, after the linters' output."""


def summary_line(reasons: Iterable[str]) -> str:
    """One line for the skip reasons of a run: the count, the programs missing, the install command."""
    reasons = list(reasons)
    if not reasons:
        return "No test skipped."
    missing: list[tuple[str, str]] = []
    other = 0
    for reason in reasons:
        lowered = reason.lower()
        found = [(name, packages) for words, name, packages in PROGRAMS if words in lowered]
        if not found:
            other += 1
        for program in found:
            if program not in missing:
                missing.append(program)
    count = f"{len(reasons)} test{'s' if len(reasons) != 1 else ''} skipped"
    if not missing:
        return f"{count} (pytest -rs says why); nothing to install."
    named = ", ".join(f"no {name}" for name, _ in missing)
    rest = f", {other} for other reasons (pytest -rs)" if other else ""
    packages = " ".join(packages for _, packages in missing)
    return f"{count}: {named}{rest} — install: sudo apt-get install {packages}"


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's last line, after pytest's own counts (tests/conftest.py imports this hook; ``-p skip_summary``
    loads it anywhere)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or hasattr(config, "workerinput"):
        return  # no terminal, or an xdist worker: the controller, which sees every worker's skips, says it once
    reasons = []
    for report in reporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reasons.append(str(longrepr[2]) if isinstance(longrepr, tuple) else str(longrepr))
    line = summary_line(reasons)
    reporter.write_line(line)
    target = os.environ.get(FILE_VARIABLE)
    if target:
        Path(target).write_text(line + "\n", encoding="utf-8")
