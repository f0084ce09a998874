"""Running a command as a grader's job user: not root (Jobe's jobeNN, Autolab's autograde), where the tests run as
root; so that a candidate run unsandboxed shares the user of the checker and of the grader's script."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

NOBODY = 65534


def as_job_user() -> list[str]:
    """The prefix that runs a command as a user that is not root: none where the tests are not root already."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: no job user to run the grader as")
    return [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]  # its path: the job's PATH is bare


def give(paths: Iterable[Path]) -> None:
    """Make ``paths`` the job user's (where the tests run as root)."""
    for path in paths if os.geteuid() == 0 else ():
        shutil.chown(path, NOBODY, NOBODY)


def job_python(prefix: list[str], pythons: Iterable[str], environ: dict[str, str], check: str = "pass") -> str:
    """The first of ``pythons`` (their real paths) the job user can run ``check`` with, from a Python it started
    (the checker starts its candidates by the interpreter's real path too); the test is skipped where none can."""
    for python in dict.fromkeys(os.path.realpath(python) for python in pythons if os.path.exists(python)):
        again = f"import os; os.execv({python!r}, [{python!r}, '-c', {check!r}])"
        done = subprocess.run([*prefix, python, "-c", again], capture_output=True, env=environ, timeout=60)
        if done.returncode == 0:
            return python
    pytest.skip("the job's user can run no Python here (they may all be under root's home)")
