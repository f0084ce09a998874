"""A pytest run in a process of its own over a scratch folder of tests, with only the plugins a test names.

For the tests of the suite's own plugins (tests/skip_summary.py, tests/module_groups.py): the installed plugins
(schemathesis, hypothesis, xdist...) are not their subject, and not loading them saves the sub-run most of its
start-up.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def run_pytest(folder: Path, plugins: list[str], arguments: list[str], **environment: str) -> str:
    """pytest over ``folder`` with ``plugins`` (``-p`` names; the suite's own are importable), its output; it must
    pass."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"]
    for plugin in plugins:
        command += ["-p", plugin]
    result = subprocess.run(
        [*command, *arguments, str(folder)],
        cwd=folder,
        env={**os.environ, **environment, "PYTHONPATH": str(TESTS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
