"""Classroom 50's autograder on a runner whose home cannot hold a file: the student is graded, not zeroed.

Classroom 50 names no student and passes no ``--secret``, so a check that draws what it asks (tic-tac-toe's
sample, Connect Four's positions, Nim's training) made the grader's secret on first use in the runner's
``~/.config``. On a runner whose home is read-only or missing (a self-hosted runner set up unusually), that
failed: the check exited 2 before writing, and a correct AI read "tictactoe.py could not be checked (exit status
2): is it your program?", 0 points (attack 39i). The machine's setup is never the student's zero: the bundle
makes its secret in the run's own folder, as PrairieLearn's, CodeRunner's and Autolab's do.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from cli_helpers import InProcess
from repo_paths import ROOT


def test_a_correct_ai_is_graded_when_the_runners_home_cannot_hold_the_graders_secret(
    tmp_path: Path, in_process: InProcess
) -> None:
    made = in_process("grader", "classroom50", "--out", str(tmp_path / "bundle"), "--sample", "5")
    assert made.returncode == 0, made.stderr
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    shutil.copy(ROOT / "examples" / "correct.py", checkout / "tictactoe.py")
    dropped = ("XDG_CONFIG_HOME", "PYTHONPATH", "PERFECTPLAY", "VIRTUAL_ENV")
    environ = {key: value for key, value in os.environ.items() if key not in dropped}
    # /dev/null is no folder: nothing can be made below it, even by root (a read-only home is the same to the check).
    environ["HOME"] = os.devnull
    ran = subprocess.run(
        [sys.executable, str(tmp_path / "bundle" / "autograder.py")],
        cwd=checkout,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr
    result = json.loads((checkout / "result.json").read_text())
    assert result["score"] == result["max-score"] == 100, (result, ran.stderr[-400:])
    assert "could not be checked" not in (checkout / "release-body.md").read_text()
